"""Positions for the inline SVG timelines: when outlets printed a quote, and when a person's or
a unit's quotes were published. Pure functions of dates; the template tags draw them."""

import datetime
from dataclasses import dataclass, field

from django.utils.dateformat import format as date_format

WIDTH = 560
LABEL_WIDTH = 170  # left gutter for outlet names in the quote strip
MARGIN = 16
ROW_HEIGHT = 22
AXIS_HEIGHT = 28
BAR_AREA_HEIGHT = 90
LABEL_CHARS = 20  # outlet names longer than this are shortened; the full name is a tooltip
MAX_TICKS = 5
TICK_GAP = 110  # the least room between two tick labels, in SVG units

DAY_SPAN_LIMIT = 62  # days: up to about two months, bars per day
MONTH_SPAN_LIMIT = 12 * 20  # months: up to twenty years, bars per month; beyond, per year


def long_date(day):
    return date_format(day, "j F Y")


def short_date(day):
    """For axis ticks, where space is short: "1 Apr 2031"."""
    return date_format(day, "j M Y")


def short_label(text, limit=LABEL_CHARS):
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


@dataclass(frozen=True)
class Printing:
    """One appearance as the strip needs it."""

    date: datetime.date | None
    outlet: str
    title: str = ""
    href: str = ""


@dataclass
class Dot:
    x: float
    y: float
    printing: Printing

    @property
    def tooltip(self):
        tip = f"{self.printing.outlet}, {long_date(self.printing.date)}"
        return f"{tip}: {self.printing.title}" if self.printing.title else tip


@dataclass
class Row:
    label: str
    full_label: str
    y: float
    dots: list = field(default_factory=list)


@dataclass
class Tick:
    x: float
    label: str
    anchor: str = "middle"


def _anchored(ticks):
    """Ticks far enough apart for their labels not to overlap, the first and the last kept;
    the outer labels run inwards so that they stay inside the picture."""
    if len(ticks) < 2:
        return ticks
    first, last = ticks[0], ticks[-1]
    kept = [first]
    for tick in ticks[1:-1]:
        if tick.x - kept[-1].x >= TICK_GAP and last.x - tick.x >= TICK_GAP:
            kept.append(tick)
    if last.x - first.x >= TICK_GAP:
        kept.append(last)
        first.anchor, last.anchor = "start", "end"
    return kept


@dataclass
class Strip:
    width: int
    height: int
    plot_left: float
    plot_right: float
    axis_y: float
    rows: list
    ticks: list
    undated: list
    summary: str


def _ticks(start, end, left, right):
    """Up to MAX_TICKS dated ticks evenly across [start, end], each day once."""
    span = (end - start).days
    if span == 0:
        return [Tick((left + right) / 2, short_date(start))]
    steps = min(MAX_TICKS - 1, span)
    days = sorted({round(span * i / steps) for i in range(steps + 1)})
    return [
        Tick(
            round(left + (right - left) * d / span, 1),
            short_date(start + datetime.timedelta(days=d)),
        )
        for d in days
    ]


def quote_strip(printings, *, width=WIDTH):
    """A row per outlet (in order of first printing) with a dot per dated printing on a
    shared date axis; undated printings are listed apart. None where nothing is dated."""
    dated = sorted((p for p in printings if p.date), key=lambda p: p.date)
    undated = [p for p in printings if not p.date]
    if not dated:
        return None
    start, end = dated[0].date, dated[-1].date
    span = (end - start).days
    left, right = LABEL_WIDTH, width - MARGIN
    rows = {}
    for printing in dated:
        if printing.outlet not in rows:
            y = MARGIN + ROW_HEIGHT * len(rows) + ROW_HEIGHT / 2
            rows[printing.outlet] = Row(short_label(printing.outlet), printing.outlet, y)
        row = rows[printing.outlet]
        if span:
            x = left + (right - left) * (printing.date - start).days / span
        else:
            x = (left + right) / 2
        row.dots.append(Dot(round(x, 1), row.y, printing))
    axis_y = MARGIN + ROW_HEIGHT * len(rows) + 4
    outlets = len(rows)
    if span:
        when = f"between {long_date(start)} and {long_date(end)}"
    else:
        when = f"on {long_date(start)}"
    summary = (
        f"Printed {len(dated)} time{'s' if len(dated) != 1 else ''} by {outlets} "
        f"outlet{'s' if outlets != 1 else ''} {when}: "
        + "; ".join(f"{p.outlet}, {long_date(p.date)}" for p in dated)
        + "."
    )
    if undated:
        summary += f" {len(undated)} more with the date unknown."
    return Strip(
        width=width,
        height=int(axis_y + AXIS_HEIGHT),
        plot_left=left,
        plot_right=right,
        axis_y=axis_y,
        rows=list(rows.values()),
        ticks=_anchored(_ticks(start, end, left, right)),
        undated=undated,
        summary=summary,
    )


@dataclass
class Bar:
    x: float
    y: float
    width: float
    height: float
    label: str
    count: int

    @property
    def tooltip(self):
        return f"{self.label}: {self.count} quote{'' if self.count == 1 else 's'}"


@dataclass
class Histogram:
    width: int
    height: int
    plot_left: float
    plot_right: float
    top: float
    baseline: float
    period: str  # "day", "month" or "year"
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
    while (year, month) <= (end.year, end.month):
        first = datetime.date(year, month, 1)
        out.append((first, date_format(first, "F Y"), date_format(first, "M Y")))
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return out


def _bucket_key(day, period):
    if period == "day":
        return day
    if period == "year":
        return datetime.date(day.year, 1, 1)
    return datetime.date(day.year, day.month, 1)


def histogram(dates, *, width=WIDTH):
    """Bars of how many quotes fall in each day, month or year (whichever suits the span)
    from the first date to the last, empty periods included so that the axis is even.
    `dates` holds one date per quote, None for a quote with no dated printing. None where
    no date is known."""
    known = sorted(d for d in dates if d)
    undated = len(dates) - len(known)
    if not known:
        return None
    start, end = known[0], known[-1]
    period = _period_of(start, end)
    buckets = _buckets(start, end, period)
    tally = {}
    for day in known:
        key = _bucket_key(day, period)
        tally[key] = tally.get(key, 0) + 1
    peak = max(tally.values())
    left, right = MARGIN + 24, width - MARGIN
    slot = (right - left) / len(buckets)
    gap = min(2.0, slot * 0.2)
    baseline = MARGIN + BAR_AREA_HEIGHT
    bars = []
    for index, (first, label, _short) in enumerate(buckets):
        count = tally.get(first, 0)
        if not count:
            continue
        height = max(2.0, BAR_AREA_HEIGHT * count / peak)
        bars.append(
            Bar(
                x=round(left + slot * index + gap / 2, 1),
                y=round(baseline - height, 1),
                width=round(max(slot - gap, 1.0), 1),
                height=round(height, 1),
                label=label,
                count=count,
            )
        )
    shown = sorted({0, len(buckets) - 1} | {round(i * (len(buckets) - 1) / 4) for i in range(5)})
    if len(buckets) < MAX_TICKS:
        shown = range(len(buckets))
    ticks = [Tick(round(left + slot * (i + 0.5), 1), buckets[i][2]) for i in shown]
    busiest = max(bars, key=lambda bar: bar.count)
    total = len(known)
    if start == end:
        when = f"all on {long_date(start)}"
    else:
        when = f"from {long_date(start)} to {long_date(end)}, counted by {period}"
    summary = f"{total} quote{'' if total == 1 else 's'} with a known date, {when}."
    if len(bars) > 1:
        summary += f" Most in one {period}: {busiest.tooltip}."
    if undated:
        summary += f" {undated} more with no known date."
    return Histogram(
        width=width,
        height=int(baseline + AXIS_HEIGHT),
        plot_left=left,
        plot_right=right,
        top=MARGIN,
        baseline=baseline,
        period=period,
        bars=bars,
        ticks=_anchored(ticks),
        peak=peak,
        total=total,
        undated=undated,
        summary=summary,
    )
