"""The page in the site's other languages: the header's language switch and the head's
hreflang alternates (verbatim/locale.py says where each language's pages are)."""

from dataclasses import dataclass

from django import template
from django.conf import settings
from django.urls import reverse, translate_url
from django.utils.translation import get_language

from quotes import public
from quotes.absolute_urls import absolute

register = template.Library()


@register.simple_tag
def lasting_url(viewname, **kwargs):
    """{% lasting_url "quotes:person-feed" slug=person.slug %}: {% url %} in the default
    language, for a feed or file (public.LASTING_VIEWS) linked from a page in any language."""
    return public.lasting_reverse(viewname, **kwargs)


@dataclass(frozen=True)
class Language:
    """One language of the site for this page: its code, its name in itself, the path of the
    same page (with the same query string) in it, and whether the page is in it now."""

    code: str
    name: str
    path: str
    current: bool
    url: str


@register.simple_tag(takes_context=True)
def page_languages(context, home=False):
    """{% page_languages as languages %}: a Language for each of LANGUAGES. With home=True
    (the error pages: an address that is not, or no longer, public is not offered again
    under another prefix), and for an address that does not resolve, each language's front
    page instead."""
    request = context.get("request")
    if request is None:
        return []
    here = reverse("quotes:home") if home else request.get_full_path()
    active = get_language()
    languages = []
    for code, name in settings.LANGUAGES:
        path = translate_url(here, code)
        if path == here and code != active:
            path = translate_url(reverse("quotes:home"), code)
        languages.append(Language(code, name, path, code == active, absolute(path, request)))
    return languages
