"""Merging two quotes of one statement, or two records of one person, into a survivor.

Called through quotes.services.lifecycle (merge, merge_people), which records the change."""

from django.db import transaction
from django.db.models import Q
from simple_history.utils import bulk_update_with_history

from quotes.models import (
    Membership,
    MergeSuggestion,
    Person,
    PersonAlias,
    PersonMergeSuggestion,
    Printing,
    Quote,
)

from . import lineage


def _save(obj, fields, *, user, note):
    obj._history_user = user
    obj._change_reason = note or "merged"
    obj.save(update_fields=fields)


def merge_quotes(*, source: Quote, target: Quote, user=None, note="") -> tuple[Quote, Quote]:
    """Merge `source` into `target` and return both as they now stand (the source as it
    stood but for `merged_into`).

    The source keeps its row (and short id) with `merged_into` set, so that its permalink can
    redirect to the survivor; everything that hung on the source now hangs on the target.
    Raises ValueError, saying why, when the two cannot be one statement.
    """
    if source.pk == target.pk:
        raise ValueError(f"Quote {source.short_id} cannot be merged into itself.")
    # Part of the caller's transaction (lifecycle.merge's, which rolls back to its own
    # savepoint on any error): a savepoint of its own would cost two round trips more.
    with transaction.atomic(savepoint=False):
        # Re-read both rows under a lock: a caller's copies may be stale, and two archivists
        # merging the same quotes at once must not both succeed.
        locked = Quote.objects.select_for_update().in_bulk([source.pk, target.pk])
        source, target = locked[source.pk], locked[target.pk]
        if target.merged_into_id is not None:
            raise ValueError(
                f"Quote {target.short_id} has itself been merged into another quote; "
                "merge into the surviving quote instead."
            )
        if source.merged_into_id is not None:
            raise ValueError(f"Quote {source.short_id} has already been merged into another quote.")
        if source.person_id and target.person_id and source.person_id != target.person_id:
            raise ValueError(
                f"Quotes {source.short_id} and {target.short_id} are attributed to different "
                "people; correct the speaker of one of them before merging."
            )

        moved = list(source.printings.all())
        for printing in moved:
            printing.quote = target
        bulk_update_with_history(
            moved,
            Printing,
            ["quote"],
            default_user=user,
            default_change_reason=note or "merged",
        )
        Quote.objects.filter(merged_into=source).update(merged_into=target)
        _move_suggestions(source=source, target=target)
        lineage.move_decisions(source=source, target=target)

        if Quote.Status.PUBLISHED in (source.status, target.status):
            target.status = Quote.Status.PUBLISHED
        if target.person_id is None and source.person_id is not None:
            target.person_id = source.person_id
        if not target.person_id and not target.speaker_description:
            target.speaker_description = source.speaker_description
        _save(
            target, ["status", "person", "speaker_description", "updated_at"], user=user, note=note
        )
        source.merged_into = target
        _save(source, ["merged_into", "updated_at"], user=user, note=note)
    return source, target


def _move_suggestions(*, source, target, model=MergeSuggestion, side="quote"):
    """Open suggestions between the pair are settled; the source's other open suggestions are
    carried over to the target, so that no open suggestion names a merged quote (or person:
    `model` PersonMergeSuggestion, whose first side is `side` "person")."""
    first, first_id = side, f"{side}_id"
    model.objects.filter(
        Q(**{first: source, "candidate": target}) | Q(**{first: target, "candidate": source}),
        status=model.Status.OPEN,
    ).update(status=model.Status.MERGED)

    others = model.objects.filter(
        Q(**{first: source}) | Q(candidate=source), status=model.Status.OPEN
    )
    for suggestion in others:
        if getattr(suggestion, first_id) == source.pk:
            setattr(suggestion, first, target)
        else:
            suggestion.candidate = target
        pair = (getattr(suggestion, first_id), suggestion.candidate_id)
        duplicate = model.objects.filter(
            Q(**{first_id: pair[0], "candidate_id": pair[1]})
            | Q(**{first_id: pair[1], "candidate_id": pair[0]})
        ).exclude(pk=suggestion.pk)
        if pair[0] == pair[1] or duplicate.exists():
            # The target already has a suggestion (open or decided) for this pair; that one
            # stands. (A person's suggestions may also come to name the target twice.)
            suggestion.delete()
        else:
            suggestion.save(update_fields=[first, "candidate"])


def merge_people(*, source: Person, target: Person, user=None, note="") -> Person:
    """Merge `source` into `target` and return `target`.

    Quotes and memberships move to the target; the source's name and aliases become the
    target's aliases; the source keeps its row with `merged_into` set so its page can redirect.
    """
    if source.pk == target.pk:
        raise ValueError(f"{source.name} cannot be merged into themselves.")
    with transaction.atomic(savepoint=False):  # lifecycle.merge_people's, as merge_quotes
        locked = Person.objects.select_for_update().in_bulk([source.pk, target.pk])
        source, target = locked[source.pk], locked[target.pk]
        if target.merged_into_id is not None:
            raise ValueError(
                f"{target.name} (#{target.pk}) has been merged into another person; "
                "merge into the surviving person instead."
            )
        if source.merged_into_id is not None:
            raise ValueError(
                f"{source.name} (#{source.pk}) has already been merged into another person."
            )

        for model in (Quote, Printing):
            rows = list(model.objects.filter(person=source))
            for row in rows:
                row.person = target
            bulk_update_with_history(
                rows, model, ["person"], default_user=user, default_change_reason=note or "merged"
            )

        for membership in Membership.objects.filter(person=source):
            # The same unit stated by the same article (or by none) is one membership, and the
            # unique constraint on (person, unit, article) would refuse a second.
            if Membership.objects.filter(
                person=target, unit_id=membership.unit_id, article_id=membership.article_id
            ).exists():
                membership.delete()
            else:
                membership.person = target
                _save(membership, ["person"], user=user, note=note)

        for name in [source.name, *source.aliases]:
            target.add_alias(name)
        PersonAlias.objects.filter(person=source).delete()

        # What the target lacks and the source knows: its description, its Wikidata item.
        taken = [
            f for f in ("description", "wikidata") if getattr(source, f) and not getattr(target, f)
        ]
        for field in taken:
            setattr(target, field, getattr(source, field))
        if taken:
            _save(target, taken, user=user, note=note)

        _move_suggestions(source=source, target=target, model=PersonMergeSuggestion, side="person")
        Person.objects.filter(merged_into=source).update(merged_into=target)
        source.merged_into = target
        _save(source, ["merged_into"], user=user, note=note)
    return target
