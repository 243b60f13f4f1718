"""The page around a replay (/archive/captures/<id>/): the site's page with a banner saying
whose copy it is and when it was captured, and the replay in a sandboxed frame below it. The
replay's own bytes and headers stay as they are (test_replay_view.py)."""

import datetime
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from archive.models import Capture
from tests.factories import ArticleFactory

from .warcs import PAGE, make_capture

pytestmark = pytest.mark.django_db

WHEN = datetime.datetime(2031, 3, 4, 5, 6, 7, tzinfo=datetime.UTC)


def page_url(capture):
    return reverse("quotes:capture-page", args=[capture.pk])


def replay_url(capture):
    return reverse("quotes:capture-replay", args=[capture.pk])


class Frames(HTMLParser):
    """The attributes of every iframe, object and embed of a page."""

    def __init__(self, html):
        super().__init__()
        self.frames = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag in ("iframe", "object", "embed"):
            self.frames.append((tag, dict(attrs)))


def test_banner_names_the_original_and_the_capture_time(client, public_article):
    """The page answers 200 with 'Archived copy of <URL>, captured on <ISO date> UTC', a link
    to the archived article's page and one to the original."""
    capture = make_capture(public_article, captured_at=WHEN)

    response = client.get(page_url(capture))

    assert response.status_code == 200
    html = response.content.decode()
    assert "Archived copy of https://news.test/pier, captured on 2031-03-04 05:06 UTC" in html
    assert f'<a href="{public_article.get_absolute_url()}">' in html
    assert 'href="https://news.test/pier"' in html


def test_the_replay_is_framed_sandboxed_and_titled(client, public_capture):
    """One iframe, whose src is the replay, with an empty sandbox (no script, no form, no
    top navigation) and a title for screen readers; nothing else embedded."""
    html = client.get(page_url(public_capture)).content.decode()

    [(tag, attrs)] = Frames(html).frames
    assert tag == "iframe"
    assert attrs["src"] == replay_url(public_capture)
    assert attrs["sandbox"] == ""
    assert attrs["title"] == "The archived copy of https://news.test/pier"


def test_the_page_may_frame_only_its_own_site(client, public_capture):
    """The site's policy stays on this page, with frame-src 'self' added for the replay; the
    page itself may not be framed; the replay it frames keeps its bytes and its sandbox."""
    response = client.get(page_url(public_capture))

    policy = response["Content-Security-Policy"]
    assert "frame-src 'self'" in policy
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    replay = client.get(replay_url(public_capture))
    assert replay.content == PAGE
    assert replay["Content-Security-Policy"].startswith("sandbox")
    assert "Memento-Datetime" in replay


def test_other_pages_keep_no_frame_source(client, public_capture):
    """frame-src is added for this page only: the article page does not carry it."""
    response = client.get(public_capture.article.get_absolute_url())
    assert "frame-src" not in response["Content-Security-Policy"]


def test_original_address_is_escaped(client, public_article):
    """A captured address is someone else's text: it is escaped in the banner and the title."""
    public_article.url = 'https://news.test/a"><script>alert(1)</script>'
    public_article.save()
    capture = make_capture(public_article, url="https://news.test/a")

    html = client.get(page_url(capture)).content.decode()

    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_non_public_captures_are_404(client, hidden_capture, public_article):
    """Same rules as the replay: an unpublished article's capture, an unfinished capture, one
    without an article and an unknown id all answer 404."""
    unfinished = make_capture(public_article, state=Capture.State.RUNNING)
    orphan = make_capture(ArticleFactory(url="https://news.test/none"))

    for capture in (hidden_capture, unfinished, orphan):
        assert client.get(page_url(capture)).status_code == 404
        assert client.get(replay_url(capture)).status_code == 404
    assert client.get(reverse("quotes:capture-page", args=[999999])).status_code == 404


def test_unreadable_warc_is_404(staff_client, public_article):
    """A capture whose WARC holds no page has no copy to frame."""
    capture = make_capture(public_article, warc=b"not a warc at all")
    assert staff_client.get(page_url(capture)).status_code == 404


def test_staff_see_a_hidden_capture_without_a_dead_article_link(staff_client, hidden_capture):
    """Staff may open any capture; the banner offers the article's page only where readers
    have one."""
    response = staff_client.get(page_url(hidden_capture))

    assert response.status_code == 200
    html = response.content.decode()
    assert "Archived copy of https://news.test/hidden" in html
    assert hidden_capture.article.get_absolute_url() not in html


def test_page_only_answers_reads(client, public_capture):
    assert client.post(page_url(public_capture)).status_code == 405
    assert client.head(page_url(public_capture)).status_code == 200
