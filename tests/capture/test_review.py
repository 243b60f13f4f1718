"""A capture asked for in the admin waits for review: the page is fetched and kept, what it
says about itself is proposed, and the article is archived only when an archivist has checked
it on the capture's page (archive.capture.archive_reviewed); the command line still archives
at once."""

import datetime
import gzip
import io

import pytest
from django.contrib.auth.models import Permission
from django.core.management import call_command
from django.urls import reverse

from archive.capture import CaptureRefused, archive_reviewed, outcome, run_capture
from archive.models import Article, Capture, Outlet
from archive.queueing import request_capture
from archive.services import ArticleRejected
from tests.capture.conftest import article_page, json_ld, serve

pytestmark = pytest.mark.django_db

ADD = reverse("admin:archive_article_add")
COURIER_HEAD = (
    '<meta property="og:site_name" content="Lowmarsh Courier">'
    '<meta property="article:published_time" content="2025-09-14T07:00:00Z">'
    + json_ld(
        {
            "@context": "https://schema.org",
            "@type": "NewsArticle",
            "author": {"@type": "Person", "name": "Greta Madeup"},
        }
    )
)


def courier_page(canonical="https://courier.example/2025/09/bridge", **kwargs) -> str:
    """An invented page of the Lowmarsh Courier, declaring its site name, date, author (in
    JSON-LD), canonical address and language."""
    head = f'{COURIER_HEAD}<link rel="canonical" href="{canonical}">'
    return article_page(head=head, html_attrs='lang="en-GB"', **kwargs)


def change_url(capture):
    return reverse("admin:archive_capture_change", args=[capture.pk])


def review_url(capture):
    return reverse("admin:archive_capture_review", args=[capture.pk])


def requested_in_admin(client, url):
    """The admin's "Or archive a URL", and the capture it made."""
    response = client.post(ADD, {"capture_url": url})
    capture = Capture.objects.get(url=url)
    assert response.status_code == 302
    assert response["Location"] == change_url(capture)
    return capture


def reviewed(client, capture, **changes):
    """The capture page's review form sent back as the browser would, with `changes`."""
    form = client.get(change_url(capture)).context["review_form"]
    data = {name: form[name].value() or "" for name in form.fields}
    return client.post(review_url(capture), {**data, **changes})


def test_a_capture_from_the_admin_waits_for_review(admin_client, httpserver):
    """Fetched and kept (WARC, text, hashes), with the page's metadata proposed; no article."""
    url = serve(httpserver, "/news/bridge", courier_page())

    capture = requested_in_admin(admin_client, url)

    assert capture.state == Capture.State.REVIEW, capture.reason
    assert capture.review
    assert capture.article is None
    assert Article.objects.count() == 0
    assert Outlet.objects.count() == 0
    assert capture.has_warc and capture.warc_sha256 and capture.content_sha256
    assert "rust in every second bolt" in capture.body
    assert capture.proposed == {
        "title": "Lowmarsh bridge to close for repairs",
        "published": "2025-09-14",
        "outlet": "Lowmarsh Courier",
        "author": "Greta Madeup",
        "language": "en-GB",
        "canonical_url": "https://courier.example/2025/09/bridge",
        "url": url,
    }
    assert outcome(capture) == "captured, awaiting review before it is archived"


def test_the_capture_page_shows_the_preview_and_the_form(admin_client, httpserver):
    """The page of a capture awaiting review shows what the page says, the fields prefilled
    from it and the button that archives it; it does not reload itself."""
    url = serve(httpserver, "/news/bridge", courier_page())
    capture = requested_in_admin(admin_client, url)

    response = admin_client.get(change_url(capture))

    html = response.content.decode()
    assert "Awaiting review" in html
    assert "What the page says" in html
    for shown in ("Lowmarsh Courier", "2025-09-14", "Greta Madeup", "en-GB"):
        assert shown in html
    assert "https://courier.example/2025/09/bridge" in html
    assert "a new outlet “Lowmarsh Courier” for localhost, created when it is archived" in html
    assert "We found rust in every second bolt" in html
    assert f'action="{review_url(capture)}"' in html
    assert 'value="Archive this article"' in html
    # The banner page, which says whose copy it is, not the bare replay.
    assert f'href="{reverse("quotes:capture-page", args=[capture.pk])}"' in html
    assert reverse("quotes:capture-replay", args=[capture.pk]) not in html
    assert 'http-equiv="refresh"' not in html
    form = response.context["review_form"]
    assert form["outlet"].value() == "Lowmarsh Courier"
    assert form["url"].value() == url
    assert form["title"].value() == "Lowmarsh bridge to close for repairs"
    assert form["author"].value() == "Greta Madeup"


def test_a_corrected_outlet_is_archived_with_the_article(admin_client, httpserver):
    """Archive this article, with the outlet corrected: the article has it and the page's
    other metadata, the capture is done and points at it, and the article's page opens."""
    url = serve(httpserver, "/news/bridge", courier_page())
    capture = requested_in_admin(admin_client, url)

    response = reviewed(admin_client, capture, outlet="The Lowmarsh Evening Courier")

    capture.refresh_from_db()
    article = capture.article
    assert capture.state == Capture.State.DONE
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:archive_article_change", args=[article.pk])
    assert article.outlet.name == "The Lowmarsh Evening Courier"
    assert article.outlet.domain == "localhost"
    assert article.title == "Lowmarsh bridge to close for repairs"
    assert article.published == datetime.date(2025, 9, 14)
    assert article.author == "Greta Madeup"
    assert article.language == "en"  # the page's en-GB, as ISO 639-1
    assert article.canonical_url == "https://courier.example/2025/09/bridge"
    assert article.url == url
    assert article.captured_at == capture.captured_at
    assert article.raw_format == Article.Format.HTML
    assert article.sha256 == capture.content_sha256
    assert article.body == capture.body
    assert outcome(capture) == f"archived as article {article.pk}"
    assert not Outlet.objects.filter(name="Lowmarsh Courier").exists()


def test_archived_as_run_capture_would_have(httpserver):
    """With nothing corrected, the reviewed article is the one a direct capture archives."""
    fields = ["title", "published", "author", "language", "raw_format", "body", "outlet"]
    direct_url = serve(httpserver, "/direct", courier_page("https://courier.example/direct"))
    direct = request_capture(direct_url).article
    url = serve(httpserver, "/reviewed", courier_page("https://courier.example/reviewed"))

    capture = archive_reviewed(request_capture(url, review=True))

    article = capture.article
    assert article != direct
    assert {name: getattr(article, name) for name in fields} == {
        name: getattr(direct, name) for name in fields
    }
    assert (article.url, article.canonical_url) == (url, "https://courier.example/reviewed")
    assert article.captured_at == capture.captured_at


def test_a_gzipped_page_is_archived_byte_for_byte(httpserver):
    """The page's bytes are read back from the WARC with their gzip undone, as fetched."""
    page = courier_page().encode()
    url = serve(httpserver, "/zipped", gzip.compress(page), headers={"Content-Encoding": "gzip"})

    capture = archive_reviewed(request_capture(url, review=True), title="Bridge shuts")

    assert capture.article.read_raw() == page
    assert capture.article.title == "Bridge shuts"


def test_a_capture_not_awaiting_review_is_refused(httpserver):
    """archive_reviewed twice archives once: the second call is refused, and so is a capture
    that never awaited review."""
    url = serve(httpserver, "/news/bridge", courier_page())
    capture = request_capture(url, review=True)
    archive_reviewed(capture)

    with pytest.raises(CaptureRefused, match="is done: only a capture awaiting review"):
        archive_reviewed(capture)
    queued = Capture.objects.create(url="https://news.test/later", review=True)
    with pytest.raises(CaptureRefused, match="is queued"):
        archive_reviewed(queued)

    assert Article.objects.count() == 1
    queued.refresh_from_db()
    assert queued.state == Capture.State.QUEUED


def test_a_second_click_archives_nothing_more(admin_client, httpserver):
    """The button sent again (or by a second archivist) says the capture is done already."""
    url = serve(httpserver, "/news/bridge", courier_page())
    capture = requested_in_admin(admin_client, url)
    form = admin_client.get(change_url(capture)).context["review_form"]
    data = {name: form[name].value() or "" for name in form.fields}
    admin_client.post(review_url(capture), data)

    response = admin_client.post(review_url(capture), data, follow=True)

    messages = [str(m) for m in response.context["messages"]]
    assert any("is done: only a capture awaiting review" in m for m in messages)
    assert Article.objects.count() == 1


def test_a_refused_article_leaves_the_capture_awaiting_review(admin_client, httpserver):
    """An address already archived is refused on the form; the capture still waits."""
    other = Article.objects.create(
        url="https://courier.example/elsewhere", raw=b"x", sha256="0" * 64, body="x"
    )
    url = serve(httpserver, "/news/bridge", courier_page())
    capture = requested_in_admin(admin_client, url)

    response = reviewed(admin_client, capture, url=other.url)

    assert response.status_code == 200
    assert "This URL is already archived" in response.content.decode()
    assert "What the page says" in response.content.decode()
    capture.refresh_from_db()
    assert capture.state == Capture.State.REVIEW
    with pytest.raises(ArticleRejected, match="already archived"):
        archive_reviewed(capture, url=other.url)
    capture.refresh_from_db()
    assert capture.state == Capture.State.REVIEW
    assert Article.objects.count() == 1


def test_a_page_archived_meanwhile_makes_the_capture_a_version_of_it(admin_client, httpserver):
    """The page archived by another capture while this one awaited review: archiving it
    finds that article, as run_capture would, and says so."""
    url = serve(httpserver, "/news/bridge", courier_page())
    capture = requested_in_admin(admin_client, url)
    article = request_capture(url).article

    response = reviewed(admin_client, capture, title="Another title")

    capture.refresh_from_db()
    assert (capture.state, capture.article) == (Capture.State.DONE, article)
    assert response["Location"] == reverse("admin:archive_article_change", args=[article.pk])
    messages = [str(m) for m in admin_client.get(response["Location"]).context["messages"]]
    assert f"already archived (article {article.pk})" in " ".join(messages)
    article.refresh_from_db()
    assert article.title == "Lowmarsh bridge to close for repairs"
    assert Article.objects.count() == 1


def test_a_page_already_archived_ends_done_without_review(httpserver):
    """A capture for review of a page already archived points at its article, as before."""
    url = serve(httpserver, "/news/bridge", courier_page())
    article = request_capture(url).article

    capture = request_capture(url, review=True)

    assert capture.state == Capture.State.DONE
    assert capture.article == article
    assert capture.proposed == {}
    assert Article.objects.count() == 1


def test_a_failure_still_fails(httpserver):
    url = serve(httpserver, "/gone", "gone", status=404)
    capture = request_capture(url, review=True)
    assert capture.state == Capture.State.FAILED
    assert capture.reason == "HTTP 404 Not Found"


def test_running_the_task_again_leaves_a_capture_awaiting_review(httpserver):
    """A capture awaiting review is not captured again by a second run of its task."""
    url = serve(httpserver, "/news/bridge", courier_page())
    capture = request_capture(url, review=True)

    again = run_capture(capture.pk, task_id=capture.task_id)

    assert again.state == Capture.State.REVIEW
    assert len(httpserver.log) == 1


def test_the_command_line_still_archives_at_once(httpserver):
    """archive_url does not wait for review."""
    url = serve(httpserver, "/news/bridge", courier_page())

    call_command("archive_url", url, stdout=io.StringIO(), stderr=io.StringIO())

    capture = Capture.objects.get()
    assert capture.state == Capture.State.DONE
    assert not capture.review
    assert capture.article.outlet.name == "Lowmarsh Courier"


def test_whoever_may_not_archive_sees_the_preview_only(client, django_user_model, httpserver):
    """Staff who may not add articles see what the page says, without the form, and may not
    post it."""
    url = serve(httpserver, "/news/bridge", courier_page())
    capture = request_capture(url, review=True)
    viewer = django_user_model.objects.create_user("vic", password="unused", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_article"))
    client.force_login(viewer)

    html = client.get(change_url(capture)).content.decode()

    assert "What the page says" in html
    assert 'value="Archive this article"' not in html
    assert client.post(review_url(capture), {"title": "x"}).status_code == 403
    capture.refresh_from_db()
    assert capture.state == Capture.State.REVIEW
