"""Memento (RFC 7089): the public archived copies of a web page, and the links that name its
original, its TimeGate and its TimeMap, shared by the TimeGate, the TimeMap, the replay and
the archived article's page.

A memento is a public capture's replay (at the time it was fetched) or, for a public article
with no such capture, the article's page (at the time it was fetched or archived). The
original (URI-R) is matched exactly against an article's address, its canonical address and
its captures' requested and final addresses."""

import datetime
import json
from dataclasses import dataclass

from django.db.models import Q
from django.urls import reverse
from django.utils.encoding import iri_to_uri
from django.utils.http import http_date

from archive.models import Capture

from . import paths, public
from .absolute_urls import absolute

LINK_FORMAT = "application/link-format"


@dataclass(frozen=True)
class Memento:
    """One archived copy: its address on the site (a path) and when it was archived."""

    path: str
    datetime: datetime.datetime
    content_type: str = "text/html"
    status: int = 200


def repaired(original: str) -> str:
    """The original URL as asked for, its "//" restored where a proxy merged it into one
    ("https:/news.example/a"), as Wayback-style addresses are often rewritten."""
    for scheme in ("http:/", "https:/"):
        if original.startswith(scheme) and not original.startswith(scheme + "/"):
            return scheme + "/" + original[len(scheme) :]
    return original


def original_of(request, original: str) -> str:
    """The original URL in a Memento address: the path's remainder (`original`) and the
    request's own query string, which belongs to the original URL."""
    query = request.META.get("QUERY_STRING", "")
    return repaired(original) + (f"?{query}" if query else "")


def shown_captures():
    """The captures the public may open: finished, with a WARC, of a public article."""
    return Capture.objects.filter(state=Capture.State.DONE, article__in=public.articles()).exclude(
        warc_key=""
    )


def mementos_of(original: str) -> list[Memento]:
    """The public archived copies of `original`, oldest first."""
    captures = shown_captures().filter(
        Q(url=original)
        | Q(final_url=original)
        | Q(article__url=original)
        | Q(article__canonical_url=original)
    )
    found = [
        Memento(
            path=reverse("quotes:capture-replay", args=[capture.pk]),
            datetime=capture.captured_at or capture.requested_at,
            content_type=capture.content_type.split(";")[0].strip() or "text/html",
            status=capture.status_code or 200,
        )
        for capture in captures.defer("body", "proposed").order_by()
    ]
    uncaptured = (
        public.articles()
        .filter(Q(url=original) | Q(canonical_url=original))
        .exclude(captures__in=shown_captures())
        .only("pk", "captured_at", "archived_at")
    )
    found += [article_memento(article) for article in uncaptured]
    return sorted(found, key=lambda memento: (memento.datetime, memento.path))


def article_memento(article) -> Memento:
    return Memento(
        path=paths.cited_path(article), datetime=article.captured_at or article.archived_at
    )


def nearest(mementos: list[Memento], wanted: datetime.datetime | None) -> Memento:
    """The memento closest in time to `wanted` (the earlier of two as close), or the latest
    where no time is asked for."""
    if wanted is None:
        return mementos[-1]
    return min(mementos, key=lambda memento: abs(memento.datetime - wanted))


def memento_path(name: str, original: str) -> str:
    """The site's path of a Memento resource ("timegate", "timemap-link", "timemap-json") of
    `original`, whose query string and "//" are kept as they are."""
    prefix = paths.lasting_reverse(f"quotes:{name}", original="-")[:-1]
    return prefix + iri_to_uri(original)


def link(url: str, rel: str, **params: str) -> str:
    """One link-value of RFC 8288 / RFC 6690."""
    extra = "".join(f'; {name}="{value}"' for name, value in params.items())
    return f'<{url}>; rel="{rel}"{extra}'


def links_about(original: str, request=None) -> list[str]:
    """The links to the original, its TimeGate and its TimeMap."""
    return [
        link(iri_to_uri(original), "original"),
        link(absolute(memento_path("timegate", original), request), "timegate"),
        link(
            absolute(memento_path("timemap-link", original), request),
            "timemap",
            type=LINK_FORMAT,
        ),
    ]


def link_timemap(original: str, mementos: list[Memento], request=None) -> str:
    """The TimeMap of `original` in link format: the original, its TimeGate, the TimeMap
    itself (with the span it covers) and each memento with its datetime, oldest first."""
    self_url = absolute(memento_path("timemap-link", original), request)
    lines = [
        link(iri_to_uri(original), "original"),
        link(absolute(memento_path("timegate", original), request), "timegate"),
        link(
            self_url,
            "self",
            type=LINK_FORMAT,
            **{
                "from": http_date(mementos[0].datetime.timestamp()),
                "until": http_date(mementos[-1].datetime.timestamp()),
            },
        ),
    ]
    for index, memento in enumerate(mementos):
        rel = " ".join(
            part for part, on in (("first", index == 0), ("last", index == len(mementos) - 1)) if on
        )
        lines.append(
            link(
                absolute(memento.path, request),
                f"{rel} memento".strip(),
                datetime=http_date(memento.datetime.timestamp()),
            )
        )
    return ",\n".join(lines) + "\n"


def json_timemap(original: str, mementos: list[Memento], request=None) -> str:
    """The TimeMap as newline-delimited JSON, one memento a line, in the fields of pywb's
    `timemap/json` (a CDX line: timestamp, url, mime, status) with the memento's address
    and its RFC 1123 datetime."""
    lines = []
    for memento in mementos:
        moment = memento.datetime.astimezone(datetime.UTC)
        row = {
            "timestamp": moment.strftime("%Y%m%d%H%M%S"),
            "url": original,
            "mime": memento.content_type,
            "status": str(memento.status),
            "memento": absolute(memento.path, request),
            "datetime": http_date(memento.datetime.timestamp()),
        }
        lines.append(json.dumps(row, ensure_ascii=False))
    return "\n".join(lines) + "\n"
