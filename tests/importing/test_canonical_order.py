"""The canonical wording of a quote printed in several articles does not depend on which
article was archived first."""

import pytest
from django.db import transaction

from archive.services import archive_article
from quotes.matching import canonical_text
from quotes.models import Quote

FIRST = "Pier to reopen\n\nHarbour master Ilse Vantongeren said: “{}”\n"
SECOND = "Harbour news\n\nIlse Vantongeren, the harbour master, said: “{}”\n"
SAID = (
    "The pier will reopen in May, whatever the council decides. We have the timber and the crews."
)
# Printings as long as each other, worded differently.
REWORDED = [
    "The pier will reopen in May, whatever the council says. We have the timber and the crews.",
    "The pier will reopen in May whatever the council decides; we have the timber and the crews.",
    "The pier will reopen in May, whatever the council decides. We have the timber and crews now.",
    "The pier will reopen in May, whatever the council decides. We have the wood and the crews.",
]


def quote_texts(articles) -> list[str]:
    """The quotes' texts after archiving `articles` in this order, in a transaction that is
    then rolled back: each order starts from the same empty archive."""
    with transaction.atomic():
        for number, text in enumerate(articles):
            archive_article(raw=text.encode(), source_file=f"{number}.txt")
        texts = sorted(Quote.objects.values_list("text", flat=True))
        transaction.set_rollback(True)
    return texts


@pytest.mark.django_db
@pytest.mark.parametrize("reworded", REWORDED)
def test_import_order_does_not_change_the_quote(reworded):
    """Two printings of one statement, archived in either order, give one quote with the
    same text."""
    articles = [FIRST.format(SAID), SECOND.format(reworded)]
    forward = quote_texts(articles)
    assert len(forward) == 1
    assert quote_texts(articles[::-1]) == forward


@pytest.mark.parametrize("reworded", REWORDED)
def test_canonical_text_ignores_the_order_of_printings(reworded):
    """Printings as full as each other are taken in the order of their text, not in the
    order they were given."""
    assert canonical_text([[SAID], [reworded]]) == canonical_text([[reworded], [SAID]])
