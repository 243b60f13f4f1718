"""reextract --queue and import_articles --queue: one task per article, done by a worker."""

import json

import pytest
from django.core.management import CommandError, call_command
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from archive.models import Article
from archive.services import archive_article
from quotes.models import Person, Quote

ARTICLE = (
    "Ferry strike enters second week\n\n"
    "Harbour master Ilse Vantongeren spoke to reporters at the quay on Monday.\n\n"
    '"We will not reopen the northern berth until the cranes have been inspected by '
    'someone who knows what a crane is," Vantongeren said.\n\n'
    "The union has called another meeting for Friday.\n"
)
PIER = (
    "Harbour council delays pier decision\n\n"
    "Harbour master Ilse Vantongeren spoke after the vote.\n\n"
    "\u201cThe pier will reopen in May, whatever the council decides. We have the timber and "
    "the crews,\u201d she said.\n"
)
# Windows-1252 bytes, which are not UTF-8: the task's arguments must carry them intact.
OLD = (
    b"Cafe owners wait for the pier\n\n"
    b"Harbour master Ilse Vantongeren spoke at the Caf\xe9 Noord.\n\n"
    b'"The pier will reopen in May, whatever the council decides," she said.\n'
)


def misread():
    """An archived article whose quote an older rule pinned on a place."""
    article, _ = archive_article(raw=ARTICLE.encode(), source_file="ferry.txt")
    place = Person.objects.create(name="Quayside")
    printing = article.printings.get()
    Quote.objects.filter(pk=printing.quote_id).update(person=place)
    printing.person = place
    printing.save()
    return article


@pytest.mark.django_db(transaction=True)
def test_reextract_queue_enqueues_one_task_per_article_and_a_worker_does_them(
    database_tasks, run_worker, capsys
):
    """--queue leaves the articles as they are and queues a task each; a worker then reads
    them again with the current rules."""
    article = misread()
    other, _ = archive_article(raw=PIER.encode(), source_file="pier.txt")

    call_command("reextract", "--all", "--queue")

    out = capsys.readouterr().out
    assert "2 re-extraction tasks queued" in out and "run_worker" in out
    tasks = DBTaskResult.objects.order_by("enqueued_at")
    assert [(t.task_path, t.args_kwargs["args"], t.status) for t in tasks] == [
        ("quotes.tasks.reextract_article", [article.pk], TaskResultStatus.READY),
        ("quotes.tasks.reextract_article", [other.pk], TaskResultStatus.READY),
    ]
    assert article.printings.get().quote.person.name == "Quayside"

    done = run_worker()

    assert [t.status for t in done] == [TaskResultStatus.SUCCESSFUL] * 2
    assert done[0].return_value["removed"] == 1 and done[0].return_value["added"] == 1
    assert done[1].return_value["changed"] is False
    assert article.printings.get().quote.person.name == "Ilse Vantongeren"


@pytest.mark.django_db
def test_reextract_queue_takes_ids(database_tasks, capsys):
    """--queue with article ids queues those articles only; an unknown id queues nothing."""
    article = misread()
    with pytest.raises(CommandError, match="no article with id 999"):
        call_command("reextract", str(article.pk), "999", "--queue")
    assert not DBTaskResult.objects.exists()
    call_command("reextract", str(article.pk), "--queue")
    assert DBTaskResult.objects.get().args_kwargs["args"] == [article.pk]
    assert "1 re-extraction tasks queued" in capsys.readouterr().out


@pytest.mark.django_db
def test_reextract_without_queue_does_the_work_at_once(database_tasks, capsys):
    """Without --queue the command redoes the articles itself and queues nothing."""
    article = misread()
    call_command("reextract", "--all")
    assert not DBTaskResult.objects.exists()
    assert article.printings.get().quote.person.name == "Ilse Vantongeren"
    assert "1 articles read again, 1 changed" in capsys.readouterr().out


def write_folder(folder):
    (folder / "pier.txt").write_text(PIER, encoding="utf-8")
    (folder / "old.txt").write_bytes(OLD)
    rows = [
        {"file": "pier.txt", "outlet": "Harbour Gazette", "url": "https://g.test/1",
         "title": "Pier decision delayed", "published": "2031-05-02"},
    ]  # fmt: skip
    (folder / "manifest.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n")


@pytest.mark.django_db(transaction=True)
def test_import_queue_carries_bytes_and_metadata_to_the_worker(
    database_tasks, run_worker, tmp_path, capsys
):
    """--queue archives nothing itself: each article's bytes (base64) and manifest metadata
    go into a task, and the worker archives them exactly as the command would have."""
    write_folder(tmp_path)

    call_command("import_articles", str(tmp_path), "--queue")

    out = capsys.readouterr().out
    assert "0 already archived, 0 rejected; 2 import tasks queued" in out
    assert not Article.objects.exists()
    assert DBTaskResult.objects.filter(task_path="archive.tasks.import_article").count() == 2

    done = run_worker()

    assert [t.status for t in done] == [TaskResultStatus.SUCCESSFUL] * 2
    old = Article.objects.get(source_file="old.txt")
    assert old.read_raw() == OLD and old.sha256 == Article.digest(OLD)
    assert "Caf\u00e9 Noord" in old.body
    pier = Article.objects.get(source_file="pier.txt")
    assert (pier.outlet.name, pier.url, pier.title, str(pier.published)) == (
        "Harbour Gazette",
        "https://g.test/1",
        "Pier decision delayed",
        "2031-05-02",
    )
    assert pier.printings.get().quote.status == Quote.Status.SUGGESTED

    # Queued again: what is archived is not queued twice.
    call_command("import_articles", str(tmp_path), "--queue")
    assert "2 already archived, 0 rejected; 0 import tasks queued" in capsys.readouterr().out
    assert DBTaskResult.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_import_queue_publish_and_user_travel_with_the_task(
    database_tasks, run_worker, tmp_path, django_user_model
):
    """--publish --user reach the worker: the quotes are published."""
    django_user_model.objects.create_user("editor", is_staff=True)
    (tmp_path / "pier.txt").write_text(PIER, encoding="utf-8")

    call_command("import_articles", str(tmp_path), "--queue", "--publish", "--user", "editor")
    run_worker()

    assert Quote.objects.get().status == Quote.Status.PUBLISHED


@pytest.mark.django_db(transaction=True)
def test_import_queue_unreadable_files_are_rejected_at_once_and_bad_articles_fail_their_task(
    database_tasks, run_worker, tmp_path, capsys
):
    """A file that cannot be read is reported by the command (exit status 1), the rest is
    queued; an article archive_article refuses fails its task with the one-line reason and
    leaves nothing behind."""
    (tmp_path / "pier.txt").write_text(PIER, encoding="utf-8")
    (tmp_path / "blank.txt").write_text("   \n\n", encoding="utf-8")
    (tmp_path / "manifest.jsonl").write_text("not json\n")

    with pytest.raises(CommandError, match="0 already archived, 1 rejected; 2 import tasks"):
        call_command("import_articles", str(tmp_path), "--queue")
    assert "not a JSON object" in capsys.readouterr().err

    done = {t.args_kwargs["kwargs"]["source_file"]: t for t in run_worker()}

    assert done["pier.txt"].status == TaskResultStatus.SUCCESSFUL
    assert done["blank.txt"].status == TaskResultStatus.FAILED
    assert done["blank.txt"].exception_class_path == "archive.services.ArticleRejected"
    assert "the article is empty" in done["blank.txt"].traceback
    assert list(Article.objects.values_list("source_file", flat=True)) == ["pier.txt"]


@pytest.mark.django_db
def test_import_queue_with_the_immediate_backend_runs_at_once(tmp_path, capsys):
    """In development the tasks backend runs each task where it is enqueued: --queue then
    archives at once and says so."""
    write_folder(tmp_path)
    call_command("import_articles", str(tmp_path), "--queue")
    assert "2 import tasks ran at once" in capsys.readouterr().out
    assert Article.objects.count() == 2
