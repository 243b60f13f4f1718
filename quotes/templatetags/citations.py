"""Template tags of a quote's page head and citation section: its citation in every format,
and its schema.org Quotation as JSON-LD."""

import json

from django import template
from django.core.serializers.json import DjangoJSONEncoder
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from archive import languages
from quotes import paths
from quotes.absolute_urls import absolute
from quotes.citations.bylines import byline
from quotes.citations.citation import Citation, cited_printing

register = template.Library()

# The escapes of Django's json_script: no "</script>", "<!--" or "&" can end the element early
# or be read as markup, and the JSON still parses to the same data.
JSON_SCRIPT_ESCAPES = {ord("<"): "\\u003C", ord(">"): "\\u003E", ord("&"): "\\u0026"}


def json_script_safe(data):
    """`data` as JSON that is safe inside a <script> element."""
    return json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False).translate(
        JSON_SCRIPT_ESCAPES
    )


@register.simple_tag(takes_context=True)
def quote_citation(context, quote, printings=None, article=None):
    """{% quote_citation quote printings article as citation %}: the quote's `Citation` as
    printed in `article` (the earliest when None), from the page's `printings` where given
    so that they are not fetched again."""
    return Citation.of(quote, printings=printings, article=article, request=context.get("request"))


def quotation(quote, printings, request=None, language=None):
    """The schema.org Quotation of `quote`: its words and their language, its speaker (left
    out when unnamed; with `sameAs` their Wikidata item where known) and a NewsArticle for
    each article that printed it."""
    printings = list(quote.printings.all() if printings is None else printings)
    data = {
        "@context": "https://schema.org",
        "@type": "Quotation",
        "@id": absolute(paths.cited_path(quote), request),
        "url": absolute(paths.cited_path(quote), request),
        "text": quote.text,
    }
    if language is None:
        language = languages.text_language(quote.text, [p.language for p in printings])
    if language:
        data["inLanguage"] = language
    if quote.person_id:
        person = {
            "@type": "Person",
            "name": quote.person.name,
            "url": absolute(paths.page_path(quote.person), request),
        }
        if quote.person.description:
            person["description"] = quote.person.description
        if quote.person.wikidata:
            person["sameAs"] = f"https://www.wikidata.org/wiki/{quote.person.wikidata}"
        data["spokenByCharacter"] = person
        data["creator"] = person
    first = cited_printing(printings)
    if first and first.article.published:
        data["dateCreated"] = first.article.published
    data["citation"] = [news_article(a.article, request) for a in printings]
    return data


def news_article(article, request=None):
    archived = absolute(paths.page_path(article), request)
    data = {"@type": "NewsArticle", "url": article.url or archived, "archivedAt": archived}
    if article.title:
        data["headline"] = article.title
    authors = byline(article.author)
    if authors:
        # The byline's authors wrote the article; the speaker is credited above, not here.
        data["author"] = [
            {"@type": "Organization" if a.group else "Person", "name": a.natural} for a in authors
        ]
    if article.outlet:
        data["publisher"] = {"@type": "Organization", "name": article.outlet.name}
        if article.outlet.home_url:
            data["publisher"]["url"] = article.outlet.home_url
    if article.published:
        data["datePublished"] = article.published
    return data


@register.simple_tag(takes_context=True)
def quote_jsonld(context, quote, printings=None):
    """{% quote_jsonld quote printings %}: the quote's Quotation in a JSON-LD script
    element. It is data, not executable script, so the page's CSP lets it be."""
    # The page's language of the words where it has worked it out (the permalink has).
    language = context.get("quote_language")
    data = json_script_safe(quotation(quote, printings, context.get("request"), language))
    return format_html(
        '<script type="application/ld+json">{}</script>',
        mark_safe(data),  # noqa: S308 - escaped for a script element by json_script_safe
    )


@register.simple_tag(takes_context=True)
def absolute_url(context, path):
    """{% absolute_url quote|page_path %}: the path as an absolute URL on the site."""
    return absolute(path, context.get("request"))
