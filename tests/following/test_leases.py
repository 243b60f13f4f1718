"""One source, one run at a time: a second worker finds the source held, a run whose worker
died is taken up again once its lease lapses, and two real worker processes on one source
run it once."""

import datetime
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection
from django.utils import timezone
from werkzeug import Response

from archive.following.models import Source, SourceRun
from archive.following.runs import claim, run_source
from archive.following.schedule import run_due
from archive.following.services import add_source

from .conftest import rss, serve_robots

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_a_held_source_is_not_run_again(httpserver):
    """While a run holds a source, another worker's run_source does nothing."""
    source, _ = add_source(httpserver.url_for("/feed.xml"))
    first = claim(source.pk, "worker-a")
    assert first is not None
    assert run_source(source.pk, worker="worker-b") is None
    assert claim(source.pk, "worker-b") is None
    assert SourceRun.objects.filter(source=source).count() == 1


@pytest.mark.django_db
def test_a_run_whose_worker_died_is_taken_up_again(httpserver):
    """A run left RUNNING under a lapsed lease is marked abandoned, and the source runs."""
    serve_robots(httpserver)
    httpserver.expect_request("/feed.xml").respond_with_data(rss(), content_type="text/xml")
    source, _ = add_source(httpserver.url_for("/feed.xml"))
    dead = claim(source.pk, "worker-that-died")
    Source.objects.filter(pk=source.pk).update(
        leased_until=timezone.now() - datetime.timedelta(seconds=1)
    )

    run = run_source(source.pk, worker="worker-b")

    assert run.state == SourceRun.State.DONE, run.reason
    dead.refresh_from_db()
    assert dead.state == SourceRun.State.FAILED
    assert dead.reason.startswith("abandoned")


@pytest.fixture
def worker_env():
    """The environment of a follower process on this test's database (PostgreSQL only:
    SQLite's test database lives in this process's memory)."""
    if connection.vendor != "postgresql":
        pytest.skip("worker processes need PostgreSQL (DATABASE_URL=postgres://...)")
    db = connection.settings_dict
    password = f":{quote(db['PASSWORD'], safe='')}" if db["PASSWORD"] else ""
    host = f"{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}"
    url = f"postgres://{quote(db['USER'], safe='')}{password}@{host}/{db['NAME']}"
    return {
        **os.environ,
        "DATABASE_URL": url,
        "VERBATIM_DEV": "1",
        "CAPTURE_ALLOW_PRIVATE": "1",
        "FOLLOW_HOST_DELAY_SECONDS": "0",
        "CAPTURE_TIMEOUT_SECONDS": "60",
    }


@pytest.mark.django_db(transaction=True)
def test_two_workers_never_run_one_source_at_once(httpserver, worker_env):
    """Two `follow_sources --once` processes started together on one source: the feed is
    asked for once, one run is recorded, and the other process says it did not run it."""
    serve_robots(httpserver)
    both_started = threading.Event()
    asked = []

    def slow_feed(request):
        asked.append(request.path)
        both_started.wait(30)  # hold the run while the second process tries
        return Response(rss(), content_type="text/xml")

    httpserver.expect_request("/feed.xml").respond_with_handler(slow_feed)
    source, _ = add_source(httpserver.url_for("/feed.xml"))
    command = [sys.executable, "manage.py", "follow_sources", "--once", str(source.pk)]
    processes = [
        subprocess.Popen(  # noqa: S603 - our own interpreter and manage.py
            command, cwd=ROOT, env=worker_env, stdout=subprocess.PIPE, text=True
        )
        for _ in range(2)
    ]
    try:
        outputs = []
        # The process that did not get the lease ends first; then the feed answers the other.
        waiting, give_up = list(processes), time.monotonic() + 90
        while waiting and time.monotonic() < give_up:
            for process in list(waiting):
                try:
                    out, _ = process.communicate(timeout=0.5)
                except subprocess.TimeoutExpired:
                    continue
                outputs.append(out)
                waiting.remove(process)
                both_started.set()
    finally:
        both_started.set()
        for process in processes:
            if process.poll() is None:
                process.kill()
    assert asked == ["/feed.xml"]
    assert SourceRun.objects.filter(source=source).count() == 1
    assert sum("not run" in out for out in outputs) == 1


@pytest.mark.django_db
def test_the_schedule_runs_due_sources_only(httpserver):
    """run_due runs the sources that are due and neither paused nor held; a source run is
    next due after its interval."""
    serve_robots(httpserver)
    httpserver.expect_request("/feed.xml").respond_with_data(rss(), content_type="text/xml")
    due, _ = add_source(httpserver.url_for("/feed.xml"), interval=45)
    later, _ = add_source(
        httpserver.url_for("/later.xml"),
        next_run_at=timezone.now() + datetime.timedelta(hours=1),
    )
    paused, _ = add_source(httpserver.url_for("/paused.xml"), paused=True)

    runs = run_due()

    assert [run.source_id for run in runs] == [due.pk]
    due.refresh_from_db()
    expected = runs[0].finished_at + datetime.timedelta(minutes=45)
    assert abs((due.next_run_at - expected).total_seconds()) < 1
    assert not SourceRun.objects.filter(source__in=[later, paused]).exists()
