"""The outlet an article is filed under: found by its name, else by its domain, else made."""

from operator import attrgetter

from django.db import IntegrityError
from django.db.models import BooleanField, ExpressionWrapper, Q

from .models import Outlet
from .text import clean_name


def outlet_named(name: str | None, *, domain: str = "", given: bool = False) -> Outlet | None:
    """The outlet called `name` (in any case), else the one at `domain` (a host without
    'www.', as Outlet.domain holds it), else a new outlet with that name (or the domain for
    want of one) and domain. None when neither is known. A `given` name (an archivist's or
    a manifest's, not the page's own) is the outlet's whatever other outlet the domain is."""
    name, domain = _outlet_keys(name, domain)
    if not (name or domain):
        return None
    found = _outlet_found(name, "" if given and name else domain)
    if found is not None:
        return found
    name = name or domain[:200]
    try:
        return Outlet.objects.create(name=name, domain=domain)
    except IntegrityError:
        # Another import created it a moment ago (its savepoint is rolled back).
        outlet = Outlet.objects.filter(name=name).first()
        if outlet is None:
            raise
        return outlet


def outlet_name(name: str | None, *, domain: str = "", given: bool = False) -> str:
    """The name of the outlet outlet_named would file an article under, without making it."""
    name, domain = _outlet_keys(name, domain)
    if not (name or domain):
        return ""
    found = _outlet_found(name, "" if given and name else domain)
    return found.name if found is not None else (name or domain[:200])


def _outlet_keys(name: str | None, domain: str) -> tuple[str, str]:
    return clean_name(name)[:200], domain.lower().removeprefix("www.")[:253]


def _outlet_found(name: str, domain: str) -> Outlet | None:
    # The outlets of that name or at that domain, in one query (every imported article
    # asks), each saying whether it has the name: none is never a match.
    by_name = Q(name__iexact=name) if name else Q(pk=None)
    at_domain = Q(domain=domain) if domain else Q(pk=None)
    # In Outlet's order (by name), which `.first()` of the name alone took.
    found = list(
        Outlet.objects.filter(by_name | at_domain).annotate(
            named=ExpressionWrapper(by_name, output_field=BooleanField())
        )
    )
    named = [outlet for outlet in found if outlet.named]
    if named:
        return named[0]
    return min(found, key=attrgetter("pk")) if found else None
