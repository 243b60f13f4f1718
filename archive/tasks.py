"""Background tasks of the archive: capturing a page, and importing an article.

django-tasks runs them: the database backend's workers in production, at once where enqueued
in development. Pages are captured for the admin and `archive_url`, articles imported for
`import_articles --queue` and the admin's uploads. A task may run more than once (a worker that
died has its task queued again, see quotes.workers); each one here is idempotent.

Tasks are enqueued through archive.queueing. Their dotted paths (`archive.tasks.capture_page`,
`archive.tasks.import_article`) are stored with every queued task: they stay where they are.
"""

import base64
from contextlib import nullcontext

from django.contrib.auth import get_user_model
from django_tasks import task

from . import progress
from .capture import run_capture
from .services import archive_article


@task(takes_context=True)
def capture_page(context, capture_id: int) -> str:
    """Capture the page of one queued Capture (archive.capture.run_capture) and return the
    state it ended in. Enqueued by archive.queueing's request_capture and retry; running it
    again for a capture that is no longer queued changes nothing, unless it is this very task
    run again after its worker died, which finishes the capture left running."""
    capture = run_capture(capture_id, task_id=str(context.task_result.id))
    return capture.state if capture else "missing"


@task()
def import_article(
    *,
    raw_base64: str,
    source_file: str = "",
    raw_format: str = "",
    metadata: dict | None = None,
    publish: bool = False,
    user_id: int | None = None,
    progress_key: str = "",
) -> dict:
    """Archive one article from its raw bytes (base64) and metadata (outlet, url, title,
    published) through archive.services.archive_article, which extracts its quotes in the
    same transaction; `publish` publishes them on behalf of the staff user `user_id`.

    Idempotent: the same bytes again return the stored article unchanged (articles are
    stored once per SHA-256). A rejected article fails the task with ArticleRejected and its
    one-line reason, leaving nothing behind.

    With `progress_key`, how far it has got is kept under that key for the admin's progress
    page (archive.progress): the quotations stored so far, then the article or the reason."""
    user = get_user_model().objects.filter(pk=user_id).first() if user_id else None
    with progress.reporting(progress_key) if progress_key else nullcontext():
        article, created = archive_article(
            raw=base64.b64decode(raw_base64, validate=True),
            source_file=source_file,
            raw_format=raw_format or None,
            publish=publish,
            user=user,
            **(metadata or {}),
        )
    if progress_key:
        progress.finished(progress_key, article=article.pk, created=created)
    return {"article": article.pk, "created": created, "sha256": article.sha256}
