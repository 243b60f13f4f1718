"""Downloads of the quote list's results as CSV and JSON Lines.

A small selection streams straight back. A large one is never streamed: a request cut off by
the web server's timeout after its 200 went out would leave the researcher a truncated file
that looks whole. It is written to a file by a background task instead, and the researcher
is sent (303) to the export's status page, which refreshes itself until the file is ready.

Neither kind can be turned against the archive: one address has at most one background
export queued or running (request_export), and at most
EXPORT_DIRECT_CONCURRENCY downloads stream at once across every process, counted in the
shared cache; past either the answer is 429 with Retry-After.
"""

import datetime
import functools

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.http import FileResponse, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache

from archive.blobs import BlobMissing
from verbatim.ratelimit import client_network

from .. import absolute_urls
from ..export_files import PENDING, ExportInProgress, export_query, open_export
from ..exporting import CONTENT_TYPES, blocks, filtered_quotes, is_small
from ..models import Export
from ..tasks import export_quotes_file

# Seconds between two reloads of the status page of an unfinished export.
STATUS_REFRESH_SECONDS = 5

# How long a streaming download holds its place at most, so that a process killed mid-way
# (gunicorn's timeout is 30 s) does not keep it for good.
PLACE_SECONDS = 60
# What a refused download is told to wait before asking again (Retry-After).
RETRY_SECONDS = 10


def bad_filter(message):
    return HttpResponse(
        f"Some filters could not be used, so nothing was exported.\n{message}\n",
        status=400,
        content_type="text/plain; charset=utf-8",
    )


def file_name(export_format, day=None):
    return f"verbatim-quotes-{(day or datetime.date.today()).isoformat()}.{export_format}"


def too_many(message):
    response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(RETRY_SECONDS)
    return response


def export(request, export_format):
    """The quote list's results for the request's filters, streamed or sent to the
    background (see the module's docstring)."""
    quotes, error = filtered_quotes(request.GET.urlencode())
    if error:
        return bad_filter(error)
    site_url = absolute_urls.site_url(request)
    if not is_small(quotes):
        try:
            job = request_export(
                export_format=export_format,
                query=request.GET.urlencode(),
                site_url=site_url,
                client=client_network(request) or "",
            )
        except ExportInProgress as busy:
            return too_many(
                "A download you asked for is already being prepared. Wait for it to finish,"
                " then ask for this one:\n"
                f"{absolute_urls.absolute(busy.export.get_absolute_url(), request)}\n"
            )
        return _see_other(job)
    release = take_place()
    if release is None:
        return too_many(
            "Too many downloads are being sent right now. Please try again in"
            f" {RETRY_SECONDS} seconds.\n"
        )
    # A chunk of rows at a time: a write to the client per row would be a system call each.
    response = StreamingHttpResponse(
        Closing((text for text, _ in blocks(export_format, quotes, site_url=site_url)), release),
        content_type=CONTENT_TYPES[export_format],
    )
    response["Content-Disposition"] = f'attachment; filename="{file_name(export_format)}"'
    return response


def request_export(*, export_format: str, query: str, site_url: str, client: str = "") -> Export:
    """The background export of the filters `query` (export_query keys it): one already
    queued, running or ready (and not about to expire) is shared, so that asking again does
    not start another. A new one is started for `client` (its address) unless that address
    has one queued or running still: then ExportInProgress, so that one address writes one
    file at a time."""
    query = export_query(query)
    now = timezone.now()
    fresh = now + datetime.timedelta(hours=settings.EXPORT_KEEP_HOURS / 2)
    export = (
        Export.objects.filter(format=export_format, query=query, site_url=site_url)
        .exclude(status=Export.Status.FAILED)
        .filter(expires_at__gt=fresh)
        .order_by("-created_at")
        .first()
    )
    if export is not None:
        return export
    try:
        # The constraint one_pending_export_per_client refuses a second pending export,
        # also when two requests from one address arrive together.
        with transaction.atomic():
            export = Export.objects.create(
                format=export_format,
                query=query,
                site_url=site_url,
                client=client,
                expires_at=now + datetime.timedelta(hours=settings.EXPORT_KEEP_HOURS),
            )
    except IntegrityError:
        pending = client and Export.objects.filter(client=client, status__in=PENDING).first()
        if not pending:  # another constraint, or it finished in between: nothing to wait for
            raise
        raise ExportInProgress(pending) from None
    export_quotes_file.enqueue(export.pk)
    return export


def take_place():
    """Take one of EXPORT_DIRECT_CONCURRENCY places for a streaming download, each a key in
    the shared cache that only one cache.add wins: a function that gives it back, or None
    when every place is taken. With the cache away nothing can be counted, and the download
    goes ahead, as the rate limits let requests through then (verbatim/cache.py)."""
    for number in range(settings.EXPORT_DIRECT_CONCURRENCY):
        key = f"downloads:streaming:{number}"
        if cache.add(key, True, timeout=PLACE_SECONDS):
            return functools.partial(cache.delete, key)
    if getattr(cache, "down", False):
        return lambda: None
    return None


class Closing:
    """A response's rows that call `on_close` when the response is closed (Django closes an
    iterable that has close()): read to the end, cut off or never read at all. A generator's
    `finally` would not run for one never started."""

    def __init__(self, iterator, on_close):
        self.iterator = iterator
        self.on_close = on_close

    def __iter__(self):
        return self.iterator

    def close(self):
        try:
            self.iterator.close()
        finally:
            self.on_close()


def _see_other(job):
    # 303: the client is told to fetch the status page, whatever method it used.
    response = redirect(job)
    response.status_code = 303
    return response


def export_csv(request):
    """/quotes/export.csv: the quote list's results, one row per printing."""
    return export(request, Export.Format.CSV)


def export_jsonl(request):
    """/quotes/export.jsonl: the quote list's results, one export record a line."""
    return export(request, Export.Format.JSONL)


@never_cache
def export_status(request, token):
    """/exports/<token>/: how far a background export got, and its file once ready. The
    page reloads itself while the export is queued or running."""
    job = get_object_or_404(Export, token=token)
    expired = job.expires_at <= timezone.now()
    return render(
        request,
        "quotes/export_status.html",
        {
            "export": job,
            "expired": expired,
            "refresh_seconds": None if job.is_finished or expired else STATUS_REFRESH_SECONDS,
            "keep_hours": settings.EXPORT_KEEP_HOURS,
        },
        status=410 if expired else 200,
    )


def export_file(request, token):
    """/exports/<token>/file: a ready export's file, streamed from the storage."""
    job = get_object_or_404(Export, token=token, status=Export.Status.READY)
    gone = HttpResponse(
        "This export has expired. Ask for it again from the quote list.\n",
        status=410,
        content_type="text/plain; charset=utf-8",
    )
    if job.expires_at <= timezone.now():
        return gone
    try:
        # Opened, not tested first: the disk budget may delete the file at any moment
        # (quotes.export_files.drop_exports_over_budget); once open, it reads to the end.
        file = open_export(job)
    except BlobMissing:
        return gone
    return FileResponse(
        file,
        as_attachment=True,
        filename=file_name(job.format, job.created_at.date()),
        content_type=CONTENT_TYPES[job.format],
    )
