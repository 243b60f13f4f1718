"""Loaded by pytest before Django is set up (see `-p` in pyproject): tests run in development
mode, so settings need no production secrets."""

import os

os.environ.setdefault("VERBATIM_DEV", "1")
# The page cache on, as in production (one process, so its per-process cache is shared).
os.environ.setdefault("PAGE_CACHE_SECONDS", "300")
