"""Publishing and rejecting quotes in bulk; merged quotes are left alone."""

from django.utils import timezone

from quotes.models import Quote


def _set_status(queryset, status):
    # Filter by primary key rather than updating `queryset` itself: callers such as the admin
    # pass querysets carrying annotations, ordering or joins that update() does not accept.
    quotes = Quote.objects.live().filter(pk__in=queryset.order_by().values("pk"))
    return quotes.exclude(status=status).update(status=status, updated_at=timezone.now())


def publish_quotes(queryset) -> int:
    """Publish the live quotes in `queryset`; returns how many changed status."""
    return _set_status(queryset, Quote.Status.PUBLISHED)


def reject_quotes(queryset) -> int:
    """Reject the live quotes in `queryset` (their rows are kept); returns how many changed."""
    return _set_status(queryset, Quote.Status.REJECTED)
