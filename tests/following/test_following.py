"""Following an outlet from the command line and the admin: an address not followed yet is
added to the outlet of its domain and run, a home page leads to its feeds and sitemaps, the
filters keep sport out, and the admin shows each run and what it did."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from archive.following.models import Source, SourceItem
from archive.following.runs import run_source
from archive.following.services import add_source
from archive.models import Article, Outlet

from .conftest import ago, rss, rss_item, serve_page, serve_robots, story

pytestmark = pytest.mark.django_db


def test_the_command_adds_a_feed_to_its_outlet_and_runs_it(httpserver, capsys):
    """`follow_sources --once URL` follows a new feed under the outlet of its domain, runs it
    and says what it found; given the id again, it runs it again."""
    outlet = Outlet.objects.create(name="Lowmarsh Courier", domain="localhost")
    serve_robots(httpserver)
    page = serve_page(httpserver, "/news/ferry", story("ferry", "Ferry timetable changes"))
    httpserver.expect_request("/feed.xml").respond_with_data(
        rss(rss_item(link=page, title="Ferry", date=ago(hours=1))), content_type="text/xml"
    )
    url = httpserver.url_for("/feed.xml")

    call_command("follow_sources", "--once", url)

    source = Source.objects.get(url=url)
    assert source.outlet == outlet
    out = capsys.readouterr().out
    assert f"Following {url} (source {source.pk}): Lowmarsh Courier." in out
    assert f"{url}: 1 listed, 1 captured, 0 old, 0 skipped, 0 broken" in out
    assert Article.objects.filter(url=page, outlet=outlet).exists()

    call_command("follow_sources", "--once", str(source.pk))
    assert f"{url}: 1 listed, 0 captured, 1 old" in capsys.readouterr().out


def test_a_home_page_leads_to_its_feeds_and_sitemaps(httpserver):
    """A site's run follows the feeds its home page links to and the sitemaps its robots.txt
    names, under the site's outlet and with its filters."""
    sitemap = httpserver.url_for("/sitemap.xml")
    serve_robots(httpserver, f"User-agent: *\nAllow: /\nSitemap: {sitemap}\n")
    serve_page(
        httpserver,
        "/",
        '<html><head><link rel="alternate" type="application/rss+xml" href="/rss/news.xml">'
        '<link rel="stylesheet" href="/style.css"></head><body>Home</body></html>',
    )
    site, _ = add_source(httpserver.url_for("/"), words="ferry")

    run = run_source(site.pk)

    found = Source.objects.filter(found_on=site).order_by("url")
    assert [s.url for s in found] == [httpserver.url_for("/rss/news.xml"), sitemap]
    assert {(s.outlet_id, s.words) for s in found} == {(site.outlet_id, "ferry")}
    assert Source.objects.get(pk=site.pk).kind == Source.Kind.SITE
    assert SourceItem.objects.filter(run=run, outcome=SourceItem.Outcome.FOUND).count() == 2


def test_filters_keep_other_subjects_and_languages_out(httpserver):
    """Only items whose title or summary hold one of the words, in a language taken, are
    captured; the others say why."""
    serve_robots(httpserver)
    ferry = serve_page(httpserver, "/news/ferry", story("ferry", "Ferry timetable changes"))
    match = serve_page(httpserver, "/sport/match", story("match", "Lowmarsh win the cup"))
    other = serve_page(httpserver, "/uk/ferry", story("porom", "Пором"))
    feed = rss(
        rss_item(link=ferry, title="Ferry timetable changes", date=ago(hours=1)),
        rss_item(link=match, title="Lowmarsh win the cup final", date=ago(hours=2)),
        rss_item(
            link=other,
            title="Пором змінює розклад",
            summary="Пором до Лоумарша ходитиме частіше, сказала Оділь Фенвік.",
            date=ago(hours=3),
        ),
    )
    httpserver.expect_request("/feed.xml").respond_with_data(feed, content_type="text/xml")
    source, _ = add_source(httpserver.url_for("/feed.xml"), words="ferry\nпором", languages="en")

    run = run_source(source.pk)

    assert (run.captured, run.skipped) == (1, 2)
    reasons = dict(
        SourceItem.objects.filter(outcome=SourceItem.Outcome.FILTERED).values_list("url", "reason")
    )
    assert reasons == {
        match: "none of the source's words in its title or summary",
        other: "in uk, not in en",
    }


def test_the_admin_shows_each_run_and_what_it_did(httpserver, client):
    """The source's page lists its runs; a run's page lists its items with their reasons."""
    serve_robots(httpserver)
    httpserver.expect_request("/feed.xml").respond_with_data(
        rss(rss_item(link=None, title="A headline with no link", date=ago(hours=1))),
        content_type="text/xml",
    )
    source, _ = add_source(httpserver.url_for("/feed.xml"))
    first, second = run_source(source.pk), run_source(source.pk)
    admin = get_user_model().objects.create_superuser("chief", password="pw-not-secret")
    client.force_login(admin)

    listing = client.get(reverse("admin:following_source_changelist"))
    assert listing.status_code == 200
    assert source.url in listing.content.decode()
    page = client.get(reverse("admin:following_source_change", args=[source.pk])).content.decode()
    for run in (first, second):
        assert reverse("admin:following_sourcerun_change", args=[run.pk]) in page
    assert "1 listed, 0 captured, 0 old, 0 skipped, 1 broken" in page
    run_page = client.get(reverse("admin:following_sourcerun_change", args=[first.pk]))
    assert run_page.status_code == 200
    assert "the item has no link" in run_page.content.decode()


def test_the_admin_adds_pauses_and_resumes_a_source(httpserver, client):
    """An address added in the admin goes under the outlet of its domain; paused, it is not
    run."""
    admin = get_user_model().objects.create_superuser("chief", password="pw-not-secret")
    client.force_login(admin)
    url = httpserver.url_for("/feed.xml")
    response = client.post(
        reverse("admin:following_source_add"),
        {
            "url": url,
            "interval": 30,
            "words": "",
            "languages": "",
            "publish": "on",
            "next_run_at_0": "2026-01-01",
            "next_run_at_1": "00:00:00",
            "runs-TOTAL_FORMS": 0,
            "runs-INITIAL_FORMS": 0,
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    source = Source.objects.get(url=url)
    assert source.outlet.domain == "localhost"
    changelist = reverse("admin:following_source_changelist")
    client.post(changelist, {"action": "pause", "_selected_action": [source.pk]})
    assert Source.objects.get(pk=source.pk).paused
    assert run_source(source.pk) is None
    client.post(changelist, {"action": "resume", "_selected_action": [source.pk]})
    assert not Source.objects.get(pk=source.pk).paused
