"""Positions for the inline SVG timelines: when outlets printed a quote, and when a person's or
a unit's quotes were published. Pure functions of dates; the template tags draw them.

Horizontal positions are percentages of the drawing's width and everything else is in CSS
pixels (the SVGs have no viewBox), so that text, dots and tap targets keep their size on a
phone instead of shrinking with the picture."""

import collections
import datetime
import functools
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.dateformat import format as date_format
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _

ROW_HEIGHT = 32  # px: a row of the quote strip, room for a 24 px tap target
AXIS_HEIGHT = 28  # px: the axis line and its tick labels
BAR_AREA_HEIGHT = 90  # px: the tallest bar of a histogram
DOT_AREA_HEIGHT = 20  # px: the room of a histogram that is one dot
TOP = 16  # px above the tallest bar, for the peak's label
MAX_BAR = 4.0  # %: the widest a bar gets, so that a short period keeps bars narrow
TICK_GAP = 40.0  # %: the least room between two tick labels (about 130 px on a phone)
# Dots of one outlet closer than this (in % of the axis) are drawn as one dot with a count:
# about 16 px on a phone, where two 24 px targets would overlap.
MERGE_GAP = 5.0

DAY_SPAN_LIMIT = 62  # days: up to about two months, bars per day
MONTH_SPAN_LIMIT = 12 * 20  # months: up to twenty years, bars per month; beyond, per year


def long_date(day):
    """The day as the template filter date:"j E Y" writes it: "1 April 2031" ("1 квітня
    2031": E is the month as a date names it, which in English is its name)."""
    return formatted(day, "j E Y", get_language())


def short_date(day):
    """For axis ticks, where space is short: "1 Apr 2031"."""
    return formatted(day, "j M Y", get_language())


@functools.lru_cache(maxsize=4096)
def formatted(day, format, language):
    # Formatting looks up the language's month names each time, a cost list pages pay per
    # row; a day's words depend only on the format and the language, both in the key.
    return date_format(day, format)


def plural(n, word, words=None):
    """An English count for the admin's messages: "1 quote", "3 quotes"."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


# Counts the public pages show, in the active language: "3 articles", "3 статті".
COUNTS = {
    "article": lambda n: ngettext("%(n)d article", "%(n)d articles", n),
    "outlet": lambda n: ngettext("%(n)d outlet", "%(n)d outlets", n),
    "quote": lambda n: ngettext("%(n)d quote", "%(n)d quotes", n),
    "word": lambda n: ngettext("%(n)d word", "%(n)d words", n),
}
# A histogram's periods in its summary and caption.
COUNTED_BY = {
    "day": _("counted by day"),
    "month": _("counted by month"),
    "year": _("counted by year"),
}
MOST_IN = {
    "day": _("Most in one day: {busiest}."),
    "month": _("Most in one month: {busiest}."),
    "year": _("Most in one year: {busiest}."),
}
PER = {"day": _("per day"), "month": _("per month"), "year": _("per year")}


def counted(n, noun):
    """n of one of COUNTS' nouns, as the page's language says it."""
    return COUNTS[noun](n) % {"n": n}


def from_to(start, end):
    """Two days as a span: "1 April 2031 to 3 May 2031"."""
    return gettext("{start} to {end}").format(start=long_date(start), end=long_date(end))


@dataclass(frozen=True)
class Printing:
    """One article that printed the quote, as the strip needs it."""

    date: datetime.date | None
    outlet: str
    title: str = ""
    href: str = ""


@dataclass
class Dot:
    """One dot of a row: the printings of one outlet on one day, or on days too close to
    tell apart on a phone."""

    x: float
    printings: list

    @property
    def count(self):
        return len(self.printings)

    @property
    def href(self):
        return self.printings[0].href

    @property
    def label(self):
        first, last = self.printings[0], self.printings[-1]
        when = long_date(first.date)
        if last.date != first.date:
            when = from_to(first.date, last.date)
        what = first.title if self.count == 1 else counted(self.count, "article")
        return f"{first.outlet}, {when}: {what}" if what else f"{first.outlet}, {when}"


@dataclass
class Row:
    label: str
    dots: list = field(default_factory=list)


@dataclass
class Tick:
    x: float
    label: str
    anchor: str = "middle"


def _spaced(ticks):
    """Ticks far enough apart for their labels not to overlap, the first and the last kept;
    the outer labels run inwards so that they stay inside the picture."""
    if len(ticks) < 2:
        return ticks
    first, last = ticks[0], ticks[-1]
    kept = [first]
    for tick in ticks[1:-1]:
        if tick.x - kept[-1].x >= TICK_GAP and last.x - tick.x >= TICK_GAP:
            kept.append(tick)
    kept.append(last)
    first.anchor, last.anchor = "start", "end"
    return kept


@dataclass
class Strip:
    rows: list
    ticks: list
    undated: list
    merged: bool  # whether any dot stands for several printings
    start: datetime.date
    end: datetime.date

    @property
    def height(self):
        return ROW_HEIGHT

    @property
    def middle(self):
        return ROW_HEIGHT / 2


def _date_ticks(start, end):
    """The first day, the last and the one midway, each once."""
    span = (end - start).days
    if span == 0:
        return [Tick(50.0, short_date(start))]
    days = sorted({0, span // 2, span})
    return _spaced(
        [
            Tick(round(100 * d / span, 1), short_date(start + datetime.timedelta(days=d)))
            for d in days
        ]
    )


def _merged(dots):
    """Dots closer than MERGE_GAP as one, at the middle of those it stands for."""
    out = []
    for x, printing in dots:
        if out and x - out[-1][0][0] < MERGE_GAP:
            out[-1].append((x, printing))
        else:
            out.append([(x, printing)])
    return [
        Dot(round((group[0][0] + group[-1][0]) / 2, 1), [p for _x, p in group]) for group in out
    ]


def quote_strip(printings):
    """A row per outlet (in order of first printing) with a dot per dated printing on a
    shared date axis, dots too close together merged; undated printings are listed apart.
    None where nothing is dated."""
    dated = sorted((p for p in printings if p.date), key=lambda p: p.date)
    undated = [p for p in printings if not p.date]
    if not dated:
        return None
    start, end = dated[0].date, dated[-1].date
    span = (end - start).days
    positions = {}
    for printing in dated:
        x = 100 * (printing.date - start).days / span if span else 50.0
        positions.setdefault(printing.outlet, []).append((x, printing))
    rows = [Row(outlet, _merged(dots)) for outlet, dots in positions.items()]
    return Strip(
        rows=rows,
        ticks=_date_ticks(start, end),
        undated=undated,
        merged=any(dot.count > 1 for row in rows for dot in row.dots),
        start=start,
        end=end,
    )


@dataclass
class Bar:
    x: float  # % of the width, the bar's left edge
    y: float
    width: float  # %
    height: float
    label: str
    count: int

    @property
    def centre(self):
        return round(self.x + self.width / 2, 2)

    @property
    def tooltip(self):
        return f"{self.label}: {counted(self.count, 'quote')}"


@dataclass
class Histogram:
    height: int
    top: float
    baseline: float
    period: str  # "day", "month" or "year"
    single: bool  # one period only: drawn as one dot with its count, not a wall
    bars: list
    ticks: list
    peak: int
    total: int
    undated: int
    summary: str


def _period_of(start, end):
    months = (end.year - start.year) * 12 + end.month - start.month
    if (end - start).days <= DAY_SPAN_LIMIT:
        return "day"
    return "month" if months <= MONTH_SPAN_LIMIT else "year"


def _buckets(start, end, period):
    """Every period from the one holding `start` to the one holding `end`, as (first day,
    label, short label)."""
    if period == "day":
        return [
            (day, long_date(day), short_date(day))
            for day in (start + datetime.timedelta(days=n) for n in range((end - start).days + 1))
        ]
    if period == "year":
        return [(datetime.date(y, 1, 1), str(y), str(y)) for y in range(start.year, end.year + 1)]
    out = []
    year, month = start.year, start.month
    language = get_language()
    while (year, month) <= (end.year, end.month):
        first = datetime.date(year, month, 1)
        out.append((first, formatted(first, "F Y", language), formatted(first, "M Y", language)))
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return out


def _bucket_key(day, period):
    if period == "day":
        return day
    if period == "year":
        return datetime.date(day.year, 1, 1)
    return datetime.date(day.year, day.month, 1)


def histogram(dates):
    """Bars of how many quotes fall in each day, month or year (whichever suits the span)
    from the first date to the last, empty periods included so that the axis is even; bars
    are never wider than MAX_BAR, and a single period is one bar that the template draws as
    a dot. `dates` holds one date per quote, None for a quote with no dated printing, or is
    a mapping of each date (or None) to its number of quotes, as a database counts them.
    None where no date is known."""
    counts = dates if isinstance(dates, Mapping) else collections.Counter(dates)
    known = sorted(day for day in counts if day)
    undated = counts.get(None, 0)
    if not known:
        return None
    start, end = known[0], known[-1]
    period = _period_of(start, end)
    buckets = _buckets(start, end, period)
    tally = _tally(counts, period)
    single = len(buckets) == 1
    baseline = TOP + (DOT_AREA_HEIGHT if single else BAR_AREA_HEIGHT)
    bars = _bars(buckets, tally, baseline)
    total = sum(tally.values())
    return Histogram(
        height=int(baseline + AXIS_HEIGHT),
        top=TOP,
        baseline=baseline,
        period=period,
        single=single,
        bars=bars,
        ticks=_spaced(_bucket_ticks(buckets)),
        peak=max(tally.values()),
        total=total,
        undated=undated,
        summary=_summary(start, end, period, bars, total, undated),
    )


def _tally(counts, period):
    """How many of the dated quotes `counts` holds fall in each period, by the period's first
    day."""
    tally = collections.Counter()
    for day, n in counts.items():
        if day:
            tally[_bucket_key(day, period)] += n
    return tally


def _bars(buckets, tally, baseline):
    """A bar for each period that holds a date, centred in the period's share of the width,
    as tall as its count against the busiest period's (2 px at least), standing on
    `baseline`."""
    peak = max(tally.values())
    slot = 100 / len(buckets)
    bar_width = min(slot * 0.8, MAX_BAR)
    bars = []
    for index, (first, label, _short) in enumerate(buckets):
        count = tally.get(first, 0)
        if not count:
            continue
        height = max(2.0, BAR_AREA_HEIGHT * count / peak)
        bars.append(
            Bar(
                x=round(slot * (index + 0.5) - bar_width / 2, 2),
                y=round(baseline - height, 1),
                width=round(bar_width, 2),
                height=round(height, 1),
                label=label,
                count=count,
            )
        )
    return bars


def _bucket_ticks(buckets):
    """A tick under the middle of every period, labelled short (before _spaced thins them)."""
    slot = 100 / len(buckets)
    return [Tick(round(slot * (i + 0.5), 2), short) for i, (_f, _l, short) in enumerate(buckets)]


def _summary(start, end, period, bars, total, undated):
    """The histogram in words: how many quotes from when to when, the busiest period where
    there are several, and how many have no date."""
    busiest = max(bars, key=lambda bar: bar.count)
    if start == end:
        when = gettext("all on {day}").format(day=long_date(start))
    else:
        when = gettext("from {start} to {end}, {counted_by}").format(
            start=long_date(start), end=long_date(end), counted_by=COUNTED_BY[period]
        )
    summary = ngettext(
        "{n} quote with a known date, {when}.", "{n} quotes with a known date, {when}.", total
    ).format(n=total, when=when)
    if len(bars) > 1:
        summary += " " + MOST_IN[period].format(busiest=busiest.tooltip)
    if undated:
        summary += " " + gettext("{n} more with no known date.").format(n=undated)
    return summary
