"""An article's entry on a quote's permalink, built in Python: what it printed, in its
language, how it changes the meaning and its comparison with the statement. A permalink shows
an entry for each article that printed the quote, and the template engine's tags, lookups
and translations cost more than the HTML; this is the HTML the templates
quotes/includes/printing_entry.html, alterations.html and comparison.html rendered, to the
byte."""

from django import template
from django.template.defaultfilters import date
from django.utils.html import conditional_escape, format_html, linebreaks
from django.utils.safestring import mark_safe
from django.utils.timezone import template_localtime
from django.utils.translation import gettext, ngettext

from archive import language_names
from quotes import paths
from quotes.timeline import long_date

from .verbatim import lang

register = template.Library()


def _ours(message):
    """A translation of ours, unescaped as {% translate %} leaves it."""
    return mark_safe(message)  # noqa: S308 - our own words, never a reader's


def _filled(message, **values):
    """As {% blocktranslate with name=value %}: the values escaped, the translation not."""
    return _ours(message % {name: conditional_escape(value) for name, value in values.items()})


def _joined(parts):
    return mark_safe("".join(parts))  # noqa: S308 - each part built by format_html


def _text(text):
    # As the linebreaks filter: the words escaped, in paragraphs.
    return mark_safe(linebreaks(text, autoescape=True))  # noqa: S308 - escaped by linebreaks


def _attribution(quote, piece):
    if not piece.attribution:
        return ""
    credited = ""
    if piece.person_id and piece.person_id != quote.person_id:
        if quote.person:
            words = _filled(
                gettext("The archive credits these words to %(speaker)s."),
                speaker=quote.person.name,
            )
        else:
            words = _ours(gettext("The archive credits these words to another speaker."))
        credited = format_html(' <span class="printing__credited">{}</span>', words)
    return format_html(
        '<p class="printing__attribution">{} <q{}>{}</q>{}</p>',
        _ours(gettext("Attributed as printed:")),
        lang(piece.language),
        piece.attribution,
        credited,
    )


def _pieces(quote, pieces):
    if len(pieces) > 1:
        items = [
            format_html(
                "\n    <li>\n"
                '      <blockquote class="printing__text"{}>{}</blockquote>\n'
                "      {}\n"
                "    </li>\n    ",
                lang(piece.language),
                _text(piece.text),
                _attribution(quote, piece),
            )
            for piece in pieces
        ]
        return format_html('\n  <ol class="printing__pieces">\n    {}\n  </ol>\n  ', _joined(items))
    piece = pieces[0]
    return format_html(
        '\n  <blockquote class="printing__text"{}>{}</blockquote>\n  {}\n  ',
        lang(piece.language),
        _text(piece.text),
        _attribution(quote, piece),
    )


def _alterations(article):
    if not article.alterations:
        return "\n\n"
    items = [
        format_html(
            "\n    <li>{}: {} <q>{}</q>, {} <q>{}</q></li>\n    ",
            alteration.get_kind_display(),
            _ours(gettext("others print")),
            alteration.others,
            _ours(gettext("this article prints")),
            alteration.printed,
        )
        for alteration in article.alterations
    ]
    return format_html(
        '\n\n<div class="printing__altered" role="note">\n'
        '  <p class="printing__altered-title"><strong>{}</strong></p>\n'
        "  <ul>\n    {}\n  </ul>\n</div>\n\n",
        _ours(gettext("Changes the meaning:")),
        _joined(items),
    )


def _comparison(article, comparison):
    pieces = len(article.pieces) > 1
    against = getattr(article, "against", None)
    if against:
        if pieces:
            summary = _filled(gettext("Against %(against)s, its pieces together:"), against=against)
        else:
            summary = _filled(gettext("Against %(against)s:"), against=against)
    elif pieces:
        summary = _ours(gettext("Against the statement, its pieces together:"))
    else:
        summary = _ours(gettext("Against the statement:"))
    words = ""
    if not comparison.identical:
        words = format_html(
            '\n  <div class="comparison__words"{}>{}</div>\n  ',
            lang(article.pieces[0].language),
            comparison.html,
        )
    return format_html(
        '\n<div class="comparison">\n'
        '  <p class="comparison__summary">{} <strong>{}</strong></p>\n'
        "  {}\n"
        "</div>\n",
        summary,
        comparison.summary,
        words,
    )


def _meta(article):
    if article.published:
        when = format_html(
            '<time datetime="{}">{}</time>',
            article.published.isoformat(),
            long_date(article.published),
        )
    else:
        archived = template_localtime(article.archived_at)
        when = format_html(
            '{} <time datetime="{}">{}</time>',
            _ours(gettext("date unknown, archived on")),
            date(archived, "Y-m-d"),
            date(archived, "j E Y"),
        )
    count = len(article.pieces)
    pieces = ""
    if count > 1:
        pieces = format_html(
            " · {}",
            _filled(
                ngettext("printed in %(counter)s piece", "printed in %(counter)s pieces", count),
                counter=count,
            ),
        )
    language = ""
    if article.pieces[0].language:
        language = format_html(
            " · {}",
            _filled(
                gettext("in %(language)s"),
                language=language_names.name(article.pieces[0].language),
            ),
        )
    return format_html("{}{}{}", when, pieces, language)


@register.simple_tag
def printing_entry(quote, article):
    """{% printing_entry quote article %}: the article's entry (an article as the permalink's
    view gives it: its `pieces`, `comparison`, `alterations`, `is_original`, `against`,
    `language_name`)."""
    original = ""
    if getattr(article, "is_original", False):
        original = format_html(
            '<p class="printing__language printing__language--original">{}</p>',
            _filled(gettext("Original (%(language)s)"), language=article.language_name),
        )
    url = ""
    if article.url:
        url = format_html(
            ' · <a href="{}" rel="nofollow noopener">{}</a>',
            article.url,
            _ours(gettext("Original article")),
        )
    return format_html(
        '\n\n<li class="printing{}" id="article-{}">\n'
        "  {}\n"
        '  <h4 class="printing__title"{}>{}</h4>\n'
        '  <p class="printing__meta">{} ·\n'
        "    {}</p>\n"
        "  {}\n"
        "  {}\n"
        "  {}\n"
        '  <p class="printing__links">\n'
        '    <a href="{}#a-{}">{}</a>\n'
        "    {}\n"
        "  </p>\n"
        "</li>\n",
        " printing--altered" if article.alterations else "",
        article.pk,
        original,
        lang(article.language) if article.title else "",
        article.label,
        article.outlet_label,
        _meta(article),
        _pieces(quote, article.pieces),
        _alterations(article),
        _comparison(article, article.comparison),
        paths.page_path(article),
        article.pieces[0].pk,
        _ours(gettext("Archived copy")),
        url,
    )
