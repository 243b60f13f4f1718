"""Fixtures shared by the whole suite."""

from pathlib import Path

import pytest
from django.core.cache import cache

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"


@pytest.fixture
def corpus_dir():
    """The shared reference corpus; tests that need it skip with a message where it is absent."""
    seeds = CORPUS / "seeds"
    if not (seeds / "gold.json").exists():
        pytest.skip(
            f"reference corpus not found at {seeds} (it lives in ../shared beside the repo)"
        )
    return seeds


@pytest.fixture
def no_page_cache(settings):
    """Every request rendered, for tests that count what rendering costs, or that change
    settings or rows behind the app's back (bulk updates, which send no signal) between two
    visits of one URL."""
    settings.PAGE_CACHE_SECONDS = 0


@pytest.fixture(autouse=True)
def fresh_cache():
    """Each test starts with an empty cache, as a new deployment does."""
    cache.clear()
    yield
    cache.clear()
