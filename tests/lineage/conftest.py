"""An invented statement printed by four outlets: a wire, a verbatim copy, a rewrite that
misspells a town and drops "not", and a copy of the rewrite."""

import datetime

import pytest

from quotes.services import lifecycle
from tests.factories import (
    ArticleFactory,
    OutletFactory,
    PersonFactory,
    PrintingFactory,
    QuoteFactory,
)

DAY = datetime.date(2031, 6, 2)
WIRE = "The ferry to Kelmoor is not cancelled. The harbour office in Dunmarren stays open."
REWRITE = "The ferry to Kelmoor is cancelled. The harbour office in Dunmaren stays open."


def print_in(quote, words, *, outlet, days, person=None):
    article = ArticleFactory(
        published=DAY + datetime.timedelta(days=days),
        language="en",
        outlet=OutletFactory(name=outlet),
        body=f"Intro.\n\n“{words}” said the harbour master.",
    )
    return PrintingFactory(
        quote=quote, text=words, article=article, language="en", person=person or quote.person
    )


@pytest.fixture
def statement(db):
    quote = QuoteFactory(text=WIRE, person=PersonFactory(name="Ivanna Rudko"))
    printings = {
        "wire": print_in(quote, WIRE, outlet="Coastline Wire", days=0),
        "copy": print_in(quote, WIRE, outlet="Kelmoor Gazette", days=1),
        "rewrite": print_in(quote, REWRITE, outlet="Dunmarren Evening", days=1),
        "again": print_in(quote, REWRITE, outlet="Northshore Daily", days=2),
    }
    lifecycle.refresh(quote)
    quote.refresh_from_db()
    quote.by_name = printings
    return quote
