"""Recovering the tasks of dead workers (quotes.workers): a task left RUNNING by a worker
that is gone is queued again, and a live worker finishes it."""

import datetime
import os
import subprocess
import sys

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from quotes import workers

from .slow import nap


@pytest.fixture
def dead_pid():
    """The id of a process of this host that has ended (and been reaped)."""
    process = subprocess.Popen([sys.executable, "-c", ""])  # noqa: S603
    process.wait()
    return process.pid


def running(worker_id, *, minutes_ago=0):
    """A task claimed by `worker_id`, as a worker leaves it when it is killed mid-task."""
    result = nap.enqueue(0)
    task = DBTaskResult.objects.get(id=result.id)
    task.claim(worker_id)
    started = timezone.now() - datetime.timedelta(minutes=minutes_ago)
    DBTaskResult.objects.filter(id=task.id).update(started_at=started)
    return task


def status(task):
    task.refresh_from_db()
    return task.status


def test_worker_ids_name_host_and_process():
    """A worker id is host:pid:random, and two workers of one process differ."""
    first, second = workers.worker_id(), workers.worker_id()
    assert workers.parse_worker_id(first) == (workers.this_host(), os.getpid())
    assert first != second and len(first) <= workers.MAX_WORKER_ID
    assert workers.parse_worker_id("a3f9c0ffee0123456789abcdef012345") is None


@pytest.mark.django_db(transaction=True)
def test_task_of_a_dead_worker_is_queued_again_and_another_worker_finishes_it(
    database_tasks, run_worker, dead_pid
):
    """A task RUNNING under a worker of this host whose process is gone is made ready when a
    worker starts, and that worker runs it to the end."""
    dead = f"{workers.this_host()}:{dead_pid}:k1ll3d"
    task = running(dead)

    done = run_worker()

    assert [t.id for t in done] == [task.id]
    assert done[0].status == TaskResultStatus.SUCCESSFUL and done[0].return_value == "awake"
    assert done[0].worker_ids[0] == dead
    assert workers.parse_worker_id(done[0].worker_ids[1]) == (workers.this_host(), os.getpid())


@pytest.fixture
def live_pid():
    """The id of a process of this host that is running."""
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])  # noqa: S603
    yield process.pid
    process.kill()
    process.wait()


@pytest.mark.django_db
def test_live_workers_keep_their_tasks(database_tasks, settings, live_pid):
    """A task of a worker that still runs on this host, or of a worker on another host, is
    left alone while it is younger than the stale limit."""
    settings.TASK_STALE_SECONDS = 600
    alive = running(f"{workers.this_host()}:{live_pid}:alive", minutes_ago=9)
    elsewhere = running("other-host:4242:abc", minutes_ago=9)
    plain = running("a3f9c0ffee0123456789abcdef012345", minutes_ago=9)  # db_worker's kind

    assert not workers.recover_tasks()
    assert {status(alive), status(elsewhere), status(plain)} == {TaskResultStatus.RUNNING}


@pytest.mark.django_db
def test_tasks_running_past_the_stale_limit_are_queued_again_whatever_the_host(
    database_tasks, settings
):
    """The visibility timeout: a task RUNNING for longer than TASK_STALE_SECONDS is made
    ready again, wherever its worker was and whatever its id."""
    settings.TASK_STALE_SECONDS = 120
    elsewhere = running("other-host:4242:abc", minutes_ago=3)
    plain = running("a3f9c0ffee0123456789abcdef012345", minutes_ago=3)
    recent = running("other-host:4243:abc", minutes_ago=1)

    recovery = workers.recover_tasks()

    assert sorted(recovery.requeued) == sorted([str(elsewhere.id), str(plain.id)])
    assert (status(elsewhere), status(plain), status(recent)) == (
        TaskResultStatus.READY,
        TaskResultStatus.READY,
        TaskResultStatus.RUNNING,
    )
    elsewhere.refresh_from_db()
    assert elsewhere.started_at is None and elsewhere.worker_ids == ["other-host:4242:abc"]


@pytest.mark.django_db
def test_an_earlier_worker_with_our_process_id_is_gone(database_tasks):
    """A restarted container gives its new worker the old one's process id: a task of a
    worker with our pid but another id is recovered; our own task is not."""
    host, pid = workers.this_host(), os.getpid()
    me = f"{host}:{pid}:me"
    before = running(f"{host}:{pid}:before")
    mine = running(me)

    assert workers.recover_tasks(me=me).requeued == [str(before.id)]
    assert status(mine) == TaskResultStatus.RUNNING


@pytest.mark.django_db
def test_a_task_whose_workers_keep_dying_fails(database_tasks, settings, dead_pid):
    """After TASK_MAX_ATTEMPTS workers died running it, the task fails with WorkerLost
    instead of taking down one worker after another."""
    settings.TASK_MAX_ATTEMPTS = 2
    dead = f"{workers.this_host()}:{dead_pid}:x"
    task = running(dead)
    assert workers.recover_tasks().requeued == [str(task.id)]
    DBTaskResult.objects.get(id=task.id).claim(dead)

    assert workers.recover_tasks().failed == [str(task.id)]

    task.refresh_from_db()
    assert task.status == TaskResultStatus.FAILED
    assert task.exception_class_path == "quotes.workers.WorkerLost"
    assert "no worker finished this task in 2 attempts" in task.traceback


@pytest.mark.django_db
def test_a_zombie_is_a_dead_worker():
    """A worker killed but not yet reaped by its parent is a zombie: gone all the same."""
    process = subprocess.Popen([sys.executable, "-c", ""])  # noqa: S603
    try:
        os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOWAIT)  # exited, not reaped
        assert not workers.process_exists(process.pid)
    finally:
        process.wait()
    assert workers.process_exists(os.getpid())


def test_run_worker_refuses_a_chosen_worker_id(database_tasks):
    """run_worker's ids must say host and process; db_worker takes any id."""
    with pytest.raises(CommandError, match="names its workers host:pid:random"):
        call_command("run_worker", "--batch", "--worker-id", "mine")
