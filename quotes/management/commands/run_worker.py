"""python manage.py run_worker [db_worker's options] [--recover-every SECONDS] : a background
task worker that loses no task when a worker dies.

It is django-tasks-db's `db_worker` (same options, same claiming of tasks), with a worker id
"host:pid:random", and it runs quotes.workers.recover_tasks when it starts and then every
--recover-every seconds: a task left RUNNING by a worker on this host whose process is gone,
or RUNNING for longer than TASK_STALE_SECONDS anywhere, is put back in the queue (or failed
after TASK_MAX_ATTEMPTS), and a live worker runs it again. The tasks are idempotent, so a
task run twice does no harm.
"""

import logging
import signal
import threading

from django.core.management.base import CommandError
from django.db import connections
from django_tasks_db.management.commands.db_worker import Command as DBWorkerCommand
from django_tasks_db.management.commands.db_worker import valid_interval

from quotes import workers

logger = logging.getLogger(__name__)

SIGNALS = [signal.SIGINT, signal.SIGTERM] + ([signal.SIGQUIT] if hasattr(signal, "SIGQUIT") else [])


class Command(DBWorkerCommand):
    help = (
        "Run a background task worker (any number, on any host sharing the database). Like "
        "db_worker, and a task whose worker died is put back in the queue: at start and every "
        "--recover-every seconds, tasks RUNNING under a worker of this host whose process is "
        "gone, or RUNNING longer than TASK_STALE_SECONDS, are made ready again."
    )

    def add_arguments(self, parser):
        super().add_arguments(parser)
        # Our ids name the host and process; a worker reloaded on every code change is for
        # development only, and explicitly.
        parser.set_defaults(worker_id=None, reload=False)
        for action in parser._actions:
            if action.dest == "reload":
                action.help = "Reload the worker on code changes (development only; default: off)"
            elif action.dest == "worker_id":
                action.help = "not accepted: run_worker's ids are host:pid:random (see db_worker)"
        parser.add_argument(
            "--recover-every",
            type=valid_interval,
            default=60,
            metavar="SECONDS",
            help="how often to look for tasks whose worker is gone (default: %(default)r; "
            "0: only at start)",
        )

    def handle(self, *, worker_id, recover_every, batch, **options):
        if worker_id:
            raise CommandError(
                "run_worker names its workers host:pid:random, so that the tasks of one that "
                "died can be recovered; use db_worker to choose a worker id"
            )
        me = workers.worker_id()
        recovery = workers.recover_tasks(me=me)
        if recovery and options["verbosity"]:
            self.stdout.write(
                f"{len(recovery.requeued)} tasks of dead workers queued again, "
                f"{len(recovery.failed)} failed after too many attempts."
            )
        stop = threading.Event()
        if recover_every and not batch:
            threading.Thread(
                target=recover_periodically,
                args=(me, recover_every, stop),
                name="task-recovery",
                daemon=True,
            ).start()
        # db_worker installs its own handlers for a graceful stop; put back the caller's after
        # (this matters when the command runs inside another program, such as the tests).
        handlers = {sig: signal.getsignal(sig) for sig in SIGNALS}
        try:
            super().handle(worker_id=me, batch=batch, **options)
        finally:
            stop.set()
            for sig, handler in handlers.items():
                if handler is not None:  # None: set outside Python, nothing to put back
                    signal.signal(sig, handler)


def recover_periodically(me: str, every: float, stop: threading.Event) -> None:
    """recover_tasks every `every` seconds until `stop` is set, on this thread's own database
    connection; an error is logged and the next round tries again."""
    while not stop.wait(every):
        try:
            workers.recover_tasks(me=me)
        except Exception:
            logger.exception("Recovering the tasks of dead workers failed; trying again later")
        finally:
            connections.close_all()  # this thread's connections only
