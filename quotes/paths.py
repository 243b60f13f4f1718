"""The addresses of the public pages: each model's page path and each view's, worked out
once per URLconf, script prefix and language rather than by a reverse() per object, and the
lasting English addresses of what is a file rather than a page. Pure: no read rule here."""

import re

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import get_language, override

# The field each public model's address is made of (see its get_absolute_url).
ADDRESS_FIELDS = {
    "quotes.quote": "short_id",
    "quotes.person": "slug",
    "quotes.unit": "slug",
    "archive.outlet": "slug",
    "archive.article": "pk",
}
# Enough for every outlet, unit and person a busy list shows; past it the memo starts afresh.
PATHS_KEPT = 20_000
_paths: dict[tuple, str] = {}


def page_path(obj) -> str:
    """`obj.get_absolute_url()`, without reverse() for each object. reverse() costs tens of
    microseconds and a list page asks for a few hundred paths (a quote's, its speaker's,
    units' and outlets'), most of them of quotes a process has never shown before (the long
    tail). A path depends only on the model, the field its address is made of, the URLconf,
    the script prefix and the language (whose code prefixes every address but English's):
    for each model, in each of those, the model's get_absolute_url is asked once, for a
    stand-in whose field holds a marker, and every path of it is that path with the field's
    value where the marker is. A value that reverse() would quote (anything but letters,
    digits, - and _) is reversed as before, remembered per address."""
    label = obj._meta.label_lower
    field = ADDRESS_FIELDS[label]
    value = getattr(obj, field)
    place = (label, get_urlconf(settings.ROOT_URLCONF), get_script_prefix(), get_language())
    if isinstance(value, int) or (isinstance(value, str) and PLAIN.fullmatch(value)):
        around = _patterns.get(place)
        if around is None:
            around = _patterns[place] = _pattern(type(obj), field)
        if around:
            return f"{around[0]}{value}{around[1]}"
    return _remembered((*place, value), obj.get_absolute_url)


# What reverse() leaves as it is in any path segment, and the markers standing for a value.
PLAIN = re.compile(r"[A-Za-z0-9_-]+")
MARKERS = {"pk": 918273645, "id": 918273645}
MARKER = "pagepathmarker"
_patterns: dict[tuple, tuple[str, str] | None] = {}


def _pattern(model, field):
    """(what comes before the value, what after) in the model's paths, or None where the
    marker does not show exactly once (and each path is reversed)."""
    marker = MARKERS.get(field, MARKER)
    path = model(**{field: marker}).get_absolute_url()
    if path.count(str(marker)) != 1:
        return None
    before, after = path.split(str(marker))
    return before, after


def path_of(model, value) -> str:
    """page_path of the `model` object whose address field (ADDRESS_FIELDS) is `value`,
    for rows read without their objects."""
    return page_path(model(**{ADDRESS_FIELDS[model._meta.label_lower]: value}))


def cited_path(obj) -> str:
    """The path of obj's page in the default language, as its permalink always was: the
    address a citation gives, the same whichever language the page citing it is in."""
    with override(settings.LANGUAGE_CODE):
        return page_path(obj)


# What is not a page but a file (feeds, the sitemap, downloads, citation files) is linked at
# its English address from a page in any language, the address it has always had.
LASTING_VIEWS = {
    "quotes:quote-feed",
    "quotes:corrections-feed",
    "quotes:altered-feed",
    "quotes:person-feed",
    "quotes:unit-feed",
    "quotes:outlet-feed",
    "quotes:sitemap",
    "quotes:quote-export-csv",
    "quotes:quote-export-jsonl",
    "quotes:quote-citation",
}


def lasting_reverse(viewname: str, **kwargs) -> str:
    """reverse() in the default language: the address of a view of LASTING_VIEWS."""
    with override(settings.LANGUAGE_CODE):
        return reverse(viewname, kwargs=kwargs or None)


def view_path(viewname: str) -> str:
    """`reverse(viewname)` for a view that takes no arguments (in the default language for
    LASTING_VIEWS), worked out once per process like page_path: every page's header, footer
    and feed links name a dozen such views."""
    key = (viewname, get_urlconf(settings.ROOT_URLCONF), get_script_prefix(), get_language())
    if viewname in LASTING_VIEWS:
        return _remembered(key, lambda: lasting_reverse(viewname))
    return _remembered(key, lambda: reverse(viewname))


def _remembered(key, work_out) -> str:
    """The path memoised under `key`, worked out with `work_out()` the first time."""
    path = _paths.get(key)
    if path is None:
        if len(_paths) >= PATHS_KEPT:
            _paths.clear()
        path = _paths[key] = work_out()
    return path
