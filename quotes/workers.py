"""Task workers that lose no task: worker ids that say where a worker runs, and the recovery
of tasks left RUNNING by a worker that is gone.

django-tasks-db's worker marks a task RUNNING when it claims it and finished when it is done;
a worker killed in between (SIGKILL, out of memory, a host that dies) leaves the task RUNNING
for ever, and no worker takes it again. `recover_tasks` gives such tasks back to the queue:

- a task whose worker id ("host:pid:random", as `worker_id` makes them) names this host and a
  process that no longer exists is READY again at once;
- any task RUNNING for longer than TASK_STALE_SECONDS is READY again, whatever its worker and
  host: a visibility timeout, for workers on hosts that are gone and for workers started
  without our ids (`db_worker`). The limit must be longer than any task takes, or a slow task
  runs twice at the same time;
- a task whose workers have died TASK_MAX_ATTEMPTS times is FAILED instead (WorkerLost), so
  that a task that kills its worker (running out of memory, say) cannot take every worker
  down in turn.

A recovered task runs again from the start. That is safe because every task here is
idempotent: an import is keyed by the article's SHA-256, a re-extraction of an unchanged
article changes nothing, a capture of a URL is stored once. New tasks must keep it so.

Host names must differ between the hosts whose workers share the queue (a "host" being where
process ids mean the same thing: containers sharing a host name but not a process namespace,
as with Docker's network_mode: host, must be given their own names), and their clocks must
agree to well within the stale limit.
"""

import datetime
import logging
import os
import socket
from dataclasses import dataclass, field

from django.conf import settings
from django.utils import timezone
from django.utils.crypto import get_random_string
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult
from django_tasks_db.utils import exclusive_transaction

logger = logging.getLogger(__name__)

DEFAULT_STALE_SECONDS = 600
DEFAULT_MAX_ATTEMPTS = 3
# django-tasks-db's limit on a worker id; the host part is cut to leave room for the rest.
MAX_WORKER_ID = 64
MAX_HOST = 40


class WorkerLost(Exception):
    """The task's worker died while running it, too many times to try again."""


def this_host() -> str:
    # Colons separate the parts of a worker id; a host name never has one, but be sure.
    return socket.gethostname().replace(":", "-")[:MAX_HOST] or "localhost"


def worker_id() -> str:
    """A new worker id for this process: "host:pid:random". The random part tells this
    worker from an earlier one that had the same process id (a restarted container)."""
    return f"{this_host()}:{os.getpid()}:{get_random_string(12)}"


def parse_worker_id(value: str) -> tuple[str, int] | None:
    """(host, pid) from a worker id `worker_id` made, or None for any other id."""
    parts = str(value).rsplit(":", 2)
    if len(parts) != 3 or not parts[0] or not parts[1].isdigit():
        return None
    return parts[0], int(parts[1])


def process_exists(pid: int) -> bool:
    """Whether a process with this id is alive on this host (a zombie, killed and not yet
    reaped by its parent, is not)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # it exists, under another user
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            # "pid (command) state ...": the command may hold spaces and parentheses.
            state = stat.read().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return True  # no /proc (not Linux): the signal check is all there is
    return state not in {"Z", "X"}


def worker_is_gone(value: str, *, me: str | None = None) -> bool:
    """True when the worker id surely names a worker that no longer runs: one on this host
    whose process is gone, or one that had our process id before us. An id from another
    host, or not of our form, cannot be checked here (the stale limit covers it)."""
    if value == me:
        return False
    parsed = parse_worker_id(value)
    if parsed is None or parsed[0] != this_host():
        return False
    pid = parsed[1]
    return pid == os.getpid() or not process_exists(pid)


@dataclass
class Recovery:
    """What one pass of `recover_tasks` did, by task id."""

    requeued: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def __bool__(self):
        return bool(self.requeued or self.failed)


def recover_tasks(*, me: str | None = None, now: datetime.datetime | None = None) -> Recovery:
    """Put back in the queue the tasks whose worker is gone (see the module's docstring), or
    fail those that have lost their worker too often. `me` is the calling worker's own id,
    which is never gone. Rows another transaction holds are skipped, so any number of workers
    can run this at once, and a task a worker is claiming or finishing is left alone."""
    now = now or timezone.now()
    stale = datetime.timedelta(
        seconds=getattr(settings, "TASK_STALE_SECONDS", DEFAULT_STALE_SECONDS)
    )
    max_attempts = getattr(settings, "TASK_MAX_ATTEMPTS", DEFAULT_MAX_ATTEMPTS)
    done = Recovery()
    running = DBTaskResult.objects.running()
    with exclusive_transaction(running.db):
        for task in running.select_for_update(skip_locked=True).order_by():
            last = task.worker_ids[-1] if task.worker_ids else ""
            timed_out = task.started_at is None or task.started_at < now - stale
            if not (timed_out or worker_is_gone(last, me=me)):
                continue
            reason = "timed out" if timed_out else "worker gone"
            if len(task.worker_ids) >= max_attempts:
                task.set_failed(
                    WorkerLost(
                        f"no worker finished this task in {len(task.worker_ids)} attempts "
                        f"(last worker {last or 'unknown'}: {reason})"
                    )
                )
                done.failed.append(str(task.pk))
                logger.error("Task id=%s failed: its workers died (%s)", task.pk, reason)
                continue
            task.status = TaskResultStatus.READY
            task.started_at = None
            task.save(update_fields=["status", "started_at"])
            done.requeued.append(str(task.pk))
            logger.warning(
                "Task id=%s requeued: %s (worker %s)", task.pk, reason, last or "unknown"
            )
    return done
