"""When sources run: each due one (paused or held by another run, never), at its own
interval. `python manage.py follow_sources` runs this loop in a process of its own (the
`follower` service of docker-compose.yml); any number of them may run side by side, since a
source's lease lets one run at a time."""

import logging
import time
import uuid

from django.db import close_old_connections
from django.db.models import Q
from django.utils import timezone

from .models import Source, SourceRun
from .runs import run_source

logger = logging.getLogger(__name__)
IDLE_SECONDS = 30  # the longest the loop sleeps between two looks for due sources


def due_sources():
    """The sources to run now: not paused, due, and not held by a run."""
    now = timezone.now()
    free = Q(leased_until__isnull=True) | Q(leased_until__lt=now)
    return Source.objects.filter(free, paused=False, next_run_at__lte=now).order_by("next_run_at")


def run_due(*, worker: str = "") -> list[SourceRun]:
    """Run every source due now, once each; the runs (a source another worker took first is
    left to it)."""
    runs = []
    for source_id in list(due_sources().values_list("pk", flat=True)):
        run = run_source(source_id, worker=worker)
        if run is not None:
            runs.append(run)
    return runs


def seconds_to_next() -> float:
    """How long until the next source is due, at most IDLE_SECONDS."""
    upcoming = (
        Source.objects.filter(paused=False)
        .order_by("next_run_at")
        .values_list("next_run_at", flat=True)
    ).first()
    if upcoming is None:
        return IDLE_SECONDS
    return min(max((upcoming - timezone.now()).total_seconds(), 1.0), IDLE_SECONDS)


def follow_forever(report=print, *, rounds: int | None = None) -> None:
    """Run due sources, then sleep until the next is due, until stopped (or `rounds` times)."""
    worker = f"follower-{uuid.uuid4().hex[:12]}"
    done = 0
    while rounds is None or done < rounds:
        close_old_connections()
        try:
            for run in run_due(worker=worker):
                report(f"{run.source}: {run.summary()}")
        except Exception:
            # The run is already marked failed with its reason; the loop goes on (a database
            # that went away comes back, a bug in one source is not every source's).
            logger.exception("following: a run failed")
        done += 1
        if rounds is None or done < rounds:
            time.sleep(seconds_to_next())
