"""A followed feed: exactly its new items captured, each broken one with its reason in a line,
the feed's own metadata used where a page says nothing, and an unchanged feed costing one
304 the next time."""

import pytest

from archive.following.models import Source, SourceItem, SourceRun
from archive.following.runs import run_source
from archive.following.services import add_source
from archive.models import Article, Capture
from archive.queueing import request_capture

from .conftest import ago, rss, rss_item, serve_conditional, serve_page, serve_robots, story

pytestmark = pytest.mark.django_db


def outlet_feed(httpserver):
    """A feed of two new stories, one archived already, one from years ago, one without a
    link, one whose link is not a web address and one whose page is gone."""
    serve_robots(httpserver)
    new_one = serve_page(httpserver, "/news/ferry", story("ferry", "Ferry timetable changes"))
    new_two = serve_page(httpserver, "/news/bridge", story("bridge", "Bridge bolts replaced"))
    archived = serve_page(httpserver, "/news/market", story("market", "Market moves indoors"))
    request_capture(archived)
    gone = httpserver.url_for("/news/gone")
    httpserver.expect_request("/news/gone").respond_with_data("no such page", status=404)
    feed = rss(
        rss_item(link=new_one, title="Ferry timetable changes", date=ago(hours=2)),
        rss_item(link=new_two, title="Bridge bolts replaced", date=ago(hours=5)),
        rss_item(link=archived, title="Market moves indoors", date=ago(hours=9)),
        rss_item(link=httpserver.url_for("/news/1999"), title="Old flood", date=ago(days=900)),
        rss_item(link=None, title="A headline with no link", date=ago(hours=1)),
        rss_item(link="ftp://files.example/x", title="Not a web page", date=ago(hours=1)),
        rss_item(link=gone, title="A story taken down", date=ago(hours=3)),
    )
    asked = serve_conditional(httpserver, "/feed.xml", feed, "application/rss+xml", '"v1"')
    return asked, {"new": [new_one, new_two], "archived": archived, "gone": gone}


def test_a_feed_captures_exactly_its_new_items(httpserver):
    """Of seven items, the two new ones are captured and archived; the archived one and the
    one from years ago are old; the three broken ones each say why in one line."""
    _asked, urls = outlet_feed(httpserver)
    source, created = add_source(httpserver.url_for("/feed.xml"))
    assert created and source.outlet.domain == "localhost"

    run = run_source(source.pk)

    assert run.state == SourceRun.State.DONE, run.reason
    assert (run.listed, run.captured, run.old, run.broken) == (7, 2, 2, 3)
    captured = SourceItem.objects.filter(run=run, outcome=SourceItem.Outcome.CAPTURED)
    assert sorted(i.url for i in captured) == sorted(urls["new"])
    for item in captured:
        assert item.capture.state == Capture.State.DONE
        assert Article.objects.filter(url=item.url).count() == 1
    broken = {
        i.title: i.reason for i in SourceItem.objects.filter(outcome=SourceItem.Outcome.BROKEN)
    }
    assert broken == {
        "A headline with no link": "the item has no link",
        "Not a web page": "the item's link is not a web address: 'ftp://files.example/x'",
        "A story taken down": "HTTP 404 Not Found",
    }
    assert all("\n" not in reason for reason in broken.values())
    assert Source.objects.get(pk=source.pk).kind == Source.Kind.FEED
    assert Article.objects.filter(url=urls["archived"]).count() == 1


def test_a_second_run_asks_conditionally_and_captures_nothing(httpserver):
    """The second run sends the feed's ETag and Last-Modified back, gets a 304 and captures
    nothing: the feed's only cost is that one answer."""
    asked, _urls = outlet_feed(httpserver)
    source, _ = add_source(httpserver.url_for("/feed.xml"))
    run_source(source.pk)
    captures, requests = Capture.objects.count(), len(httpserver.log)

    again = run_source(source.pk)

    assert again.state == SourceRun.State.NOT_MODIFIED
    assert again.status_code == 304
    assert asked == [(None, None), ('"v1"', "Wed, 02 Dec 2026 08:00:00 GMT")]
    assert Capture.objects.count() == captures
    assert len(httpserver.log) == requests + 1  # robots.txt is kept, not asked again


def test_the_feeds_metadata_fills_what_the_page_does_not_say(httpserver):
    """A page without a date or author is archived with the feed's."""
    serve_robots(httpserver)
    page = serve_page(httpserver, "/news/ferry", story("ferry", "Ferry timetable changes"))
    when = ago(hours=4)
    httpserver.expect_request("/feed.xml").respond_with_data(
        rss(rss_item(link=page, title="Ferry timetable changes", date=when)),
        content_type="application/rss+xml",
    )
    source, _ = add_source(httpserver.url_for("/feed.xml"))
    run_source(source.pk)
    article = Article.objects.get(url=page)
    assert article.published == when.date()
    assert article.author == "desk@courier.example (Greta Madeup)"


def test_an_item_already_recorded_is_not_captured_again(httpserver, settings):
    """A feed that changed but still lists an item captured last time does not capture it
    twice."""
    serve_robots(httpserver)
    page = serve_page(httpserver, "/news/ferry", story("ferry", "Ferry timetable changes"))
    feed = rss(rss_item(link=page, title="Ferry timetable changes", date=ago(hours=4)))
    httpserver.expect_request("/feed.xml").respond_with_data(feed, content_type="text/xml")
    source, _ = add_source(httpserver.url_for("/feed.xml"))
    first, second = run_source(source.pk), run_source(source.pk)
    assert (first.captured, second.captured, second.old) == (1, 0, 1)
    assert Capture.objects.filter(url=page).count() == 1


def test_an_atom_feed_served_as_html_is_read_as_a_feed(httpserver):
    """An Atom feed is a feed whatever Content-Type it comes with."""
    serve_robots(httpserver)
    page = serve_page(httpserver, "/news/ferry", story("ferry", "Ferry timetable changes"))
    atom = (
        '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">'
        "<title>Lowmarsh Courier</title><id>urn:x-invented:courier</id>"
        f"<updated>{ago(hours=1).isoformat()}</updated>"
        f'<entry><title>Ferry timetable changes</title><link href="{page}"/>'
        f"<id>urn:x-invented:ferry</id><updated>{ago(hours=1).isoformat()}</updated>"
        '<content type="html">&lt;p&gt;Ferries every half hour.&lt;/p&gt;</content></entry></feed>'
    )
    httpserver.expect_request("/atom").respond_with_data(atom, content_type="text/html")
    source, _ = add_source(httpserver.url_for("/atom"))
    run = run_source(source.pk)
    assert (run.state, run.captured) == (SourceRun.State.DONE, 1), run.reason
    assert Source.objects.get(pk=source.pk).kind == Source.Kind.FEED
