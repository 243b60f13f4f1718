"""Template tags of the outlet comparison and the timelines: each outlet's wording marked
against the canonical text, and inline SVG timelines (no script, no inline styles)."""

from dataclasses import dataclass

from django import template
from django.db.models import Min
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from quotes import comparison as cmp
from quotes import public
from quotes.timeline import Printing, histogram, quote_strip

register = template.Library()

# A dropped run at least this long is shown collapsed: an outlet cut a sentence.
CUT_WORDS = 8
DOT_RADIUS = 5


@dataclass
class Comparison:
    ops: list
    summary: str
    html: SafeString

    @property
    def identical(self):
        return all(op.kind == cmp.EQUAL for op in self.ops)


def _join(words):
    """Words as printed, separated as they were printed."""
    return "".join(w.text + (" " if w.space_after else "") for w in words).rstrip()


def _count(n):
    return f"{n} word{'' if n == 1 else 's'}"


def _op_html(op):
    if op.kind == cmp.EQUAL:
        return format_html("{}", _join(op.printed))
    if op.kind == cmp.ADDED:
        return format_html('<ins title="added by this outlet">{}</ins>', _join(op.printed))
    if op.kind == cmp.CHANGED:
        return format_html(
            '<span class="changed" title="changed by this outlet">'
            "<del>{}</del><ins>{}</ins></span>",
            _join(op.canonical),
            _join(op.printed),
        )
    n = len(op.canonical)
    if op.kind == cmp.DROPPED and n < CUT_WORDS:
        return format_html('<del title="not printed by this outlet">{}</del>', _join(op.canonical))
    where = " here" if op.kind == cmp.NOT_PRINTED else ""
    return format_html(
        '<details class="omitted"><summary>[… {} not printed{} …]</summary><del>{}</del></details>',
        _count(n),
        where,
        _join(op.canonical),
    )


def render_ops(ops):
    """The ops as HTML, every word escaped."""
    parts = []
    for index, op in enumerate(ops):
        parts.append(_op_html(op))
        words = op.printed or op.canonical
        if index < len(ops) - 1 and words and words[-1].space_after:
            parts.append(" ")
    return mark_safe("".join(parts))  # noqa: S308 - each part built by format_html


@register.simple_tag
def compare_wording(appearance, quote):
    """{% compare_wording appearance quote as comparison %}: the appearance's wording against
    the quote's canonical text, with `summary` ("2 words changed"), `html` and `identical`."""
    ops = cmp.compare(quote.text, appearance.text)
    return Comparison(ops=ops, summary=cmp.summary(ops), html=render_ops(ops))


def _svg_open(width, height, title, desc, css_class):
    return format_html(
        '<svg xmlns="http://www.w3.org/2000/svg" class="timeline {}" viewBox="0 0 {} {}" '
        'width="100%" role="img" aria-labelledby="{}-title {}-desc">'
        '<title id="{}-title">{}</title><desc id="{}-desc">{}</desc>',
        css_class,
        width,
        height,
        css_class,
        css_class,
        css_class,
        title,
        css_class,
        desc,
    )


def _ticks(ticks, y):
    return format_html_join(
        "",
        '<line class="timeline__tick" x1="{}" y1="{}" x2="{}" y2="{}" stroke="currentColor"/>'
        '<text class="timeline__label" x="{}" y="{}" text-anchor="{}">{}</text>',
        ((t.x, y, t.x, y + 4, t.x, y + 18, t.anchor, t.label) for t in ticks),
    )


def render_strip(strip, title):
    rows = []
    for row in strip.rows:
        dots = format_html_join(
            "",
            '<a href="{}"><circle class="timeline__dot" cx="{}" cy="{}" r="{}" '
            'fill="currentColor"><title>{}</title></circle></a>',
            ((d.printing.href, d.x, d.y, DOT_RADIUS, d.tooltip) for d in row.dots),
        )
        rows.append(
            format_html(
                '<g class="timeline__row"><text class="timeline__outlet" x="{}" y="{}" '
                'text-anchor="end">{}<title>{}</title></text>'
                '<line class="timeline__guide" x1="{}" y1="{}" x2="{}" y2="{}" '
                'stroke="currentColor"/>{}</g>',
                strip.plot_left - 12,
                row.y + 4,
                row.label,
                row.full_label,
                strip.plot_left,
                row.y,
                strip.plot_right,
                row.y,
                dots,
            )
        )
    return format_html(
        '{}{}<line class="timeline__axis" x1="{}" y1="{}" x2="{}" y2="{}" '
        'stroke="currentColor"/>{}</svg>',
        _svg_open(strip.width, strip.height, title, strip.summary, "timeline-quote"),
        mark_safe("".join(rows)),  # noqa: S308 - each row built by format_html
        strip.plot_left,
        strip.axis_y,
        strip.plot_right,
        strip.axis_y,
        _ticks(strip.ticks, strip.axis_y),
    )


@register.simple_tag
def quote_timeline(appearances):
    """{% quote_timeline appearances %}: when each outlet printed the quote, as a strip of
    dots on a date axis, with the undated printings listed beside it. `appearances` with
    their articles and outlets selected; nothing is queried per appearance."""
    printings = [
        Printing(
            date=a.article.published,
            outlet=a.article.outlet.name if a.article.outlet else "Unknown outlet",
            title=a.article.title,
            href=f"{a.article.get_absolute_url()}#a-{a.pk}",
        )
        for a in appearances
    ]
    strip = quote_strip(printings)
    undated = [p for p in printings if not p.date]
    parts = []
    if strip:
        parts.append(render_strip(strip, "When each outlet printed this quote"))
    if undated:
        names = format_html_join(", ", "{}", ((p.outlet,) for p in undated))
        parts.append(format_html('<p class="timeline__undated">Date unknown: {}</p>', names))
    if not parts:
        return ""
    return format_html(
        '<figure class="timeline-figure">{}</figure>',
        mark_safe("".join(parts)),  # noqa: S308 - each part built by format_html
    )


def render_histogram(hist, title, css_class):
    bars = format_html_join(
        "",
        '<rect class="timeline__bar" x="{}" y="{}" width="{}" height="{}" '
        'fill="currentColor"><title>{}</title></rect>',
        ((b.x, b.y, b.width, b.height, b.tooltip) for b in hist.bars),
    )
    return format_html(
        '{}<text class="timeline__label" x="{}" y="{}" text-anchor="end">{}</text>'
        '{}<line class="timeline__axis" x1="{}" y1="{}" x2="{}" y2="{}" stroke="currentColor"/>'
        "{}</svg>",
        _svg_open(hist.width, hist.height, title, hist.summary, css_class),
        hist.plot_left - 6,
        hist.top + 10,
        hist.peak,
        bars,
        hist.plot_left,
        hist.baseline,
        hist.plot_right,
        hist.baseline,
        _ticks(hist.ticks, hist.baseline),
    )


def _quotes_over_time(quotes, title, css_class):
    """One query: the first date each quote was printed (the pk keeps quotes first printed
    on one day apart where `quotes` is distinct)."""
    rows = (
        quotes.order_by()
        .annotate(first_printed=Min("appearances__article__published"))
        .values_list("pk", "first_printed")
    )
    dates = [first_printed for _pk, first_printed in rows]
    hist = histogram(dates)
    if hist is None:
        return ""
    caption = format_html(
        '<figcaption class="timeline__caption">Quotes by first printing, per {}{}</figcaption>',
        hist.period,
        format_html("; {} with no known date", hist.undated) if hist.undated else "",
    )
    return format_html(
        '<figure class="timeline-figure">{}{}</figure>',
        render_histogram(hist, title, css_class),
        caption,
    )


@register.simple_tag
def person_timeline(person):
    """{% person_timeline person %}: the person's published quotes over time."""
    return _quotes_over_time(
        public.quotes().by_speaker(person),
        f"Quotes by {person.name} over time",
        "timeline-person",
    )


@register.simple_tag
def unit_timeline(unit):
    """{% unit_timeline unit %}: the published quotes of the unit's members over time."""
    return _quotes_over_time(
        public.quotes().in_unit(unit),
        f"Quotes by members of {unit.name} over time",
        "timeline-unit",
    )
