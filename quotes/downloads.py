"""Downloads of the quote list's results as CSV and JSON Lines.

A small selection streams straight back. A large one is never streamed: a request cut off by
the web server's timeout after its 200 went out would leave the researcher a truncated file
that looks whole. It is written to a file by a background task instead, and the researcher
is sent (303) to the export's status page, which refreshes itself until the file is ready.
"""

import datetime

from django.conf import settings
from django.http import FileResponse, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache

from . import citations
from .exporting import (
    CONTENT_TYPES,
    blocks,
    export_path,
    filtered_quotes,
    is_small,
    request_export,
)
from .models import Export

# Seconds between two reloads of the status page of an unfinished export.
STATUS_REFRESH_SECONDS = 5


def bad_filter(message):
    return HttpResponse(
        f"Some filters could not be used, so nothing was exported.\n{message}\n",
        status=400,
        content_type="text/plain; charset=utf-8",
    )


def file_name(export_format, day=None):
    return f"verbatim-quotes-{(day or datetime.date.today()).isoformat()}.{export_format}"


def export(request, export_format):
    """The quote list's results for the request's filters, streamed or sent to the
    background (see the module's docstring)."""
    quotes, error = filtered_quotes(request.GET.urlencode())
    if error:
        return bad_filter(error)
    site_url = citations.site_url(request)
    if not is_small(quotes):
        job = request_export(
            export_format=export_format, query=request.GET.urlencode(), site_url=site_url
        )
        return _see_other(job)
    # A chunk of rows at a time: a write to the client per row would be a system call each.
    response = StreamingHttpResponse(
        (text for text, _ in blocks(export_format, quotes, site_url=site_url)),
        content_type=CONTENT_TYPES[export_format],
    )
    response["Content-Disposition"] = f'attachment; filename="{file_name(export_format)}"'
    return response


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
    """/exports/<token>/file: a ready export's file, streamed from disk."""
    job = get_object_or_404(Export, token=token, status=Export.Status.READY)
    path = export_path(job)
    if job.expires_at <= timezone.now() or not path.exists():
        return HttpResponse(
            "This export has expired. Ask for it again from the quote list.\n",
            status=410,
            content_type="text/plain; charset=utf-8",
        )
    return FileResponse(
        open(path, "rb"),  # noqa: SIM115 (FileResponse closes it)
        as_attachment=True,
        filename=file_name(job.format, job.created_at.date()),
        content_type=CONTENT_TYPES[job.format],
    )
