"""The page in the site's other languages: the header's language switch and the head's
hreflang alternates (verbatim/locale.py says where each language's pages are)."""

from dataclasses import dataclass
from urllib.parse import urlsplit

from django import template
from django.conf import settings
from django.urls import NoReverseMatch, reverse, translate_url
from django.utils.translation import get_language, override

from quotes import paths
from quotes.absolute_urls import absolute

register = template.Library()


@register.simple_tag
def lasting_url(viewname, **kwargs):
    """{% lasting_url "quotes:person-feed" slug=person.slug %}: {% url %} in the default
    language, for a feed or file (paths.LASTING_VIEWS) linked from a page in any language."""
    return paths.lasting_reverse(viewname, **kwargs)


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
    page instead. Worked out once per request: the head's alternates and the header's
    switch both ask."""
    request = context.get("request")
    if request is None:
        return []
    remembered = request.__dict__.setdefault("_page_languages", {})
    key = (home, get_language())
    if key not in remembered:
        remembered[key] = _page_languages(request, home)
    return remembered[key]


def _page_languages(request, home):
    here = reverse("quotes:home") if home else request.get_full_path()
    active = get_language()
    languages = []
    for code, name in settings.LANGUAGES:
        path = _translated(request, here, code, home)
        if path == here and code != active:
            path = translate_url(reverse("quotes:home"), code)
        languages.append(Language(code, name, path, code == active, absolute(path, request)))
    return languages


def _translated(request, here, code, home):
    """translate_url(here, code), without resolving the request's own path again where
    Django has resolved it already (the same match: no script prefix, the same path)."""
    match = request.resolver_match
    if home or match is None or request.path != request.path_info or match.url_name is None:
        return translate_url(here, code)
    name = f"{match.namespace}:{match.url_name}" if match.namespace else match.url_name
    with override(code):
        try:
            path = reverse(name, args=match.args, kwargs=match.kwargs)
        except NoReverseMatch:
            return here
    query = urlsplit(here).query
    return f"{path}?{query}" if query else path
