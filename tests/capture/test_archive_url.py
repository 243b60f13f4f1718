"""python manage.py archive_url URL... : one line per URL, non-zero exit if any failed."""

import io
import itertools

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from werkzeug import Response

from archive.models import Article, Capture
from quotes.models import Quote
from tests.capture.conftest import BRIDGE_TEXT, article_page, serve

pytestmark = pytest.mark.django_db


def archive_url(*args, stdin=None):
    """Run the command; (stdout, the CommandError or None)."""
    out = io.StringIO()
    try:
        call_command("archive_url", *args, stdout=out, stderr=io.StringIO(), stdin=stdin)
    except CommandError as exc:
        return out.getvalue(), exc
    return out.getvalue(), None


def test_each_outcome_on_its_line(httpserver):
    """Archived, already archived, a new version, and a failure, in the order given; the
    failure makes the exit status 1."""
    versions = itertools.chain(
        [article_page()],
        itertools.repeat(article_page(paragraphs=(*BRIDGE_TEXT, "Update: ferries run hourly."))),
    )
    httpserver.expect_request("/bridge").respond_with_handler(
        lambda request: Response(next(versions), content_type="text/html; charset=utf-8")
    )
    url = httpserver.url_for("/bridge")
    same = serve(httpserver, "/bridge-copy", article_page())
    missing = serve(httpserver, "/missing", "no", status=404)

    out, error = archive_url(url, same, url, missing)

    article = Article.objects.get()
    assert out.splitlines() == [
        f"{url}: archived as article {article.pk}",
        f"{same}: already archived (article {article.pk})",
        f"{url}: new version of article {article.pk}",
        f"{missing}: failed: HTTP 404 Not Found",
    ]
    assert error is not None and error.returncode == 1


def test_all_archived_exits_cleanly(httpserver):
    url = serve(httpserver, "/bridge", article_page())
    out, error = archive_url(url)
    assert error is None
    assert out == f"{url}: archived as article {Article.objects.get().pk}\n"


def test_urls_from_standard_input(httpserver):
    """'-' reads URLs one a line, skipping blank lines and # comments."""
    first = serve(httpserver, "/one", article_page(title="Bridge closes"))
    second = serve(
        httpserver, "/two", article_page(title="Ferries run", paragraphs=BRIDGE_TEXT[1:])
    )
    stdin = io.StringIO(f"# bridge stories\n{first}\n\n   \n{second}\n")
    out, error = archive_url("-", stdin=stdin)
    assert error is None
    assert [line.split(": ")[0] for line in out.splitlines()] == [first, second]
    assert Capture.objects.count() == 2


def test_a_bad_url_is_reported_and_the_rest_archived(httpserver):
    url = serve(httpserver, "/bridge", article_page())
    out, error = archive_url("ftp://files.lowmarsh.example/a", url)
    assert out.splitlines() == [
        "ftp://files.lowmarsh.example/a: failed: not an http:// or https:// web address: "
        "'ftp://files.lowmarsh.example/a'",
        f"{url}: archived as article {Article.objects.get().pk}",
    ]
    assert error.returncode == 1


def test_publish_as_a_named_user(httpserver):
    editor = get_user_model().objects.create_user("editor", is_staff=True, is_superuser=True)
    url = serve(httpserver, "/bridge", article_page())
    out, error = archive_url(url, "--publish", "--user", "editor")
    assert error is None
    capture = Capture.objects.get()
    assert capture.requested_by == editor and capture.publish
    assert Quote.objects.filter(status=Quote.Status.PUBLISHED).exists()


def test_unknown_user_is_refused(httpserver):
    _, error = archive_url("http://lowmarsh.example/a", "--user", "nobody")
    assert "no active staff account" in str(error)
    assert Capture.objects.count() == 0


def test_waits_no_longer_than_the_timeout(httpserver, settings):
    """A capture no worker picks up is reported as not finished once --timeout passes."""
    settings.TASKS = {
        "default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}
    }
    url = serve(httpserver, "/bridge", article_page())
    out, error = archive_url(url, "--timeout", "0.2")
    capture = Capture.objects.get()
    assert out == f"{url}: not finished after 0.2 seconds (capture {capture.pk} is queued)\n"
    assert error.returncode == 1
