"""Memento (RFC 7089) at the addresses the Wayback Machine and pywb use: a TimeGate
(/timegate/<original URL>) and a TimeMap (/timemap/link/<original URL>, /timemap/json/...)
for each archived page, and the headers each archived copy carries."""

import datetime

from django.http import Http404, HttpResponse, HttpResponseBadRequest, HttpResponseRedirect
from django.utils.http import http_date, parse_http_date
from django.views.decorators.http import require_safe

from .. import mementos as memento_rules
from ..absolute_urls import absolute


def found(request, original):
    """(the original URL, its public mementos), or Http404 when it has none."""
    original = memento_rules.original_of(request, original)
    mementos = memento_rules.mementos_of(original)
    if not mementos:
        raise Http404("This archive holds no public copy of that address.")
    return original, mementos


@require_safe
def timegate(request, original):
    """The copy nearest the time asked for in Accept-Datetime (the latest without one),
    as a 302 that varies on that header; 400 for a time that cannot be read."""
    asked = request.headers.get("Accept-Datetime")
    wanted = None
    if asked:
        try:
            wanted = datetime.datetime.fromtimestamp(parse_http_date(asked), tz=datetime.UTC)
        except ValueError:
            return HttpResponseBadRequest(
                "Accept-Datetime must be an HTTP date (RFC 1123), e.g. "
                "Thu, 03 Apr 2031 10:00:00 GMT.",
                content_type="text/plain; charset=utf-8",
            )
    original, mementos = found(request, original)
    chosen = memento_rules.nearest(mementos, wanted)
    response = HttpResponseRedirect(absolute(chosen.path, request))
    response["Vary"] = "accept-datetime"
    response["Link"] = ", ".join(memento_rules.links_about(original, request))
    return response


@require_safe
def timemap_link(request, original):
    """Every public copy of the original, in link format (RFC 6690)."""
    original, mementos = found(request, original)
    body = memento_rules.link_timemap(original, mementos, request)
    return HttpResponse(body, content_type=memento_rules.LINK_FORMAT)


@require_safe
def timemap_json(request, original):
    """Every public copy of the original as JSON lines, as pywb's timemap/json gives them."""
    original, mementos = found(request, original)
    body = memento_rules.json_timemap(original, mementos, request)
    return HttpResponse(body, content_type="application/x-ndjson; charset=utf-8")


def add_memento_headers(response, *, original, moment, request):
    """Marks `response` as a memento of `original` archived at `moment` (None: only the
    links, for a page that describes the copies rather than being one)."""
    if moment is not None:
        response["Memento-Datetime"] = http_date(moment.timestamp())
    links = memento_rules.links_about(original, request)
    existing = response.get("Link")
    response["Link"] = ", ".join([existing, *links] if existing else links)
    return response
