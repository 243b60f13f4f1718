"""The follower is polite: robots.txt obeyed, a 429's Retry-After waited out, a longer one
putting the source off, a delay between two requests to one host, and a User-Agent that
names the archive and where to write to it."""

import datetime
import time

import pytest
from django.utils import timezone
from werkzeug import Response

from archive.following.models import HostSlot, SourceItem, SourceRun
from archive.following.polite import host_slot
from archive.following.runs import run_source
from archive.following.services import add_source
from archive.models import Article

from .conftest import ago, rss, rss_item, serve_page, serve_robots, story

pytestmark = pytest.mark.django_db


def test_robots_txt_disallowing_the_feed_is_obeyed(httpserver):
    """A feed robots.txt forbids the archive is not asked for: the run fails and says why."""
    serve_robots(httpserver, "User-agent: VerbatimArchive\nDisallow: /feeds/\n")
    httpserver.expect_request("/feeds/all.xml").respond_with_data(rss(), content_type="text/xml")
    source, _ = add_source(httpserver.url_for("/feeds/all.xml"))

    run = run_source(source.pk)

    assert run.state == SourceRun.State.FAILED
    assert run.reason.startswith("robots.txt disallows")
    assert [request.path for request, _ in httpserver.log] == ["/robots.txt"]


def test_robots_txt_disallowing_an_item_is_obeyed(httpserver):
    """An item robots.txt forbids is recorded as refused and never fetched."""
    serve_robots(httpserver, "User-agent: *\nDisallow: /private/\n")
    allowed = serve_page(httpserver, "/news/ferry", story("ferry", "Ferry timetable changes"))
    refused = serve_page(httpserver, "/private/memo", story("memo", "A memo"))
    feed = rss(
        rss_item(link=allowed, title="Ferry", date=ago(hours=1)),
        rss_item(link=refused, title="Memo", date=ago(hours=2)),
    )
    httpserver.expect_request("/feed.xml").respond_with_data(feed, content_type="text/xml")
    source, _ = add_source(httpserver.url_for("/feed.xml"))

    run = run_source(source.pk)

    assert (run.captured, run.skipped) == (1, 1)
    item = SourceItem.objects.get(url=refused)
    assert (item.outcome, item.reason) == (SourceItem.Outcome.DISALLOWED, "robots.txt disallows it")
    assert "/private/memo" not in [request.path for request, _ in httpserver.log]
    assert not Article.objects.filter(url=refused).exists()


def test_a_429_with_retry_after_is_waited_out(httpserver):
    """A feed answering 429 with Retry-After: 1 is asked again a second later, and read."""
    serve_robots(httpserver)
    page = serve_page(httpserver, "/news/ferry", story("ferry", "Ferry timetable changes"))
    answers = iter(
        [
            Response("slow down", status=429, headers={"Retry-After": "1"}),
            Response(
                rss(rss_item(link=page, title="Ferry", date=ago(hours=1))),
                content_type="text/xml",
            ),
        ]
    )
    asked_at = []

    def handler(request):
        asked_at.append(time.monotonic())
        return next(answers)

    httpserver.expect_request("/feed.xml").respond_with_handler(handler)
    source, _ = add_source(httpserver.url_for("/feed.xml"))

    run = run_source(source.pk)

    assert run.state == SourceRun.State.DONE, run.reason
    assert run.captured == 1
    assert len(asked_at) == 2 and asked_at[1] - asked_at[0] >= 0.95


def test_a_longer_retry_after_puts_the_source_off(httpserver, settings):
    """A 503 asking for more than FOLLOW_MAX_WAIT_SECONDS is not waited out in the run: the
    run fails saying so and the source is next due when the host said."""
    serve_robots(httpserver)
    httpserver.expect_request("/feed.xml").respond_with_data(
        "maintenance", status=503, headers={"Retry-After": "120"}
    )
    source, _ = add_source(httpserver.url_for("/feed.xml"))
    started = timezone.now()

    run = run_source(source.pk)

    assert run.state == SourceRun.State.FAILED
    assert run.reason == "HTTP 503 Service Unavailable, Retry-After 120 s"
    source.refresh_from_db()
    assert source.next_run_at >= started + datetime.timedelta(seconds=119)
    assert source.failures == 1 and source.leased_until is None


def test_requests_to_one_host_are_spaced_and_name_the_archive(httpserver, settings):
    """With FOLLOW_HOST_DELAY_SECONDS, two requests to one host (robots.txt, then the feed)
    are that far apart; each names the archive and its contact address."""
    settings.FOLLOW_HOST_DELAY_SECONDS = 0.5
    settings.FOLLOW_USER_AGENT = "VerbatimArchive/0.1 (+https://verbatim.example/about/)"
    seen = []

    def handler(body):
        def answer(request):
            seen.append((time.monotonic(), request.headers["User-Agent"]))
            return Response(body, content_type="text/plain")

        return answer

    httpserver.expect_request("/robots.txt").respond_with_handler(handler("User-agent: *\n"))
    httpserver.expect_request("/feed.xml").respond_with_handler(handler(rss()))
    source, _ = add_source(httpserver.url_for("/feed.xml"))

    run = run_source(source.pk)

    assert run.state == SourceRun.State.DONE, run.reason
    assert len(seen) == 2
    assert seen[1][0] - seen[0][0] >= 0.45
    assert {agent for _, agent in seen} == {settings.FOLLOW_USER_AGENT}


def test_the_follower_keeps_to_the_capture_guard(httpserver, settings):
    """Without CAPTURE_ALLOW_PRIVATE the follower reaches no loopback address, robots.txt
    included: the run fails and says why."""
    settings.CAPTURE_ALLOW_PRIVATE = False
    serve_robots(httpserver)
    source, _ = add_source(httpserver.url_for("/feed.xml"))

    run = run_source(source.pk)

    assert run.state == SourceRun.State.FAILED
    assert run.reason.startswith("robots.txt could not be read: private address refused")
    assert httpserver.log == []


def test_a_host_slot_held_elsewhere_is_waited_for(settings):
    """With FOLLOW_HOST_CONCURRENCY 1, a request waits while another worker holds the host's
    one slot, and goes once it is free."""
    settings.FOLLOW_HOST_CONCURRENCY = 1
    with host_slot("outlet.example"):
        pass
    HostSlot.objects.filter(host__name="outlet.example").update(
        held_by="another-worker", held_until=timezone.now() + datetime.timedelta(seconds=0.6)
    )
    started = time.monotonic()
    with host_slot("outlet.example"):
        waited = time.monotonic() - started
        assert HostSlot.objects.get(host__name="outlet.example").held_by != "another-worker"
    assert 0.5 <= waited < 3
