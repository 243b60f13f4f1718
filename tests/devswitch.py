"""Loaded by pytest before Django is set up (see `-p` in pyproject): tests run in development
mode, so settings need no production secrets."""

import os

os.environ.setdefault("VERBATIM_DEV", "1")
