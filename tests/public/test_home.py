"""The front page: what Verbatim is, a search box, counts, latest quotes, most-quoted people."""

import re

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from quotes import stats
from quotes.models import ArchiveFigures, Quote
from quotes.services import lifecycle
from tests.factories import PersonFactory, PrintingFactory, QuoteFactory


@pytest.mark.django_db
def test_home_says_what_verbatim_is_and_offers_search(client):
    """The front page explains the site in a sentence and searches the quote list by q."""
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Verbatim is an open archive" in html
    assert 'action="/quotes/"' in html
    assert 'name="q"' in html


@pytest.mark.django_db
def test_home_shows_site_navigation_and_archive_footer(client):
    """Every page carries the nav (Quotes, People, Units, Outlets) and the archive footer."""
    html = client.get("/").content.decode()
    nav = [("/quotes/", "Quotes"), ("/people/", "People"), ("/units/", "Units")]
    for href, label in [*nav, ("/outlets/", "Outlets")]:
        assert f'href="{href}"' in html
        assert f">{label}</a>" in html
    assert "Verbatim is an archive" in html
    assert "css/site.css" in html


@pytest.mark.django_db
def test_home_has_no_inline_styles_or_scripts(client):
    """The CSP allows only the site's own stylesheet: pages carry no inline style or script."""
    PrintingFactory()
    html = client.get("/").content.decode()
    assert "style=" not in html
    assert "<style" not in html
    assert "<script" not in html


@pytest.mark.django_db
def test_home_lists_latest_published_quotes_only(client):
    """Latest quotes are published ones; suggestions and rejections stay off the front page."""
    PrintingFactory(quote__text="Published words about the harbour.")
    PrintingFactory(quote__text="Suggested words.", quote__status=Quote.Status.SUGGESTED)
    PrintingFactory(quote__text="Rejected words.", quote__status=Quote.Status.REJECTED)
    html = client.get("/").content.decode()
    assert "Published words about the harbour." in html
    assert "Suggested words." not in html
    assert "Rejected words." not in html


@pytest.mark.django_db
def test_home_counts_public_quotes_and_people(client):
    """The counts cover published quotes and the people who said them."""
    person = PersonFactory()
    PrintingFactory.create_batch(3, quote__person=person)
    QuoteFactory(status=Quote.Status.SUGGESTED)
    html = client.get("/").content.decode()
    assert "<strong>3</strong> quotes" in html
    assert "<strong>1</strong> person quoted" in html


@pytest.mark.django_db
def test_home_ranks_the_most_quoted_people(client):
    """Most-quoted people come first, with their number of published quotes."""
    often = PersonFactory(name="Often Quoted")
    rarely = PersonFactory(name="Rarely Quoted")
    never = PersonFactory(name="Never Published")
    QuoteFactory.create_batch(3, person=often)
    QuoteFactory(person=rarely)
    QuoteFactory(person=never, status=Quote.Status.SUGGESTED)
    html = client.get("/").content.decode()
    ranking = html[html.index("Most quoted") :]
    assert ranking.index("Often Quoted") < ranking.index("Rarely Quoted")
    assert "3 quotes" in html
    assert "Never Published" not in html


FIGURES = ["quotes", "people", "articles", "outlets"]


def counts(client):
    """The figures the front page shows, as (label, number) pairs."""
    html = client.get("/").content.decode()
    numbers = re.findall(r"<li><strong>([\d,]+)</strong>", html)
    figures = dict(zip(FIGURES, (int(n.replace(",", "")) for n in numbers), strict=True))
    ranking = html[html.index("Most quoted") :]
    return figures, re.findall(r'<a href="/people/[^"]+">([^<]+)</a>', ranking)


@pytest.mark.django_db
def test_the_figures_are_read_not_recounted_on_each_visit(client, django_assert_max_num_queries):
    """Once counted, the archive-wide figures are read from their row: a visit runs a
    handful of queries and counts nothing over the archive, while the latest quotes are
    always current."""
    PrintingFactory()
    client.get("/")
    newest = PrintingFactory().quote
    with django_assert_max_num_queries(6) as queries:
        page = client.get("/").content.decode()
    assert newest.get_absolute_url() in page
    assert not [q["sql"] for q in queries.captured_queries if "COUNT(" in q["sql"].upper()]


@pytest.mark.django_db
def test_publishing_withdrawing_and_merging_change_the_figures(
    client, django_capture_on_commit_callbacks
):
    """The figures follow the lifecycle: a quote published, withdrawn, merged into another,
    or a person merged into another, shows on the front page at the next visit."""
    often = PersonFactory(name="Often Quoted")
    rarely = PersonFactory(name="Rarely Quoted")
    first, second = PrintingFactory.create_batch(2, quote__person=often)
    waiting = PrintingFactory(quote__person=rarely, quote__status=Quote.Status.SUGGESTED)
    assert counts(client) == (
        {"quotes": 2, "people": 1, "articles": 2, "outlets": 2},
        ["Often Quoted"],
    )

    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.publish([waiting.quote])
    assert counts(client) == (
        {"quotes": 3, "people": 2, "articles": 3, "outlets": 3},
        ["Often Quoted", "Rarely Quoted"],
    )

    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.withdraw(first.quote, reason=Quote.WithdrawalReason.LEGAL)
    assert counts(client)[0] == {"quotes": 2, "people": 2, "articles": 2, "outlets": 2}

    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.merge_people(source=rarely, target=often)
    assert counts(client) == (
        {"quotes": 2, "people": 1, "articles": 2, "outlets": 2},
        ["Often Quoted"],
    )

    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.merge(source=waiting.quote, target=second.quote)
    # One statement printed by two articles now.
    assert counts(client)[0] == {"quotes": 1, "people": 1, "articles": 2, "outlets": 2}


@pytest.mark.django_db
def test_figures_are_recounted_when_older_than_their_limit(client):
    """A change that sends no lifecycle signal (a printing added by an import) reaches the
    figures within STATS_MAX_AGE: an older count is redone."""
    quote = PrintingFactory().quote
    assert counts(client)[0]["articles"] == 1
    PrintingFactory(quote=quote)
    assert counts(client)[0]["articles"] == 1  # counted a moment ago
    ArchiveFigures.objects.update(computed_at=timezone.now() - stats.STATS_MAX_AGE)
    cache.clear()  # the cached home page has expired as well (PAGE_CACHE_SECONDS < an hour)
    assert counts(client)[0]["articles"] == 2


DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}


@pytest.mark.django_db(transaction=True)
def test_with_workers_one_recount_is_queued_however_many_visits(client, settings):
    """With task workers, a change marks the figures stale; the next visits show them as
    they were and queue one recount between them, which a worker runs."""
    settings.TASKS = DATABASE_TASKS
    PrintingFactory()
    assert counts(client)[0]["quotes"] == 1  # the first count, done in the request
    waiting = PrintingFactory(quote__status=Quote.Status.SUGGESTED).quote

    lifecycle.publish([waiting])  # autocommit here: quote_changed is sent at once
    for _ in range(3):
        assert counts(client)[0]["quotes"] == 1
    [task] = DBTaskResult.objects.all()
    assert task.task_path == "quotes.tasks.refresh_archive_figures"

    call_command("run_worker", "--batch", "--no-startup-delay", verbosity=0)
    assert counts(client)[0]["quotes"] == 2
    assert DBTaskResult.objects.count() == 1
