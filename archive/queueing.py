"""The doors that hand the archive's work to the task queue: captures and imports.

The admin and the commands queue a page to capture (requested, or retried) and an article to
import here, never through archive.tasks directly; queued_summary is the line a command
prints about what it queued.

With the immediate task backend (development, tests) the work has run by the time a door
returns; with the database backend a worker runs it (python manage.py run_worker)."""

import base64
from collections import Counter

from django.db.models import F
from django.utils.text import Truncator
from django_tasks import TaskResultStatus

from .capture import CaptureRefused, fail
from .fetch import MAX_URL_LENGTH
from .models import Capture
from .services import is_web_url
from .tasks import capture_page, import_article

# Capturing a page.


def request_capture(url: str, *, publish: bool = False, user=None, review: bool = False) -> Capture:
    """Queue a capture of the page at `url` and return it. With the immediate task backend
    (development, tests) it has already run, and the capture returned shows how it ended.
    `publish` publishes the quotes found, on behalf of `user` (recorded as requested_by).
    With `review`, a page that is not archived yet waits in REVIEW, with the metadata it gives,
    for archive.capture.archive_reviewed instead of being archived at once."""
    return queue_capture(new_capture(url, publish=publish, user=user, review=review))


def new_capture(url: str, *, publish: bool = False, user=None, review: bool = False) -> Capture:
    """A capture of the page at `url`, QUEUED and not handed to a task yet: request_capture
    hands it to one; archive.following runs it where it is, in its host's slot."""
    url = (url or "").strip()
    if len(url) > MAX_URL_LENGTH or not is_web_url(url):
        shown = Truncator(url).chars(80)
        raise CaptureRefused(f"not an http:// or https:// web address: {shown!r}")
    return Capture.objects.create(
        url=url,
        publish=publish,
        review=review,
        requested_by=user if getattr(user, "pk", None) else None,
        attempts=1,
    )


def retry(capture: Capture) -> Capture:
    """Queue a failed capture again (one more attempt) and return it."""
    queued = Capture.objects.filter(pk=capture.pk, state=Capture.State.FAILED).update(
        state=Capture.State.QUEUED, reason="", attempts=F("attempts") + 1
    )
    if not queued:
        capture.refresh_from_db(fields=["state"])
        raise CaptureRefused(
            f"capture {capture.pk} is {capture.get_state_display().lower()}: "
            "only a failed capture can be retried"
        )
    return queue_capture(capture)


def queue_capture(capture: Capture) -> Capture:
    """Hand a queued capture to archive.tasks.capture_page and return it as it is now, with
    its task's id. A capture the queue refuses fails with the queue's reason."""
    try:
        result = capture_page.enqueue(capture.pk)
    except Exception as exc:
        fail(capture.pk, f"could not be queued: {exc}")
        raise
    Capture.objects.filter(pk=capture.pk).update(task_id=str(result.id)[:64])
    capture.refresh_from_db()
    return capture


# Importing an article.


def queue_import(
    *,
    raw: bytes,
    source_file: str,
    raw_format: str,
    metadata: dict,
    publish: bool = False,
    user=None,
    progress_key: str = "",
):
    """Queue archive.tasks.import_article for one article's bytes and metadata (outlet, url,
    title, published, ...), published on behalf of `user` if `publish`; returns the task's
    result handle. Task arguments are stored as JSON, so the raw bytes travel base64
    encoded: the file they came from may be gone by the time a worker runs the task.
    `progress_key`: where the task keeps how far it has got (archive.progress)."""
    return import_article.enqueue(
        raw_base64=base64.b64encode(raw).decode("ascii"),
        source_file=source_file,
        raw_format=raw_format,
        metadata=metadata,
        publish=publish,
        user_id=user.pk if user is not None else None,
        progress_key=progress_key,
    )


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
