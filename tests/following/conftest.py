"""Fixtures for following outlets: an invented outlet served by a local HTTP server on
loopback (pytest-httpserver), which the follower may reach because these tests allow private
addresses, as the capture tests do; no waits longer than a second or two."""

import datetime

import pytest
from django.utils import timezone
from werkzeug import Response

from tests.capture.conftest import IMMEDIATE, article_page


@pytest.fixture(autouse=True)
def following_settings(settings):
    """Captures and the follower may reach the local server, and wait little."""
    settings.CAPTURE_ALLOW_PRIVATE = True
    settings.CAPTURE_TIMEOUT_SECONDS = 5
    settings.TASKS = IMMEDIATE
    settings.FOLLOW_HOST_DELAY_SECONDS = 0
    settings.FOLLOW_MAX_WAIT_SECONDS = 3
    settings.FOLLOW_MAX_ITEMS = 20
    settings.FOLLOW_MAX_AGE_DAYS = 7
    return settings


def ago(**delta) -> datetime.datetime:
    return timezone.now() - datetime.timedelta(**delta)


def rfc822(moment: datetime.datetime) -> str:
    return moment.strftime("%a, %d %b %Y %H:%M:%S +0000")


def story(slug: str, title: str, *, head: str = "") -> str:
    """An invented article page, its words its own (so that each is a different article)."""
    return article_page(
        title=title,
        head=head,
        paragraphs=(
            f"The {title.lower()} story was told in Lowmarsh on a wet morning ({slug}).",
            f"“We will open the {slug} files to anyone who asks,” said Odile Fenwick, who "
            "leads the county's roads department.",
            "Residents said they would read every page before the council meets again in the "
            "spring, and the ferry company said nothing at all.",
        ),
    )


def serve_page(httpserver, path: str, body: str, **kwargs) -> str:
    httpserver.expect_request(path).respond_with_data(
        body, content_type="text/html; charset=utf-8", **kwargs
    )
    return httpserver.url_for(path)


def serve_robots(httpserver, text: str = "User-agent: *\nAllow: /\n") -> None:
    httpserver.expect_request("/robots.txt").respond_with_data(text, content_type="text/plain")


def serve_conditional(httpserver, path: str, body: str, content_type: str, etag: str):
    """Serve `body` at `path` with an ETag and Last-Modified, answering 304 to a request that
    names them; returns the list of requests' conditional headers."""
    asked = []
    modified = "Wed, 02 Dec 2026 08:00:00 GMT"

    def handler(request):
        asked.append(
            (request.headers.get("If-None-Match"), request.headers.get("If-Modified-Since"))
        )
        if request.headers.get("If-None-Match") == etag:
            return Response(status=304, headers={"ETag": etag})
        return Response(
            body, content_type=content_type, headers={"ETag": etag, "Last-Modified": modified}
        )

    httpserver.expect_request(path).respond_with_handler(handler)
    return asked


def rss(*items: str, language: str = "en") -> str:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel>'
        f"<title>Lowmarsh Courier</title><link>http://example.invalid/</link>"
        f"<language>{language}</language>{''.join(items)}</channel></rss>"
    )


def rss_item(*, link: str | None, title: str, date: datetime.datetime, summary: str = "") -> str:
    link_tag = f"<link>{link}</link>" if link is not None else ""
    return (
        f"<item><title>{title}</title>{link_tag}<description>{summary}</description>"
        f"<pubDate>{rfc822(date)}</pubDate><author>desk@courier.example (Greta Madeup)</author>"
        "</item>"
    )
