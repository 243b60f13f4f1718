"""Attribution conflicts: a printing linked to a quote by its words whose article credits
another person, recorded for an archivist and settled one way or the other."""

from django.db import transaction

from quotes.models import AttributionConflict, Quote

from . import lifecycle


def record_conflicts(*, quote: Quote, printings, person=None) -> list[AttributionConflict]:
    """An open conflict for each of `printings` (printings just linked to `quote`) whose
    article credits a named person other than the quote's, or an institution ("the General
    Staff said"). A printing that names nobody ("one soldier said") does not contradict it.
    `person` stands in for the printing's credited person where the printing does not say
    (`Printing.person` unset and no description)."""
    if quote.person_id is None:
        return []
    conflicts = []
    for printing in printings:
        credited = printing.person_id
        if credited is None and not printing.speaker_description and person is not None:
            credited = person.pk
        if (credited is not None and credited != quote.person_id) or (
            credited is None and names_institution(printing.speaker_description)
        ):
            conflict, _ = AttributionConflict.objects.get_or_create(quote=quote, printing=printing)
            conflicts.append(conflict)
    return conflicts


def names_institution(description: str) -> bool:
    """'the General Staff', 'the SBU', 'Harbour Post' name a body that can be credited with
    words; 'one soldier', 'the captured pilot' describe an unnamed person, which contradicts
    no one."""
    words = description.split()
    return any(w[:1].isupper() for w in words[1:]) or any(len(w) > 1 and w.isupper() for w in words)


def keep_quote_speaker(*, conflicts) -> int:
    """Settle open conflicts in favour of their quote's person; returns how many."""
    return (
        AttributionConflict.objects.filter(pk__in=[c.pk for c in conflicts])
        .filter(status=AttributionConflict.Status.OPEN)
        .update(status=AttributionConflict.Status.RESOLVED)
    )


def credit_printing_speaker(*, conflict: AttributionConflict, user=None, note="") -> Quote:
    """Give the quote to whom the conflicting printing credits, and settle the conflict with
    any other open one whose printing credits the same speaker. The printings that credited
    the former person are not reopened as conflicts: the archivist has decided."""
    with transaction.atomic():
        printing = conflict.printing
        quote = lifecycle.change_speaker(
            conflict.quote,
            person=printing.person,
            description=printing.speaker_description,
            user=user,
            note=note or f"credited as {printing.article} credits it",
        )
        same = quote.conflicts.filter(status=AttributionConflict.Status.OPEN)
        same = (
            same.filter(printing__person_id=printing.person_id)
            if printing.person_id
            else same.filter(pk=conflict.pk)
        )
        same.update(status=AttributionConflict.Status.RESOLVED)
        AttributionConflict.objects.filter(pk=conflict.pk).update(
            status=AttributionConflict.Status.RESOLVED
        )
    return quote
