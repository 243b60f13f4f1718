"""Template filters and tags of the public pages: what a quote listing shows, and archived
article text with its quotes highlighted."""

import re

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe

from quotes import public

register = template.Library()

# A blank line (possibly holding spaces) ends a paragraph of article text.
PARAGRAPH_BREAK = re.compile(r"\n[^\S\n]*\n\s*")


@register.filter
def units_of(person):
    """The units a person belongs to, each once, from their (prefetched) memberships."""
    return [unit for unit, _ in public.units_of(person)]


@register.filter
def outlets_of(quote):
    """The outlets that printed `quote`, each once, in date order (undated articles last);
    None stands for the articles that have no outlet."""
    articles = sorted(
        (a.article for a in quote.appearances.all()),
        key=lambda article: (article.published is None, article.published),
    )
    return list(dict.fromkeys(article.outlet for article in articles))


@register.filter
def earliest_date(quote):
    """The first day an article printed `quote`, or None where no article has a date."""
    dates = [a.article.published for a in quote.appearances.all() if a.article.published]
    return min(dates, default=None)


def _text(text):
    """Plain text as HTML: escaped, line breaks kept."""
    return escape(text).replace("\n", "<br>\n")


def _paragraph_spans(body):
    """[start, end) of each non-blank paragraph of `body`, without surrounding whitespace."""
    spans, position = [], 0
    for brk in PARAGRAPH_BREAK.finditer(body):
        spans.append((position, brk.start()))
        position = brk.end()
    spans.append((position, len(body)))
    for start, end in spans:
        while start < end and body[start].isspace():
            start += 1
        while end > start and body[end - 1].isspace():
            end -= 1
        if start < end:
            yield start, end


def _marks(body, appearances):
    """(start, end, appearance) for each printed piece of `appearances`, in order, clipped
    to the body and to each other so that no two overlap."""
    pieces = sorted(
        (
            (start, end, appearance)
            for appearance in appearances
            for start, end in appearance.pieces()
        ),
        key=lambda piece: (piece[0], piece[1]),
    )
    marks, reached = [], 0
    for start, end, appearance in pieces:
        start, end = max(start, reached, 0), min(end, len(body))
        if start < end:
            marks.append((start, end, appearance))
            reached = end
    return marks


def highlight(body, appearances):
    """Article text as HTML paragraphs, every piece of it escaped, with each printed piece
    of `appearances` in a <mark> linking to its quote's permalink. The first piece of each
    appearance carries id="a-<pk>", the anchor that a quote's page links to."""
    marks = _marks(body, appearances)
    paragraphs, anchored = [], set()
    for para_start, para_end in _paragraph_spans(body):
        html, cursor = [], para_start
        for start, end, appearance in marks:
            start, end = max(start, para_start), min(end, para_end)
            if start >= end:
                continue
            html.append(_text(body[cursor:start]))
            anchor = "" if appearance.pk in anchored else format_html(' id="a-{}"', appearance.pk)
            anchored.add(appearance.pk)
            html.append(
                format_html(
                    '<mark{}><a href="{}">{}</a></mark>',
                    anchor,
                    appearance.quote.get_absolute_url(),
                    mark_safe(_text(body[start:end])),  # noqa: S308 - escaped by _text
                )
            )
            cursor = end
        html.append(_text(body[cursor:para_end]))
        paragraphs.append("<p>" + "".join(html) + "</p>")
    return mark_safe("\n".join(paragraphs))  # noqa: S308 - every piece escaped above


@register.simple_tag
def highlighted_body(article, appearances):
    """{% highlighted_body article appearances %}: see `highlight`."""
    return highlight(article.body, appearances)
