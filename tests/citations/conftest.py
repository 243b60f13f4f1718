"""Quotes to cite: one fully known, and one whose words would break naive escaping."""

import datetime

import pytest
from django.utils import timezone

from tests.factories import OutletFactory, PersonFactory, PrintingFactory, QuoteFactory

ARCHIVED = datetime.datetime(2031, 6, 3, 9, 30, tzinfo=datetime.UTC)
NASTY_TEXT = 'Close it </script><script>alert(1)</script> {now} at 100% & $5 #1 _x_ ~y^ \\z "ok"'


@pytest.fixture(autouse=True)
def site_url(settings):
    settings.SITE_URL = "https://verbatim.test"
    return settings.SITE_URL


def archived(printing, when=ARCHIVED):
    """`printing`'s article as archived at `when` (auto_now_add cannot be set on create)."""
    type(printing.article).objects.filter(pk=printing.article.pk).update(archived_at=when)
    printing.article.refresh_from_db()
    return printing


@pytest.fixture
def quote():
    """A named speaker's quote printed by two outlets, the earlier one cited."""
    person = PersonFactory(name="Iryna Lighthouse", description="Harbour master")
    quote = QuoteFactory(person=person, text="The tide will turn.")
    archived(
        PrintingFactory(
            quote=quote,
            article__outlet=OutletFactory(name="Later Herald"),
            article__title="Council meets again",
            article__published=datetime.date(2031, 6, 5),
        ),
        when=timezone.now(),
    )
    archived(
        PrintingFactory(
            quote=quote,
            article__outlet=OutletFactory(name="Harbour Gazette"),
            article__title="Storm season ends",
            article__url="https://gazette.test/storm",
            article__published=datetime.date(2031, 6, 1),
        )
    )
    return quote


@pytest.fixture
def nasty_quote():
    """A quote whose words and speaker hold every character that needs escaping somewhere."""
    person = PersonFactory(name="Ana {Brace} 50% & Co")
    quote = QuoteFactory(person=person, text=NASTY_TEXT)
    archived(
        PrintingFactory(
            quote=quote,
            article__title="Headline with </script> & {braces}",
            article__outlet=OutletFactory(name="News & Co_"),
        )
    )
    return quote
