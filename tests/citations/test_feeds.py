"""Atom feeds of new published quotes: all, and per person, unit and outlet."""

import datetime
import xml.etree.ElementTree as ET

import pytest
from django.template.loader import render_to_string
from django.utils import timezone

from quotes.models import Quote
from tests.factories import (
    MembershipFactory,
    OutletFactory,
    PersonFactory,
    PrintingFactory,
    QuoteFactory,
    UnitFactory,
)

ATOM = "{http://www.w3.org/2005/Atom}"


def entries(client, url):
    """(feed element, [entry dicts]) of the Atom feed at `url`."""
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    feed = ET.fromstring(response.content)  # noqa: S314 - our own output, under test
    assert feed.tag == f"{ATOM}feed"
    return feed, [
        {
            "title": entry.findtext(f"{ATOM}title"),
            "link": entry.find(f"{ATOM}link").get("href"),
            "id": entry.findtext(f"{ATOM}id"),
            "published": entry.findtext(f"{ATOM}published"),
            "author": entry.findtext(f"{ATOM}author/{ATOM}name"),
            "summary": entry.findtext(f"{ATOM}summary"),
        }
        for entry in feed.findall(f"{ATOM}entry")
    ]


def created(quote, when):
    Quote.objects.filter(pk=quote.pk).update(created_at=when)
    return quote


@pytest.mark.django_db
def test_quote_feed_lists_published_quotes_newest_first(client):
    """The feed holds published quotes, newest first, each linking to its permalink and
    dated by when it was added; suggested, rejected and merged quotes are left out."""
    now = timezone.now()
    older = created(
        PrintingFactory(quote__text="Older words.", quote__person__name="Ada Pier").quote,
        now - datetime.timedelta(days=2),
    )
    newer = created(PrintingFactory(quote__text="Newer words.").quote, now)
    PrintingFactory(quote__text="Suggested words.", quote__status=Quote.Status.SUGGESTED)
    PrintingFactory(quote__text="Rejected words.", quote__status=Quote.Status.REJECTED)
    PrintingFactory(quote__text="Merged words.", quote__merged_into=newer)
    feed, items = entries(client, "/feeds/quotes/")
    assert feed.findtext(f"{ATOM}title") == "Verbatim: new quotes"
    assert [i["link"] for i in items] == [
        f"https://verbatim.test{newer.get_absolute_url()}",
        f"https://verbatim.test{older.get_absolute_url()}",
    ]
    assert items[1]["title"] == "Ada Pier: “Older words.”"
    assert items[1]["author"] == "Ada Pier"
    assert datetime.datetime.fromisoformat(items[1]["published"]) == now - datetime.timedelta(
        days=2
    )
    assert "Older words." in items[1]["summary"]


@pytest.mark.django_db
def test_person_feed_holds_only_their_quotes(client):
    """A person's feed holds their published quotes and no one else's."""
    person = PersonFactory(name="Ada Pier")
    PrintingFactory(quote__person=person, quote__text="Mine.")
    PrintingFactory(quote__text="Someone else's.")
    feed, items = entries(client, f"/people/{person.slug}/feed/")
    assert feed.findtext(f"{ATOM}title") == "Verbatim: quotes of Ada Pier"
    assert [i["title"] for i in items] == ["Ada Pier: “Mine.”"]


@pytest.mark.django_db
def test_unit_feed_holds_its_members_quotes(client):
    """A unit's feed holds its members' published quotes."""
    unit = UnitFactory(name="7th Pier Guard")
    member = MembershipFactory(unit=unit).person
    PrintingFactory(quote__person=member, quote__text="From the unit.")
    PrintingFactory(quote__text="From outside.")
    feed, items = entries(client, f"/units/{unit.slug}/feed/")
    assert feed.findtext(f"{ATOM}title") == "Verbatim: quotes from 7th Pier Guard"
    assert [i["summary"].split("”")[0] for i in items] == ["“From the unit."]


@pytest.mark.django_db
def test_outlet_feed_holds_what_it_printed_once_each(client):
    """An outlet's feed holds each quote it printed once, however often it printed it."""
    outlet = OutletFactory(name="Harbour Gazette")
    quote = PrintingFactory(article__outlet=outlet, quote__text="Printed twice.").quote
    PrintingFactory(quote=quote, article__outlet=outlet)
    PrintingFactory(quote__text="Printed elsewhere.")
    _, items = entries(client, f"/outlets/{outlet.slug}/feed/")
    assert [i["link"] for i in items] == [f"https://verbatim.test{quote.get_absolute_url()}"]
    assert "Harbour Gazette" in items[0]["summary"]


@pytest.mark.django_db
@pytest.mark.parametrize("prefix", ["people", "units", "outlets"])
def test_unknown_slug_feed_is_404(client, prefix):
    """A feed for a person, unit or outlet that does not exist is not found."""
    assert client.get(f"/{prefix}/no-such-slug/feed/").status_code == 404


@pytest.mark.django_db
def test_feed_of_a_person_without_public_quotes_is_404(client):
    """A person with only suggested quotes has no page and no feed."""
    person = PrintingFactory(quote__status=Quote.Status.SUGGESTED).quote.person
    assert client.get(f"/people/{person.slug}/feed/").status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["all", "person", "unit", "outlet"])
def test_feeds_run_no_query_per_entry(client, django_assert_max_num_queries, kind):
    """Twenty entries cost a fixed number of queries, whichever feed."""
    person, outlet = PersonFactory(), OutletFactory()
    unit = MembershipFactory(person=person).unit
    for _ in range(20):
        PrintingFactory(quote=QuoteFactory(person=person), article__outlet=outlet)
    url = {
        "all": "/feeds/quotes/",
        "person": f"/people/{person.slug}/feed/",
        "unit": f"/units/{unit.slug}/feed/",
        "outlet": f"/outlets/{outlet.slug}/feed/",
    }[kind]
    # A unit's feed reads the unit, then its members' ids, which its entries are read by.
    with django_assert_max_num_queries(5 if kind == "unit" else 4):
        _, items = entries(client, url)
    assert len(items) == 20


@pytest.mark.django_db
def test_feed_links_name_the_feeds_of_the_page(rf):
    """The head include links the overall feed, and the person's, unit's or outlet's own."""
    person = PersonFactory(name="Ada Pier")
    html = render_to_string("quotes/includes/feed_links.html", {"person": person})
    assert 'type="application/atom+xml"' in html
    assert 'href="/feeds/quotes/"' in html
    assert f'href="/people/{person.slug}/feed/"' in html
    assert "/units/" not in html and "/outlets/" not in html


@pytest.mark.django_db
def test_feed_summary_escapes_the_words(client):
    """Atom summaries are HTML: markup in the words reaches the reader as text."""
    PrintingFactory(quote__text="Close </script><b>it</b> & go")
    _, [item] = entries(client, "/feeds/quotes/")
    assert "&lt;/script&gt;&lt;b&gt;it&lt;/b&gt; &amp; go" in item["summary"]
    assert "<b>" not in item["summary"]
    assert item["title"].endswith("“Close </script><b>it</b> & go”")


@pytest.mark.django_db
def test_merged_persons_feed_redirects_to_the_survivors(client):
    """A feed reader subscribed to a person later merged into another is sent on, for good,
    to the survivor's feed."""
    survivor = QuoteFactory().person
    merged = PersonFactory(merged_into=survivor)
    response = client.get(f"/people/{merged.slug}/feed/")
    assert response.status_code == 301
    assert response["Location"] == f"/people/{survivor.slug}/feed/"
