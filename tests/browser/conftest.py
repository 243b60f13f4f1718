"""Fixtures of the browser tests: one headless Chromium for the whole package, browser contexts
closed after each test, and the archives the pages are tried on (the fictional demo, the
shared real corpus), served by pytest-django's live server."""

import os
from pathlib import Path

import pytest
from django.core.management import call_command

from .support import CHROMIUM, WIDTHS

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"


@pytest.fixture(scope="package")
def browser():
    """Debian's Chromium, started once for every test of this package. While Playwright's
    sync API is running, its event loop is the thread's running loop, and Django refuses
    database calls from a thread with a running loop (it takes it for async code). Here the
    loop only ever runs inside Playwright's own calls, between which the test's database calls
    are plain synchronous ones, so that guard is lifted for the package and put back after."""
    if not CHROMIUM.exists():
        pytest.skip(
            f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium; "
            "CI installs it)"
        )
    from playwright.sync_api import sync_playwright

    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True)
            try:
                yield chromium
            finally:
                chromium.close()
    finally:
        if previous is None:
            del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def new_context(browser):
    """new_context(width="desktop"|"phone", **options): a browser context at that width,
    closed when the test ends."""
    contexts = []

    def make(width="desktop", **options):
        context = browser.new_context(viewport=WIDTHS[width], **options)
        # Every page here answers in well under a second: ten seconds is a failure, and
        # Playwright's default of thirty would only make a broken page slow to report.
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def demo(live_server):
    """The fictional demo archive (load_demo: its articles imported and published), and the
    live server's address."""
    call_command("load_demo", verbosity=0)
    return live_server.url


@pytest.fixture
def corpus(demo):
    """The real corpus (../shared/corpus seeds and dev) imported beside the demo and its
    quotes published, as the importer publishes them (through quotes.services.lifecycle);
    skipped where ../shared is absent."""
    folders = [CORPUS / "seeds", CORPUS / "dev"]
    if not all((folder / "manifest.jsonl").exists() for folder in folders):
        pytest.skip(f"the real corpus is not at {CORPUS} (it lives in ../shared beside the repo)")
    call_command("import_articles", *folders, publish=True, verbosity=0)
    return demo


@pytest.fixture
def archive(request):
    """The demo and the real corpus imported together; the demo alone where ../shared is
    absent (the corpus adds articles with no outlet, title or date, and real names). One
    archive, not both in turn: every page visit costs, and CI's browser time is budgeted."""
    try:
        return "corpus", request.getfixturevalue("corpus")
    except pytest.skip.Exception:
        return "demo", request.getfixturevalue("demo")
