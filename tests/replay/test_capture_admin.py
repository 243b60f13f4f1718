"""Captures in the admin: listed with their state and reason, read-only, retried when they
failed, compared with the archived text when they are a later version; the article add form
archives a URL through the capture service, and an article's page lists its captures."""

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import Group
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from archive import queueing as service
from archive.capture import CaptureRefused
from archive.models import Capture
from quotes import roles
from tests.factories import ArticleFactory

from .warcs import make_capture

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:archive_capture_changelist")
ADD_ARTICLE = reverse("admin:archive_article_add")


def change_url(capture):
    return reverse("admin:archive_capture_change", args=[capture.pk])


def retry_url(capture):
    return reverse("admin:archive_capture_retry", args=[capture.pk])


def failed(url="https://news.test/gone", reason="the server answered 503 Service Unavailable"):
    return Capture.objects.create(url=url, state=Capture.State.FAILED, reason=reason)


@pytest.fixture
def capture_service(monkeypatch):
    """The capture service's entry points, replaced: each call is recorded and does what the
    service promises to the admin (a queued capture), with no fetch."""
    calls = []

    def request_capture(url, *, publish=False, user=None, review=False):
        calls.append(("request_capture", url, publish, user, review))
        return Capture.objects.create(url=url, publish=publish, requested_by=user, review=review)

    def retry(capture):
        calls.append(("retry", capture.pk))
        Capture.objects.filter(pk=capture.pk).update(state=Capture.State.QUEUED, reason="")
        capture.refresh_from_db()
        return capture

    monkeypatch.setattr(service, "request_capture", request_capture)
    monkeypatch.setattr(service, "retry", retry)
    return calls


@pytest.fixture
def archivist(client, django_user_model):
    user = django_user_model.objects.create_user("ada", password="unused", is_staff=True)
    user.groups.add(Group.objects.get(name=roles.ARCHIVISTS))
    client.force_login(user)
    return client


# The list -------------------------------------------------------------------------------------


def test_list_shows_url_state_with_reason_article_and_requester(admin_client, admin_user):
    """Each row: the URL, the state (a failure with its one-line reason), the article, who
    asked and when."""
    article = ArticleFactory(title="Pier to reopen")
    make_capture(article, requested_by=admin_user)
    failed()

    response = admin_client.get(CHANGELIST)

    assert response.status_code == 200
    html = response.content.decode()
    assert "Failed: the server answered 503 Service Unavailable" in html
    assert "https://news.test/gone" in html
    assert f'href="{reverse("admin:archive_article_change", args=[article.pk])}"' in html
    assert "Pier to reopen" in html
    assert admin_user.username in html


def test_list_filters_by_state(admin_client):
    done = make_capture(ArticleFactory())
    broken = failed()
    response = admin_client.get(CHANGELIST, {"state__exact": "failed"})
    assert list(response.context["cl"].result_list) == [broken]
    assert done not in response.context["cl"].result_list


def test_list_runs_no_query_per_row_and_loads_no_warc(admin_client, admin_user):
    """Twelve rows cost no more queries than two, and no WARC, text or source is read."""
    for _ in range(2):
        make_capture(ArticleFactory(), requested_by=admin_user)
    with CaptureQueriesContext(connection) as few:
        admin_client.get(CHANGELIST)
    for _ in range(10):
        make_capture(ArticleFactory(), requested_by=admin_user)

    with CaptureQueriesContext(connection) as many:
        response = admin_client.get(CHANGELIST)

    assert len(response.context["cl"].result_list) == 12
    assert len(many) <= len(few)
    # The columns each SELECT returns: the WARC's recorded size, never a text.
    columns = [q["sql"].split(" FROM ")[0] for q in many if "archive_capture" in q["sql"]]
    for column in ("capture", "article"):
        assert not any(f'"archive_{column}"."body"' in sql for sql in columns)
    assert not any('"archive_article"."raw"' in sql for sql in columns)


def test_captures_are_neither_added_nor_deleted_nor_edited(admin_client):
    """The service makes captures: no add button, no delete, a read-only page."""
    capture = failed()
    html = admin_client.get(CHANGELIST).content.decode()
    assert reverse("admin:archive_capture_add") not in html
    assert admin_client.get(reverse("admin:archive_capture_add")).status_code == 403
    assert (
        admin_client.get(reverse("admin:archive_capture_delete", args=[capture.pk])).status_code
        == 403
    )

    response = admin_client.get(change_url(capture))
    assert response.status_code == 200
    assert 'name="_save"' not in response.content.decode()
    admin_client.post(change_url(capture), {"url": "https://elsewhere.test/", "state": "done"})
    capture.refresh_from_db()
    assert (capture.url, capture.state) == ("https://news.test/gone", Capture.State.FAILED)


# One capture's page ---------------------------------------------------------------------------


def test_queued_capture_page_says_so_and_reloads(admin_client):
    capture = Capture.objects.create(url="https://news.test/soon")
    html = admin_client.get(change_url(capture)).content.decode()
    assert "Waiting for a worker to fetch https://news.test/soon" in html
    assert '<meta http-equiv="refresh" content="5">' in html


def test_done_capture_page_links_the_article_the_replay_and_the_warc(admin_client):
    article = ArticleFactory(title="Pier to reopen")
    capture = make_capture(article)

    html = admin_client.get(change_url(capture)).content.decode()

    assert "archived as <a href=" in html and "Pier to reopen</a>" in html
    # The banner page, which says whose copy it is, not the bare replay.
    assert f'href="{reverse("quotes:capture-page", args=[capture.pk])}"' in html
    assert reverse("quotes:capture-replay", args=[capture.pk]) not in html
    assert reverse("quotes:capture-warc", args=[capture.pk]) in html
    assert 'http-equiv="refresh"' not in html
    assert "The same text as the archived article." in html
    assert "Retry" not in html


def test_failed_capture_page_gives_the_reason_and_a_retry_button(admin_client):
    capture = failed()
    html = admin_client.get(change_url(capture)).content.decode()
    assert "The capture failed: the server answered 503 Service Unavailable" in html
    assert f'<form method="post" action="{retry_url(capture)}">' in html
    assert 'value="Retry"' in html


def test_retry_button_asks_the_service_again(admin_client, capture_service):
    """The button retries through archive.queueing.retry and returns to the capture's page."""
    capture = failed()

    response = admin_client.post(retry_url(capture))

    assert response.status_code == 302
    assert response["Location"] == change_url(capture)
    assert capture_service == [("retry", capture.pk)]
    capture.refresh_from_db()
    assert capture.state == Capture.State.QUEUED


def test_retry_needs_a_post_and_a_failed_capture(admin_client, capture_service):
    capture = failed()
    assert admin_client.get(retry_url(capture)).status_code == 405
    done = make_capture(ArticleFactory())
    admin_client.post(retry_url(done))
    assert capture_service == []
    assert (
        admin_client.post(reverse("admin:archive_capture_retry", args=[999999])).status_code == 404
    )


def test_retry_action_retries_only_the_failed(admin_client, capture_service):
    broken, also_broken = failed(), failed("https://news.test/other")
    done = make_capture(ArticleFactory())

    response = admin_client.post(
        CHANGELIST,
        {
            "action": "retry_selected",
            ACTION_CHECKBOX_NAME: [broken.pk, also_broken.pk, done.pk],
        },
        follow=True,
    )

    assert sorted(capture_service) == sorted([("retry", broken.pk), ("retry", also_broken.pk)])
    messages = [str(m) for m in response.context["messages"]]
    assert "2 capture(s) will be fetched again." in messages
    assert "1 capture(s) had not failed and were left as they are." in messages


def test_archivists_see_captures_and_retry_them(archivist, capture_service):
    """Whoever may add articles may look at captures and retry a failed one."""
    capture = failed()
    assert archivist.get(CHANGELIST).status_code == 200
    html = archivist.get(change_url(capture)).content.decode()
    assert 'value="Retry"' in html
    assert archivist.post(retry_url(capture)).status_code == 302
    assert capture_service == [("retry", capture.pk)]


def test_staff_without_article_rights_cannot_retry(client, django_user_model, capture_service):
    viewer = django_user_model.objects.create_user("vic", password="unused", is_staff=True)
    client.force_login(viewer)
    capture = failed()
    assert client.post(retry_url(capture)).status_code == 403
    assert capture_service == []


def test_later_version_shows_its_difference_from_the_archived_text(admin_client):
    """A capture whose text differs from its article's shows the changed words, escaped."""
    article = ArticleFactory(
        body="Intro.\n\nThe pier will reopen in May.\n\nSame one.\n\nSame two.\n\nSame three."
    )
    later = (
        "Intro.\n\nThe pier will reopen in <b>June</b>.\n\nSame one.\n\nSame two."
        "\n\nSame three.\n\nA correction was added."
    )
    capture = make_capture(article, body=later)

    html = admin_client.get(change_url(capture)).content.decode()

    assert "Difference from the archived text" in html
    assert "The pier will reopen in <del>May.</del> <ins>&lt;b&gt;June&lt;/b&gt;.</ins>" in html
    assert "<p><ins>A correction was added.</ins></p>" in html
    assert "<b>June</b>" not in html
    assert "unchanged paragraph" in html


# The article's pages ----------------------------------------------------------------------------


def test_article_change_page_lists_its_captures(admin_client):
    article = ArticleFactory()
    capture = make_capture(article)
    broken = failed(article.url)
    Capture.objects.filter(pk=broken.pk).update(article=article)

    html = admin_client.get(reverse("admin:archive_article_change", args=[article.pk])).content
    html = html.decode()

    assert change_url(capture) in html and change_url(broken) in html
    # The banner page, which says whose copy it is, not the bare replay.
    assert f'href="{reverse("quotes:capture-page", args=[capture.pk])}"' in html
    assert reverse("quotes:capture-replay", args=[capture.pk]) not in html
    assert reverse("quotes:capture-warc", args=[capture.pk]) in html
    assert "Failed: the server answered 503 Service Unavailable" in html


def test_add_page_offers_a_url_to_archive(admin_client):
    html = admin_client.get(ADD_ARTICLE).content.decode()
    assert 'name="capture_url"' in html
    assert "Or archive a URL" in html


def test_a_url_alone_is_captured_and_its_page_opened(admin_client, admin_user, capture_service):
    """Only a URL: the capture service is asked (with publish and the user, to stop for
    review before archiving), and the capture's page opens."""
    response = admin_client.post(
        ADD_ARTICLE,
        {"text": "", "capture_url": "https://news.test/pier", "publish": "on"},
    )

    capture = Capture.objects.get()
    assert response.status_code == 302
    assert response["Location"] == change_url(capture)
    assert capture_service == [
        ("request_capture", "https://news.test/pier", True, admin_user, True)
    ]


def test_archivist_cannot_publish_through_a_capture(archivist, capture_service):
    """Who may not publish asks for a capture whose quotes wait for review."""
    archivist.post(ADD_ARTICLE, {"capture_url": "https://news.test/pier", "publish": "on"})
    assert capture_service[0][2] is False


@pytest.mark.parametrize(
    "extra, message",
    [
        ({"text": "Some text."}, "not both"),
        ({"title": "A title"}, "leave Title empty"),
        ({"capture_url": "javascript:alert(1)"}, "starting with http"),
    ],
)
def test_a_url_with_other_input_is_refused(admin_client, capture_service, extra, message):
    response = admin_client.post(ADD_ARTICLE, {"capture_url": "https://news.test/pier", **extra})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert capture_service == []
    assert not Capture.objects.exists()


def test_a_url_the_service_refuses_is_an_error_on_the_form(admin_client, monkeypatch):
    """The service's refusal (nothing stored) is shown on the form."""

    def refuse(url, *, publish=False, user=None, review=False):
        raise CaptureRefused("not an http:// or https:// web address")

    monkeypatch.setattr(service, "request_capture", refuse)
    response = admin_client.post(ADD_ARTICLE, {"capture_url": "https://news.test/pier"})
    assert response.status_code == 200
    assert "This page cannot be captured: not an http:// or https:// web address." in (
        response.content.decode()
    )


def test_a_capture_retried_meanwhile_is_left_alone(admin_client, monkeypatch):
    """A retry the service refuses (someone retried it first) is reported, not an error."""

    def refuse(capture):
        raise CaptureRefused("only a failed capture can be retried")

    monkeypatch.setattr(service, "retry", refuse)
    capture = failed()
    response = admin_client.post(retry_url(capture), follow=True)
    assert response.status_code == 200
    messages = [str(m) for m in response.context["messages"]]
    assert messages == ["1 capture(s) had not failed and were left as they are."]
