"""Template tags of the metadata reference managers read from a page: a quote's or an
article's Highwire, Dublin Core and COinS (quotes.citations.embedded)."""

from django import template

from quotes.citations import embedded

register = template.Library()


@register.simple_tag(takes_context=True)
def quote_record(context, quote, printings=None, language=""):
    """{% quote_record quote printings quote_language as record %}: worked out once for the
    page (its head and its COinS both ask), kept on the quote."""
    record = getattr(quote, "_embedded_record", None)
    if record is None:
        record = quote._embedded_record = embedded.of_quote(
            quote, printings, language=language or "", request=context.get("request")
        )
    return record


@register.simple_tag(takes_context=True)
def article_record(context, article):
    """{% article_record article as record %}: worked out once for the page."""
    record = getattr(article, "_embedded_record", None)
    if record is None:
        record = article._embedded_record = embedded.of_article(
            article, request=context.get("request")
        )
    return record


@register.simple_tag
def embedded_tags(record):
    """(name, content) of each Highwire and Dublin Core tag of `record`."""
    return embedded.highwire(record) + embedded.dublin_core(record)


@register.filter
def coins(record):
    return embedded.coins(record)
