"""The JSON Lines record of a quote: field names others rely on, kept stable."""

from django.conf import settings
from django.db.models import Prefetch

from . import public
from .models import Appearance, Membership, Quote


def export_queryset(queryset=None):
    """Quotes with everything their records need, fetched in a fixed number of queries per
    chunk rather than one a row."""
    queryset = Quote.objects.live() if queryset is None else queryset
    return (
        queryset.select_related("person")
        .prefetch_related(
            "person__alias_set",
            Prefetch(
                "person__memberships",
                queryset=Membership.objects.select_related("unit").order_by("unit__name"),
            ),
            Prefetch(
                "appearances",
                queryset=Appearance.objects.select_related("article__outlet").order_by(
                    *public.PRINTING_ORDER
                ),
            ),
        )
        .order_by("pk")
    )


def quote_record(quote: Quote, *, site_url: str | None = None) -> dict:
    site_url = settings.SITE_URL if site_url is None else site_url.rstrip("/")
    person = quote.person
    units = [{"name": unit.name} for unit, _ in public.units_of(person)]
    return {
        "id": quote.short_id,
        "permalink": site_url + quote.get_absolute_url(),
        "text": quote.text,
        "status": quote.status,
        "speaker": (
            {"name": person.name, "aliases": [a.name for a in person.alias_set.all()]}
            if person
            else None
        ),
        "speaker_description": quote.speaker_description,
        "units": units,
        "appearances": [
            {
                "article": {
                    "source_file": a.article.source_file or None,
                    "url": a.article.url,
                    "outlet": a.article.outlet.name if a.article.outlet else None,
                    "title": a.article.title or None,
                    "published": a.article.published.isoformat() if a.article.published else None,
                },
                "text": a.text,
                "start": a.start,
                "end": a.end,
                "attribution": a.attribution,
            }
            for a in quote.appearances.all()
        ],
    }
