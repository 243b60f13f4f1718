"""A quote in another page: its embeddable card (/q/<id>/embed/), the one page of the site
that other sites may frame, and oEmbed 1.0 (/oembed?url=<permalink>) that hands out the
frame."""

import json
from urllib.parse import urlsplit

from csp.decorators import csp_exempt
from django.conf import settings
from django.http import Http404, HttpResponse, HttpResponseGone
from django.shortcuts import redirect, render
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.html import format_html
from django.utils.translation import gettext
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_safe

from verbatim import pagecache

from .. import paths, public
from ..absolute_urls import absolute, site_url

# The card runs no script and loads nothing but the site's stylesheet; any page may frame it.
# Set by the view itself, as the site's policy (django-csp) forbids framing everywhere else.
EMBED_POLICY = "; ".join(
    [
        "default-src 'none'",
        "style-src 'self'",
        "img-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors *",
    ]
)
# The frame's size when the consumer sets no bounds, and the least it may be made.
EMBED_WIDTH, EMBED_HEIGHT = 560, 260
MIN_WIDTH, MIN_HEIGHT = 200, 120
# How long a consumer may keep the answer (oEmbed's cache_age), in seconds.
CACHE_AGE = 24 * 60 * 60


@require_safe
@csp_exempt()
@xframe_options_exempt
@pagecache.exempt  # a stored copy would lose xframe_options_exempt and be refused framing
def embed_card(request, short_id):
    """The statement, its speaker, who carried it and a link back to its permalink, for a
    frame in another site. A merged quote's card redirects to the survivor's; a withdrawn
    one answers 410."""
    try:
        quote = public.resolve_quote(short_id)
    except public.Gone:
        return HttpResponseGone(
            gettext("This quote was withdrawn."), content_type="text/plain; charset=utf-8"
        )
    if short_id != quote.short_id:
        return redirect("quotes:quote-embed", short_id=quote.short_id, permanent=True)
    context = {
        "quote": quote,
        "articles": public.articles_printing(quote),
        "permalink": absolute(paths.cited_path(quote), request),
    }
    response = render(request, "quotes/quote_embed.html", context)
    response["Content-Security-Policy"] = EMBED_POLICY
    return response


def embed_url(quote, request=None):
    return absolute(paths.lasting_reverse("quotes:quote-embed", short_id=quote.short_id), request)


def bounded(value, default, least):
    """A consumer's maxwidth or maxheight applied to `default`; a bad value is ignored."""
    if value is None or not value.isdigit():
        return default
    return max(least, min(default, int(value)))


def quote_named_by(url, request):
    """The public quote whose permalink (in any language) is `url`, on this site; Http404
    for anything else."""
    parts = urlsplit(url or "")
    if parts.scheme not in ("http", "https") or parts.netloc != urlsplit(site_url(request)).netloc:
        raise Http404("Not a permalink of this archive.")
    match = permalink_match(parts.path)
    if match.view_name != "quotes:quote-detail":
        raise Http404("Not a permalink of this archive.")
    try:
        return public.resolve_quote(match.kwargs["short_id"])
    except public.Gone:
        raise Http404("This quote was withdrawn.") from None


def permalink_match(path):
    """The URL pattern `path` matches, in English or under any language's prefix (/uk/q/ID/),
    whichever language the request itself is in; Http404 when none does."""
    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            try:
                return resolve(path)
            except Resolver404:
                continue
    raise Http404("Not a permalink of this archive.")


@require_safe
def oembed(request):
    """oEmbed 1.0: a "rich" answer whose html frames the quote's card, for a permalink of a
    public quote; 404 for any other URL, 501 for any format but JSON."""
    if request.GET.get("format", "json") != "json":
        return HttpResponse(
            "Only format=json is offered.", status=501, content_type="text/plain; charset=utf-8"
        )
    quote = quote_named_by(request.GET.get("url"), request)
    width = bounded(request.GET.get("maxwidth"), EMBED_WIDTH, MIN_WIDTH)
    height = bounded(request.GET.get("maxheight"), EMBED_HEIGHT, MIN_HEIGHT)
    title = f"{quote.speaker_name}: “{quote.text}”"
    answer = {
        "type": "rich",
        "version": "1.0",
        "title": title,
        "author_name": quote.speaker_name,
        "provider_name": "Verbatim",
        "provider_url": site_url(request) + "/",
        "cache_age": CACHE_AGE,
        "width": width,
        "height": height,
        "html": format_html(
            '<iframe src="{}" width="{}" height="{}" title="{}" loading="lazy" '
            'sandbox="allow-popups allow-popups-to-escape-sandbox" '
            'referrerpolicy="no-referrer" style="border:0"></iframe>',
            embed_url(quote, request),
            width,
            height,
            title,
        ),
    }
    if quote.person_id:
        answer["author_url"] = absolute(paths.cited_path(quote.person), request)
    return HttpResponse(
        json.dumps(answer, ensure_ascii=False), content_type="application/json; charset=utf-8"
    )
