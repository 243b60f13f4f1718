"""Reference managers' metadata on the permalink and the archived article's page: Highwire
citation_* tags, Dublin Core and COinS, read with an HTML parser as Zotero reads them."""

import pytest

from .conftest import ORIGINAL
from .reading import read, zotero_item

pytestmark = pytest.mark.django_db

SITE = "https://verbatim.test"


def test_permalink_is_cited_as_quoted_in_its_first_printing(client, printing):
    """The speaker is the author, the statement the title, the outlet that printed it the
    periodical, the permalink the archive URL."""
    quote = printing.quote
    page = read(client.get(quote.get_absolute_url()).content.decode())

    assert zotero_item(page) == {
        "itemType": "journalArticle",
        "title": "“The pier will reopen in May.”",
        "creators": ["Iryna Lighthouse"],
        "date": "2031/04/03",
        "publicationTitle": "The Norland Courier",
        "language": "en",
        "url": f"{SITE}/q/{quote.short_id}/",
    }
    assert page.meta["dc.creator"] == ["Iryna Lighthouse"]
    assert page.meta["dc.date"] == ["2031-04-03"]
    assert page.meta["dc.source"] == [ORIGINAL]
    assert {"rel": "schema.DC", "href": "http://purl.org/dc/elements/1.1/"} in page.links


def test_permalink_carries_one_coins_context_object(client, printing):
    quote = printing.quote
    page = read(client.get(quote.get_absolute_url()).content.decode())

    [coins] = page.coins
    assert coins["ctx_ver"] == ["Z39.88-2004"]
    assert coins["rft_val_fmt"] == ["info:ofi/fmt:kev:mtx:journal"]
    assert coins["rft.atitle"] == ["“The pier will reopen in May.”"]
    assert coins["rft.au"] == ["Iryna Lighthouse"]
    assert coins["rft.jtitle"] == ["The Norland Courier"]
    assert coins["rft.date"] == ["2031-04-03"]
    assert coins["rft_id"] == [f"{SITE}/q/{quote.short_id}/"]


def test_unnamed_speaker_is_no_author(client, printing):
    quote = printing.quote
    quote.person = None
    quote.speaker_description = "a harbour official"
    quote.save()
    page = read(client.get(quote.get_absolute_url()).content.decode())
    assert "citation_author" not in page.meta
    assert "rft.au" not in page.coins[0]


def test_archived_article_is_cited_by_its_byline(client, article):
    """The article's authors are its byline's, surname first; its headline the title."""
    page = read(client.get(article.get_absolute_url()).content.decode())

    assert zotero_item(page) == {
        "itemType": "journalArticle",
        "title": "Pier to reopen in May",
        "creators": ["Berg, Anna", "Sand, Olek"],
        "date": "2031/04/03",
        "publicationTitle": "The Norland Courier",
        "language": "en",
        "url": f"{SITE}{article.get_absolute_url()}",
    }
    assert page.meta["dc.creator"] == ["Berg, Anna", "Sand, Olek"]
    [coins] = page.coins
    assert coins["rft.au"] == ["Berg, Anna", "Sand, Olek"]


def test_markup_in_a_title_stays_text(client, printing):
    """A headline with markup and quotes reaches the reader as the same text, not as tags."""
    article = printing.article
    type(article).objects.filter(pk=article.pk).update(title='Pier "reopens" <b>soon</b> & more')
    page = read(client.get(article.get_absolute_url()).content.decode())
    assert page.meta["citation_title"] == ['Pier "reopens" <b>soon</b> & more']
    assert page.coins[0]["rft.atitle"] == ['Pier "reopens" <b>soon</b> & more']
