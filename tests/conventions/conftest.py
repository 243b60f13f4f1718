"""Fixtures for the research conventions: a public article captured twice at known times,
with a query in its address, and a hidden one."""

import datetime

import pytest

from quotes.models import Quote
from tests.factories import PersonFactory, PrintingFactory
from tests.replay.warcs import make_capture

ORIGINAL = "https://news.test/pier?id=7&view=full"
FIRST = datetime.datetime(2031, 4, 3, 10, 0, tzinfo=datetime.UTC)
SECOND = datetime.datetime(2031, 4, 5, 18, 30, tzinfo=datetime.UTC)


@pytest.fixture(autouse=True)
def site_url(settings):
    settings.SITE_URL = "https://verbatim.test"
    return settings.SITE_URL


@pytest.fixture
def printing():
    """A published quote by a named speaker, printed in an article with an address."""
    person = PersonFactory(name="Iryna Lighthouse", description="Harbour master")
    return PrintingFactory(
        quote__person=person,
        quote__text="The pier will reopen in May.",
        article__url=ORIGINAL,
        article__title="Pier to reopen in May",
        article__author="By Anna Berg and Olek Sand",
        article__published=datetime.date(2031, 4, 3),
        language="en",
        article__language="en",
        article__outlet__name="The Norland Courier",
    )


@pytest.fixture
def article(printing):
    return printing.article


@pytest.fixture
def captures(article):
    """Two captures of the article's page, two days apart, oldest first."""
    return [make_capture(article, captured_at=FIRST), make_capture(article, captured_at=SECOND)]


@pytest.fixture
def hidden_capture():
    """A capture of an article whose only quote waits for review."""
    article = PrintingFactory(
        quote__status=Quote.Status.SUGGESTED, article__url="https://news.test/hidden"
    ).article
    return make_capture(article, captured_at=FIRST)
