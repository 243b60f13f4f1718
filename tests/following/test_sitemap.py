"""A followed sitemap: a Google News sitemap's new URLs captured with their dates, old and
broken ones not; a sitemap index read through its newest sitemaps; a page whose <lastmod>
moved on captured again as a new version."""

import pytest
from werkzeug import Response

from archive.following.models import Source, SourceItem, SourceRun
from archive.following.runs import run_source
from archive.following.services import add_source
from archive.models import Article, Capture
from archive.queueing import request_capture

from .conftest import ago, serve_page, serve_robots, story

pytestmark = pytest.mark.django_db

URLSET = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">{}</urlset>'
)


def news_url(loc: str, *, title: str, published, lastmod=None) -> str:
    lastmod_tag = f"<lastmod>{lastmod.isoformat()}</lastmod>" if lastmod else ""
    return (
        f"<url><loc>{loc}</loc>{lastmod_tag}<news:news><news:publication>"
        "<news:name>Lowmarsh Courier</news:name><news:language>en</news:language>"
        f"</news:publication><news:publication_date>{published.isoformat()}"
        f"</news:publication_date><news:title>{title}</news:title></news:news></url>"
    )


def test_a_news_sitemap_captures_exactly_its_new_urls(httpserver):
    """Two new URLs captured (with the sitemap's dates where the page gives none), one
    archived and one from years ago left as old, one without <loc> and one gone broken."""
    serve_robots(httpserver)
    new_one = serve_page(httpserver, "/a/ferry", story("ferry", "Ferry timetable changes"))
    new_two = serve_page(httpserver, "/a/bridge", story("bridge", "Bridge bolts replaced"))
    archived = serve_page(httpserver, "/a/market", story("market", "Market moves indoors"))
    request_capture(archived)
    httpserver.expect_request("/a/gone").respond_with_data("gone", status=410)
    body = URLSET.format(
        news_url(new_one, title="Ferry timetable changes", published=ago(hours=2))
        + news_url(new_two, title="Bridge bolts replaced", published=ago(hours=3))
        + news_url(archived, title="Market moves indoors", published=ago(hours=4))
        + news_url(httpserver.url_for("/a/old"), title="Old flood", published=ago(days=800))
        + "<url><lastmod>2026-01-01</lastmod></url>"
        + news_url(httpserver.url_for("/a/gone"), title="Taken down", published=ago(hours=1))
    )
    httpserver.expect_request("/news-sitemap.xml").respond_with_data(
        body, content_type="application/xml"
    )
    source, _ = add_source(httpserver.url_for("/news-sitemap.xml"))

    run = run_source(source.pk)

    assert run.state == SourceRun.State.DONE, run.reason
    assert (run.listed, run.captured, run.old, run.broken) == (6, 2, 2, 2)
    captured = SourceItem.objects.filter(outcome=SourceItem.Outcome.CAPTURED)
    assert sorted(i.url for i in captured) == sorted([new_one, new_two])
    assert Article.objects.get(url=new_one).published == ago(hours=2).date()
    assert sorted(
        SourceItem.objects.filter(outcome=SourceItem.Outcome.BROKEN).values_list(
            "reason", flat=True
        )
    ) == ["HTTP 410 Gone", "the <url> has no <loc>"]
    assert Source.objects.get(pk=source.pk).kind == Source.Kind.SITEMAP


def test_a_sitemap_index_is_read_through_its_newest_sitemaps(httpserver, settings):
    """Only the newest FOLLOW_SITEMAPS_PER_INDEX sitemaps of an index are read."""
    settings.FOLLOW_SITEMAPS_PER_INDEX = 1
    serve_robots(httpserver)
    page = serve_page(httpserver, "/a/ferry", story("ferry", "Ferry timetable changes"))
    httpserver.expect_request("/sitemap-new.xml").respond_with_data(
        URLSET.format(news_url(page, title="Ferry", published=ago(hours=2))),
        content_type="application/xml",
    )
    index = (
        '<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<sitemap><loc>{httpserver.url_for('/sitemap-old.xml')}</loc>"
        "<lastmod>2024-01-01</lastmod></sitemap>"
        f"<sitemap><loc>{httpserver.url_for('/sitemap-new.xml')}</loc>"
        f"<lastmod>{ago(hours=1).isoformat()}</lastmod></sitemap></sitemapindex>"
    )
    httpserver.expect_request("/sitemap.xml").respond_with_data(index, content_type="text/xml")
    source, _ = add_source(httpserver.url_for("/sitemap.xml"))

    run = run_source(source.pk)

    assert run.state == SourceRun.State.DONE, run.reason
    assert run.captured == 1
    assert Source.objects.get(pk=source.pk).kind == Source.Kind.SITEMAP_INDEX
    assert "/sitemap-old.xml" not in [request.path for request, _ in httpserver.log]


def test_a_page_whose_lastmod_moved_on_is_a_new_version(httpserver):
    """The same URL listed again with a later <lastmod> and new words is captured again, as a
    new version of its article, not a second article."""
    serve_robots(httpserver)
    versions = iter([story("ferry", "Ferry timetable"), story("ferry-2", "Ferry timetable")])
    httpserver.expect_request("/a/ferry").respond_with_handler(
        lambda request: Response(next(versions), content_type="text/html")
    )
    url = httpserver.url_for("/a/ferry")
    sitemaps = iter(
        [
            URLSET.format(
                news_url(url, title="Ferry", published=ago(hours=5), lastmod=ago(hours=5))
            ),
            URLSET.format(
                news_url(url, title="Ferry", published=ago(hours=5), lastmod=ago(hours=1))
            ),
        ]
    )
    httpserver.expect_request("/sitemap.xml").respond_with_handler(
        lambda request: Response(next(sitemaps), content_type="text/xml")
    )
    source, _ = add_source(httpserver.url_for("/sitemap.xml"))

    first, second = run_source(source.pk), run_source(source.pk)

    assert (first.captured, second.captured) == (1, 1)
    assert Article.objects.filter(url=url).count() == 1
    captures = Capture.objects.filter(url=url).order_by("pk")
    assert [c.article_id for c in captures] == [Article.objects.get(url=url).pk] * 2
    assert captures[0].body != captures[1].body
