"""The archive's person for a speaker an article names: a sure match joins them, a doubtful
one makes a new person and merge suggestions, and an outlet or a unit is nobody."""

import functools
from collections import defaultdict

from django.db import connection
from django.db.models import Value

from archive.models import Outlet
from archive.romanise import is_cyrillic
from archive.text import clean_name

from ..extraction import Speaker
from ..extraction.units import unit_key
from ..models import Person, PersonAlias, PersonMergeSuggestion, Surname, Unit
from ..names import Likeness, ParsedName, likeness, parse_name, spell, surname_stem, surnames_alike
from .units import known_unit


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
    same = _same_words(parsed, names)
    if same is not None:
        return _named_in_latin(same, names)
    scored = resemblances(parsed)
    known = {p.pk: theirs for p, _, _, theirs in scored}  # their names and aliases
    person, doubts = _surely_theirs(parsed, [(p, doubt, alike) for p, doubt, alike, _ in scored])
    if person is None:
        person = _corroborated(doubts, speaker, units=units)
    if person is None:
        person = _new_person(parsed, speaker, doubts, article=article)
    elif not person.description and speaker.description:
        person.description = speaker.description[:500]
        person.save(update_fields=["description"])
    for name in names:
        if name not in known.get(person.pk, ()):
            person.add_alias(name)
    return _named_in_latin(person, names)


def _named_in_latin(person: Person, names: list[str]) -> Person:
    """`person`, called by the first of `names` printed in Latin letters where their name is
    in Cyrillic and that name is as full (a surname alone does not replace a whole name):
    the archive is read in Latin letters, and the Cyrillic name stays one of their aliases.
    The slug, and with it the page's address, stays as it was."""
    if not is_cyrillic(person.name):
        return person
    full = bool(parse_name(person.name).given)
    for name in names:
        parsed = parse_name(name)
        if is_cyrillic(name) or not parsed.surname or (full and not parsed.given):
            continue
        cyrillic, person.name = person.name, parsed.display
        person.save(update_fields=["name"])
        PersonAlias.objects.filter(person=person, name=person.name).delete()
        person.add_alias(cyrillic)
        break
    return person


def _same_words(parsed: ParsedName, names: list[str]) -> Person | None:
    """The one person whose name has the same words as a name of several given names,
    however split or hyphenated ("Kim Yo-Jong", "Kim Yo Jong"): one person, though their
    surnames read apart. The `names` printed become their aliases."""
    if not (parsed.given and ("-" in parsed.printed or len(parsed.given) > 1)):
        return None
    same = list(Person.objects.filter(key=parsed.key, merged_into__isnull=True)[:2])
    if len(same) != 1:
        return None
    for name in names:
        if name != same[0].name:
            same[0].add_alias(name)
    return same[0]


def _surely_theirs(
    parsed: ParsedName, scored: list[tuple[Person, Likeness, bool]]
) -> tuple[Person | None, list[tuple[Person, Likeness]]]:
    """The person the name is surely among those it resembles (`scored`: each with its
    likeness and whether they have the same surname), else None and the doubtful ones with
    theirs. A surname alone is surely the one person of that surname; a fuller name, a
    person whose likeness is sure."""
    if not parsed.given:
        namesakes = [p for p, _, same_surname in scored if same_surname]
        if len(namesakes) == 1:
            return namesakes[0], []
        n = len(namesakes)
        return None, [
            (p, Likeness(False, 0.6, f"surname alone; {n} people share it")) for p in namesakes
        ] + [(p, doubt) for p, doubt, same_surname in scored if not same_surname]
    sure = [p for p, doubt, _ in scored if doubt.sure]
    if sure:
        return sure[0], []
    return None, [(p, doubt) for p, doubt, _ in scored]


def _new_person(parsed: ParsedName, speaker: Speaker, doubts, *, article) -> Person:
    """A new person for a name no one in the archive surely has, suggested for merging into
    each of the MAX_SUGGESTIONS people it most likely is."""
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
