"""The read replica: which database each query goes to.

With DATABASE_REPLICA_URL set there is a second alias, "replica", a PostgreSQL streaming
replica of "default". The reads of anonymous GET and HEAD requests to public pages (lists,
permalinks, feeds, the API, downloads) go there: they are most of the load, and they may lag
the primary by the replication delay, which a reader cannot tell from a page cached a second
earlier. Everything else reads and writes "default": the admin and anyone logged in (who must
see what they just changed), every write, POSTs, tasks and commands (no request at all), and
the models whose rows a request writes and then reads back (background exports, sessions).

The middleware marks the request; the router reads the mark. The mark lasts until the
response is closed (request_finished), so that a streamed download reads the replica too.
"""

from contextvars import ContextVar

from django.conf import settings
from django.core.signals import request_finished, request_started

REPLICA = "replica"

# The paths never read from the replica whoever asks (the admin also needs a login anyway).
PRIMARY_PATHS = ("/admin/",)
# Apps whose rows the public pages show; anything else (sessions, auth, tasks, axes) stays on
# the primary. Background exports are written during the request that reads them back.
REPLICA_APPS = {"quotes", "archive"}
PRIMARY_MODELS = {"quotes.export"}

_reads_from_replica = ContextVar("reads_from_replica", default=False)


def _clear(**kwargs):
    _reads_from_replica.set(False)


# Every request starts on the primary, whatever the one before it in this thread did.
request_started.connect(_clear, dispatch_uid="verbatim-replica-start")
request_finished.connect(_clear, dispatch_uid="verbatim-replica-finish")


def replica_configured() -> bool:
    return REPLICA in settings.DATABASES


class ReplicaMiddleware:
    """Marks anonymous GET and HEAD requests outside the admin as readable from the replica."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if (
            replica_configured()
            and request.method in ("GET", "HEAD")
            and not request.path.startswith(PRIMARY_PATHS)
            # Read (from the primary, as the mark is not set yet) before marking.
            and not request.user.is_authenticated
        ):
            _reads_from_replica.set(True)
        return self.get_response(request)


class ReplicaRouter:
    """Reads of marked requests to the replica; everything else to the primary. Migrations
    run on the primary only: the replica copies its schema from it."""

    def db_for_read(self, model, **hints):
        if (
            _reads_from_replica.get()
            and model._meta.app_label in REPLICA_APPS
            and model._meta.label_lower not in PRIMARY_MODELS
            and replica_configured()
        ):
            return REPLICA
        return None  # Django's default: the primary, or the database of a related instance

    def db_for_write(self, model, **hints):
        # Even for an object read from the replica, which Django would write back there.
        return "default"

    def allow_relation(self, obj1, obj2, **hints):
        # Both aliases hold the same database.
        return True

    def allow_migrate(self, db, app_label, model_name=None, **hints):
        return db != REPLICA
