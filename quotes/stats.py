"""The archive-wide figures of the home page, kept in one row and recounted in the background.

Counting every public quote, person, outlet and article takes about a second at 500,000
quotes, too long for a request and wasteful to repeat in every web worker. So the figures live
in one row (ArchiveFigures), which the home page reads, and are recounted by one task
(quotes.tasks.refresh_archive_figures, queued by the home page) when they may have moved:

- every change of a quote's state sends quote_changed after its transaction commits; the
  receiver here marks the figures stale (one UPDATE, cheap enough for any import);
- the home page, finding them stale, or older than STATS_MAX_AGE (a backstop for what moves
  them without a quote_changed: a new printing of a public quote, an admin deleting an
  article), queues one recount; further visits meanwhile queue nothing and show the figures
  as they were until the recount lands (seconds, with a worker running).

With the immediate task backend (development, tests) the recount runs within that visit.
"""

import datetime

from django.db.models import Q
from django.utils import timezone

from . import public
from .models import ArchiveFigures, Person

# The one row.
ROW = 1
# Recounted at least this often, whatever changed.
STATS_MAX_AGE = datetime.timedelta(hours=1)
# A recount queued this long ago and not started is taken to be lost, and queued again.
QUEUED_TOO_LONG = datetime.timedelta(minutes=10)
TOP_PEOPLE = 10

# The quote_changed actions that can move a figure: what is public, who said it, where.
MOVES_FIGURES = {
    "publish",
    "withdraw",
    "restore",
    "merge",
    "merge_people",
    "change_speaker",
    "split",
    "move_printing",
}


def count() -> dict:
    """The figures, counted from the archive now."""
    quotes = public.quotes()
    # Counted from the quotes and printings side, distinct ids only: joining every outlet or
    # article row to its quotes and de-duplicating whole rows is far slower.
    printings = public.printings()
    top = public.people().order_by("-quote_count", "name")[:TOP_PEOPLE]
    return {
        "quote_count": quotes.count(),
        "person_count": quotes.exclude(person=None).values("person").distinct().count(),
        "outlet_count": printings.exclude(article__outlet=None)
        .values("article__outlet")
        .distinct()
        .count(),
        "article_count": printings.values("article").distinct().count(),
        "top_people": [[person.pk, person.quote_count] for person in top],
    }


def refresh() -> ArchiveFigures:
    """Recount the figures and store them. The stale mark is cleared before counting, so
    that a change committed while counting marks them stale again."""
    ArchiveFigures.objects.filter(pk=ROW).update(stale=False, refresh_queued_at=None)
    figures = count()
    row, _ = ArchiveFigures.objects.update_or_create(
        pk=ROW, defaults={**figures, "computed_at": timezone.now()}
    )
    return row


def mark_stale() -> None:
    ArchiveFigures.objects.filter(pk=ROW, stale=False).update(stale=True)


def quote_changed_marks_stale(sender, action, **kwargs):
    """quote_changed's receiver (connected in quotes.apps): the figures may have moved."""
    if action in MOVES_FIGURES:
        mark_stale()


def stored() -> ArchiveFigures | None:
    """The one row of figures, if it was ever counted."""
    return ArchiveFigures.objects.filter(pk=ROW).first()


def due(row: ArchiveFigures) -> bool:
    """Whether `row` should be recounted: marked stale, or older than STATS_MAX_AGE."""
    return row.stale or row.computed_at is None or row.computed_at < timezone.now() - STATS_MAX_AGE


def claim_refresh(now=None) -> bool:
    """Note a recount as queued unless one is queued already (and not lost); True if this
    call claimed it, and so must queue quotes.tasks.refresh_archive_figures."""
    now = now or timezone.now()
    claimed = (
        ArchiveFigures.objects.filter(pk=ROW)
        .filter(Q(refresh_queued_at=None) | Q(refresh_queued_at__lt=now - QUEUED_TOO_LONG))
        .update(refresh_queued_at=now)
    )
    return bool(claimed)


def as_context(row: ArchiveFigures) -> dict:
    """The figures for the home page: quote_count, person_count, outlet_count,
    article_count, and top_people (people annotated with their quote_count)."""
    people = Person.objects.in_bulk([pk for pk, _ in row.top_people])
    top_people = []
    for pk, quote_count in row.top_people:
        if pk in people:
            person = people[pk]
            person.quote_count = quote_count
            top_people.append(person)
    return {
        "quote_count": row.quote_count,
        "person_count": row.person_count,
        "outlet_count": row.outlet_count,
        "article_count": row.article_count,
        "top_people": top_people,
    }
