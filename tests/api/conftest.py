"""Data shared by the API and download tests: published quotes with every kind of detail,
and the quotes that must never be shown."""

import datetime

import pytest

from quotes.models import Quote
from tests.factories import (
    MembershipFactory,
    OutletFactory,
    PersonAliasFactory,
    PersonFactory,
    PrintingFactory,
    QuoteFactory,
    UnitFactory,
)

MARCH = datetime.date(2031, 3, 5)
JUNE = datetime.date(2031, 6, 1)


@pytest.fixture
def archive():
    """Two published quotes (one printed by two outlets), and a suggested, a rejected and a
    merged one that no list may show."""
    olena = PersonFactory(name="Olena Harbourmaster", slug="olena-harbourmaster")
    PersonAliasFactory(person=olena, name="O. Harbourmaster")
    brigade = UnitFactory(name="3rd Coastal Brigade", slug="3rd-coastal-brigade")
    MembershipFactory(person=olena, unit=brigade)
    post = OutletFactory(name="Morning Post")
    star = OutletFactory(name="Evening Star")
    pier = QuoteFactory(person=olena, text="We hold the pier.")
    PrintingFactory(quote=pier, article__outlet=star, article__published=JUNE)
    PrintingFactory(
        quote=pier,
        article__outlet=post,
        article__published=MARCH,
        language="en",
        # Printing her other spelling, which is then public.
        article__body="“We hold the pier.” said O. Harbourmaster.",
    )
    bridge = QuoteFactory(person=None, speaker_description="one soldier", text="The bridge held.")
    PrintingFactory(quote=bridge, article__outlet=star, article__published=JUNE)
    hidden = [
        QuoteFactory(text="Suggested words.", status=Quote.Status.SUGGESTED),
        QuoteFactory(text="Rejected words.", status=Quote.Status.REJECTED),
        QuoteFactory(text="Merged words.", merged_into=pier),
    ]
    for quote in hidden:
        PrintingFactory(quote=quote, article__outlet=post, article__published=MARCH)
    return {
        "olena": olena,
        "brigade": brigade,
        "post": post,
        "star": star,
        "pier": pier,
        "bridge": bridge,
        "hidden": hidden,
    }
