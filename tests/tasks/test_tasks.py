"""The background tasks themselves: each may run twice (a recovered task runs again), and
running it twice changes nothing more than running it once."""

import base64

import pytest
from django_tasks import TaskResultStatus

from archive import tasks as archive_tasks
from archive.models import Article
from archive.services import archive_article
from quotes import tasks
from quotes.models import Person, Printing, Quote

from .test_queue import ARTICLE, OLD


@pytest.mark.django_db(transaction=True)
def test_reextraction_task_run_twice_changes_nothing_the_second_time(database_tasks, run_worker):
    """The same article re-extracted twice: the first run corrects it, the second finds
    nothing to change and keeps every quote and printing as the first left them."""
    article, _ = archive_article(raw=ARTICLE.encode(), source_file="ferry.txt")
    place = Person.objects.create(name="Quayside")
    Quote.objects.update(person=place)
    Printing.objects.update(person=place)

    tasks.reextract_article.enqueue(article.pk)
    first = run_worker()
    quotes = list(Quote.objects.values_list("pk", "person__name", "text"))
    printings = list(Printing.objects.values_list("pk", "quote_id", "person_id"))

    tasks.reextract_article.enqueue(article.pk)
    second = run_worker()[-1]

    assert first[0].return_value["changed"] is True
    assert second.status == TaskResultStatus.SUCCESSFUL
    assert second.return_value["changed"] is False
    assert list(Quote.objects.values_list("pk", "person__name", "text")) == quotes
    assert list(Printing.objects.values_list("pk", "quote_id", "person_id")) == printings
    assert quotes[0][1] == "Ilse Vantongeren"


@pytest.mark.django_db
def test_reextraction_task_of_a_missing_article_does_nothing():
    """An article gone since the task was queued: nothing to do, and the task says so."""
    assert tasks.reextract_article.call(12345) == {"article": 12345, "found": False}


@pytest.mark.django_db
def test_import_task_run_twice_stores_the_article_once():
    """The same bytes imported twice: one article, one set of quotes; the second run reports
    the stored article."""
    arguments = {
        "raw_base64": base64.b64encode(OLD).decode(),
        "source_file": "old.txt",
        "raw_format": "txt",
        "metadata": {"outlet": "Harbour Post", "url": None, "title": None, "published": None},
    }
    first = archive_tasks.import_article.call(**arguments)
    second = archive_tasks.import_article.call(**arguments)

    article = Article.objects.get()
    assert first == {"article": article.pk, "created": True, "sha256": article.sha256}
    assert second == {"article": article.pk, "created": False, "sha256": article.sha256}
    assert article.outlet.name == "Harbour Post"
    assert Quote.objects.count() == Printing.objects.count() == 1
