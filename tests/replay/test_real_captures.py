"""The whole path with the real capture service: a URL given in the admin is fetched from a
local server, archived once its preview is confirmed, and the WARC it wrote replays and
downloads as stored."""

import pytest
from django.urls import reverse

from archive.models import Capture
from tests.capture.conftest import IMMEDIATE, article_page

pytestmark = pytest.mark.django_db

POLICY = (
    "sandbox; default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "font-src 'self' data:; form-action 'none'; base-uri 'none'; frame-ancestors 'self'"
)


@pytest.fixture(autouse=True)
def capture_settings(settings):
    """Captures may reach the local test server and run at once."""
    settings.CAPTURE_ALLOW_PRIVATE = True
    settings.CAPTURE_TIMEOUT_SECONDS = 5
    settings.TASKS = IMMEDIATE
    return settings


def test_url_archived_from_the_admin_replays_as_served(admin_client, httpserver):
    """Archive a URL and confirm its preview: the capture's page says it is done and links
    its article; the replay gives the bytes the server sent, sandboxed, and the WARC
    downloads as stored."""
    page = article_page().encode()
    httpserver.expect_request("/bridge").respond_with_data(
        page, content_type="text/html; charset=utf-8"
    )
    url = httpserver.url_for("/bridge")

    response = admin_client.post(reverse("admin:archive_article_add"), {"capture_url": url})

    capture = Capture.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:archive_capture_change", args=[capture.pk])
    assert capture.state == Capture.State.REVIEW, capture.reason
    review = reverse("admin:archive_capture_review", args=[capture.pk])
    admin_client.post(review, {"outlet": "", "url": url, "title": "", "published": ""})
    capture.refresh_from_db()
    assert capture.state == Capture.State.DONE, capture.reason
    html = admin_client.get(response["Location"]).content.decode()
    assert "archived as <a href=" in html

    replay = admin_client.get(reverse("quotes:capture-replay", args=[capture.pk]))
    assert replay.status_code == 200
    assert replay.content == page
    assert replay["Content-Type"] == "text/html; charset=utf-8"
    assert replay["Content-Security-Policy"] == POLICY

    warc = admin_client.get(reverse("quotes:capture-warc", args=[capture.pk]))
    assert warc.content == capture.read_warc()


def test_failed_capture_retried_from_its_page(admin_client, httpserver):
    """A page that answered 503 fails with the reason; once the server is back, Retry
    captures it, for review as the first request asked."""
    httpserver.expect_oneshot_request("/flaky").respond_with_data("down", status=503)
    url = httpserver.url_for("/flaky")
    admin_client.post(reverse("admin:archive_article_add"), {"capture_url": url})
    capture = Capture.objects.get()
    assert capture.state == Capture.State.FAILED
    change = reverse("admin:archive_capture_change", args=[capture.pk])
    assert capture.reason in admin_client.get(change).content.decode()

    httpserver.expect_request("/flaky").respond_with_data(
        article_page(), content_type="text/html; charset=utf-8"
    )
    response = admin_client.post(reverse("admin:archive_capture_retry", args=[capture.pk]))

    assert response["Location"] == change
    capture.refresh_from_db()
    assert capture.state == Capture.State.REVIEW, capture.reason
    assert capture.attempts == 2
