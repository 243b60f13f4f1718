"""Every change to a quote's state, in one place.

Publish, reject, withdraw, restore, correct the text, change the speaker or a unit, merge,
split a printing off, move a printing: the admin, the importer, the API and the commands call
these and never write a quote's status or derived fields themselves. Each one

- locks and re-reads the rows it changes, so that two archivists cannot both win;
- refreshes what is derived from the changed records (`refresh`: canonical text, search
  index, first publication date; the archive-wide figures are marked stale through
  `quote_changed`, see quotes/stats.py);
- leaves a history entry saying who did it and why (django-simple-history, through save());
- puts a change to a public quote on its public record (a Correction);
- sends `quote_changed`.

`user` is whoever asked (None for the machine), `note` their reason in their own words.
"""

from django.db import transaction
from django.db.models import Q
from django.dispatch import Signal
from django.utils import timezone

from quotes.matching import canonical_text, original_pieces
from quotes.models import Correction, Membership, MergeSuggestion, Person, Printing, Quote
from quotes.search import refresh_search

from . import lineage, merging

# Sent after each change, with `quote`, `action` (the function's name) and `user`.
quote_changed = Signal()

# A suggestion at least this sure, between a quote being published and a public quote of a
# compatible speaker, is applied on publication: two public copies of one statement are never
# left side by side with an open suggestion between them.
AUTO_MERGE_SCORE = 0.95

Status = Quote.Status


class LifecycleError(ValueError):
    """A change the rules do not allow, with the reason in words an archivist can act on."""


# Derived data -------------------------------------------------------------------------------


def refresh(quote: Quote) -> None:
    """Recompute what `quote` derives from its printings (the canonical text unless an
    archivist corrected it, the search index, the first publication date) after its
    printings or fields change."""
    refresh_all([quote])


def refresh_all(quotes: list[Quote]) -> None:
    """`refresh` for several quotes, with their printings read and their search data written
    in one query each (an import refreshes every quote it touched at once). Each quote once:
    two objects of one quote would each be compared and saved."""
    if not quotes:
        return
    editable = [quote for quote in quotes if not quote.text_edited]
    printings = {quote.pk: {} for quote in editable}
    # Every printing of them, once, for their texts and their dates (Quote.refresh_dates_of),
    # and its language or its article's, for the original's.
    rows = list(
        Printing.objects.filter(quote__in=[quote.pk for quote in quotes])
        .order_by("quote_id", "article_id", "start")
        .values_list(
            "quote_id", "article_id", "text", *Quote.DATED_BY, "language", "article__language"
        )
    )
    for quote_id, article_id, text, *dated, language, article_language in rows:
        if quote_id in printings:
            article = printings[quote_id].setdefault(article_id, [dated[3], "", []])
            article[1] = article[1] or language or article_language
            article[2].append(text)
    for quote in editable:
        pieces = original_pieces(list(printings[quote.pk].values()))
        text = canonical_text(pieces) if pieces else quote.text
        if text != quote.text:
            quote.text = text
            Quote.objects.filter(pk=quote.pk).update(text=text, updated_at=timezone.now())
    refresh_search(quotes)
    Quote.refresh_dates_of(quotes, printings=[(row[0], *row[3:-2]) for row in rows])
    lineage.refresh_lineage(quotes)


# Helpers ------------------------------------------------------------------------------------


def _save(obj, *, user, note, fields=None):
    """Save `obj`, its history entry naming `user` and `note`."""
    obj._history_user = user
    obj._change_reason = note or None
    obj.save(update_fields=fields)


def _locked(quote: Quote) -> Quote:
    return Quote.objects.select_for_update().get(pk=quote.pk)


def _correct(quote, kind, summary, *, user, note):
    """On a public quote, put the change on its public record."""
    if quote.is_public or kind in (Correction.Kind.WITHDRAWN, Correction.Kind.RESTORED):
        Correction.objects.create(quote=quote, kind=kind, summary=summary, note=note, user=user)


def _done(quote, action, user):
    transaction.on_commit(
        lambda: quote_changed.send(sender=Quote, quote=quote, action=action, user=user)
    )


def _speaker(quote) -> str:
    if quote.person_id:
        return quote.person.name
    return f"“{quote.speaker_description}”" if quote.speaker_description else "unnamed"


def _live_ids(quotes) -> list[int]:
    # By primary key: callers such as the admin pass querysets carrying annotations or joins.
    if isinstance(quotes, Quote):
        return [quotes.pk]
    if hasattr(quotes, "values_list"):
        return list(quotes.order_by().values_list("pk", flat=True))
    return [q.pk for q in quotes]


# Review ------------------------------------------------------------------------------------


# Inside a caller's transaction without a savepoint of its own: an import publishes every
# article's quotes within the article's transaction, where a savepoint cost two round trips
# an article, and a failure here fails the article (the caller's transaction) whole.
@transaction.atomic(savepoint=False)
def publish(quotes, *, user=None, note="") -> int:
    """Publish the live, suggested or rejected quotes among `quotes` (withdrawn ones are
    restored, not published); returns how many changed. A quote that a very sure open
    suggestion ties to a public quote is merged into it instead of standing beside it."""
    chosen = list(
        Quote.objects.select_for_update().filter(
            pk__in=_live_ids(quotes),
            merged_into=None,
            status__in=[Status.SUGGESTED, Status.REJECTED],
        )
    )
    if not chosen:
        return 0
    # One UPDATE and one insert of history rows for them all (an import publishes every
    # quote of an article at once); quote_changed is sent for each, as after a save.
    now = timezone.now()
    Quote.objects.filter(pk__in=[q.pk for q in chosen]).update(
        status=Status.PUBLISHED, updated_at=now
    )
    for quote in chosen:
        quote.status, quote.updated_at = Status.PUBLISHED, now
        quote._history_user, quote._change_reason = user, note or None
        _done(quote, "publish", user)
    Quote.history.bulk_history_insert(chosen, update=True)
    # Which of them a sure suggestion names, asked once: merging one of them carries its
    # suggestions over to the survivor, which names no other quote than before.
    sure = _sure_suggestions().filter(
        Q(quote__in=[q.pk for q in chosen]) | Q(candidate__in=[q.pk for q in chosen])
    )
    suggested = {pk for pair in sure.values_list("quote_id", "candidate_id") for pk in pair}
    # Each is merged as if published alone, in turn: into a public quote, or one of these
    # published before it, never into one of those after it.
    after = {q.pk for q in chosen}
    for quote in chosen:
        after.discard(quote.pk)
        if quote.pk in suggested:
            _apply_sure_suggestions(quote, user=user, unpublished=after)
    return len(chosen)


def _sure_suggestions():
    return MergeSuggestion.objects.filter(
        status=MergeSuggestion.Status.OPEN, score__gte=AUTO_MERGE_SCORE
    )


def _apply_sure_suggestions(quote, *, user, unpublished=()):
    """Merge `quote` (just published) into a public quote that an open suggestion at
    AUTO_MERGE_SCORE or more says it repeats, where their speakers agree (`unpublished`:
    quotes being published that count as not public yet)."""
    # Both quotes of each suggestion as they stand now, read with it: nothing changes them
    # before a merge, after which no other suggestion is looked at.
    suggestions = (
        _sure_suggestions()
        .filter(Q(quote=quote) | Q(candidate=quote))
        .select_related("quote", "candidate")
    )
    for suggestion in suggestions:
        if suggestion.quote_id == quote.pk:
            fresh, other = suggestion.quote, suggestion.candidate
        else:
            fresh, other = suggestion.candidate, suggestion.quote
        if fresh.merged_into_id or not other.is_public or other.pk in unpublished:
            continue
        if fresh.person_id and other.person_id and fresh.person_id != other.person_id:
            continue
        merge(
            source=quote,
            target=other,
            user=user,
            note=f"applied automatically: the same statement (similarity {suggestion.score:.2f})",
        )
        return


@transaction.atomic
def reject(quotes, *, user=None, note="") -> int:
    """Reject the live suggested quotes among `quotes` (their rows are kept); returns how
    many changed. A published quote is withdrawn, with a reason, never rejected."""
    count = 0
    for quote in Quote.objects.select_for_update().filter(
        pk__in=_live_ids(quotes), merged_into=None, status=Status.SUGGESTED
    ):
        quote.status = Status.REJECTED
        _save(quote, user=user, note=note, fields=["status", "updated_at"])
        _done(quote, "reject", user)
        count += 1
    return count


@transaction.atomic
def withdraw(quote: Quote, *, reason: str, user=None, note="") -> Quote:
    """Take a published quote off every public surface; its permalink answers 410 Gone with
    the reason and date. `reason` is one of Quote.WithdrawalReason."""
    if reason not in Quote.WithdrawalReason.values:
        choices = ", ".join(Quote.WithdrawalReason.values)
        raise LifecycleError(f"Unknown withdrawal reason {reason!r}; choose one of {choices}.")
    quote = _locked(quote)
    if not quote.is_public:
        raise LifecycleError(
            f"Quote {quote.short_id} is {_state(quote)}; only a published quote is withdrawn."
        )
    _correct(
        quote,
        Correction.Kind.WITHDRAWN,
        f"withdrawn: {Quote.WithdrawalReason(reason).label.lower()}",
        user=user,
        note=note,
    )
    quote.status = Status.WITHDRAWN
    quote.withdrawal_reason = reason
    quote.withdrawal_note = note[:500]
    quote.withdrawn_at = timezone.now()
    _save(quote, user=user, note=note)
    _done(quote, "withdraw", user)
    return quote


@transaction.atomic
def restore(quote: Quote, *, user=None, note="") -> Quote:
    """Publish a withdrawn quote again; the withdrawal stays on its public record."""
    quote = _locked(quote)
    if quote.status != Status.WITHDRAWN or quote.merged_into_id:
        raise LifecycleError(f"Quote {quote.short_id} is {_state(quote)}, not withdrawn.")
    quote.status = Status.PUBLISHED
    quote.withdrawal_reason = ""
    quote.withdrawal_note = ""
    quote.withdrawn_at = None
    _save(quote, user=user, note=note)
    _correct(quote, Correction.Kind.RESTORED, "restored", user=user, note=note)
    _done(quote, "restore", user)
    return quote


def _state(quote) -> str:
    if quote.merged_into_id:
        return "merged into another quote"
    return quote.get_status_display().lower()


# Corrections --------------------------------------------------------------------------------


@transaction.atomic
def correct_text(quote: Quote, text: str, *, user=None, note="") -> Quote:
    """Set the canonical wording by hand; later imports leave it as it is."""
    text = text.strip()
    if not text:
        raise LifecycleError("A quote's text cannot be empty.")
    quote = _locked(quote)
    if text == quote.text:
        return quote
    was = quote.text
    quote.text = text
    quote.text_edited = True
    _save(quote, user=user, note=note, fields=["text", "text_edited", "updated_at"])
    _correct(quote, Correction.Kind.TEXT, f"text corrected: was “{was}”", user=user, note=note)
    refresh(quote)
    _done(quote, "correct_text", user)
    return quote


@transaction.atomic
def change_speaker(
    quote: Quote,
    *,
    person: Person | None,
    description: str = "",
    move_units=True,
    user=None,
    note="",
) -> Quote:
    """Credit `quote` to `person`, or, when the articles name nobody, to `description`. The
    units its articles stated for the former speaker go to `person` with the words, unless
    `move_units` is False (the article tied the unit to the person it misnamed)."""
    quote = _locked(quote)
    former = quote.person
    if person is not None and person.merged_into_id:
        raise LifecycleError(f"{person.name} has been merged into another person.")
    description = "" if person is not None else description.strip()[:300]
    if quote.person_id == (person.pk if person else None) and (
        quote.speaker_description == description
    ):
        return quote
    was = _speaker(quote)
    quote.person = person
    quote.speaker_description = description
    _save(quote, user=user, note=note, fields=["person", "speaker_description", "updated_at"])
    _correct(quote, Correction.Kind.SPEAKER, f"speaker corrected: was {was}", user=user, note=note)
    if move_units and former is not None and person is not None:
        stated = Membership.objects.filter(person=former, article__printings__quote=quote)
        for was_stated in stated.distinct().select_related("unit", "article"):
            if not Membership.objects.filter(
                person=person, unit=was_stated.unit, article=was_stated.article
            ).exists():
                fields = {f: getattr(was_stated, f) for f in ("unit", "article", "rank", "role")}
                add_membership(person=person, **fields, user=user, note=note)
    refresh(quote)
    _done(quote, "change_speaker", user)
    return quote


@transaction.atomic
def edit(quote: Quote, *, user=None, note="", move_units=True, **changes) -> Quote:
    """Apply an edit form's changes (`text`, `person`, `speaker_description`) through the
    services above; `move_units` as change_speaker takes it."""
    if "text" in changes:
        quote = correct_text(quote, changes["text"], user=user, note=note)
    if "person" in changes or "speaker_description" in changes:
        quote = change_speaker(
            quote,
            person=changes.get("person", quote.person),
            description=changes.get("speaker_description", quote.speaker_description),
            move_units=move_units,
            user=user,
            note=note,
        )
    return quote


def _units_corrected(person, summary, *, user, note):
    for quote in Quote.objects.filter(person=person).select_related("person"):
        _correct(quote, Correction.Kind.UNIT, summary, user=user, note=note)
        _done(quote, "change_unit", user)


@transaction.atomic
def change_unit(membership: Membership, *, unit, rank=None, role=None, user=None, note=""):
    """Correct the unit (and, given, the rank and role) of a stated membership."""
    membership = Membership.objects.select_for_update().select_related("unit").get(pk=membership.pk)
    was = membership.unit
    membership.unit = unit
    if rank is not None:
        membership.rank = rank
    if role is not None:
        membership.role = role
    _save(membership, user=user, note=note)
    if was != unit:
        _units_corrected(membership.person, f"unit corrected: was {was.name}", user=user, note=note)
    return membership


@transaction.atomic
def add_membership(*, person, unit, article=None, rank="", role="", user=None, note=""):
    membership = Membership(person=person, unit=unit, article=article, rank=rank, role=role)
    _save(membership, user=user, note=note)
    _units_corrected(person, f"unit added: {unit.name}", user=user, note=note)
    return membership


@transaction.atomic
def remove_membership(membership: Membership, *, user=None, note=""):
    membership._history_user = user
    membership._change_reason = note or None
    person, unit = membership.person, membership.unit
    membership.delete()
    if not Membership.objects.filter(person=person, unit=unit).exists():
        _units_corrected(person, f"unit removed: was {unit.name}", user=user, note=note)


# Merging and splitting ----------------------------------------------------------------------


@transaction.atomic
def merge(*, source: Quote, target: Quote, user=None, note="") -> Quote:
    """Merge `source` into `target` (see merging.merge_quotes) and return `target`."""
    try:
        # Both as they stood, read again under a lock: the caller's copies may be stale.
        source, target = merging.merge_quotes(source=source, target=target, user=user, note=note)
    except ValueError as error:
        raise LifecycleError(str(error)) from error
    # The source's short id, which its address is made of, stays as it is.
    was_public = source.status == Status.PUBLISHED  # it was live: merge_quotes checks
    if was_public or target.is_public:
        summary = f"merged with the statement once at {source.get_absolute_url()}"
        _correct(target, Correction.Kind.MERGED, summary, user=user, note=note)
    refresh(target)
    refresh_search([source])
    _done(target, "merge", user)
    return target


@transaction.atomic
def decide_lineage(record, *, confirm: bool, user=None) -> None:
    """Confirm or dismiss an inferred edge (a Derivation) or flag (an Alteration) of a
    quote's lineage; it stays as decided whenever the quote is worked out again."""
    lineage.record_decision(record, confirm=confirm, user=user)
    _done(record.quote, "decide_lineage", user)


@transaction.atomic
def merge_people(*, source: Person, target: Person, user=None, note="") -> Person:
    """Merge the person `source` into `target` (see merging.merge_people)."""
    public = [q for q in Quote.objects.filter(person=source) if q.is_public]
    try:
        target = merging.merge_people(source=source, target=target, user=user, note=note)
    except ValueError as error:
        raise LifecycleError(str(error)) from error
    for quote in public:
        quote.refresh_from_db()
        summary = f"speaker corrected: was listed as {source.name}"
        _correct(quote, Correction.Kind.SPEAKER, summary, user=user, note=note)
        _done(quote, "merge_people", user)
    refresh_search(Quote.objects.filter(person=target))
    return target


@transaction.atomic
def split(printing: Printing, *, user=None, note="") -> Quote:
    """Make `printing` (with the other pieces its article printed of the same quote) a quote
    of its own, with the status and speaker of the quote it leaves, which keeps the rest."""
    printing = Printing.objects.select_related("quote", "article").get(pk=printing.pk)
    old = _locked(printing.quote)
    printings = old.printings.filter(article=printing.article)
    if not old.printings.exclude(article=printing.article).exists():
        raise LifecycleError(
            f"Quote {old.short_id} has no printing outside this article: nothing to split."
        )
    new = Quote(
        text=printing.text,
        status=old.status,
        person=old.person,
        speaker_description=old.speaker_description,
    )
    _save(new, user=user, note=note or f"split off {old.short_id}")
    for printed in printings:
        printed.quote = new
        _save(printed, user=user, note=note, fields=["quote"])
    outlet = printing.article.outlet or "an article"
    _correct(
        old,
        Correction.Kind.SPLIT,
        f"the printing by {outlet} split off into its own statement, {new.get_absolute_url()}",
        user=user,
        note=note,
    )
    refresh(old)
    refresh(new)
    _done(old, "split", user)
    _done(new, "split", user)
    return new


@transaction.atomic
def move_printing(printing: Printing, *, to: Quote, user=None, note="") -> Quote:
    """Attach a printing to another (live) quote; both quotes are refreshed."""
    printing = Printing.objects.select_related("quote").get(pk=printing.pk)
    old = _locked(printing.quote)
    to = _locked(to)
    if to.merged_into_id:
        raise LifecycleError(f"Quote {to.short_id} has been merged into another quote.")
    if old.pk == to.pk:
        return to
    printing.quote = to
    _save(printing, user=user, note=note, fields=["quote"])
    if not old.printings.exists():
        merge(source=old, target=to, user=user, note=note or "its last printing moved")
    else:
        refresh(old)
        refresh(to)
    _done(to, "move_printing", user)
    return to
