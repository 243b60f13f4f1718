"""/archive/captures/<id>/replay/: the captured page's own bytes under the archive's address,
sandboxed so no script runs and nothing is fetched from the web, for the public only when the
article is public."""

import gzip

import pytest
from django.urls import reverse

from archive.models import Capture
from tests.factories import ArticleFactory

from .warcs import PAGE, make_capture, warc_bytes

pytestmark = pytest.mark.django_db

POLICY = (
    "sandbox; default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "font-src 'self' data:; form-action 'none'; base-uri 'none'; frame-ancestors 'self'"
)


def replay_url(capture):
    return reverse("quotes:capture-replay", args=[capture.pk])


def test_replay_serves_the_captured_bytes_with_their_content_type(client, public_capture):
    """The page is served exactly as captured, as text/html with the charset it was sent
    with, at /archive/captures/<id>/replay/."""
    url = replay_url(public_capture)
    assert url == f"/archive/captures/{public_capture.pk}/replay/"

    response = client.get(url)

    assert response.status_code == 200
    assert response.content == PAGE
    assert response["Content-Type"] == "text/html; charset=utf-8"


def test_replay_headers_forbid_scripts_and_outside_requests(client, public_capture):
    """The replay carries its own policy, exactly, in place of the site's: a sandbox, nothing
    from anywhere but the archive, no forms, no base; and no sniffing, no referrer, inline."""
    response = client.get(replay_url(public_capture))

    assert response["Content-Security-Policy"] == POLICY
    assert response.headers.get("Content-Security-Policy-Report-Only") is None
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "no-referrer"
    assert response["Content-Disposition"] == "inline"
    assert response["X-Frame-Options"] == "SAMEORIGIN"
    assert "Content-Encoding" not in response


def test_the_site_keeps_its_own_policy_elsewhere(client, public_capture):
    """Only the replay is sandboxed: the article page keeps the site's policy."""
    response = client.get(public_capture.article.get_absolute_url())
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert "sandbox" not in response["Content-Security-Policy"]


def test_policy_is_the_same_when_debug_is_off(client, settings, public_capture):
    """Production settings send the same header."""
    settings.DEBUG = False
    assert client.get(replay_url(public_capture))["Content-Security-Policy"] == POLICY


def test_content_encoding_is_undone(client, public_article):
    """A page the outlet sent gzipped is served as plain bytes, without the encoding."""
    capture = make_capture(
        public_article,
        gzip.compress(PAGE),
        headers=[("Content-Encoding", "gzip")],
    )
    response = client.get(replay_url(capture))
    assert response.content == PAGE
    assert "Content-Encoding" not in response


def test_other_content_types_are_kept(client, public_article):
    """A PDF found instead of a page is served as the PDF it was."""
    pdf = b"%PDF-1.4\n% a very small pdf\n"
    capture = make_capture(public_article, pdf, content_type="application/pdf")
    response = client.get(replay_url(capture))
    assert response["Content-Type"] == "application/pdf"
    assert response.content == pdf
    assert response["Content-Security-Policy"] == POLICY


def test_after_redirects_the_final_page_is_served(client, public_article):
    """When the WARC holds a redirect and then the page, the page is what replays."""
    first, final = "https://news.test/short", "https://news.test/pier-to-reopen"
    warc = warc_bytes(first, b"", status="301 Moved Permanently") + warc_bytes(final, PAGE)
    capture = make_capture(public_article, url=first, warc=warc)
    Capture.objects.filter(pk=capture.pk).update(final_url=final)

    response = client.get(replay_url(capture))

    assert response.status_code == 200
    assert response.content == PAGE


def test_capture_of_an_unpublished_article_is_not_found(client, hidden_capture):
    """An anonymous visitor gets 404 for a capture whose article has no public quote, and for
    one that archived no article."""
    assert client.get(replay_url(hidden_capture)).status_code == 404
    orphan = make_capture(None, url="https://news.test/orphan")
    assert client.get(replay_url(orphan)).status_code == 404


def test_signed_in_non_staff_user_is_treated_as_the_public(
    client, django_user_model, hidden_capture
):
    """Being signed in is not enough: only staff see captures of unpublished articles."""
    client.force_login(django_user_model.objects.create_user("reader", password="unused"))
    assert client.get(replay_url(hidden_capture)).status_code == 404


def test_staff_may_replay_any_capture(staff_client, hidden_capture):
    """Staff replay a capture whose article is not public, or that has no article."""
    response = staff_client.get(replay_url(hidden_capture))
    assert response.status_code == 200
    assert response.content == PAGE
    assert response["Content-Security-Policy"] == POLICY
    orphan = make_capture(None, url="https://news.test/orphan", state=Capture.State.FAILED)
    assert staff_client.get(replay_url(orphan)).status_code == 200


@pytest.mark.parametrize("state", [Capture.State.FAILED, Capture.State.RUNNING])
def test_unfinished_capture_of_a_public_article_is_not_public(client, public_article, state):
    """The public replays finished captures only."""
    capture = make_capture(public_article, state=state)
    assert client.get(replay_url(capture)).status_code == 404


def test_capture_without_a_warc_is_not_found(client, staff_client, public_article):
    """No WARC, nothing to replay, for anyone."""
    capture = Capture.objects.create(
        url="https://news.test/q", article=public_article, state=Capture.State.DONE
    )
    assert client.get(replay_url(capture)).status_code == 404
    assert staff_client.get(replay_url(capture)).status_code == 404


def test_unknown_capture_is_not_found(client):
    assert client.get("/archive/captures/999999/replay/").status_code == 404


def test_unreadable_warc_is_not_found(staff_client, public_article):
    """Bytes that are no WARC give 404, not an error page."""
    capture = make_capture(public_article, warc=b"not a warc at all")
    assert staff_client.get(replay_url(capture)).status_code == 404


def test_replay_only_answers_reads(client, public_capture):
    """A POST is refused; HEAD is answered."""
    assert client.post(replay_url(public_capture)).status_code == 405
    assert client.head(replay_url(public_capture)).status_code == 200


def test_replay_never_runs_inside_the_site_pages(client, public_capture):
    """The article page links to the replay (through the page that frames it under a
    banner); it never frames or embeds it."""
    html = client.get(public_capture.article.get_absolute_url()).content.decode()
    assert reverse("quotes:capture-page", args=[public_capture.pk]) in html
    assert "<iframe" not in html and "<object" not in html and "<embed" not in html


def test_article_never_public_gives_no_capture(client):
    """An article without any quote is not public, nor are its captures."""
    capture = make_capture(ArticleFactory(url="https://news.test/none"))
    assert client.get(replay_url(capture)).status_code == 404
