"""Paging through long quote lists without counting or skipping every row.

A list shows an exact count up to COUNT_CAP rows and beyond it the planner's estimate
("about 370,000"; "more than 1,000" where there is none, as on SQLite). The first pages have
numbers; past them, and wherever a page number would make the database walk every row before
it (OFFSET), pages continue by keyset: "the 25 quotes after this one in the list's order",
which an index on that order answers directly. Every page costs the same few queries,
whatever its size or number.
"""

import copy
import json
import math
from dataclasses import dataclass, field

from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import BooleanField, Expression, Value
from django.utils.translation import gettext, ngettext

from .models import LIST_ORDER

# Counted exactly up to this many rows, estimated beyond.
COUNT_CAP = 1000
# Where the planner expects more rows than this many times COUNT_CAP, a search is not counted
# at all (counting a common word's first thousand matches still tests each quote's words).
TRUST_ESTIMATE_PAST = 2
# Page numbers go at most this far (and never past COUNT_CAP rows, which are known to exist).
NUMBERED_PAGES = 20
PAGE_PARAMETERS = ("page", "after", "before")
# The longest short id a quote has (Quote.short_id's max_length).
SHORT_ID_MAX = 16


class ResultCount(int):
    """How many rows a list holds: exact up to COUNT_CAP; beyond it an estimate, shown as
    "about 370,000", or a bound, "more than 1,000". An int, so that templates can compare
    it and pluralize by it."""

    exact: bool
    estimated: bool

    def __new__(cls, value, *, exact=True, estimated=False):
        count = super().__new__(cls, value)
        count.exact, count.estimated = exact, estimated
        return count

    def __str__(self):
        if self.exact:
            return str(int(self))
        if self.estimated:
            return f"about {int(self):,}"
        return f"more than {COUNT_CAP:,}"


def count(queryset, counted=None, *, estimate_first=False) -> ResultCount:
    """The rows of `queryset`, counted no further than COUNT_CAP + 1 (the database stops
    there; in the queryset's order, if it has one, which can steer the planner to an index),
    then estimated by PostgreSQL's planner rather than counted. `counted`: the number
    already known to be found within the cap. `estimate_first`: ask the planner first, and
    count only if it expects no more than TRUST_ESTIMATE_PAST times the cap."""
    estimate = planner_estimate(queryset) if estimate_first and counted is None else None
    if estimate is not None and estimate > TRUST_ESTIMATE_PAST * COUNT_CAP:
        return _estimated(estimate)
    if counted is None:
        counted = queryset[: COUNT_CAP + 1].count()
    if counted <= COUNT_CAP:
        return ResultCount(counted)
    if estimate is None:
        estimate = planner_estimate(queryset)
    if estimate is None:
        return ResultCount(COUNT_CAP + 1, exact=False)
    return _estimated(estimate)


def _estimated(estimate):
    # Two significant figures: the estimate is no more precise than that.
    rounded = round(estimate, 1 - len(str(estimate))) if estimate >= 100 else estimate
    return ResultCount(max(rounded, COUNT_CAP + 1), exact=False, estimated=True)


def planner_estimate(queryset):
    """How many rows PostgreSQL's planner expects `queryset` to return (EXPLAIN, which runs
    nothing), or None on another database."""
    connection = connections[queryset.db]
    if connection.vendor != "postgresql":
        return None
    try:
        sql, params = queryset.order_by().query.get_compiler(using=queryset.db).as_sql()
    except EmptyResultSet:  # a filter that can match nothing (a query of punctuation only)
        return 0
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (FORMAT JSON) " + sql, params)
        plan = cursor.fetchone()[0]
    if isinstance(plan, str):
        plan = json.loads(plan)
    return int(plan[0]["Plan"]["Plan Rows"])


class RowCompare(Expression):
    """`(a, b, ...) < (x, y, ...)` (or `>`): the rows past a cursor in an order descending
    on every column, written as one row comparison, which both databases support and which
    PostgreSQL uses as the bound of an index on those columns (an OR of comparisons column
    by column would make it read the index from the top and filter)."""

    conditional = True
    output_field = BooleanField()

    def __init__(self, columns, values, operator):
        super().__init__()
        self.columns = list(columns)
        self.values = [Value(value) for value in values]
        self.operator = operator

    def get_source_expressions(self):
        return [*self.columns, *self.values]

    def set_source_expressions(self, expressions):
        self.columns = expressions[: len(self.columns)]
        self.values = expressions[len(self.columns) :]

    def as_sql(self, compiler, connection):
        sides, params = [], []
        for expressions in (self.columns, self.values):
            parts = []
            for expression in expressions:
                sql, part_params = compiler.compile(expression)
                parts.append(sql)
                params.extend(part_params)
            sides.append(f"({', '.join(parts)})")
        return f"{sides[0]} {self.operator} {sides[1]}", params


class OutOfRange(Exception):
    """A page that does not exist: the message says why; the list's last numbered page is
    where to go instead."""


@dataclass
class Page:
    """One page of a list, as the templates and the API show it."""

    rows: list
    count: ResultCount
    number: int | None = None  # None on a keyset page
    last_number: int = 1  # the last page that has a number
    next: dict | None = None  # the query parameters of the next page
    previous: dict | None = None
    message: str = ""  # why a page asked for does not exist
    max_rows: int | None = None  # the most rows the list shows (a ranked window)
    params: dict = field(default_factory=dict)  # the list's other parameters

    @property
    def paginator(self):
        return self  # templates written for Django's pages read page_obj.paginator.count

    @property
    def has_other_pages(self):
        return bool(self.next or self.previous)

    def url(self, query):
        """The address (a query string) of another page of this list."""
        if query is None:
            return None
        merged = self.params.copy()
        for name in PAGE_PARAMETERS:
            merged.pop(name, None)
        for name, value in query.items():
            merged[name] = value
        return "?" + merged.urlencode()

    @property
    def next_url(self):
        return self.url(self.next)

    @property
    def previous_url(self):
        return self.url(self.previous)

    @property
    def last_url(self):
        return self.url({"page": self.last_number})


def numbered_pages(per_page, total, max_rows=None):
    """How many pages have a number: no more than NUMBERED_PAGES, nor past COUNT_CAP rows
    (or `max_rows`), nor past the rows there are (when counted)."""
    limit = max(1, min(NUMBERED_PAGES, min(COUNT_CAP, max_rows or COUNT_CAP) // per_page))
    if total.exact:
        limit = min(limit, max(1, math.ceil(total / per_page)))
    return limit


def paginate(
    queryset, params, *, per_page, order=None, count_queryset=None, max_rows=None, total=None
) -> Page:
    """The page of `queryset` (ordered) that the query parameters `params` ask for: `page`
    (a number, up to the last numbered page), `after` or `before` (a quote's short id: the
    rows following or preceding it in `order`). `order` is the list's order, OrderBy
    expressions all descending and ending with a unique column; without it (a ranked list)
    there are numbered pages only. `count_queryset` is counted instead of `queryset` where
    the list shows fewer rows than match (a ranked window of at most `max_rows`), or to
    count in an order of its own; `total`, the count where the caller has it already. Raises
    OutOfRange."""
    if total is not None:
        pass
    elif count_queryset is None:
        # The ids of at most COUNT_CAP + 1 rows, in no order (the planner picks the cheapest
        # way), for the count and, when there are no more than COUNT_CAP, for the rows: a
        # few hundred rows read by id and sorted beat walking the list's order index in
        # search of them, which PostgreSQL's planner chooses when it misjudges how rare and
        # how old they are (a filter by outlet and dates).
        ids = list(queryset.order_by().values_list("pk", flat=True)[: COUNT_CAP + 1])
        total = count(queryset, counted=len(ids))
        if total.exact:
            queryset = queryset.filter(pk__in=ids)
    else:
        total = count(count_queryset, estimate_first=True)
    page = Page(rows=[], count=total, params=params.copy(), max_rows=max_rows)
    page.last_number = numbered_pages(per_page, total, max_rows)
    cursor = params.get("after") or params.get("before")
    if cursor and order is not None:
        return _keyset_page(queryset, page, cursor, per_page, order, after="after" in params)
    try:
        page.number = int(params.get("page") or 1)
    except ValueError:
        raise OutOfRange(gettext("That is not a page number."), page) from None
    if not 1 <= page.number <= page.last_number:
        if total.exact and page.number > page.last_number >= math.ceil(total / per_page):
            pages = page.last_number
            message = only_pages(pages)
        elif order is None:
            message = gettext(
                "Pages by best match go up to {last}; sort by newest to see every match."
            ).format(last=page.last_number)
        else:
            message = numbered_up_to(page.last_number)
        raise OutOfRange(message, page)
    start = (page.number - 1) * per_page
    rows = list(queryset[start : start + per_page + 1])
    page.rows = rows[:per_page]
    if len(rows) > per_page:
        if page.number < page.last_number:
            page.next = {"page": page.number + 1}
        elif order is not None:
            page.next = {"after": page.rows[-1].short_id}
    if page.number > 1:
        page.previous = {"page": page.number - 1}
    return page


def only_pages(pages):
    """What a page number past the last is told."""
    return ngettext("There is only %(n)d page here.", "There are only %(n)d pages here.", pages) % {
        "n": pages
    }


def numbered_up_to(last):
    """What a page number past the numbered ones is told."""
    return gettext(
        "Page numbers go up to {last}; from there, “Next” goes on through the rest."
    ).format(last=last)


def _keyset_page(queryset, page, cursor, per_page, order, *, after):
    if not (cursor.isascii() and cursor.isalnum() and len(cursor) <= SHORT_ID_MAX):
        # Looked for in the database, "\x00" (a NUL, as ?after=%00 gives it) would fail
        # the query on PostgreSQL; no quote has such an id.
        raise OutOfRange(
            gettext("The quote this page started from is no longer in this list."), page
        )
    columns = [item.expression for item in order]
    names = [f"_key{n}" for n in range(len(columns))]
    key = (
        queryset.filter(short_id=cursor)
        .annotate(**dict(zip(names, columns, strict=True)))
        .values_list(*names)
        .first()
    )
    if key is None:
        raise OutOfRange(
            gettext("The quote this page started from is no longer in this list."), page
        )
    if after:
        rows = list(queryset.filter(RowCompare(columns, key, "<")).order_by(*order)[: per_page + 1])
        page.rows = rows[:per_page]
        more_after, more_before = len(rows) > per_page, True
    else:
        backwards = [copy.copy(item).reverse_ordering() for item in order]
        rows = list(
            queryset.filter(RowCompare(columns, key, ">")).order_by(*backwards)[: per_page + 1]
        )
        page.rows = rows[:per_page][::-1]
        more_after, more_before = True, len(rows) > per_page
    if page.rows:
        page.next = {"after": page.rows[-1].short_id} if more_after else None
        page.previous = {"before": page.rows[0].short_id} if more_before else None
    else:
        page.previous = {"page": page.last_number}
    return page


class PagedListMixin:
    """For a ListView of quotes: pages by `paginate` (estimated counts, keyset pages past the
    numbered ones) instead of Django's Paginator. A page that does not exist is rendered by
    the view's own template, with no rows and the reason and a link to the last page (see
    _pagination.html), and answers 404."""

    out_of_range = False

    def list_pages(self, queryset):
        """What to page through, as paginate's arguments: the queryset (ordered), its
        `order` for keyset pages (None for numbered pages only), and where needed the
        `count_queryset` and `max_rows`."""
        return {"queryset": queryset.order_by(*LIST_ORDER), "order": LIST_ORDER}

    def paginate_queryset(self, queryset, page_size):
        try:
            page = paginate(
                params=self.request.GET, per_page=page_size, **self.list_pages(queryset)
            )
        except OutOfRange as error:
            message, page = error.args
            page.message, page.next, page.previous, page.number = message, None, None, None
            self.out_of_range = True
        return page, page, page.rows, page.has_other_pages

    def render_to_response(self, context, **kwargs):
        if self.out_of_range:
            kwargs["status"] = 404
        return super().render_to_response(context, **kwargs)
