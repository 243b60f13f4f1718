"""The archivist's desk: what waits for a decision, each queue with its count and its oldest
items first. Read by the admin's home (templates/admin/index.html) through the desk template
tag; the review of one suggested quote after another is quotes.admin.desk."""

from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.text import Truncator

from archive.models import Capture

from .models import AttributionConflict, MergeSuggestion, PersonMergeSuggestion, Quote


def snippet(text, length):
    return Truncator(" ".join(text.split())).chars(length)


# How many of a queue's oldest items the desk names.
OLDEST_SHOWN = 3


@dataclass
class Queue:
    """One queue on the desk: how many wait, the oldest few, and the list of them all."""

    title: str
    count: int
    url: str
    oldest: list = field(default_factory=list)  # (label, url, date), oldest first
    action: tuple | None = None  # (label, url): the way to work through it, where there is one


def _queue(user, title, perm, queryset, date_field, list_url, label, change_name):
    if not user.has_perm(perm):
        return None
    oldest = [
        (label(item), reverse(change_name, args=[item.pk]), getattr(item, date_field))
        for item in queryset.order_by(date_field, "pk")[:OLDEST_SHOWN]
    ]
    return Queue(title, queryset.count(), list_url, oldest)


def _credited(printing):
    return printing.person.name if printing.person_id else printing.speaker_description


def desk_queues(user) -> list[Queue]:
    """The queues `user` may see, each with its count and its oldest items first. Long only
    as a table is: one entry a queue, read best side by side."""
    open_ = MergeSuggestion.Status.OPEN
    quotes = reverse("admin:quotes_quote_changelist")
    queues = [
        _queue(
            user,
            "Suggested quotes",
            "quotes.view_quote",
            Quote.objects.suggested().select_related("person"),
            "created_at",
            f"{quotes}?status__exact=suggested",
            lambda q: f"{q.speaker_name}: “{snippet(q.text, 50)}”",
            "admin:quotes_quote_change",
        ),
        _queue(
            user,
            "Merge suggestions",
            "quotes.view_mergesuggestion",
            MergeSuggestion.objects.filter(status=open_).select_related("quote", "candidate"),
            "created_at",
            reverse("admin:quotes_mergesuggestion_changelist"),
            lambda s: f"{s.quote.short_id} and {s.candidate.short_id}",
            "admin:quotes_mergesuggestion_change",
        ),
        _queue(
            user,
            "Person merges",
            "quotes.view_personmergesuggestion",
            PersonMergeSuggestion.objects.filter(
                status=PersonMergeSuggestion.Status.OPEN
            ).select_related("person", "candidate"),
            "created_at",
            reverse("admin:quotes_personmergesuggestion_changelist"),
            lambda s: f"{s.person.name} and {s.candidate.name}",
            "admin:quotes_personmergesuggestion_change",
        ),
        _queue(
            user,
            "Attribution conflicts",
            "quotes.view_attributionconflict",
            AttributionConflict.objects.filter(
                status=AttributionConflict.Status.OPEN
            ).select_related("quote__person", "printing__person"),
            "created_at",
            reverse("admin:quotes_attributionconflict_changelist"),
            lambda c: f"{c.quote.short_id}: {c.quote.speaker_name} or {_credited(c.printing)}",
            "admin:quotes_attributionconflict_change",
        ),
        _queue(
            user,
            "Failed captures",
            "archive.view_article",
            Capture.objects.filter(state=Capture.State.FAILED).defer("body"),
            "requested_at",
            f"{reverse('admin:archive_capture_changelist')}?state__exact=failed",
            lambda c: f"{snippet(c.url, 50)} ({c.reason or 'failed'})",
            "admin:archive_capture_change",
        ),
    ]
    queues = [q for q in queues if q is not None]
    if queues and queues[0].title == "Suggested quotes" and queues[0].count:
        queues[0].action = ("Review them one by one", reverse("admin:quotes_quote_review"))
    return queues
