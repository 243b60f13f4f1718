"""What the admin says after "Or archive a URL": one true thing. A capture that failed at
once says it failed (not that it "will be captured"), one awaiting review says so, and a
malformed address is refused on its own, without the unrelated "Paste the article text"."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from archive.models import Capture
from tests.capture.conftest import article_page, serve

pytestmark = pytest.mark.django_db

ADD = reverse("admin:archive_article_add")


def messages_after(client, response):
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_a_private_address_says_it_failed_and_nothing_else(admin_client, httpserver, settings):
    """Before: a green "will be captured and shown for review" above "Failed: private
    address refused"."""
    settings.CAPTURE_ALLOW_PRIVATE = False
    url = serve(httpserver, "/news", article_page())
    response = admin_client.post(ADD, {"capture_url": url})
    capture = Capture.objects.get(url=url)
    assert capture.state == Capture.State.FAILED
    said = messages_after(admin_client, response)
    assert len(said) == 1
    assert "could not be captured" in said[0] and "private address refused" in said[0]
    assert "will be captured" not in said[0]
    [message] = get_messages(response.wsgi_request)
    assert message.level_tag == "error"


def test_a_captured_page_says_it_waits_for_review(admin_client, httpserver):
    url = serve(httpserver, "/news", article_page())
    response = admin_client.post(ADD, {"capture_url": url})
    [said] = messages_after(admin_client, response)
    assert "was captured" in said and "check it below" in said
    assert "will be captured" not in said


def test_a_malformed_address_is_refused_on_its_own(admin_client):
    """Before: the field's error came with "Paste the article text or upload ..."."""
    response = admin_client.post(ADD, {"capture_url": "htp:/not an address"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Enter a valid URL" in html or "valid" in html
    assert "Paste the article text" not in html
    assert not Capture.objects.exists()
