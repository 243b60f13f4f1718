"""The quotes a statement may repeat: chosen by the rarer keys they share with it, reading no
key further than COMMON_KEY_POSTINGS printings, then read with their printings' words."""

import re
from functools import lru_cache
from typing import NamedTuple

from django.db import connection
from django.db.models import F
from django.db.models.expressions import RawSQL
from django.db.models.sql.compiler import SQLCompiler

from ..models import Fingerprint, Printing, Quote
from .index import MIN_SHARED_KEYS, fingerprint_keys, short_pairs
from .sentences import Sentence, sentence_list

MAX_CANDIDATES = 20
# The printings of its candidate quotes read for one statement at most, in their order: what
# the comparing (lookup.MAX_COMPARED_SENTENCES) could use of them, whatever one quote has
# gathered.
MAX_CANDIDATE_PRINTINGS = 400
# A key printed in more printings than this is too common to pick candidates by.
COMMON_KEY_POSTINGS = 500
# No more keys than this are looked up in one query (SQLite allows 500 terms in a compound
# SELECT); a longer statement is looked up by its rarest.
MAX_LOOKUP_KEYS = 200


def _postings(keys) -> dict[int, int]:
    """How many printings carry each of `keys` (those carried by none left out), counted no
    further than COMMON_KEY_POSTINGS + 1: each count reads at most that many entries of the
    primary key's index, so a common key costs what a rare one does however large the
    archive grows. This is the index's key-frequency table, kept by the index itself. On
    PostgreSQL one statement counts them all (POSTINGS_SQL); elsewhere a UNION ALL of counts,
    MAX_LOOKUP_KEYS at a time."""
    keys = sorted(keys)
    limit = COMMON_KEY_POSTINGS + 1
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(POSTINGS_SQL, [keys, limit])
            return dict(cursor.fetchall())
        table, column = map(connection.ops.quote_name, (Fingerprint._meta.db_table, "key"))
        found = {}
        for first in range(0, len(keys), MAX_LOOKUP_KEYS):
            chunk = keys[first : first + MAX_LOOKUP_KEYS]
            counts = " UNION ALL ".join(
                # Only the table's and column's quoted names are formatted in.
                f"SELECT %s, (SELECT COUNT(*) FROM (SELECT 1 FROM {table} WHERE {column} = %s "  # noqa: S608
                "LIMIT %s) c)"
                for _ in chunk
            )
            cursor.execute(counts, [p for k in chunk for p in (k, k, limit)])
            found.update((key, n) for key, n in cursor.fetchall() if n)
    return found


class Postings:
    """The postings of fingerprint keys as `_postings` counts them, read for many statements
    at once: an import reads those of all its article's statements in a query or a few,
    where each statement's lookup read its own. A statement none of whose keys any printing
    carries has no candidates, and is looked up no further. The counts stay true while the
    index changes only by the printings `indexed` tells of (an import writes its article's;
    nothing of the import deletes one); a key not read yet is read when asked."""

    def __init__(self):
        self.counts: dict[int, int] = {}

    def read(self, keys) -> None:
        """Read the postings of those of `keys` not read yet."""
        missing = sorted(set(keys).difference(self.counts))
        if not missing:
            return
        self.counts.update(dict.fromkeys(missing, 0))
        self.counts.update(_postings(missing))

    def of(self, keys) -> dict[int, int]:
        """`_postings(keys)`: the keys some printing carries, with their counts."""
        self.read(keys)
        return {key: self.counts[key] for key in keys if self.counts[key]}

    def indexed(self, keys: list[list[int]]) -> None:
        """Printings were indexed, each by its `keys` (each key once, as fingerprint_keys
        gives them): one more posting of each, counted no further than `_postings` does."""
        for key in (k for its_keys in keys for k in its_keys if k in self.counts):
            self.counts[key] = min(self.counts[key] + 1, COMMON_KEY_POSTINGS + 1)


# (PostgreSQL) `_postings` of any number of keys in one statement, those carried by none left
# out.
POSTINGS_SQL = """
SELECT k.key, c.n FROM unnest(%s::integer[]) AS k(key) CROSS JOIN LATERAL (
    SELECT COUNT(*) AS n FROM (
        SELECT 1 FROM quotes_fingerprint f WHERE f.key = k.key LIMIT %s
    ) p
) c WHERE c.n > 0
"""


def _chosen(keys: set[int], texts: list[str], postings=None) -> list[int]:
    """The ids of the quotes whose printings share the most keys with `texts` (at least
    MIN_SHARED_KEYS of them, or as many as a short text has), the first MAX_CANDIDATES by the
    most one printing shares (ties: the one printed last first)."""
    # Keys that many printings share ("we will not") say little about which quote this
    # is; counting only the rarer ones keeps the true match at the top of the list as the
    # archive grows. When too few are rare, the rarest common ones are read as well, each
    # no further than its newest COMMON_KEY_POSTINGS + 1 printings. A printing of
    # MIN_SHARED_KEYS stem pairs or more is indexed by them alone, so a short text (a
    # headline, a clause) finds it by its one pair.
    best = {}
    for quote, shared in _shared(keys, short_pairs(texts), postings):
        best[quote] = max(best.get(quote, 0), shared)
    return sorted(best, key=best.get, reverse=True)[:MAX_CANDIDATES]


def _shared(keys: set[int], short: list[int], postings=None) -> list[tuple[int, int]]:
    """(quote id, keys shared) of the printings sharing the most of the rarer `keys`, the
    most first, in two queries: the keys' postings counted (unless given), then the rarer
    ones read. A key of `short` (a short text's pairs) among the rarer ones is enough
    alone."""
    if postings is None:
        postings = _postings(keys)
    by_rarity = sorted(postings, key=lambda k: (postings[k], k))
    rare = [k for k in by_rarity if postings[k] <= COMMON_KEY_POSTINGS][:MAX_LOOKUP_KEYS]
    if len(rare) < MIN_SHARED_KEYS:
        rare = by_rarity[: MIN_SHARED_KEYS * 4]
    if not rare:
        return []
    least = 1 if set(short) & set(rare) else min(MIN_SHARED_KEYS, len(rare))
    table, column = map(connection.ops.quote_name, (Fingerprint._meta.db_table, "key"))
    read = " UNION ALL ".join(
        f"SELECT * FROM (SELECT printing_id FROM {table} WHERE {column} = %s "  # noqa: S608
        "ORDER BY printing_id DESC LIMIT %s) p"
        for _ in rare
    )
    printings = connection.ops.quote_name(Printing._meta.db_table)
    sql = (
        f"SELECT a.quote_id, s.shared FROM (SELECT printing_id, COUNT(*) AS shared "  # noqa: S608
        f"FROM ({read}) r GROUP BY printing_id HAVING COUNT(*) >= %s "
        "ORDER BY COUNT(*) DESC, printing_id DESC LIMIT %s) s "
        f"JOIN {printings} a ON a.id = s.printing_id "
        # Quotes sharing as many keys: the one printed last first, whatever the join does.
        "ORDER BY s.shared DESC, s.printing_id DESC"
    )
    params = [p for k in rare for p in (k, COMMON_KEY_POSTINGS + 1)]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, least, MAX_CANDIDATES * 5])
        return cursor.fetchall()


# What `_chosen` does, in one statement over an array of keys, a subquery of the query
# reading the candidates (`_found_candidates_query`): one round trip, where `_shared`'s two
# queries of a subquery or two per key took longer to plan than to run, and the candidates
# were read by a third. `counted` reads no key further than COMMON_KEY_POSTINGS + 1 entries
# of the primary key's index, as `shared` reads no chosen key further; `chosen` keeps the
# rarest keys by `_shared`'s rules, and `least` is how many of them a printing must share.
# Then each quote with the most keys one of its printings shares, the first MAX_CANDIDATES
# in `_chosen`'s order.
CHOSEN_SQL = """
WITH counted AS (
    SELECT k.key, c.n FROM unnest(%(keys)s::integer[]) AS k(key) CROSS JOIN LATERAL (
        SELECT COUNT(*) AS n FROM (
            SELECT 1 FROM quotes_fingerprint f WHERE f.key = k.key LIMIT %(cap)s
        ) p
    ) c
), ranked AS (
    SELECT key, n, row_number() OVER (ORDER BY n, key) AS rarity,
        COUNT(*) FILTER (WHERE n <= %(common)s) OVER () AS rare
    FROM counted WHERE n > 0
), chosen AS (
    SELECT key FROM ranked
    WHERE rarity <= CASE WHEN rare >= %(min_shared)s THEN LEAST(rare, %(max_keys)s)
        ELSE %(fallback)s END
), least AS (
    SELECT CASE WHEN bool_or(key = ANY(%(short)s::integer[])) THEN 1
        ELSE LEAST(%(min_shared)s, COUNT(*)) END AS n
    FROM chosen
), shared AS (
    SELECT p.printing_id, COUNT(*) AS shared
    FROM chosen CROSS JOIN LATERAL (
        SELECT printing_id FROM quotes_fingerprint f WHERE f.key = chosen.key
        ORDER BY printing_id DESC LIMIT %(cap)s
    ) p
    GROUP BY p.printing_id HAVING COUNT(*) >= (SELECT n FROM least)
    ORDER BY COUNT(*) DESC, p.printing_id DESC LIMIT %(limit)s
)
SELECT quote_id FROM (
    SELECT DISTINCT ON (a.quote_id) a.quote_id, s.shared, s.printing_id
    FROM shared s JOIN quotes_printing a ON a.id = s.printing_id
    ORDER BY a.quote_id, s.shared DESC, s.printing_id DESC
) best
ORDER BY shared DESC, printing_id DESC LIMIT %(candidates)s
"""


def _chosen_parameters(keys: set[int], short: list[int]) -> dict:
    """CHOSEN_SQL's parameters, by name."""
    return {
        "keys": sorted(keys),
        "short": short,
        "cap": COMMON_KEY_POSTINGS + 1,
        "common": COMMON_KEY_POSTINGS,
        "min_shared": MIN_SHARED_KEYS,
        "max_keys": MAX_LOOKUP_KEYS,
        "fallback": MIN_SHARED_KEYS * 4,
        "limit": MAX_CANDIDATES * 5,
        "candidates": MAX_CANDIDATES,
    }


class _Slot(NamedTuple):
    """A parameter of a query compiled once, filled at each call: by its place among the
    chosen candidates' ids (`_candidates_query(n)`), or by its name in CHOSEN_SQL's."""

    at: int | str


class _CandidatesQuery(NamedTuple):
    sql: str
    params: tuple
    columns: list[str]  # the quote's, before the printing's text
    compiler: SQLCompiler  # converts the rows' values as a queryset's iteration would
    converters: dict

    def rows(self, values) -> list[tuple]:
        """Its rows, each slot filled with `values[slot.at]`."""
        params = [values[p.at] if isinstance(p, _Slot) else p for p in self.params]
        with connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        if self.converters:
            rows = self.compiler.apply_converters(rows, self.converters)
        return rows


def _compiled(among) -> _CandidatesQuery:
    """The query reading the candidate quotes `among` (ids, or a subquery of them) with
    their printings' words: a row a printing, each with its whole quote but its search data
    (the caller links, merges and publishes it), then the printing's text; quotes in their
    listing order, then each quote's printings in theirs, which `compare` reads sentences
    in. Compiled once for each shape, with slots for the values: Django took longer to
    compile it than the database to run it, once for every statement an import links. Its
    rows are read by a cursor, each quote made once from its first: RawQuerySet, which made
    a quote of every row, took 0.97 against 0.62 ms a lookup on the bench archive."""
    columns = [f.attname for f in Quote._meta.concrete_fields if f.name != "search_vector"]
    queryset = (
        Quote.objects.live()
        .exclude(status=Quote.Status.REJECTED)
        .filter(pk__in=among)
        .annotate(printed=F("printings__text"))
        .order_by(
            *Quote._meta.ordering,
            "pk",
            *(f"printings__{field}" for field in Printing._meta.ordering),
        )
        .values_list(*columns, "printed")
    )[:MAX_CANDIDATE_PRINTINGS]
    compiler = queryset.query.get_compiler(connection=connection)
    sql, params = compiler.as_sql()
    converters = compiler.get_converters([column for column, _, _ in compiler.select])
    return _CandidatesQuery(sql, params, columns, compiler, converters)


@lru_cache(maxsize=MAX_CANDIDATES)
def _candidates_query(n: int) -> _CandidatesQuery:
    """The candidate quotes of `n` ids given: compiled with ids no quote has, -1 to -n, which
    then become the slots of the ids' places."""
    query = _compiled([-(i + 1) for i in range(n)])
    slots = {-(i + 1): _Slot(i) for i in range(n)}
    return query._replace(params=tuple(slots.get(p, p) for p in query.params))


@lru_cache(maxsize=1)
def _found_candidates_query() -> _CandidatesQuery:
    """(PostgreSQL) The candidate quotes CHOSEN_SQL picks, in the same statement: one round
    trip a lookup rather than two."""
    names = re.findall(r"%\((\w+)\)s", CHOSEN_SQL)
    sql = re.sub(r"%\(\w+\)s", "%s", CHOSEN_SQL)  # our own statement, values as parameters
    chosen = RawSQL(sql, [_Slot(name) for name in names])  # noqa: S611
    return _compiled(chosen)


class Candidates(NamedTuple):
    """The quotes a statement may repeat, as the index chose them: their ids, best first,
    and on PostgreSQL their rows, read in the same statement (`rows` by `query`); elsewhere
    the rows are read when they are needed."""

    ids: list[int]
    rows: list[tuple] | None = None
    query: _CandidatesQuery | None = None

    def read_again(self) -> "Candidates":
        """The same quotes, to be read again: printings of theirs were written since they
        were chosen (an import writes those it held back)."""
        return Candidates(self.ids)

    def read(self) -> dict[int, tuple[Quote, list[Sentence]]]:
        """Each quote (all of it but its search data) with the sentences of its printings,
        in listing order, by id."""
        query, rows = self.query, self.rows
        if rows is None:
            query = _candidates_query(len(self.ids))
            rows = query.rows(self.ids)
        found = {}
        for *row, printed in rows:
            if row[0] not in found:
                found[row[0]] = (Quote.from_db(connection.alias, query.columns, row), [])
            if printed is not None:
                found[row[0]][1].extend(sentence_list(printed))
        return found


def choose_candidates(
    texts: list[str], *, keys=None, postings: Postings | None = None
) -> Candidates:
    """The quotes the statement printed as `texts` may repeat, by the keys they share: on
    PostgreSQL chosen and read in one statement, elsewhere chosen by two queries and read
    by a third when they are compared. `keys`: the texts' fingerprint keys, when the caller
    has them; `postings`: theirs, read ahead (Postings), which spares the queries of a
    statement no printing shares a key with, and SQLite's count."""
    keys = set().union(*(fingerprint_keys(t) for t in texts)) if keys is None else set(keys)
    if not keys:
        return Candidates([])
    counts = None
    if postings is not None:
        counts = postings.of(keys)
        if not counts:
            return Candidates([])  # no printing carries any of its keys
    if connection.vendor == "postgresql":
        query = _found_candidates_query()
        rows = query.rows(_chosen_parameters(keys, short_pairs(texts)))
        return Candidates(list(dict.fromkeys(row[0] for row in rows)), rows, query)  # live ones
    return Candidates(_chosen(keys, texts, counts))
