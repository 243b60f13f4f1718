"""The head of a quote's permalink: schema.org Quotation as JSON-LD, Open Graph and the
canonical link."""

import datetime
import json
import re
from html.parser import HTMLParser

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.citations.conftest import NASTY_TEXT
from tests.factories import PrintingFactory

JSONLD = re.compile(r'<script type="application/ld\+json">(.*?)</script>', re.S)


def head(client, quote):
    html = client.get(quote.get_absolute_url()).content.decode()
    return html[: html.index("</head>")]


def jsonld(client, quote):
    [data] = JSONLD.findall(head(client, quote))
    return json.loads(data)


class MetaReader(HTMLParser):
    """Open Graph properties and link elements of a page head."""

    def __init__(self):
        super().__init__()
        self.meta, self.links = {}, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta" and "property" in attrs:
            self.meta[attrs["property"]] = attrs["content"]
        if tag == "link":
            self.links.append(attrs)


def meta(client, quote):
    reader = MetaReader()
    reader.feed(head(client, quote))
    return reader


@pytest.mark.django_db
def test_jsonld_describes_the_quotation(client, quote):
    """The Quotation gives the words, the permalink, the speaker as a Person and the date
    it was first printed."""
    data = jsonld(client, quote)
    permalink = f"https://verbatim.test/q/{quote.short_id}/"
    assert data["@context"] == "https://schema.org"
    assert data["@type"] == "Quotation"
    assert data["text"] == "The tide will turn."
    assert data["url"] == permalink
    assert data["dateCreated"] == "2031-06-01"
    speaker = {
        "@type": "Person",
        "name": "Iryna Lighthouse",
        "url": f"https://verbatim.test{quote.person.get_absolute_url()}",
        "description": "Harbour master",
    }
    assert data["spokenByCharacter"] == speaker
    assert data["creator"] == speaker


@pytest.mark.django_db
def test_jsonld_cites_each_article_as_a_news_article(client, quote):
    """Each printing is a NewsArticle with headline, publisher, date and URL, oldest first;
    an article without its original URL points to the archived copy."""
    citations = jsonld(client, quote)["citation"]
    assert [c["headline"] for c in citations] == ["Storm season ends", "Council meets again"]
    first, second = citations
    assert first["@type"] == "NewsArticle"
    assert first["publisher"]["name"] == "Harbour Gazette"
    assert first["datePublished"] == "2031-06-01"
    assert first["url"] == "https://gazette.test/storm"
    assert first["archivedAt"].startswith("https://verbatim.test/articles/")
    assert second["publisher"]["name"] == "Later Herald"


@pytest.mark.django_db
def test_jsonld_leaves_out_an_unnamed_speaker_and_unknown_facts(client):
    """An unnamed speaker has no Person; an undated article of no outlet has no publisher or
    date, and its URL is the archived copy."""
    printing = PrintingFactory(
        quote__person=None,
        quote__speaker_description="one soldier",
        article__outlet=None,
        article__url=None,
        article__title="",
        article__published=None,
    )
    data = jsonld(client, printing.quote)
    assert "spokenByCharacter" not in data and "creator" not in data
    assert "dateCreated" not in data
    [article] = data["citation"]
    assert set(article) == {"@type", "url", "archivedAt"}
    assert article["url"] == f"https://verbatim.test{printing.article.get_absolute_url()}"


@pytest.mark.django_db
def test_jsonld_cannot_be_broken_out_of(client, nasty_quote):
    """Words holding </script> stay inside the JSON-LD, which parses back to them exactly."""
    page_head = head(client, nasty_quote)
    [raw] = JSONLD.findall(page_head)
    assert "<" not in raw and ">" not in raw and "&" not in raw
    data = json.loads(raw)
    assert data["text"] == NASTY_TEXT
    assert data["spokenByCharacter"]["name"] == "Ana {Brace} 50% & Co"
    assert data["citation"][0]["headline"] == "Headline with </script> & {braces}"
    # The one inline script is the JSON-LD; any other is a same-origin file (the CSP's rule).
    assert page_head.count("<script") - page_head.count("<script src=") == 1


@pytest.mark.django_db
def test_open_graph_and_canonical_link(client, quote):
    """The page names its canonical permalink and gives Open Graph's article properties."""
    reader = meta(client, quote)
    permalink = f"https://verbatim.test/q/{quote.short_id}/"
    assert reader.meta["og:type"] == "article"
    assert reader.meta["og:site_name"] == "Verbatim"
    assert reader.meta["og:url"] == permalink
    assert reader.meta["og:title"] == "Iryna Lighthouse: “The tide will turn.”"
    assert reader.meta["og:description"] == "The tide will turn."
    assert {"rel": "canonical", "href": permalink} in reader.links


@pytest.mark.django_db
def test_open_graph_escapes_the_words(client, nasty_quote):
    """Quotation marks and markup in the words stay inside the attribute values."""
    reader = meta(client, nasty_quote)
    assert reader.meta["og:description"] == NASTY_TEXT


@pytest.mark.django_db
def test_quote_page_head_runs_no_query_per_printing(client, quote):
    """The head and the citation section reuse the page's printings: more printings do
    not cost more queries (counted against the same page with fewer, so that the test holds
    whatever else the page shows)."""

    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(quote.get_absolute_url()).status_code == 200
        return len(captured)

    before = queries()
    for day in range(1, 6):
        PrintingFactory(quote=quote, article__published=datetime.date(2031, 7, day))
    assert queries() == before


@pytest.mark.django_db
def test_jsonld_credits_each_article_to_its_byline(client):
    """The article's byline authors are its authors (a Person, or an Organization for a
    desk); the speaker stays the Quotation's creator, never the article's author."""
    speaker = PrintingFactory(
        quote__person__name="Iryna Lighthouse", article__author="Galkin Sergei Alekseevich"
    ).quote
    PrintingFactory(quote=speaker, article__author="Harbour Gazette staff")
    data = jsonld(client, speaker)
    authors = sorted((a["@type"], a["name"]) for c in data["citation"] for a in c["author"])
    assert authors == [
        ("Organization", "Harbour Gazette staff"),
        ("Person", "Sergei Alekseevich Galkin"),
    ]
    assert data["creator"]["name"] == "Iryna Lighthouse"
