"""Verbatim as a running service: health endpoints, one JSON log line per request with a
request id, and a plain 503 (JSON on the API) while the database cannot be reached.

- /healthz answers 200 while the process serves requests (liveness: it touches nothing).
- /readyz answers 200 when the database, and the cache and task queue where configured, are
  reachable, else 503 naming what is not (readiness: a load balancer stops sending traffic).
- A request that fails because the database is unreachable gets 503 with Retry-After, never a
  generic 500. Django checks a kept connection before each request (CONN_HEALTH_CHECKS), so
  pages come back by themselves once the database does, without a restart.
"""

import contextvars
import logging
import re
import sys
import time
import uuid

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, InterfaceError, OperationalError, connections
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.debug import technical_500_response
from django.views.decorators.cache import never_cache
from django.views.defaults import page_not_found

from verbatim import pagecache

logger = logging.getLogger("verbatim.requests")

# The request being served, for every log line written while it is.
request_id = contextvars.ContextVar("request_id", default="-")

# A caller's own X-Request-ID is kept when it looks like one (a proxy's, for tracing).
GIVEN_ID = re.compile(r"[A-Za-z0-9._:-]{8,64}")

RETRY_AFTER_SECONDS = 5


class RequestIdFilter(logging.Filter):
    """Gives every log record the id of the request it was written in."""

    def filter(self, record):
        record.request_id = request_id.get()
        return True


class DatabaseDownFilter(logging.Filter):
    """Django logs every request that failed for an unreachable database as an error with its
    traceback; that is an outage, not a bug: one warning line each, without the traceback."""

    def filter(self, record):
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, DATABASE_DOWN) or _unreachable(error):
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.msg, record.args = (
                "Database unreachable: %s %s",
                (
                    getattr(record, "status_code", 503),
                    str(error).strip().splitlines()[0]
                    if str(error).strip()
                    else type(error).__name__,
                ),
            )
        return True


class RequestLogMiddleware:
    """One JSON log line per request (method, path, status, duration, request id), and the
    id in the X-Request-ID response header so a user's report can be matched to the logs."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        given = request.headers.get("X-Request-ID", "")
        rid = given if GIVEN_ID.fullmatch(given) else uuid.uuid4().hex
        # Not reset on the way out: Django logs a failed request's error after the middleware
        # has returned, and that line must carry the id too. The next request sets its own.
        request_id.set(rid)
        started = time.perf_counter()
        response = self.get_response(request)
        response["X-Request-ID"] = rid
        logger.info(
            "request",
            extra={
                "method": request.method,
                "path": request.path,
                "status": response.status_code,
                "duration_ms": round((time.perf_counter() - started) * 1000, 1),
            },
        )
        return response


DATABASE_DOWN = (OperationalError, InterfaceError)


def database_unavailable(request) -> HttpResponse:
    """503 with Retry-After: JSON for the API, a plain page (no template, no database)
    for everything else."""
    if request.path.startswith("/api/"):
        response = JsonResponse(
            {"detail": "The archive's database cannot be reached. Try again shortly."},
            status=503,
        )
    else:
        response = HttpResponse(
            "<!doctype html><html lang=en><meta charset=utf-8>"
            "<title>Verbatim is briefly unavailable</title>"
            "<h1>Verbatim is briefly unavailable</h1>"
            "<p>The archive cannot reach its database just now. Please try again in a few "
            "seconds.</p></html>",
            status=503,
            content_type="text/html; charset=utf-8",
        )
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


# Django's debug pages carry this robots tag; the site's own pages never do.
DEBUG_PAGE_MARK = b'content="NONE,NOARCHIVE"'


class SitePagesInDevelopmentMiddleware:
    """With DEBUG on (make serve), a public page not found shows the site's own 404 page
    rather than Django's debug page, so that development shows what readers see. The admin
    and the API keep Django's answers."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            settings.DEBUG
            and response.status_code == 404
            and not request.path.startswith(("/admin/", "/api/", "/static/"))
            and DEBUG_PAGE_MARK in getattr(response, "content", b"")
        ):
            return page_not_found(request, None)
        return response


def server_error(request):
    """handler500: a database that cannot be reached is 503, not an error of ours. Any other
    failure is a plain 500 page (JSON on the API) that gives the request id to quote."""
    error = sys.exc_info()[1]
    if isinstance(error, DATABASE_DOWN) or _unreachable(error):
        return database_unavailable(request)
    if settings.DEBUG:  # pragma: no cover - development only
        return technical_500_response(request, *sys.exc_info())
    rid = request_id.get()
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": "Server error.", "request_id": rid}, status=500)
    try:
        return render(request, "500.html", {"request_id": rid}, status=500)
    except Exception:  # noqa: BLE001 - the site's page needs what may have failed: say it plainly
        logger.exception("the 500 page could not be rendered")
    return HttpResponse(
        "<!doctype html><html lang=en><meta charset=utf-8><title>Server error</title>"
        "<h1>Something went wrong</h1><p>The error has been logged. If you report it, "
        f"quote request id <code>{rid}</code>.</p></html>",
        status=500,
        content_type="text/html; charset=utf-8",
    )


def _unreachable(error) -> bool:
    # psycopg wraps a dropped connection in DatabaseError subclasses other than
    # OperationalError on some paths (e.g. a server that closed the connection mid-query).
    return isinstance(error, DatabaseError) and any(
        isinstance(cause, DATABASE_DOWN) for cause in (error.__cause__, error.__context__)
    )


@pagecache.exempt  # answers whether or not the cache does
@never_cache
def healthz(request):
    return HttpResponse("ok\n", content_type="text/plain")


@pagecache.exempt
@never_cache
def readyz(request):
    checks = {"database": _check_database()}
    if settings.CACHES["default"]["BACKEND"].endswith("RedisCache"):
        checks["cache"] = _check(_cache)
    if settings.TASKS["default"]["BACKEND"].startswith("django_tasks_db"):
        checks["tasks"] = _check(_task_queue) if checks["database"] == "ok" else "unreachable"
    # The cache is an optimisation: without it pages are rendered and limits kept per
    # process, so a Redis outage is said here but takes no instance out of a load balancer
    # (every instance shares the one Redis: all would go at once).
    ready = all(value == "ok" for name, value in checks.items() if name != "cache")
    response = JsonResponse(checks, status=200 if ready else 503)
    if not ready:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def _check_database():
    def ping():
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT 1")

    return _check(ping)


def _cache():
    # verbatim.cache answers as a miss when Redis is away, and says so.
    cache.set("readyz", "1", 5)
    if getattr(cache, "down", False) or cache.get("readyz") != "1":
        raise ConnectionError("the cache is unreachable")


def _task_queue():
    # Imported here: the logging configuration loads this module (its request-id filter)
    # before the apps, and a model cannot be imported before them.
    from django_tasks_db.models import DBTaskResult

    DBTaskResult.objects.exists()


def _check(probe) -> str:
    try:
        probe()
    except Exception as error:  # noqa: BLE001 - any failure means "not ready", said in words
        logger.warning("readiness check failed: %r", error)
        return "unreachable"
    return "ok"
