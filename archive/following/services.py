"""Adding, pausing and resuming the sources the archive follows: the one door the admin, the
command and a home page's run go through."""

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import Truncator

from ..metadata import domain_of
from ..models import Outlet, validate_web_url
from ..outlets import outlet_named
from .models import Source


class SourceRefused(ValueError):
    """A source that cannot be followed (not a web address); nothing was stored."""


def outlet_of(url: str) -> Outlet | None:
    """The outlet at the address's domain, made (named after the domain) if there is none."""
    return outlet_named(None, domain=domain_of(url))


def add_source(url: str, *, outlet: Outlet | None = None, **options) -> tuple[Source, bool]:
    """The source at `url`, added (to `outlet`, else the outlet of its domain) if it is not
    followed yet, due at once; (source, created). `options` are Source fields (interval,
    words, languages, publish, paused, found_on)."""
    url = (url or "").strip()
    try:
        validate_web_url(url)
        Source._meta.get_field("url").run_validators(url)
    except ValidationError:
        raise SourceRefused(
            f"not an http:// or https:// address: {Truncator(url).chars(80)!r}"
        ) from None
    found = Source.objects.filter(url=url).first()
    if found is not None:
        return found, False
    try:
        with transaction.atomic():
            source = Source.objects.create(url=url, outlet=outlet or outlet_of(url), **options)
    except IntegrityError:  # added by another worker a moment ago
        return Source.objects.get(url=url), False
    return source, True


def source_for(url_or_id: str) -> tuple[Source, bool]:
    """The source a command names by id or address, added if an address is not followed yet;
    SourceRefused for an id that is no source."""
    given = str(url_or_id).strip()
    if given.isdigit():
        source = Source.objects.filter(pk=int(given)).first()
        if source is None:
            raise SourceRefused(f"no source has the id {given}")
        return source, False
    return add_source(given)


def pause_sources(sources) -> int:
    """Stop running the sources (a queryset); how many were running."""
    return sources.filter(paused=False).update(paused=True)


def resume_sources(sources) -> int:
    """Run the paused sources (a queryset) again, due at once; how many were paused."""
    return sources.filter(paused=True).update(paused=False, next_run_at=timezone.now())


def run_soon(sources) -> int:
    """Make the sources (a queryset) due now: the scheduler runs them next."""
    return sources.update(next_run_at=timezone.now())
