"""Template tags of a quote's permalink: what each article printed marked against the canonical
text, the sentence saying who carried it, and the inline SVG timelines (no script, no inline
styles: the CSP allows neither)."""

from dataclasses import dataclass

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from quotes import paths
from quotes import wording as cmp
from quotes.timeline import (
    AXIS_HEIGHT,
    PER,
    Printing,
    counted,
    from_to,
    histogram,
    long_date,
    quote_strip,
)

register = template.Library()

# A dropped run at least this long is shown collapsed: an outlet cut a sentence.
CUT_WORDS = 8
DOT_RADIUS = 6  # px; a dot standing for several printings is larger, to hold its count
MERGED_RADIUS = 10
TARGET_RADIUS = 12  # px: every dot is a 24 x 24 px tap target


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


def _op_html(op):
    if op.kind == cmp.EQUAL:
        return format_html("{}", _join(op.printed))
    if op.kind == cmp.ADDED:
        return format_html(
            '<ins title="{}">{}</ins>', gettext("added by this article"), _join(op.printed)
        )
    if op.kind == cmp.CHANGED:
        return format_html(
            '<span class="changed" title="{}"><del>{}</del><ins>{}</ins></span>',
            gettext("changed by this article"),
            _join(op.canonical),
            _join(op.printed),
        )
    n = len(op.canonical)
    if op.kind == cmp.DROPPED and n < CUT_WORDS:
        return format_html(
            '<del title="{}">{}</del>', gettext("not printed by this article"), _join(op.canonical)
        )
    if op.kind == cmp.NOT_PRINTED:
        left_out = gettext("[… {words} not printed here …]")
    else:
        left_out = gettext("[… {words} not printed …]")
    return format_html(
        '<details class="omitted"><summary>{}</summary><del>{}</del></details>',
        left_out.format(words=counted(n, "word")),
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


def compare_articles(quote, articles, *, against: str | None = None):
    """What each of `articles` printed of `quote` (its `pieces`, see public.articles_printing)
    against the canonical text (or the text `against`: a translation's fullest wording, for
    translations into one language), as one text: a Comparison for each article, in order,
    with its `summary` ("2 words changed, 12 not printed"), `html` and `identical`. The
    canonical text is read once, and articles that printed the same words (an agency's
    copy, say) share one comparison."""
    canonical = cmp.tokenize(quote.text if against is None else against)
    comparisons, by_words = [], {}
    for article in articles:
        texts = tuple(piece.text for piece in article.pieces)
        if texts not in by_words:
            ops = cmp.compare_words(canonical, cmp.pieces_words(texts))
            by_words[texts] = Comparison(ops=ops, summary=cmp.summary(ops), html=render_ops(ops))
        comparisons.append(by_words[texts])
    return comparisons


def _date_html(day):
    return format_html('<time datetime="{}">{}</time>', day.isoformat(), long_date(day))


def _and(items):
    """Items joined as in a sentence: a; a and b; a, b and c."""
    items = list(items)
    if len(items) < 2:
        return mark_safe("".join(items))  # noqa: S308 - items built by format_html
    return format_html(
        gettext("{first} and {last}"),
        first=mark_safe(", ".join(items[:-1])),  # noqa: S308 - items built by format_html
        last=items[-1],
    )


@register.simple_tag
def carried_by(articles):
    """{% carried_by articles %}: who carried the statement, in one sentence: "Carried by 3
    outlets in 5 articles and 1 article whose outlet is unknown, first on 1 April 2031 by
    Harbour Herald." `articles` as public.articles_printing gives them."""
    if not articles:
        return format_html(
            '<p class="carried">{}</p>', gettext("Not yet found in any article of the archive.")
        )
    known = [a for a in articles if a.outlet_id]
    unknown = len(articles) - len(known)
    outlets = len({a.outlet_id for a in known})
    parts = []
    if known:
        parts.append(
            gettext("{outlets} in {articles}").format(
                outlets=counted(outlets, "outlet"), articles=counted(len(known), "article")
            )
        )
    if unknown:
        parts.append(unknown_outlet(unknown))
    if len(parts) > 1:
        parts = [gettext("{first} and {last}").format(first=parts[0], last=parts[1])]
    sentence = format_html(gettext("Carried by {parts}"), parts=parts[0])
    dated = [a for a in articles if a.published]
    if dated:
        first_day = min(a.published for a in dated)
        firsts = [a for a in dated if a.published == first_day]
        names = list(dict.fromkeys(a.outlet for a in firsts if a.outlet_id))
        by = [format_html('<a href="{}">{}</a>', paths.page_path(o), o.name) for o in names]
        if by and len(names) < len(firsts):
            by.append(format_html("{}", gettext("an article whose outlet is unknown")))
        sentence = format_html(
            gettext("{sentence}, first on {day}"), sentence=sentence, day=_date_html(first_day)
        )
        if by:
            sentence = format_html(
                gettext("{sentence} by {outlets}"), sentence=sentence, outlets=_and(by)
            )
    else:
        sentence = format_html(gettext("{sentence}; no article gives its date"), sentence=sentence)
    return format_html('<p class="carried">{}.</p>', sentence)


def _strip_rows(strip):
    """Each outlet's row: its full name as HTML text (it wraps; nothing is cut) beside its
    dots. The dots are links with their own names in an SVG group, never inside an image."""
    middle = strip.middle
    rows = []
    for row in strip.rows:
        dots = []
        for dot in row.dots:
            radius = MERGED_RADIUS if dot.count > 1 else DOT_RADIUS
            count = (
                format_html(
                    '<text class="timeline__count" x="{}%" y="{}" text-anchor="middle" '
                    'aria-hidden="true">{}</text>',
                    dot.x,
                    middle + 4,
                    dot.count,
                )
                if dot.count > 1
                else ""
            )
            dots.append(
                format_html(
                    # The <title> names the link (and is its tooltip); the count repeats
                    # what the name says, so it is hidden from screen readers.
                    '<a class="timeline__link" href="{}"><title>{}</title>'
                    '<circle class="timeline__target" cx="{}%" cy="{}" r="{}"/>'
                    '<circle class="timeline__dot" cx="{}%" cy="{}" r="{}" fill="currentColor"/>'
                    "{}</a>",
                    dot.href,
                    dot.label,
                    dot.x,
                    middle,
                    TARGET_RADIUS,
                    dot.x,
                    middle,
                    radius,
                    count,
                )
            )
        rows.append(
            format_html(
                '<li class="strip__row"><span class="strip__outlet">{}</span>'
                '<svg xmlns="http://www.w3.org/2000/svg" class="timeline strip__track" '
                'width="100%" height="{}" role="group" aria-label="{}">'
                '<line class="timeline__guide" x1="0" y1="{}" x2="100%" y2="{}" '
                'stroke="currentColor"/>{}</svg></li>',
                row.label,
                strip.height,
                gettext("Printed by {outlet}").format(outlet=row.label),
                middle,
                middle,
                mark_safe("".join(dots)),  # noqa: S308 - each dot built by format_html
            )
        )
    return mark_safe("".join(rows))  # noqa: S308 - each row built by format_html


def _ticks(ticks, y):
    return format_html_join(
        "",
        '<line class="timeline__tick" x1="{}%" y1="{}" x2="{}%" y2="{}" stroke="currentColor"/>'
        '<text class="timeline__label" x="{}%" y="{}" text-anchor="{}">{}</text>',
        ((t.x, y, t.x, y + 4, t.x, y + 18, t.anchor, t.label) for t in ticks),
    )


def _axis(ticks):
    """The date axis under the rows: a picture of what the dots' names already say."""
    return format_html(
        '<div class="strip__row strip__row--axis" aria-hidden="true"><span></span>'
        '<svg xmlns="http://www.w3.org/2000/svg" class="timeline strip__axis" width="100%" '
        'height="{}"><line class="timeline__axis" x1="0" y1="1" x2="100%" y2="1" '
        'stroke="currentColor"/>{}</svg></div>',
        AXIS_HEIGHT,
        _ticks(ticks, 1),
    )


def _undated(articles):
    """The undated articles by outlet: Drifting Digest (2 articles); 1 article whose outlet
    is unknown."""
    by_outlet = {}
    for article in articles:
        name = article.outlet.name if article.outlet_id else None
        by_outlet[name] = by_outlet.get(name, 0) + 1
    unknown = by_outlet.pop(None, 0)
    parts = [
        name if n == 1 else f"{name} ({counted(n, 'article')})" for name, n in by_outlet.items()
    ]
    if unknown:
        parts.append(unknown_outlet(unknown))
    return "; ".join(parts)


def unknown_outlet(n):
    """ "1 article whose outlet is unknown", "3 articles whose outlet is unknown"."""
    return ngettext(
        "%(n)d article whose outlet is unknown", "%(n)d articles whose outlet is unknown", n
    ) % {"n": n}


@register.simple_tag
def quote_timeline(articles):
    """{% quote_timeline articles %}: when each outlet printed the quote: a row per outlet
    with a dot per article on a shared date axis, linking to the article's entry on the
    page, and the undated articles named under it. Empty where no article is dated.
    `articles` as public.articles_printing gives them; nothing is queried."""
    printings = [
        Printing(
            date=a.published,
            outlet=a.outlet_label,
            title=a.label,
            href=f"#article-{a.pk}",
        )
        for a in articles
    ]
    strip = quote_strip(printings)
    if strip is None:
        return ""
    when = gettext("on {day}").format(day=long_date(strip.start))
    if strip.end != strip.start:
        when = gettext("from {span}").format(span=from_to(strip.start, strip.end))
    caption = gettext("Each dot is an article, placed by the day it was printed ({when}).")
    caption = caption.format(when=when)
    if strip.merged:
        caption += " " + gettext(
            "A number in a dot counts articles of one outlet printed on the same or nearby days."
        )
    undated = ""
    if strip.undated:
        undated = format_html(
            '<p class="timeline__undated">{}</p>',
            gettext("Date unknown, so not shown: {articles}.").format(
                articles=_undated(a for a in articles if not a.published)
            ),
        )
    return format_html(
        '<figure class="timeline-figure strip"><ol class="strip__rows">{}</ol>{}'
        '<figcaption class="timeline__caption">{}</figcaption>{}</figure>',
        _strip_rows(strip),
        _axis(strip.ticks),
        caption,
        undated,
    )


def _histogram_svg(hist, title, css_class):
    """The histogram as an image (it holds no links): bars, or one dot with its count where
    every quote falls in one period."""
    if hist.single:
        bar = hist.bars[0]
        y = hist.baseline - DOT_RADIUS * 2
        marks = format_html(
            '<circle class="timeline__dot" cx="50%" cy="{}" r="{}" fill="currentColor">'
            '<title>{}</title></circle><text class="timeline__count-label" x="50%" y="{}" '
            'dx="{}">{}</text>',
            y,
            DOT_RADIUS,
            bar.tooltip,
            y + 4,
            DOT_RADIUS + 6,
            counted(bar.count, "quote"),
        )
        peak = ""
    else:
        marks = format_html_join(
            "",
            '<rect class="timeline__bar" x="{}%" y="{}" width="{}%" height="{}" '
            'fill="currentColor"><title>{}</title></rect>',
            ((b.x, b.y, b.width, b.height, b.tooltip) for b in hist.bars),
        )
        peak = format_html(
            '<text class="timeline__label timeline__peak" x="-6" y="{}" text-anchor="end">{}'
            "</text>",
            hist.top + 4,
            hist.peak,
        )
    return format_html(
        '<svg xmlns="http://www.w3.org/2000/svg" class="timeline timeline--histogram {}" '
        'width="100%" height="{}" role="img" aria-labelledby="{}-title {}-desc">'
        '<title id="{}-title">{}</title><desc id="{}-desc">{}</desc>'
        '{}{}<line class="timeline__axis" x1="0" y1="{}" x2="100%" y2="{}" '
        'stroke="currentColor"/>{}</svg>',
        css_class,
        hist.height,
        css_class,
        css_class,
        css_class,
        title,
        css_class,
        hist.summary,
        peak,
        marks,
        hist.baseline,
        hist.baseline,
        _ticks(hist.ticks, hist.baseline),
    )


def _quotes_over_time(counts, title, css_class):
    """The histogram of `counts`, how many quotes were first printed on each day (as
    public.per_day reads them), with its caption."""
    hist = histogram(counts)
    if hist is None:
        return ""
    per = gettext("all on one day") if hist.single else PER[hist.period]
    words = gettext("Quotes by first printing, {per}").format(per=per)
    if hist.undated:
        words += gettext("; {n} with no known date").format(n=hist.undated)
    caption = format_html('<figcaption class="timeline__caption">{}</figcaption>', words)
    return format_html(
        '<figure class="timeline-figure">{}{}</figure>',
        _histogram_svg(hist, title, css_class),
        caption,
    )


@register.simple_tag
def person_timeline(person, counts):
    """{% person_timeline person counts %}: the person's published quotes over time, from
    their `counts` per day (public.per_day), which their page also totals."""
    return _quotes_over_time(
        counts, gettext("Quotes by {name} over time").format(name=person.name), "timeline-person"
    )


@register.simple_tag
def unit_timeline(unit, counts):
    """{% unit_timeline unit counts %}: the published quotes of the unit's members over time,
    from their `counts` per day (public.per_day)."""
    return _quotes_over_time(
        counts,
        gettext("Quotes by members of {name} over time").format(name=unit.name),
        "timeline-unit",
    )
