"""A captured page replayed as it was fetched, with no script and no request beyond the archive,
and the capture's WARC file for download."""

from csp.decorators import csp_exempt, csp_update
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.clickjacking import xframe_options_sameorigin
from django.views.decorators.http import require_safe
from warcio.exceptions import ArchiveLoadFailed

from archive.blobs import BlobError
from archive.models import Capture
from archive.warc import replay_response

from .. import public
from .memento import add_memento_headers

# The archived page is someone else's markup: it may run no script (sandbox gives it an
# opaque origin besides), load nothing from the outlet or anywhere else, submit no form and
# move no link base. Set by the view itself; the site's own policy (django-csp) is kept off.
REPLAY_POLICY = "; ".join(
    [
        "sandbox",
        "default-src 'none'",
        "img-src 'self' data:",
        "style-src 'self' 'unsafe-inline'",
        "font-src 'self' data:",
        "form-action 'none'",
        "base-uri 'none'",
        "frame-ancestors 'self'",
    ]
)
# Served as the exchange was stored: an already gzipped file, not an encoding of the response.
WARC_CONTENT_TYPE = "application/gzip"
UNKNOWN_CONTENT_TYPE = "application/octet-stream"


# What a replay reads of a capture: where its WARC is and what it hashes to, and the memento's
# original and moment.
REPLAYED = ("pk", "warc_key", "warc_sha256", "url", "captured_at", "requested_at", "article__url")


def visible_captures(user):
    """Captures with a WARC that `user` may open: staff any, everyone else a finished capture
    of a public article."""
    captures = Capture.objects.exclude(warc_key="")
    if user.is_staff:
        return captures
    return captures.filter(state=Capture.State.DONE, article__in=public.articles())


def archived_response(capture):
    """(status, headers, body) of the page's response in the capture's WARC, as the capture
    service reads it back; Http404 when there is none or the file cannot be read."""
    try:
        return replay_response(capture)
    except (LookupError, ArchiveLoadFailed):  # archive.blobs.BlobError among them
        raise Http404("This capture holds no page that can be replayed.") from None


def header(headers, name):
    name = name.lower()
    return next((value for key, value in headers if key.lower() == name), None)


def one_line(value):
    """An archived header value as a response may carry it (one printable line), or None."""
    value = (value or "").strip()
    if not value or not value.isprintable() or not value.isascii():
        return None
    return value


@require_safe
@csp_exempt()
@xframe_options_sameorigin
def replay(request, pk):
    """The captured page's bytes under the archive's own address, with the content type they
    were served with, sandboxed so that no script runs and nothing is fetched from the web."""
    capture = get_object_or_404(
        visible_captures(request.user).select_related("article").only(*REPLAYED),
        pk=pk,
    )
    _status, headers, body = archived_response(capture)
    content_type = one_line(header(headers, "content-type")) or UNKNOWN_CONTENT_TYPE
    response = HttpResponse(body, content_type=content_type)
    response["Content-Security-Policy"] = REPLAY_POLICY
    response["X-Content-Type-Options"] = "nosniff"
    response["Referrer-Policy"] = "no-referrer"
    response["Content-Disposition"] = "inline"
    # A memento (RFC 7089) of the page it was captured from.
    return add_memento_headers(
        response, original=original_of(capture), moment=moment_of(capture), request=request
    )


def original_of(capture):
    """The address the captured page stands for: its article's, else the one captured."""
    return (capture.article.url if capture.article else "") or capture.url


def moment_of(capture):
    return capture.captured_at or capture.requested_at


@require_safe
# The page frames the replay (same origin, which allows it with frame-ancestors 'self'); no
# other page of the site may frame anything.
@csp_update({"frame-src": ["'self'"]})
def replay_page(request, pk):
    """The site's page around a replay, as the Wayback Machine shows one: a banner saying
    whose copy it is and when it was taken, and the replay itself in a sandboxed frame below.
    The captured bytes are never touched; the same captures answer as the replay's (404
    otherwise)."""
    capture = get_object_or_404(
        visible_captures(request.user).select_related("article").only(*REPLAYED),
        pk=pk,
    )
    archived_response(capture)
    article = capture.article
    # Staff may open any capture; the article's page is offered only where readers have one.
    public_article = article is not None and public.articles().filter(pk=article.pk).exists()
    context = {
        "capture": capture,
        "original": original_of(capture),
        "moment": moment_of(capture),
        "article": article if public_article else None,
    }
    return render(request, "quotes/capture_replay.html", context)


@require_safe
def warc_download(request, pk):
    """The capture's WARC file exactly as stored (gzipped records), to keep or replay
    elsewhere."""
    capture = get_object_or_404(
        visible_captures(request.user).only("pk", "warc_key", "warc_sha256"), pk=pk
    )
    try:
        data = capture.read_warc()
    except BlobError:
        raise Http404("This capture's WARC cannot be read.") from None
    response = HttpResponse(data, content_type=WARC_CONTENT_TYPE)
    response["Content-Disposition"] = (
        f'attachment; filename="verbatim-capture-{capture.pk}.warc.gz"'
    )
    response["Content-Length"] = str(len(data))
    return response
