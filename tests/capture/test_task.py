"""The capture task on the database backend: queued by request_capture, run by a worker
(`db_worker`), once."""

import io
import signal

import pytest
from django.core.management import call_command
from django.test import override_settings
from django_tasks_db.models import DBTaskResult

from archive.models import Article, Capture
from archive.queueing import request_capture, retry
from archive.tasks import capture_page
from tests.capture.conftest import article_page, serve

DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
WORKER_SIGNALS = [signal.SIGINT, signal.SIGTERM, signal.SIGQUIT]


@pytest.fixture
def worker_pass():
    """Run db_worker once over the queue, in this process. The worker installs its own
    signal handlers (for a graceful stop); the test run's are put back after."""
    saved = {number: signal.getsignal(number) for number in WORKER_SIGNALS}

    def run():
        call_command(
            "db_worker",
            "--batch",
            "--no-reload",
            "--no-startup-delay",
            "--interval",
            "0",
            verbosity=0,
            stdout=io.StringIO(),
            stderr=io.StringIO(),
        )

    yield run
    for number, handler in saved.items():
        signal.signal(number, handler)


# The worker closes and reopens database connections between tasks, as it must in
# production; that needs real transactions, not the test's wrapping one.
@pytest.mark.django_db(transaction=True)
def test_capture_runs_in_a_worker(httpserver, worker_pass):
    """With the database backend a capture waits, queued, until a worker runs it."""
    url = serve(httpserver, "/news/bridge", article_page())
    with override_settings(TASKS=DATABASE_TASKS):
        capture = request_capture(url)
        assert capture.state == Capture.State.QUEUED
        assert httpserver.log == []
        task = DBTaskResult.objects.get(id=capture.task_id)
        assert task.task_path == "archive.tasks.capture_page"

        worker_pass()

        capture.refresh_from_db()
        assert capture.state == Capture.State.DONE, capture.reason
        assert capture.article.url == url
        task.refresh_from_db()
        assert task.status == "SUCCESSFUL"
        assert task.return_value == "done"

        # Enqueued again by mistake: the worker runs it, and nothing changes.
        capture_page.enqueue(capture.pk)
        worker_pass()
        assert Article.objects.count() == 1
        assert len(httpserver.log) == 1


@pytest.mark.django_db(transaction=True)
def test_retry_goes_back_to_the_queue(httpserver, worker_pass):
    with override_settings(TASKS=DATABASE_TASKS):
        capture = request_capture("http://nowhere.invalid/bridge")
        worker_pass()
        capture.refresh_from_db()
        assert capture.state == Capture.State.FAILED

        capture = retry(capture)
        assert (capture.state, capture.attempts, capture.reason) == (Capture.State.QUEUED, 2, "")
        worker_pass()
        capture.refresh_from_db()
        assert capture.reason == "DNS lookup failed for nowhere.invalid"


@pytest.mark.django_db(transaction=True)
def test_a_capture_whose_worker_died_is_finished_by_its_task(httpserver, worker_pass):
    """A capture left RUNNING by a worker that died is taken over when its own task runs
    again (as quotes.workers queues it); another task for it leaves it alone."""
    url = serve(httpserver, "/news/bridge", article_page())
    with override_settings(TASKS=DATABASE_TASKS):
        capture = request_capture(url)
        own_task = capture.task_id
        # The worker claimed the capture, then died; the recovery put the task back.
        Capture.objects.filter(pk=capture.pk).update(state=Capture.State.RUNNING)
        Capture.objects.filter(pk=capture.pk).update(task_id="another-task")
        worker_pass()
        capture.refresh_from_db()
        assert capture.state == Capture.State.RUNNING
        assert httpserver.log == []

        Capture.objects.filter(pk=capture.pk).update(task_id=own_task)
        DBTaskResult.objects.filter(id=own_task).update(status="READY")
        worker_pass()
        capture.refresh_from_db()
        assert capture.state == Capture.State.DONE, capture.reason
        assert Article.objects.count() == 1
