"""The archived article page links to each finished capture of its page: the replay and the
WARC, with the date, newest first, without a query per capture."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from archive.models import Capture

from .warcs import make_capture

pytestmark = pytest.mark.django_db


def page(client, article):
    response = client.get(article.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


def test_page_links_to_the_replay_and_the_warc_with_the_date(client, public_article):
    """A captured article offers 'View the page as captured' and 'Download the WARC' (a
    .warc.gz link), dated, and still shows its text."""
    when = datetime.datetime(2031, 3, 4, 5, 6, tzinfo=datetime.UTC)
    capture = make_capture(public_article, captured_at=when)

    html = page(client, public_article)

    replay = reverse("quotes:capture-page", args=[capture.pk])
    warc = reverse("quotes:capture-warc", args=[capture.pk])
    assert f'<a href="{replay}" rel="nofollow">View the page as captured</a>' in html
    assert f'<a href="{warc}" rel="nofollow" download>Download the WARC</a>' in html
    assert warc.endswith(".warc.gz")
    assert "4 March 2031, 05:06" in html
    assert "(latest)" not in html
    assert public_article.body.split("\n")[0] in html
    assert client.get(replay).status_code == 200
    assert client.get(warc).status_code == 200


def test_several_versions_are_listed_newest_first(client, public_article):
    """Each finished capture is listed, the latest first and marked so."""
    older = make_capture(public_article)
    newer = make_capture(public_article)
    Capture.objects.filter(pk=older.pk).update(
        requested_at=timezone.now() - datetime.timedelta(days=3)
    )

    html = page(client, public_article)

    first = html.index(reverse("quotes:capture-page", args=[newer.pk]))
    second = html.index(reverse("quotes:capture-page", args=[older.pk]))
    assert first < second
    assert html.count("View the page as captured") == 2
    assert html.count("(latest)") == 1
    assert html.index("(latest)") < second


def test_unfinished_captures_are_not_offered(client, public_article):
    """Queued, running and failed captures show nothing."""
    for state in (Capture.State.QUEUED, Capture.State.RUNNING, Capture.State.FAILED):
        make_capture(public_article, state=state)

    html = page(client, public_article)

    assert "View the page as captured" not in html
    assert "Download the WARC" not in html
    assert "The page as captured" not in html


def test_article_without_captures_shows_no_capture_section(client, public_article):
    html = page(client, public_article)
    assert "The page as captured" not in html


def test_page_runs_a_fixed_number_of_queries(client, public_article, django_assert_max_num_queries):
    """Three captures cost no more queries than one, which costs one more than none."""
    with CaptureQueriesContext(connection) as none:
        page(client, public_article)
    make_capture(public_article)
    with CaptureQueriesContext(connection) as one:
        page(client, public_article)
    make_capture(public_article)
    make_capture(public_article)

    with django_assert_max_num_queries(len(one)):
        page(client, public_article)
    assert len(one) == len(none)
