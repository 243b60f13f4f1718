"""Template filters and tags of the public pages: what a quote listing shows, archived article
text with its quotes highlighted, and the languages words are printed in."""

import datetime
from dataclasses import dataclass

from django import template
from django.conf import settings
from django.utils.html import conditional_escape, escape, format_html, linebreaks
from django.utils.safestring import SafeData, mark_safe
from django.utils.translation import get_language, gettext

from archive import language_names, languages
from archive.text import paragraph_spans
from quotes import paths, public
from quotes.timeline import long_date

register = template.Library()

# A blank line (possibly holding spaces) ends a paragraph of article text.


@register.filter
def page_path(obj):
    """{{ obj|page_path }}: the path of a quote's, person's, unit's, outlet's or article's
    page, as its get_absolute_url gives it (remembered: see paths.page_path)."""
    return paths.page_path(obj)


# {{ day|long_date }}: a day (a date, not a datetime) as {{ day|date:"j E Y" }} writes it,
# "1 April 2031", remembered (see quotes.timeline.formatted).
register.filter("long_date", long_date)


@register.filter
def lang(code):
    """{{ code|lang }}: ' lang="uk"' for an element holding words printed in `code`, where that
    is not the page's language (nothing where it is, or where the language is unknown)."""
    page = get_language() or settings.LANGUAGE_CODE
    if not code or code.split("-")[0].lower() == page.split("-")[0].lower():
        return ""
    return format_html(' lang="{}"', code)


# {{ code|language_name }}: "Ukrainian" for 'uk', in the page's language.
register.filter("language_name", language_names.name)


@register.simple_tag
def view_path(viewname):
    """{% view_path "quotes:home" %}: what {% url "quotes:home" %} gives for a view that
    takes no arguments, remembered (see paths.view_path)."""
    return paths.view_path(viewname)


@dataclass
class Entry:
    """What a quote's entry in a list shows: its words (`highlighted` by a search, else its
    text), its path, its speaker's units and the outlets that printed it, each as (path,
    name), and the first day it was printed."""

    words: str
    highlighted: bool
    path: str
    units: list
    outlets: list
    first: datetime.date | None
    first_long: str
    language: str = ""


@register.filter
def entry(quote):
    """{% with entry=quote|entry %}: see Entry, of a quote fetched with for_list_rows.
    Outlets each once in date order (undated articles last), (None, None) standing for the
    articles that have no outlet."""
    highlighted = getattr(quote, "highlighted", None)
    person = quote.person
    memberships = person.listed_memberships if person else None
    units = [(paths.page_path(unit), unit.name) for unit, _ in public.units_of(person, memberships)]
    # In PRINTING_ORDER already (for_list_rows): by date, undated last.
    articles = [printing.article for printing in quote.listed_printings]
    outlets = [
        (paths.page_path(outlet), outlet.name) if outlet else (None, None)
        for outlet in dict.fromkeys(article.outlet for article in articles)
    ]
    first = min((a.published for a in articles if a.published), default=None)
    return Entry(
        words=highlighted or quote.text,
        highlighted=bool(highlighted),
        path=paths.page_path(quote),
        units=units,
        outlets=outlets,
        first=first,
        first_long=long_date(first) if first else "",
        language=languages.text_language(
            quote.text, [printing.language for printing in quote.listed_printings]
        ),
    )


def _ours(message):
    """A translation of ours, unescaped as {% translate %} leaves it."""
    return mark_safe(message)  # noqa: S308 - our own words, never a reader's


def speaker_html(quote):
    """The speaker of a quote as its pages name it: a link to the person's page, or the
    description of an unnamed speaker."""
    if quote.person:
        return format_html('<a href="{}">{}</a>', paths.page_path(quote.person), quote.person.name)
    if quote.speaker_description:
        # As {% blocktranslate %} does: the value escaped, the translation not.
        unnamed = gettext("%(description)s (unnamed)")
        words = unnamed % {"description": conditional_escape(quote.speaker_description)}
        return format_html("<em>{}</em>", _ours(words))
    return format_html("<em>{}</em>", _ours(gettext("Unnamed speaker")))


@register.simple_tag
def speaker(quote):
    """{% speaker quote %}: see speaker_html."""
    return speaker_html(quote)


def _linked(items, separator, *, unknown=""):
    return mark_safe(  # noqa: S308 - each part built by format_html
        separator.join(
            format_html('<a href="{}">{}</a>', path, name) if path else unknown
            for path, name in items
        )
    )


@register.simple_tag
def quote_row(quote):
    """{% quote_row quote %}: a quote's entry in a list (see Entry), of a quote fetched with
    for_list_rows. Built here rather than by a template included for every row: a list page
    shows 25, and the template engine's tags and lookups cost more than the HTML itself.
    The HTML is what quotes/_quote.html rendered, to the byte, its last line's end
    included."""
    row = entry(quote)
    units = format_html(", {}", _linked(row.units, "; ")) if row.units else ""
    if row.outlets:
        unknown = _ours(gettext("Unknown outlet"))
        outlets = format_html(
            "{}\n    {}", _ours(gettext("Printed by")), _linked(row.outlets, ", ", unknown=unknown)
        )
    else:
        outlets = ""
    if row.first:
        first = format_html(
            '{} <time datetime="{}">{}</time>',
            _ours(gettext("first printed")),
            row.first.isoformat(),
            row.first_long,
        )
    else:
        first = _ours(gettext("date unknown"))
    words = row.words
    return format_html(
        '\n<article class="quote{}">\n'
        "  <blockquote{}>\n"
        "    \n"
        "    {}\n"
        '    <footer class="quote__speaker">— <cite>{}</cite>{}</footer>\n'
        "  </blockquote>\n"
        '  <p class="quote__meta">\n'
        "    {}\n"
        "    · {}\n"
        '    · <a href="{}">{}</a>\n'
        "  </p>\n"
        "</article>\n",
        " quote--hit" if row.highlighted else "",
        lang(row.language),
        # As the linebreaks filter: the words escaped unless a search marked them (safe).
        mark_safe(linebreaks(words, autoescape=not isinstance(words, SafeData))),  # noqa: S308
        speaker_html(quote),
        units,
        outlets,
        first,
        row.path,
        _ours(gettext("Permalink")),
    )


def _marks(body, printings):
    """(start, end, printing) for each printed piece of `printings`, in order, clipped
    to the body and to each other so that no two overlap."""
    pieces = sorted(
        ((start, end, printing) for printing in printings for start, end in printing.pieces()),
        key=lambda piece: (piece[0], piece[1]),
    )
    marks, reached = [], 0
    for start, end, printing in pieces:
        start, end = max(start, reached, 0), min(end, len(body))
        if start < end:
            marks.append((start, end, printing))
            reached = end
    return marks


def highlight(body, printings, language=""):
    """Article text as HTML paragraphs, every piece of it escaped, with each printed piece
    of `printings` in a <mark> linking to its quote's permalink. The first piece of each
    printing carries id="a-<pk>", the anchor that a quote's page links to, and a printing in
    another language than the article's (`language`) says so in its lang attribute."""
    marks = _marks(body, printings)
    paragraphs, anchored = [], set()
    for para_start, para_end in paragraph_spans(body):
        html, cursor = [], para_start
        for start, end, printing in marks:
            start, end = max(start, para_start), min(end, para_end)
            if start >= end:
                continue
            html.append(escape(body[cursor:start]))
            anchor = "" if printing.pk in anchored else format_html(' id="a-{}"', printing.pk)
            anchored.add(printing.pk)
            other = printing.language and printing.language != language
            html.append(
                format_html(
                    '<mark{}{}><a href="{}">{}</a></mark>',
                    anchor,
                    format_html(' lang="{}"', printing.language) if other else "",
                    printing.quote.get_absolute_url(),
                    escape(body[start:end]),
                )
            )
            cursor = end
        html.append(escape(body[cursor:para_end]))
        paragraphs.append("<p>" + "".join(html) + "</p>")
    return mark_safe("\n".join(paragraphs))  # noqa: S308 - every piece escaped above


@register.simple_tag
def highlighted_body(article, printings):
    """{% highlighted_body article printings %}: see `highlight`."""
    return highlight(article.body, printings, article.language)
