"""A missing or malformed setting stops manage.py and gunicorn with one plain sentence saying
what to set, never a traceback."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def manage(*args, **env):
    clean = {k: v for k, v in os.environ.items() if k not in {"VERBATIM_DEV", "SECRET_KEY"}}
    return subprocess.run(  # noqa: S603 - our own manage.py, fixed arguments
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({}, "SECRET_KEY is not set: set it to a long random string"),
        ({"SECRET_KEY": "x" * 50, "RATE_LIMIT_API": "lots"}, "RATE_LIMIT_API='lots' is not a rate"),
        ({"SECRET_KEY": "x" * 50, "VERBATIM_TASKS": "celery"}, "VERBATIM_TASKS must be"),
        (
            {"SECRET_KEY": "x" * 50, "DATABASE_PREPARE_THRESHOLD": "often"},
            "DATABASE_PREPARE_THRESHOLD='often' is not a whole number",
        ),
    ],
)
def test_a_missing_or_bad_setting_is_one_sentence(env, says):
    result = manage("check", **env)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("Verbatim cannot start: ")
    assert says in line
