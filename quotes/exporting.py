"""Quotes as export records: the JSON Lines record (field names others rely on, kept stable)
and the CSV rows, read for many quotes at a time in a fixed number of queries.

Exports read plain values, not model instances: one query streams every (quote, printing)
pair of the selection in order, and each chunk of it asks once for the units and aliases of
the people it names. Building a model object, a prefetch and a reversed URL per row is what
held exports to a few thousand rows a second.
"""

import contextlib
import csv
import io
import json
import logging
from itertools import groupby, islice

from django.conf import settings
from django.db import connections, transaction
from django.db.models import F
from django.http import QueryDict
from django.urls import reverse

from . import absolute_urls, public, spread
from .filters import QuoteFilter
from .models import Export, Quote

logger = logging.getLogger(__name__)

# Rows read from the database per round (one query per chunk for the people named in it).
CHUNK_SIZE = 2000

# The columns of the values query, in this order (a quote without printings has one row whose
# printing columns are all None).
FIELDS = (
    "pk",
    "short_id",
    "text",
    "status",
    "person_id",
    "person__name",
    "speaker_description",
    "printings__id",
    "printings__text",
    "printings__start",
    "printings__end",
    "printings__attribution",
    "printings__article__source_file",
    "printings__article__url",
    "printings__article__title",
    "printings__article__published",
    "printings__article__outlet__name",
    "printings__language",
    "person__wikidata",
    "printings__article_id",
)
(
    PK,
    SHORT_ID,
    TEXT,
    STATUS,
    PERSON_ID,
    PERSON_NAME,
    DESCRIPTION,
    PRINTING_ID,
    PRINTED_TEXT,
    START,
    END,
    ATTRIBUTION,
    SOURCE_FILE,
    URL,
    TITLE,
    PUBLISHED,
    OUTLET,
    LANGUAGE,
    PERSON_WIKIDATA,
    ARTICLE_ID,
) = range(len(FIELDS))

# A short id no quote has, to find where short ids go in a permalink without reversing the
# URL once per quote.
_MARK = "SHORTIDMARK"


def export_queryset(queryset=None):
    """The quotes of `queryset` (by default every live quote), in a fixed order and with
    nothing else attached: ordering, annotations and joins of a search are left behind in a
    subquery, so that its joins never narrow the printings exported."""
    queryset = Quote.objects.live() if queryset is None else queryset
    return Quote.objects.filter(pk__in=queryset.order_by().values("pk")).order_by("pk")


def permalink_base(site_url: str | None = None) -> str:
    """The base of exported permalinks: `site_url` if given, else SITE_URL."""
    site_url = absolute_urls.site_url() if site_url is None else site_url.rstrip("/")
    return site_url


def permalink_maker(site_url: str | None = None):
    """A function from a short id to its absolute permalink."""
    before, after = reverse("quotes:quote-detail", kwargs={"short_id": _MARK}).split(_MARK)
    base = permalink_base(site_url) + before
    return lambda short_id: base + short_id + after


def chunks(queryset):
    """The printings of the quotes of `queryset` (export_queryset), by quote and then in
    printing order, as (rows, people) a chunk at a time: `rows` are FIELDS tuples, `people`
    maps the person ids they name to {"units": [names], "aliases": [names]}. One streamed
    query, plus two per chunk for the people."""
    values = (
        export_queryset(queryset)
        .order_by(
            "pk",
            # models.PRINTING_ORDER, followed from the quote to its printings.
            F("printings__article__published").asc(nulls_last=True),
            "printings__article__archived_at",
            "printings__start",
        )
        .values_list(*FIELDS)
    )
    with _streaming(values.db):
        streamed = values.iterator(chunk_size=CHUNK_SIZE)
        people = {}
        while chunk := list(islice(streamed, CHUNK_SIZE)):
            wanted = {row[PERSON_ID] for row in chunk} - people.keys() - {None}
            if wanted:
                people.update(_people(wanted))
            yield chunk, people, Lineage(chunk)


@contextlib.contextmanager
def _streaming(using):
    """A transaction for a streamed query, unless one is open already. In autocommit mode
    Django declares the cursor WITH HOLD, and PostgreSQL then works out and stores the whole
    result before handing back its first row: for the full archive, seconds before the
    first byte is written."""
    connection = connections[using]
    if not connection.get_autocommit():
        yield
        return
    with transaction.atomic(using=using):
        if connection.vendor == "postgresql":
            # Costed as a whole, the full archive's query sets off JIT compilation: half a
            # second before the first row, for a plan spent following indexes, which
            # compiled code does not speed up.
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL jit = off")
        yield


def rows(queryset):
    """(row, person) for every printing of `queryset`'s quotes (see chunks); `person` is
    None for a quote with no named speaker."""
    for chunk, people, lineage in chunks(queryset):
        for row in chunk:
            yield row, people.get(row[PERSON_ID]), lineage


def _people(ids) -> dict:
    """The public units (each once, by name, as public.units_of lists them) and public
    aliases of people: an export is public whoever asks, and holds no more than the pages."""
    found = {pk: {"units": [], "aliases": [], "unit_wikidata": {}} for pk in ids}
    seen_units = set()
    memberships = (
        public.memberships()
        .filter(person_id__in=ids)
        .order_by("unit__name", "pk")
        .values_list("person_id", "unit_id", "unit__name", "unit__wikidata")
    )
    for person_id, unit_id, name, wikidata in memberships:
        if (person_id, unit_id) not in seen_units:
            seen_units.add((person_id, unit_id))
            found[person_id]["units"].append(name)
            found[person_id]["unit_wikidata"][name] = wikidata
    aliases = public.aliases().filter(person_id__in=ids).order_by("name", "pk")
    for person_id, name in aliases.values_list("person_id", "name"):
        found[person_id]["aliases"].append(name)
    return found


def csv_rows(queryset, *, site_url: str | None = None):
    """The CSV columns' values, one list of strings per printing (one for a quote printed
    nowhere), a chunk at a time: each cell a spreadsheet would run as a formula is made
    text (the short id, permalink and date cannot start with one)."""
    permalink = permalink_maker(site_url)
    for chunk, people, lineage in chunks(queryset):
        block = []
        for row in chunk:
            person = people.get(row[PERSON_ID])
            published = row[PUBLISHED]
            cells = [
                row[TEXT],
                row[PERSON_NAME] or "",
                row[DESCRIPTION],
                "; ".join(person["units"]) if person else "",
                row[OUTLET] or "",
                row[TITLE] or "",
                row[URL] or "",
                row[PRINTED_TEXT] or "",
                row[ATTRIBUTION] or "",
            ]
            # Inline, not a function call per value: this runs for every cell of the file.
            text, name, said_by, units, outlet, title, url, printed, attribution = [
                "'" + value if value and value[0] in FORMULA_FIRST else value for value in cells
            ]
            block.append(
                [
                    row[SHORT_ID],
                    permalink(row[SHORT_ID]),
                    text,
                    name,
                    said_by,
                    units,
                    outlet,
                    title,
                    url,
                    published.isoformat() if published else "",
                    printed,
                    attribution,
                    row[LANGUAGE] or "",
                    row[PERSON_WIKIDATA] or "",
                    *lineage.cells(row),
                ]
            )
        yield block


def records(queryset, *, site_url: str | None = None):
    """quote_record() of every quote of `queryset`, by id, read a chunk at a time."""
    permalink = permalink_maker(site_url)
    for _, group in groupby(rows(queryset), key=lambda triple: triple[0][PK]):
        group = list(group)
        row, person, lineage = group[0]
        yield {
            "id": row[SHORT_ID],
            "permalink": permalink(row[SHORT_ID]),
            "text": row[TEXT],
            "status": row[STATUS],
            "speaker": (
                {
                    "name": row[PERSON_NAME],
                    "aliases": person["aliases"],
                    "wikidata": row[PERSON_WIKIDATA] or "",
                }
                if row[PERSON_ID] is not None
                else None
            ),
            "speaker_description": row[DESCRIPTION],
            "units": [
                {"name": name, "wikidata": person["unit_wikidata"].get(name) or ""}
                for name in person["units"]
            ]
            if person
            else [],
            # "appearances" and "appearance_text" below are the names the files were
            # published with: the data's users read them.
            "appearances": [
                {**_printing(printed), **lineage.fields(printed)}
                for printed, _, _ in group
                if printed[PRINTING_ID] is not None
            ],
        }


def _printing(row) -> dict:
    published = row[PUBLISHED]
    return {
        "article": {
            "source_file": row[SOURCE_FILE] or None,
            "url": row[URL],
            "outlet": row[OUTLET],
            "title": row[TITLE] or None,
            "published": published.isoformat() if published else None,
        },
        "text": row[PRINTED_TEXT],
        "start": row[START],
        "end": row[END],
        "attribution": row[ATTRIBUTION],
        "language": row[LANGUAGE],
    }


def _article(article) -> dict:
    """An article in the shape `_printing` gives a printing's own."""
    return {
        "source_file": article.source_file or None,
        "url": article.url,
        "outlet": article.outlet.name if article.outlet_id else None,
        "title": article.title or None,
        "published": article.published.isoformat() if article.published else None,
    }


class Lineage:
    """The lineage of a chunk's printings (quotes.spread), read in two queries."""

    def __init__(self, chunk):
        quote_ids = {row[PK] for row in chunk if row[PRINTING_ID] is not None}
        self.edges = spread.derivations(quote_ids) if quote_ids else {}
        self.flags = spread.alterations(quote_ids) if quote_ids else {}

    def fields(self, row) -> dict:
        where = (row[PK], row[ARTICLE_ID])
        return spread.lineage_fields(self.edges.get(where), self.flags.get(where), _article)

    def cells(self, row) -> list[str]:
        """The CSV's lineage columns: the source article's URL (or outlet and date), the
        evidence, and the alterations as "kind: others → printed", one a line."""
        if row[PRINTING_ID] is None:
            return ["", "", ""]
        edge = self.edges.get((row[PK], row[ARTICLE_ID]))
        source = edge.source if edge is not None and edge.source_id else None
        flags = self.flags.get((row[PK], row[ARTICLE_ID]), [])
        cells = [
            (source.url or source.outlet_label) if source else "",
            edge.evidence if source else "",
            "\n".join(f"{a.kind}: {a.others} → {a.printed}" for a in flags),
        ]
        return ["'" + c if c and c[0] in FORMULA_FIRST else c for c in cells]


def quote_record(quote: Quote, *, site_url: str | None = None) -> dict:
    """The export record of one quote, read from the database."""
    return next(records(Quote.objects.filter(pk=quote.pk), site_url=site_url))


# Files: CSV and JSON Lines -----------------------------------------------------------------

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
    "language",
    "speaker_wikidata",
    "derived_from",
    "derivation_evidence",
    "alterations",
]

# A spreadsheet runs a cell starting with one of these as a formula (OWASP's list).
FORMULA_FIRST = frozenset("=+-@\t\r")

CONTENT_TYPES = {
    Export.Format.CSV: "text/csv; charset=utf-8",
    Export.Format.JSONL: "application/jsonl; charset=utf-8",
}


def blocks(export_format, queryset, *, site_url=None):
    """The export of `queryset` in `export_format` ("csv" or "jsonl") as (text, rows) pairs,
    a chunk of rows at a time: for CSV a header, then one row per printing; for JSON Lines
    one record per quote."""
    if export_format == Export.Format.CSV:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(CSV_COLUMNS)
        yield out.getvalue(), 0
        for block in csv_rows(queryset, site_url=site_url):
            out.seek(0)
            out.truncate()
            writer.writerows(block)
            yield out.getvalue(), len(block)
    else:
        for record in records(queryset, site_url=site_url):
            yield json.dumps(record, ensure_ascii=False) + "\n", 1


def lines(export_format, queryset, *, site_url=None):
    """The export as single lines: the CSV header, then one CSV row or JSON Lines record a
    line (a CSV cell may hold line breaks of its own). blocks() is faster for writing out."""
    if export_format == Export.Format.CSV:
        writer = csv.writer(Echo())
        yield writer.writerow(CSV_COLUMNS)
        for block in csv_rows(queryset, site_url=site_url):
            yield from map(writer.writerow, block)
    else:
        for record in records(queryset, site_url=site_url):
            yield json.dumps(record, ensure_ascii=False) + "\n"


class Echo:
    """A file-like object whose write() hands back what it was given, so that csv.writer
    formats one row at a time (as in Django's docs on streaming CSV)."""

    def write(self, value):
        return value


# Selections -------------------------------------------------------------------------------


def filtered_quotes(query: str):
    """The public quotes the quote list shows for the query string `query`, and the filter's
    error messages (None when it is valid)."""
    # No request: downloads are public whoever asks, so staff-only filters are refused.
    filterset = QuoteFilter(QueryDict(query), queryset=public.quotes(), request=None)
    if filterset.is_valid():
        return filterset.qs, None
    return None, "\n".join(
        f"{name}: {message}" if name != "__all__" else message
        for name, errors in filterset.errors.items()
        for message in errors
    )


def is_small(queryset) -> bool:
    """Whether an export of `queryset` is small enough to answer within the request: at most
    EXPORT_DIRECT_MAX_ROWS quotes and printings. Counted with a LIMIT, so a huge selection
    costs no more to judge than a small one."""
    limit = settings.EXPORT_DIRECT_MAX_ROWS
    ids = queryset.order_by().values("pk")
    if ids[: limit + 1].count() > limit:
        return False
    return public.printings().filter(quote__in=ids)[: limit + 1].count() <= limit
