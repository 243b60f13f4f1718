"""Downloads of the quote list's results as CSV and JSON Lines, streamed a chunk at a time."""

import csv
import datetime
import json

from django.http import HttpResponse, StreamingHttpResponse

from . import public
from .exporting import export_queryset, quote_record
from .filters import QuoteFilter

# Quotes fetched (with their appearances, speakers and units) per round of queries.
CHUNK_SIZE = 500

CSV_COLUMNS = [
    "quote_id",
    "permalink",
    "quote_text",
    "speaker",
    "speaker_description",
    "units",
    "outlet",
    "article_title",
    "article_url",
    "published",
    "appearance_text",
    "attribution",
]

# A spreadsheet runs a cell starting with one of these as a formula (OWASP's list).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class Echo:
    """A file-like object whose write() hands back what it was given, so that csv.writer
    can format one row at a time for a streamed response (as in Django's own docs)."""

    def write(self, value):
        return value


def filtered_quotes(request):
    """The public quotes the quote list would show for the request's parameters, or the
    filter's error messages."""
    # No request: downloads are public whoever asks, so staff-only filters are refused.
    filterset = QuoteFilter(request.GET, queryset=public.quotes(), request=None)
    if not filterset.is_valid():
        messages = [
            f"{name}: {message}" if name != "__all__" else message
            for name, errors in filterset.errors.items()
            for message in errors
        ]
        return None, "\n".join(messages)
    return export_queryset(filterset.qs), None


def bad_filter(message):
    return HttpResponse(
        f"Some filters could not be used, so nothing was exported.\n{message}\n",
        status=400,
        content_type="text/plain; charset=utf-8",
    )


def attachment(stream, *, content_type, extension):
    response = StreamingHttpResponse(stream, content_type=content_type)
    filename = f"verbatim-quotes-{datetime.date.today().isoformat()}.{extension}"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def cell(value):
    """`value` as a CSV cell that a spreadsheet shows as text, never runs as a formula."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_rows(quotes, site_url):
    """A header, then one row per appearance (one row for a quote printed nowhere)."""
    yield CSV_COLUMNS
    for quote in quotes:
        person = quote.person
        units = "; ".join(unit.name for unit, _ in public.units_of(person))
        common = [
            quote.short_id,
            site_url + quote.get_absolute_url(),
            quote.text,
            person.name if person else "",
            quote.speaker_description,
            units,
        ]
        appearances = quote.appearances.all() or [None]
        for appearance in appearances:
            if appearance is None:
                yield common + [""] * 6
                continue
            article = appearance.article
            yield common + [
                article.outlet.name if article.outlet else "",
                article.title,
                article.url or "",
                article.published.isoformat() if article.published else "",
                appearance.text,
                appearance.attribution,
            ]


def export_csv(request):
    """/quotes/export.csv: the quote list's results, one row per appearance."""
    quotes, error = filtered_quotes(request)
    if error:
        return bad_filter(error)
    site_url = request.build_absolute_uri("/").rstrip("/")
    writer = csv.writer(Echo())
    rows = csv_rows(quotes.iterator(chunk_size=CHUNK_SIZE), site_url)
    return attachment(
        (writer.writerow([cell(value) for value in row]) for row in rows),
        content_type="text/csv; charset=utf-8",
        extension="csv",
    )


def export_jsonl(request):
    """/quotes/export.jsonl: the quote list's results, one quote_record() a line."""
    quotes, error = filtered_quotes(request)
    if error:
        return bad_filter(error)
    site_url = request.build_absolute_uri("/")
    lines = (
        json.dumps(quote_record(quote, site_url=site_url), ensure_ascii=False) + "\n"
        for quote in quotes.iterator(chunk_size=CHUNK_SIZE)
    )
    return attachment(lines, content_type="application/jsonl; charset=utf-8", extension="jsonl")
