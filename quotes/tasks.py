"""Background tasks for the long jobs: reading archived articles again with the current rules,
and importing articles in bulk (`reextract --queue`, `import_articles --queue`).

A task may run more than once: a worker that dies mid-task has the task put back in the queue
(quotes.workers). Both tasks here are idempotent, so that is safe.
"""

import base64
from collections import Counter

from django.contrib.auth import get_user_model
from django_tasks import TaskResultStatus, task

from archive.models import Article
from archive.services import archive_article
from archive.sources import Source

from .services import reextraction


@task()
def reextract_article(article_id: int) -> dict:
    """Read archived article `article_id` again with the current rules, keeping every curated
    record as the archivist left it (quotes.services.reextraction, in one transaction).

    Idempotent: a second run with the same rules changes nothing. An article that no longer
    exists is nothing to do."""
    article = Article.objects.filter(pk=article_id).first()
    if article is None:
        return {"article": article_id, "found": False}
    report = reextraction.reextract_article(article=article)
    return {
        "article": article_id,
        "found": True,
        "changed": report.changed,
        "removed": report.removed,
        "added": report.added,
        "kept": report.kept,
        "conflicts": report.conflicts,
        "relinked": report.relinked,
        "notes": report.notes,
    }


def import_arguments(source: Source, *, publish: bool = False, user=None) -> dict:
    """`import_article`'s keyword arguments for one source read by archive.sources. Task
    arguments are stored as JSON, so the raw bytes travel base64 encoded: the file they came
    from may be gone by the time a worker runs the task."""
    return {
        "raw_base64": base64.b64encode(source.raw).decode("ascii"),
        "source_file": source.source_file,
        "raw_format": source.raw_format,
        "metadata": source.metadata,
        "publish": publish,
        "user_id": user.pk if user is not None else None,
    }


@task()
def import_article(
    *,
    raw_base64: str,
    source_file: str = "",
    raw_format: str = "",
    metadata: dict | None = None,
    publish: bool = False,
    user_id: int | None = None,
) -> dict:
    """Archive one article from its raw bytes (base64) and metadata (outlet, url, title,
    published) through archive.services.archive_article, which extracts its quotes in the
    same transaction; `publish` publishes them on behalf of the staff user `user_id`.

    Idempotent: the same bytes again return the stored article unchanged (articles are
    stored once per SHA-256). A rejected article fails the task with ArticleRejected and its
    one-line reason, leaving nothing behind."""
    user = get_user_model().objects.filter(pk=user_id).first() if user_id else None
    article, created = archive_article(
        raw=base64.b64decode(raw_base64, validate=True),
        source_file=source_file,
        raw_format=raw_format or None,
        publish=publish,
        user=user,
        **(metadata or {}),
    )
    return {"article": article.pk, "created": created, "sha256": article.sha256}


def queued_summary(statuses: Counter, what: str) -> str:
    """The line a command prints after enqueueing tasks, given how many of them are in each
    state: how many wait for a worker or, with a backend that runs each task where it is
    enqueued (development), how they went."""
    total = statuses.total()
    if statuses[TaskResultStatus.READY] or not total:
        return (
            f"{total} {what} tasks queued. Workers run them: python manage.py run_worker "
            "(as many as you like, on any host that shares the database)."
        )
    failed = statuses[TaskResultStatus.FAILED]
    return (
        f"{total} {what} tasks ran at once (the tasks backend runs each where it is "
        f"enqueued): {total - failed} succeeded, {failed} failed."
    )
