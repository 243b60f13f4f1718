# Everyday commands. `make serve` and `make test` are all a new machine needs.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
CORPUS ?= ../shared/corpus
# The real articles marked by hand (../shared/corpus): the figures CI holds to the targets.
SHARED ?= $(CORPUS)/seeds $(CORPUS)/dev $(CORPUS)/dev2 $(CORPUS)/dev3 $(CORPUS)/dev4
# Fictional articles in the gold format (tests/corpus/README.md): trained on and reported.
INVENTED ?= $(sort $(wildcard tests/corpus/invented-*))
# Fictional statements with each printing's true source and alterations (lineage, issue 31):
# their own format, which training does not read.
LINEAGE ?= $(sort $(wildcard tests/corpus/lineage-*))
PG_URL ?= postgres://postgres@127.0.0.1:5432/verbatim

.PHONY: browser-deps install serve demo test test-postgres lint security format messages evaluate train bench faults clean

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
	VERBATIM_DEV=1 $(BIN)/python manage.py load_demo --address http://$(HOST):$(PORT)

# The test suite, on SQLite unless DATABASE_URL names another database.
test: $(STAMP)
	$(BIN)/python -m pytest

test-postgres: $(STAMP)
	DATABASE_URL=$(PG_URL) $(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

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

# The interface's translations (docs/translating.md): gather every marked string into
# locale/<language>/LC_MESSAGES/django.po, keeping what is translated, then compile each to the
# django.mo that is committed, so that neither the build nor a deployment needs GNU gettext
# (developers do: apt-get install gettext). Run after changing any marked string.
LANGUAGES ?= uk
NOT_OURS := .venv node_modules tests bench faults demo staticfiles var templates/admin \
	templates/drf_spectacular
messages: $(STAMP)
	VERBATIM_DEV=1 $(BIN)/python manage.py makemessages --no-location \
		$(foreach l,$(LANGUAGES),-l $(l)) $(foreach d,$(NOT_OURS),--ignore='$(d)/*')
	VERBATIM_DEV=1 $(BIN)/python manage.py compilemessages \
		$(foreach l,$(LANGUAGES),-l $(l)) --ignore='.venv/*' --ignore='node_modules/*'

# Quality on every gold set, with the attribution model as stored and with a model trained
# without the set (the honest figure for unseen news, which --check holds to the targets on
# the shared sets); then the fictional sets, reported; then lineage on its fictional sets,
# held to issue 31's targets.
evaluate: $(STAMP)
	VERBATIM_DEV=1 $(BIN)/python manage.py evaluate_extraction --check --leave-one-out \
		$(SHARED) --train-on $(INVENTED)
	VERBATIM_DEV=1 $(BIN)/python manage.py evaluate_extraction --leave-one-out \
		$(INVENTED) --train-on $(SHARED)
	VERBATIM_DEV=1 $(BIN)/python manage.py evaluate_lineage --check $(LINEAGE)

# Fit the attribution model on every gold set and write quotes/extraction/attribution.json
# (CHECK=1: only say whether the stored file is what training gives).
train: $(STAMP)
	VERBATIM_DEV=1 $(BIN)/python manage.py train_attribution $(if $(CHECK),--check) \
		$(SHARED) $(INVENTED) --hold dev dev2 dev3 dev4

# Fault scripts (faults/): DURATION seconds of load on gunicorn, a web worker killed, the
# database cut off and given back, a task worker killed mid-task; loopback only, on a
# throwaway PostgreSQL database (FAULTS_POSTGRES, default postgres://postgres@127.0.0.1:5432).
DURATION ?= 60
faults: $(STAMP)
	$(BIN)/python -m faults.run_all --duration $(DURATION)

# axe-core for the browser tests' accessibility checks (tests/browser), pinned in package.json
# and package-lock.json: installed with npm ci when node_modules lacks it or the lock changed.
browser-deps: node_modules/.package-lock.json

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

# The million-printing benchmark (bench/scale/, docs/performance.md): builds the synthetic
# archive in BENCH_DATABASE_URL with COPY (kept and reused while it matches; REBUILD=1 forces),
# runs each page for DURATION seconds under 32 clients beside a bare view, measures import and
# export, and writes var/bench/report.md and report.json (BENCH_ARGS: more options, see
# `python -m bench.scale --help`). Loopback only. DURATION is 30 here unless given (the 60
# above is the fault scripts' default).
PRINTINGS ?= 1000000
BENCH_DATABASE_URL ?= $(or $(DATABASE_URL),postgres://postgres@127.0.0.1:5432/verbatim_bench)
bench: $(STAMP)
	DATABASE_URL=$(BENCH_DATABASE_URL) PRINTINGS=$(PRINTINGS) REBUILD=$(REBUILD) \
		DURATION=$(if $(filter file,$(origin DURATION)),30,$(DURATION)) \
		$(BIN)/python -m bench.scale $(BENCH_ARGS)

clean:
	rm -rf $(VENV) var staticfiles .pytest_cache .ruff_cache
