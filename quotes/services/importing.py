"""Turning an archived article's extraction into people, units, quotes and printings."""

import functools
import logging
import re
from collections import Counter, defaultdict
from dataclasses import replace

from django.db import connection, transaction
from django.db.models import Value

from archive.models import Outlet
from archive.services import one_import_at_a_time
from archive.text import clean_name
from verbatim import pagecache

from ..extraction import Extraction, Quotation, Speaker
from ..extraction.units import own_name, same_named_unit, unit_key
from ..matching import (
    MIN_SHARED_KEYS,
    canonical_text,
    choose_candidates,
    find_matches,
    fingerprint_keys,
    index_printings,
    printed_again,
    sentence_list,
)
from ..models import (
    Membership,
    MergeSuggestion,
    Person,
    PersonAlias,
    PersonMergeSuggestion,
    Printing,
    Quote,
    Surname,
    Unit,
)
from ..names import Likeness, ParsedName, likeness, parse_name, spell, surname_stem, surnames_alike
from . import ahead, lifecycle
from .attribution import record_conflicts

logger = logging.getLogger(__name__)

# A fingerprint key printed by more of an article's new statements than this is too common to
# tell by which of them a later statement repeats (look-alike sentences share most keys).
HELD_POSTINGS = 20


def extract_from_article(sender, *, article, publish=False, user=None, **kwargs):
    """Receiver of `archive.signals.article_archived`."""
    import_extraction(
        article=article,
        extraction=ahead.extraction_of(
            article.body, article.title, article.outlet.name if article.outlet_id else ""
        ),
        publish=publish,
        user=user,
        new=True,
    )


def person_for(
    speaker: Speaker,
    *,
    article=None,
    outlets: set[str] | None = None,
    units: dict | None = None,
    unit_keys: set[str] | None = None,
) -> Person | None:
    """The archive's person for a speaker the article names, or None for an outlet or a
    unit quoted as a source (they are no people).

    A name surely theirs (same first name in any romanisation with the same surname, or the
    surname in another case; patronymic or not) joins an existing person, the new spelling
    kept as an alias. A surname alone joins the one person of that surname, if only one has
    it, and a doubtful namesake joins when the article puts the speaker in their unit. Any
    other likeness (another first name, an initial, a surname in another case or spelt
    alike, a surname several people share) makes a new person and a PersonMergeSuggestion
    for each of the others: two people are never joined by guesswork.

    An import passes what it has already looked up for the article: `outlets` and
    `unit_keys` (institutions) and `units` (known_unit's memo)."""
    names = [clean_name(name) for name in [speaker.name, *speaker.aliases]]
    if is_institution(speaker.name, article=article, outlets=outlets, unit_keys=unit_keys):
        return None
    parsed = next((p for p in map(parse_name, names) if p.surname), None)
    if parsed is None:
        return None  # a title or a patronymic alone names nobody
    if parsed.given and ("-" in parsed.printed or len(parsed.given) > 1):
        # The same words of a name, however split or hyphenated ("Kim Yo-Jong", "Kim Yo
        # Jong"): one person, though their surnames read apart.
        same = list(Person.objects.filter(key=parsed.key, merged_into__isnull=True)[:2])
        if len(same) == 1:
            for name in names:
                if name != same[0].name:
                    same[0].add_alias(name)
            return same[0]
    scored = resemblances(parsed)
    known = {p.pk: theirs for p, _, _, theirs in scored}  # their names and aliases
    scored = [(p, doubt, same_surname) for p, doubt, same_surname, _ in scored]
    person, doubts = None, []
    if not parsed.given:
        namesakes = [p for p, _, same_surname in scored if same_surname]
        if len(namesakes) == 1:
            person = namesakes[0]
        else:
            n = len(namesakes)
            doubts = [
                (p, Likeness(False, 0.6, f"surname alone; {n} people share it")) for p in namesakes
            ] + [(p, doubt) for p, doubt, same_surname in scored if not same_surname]
    else:
        sure = [p for p, doubt, _ in scored if doubt.sure]
        if sure:
            person = sure[0]
        else:
            doubts = [(p, doubt) for p, doubt, _ in scored]

    if person is None:
        person = _corroborated(doubts, speaker, units=units)
    if person is None:
        person = Person.objects.create(name=parsed.display, description=speaker.description[:500])
        # A new person has no suggestions yet, and `doubts` names each candidate once.
        PersonMergeSuggestion.objects.bulk_create(
            PersonMergeSuggestion(
                person=person,
                candidate=other,
                score=doubt.score,
                reason=doubt.reason[:300],
                article=article,
            )
            for other, doubt in sorted(doubts, key=lambda d: -d[1].score)[:MAX_SUGGESTIONS]
        )
    elif not person.description and speaker.description:
        person.description = speaker.description[:500]
        person.save(update_fields=["description"])
    for name in names:
        if name not in known.get(person.pk, ()):
            person.add_alias(name)
    return person


def _corroborated(doubts, speaker: Speaker, *, units: dict | None = None) -> Person | None:
    """The one doubtful namesake (a surname alone or in another case, a first name spelt
    alike; not another first name) who serves in a unit this article states for the speaker:
    "according to Marchuka, spokesman of the Northern Group" is the Northern Group's Marchuk."""
    stated = [u for u in (known_unit(name, memo=units) for name in speaker.units) if u]
    if not stated:
        return None
    fits = {
        other.pk: other
        for other, doubt in doubts
        if doubt.score >= CORROBORATED_LIKENESS
        and other.memberships.filter(unit__in=stated).exists()
    }
    return next(iter(fits.values())) if len(fits) == 1 else None


# A doubt at least this likely (a surname alone or in another case, not another first name)
# becomes a sure match when the article puts the speaker in the same unit.
CORROBORATED_LIKENESS = 0.6

# No more suggestions than this for one new person: past it, the name is too common to help.
MAX_SUGGESTIONS = 5


def resemblances(parsed) -> list[tuple[Person, Likeness, bool, list[str]]]:
    """Each live person whose name or an alias may be `parsed`'s, with the best likeness,
    whether one of their names has the same surname, and their name and aliases; oldest
    first.

    The surnames holding the first letters of its own (stem) are read from the Surname table
    and those alike to it kept; only the people who have one are read, with their aliases."""
    key = parsed.surname_key
    with connection.cursor() as cursor:
        cursor.execute(_surnames_sql(), [f"%{surname_stem(key)[:4]}%"])  # a folded key: letters
        surnames = [found for (found,) in cursor.fetchall() if surnames_alike(key, found)]
        if not surnames:
            return []
        cursor.execute(_candidates_sql(len(surnames)), surnames * 2)
        rows = cursor.fetchall()
    columns = [f.attname for f in Person._meta.concrete_fields]
    pk_at, name_at, surname_at = map(columns.index, ("id", "name", "surname_key"))
    people = {}  # id -> (row, their names and aliases with their surnames), oldest first
    for *row, alias, alias_surname in rows:
        _, names = people.setdefault(row[pk_at], (row, [(row[name_at], row[surname_at])]))
        if alias is not None:
            names.append((alias, alias_surname))
    found = []
    for row, names in people.values():
        # Only a name whose surname is alike (the same, another form of it, spelt a little
        # differently) may resemble: the others are passed over before being read whole.
        alike = [name for name, surname in names if surnames_alike(key, surname)]
        likenesses = [lk for lk in (_likeness(parsed.printed, n) for n in alike) if lk]
        if likenesses:
            best = max(likenesses, key=lambda lk: (lk.sure, lk.score))
            same_surname = any(surname == key for _, surname in names)
            person = Person.from_db(Person.objects.db, columns, row)
            found.append((person, best, same_surname, [name for name, _ in names]))
    return found


@functools.cache
def _surnames_sql() -> str:
    """The surnames that hold a pattern: LIKE '%...%' on a short table (a trigram index on
    PostgreSQL), however many people share each."""
    q = connection.ops.quote_name
    return f"SELECT {q('key')} FROM {q(Surname._meta.db_table)} WHERE {q('key')} LIKE %s"  # noqa: S608


@functools.cache
def _candidates_sql(surnames: int) -> str:
    """The live people whose surname or an alias's surname (their folded `surname_key`) is
    one of `surnames` given (twice), the first 200 by id, each with all their columns and
    one row per alias (the alias's name and surname, or NULLs for none), by id and alias.
    Two lookups by the indexes on the surnames in one UNION of whole rows, rather than one
    OR across the alias join, which reads every person and alias, or a UNION of ids whose
    rows are then read again. Written out once for each number of surnames, for both
    databases: the query runs for every speaker an import meets who has namesakes, and
    Django took longer to compile it than the database took to run it. Not one statement for
    any number (verbatim.sql): PostgreSQL plans `= ANY(array)` again at every call rather
    than reuse a plan, 0.53 against 0.28 ms a lookup on the bench archive."""
    q = connection.ops.quote_name
    person, alias = q(Person._meta.db_table), q(PersonAlias._meta.db_table)
    columns = [q(f.column) for f in Person._meta.concrete_fields]
    pk, key, merged, name = map(q, ("id", "surname_key", "merged_into_id", "name"))
    among = f"IN ({', '.join(['%s'] * surnames)})"
    return (
        f"SELECT {', '.join(f'c.{c}' for c in columns)}, a.{name}, a.{key} FROM ("  # noqa: S608
        f"SELECT * FROM ("
        f"SELECT {', '.join(columns)} FROM {person} "
        f"WHERE {key} {among} AND {merged} IS NULL "
        f"UNION SELECT {', '.join(f'o.{c}' for c in columns)} FROM {alias} l "
        f"JOIN {person} o ON o.{pk} = l.{q('person_id')} "
        f"WHERE l.{key} {among} AND o.{merged} IS NULL"
        f") u ORDER BY {pk} LIMIT 200) c "
        f"LEFT JOIN {alias} a ON a.{q('person_id')} = c.{pk} "
        f"ORDER BY c.{pk}, a.{name}"
    )


# A common surname brings back up to 200 candidates, whose names recur from speaker to speaker
# and article to article: what is read from two names is remembered, by the names.


@functools.lru_cache(maxsize=1 << 16)
def _parsed(name: str) -> ParsedName:
    return parse_name(name)  # shared: read, never changed


@functools.lru_cache(maxsize=1 << 16)
def _likeness(printed: str, theirs: str) -> Likeness | None:
    return likeness(_parsed(printed), _parsed(theirs))


@functools.lru_cache(maxsize=4096)
def _plain(name: str) -> str:
    words = [spell(w) for w in name.split()]
    return " ".join(w for w in words if w and w != "the")


def outlet_names(article=None, names=None) -> set[str]:
    """Every outlet's name (the article's own too) as `is_institution` compares them: read
    once for all the speakers of an article (`names`: the outlets' names, read already)."""
    if names is None:
        names = Outlet.objects.values_list("name", flat=True)
    plain = set(map(_plain, names))
    if article is not None and article.outlet_id:
        plain.add(_plain(article.outlet.name))
    return plain


def institutions(article, speakers) -> tuple[set[str], set[str]]:
    """What `is_institution` compares an article's `speakers` (their names) with, read once
    for them all in one query: `outlet_names(article)`, and the keys of the units called by
    one of the names."""
    if not speakers:
        return set(), set()
    outlets = Outlet.objects.order_by().values_list(Value("outlet"), "name")
    keys = {unit_key(name) for name in speakers}
    units = Unit.objects.order_by().filter(key__in=keys).values_list(Value("unit"), "key")
    found = defaultdict(list)
    for kind, name in outlets.union(units, all=True):
        found[kind].append(name)
    return outlet_names(article, found["outlet"]), set(found["unit"])


def is_institution(
    name: str, *, article=None, outlets: set[str] | None = None, unit_keys: set[str] | None = None
) -> bool:
    """Whether `name` is an outlet's (the article's own or any in the archive) or a unit's:
    a source quoted by its name, not a person. `outlets` and `unit_keys` are what
    `institutions` reads for the names it may be, when the caller has them."""
    plain = _plain(name)
    if not plain:
        return False
    if plain in (outlet_names(article) if outlets is None else outlets):
        return True
    if unit_keys is not None:
        return unit_key(name) in unit_keys
    return Unit.objects.filter(key=unit_key(name)).exists()


def credit(quotation: Quotation, speakers: dict[str, Speaker], people: dict) -> dict:
    """The fields of an Printing saying whom this article credits: the person, or the
    description of an unnamed speaker or institution, and the rank and role it prints."""
    person = people.get(quotation.speaker) if quotation.speaker else None
    speaker = speakers.get(quotation.speaker) if quotation.speaker else None
    title = ", ".join(t for t in (speaker.rank, speaker.role) if t) if speaker else ""
    description = "" if person else (quotation.speaker_description or quotation.speaker or "")
    return {
        "person": person,
        "speaker_description": description[:300],
        "speaker_title": title[:300],
        "confidence": quotation.confidence,
        "doubt": doubt_of(quotation, speaker if person else None)[:300],
        "alternatives": quotation.alternatives,
    }


def doubt_of(quotation: Quotation, speaker: Speaker | None) -> str:
    """Why the machine is unsure of whom a quotation is credited to, or of their unit: ''
    when it is sure, and the statement may then be published without review."""
    reasons = [quotation.doubt] if quotation.doubt else []
    if speaker is not None:
        reasons += [f"{unit}: {why}" for unit, why in speaker.unit_doubts.items()]
    return "; ".join(reasons)


def described(quotation: Quotation, people: dict) -> Quotation:
    """A quotation whose named speaker is no person (an outlet, a unit) keeps the name as its
    speaker's description, as a quote from an institution does."""
    if quotation.speaker and people.get(quotation.speaker) is None:
        return replace(quotation, speaker=None, speaker_description=quotation.speaker)
    return quotation


SMALL_WORDS = {"of", "the", "and", "for", "in", "on", "at", "de", "du", "von"}


def unit_title(name: str) -> str:
    """A unit's name in title case, as unit names are written ("12th separate engineer
    brigade" -> "12th Separate Engineer Brigade"); words already capitalised are kept."""
    words = name.split()
    return " ".join(
        w if (i and w in SMALL_WORDS) or not w[:1].islower() else w[:1].upper() + w[1:]
        for i, w in enumerate(words)
    )


def known_unit(printed_name: str, *, memo: dict | None = None) -> Unit | None:
    """The archive's unit for a name as printed, if it has one (nothing is created).

    `memo` (a dict an import keeps for one article) remembers the answers by key, so that a
    unit the article names twice, or names for a speaker and then for their membership, is
    looked up once; unit_for empties it when it creates a unit, which may change them."""
    key = unit_key(clean_name(printed_name))
    if memo is not None and key in memo:
        return memo[key]
    unit = Unit.objects.filter(key=key).first() or _unit_by_qualifiers(key)
    if memo is not None:
        memo[key] = unit
    return unit


def unit_for(printed_name: str, *, memo: dict | None = None) -> Unit:
    """The archive's unit for a name as printed; spelling variants fold into one unit, and so
    does a name printed with fewer or more qualifiers ("47th Regiment", "47th Aviation
    Regiment") when exactly one unit of that number and kind fits. `memo`: see known_unit."""
    name = clean_name(printed_name)
    unit = known_unit(name, memo=memo)
    if unit is None:
        unit = Unit.objects.create(name=unit_title(name))
        if memo is not None:
            memo.clear()
    if name != unit.name and name not in unit.aliases:
        unit.aliases = [*unit.aliases, name]
        fields = ["aliases"]
        longer = own_name(name) and len(unit_key(name).split()) > len(unit.key.split())
        if longer or (_QUOTED.search(name) and not _QUOTED.search(unit.name)):
            # The fullest form names the unit: "Eastern Group of Forces", not "Eastern Group";
            # '164th Brigade "Zhuravel"', not "164th Brigade".
            unit.name, unit.aliases = unit_title(name), [*unit.aliases[:-1], unit.name]
            fields += ["name", "key"]
        unit.save(update_fields=fields)
        if memo is not None and "key" in fields:
            memo.clear()
    return unit


def _unit_by_qualifiers(key: str) -> Unit | None:
    """The one unit with the same number and unit noun whose other words hold this name's,
    or are held by them; None when none or several fit."""
    tokens = key.split()
    if own_name(key):
        return _unit_by_own_name(key)
    if len(tokens) < 2 or not tokens[0].isdigit():
        return None
    words = set(tokens)
    fits = []
    for unit in Unit.objects.filter(key__startswith=f"{tokens[0]} ", key__endswith=tokens[-1]):
        # The unit's own name only: a shorter alias would bridge to units it is not.
        other = set(unit.key.split())
        if words <= other or other <= words:
            fits.append(unit)
    return fits[0] if len(fits) == 1 else None


# A unit's name in quotation marks: '164th Brigade "Zhuravel"'.
_QUOTED = re.compile(r"[\"“«][^\"”»]+[\"”»]")


def _unit_by_own_name(key: str) -> Unit | None:
    """The one unit with no number that has this name's own words, printed longer or shorter
    or spelt otherwise ("Eastern Group", "East Grouping of Forces"); None when none or several
    fit."""
    # The longest own word, cut to its first letters: the spellings differ further on.
    longest = max(own_name(key), key=len)
    stem = next(t for t in key.split() if _fold_unit_word(t) == longest)[:4]
    fits = [
        unit for unit in Unit.objects.filter(key__contains=stem) if same_named_unit(unit.key, key)
    ]
    return fits[0] if len(fits) == 1 else None


def _fold_unit_word(token: str) -> str:
    return next(iter(own_name(token)), "")


def valid(quotation: Quotation, body: str) -> bool:
    """The extractor's offsets must cut exactly its text out of the body."""
    if not quotation.segments or not quotation.text.strip():
        return False
    pieces = [body[s:e] for s, e in quotation.segments]
    return "\n".join(pieces) == quotation.text and all(
        0 <= s < e <= len(body) for s, e in quotation.segments
    )


def statements(quotations: list[Quotation]) -> list[list[Quotation]]:
    """Quotations grouped by the statement the extractor says they belong to, in order."""
    groups: dict[int, list[Quotation]] = {}
    for quotation in quotations:
        groups.setdefault(quotation.statement, []).append(quotation)
    return list(groups.values())


@transaction.atomic(savepoint=False)  # within the article's own, as one: no savepoint to write
def import_extraction(
    *, article, extraction: Extraction, publish: bool = False, user=None, keep=(), new=False
) -> None:
    """Store the article's quotations, linking each statement to the quote it repeats.

    Unless `publish` (an editor's import, or one run with --publish, by `user`), what the
    machine found waits for review: new quotes are suggested, and a new printing of a
    published quote becomes a suggested quote with a sure merge suggestion into it. With
    `publish`, so does every statement the machine is unsure of (a printing with a doubt:
    doubt_of), which waits with the reason and the alternatives on its printings.

    `keep` are printings of this article an archivist has curated (when it is read again):
    quotations overlapping one of them are not stored again.

    `new`: the article was stored a moment ago in this transaction (article_archived is sent
    so), which holds the import lock: nothing of it is stored yet, and no lock is needed."""
    if not new:
        one_import_at_a_time()  # the callers take it first in their transactions: see there
        if article.printings.exclude(pk__in=[a.pk for a in keep]).exists():
            return  # already imported: importing again changes nothing
    # Read before any unit is made below, and no person_for makes one.
    outlets, unit_keys = institutions(article, [s.name for s in extraction.speakers.values()])
    units = {}  # known_unit's answers for this article
    people = {
        name: person_for(
            speaker, article=article, outlets=outlets, units=units, unit_keys=unit_keys
        )
        for name, speaker in extraction.speakers.items()
    }
    for name, speaker in extraction.speakers.items():
        if people[name] is None:
            continue
        for printed in speaker.units:
            Membership.objects.get_or_create(
                person=people[name],
                unit=unit_for(printed, memo=units),
                article=article,
                defaults={
                    "rank": speaker.rank[:100],
                    "role": speaker.role[:200],
                    "doubt": speaker.unit_doubts.get(printed, "")[:300],
                },
            )

    # A headline printed only in the title has no place in the body to point at.
    in_body = [q for q in extraction.quotations if not getattr(q, "in_title", False)]
    quotations = [described(q, people) for q in in_body if valid(q, article.body)]
    dropped = len(in_body) - len(quotations)
    if dropped:
        logger.warning("article %s: %d quotations with bad offsets dropped", article.pk, dropped)

    # Whom the article credits is read from its text, so a curated printing gets the new
    # reading of it too; whether that contradicts its quote is the archivist's to settle.
    kept_at = {a.start: a for a in keep}
    for quotation in quotations:
        if quotation.start in kept_at:
            printing = kept_at[quotation.start]
            fields = credit(quotation, extraction.speakers, people)
            for name, value in fields.items():
                setattr(printing, name, value)
            printing.save(update_fields=list(fields))
            record_conflicts(quote=printing.quote, printings=[printing])

    to_publish = []  # the statements the machine is sure of, published with `publish`
    # Quotes whose derived data wait to be refreshed together (lifecycle.refresh_all), before
    # anything that reads or changes them again: linking a later statement to a quote already
    # in the archive, publishing, returning.
    pending = []
    # New quotes and the printings of every statement wait to be written together, in one
    # insert each (quotes, their history and suggestions; printings, their history, their
    # fingerprints), until something could read them: matching a later statement that shares
    # a fingerprint key with an older quote's printings among them, or that prints a new
    # quote's words again (`repeats_held`: the only way a later statement of the article
    # joins a new quote), comparing a later statement with an older quote they are printings
    # of (`reading`), refreshing or changing their quotes.
    unwritten = []  # (quote, person, printings, their keys, whether the quote is new)
    # The keys of the held-back printings of older quotes, which a later statement may
    # repeat; and, for each key, the held-back new quotes (their places in `unwritten`) that
    # print it, which a later statement repeats only by printing their words again or theirs
    # its own (see made_here). A key more of them print is too common to tell by.
    unwritten_keys = set()
    held = defaultdict(list)
    suggestions = []  # the new quotes' MergeSuggestions
    # The quotes this article's earlier statements made: a later statement is another one
    # (the extraction told them apart) unless it prints their words again whole. So the cost
    # of a statement stays bounded whatever the article: 700 look-alike sentences of one
    # speaker do not grow into one quote that every next sentence is compared with.
    made_here = set()

    def write_printings():
        if not unwritten:
            return
        quotes = [quote for quote, *_, created in unwritten if created]
        if quotes:
            Quote.objects.bulk_create(quotes)
            made_here.update(quote.pk for quote in quotes)
            # No reason given, as save() records it (bulk_history_create's default is "").
            Quote.history.bulk_history_insert(quotes, default_change_reason=None)
            MergeSuggestion.objects.bulk_create(suggestions)
            suggestions.clear()
        printings = [a for _, _, group, _, _ in unwritten for a in group]
        for printing in printings:
            printing.copy_article_fields()  # as save() would; bulk_create calls no save()
        Printing.objects.bulk_create(printings)
        # No reason given, as save() records it (bulk_history_create's default is "").
        Printing.history.bulk_history_insert(printings, default_change_reason=None)
        index_printings(
            printings, unindexed=True, keys=[k for *_, keys, _ in unwritten for k in keys]
        )
        # An older quote's printings in the article, with those an earlier statement or an
        # archivist gave it here, as when each statement's printings were written in turn: a
        # later one's are theirs to check, with their own speaker. Read once for them all.
        older = [(quote, group) for quote, _, group, _, created in unwritten if not created]
        here = defaultdict(list)
        if any(quote.person_id for quote, _ in older):
            last = max(group[-1].pk for _, group in older)
            ids = {quote.pk for quote, _ in older if quote.person_id}
            for printing in article.printings.filter(quote__in=ids, pk__lte=last):
                here[printing.quote_id].append(printing)
        for quote, person, group, _, created in unwritten:
            if created:  # its printings in the article are these
                printed = sorted(group, key=lambda a: a.start)
            else:
                printed = [a for a in here[quote.pk] if a.pk <= group[-1].pk]
            record_conflicts(quote=quote, printings=printed, person=person)
        unwritten.clear()
        unwritten_keys.clear()
        held.clear()
        pagecache.changed()  # bulk_create sends no post_save

    def repeats_held(group, keys):
        # Whether the statement prints again a held-back new quote's words, or it the
        # statement's: then it is written, for find_matches to find.
        shared = Counter(
            place
            for key in set().union(*keys)
            if len(held.get(key, ())) <= HELD_POSTINGS
            for place in held.get(key, ())
        )
        new = [s for q in group for s in sentence_list(q.text)]
        for place, count in shared.items():
            if count >= MIN_SHARED_KEYS:
                old = [s for a in unwritten[place][2] for s in sentence_list(a.text)]
                if printed_again(new, old):
                    return True
        return False

    def reading(quote_ids):
        # A later statement is compared with every printing of the older quotes it may repeat:
        # whether any was held back, and is written now (find_matches reads them again).
        if any(quote.pk in quote_ids for quote, *_, created in unwritten if not created):
            write_printings()
            return True
        return False

    def refresh_pending(needed=None):
        # Only when one of the `needed` quotes waits: the others are not read or changed.
        if needed is None or {q.pk for q in needed} & {q.pk for q in pending}:
            write_printings()
            # Each quote once (the last object of it: the statements that linked to it
            # after another gave it its printings hold one each).
            lifecycle.refresh_all(list({quote.pk: quote for quote in pending}.values()))
            pending.clear()

    taken = set()
    kept = [(a.start, a.end) for a in keep]
    for group in statements(quotations):
        group = [
            q
            for q in group
            if q.start not in taken and not any(s < q.end and q.start < e for s, e in kept)
        ]
        if not group:
            continue
        taken.update(q.start for q in group)
        keys = [fingerprint_keys(q.text) for q in group]
        if any(not unwritten_keys.isdisjoint(k) for k in keys) or repeats_held(group, keys):
            write_printings()
        person = people.get(group[0].speaker) if group[0].speaker else None
        quote, created, suggested = link_statement(
            group,
            person=person,
            publish=publish,
            before=refresh_pending,
            reading=reading,
            article=article,
            apart=made_here,
        )
        suggestions.extend(suggested)
        printings = [
            Printing(
                quote=quote,
                article=article,
                text=quotation.text,
                start=quotation.start,
                end=quotation.end,
                segments=[list(s) for s in quotation.segments],
                attribution=quotation.attribution[:500],
                **credit(quotation, extraction.speakers, people),
            )
            for quotation in group
        ]
        unwritten.append((quote, person, printings, keys, created))
        if created:
            for key in set().union(*keys):
                if len(held[key]) <= HELD_POSTINGS:
                    held[key].append(len(unwritten) - 1)
        else:
            unwritten_keys.update(*keys)
        pending.append(quote)
        # Only what the machine is sure of is published unreviewed: a statement one of whose
        # printings it is sure credits the quote's speaker. The rest waits, with its doubt.
        speaker = extraction.speakers.get(group[0].speaker) if person else None
        sure = not any(doubt_of(q, speaker) for q in group)
        if sure and quote.person_id == (person.pk if person else None):
            to_publish.append(quote)
    refresh_pending()
    if publish:
        lifecycle.publish(to_publish, user=user, note="imported for publication")


def link_statement(
    group: list[Quotation],
    *,
    person,
    publish: bool,
    before=None,
    reading=None,
    article=None,
    apart=frozenset(),
) -> tuple[Quote, bool, list[MergeSuggestion]]:
    """The quote this statement repeats (merging quotes it shows to be one), or a new,
    suggested one; whether it is new; and a new quote's suggestions. A new quote and its
    suggestions are not saved yet: the caller writes them, with its printings.

    A quote keeps its person when an outlet credits the same words to someone else (the
    caller records the conflict); a quote with no person takes the new printing's.
    `before` is called with the quotes already in the archive this statement repeats
    before any of them is changed (merged or given a speaker), and
    `reading` with the ids of the quotes it may repeat before their printings are compared,
    and `apart` are the quotes it is surely not (see find_matches). A new
    quote is made with what its refresh would derive from its printings in `article` (the
    only ones it has), so that the refresh finds nothing to write."""
    texts = [q.text for q in group]
    candidates = choose_candidates(texts)
    if candidates.ids and reading is not None and reading(candidates.ids):
        candidates = candidates.read_again()
    sure, possible = find_matches(texts, person=person, apart=apart, candidates=candidates)
    if sure:
        # Only a quote that is merged or given a speaker needs `before`: a quote that just
        # gains a printing is refreshed with the others later, once.
        ready = before is None

        def changing():
            nonlocal ready
            if not ready:
                before(sure)
                ready = True

        quote = sure[0]
        covered = set(quote.found_sentences)
        for other in sure[1:]:
            # Two quotes are shown to be one statement by a printing that holds them both,
            # each of its sentences found in one of them; a quote that holds only sentences
            # found already is just alike (look-alike sentences of one speaker), not joined.
            if other.found_sentences <= covered:
                continue
            covered |= other.found_sentences
            if other.person_id in (None, quote.person_id) or quote.person_id is None:
                changing()
                quote = lifecycle.merge(
                    source=other, target=quote, note="one statement, as a new printing shows"
                )
        if quote.is_public and not publish:
            possible = [(quote, 1.0)]  # the new printing waits for review beside it
        else:
            if quote.person_id is None and person is not None:
                changing()
                quote = lifecycle.change_speaker(
                    quote, person=person, note="named by a newly imported printing"
                )
            return quote, False, []
    derived = {}
    if article is not None:
        in_order = sorted(group, key=lambda q: q.start)
        derived = {
            "text": canonical_text([[q.text for q in in_order]]),
            "first_published": article.published,
            "reach": 1 if article.outlet_id else 0,
        }
    quote = Quote(
        **{"text": group[0].text, **derived},
        person=person,
        speaker_description="" if person else group[0].speaker_description[:300],
    )
    # A new quote has no suggestions yet, and `possible` names each candidate once.
    suggested = [
        MergeSuggestion(quote=quote, candidate=candidate, score=score)
        for candidate, score in possible
    ]
    return quote, True, suggested
