"""Fixtures shared by the whole suite."""

import signal
from pathlib import Path

import pytest
from django.core.cache import cache
from django.utils import translation

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
def default_language():
    """Each test starts in the default language, as a new thread does: a request leaves its
    page's language active in the thread that served it, and a test that asks a Ukrainian
    page would otherwise hand /uk/ addresses to the get_absolute_url() of the next."""
    translation.deactivate()
    yield
    translation.deactivate()


# The signals a task worker handles itself for a graceful stop.
WORKER_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT)


@pytest.fixture(autouse=True)
def signal_handlers_kept():
    """Each test leaves the run's signal handlers as it found them. A test that runs the
    task worker's db_worker in this process gets its handlers, which do not end the process;
    a process forked later in the run inherited them, and a pool's terminate() then waited
    for ever for a worker that SIGTERM did not end."""
    saved = {number: signal.getsignal(number) for number in WORKER_SIGNALS}
    yield
    for number, handler in saved.items():
        if handler is not None and signal.getsignal(number) is not handler:
            signal.signal(number, handler)


@pytest.fixture(autouse=True)
def blob_dir(settings, tmp_path_factory):
    """Each test keeps its blobs (WARCs, large raw sources, export files) in a folder of its
    own, as a new deployment's empty storage: nothing is written under var/."""
    folder = tmp_path_factory.mktemp("blobs")
    settings.STORAGES = {
        **settings.STORAGES,
        "archive": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": str(folder)},
        },
    }
    return folder


@pytest.fixture(autouse=True)
def fresh_cache():
    """Each test starts with an empty cache, as a new deployment does."""
    cache.clear()
    yield
    cache.clear()
