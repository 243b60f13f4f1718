"""A long article archived from the admin is imported by a worker, not by the request: the
preview's button queues it and opens a page saying how far the import has got ("Importing:
50 of 120 quotations"), which reloads itself until the article's page opens. A short one is
archived as before, at once. An import that fails leaves nothing behind and says why."""

import random

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.urls import reverse

from archive import progress
from archive.models import Article
from quotes.models import Person, Printing, Quote
from quotes.services import importing
from tests.admin.conftest import posted_back

pytestmark = pytest.mark.django_db(transaction=True)

ADD = reverse("admin:archive_article_add")
SYLLABLES = "ka lo mi ne ru ta vo si de pa gu fe zo ba ni te".split()
SPEAKERS = ["Amra Tomek", "Belo Varun", "Ciran Sadol", "Dovi Pemra", "Eska Okani"]


def live_blog(quotations: int, *, seed: int = 3) -> str:
    """An invented live blog: `quotations` statements of invented words, five invented
    speakers taking turns, each introduced now and then."""
    rng = random.Random(seed)

    def sentence(length):
        words = ("".join(rng.choices(SYLLABLES, k=rng.randint(1, 3))) for _ in range(length))
        return " ".join(words).capitalize()

    paragraphs = ["Live: the invented summit", ""]
    for i in range(quotations):
        name = SPEAKERS[i % len(SPEAKERS)]
        if i % 10 < len(SPEAKERS):
            paragraphs += [f"{name}, who chairs the invented committee, spoke again.", ""]
        said = sentence(rng.randint(8, 14)) + ", " + sentence(rng.randint(4, 8)).lower()
        paragraphs += [f"“{said},” {name.split()[-1]} said.", ""]
    return "\n".join(paragraphs)


@pytest.fixture(autouse=True)
def setup(settings, extraction):
    """Tasks go to the database queue, as in production; an article of more than 2,000
    characters is long; each test starts with nothing in the cache."""
    settings.TASKS = {
        "default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}
    }
    settings.BACKGROUND_IMPORT_CHARS = 2000
    cache.clear()
    yield
    cache.clear()


def archive(client, text):
    """Paste `text`, then press the preview's "Archive this article"."""
    preview = client.post(ADD, {"text": text, "outlet": "Invented Live"})
    assert preview.status_code == 200
    return client.post(ADD, posted_back(preview))


def run_worker():
    call_command("db_worker", "--batch", verbosity=0)


def test_a_long_article_is_queued_and_its_page_shows_the_progress(admin_client, monkeypatch):
    """The button queues the import and opens its page, which waits for a worker; while the
    worker stores the quotations the page counts them; then it opens the article."""
    response = archive(admin_client, live_blog(120))

    assert response.status_code == 302
    page_url = response["Location"]
    assert page_url.startswith(reverse("admin:archive_article_importing", args=["x"])[:-2])
    assert Article.objects.count() == 0  # nothing archived by the request
    waiting = admin_client.get(page_url)
    html = waiting.content.decode()
    assert "Waiting for a worker" in html
    assert '<meta http-equiv="refresh" content="2">' in html

    seen = []
    report = progress.report

    def report_and_look(done, total):
        report(done, total)
        if 0 < done < total and not seen:  # the page, asked for in the middle of the import
            seen.append(admin_client.get(page_url).content.decode())

    monkeypatch.setattr(importing.progress, "report", report_and_look)
    run_worker()

    assert "Importing: 50 of 120 quotations" in seen[0]
    assert '<progress value="50" max="120">' in seen[0]
    assert '<meta http-equiv="refresh"' in seen[0]
    article = Article.objects.get()
    assert article.printings.count() == 120
    done = admin_client.get(page_url)
    assert done.status_code == 302
    assert done["Location"] == reverse("admin:archive_article_change", args=[article.pk])
    message = [str(m) for m in done.wsgi_request._messages][0]
    quotes = article.printings.values("quote").distinct().count()
    assert message == f"“{article}” was archived; {quotes} quotes found. Review them below."


def test_a_short_article_is_archived_as_before(admin_client, settings):
    """Under the limit, the immediate backend archives it in the request and its page opens;
    nothing goes through the progress page."""
    settings.TASKS = {
        "default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"},
    }
    settings.VERBATIM_TASKS = "immediate"
    response = archive(admin_client, live_blog(4))

    article = Article.objects.get()
    assert response["Location"] == reverse("admin:archive_article_change", args=[article.pk])
    assert article.printings.count() == 4


def test_a_failed_import_leaves_nothing_and_says_why(admin_client, monkeypatch):
    """An import that fails half-way leaves the database as it was (no article, person, quote
    or printing) and the page says why, no longer reloading itself."""
    response = archive(admin_client, live_blog(120))
    page_url = response["Location"]

    def fail_half_way(done, total):
        if done >= 100:
            raise RuntimeError("the invented disk is full")

    monkeypatch.setattr(importing.progress, "report", fail_half_way)
    run_worker()

    assert Article.objects.count() == Person.objects.count() == 0
    assert Quote.objects.count() == Printing.objects.count() == 0
    html = admin_client.get(page_url).content.decode()
    assert "The article was not archived: the invented disk is full." in html
    assert "Nothing of it was stored." in html
    assert "http-equiv" not in html


def test_the_page_knows_the_outcome_from_the_task_when_the_cache_does_not(admin_client):
    """Where the worker's cache is not the web's (no REDIS_URL), the page still opens the
    article once the task has succeeded."""
    response = archive(admin_client, live_blog(30))
    page_url = response["Location"]
    key = page_url.rstrip("/").rsplit("/", 1)[-1]
    kept = progress.get(key)
    run_worker()
    progress.update(key, **kept)  # as the web process saw it: queued, never told more

    done = admin_client.get(page_url)

    article = Article.objects.get()
    assert done["Location"] == reverse("admin:archive_article_change", args=[article.pk])


def test_an_unknown_import_is_not_found(admin_client):
    assert (
        admin_client.get(reverse("admin:archive_article_importing", args=["0" * 32])).status_code
        == 404
    )
