"""A worker killed with SIGKILL in the middle of a task loses it not: another worker, started
afterwards or already running, finishes it. Real worker processes on the test database."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from quotes import workers

from .slow import nap

ROOT = Path(__file__).resolve().parents[2]
NAP = 6  # seconds: long enough to kill the worker in the middle of it

pytestmark = pytest.mark.django_db(transaction=True)  # workers see committed rows only


@pytest.fixture
def worker_env():
    """The environment of a worker process on this test's database (pytest-django's
    test_... database, not the one DATABASE_URL names), with the database tasks backend."""
    if connection.vendor != "postgresql":
        pytest.skip(
            "SQLite's test database lives in this process's memory; worker processes need "
            "PostgreSQL (DATABASE_URL=postgres://...)"
        )
    db = connection.settings_dict
    password = f":{quote(db['PASSWORD'], safe='')}" if db["PASSWORD"] else ""
    host = f"{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}"
    url = f"postgres://{quote(db['USER'], safe='')}{password}@{host}/{db['NAME']}"
    return {**os.environ, "DATABASE_URL": url, "VERBATIM_DEV": "1", "VERBATIM_TASKS": "database"}


@pytest.fixture
def start_worker(worker_env, tmp_path):
    """Start `run_worker` processes; every one still alive is stopped after the test."""
    started = []

    def start(*options):
        log = (tmp_path / f"worker-{len(started)}.log").open("w")
        process = subprocess.Popen(  # noqa: S603 - our own interpreter and manage.py
            [sys.executable, "manage.py", "run_worker", "--no-startup-delay", "--no-reload",
             "--interval", "0.2", *options],
            cwd=ROOT, env=worker_env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        started.append((process, log))
        return process

    yield start
    for process, log in started:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        log.close()


def wait_for(condition, what, timeout, logs):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    shown = "\n".join(f"--- {p.name}\n{p.read_text()}" for p in sorted(logs.glob("*.log")))
    pytest.fail(f"timed out waiting for {what}\n{shown}")


def task_row(result):
    return DBTaskResult.objects.get(id=result.id)


def pid_of(worker_id):
    return workers.parse_worker_id(worker_id)[1]


def test_task_of_a_killed_worker_is_finished_by_the_next_worker(
    database_tasks, start_worker, tmp_path
):
    """kill -9 a worker mid-task: the task stays RUNNING (django-tasks-db alone would leave
    it so for ever); the next worker to start queues it again and runs it to the end."""
    started = time.monotonic()
    result = nap.enqueue(NAP)
    first = start_worker()
    wait_for(
        lambda: task_row(result).status == TaskResultStatus.RUNNING, "the first worker", 20,
        tmp_path,
    )  # fmt: skip
    assert pid_of(task_row(result).worker_ids[-1]) == first.pid

    first.kill()
    first.wait()
    assert task_row(result).status == TaskResultStatus.RUNNING

    second = start_worker()
    wait_for(
        lambda: task_row(result).status == TaskResultStatus.SUCCESSFUL, "the second worker",
        NAP + 20, tmp_path,
    )  # fmt: skip
    row = task_row(result)
    assert [pid_of(w) for w in row.worker_ids] == [first.pid, second.pid]
    assert row.return_value == "awake"
    assert time.monotonic() - started < 60


def test_a_running_worker_takes_over_the_task_of_a_killed_one(
    database_tasks, start_worker, tmp_path
):
    """Two workers; the one that claimed the task is killed: the other, which looks for
    tasks of dead workers every --recover-every seconds, finishes it."""
    started = time.monotonic()
    pool = {p.pid: p for p in (start_worker("--recover-every", "0.5") for _ in range(2))}
    result = nap.enqueue(NAP)
    wait_for(lambda: task_row(result).status == TaskResultStatus.RUNNING, "a worker", 20, tmp_path)
    victim = pid_of(task_row(result).worker_ids[-1])
    pool[victim].kill()
    pool[victim].wait()

    wait_for(
        lambda: task_row(result).status == TaskResultStatus.SUCCESSFUL, "the other worker",
        NAP + 20, tmp_path,
    )  # fmt: skip
    (survivor,) = set(pool) - {victim}
    assert [pid_of(w) for w in task_row(result).worker_ids] == [victim, survivor]
    assert time.monotonic() - started < 60
