"""Template tags of the metadata other tools read from a page: a quote's or an article's
Highwire, Dublin Core and COinS (quotes.citations.embedded), and oEmbed discovery."""

from urllib.parse import urlencode

from django import template

from quotes import paths
from quotes.absolute_urls import absolute
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


@register.simple_tag(takes_context=True)
def oembed_address(context, quote):
    """{% oembed_address quote %}: the oEmbed answer for the quote's permalink (discovery)."""
    request = context.get("request")
    permalink = absolute(paths.cited_path(quote), request)
    query = urlencode({"url": permalink, "format": "json"})
    return absolute(paths.lasting_reverse("quotes:oembed"), request) + "?" + query
