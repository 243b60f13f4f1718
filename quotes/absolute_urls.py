"""The site's one rule for absolute URLs: the origin every link it hands out is on."""

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

# Where commands (which have no request) point in development when SITE_URL is empty: the
# address `make serve` serves.
DEVELOPMENT_SITE_URL = "http://127.0.0.1:8000"


def site_url(request=None):
    """The site's origin (scheme and host, no trailing slash) for every absolute link it hands
    out: citations, canonical links, og:url, JSON-LD, feeds, the sitemap, the API, downloads,
    exports and robots.txt.

    SITE_URL when it is set, so that a link never depends on the Host header it was asked
    for with. Where it is empty (development; production refuses it through the deploy check
    in verbatim/checks.py), a page uses the host it was asked for, and a command, which has
    no request, uses make serve's address in development and stops in production."""
    if settings.SITE_URL:
        return settings.SITE_URL
    if request is not None:
        return f"{request.scheme}://{request.get_host()}"
    if settings.DEBUG or getattr(settings, "DEV", False):
        return DEVELOPMENT_SITE_URL
    raise ImproperlyConfigured(
        "SITE_URL is not set: set it to the site's public address, e.g. https://verbatim.example."
    )


def absolute(path, request=None):
    """`path` (as from get_absolute_url or reverse) as an absolute URL on the site."""
    return site_url(request) + path
