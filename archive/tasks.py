"""Background tasks of the archive (django-tasks: the database backend's workers in
production, at once where enqueued in development)."""

from django_tasks import task

from .capture import run_capture


@task(takes_context=True)
def capture_page(context, capture_id: int) -> str:
    """Capture the page of one queued Capture (archive.capture.run_capture) and return the
    state it ended in. Enqueued by request_capture and retry; running it again for a capture
    that is no longer queued changes nothing, unless it is this very task run again after its
    worker died, which finishes the capture left running."""
    capture = run_capture(capture_id, task_id=str(context.task_result.id))
    return capture.state if capture else "missing"
