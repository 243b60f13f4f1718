"""A capture that fails says why in one line, and writes nothing else."""

import gzip
import socket
import time

import pytest
from werkzeug import Response

from archive.capture import CaptureRefused
from archive.models import Article, Capture
from archive.queueing import request_capture, retry
from tests.capture.conftest import article_page, serve

pytestmark = pytest.mark.django_db


def assert_failed(capture, reason):
    """FAILED with exactly `reason`, and nothing of the page stored."""
    assert capture.state == Capture.State.FAILED
    assert capture.reason == reason
    assert capture.article is None
    assert not capture.has_warc and capture.warc_sha256 == ""
    assert (capture.final_url, capture.status_code, capture.body) == ("", None, "")
    assert capture.captured_at is None
    assert Article.objects.count() == 0


def closed_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_dns_failure():
    """A host that does not resolve."""
    assert_failed(
        request_capture("http://nowhere.invalid/news"), "DNS lookup failed for nowhere.invalid"
    )


def test_connection_refused():
    """Nothing listening on the port."""
    port = closed_port()
    assert_failed(
        request_capture(f"http://127.0.0.1:{port}/news"),
        f"connection refused by 127.0.0.1:{port}",
    )


def test_timeout(stalled, settings):
    """A server that does not answer in time."""
    settings.CAPTURE_TIMEOUT_SECONDS = 0.5
    started = time.monotonic()
    assert_failed(request_capture(stalled), "timed out after 0.5 seconds")
    assert time.monotonic() - started < 3


def test_deadline_for_a_slow_trickle(httpserver, settings):
    """A server that keeps sending a little at a time is stopped at the deadline, though no
    single read waits too long."""
    settings.CAPTURE_TIMEOUT_SECONDS = 0.5

    def trickle(request):
        def chunks():
            for _ in range(10):
                time.sleep(0.1)
                yield b"<p>more</p>"

        return Response(chunks(), content_type="text/html")

    httpserver.expect_request("/trickle").respond_with_handler(trickle)
    assert_failed(request_capture(httpserver.url_for("/trickle")), "timed out after 0.5 seconds")


@pytest.mark.parametrize(
    ("status", "reason"),
    [(404, "HTTP 404 Not Found"), (410, "HTTP 410 Gone"), (503, "HTTP 503 Service Unavailable")],
)
def test_http_error(httpserver, status, reason):
    """A 4xx or 5xx answer, with its status and the standard phrase."""
    url = serve(httpserver, "/gone", "no such page", status=status)
    assert_failed(request_capture(url), reason)


def test_redirect_loop(httpserver):
    httpserver.expect_request("/a").respond_with_data("", status=302, headers={"Location": "/b"})
    httpserver.expect_request("/b").respond_with_data("", status=302, headers={"Location": "/a"})
    assert_failed(request_capture(httpserver.url_for("/a")), "redirect loop")


def test_a_cookie_redirect_to_itself_is_no_loop(httpserver):
    """A page that sets a cookie and sends the client back to itself is followed."""

    def consent(request):
        if request.cookies.get("consent") == "yes":
            return Response(article_page(), content_type="text/html; charset=utf-8")
        response = Response("", status=302, headers={"Location": "/consent"})
        response.set_cookie("consent", "yes")
        return response

    httpserver.expect_request("/consent").respond_with_handler(consent)
    capture = request_capture(httpserver.url_for("/consent"))
    assert capture.state == Capture.State.DONE, capture.reason


def test_too_many_redirects(httpserver, settings):
    settings.CAPTURE_MAX_REDIRECTS = 2
    for step in range(3):
        httpserver.expect_request(f"/step{step}").respond_with_data(
            "", status=301, headers={"Location": f"/step{step + 1}"}
        )
    serve(httpserver, "/step3", article_page())
    assert_failed(request_capture(httpserver.url_for("/step0")), "too many redirects (more than 2)")


def test_two_redirects_are_within_a_limit_of_two(httpserver, settings):
    settings.CAPTURE_MAX_REDIRECTS = 2
    for step in range(2):
        httpserver.expect_request(f"/hop{step}").respond_with_data(
            "", status=301, headers={"Location": f"/hop{step + 1}"}
        )
    serve(httpserver, "/hop2", article_page())
    assert request_capture(httpserver.url_for("/hop0")).state == Capture.State.DONE


def test_redirect_to_another_scheme(httpserver):
    httpserver.expect_request("/files").respond_with_data(
        "", status=302, headers={"Location": "ftp://files.lowmarsh.example/bridge.txt"}
    )
    assert_failed(
        request_capture(httpserver.url_for("/files")), "redirect to a non-web address (ftp:)"
    )


def test_too_large_by_its_length(httpserver, settings):
    settings.CAPTURE_MAX_BYTES = 1000
    url = serve(httpserver, "/big", article_page() + " " * 2000)
    assert_failed(request_capture(url), "too large: more than 1,000 bytes")


def test_too_large_when_streamed(httpserver, settings):
    """A body with no Content-Length is cut off at the cap."""
    settings.CAPTURE_MAX_BYTES = 1000
    httpserver.expect_request("/stream").respond_with_handler(
        lambda request: Response(iter([b"<p>" + b"x" * 600] * 4), content_type="text/html")
    )
    assert_failed(
        request_capture(httpserver.url_for("/stream")), "too large: more than 1,000 bytes"
    )


def test_too_large_once_unzipped(httpserver, settings):
    """A small gzip that unpacks beyond the cap is refused before it is unpacked."""
    settings.CAPTURE_MAX_BYTES = 1024 * 1024
    bomb = gzip.compress(b"<p>" + b" " * (5 * 1024 * 1024))
    assert len(bomb) < 1024 * 1024
    url = serve(httpserver, "/bomb", bomb, headers={"Content-Encoding": "gzip"})
    assert_failed(request_capture(url), "too large: more than 1 MB")


def test_page_without_article_text(httpserver):
    url = serve(httpserver, "/empty", "<html><head><title>Home</title></head><body></body></html>")
    assert_failed(request_capture(url), "no article text found in this HTML page")


def test_not_an_article(httpserver):
    url = serve(httpserver, "/map.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 64, content_type="image/png")
    assert_failed(request_capture(url), "not an article: image/png")


def test_not_a_web_address_is_refused_at_once():
    """Only http and https URLs are captured; nothing is stored for another."""
    for url in ("ftp://files.lowmarsh.example/a", "javascript:alert(1)", "not a url", ""):
        with pytest.raises(CaptureRefused, match="not an http:// or https:// web address"):
            request_capture(url)
    assert Capture.objects.count() == 0


def test_retry_after_a_failure(httpserver):
    """A failed capture can be queued again; it counts the attempt and can then succeed."""
    pages = iter([Response("down", status=503), Response(article_page(), content_type="text/html")])
    httpserver.expect_request("/flaky").respond_with_handler(lambda request: next(pages))
    capture = request_capture(httpserver.url_for("/flaky"))
    assert capture.reason == "HTTP 503 Service Unavailable"

    capture = retry(capture)
    assert capture.state == Capture.State.DONE, capture.reason
    assert capture.reason == ""
    assert capture.attempts == 2
    assert capture.article is not None


def test_only_a_failed_capture_is_retried(httpserver):
    capture = request_capture(serve(httpserver, "/news", article_page()))
    with pytest.raises(CaptureRefused, match="only a failed capture can be retried"):
        retry(capture)
