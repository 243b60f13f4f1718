# Everyday commands. `make serve` and `make test` are all a new machine needs.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
CORPUS ?= ../shared/corpus
# Fictional articles in the gold format, written to test the rules on text they were not made from.
INVENTED ?= tests/corpus/invented-1 tests/corpus/invented-2 tests/corpus/invented-3 tests/corpus/invented-4
# Scored and shown, not yet held to the targets (see tests/corpus/README.md).
REPORTED ?= tests/corpus/invented-5
PG_URL ?= postgres://postgres@127.0.0.1:5432/verbatim

.PHONY: install serve demo test test-postgres lint security format evaluate bench faults clean

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

# Serve the app on the SQLite default with the fictional demo archive loaded.
serve: demo
	VERBATIM_DEV=1 $(BIN)/python manage.py runserver $(HOST):$(PORT)

demo: $(STAMP)
	VERBATIM_DEV=1 $(BIN)/python manage.py migrate --noinput
	VERBATIM_DEV=1 $(BIN)/python manage.py load_demo

# The test suite, on SQLite unless DATABASE_URL names another database.
test: $(STAMP)
	$(BIN)/python -m pytest

test-postgres: $(STAMP)
	DATABASE_URL=$(PG_URL) $(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# bandit on our code, medium severity and up ([tool.bandit] in pyproject.toml), then pip-audit
# of every pinned package against PyPI's vulnerability data (needs the network): a known
# vulnerability fails; packages it could not check are counted and reported, not passed over.
security: $(STAMP)
	$(BIN)/bandit -c pyproject.toml -r . --severity-level medium --quiet
	$(BIN)/pip-audit --disable-pip --no-deps -r constraints.txt --progress-spinner off \
		--format json 2>/dev/null | $(BIN)/python .ci/audit_report.py

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

evaluate: $(STAMP)
	VERBATIM_DEV=1 $(BIN)/python manage.py evaluate_extraction --check $(CORPUS)/seeds $(CORPUS)/dev $(INVENTED)
	VERBATIM_DEV=1 $(BIN)/python manage.py evaluate_extraction $(REPORTED)

# Fault scripts (faults/): DURATION seconds of load on gunicorn, a web worker killed, the
# database cut off and given back, a task worker killed mid-task; loopback only, on a
# throwaway PostgreSQL database (FAULTS_POSTGRES, default postgres://postgres@127.0.0.1:5432).
DURATION ?= 60
faults: $(STAMP)
	$(BIN)/python -m faults.run_all --duration $(DURATION)

clean:
	rm -rf $(VENV) var staticfiles .pytest_cache .ruff_cache
