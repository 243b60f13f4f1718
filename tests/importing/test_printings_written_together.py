"""An import writes an article's printings of new quotes together: each printing still has its
history entry, its place in the matching index and its outlet and date, a later statement
repeating an earlier one of the same article is linked to it, and cached pages are renewed."""

import pytest

from quotes.extraction import Extraction, Quotation, Speaker
from quotes.matching import index_printings
from quotes.models import Fingerprint, Printing, Quote
from quotes.services.importing import import_extraction
from tests.factories import ArticleFactory, PrintingFactory

pytestmark = pytest.mark.django_db

PIER = "The pier will reopen in May, whatever the council decides about the timber."
SLIPWAY = "The slipway stays shut until the gale has passed over the northern harbour."
BODY = (
    f"“{PIER}” Vantongeren said.\n\n"
    f"“{SLIPWAY}” Thalberg said.\n\n"
    f"Later she repeated it: “{PIER}” Vantongeren said.\n"
)


def quotation(text, *, speaker, statement, after=0):
    start = BODY.index(text, after)
    return Quotation(
        text=text,
        segments=[(start, start + len(text))],
        attribution=f"{speaker} said",
        speaker=speaker,
        statement=statement,
    )


def test_an_articles_printings_have_history_index_and_dates_and_repeats_link():
    """Three statements, the third repeating the first: two quotes, three printings, each
    with its creation in the history, its fingerprints and the article's outlet and date."""
    article = ArticleFactory(body=BODY)
    extraction = Extraction(
        quotations=[
            quotation(PIER, speaker="Ilse Vantongeren", statement=0),
            quotation(SLIPWAY, speaker="Oskar Thalberg", statement=1),
            quotation(PIER, speaker="Ilse Vantongeren", statement=2, after=BODY.index("Later")),
        ],
        speakers={
            "Ilse Vantongeren": Speaker(name="Ilse Vantongeren"),
            "Oskar Thalberg": Speaker(name="Oskar Thalberg"),
        },
    )

    import_extraction(article=article, extraction=extraction)

    printings = list(Printing.objects.filter(article=article).order_by("start"))
    assert [a.text for a in printings] == [PIER, SLIPWAY, PIER]
    assert printings[0].quote == printings[2].quote != printings[1].quote
    assert Quote.objects.count() == 2
    for printing in printings:
        assert [(h.history_type, h.history_change_reason) for h in printing.history.all()] == [
            ("+", None)
        ]
        assert Fingerprint.objects.filter(printing=printing).exists()
        assert (printing.printed_by_id, printing.printed_on) == (
            article.outlet_id,
            article.published,
        )


def test_a_reprint_of_a_public_quote_renews_its_cached_page(client):
    """An article of the same outlet that only reprints a published quote changes no quote
    row (its first date and outlets stay), yet the quote's cached page shows the new printing
    at the next visit."""
    public = PrintingFactory(quote__text=PIER, quote__person__name="Ilse Vantongeren")
    index_printings([public], unindexed=True)
    article = ArticleFactory(
        body=BODY, outlet=public.article.outlet, title="Pier reopening confirmed once more"
    )
    url = public.quote.get_absolute_url()
    assert client.get(url).status_code == 200
    second = client.get(url)
    assert second["X-Page-Cache"] == "hit"
    assert "Pier reopening confirmed once more" not in second.content.decode()

    import_extraction(
        article=article,
        extraction=Extraction(
            quotations=[quotation(PIER, speaker="Ilse Vantongeren", statement=0)],
            speakers={"Ilse Vantongeren": Speaker(name="Ilse Vantongeren")},
        ),
        publish=True,
    )

    assert public.quote.printings.filter(article=article).exists()
    response = client.get(url)
    assert response["X-Page-Cache"] == "miss"
    assert "Pier reopening confirmed once more" in response.content.decode()
