"""Searching quotes by their words, and people and units by names spelt more than one way.

PostgreSQL uses django.contrib.postgres (a tsvector column, websearch queries, ts_rank,
ts_headline and trigram similarity); SQLite uses an FTS5 table with the porter stemmer, bm25
and rapidfuzz. This module is the only place that knows which database it runs on: filters
and views call the functions below the same way on both.
"""

import re
from dataclasses import dataclass, field

from django.contrib.postgres.search import (
    SearchQuery,
    SearchRank,
    TrigramStrictWordSimilarity,
    TrigramWordSimilarity,
)
from django.db import connection as default_connection
from django.db import connections, router
from django.db.models import F, FloatField, Q, TextField, Value
from django.db.models.expressions import RawSQL
from django.db.models.functions import Cast, Coalesce, Greatest, Lower
from rapidfuzz import fuzz

from verbatim import sql

from . import lemmas, marks
from .extraction.text import words
from .extraction.units import unit_key
from .models import Person, PersonAlias, Quote, Unit
from .names import name_key
from .search_data import CONFIG, FTS_TABLE, refresh_rows, refresh_search  # noqa: F401

# The least resemblance for a name to count as a match: PostgreSQL's word similarity
# (0 to 1) and rapidfuzz's ratio (0 to 100). "Zhelezniak" and "Zheleznyak" score about 0.57
# and 90.
TRIGRAM_THRESHOLD = 0.45
FUZZ_THRESHOLD = 80
# Stricter for q, which is mostly words of quotes: whole words must resemble each other, so
# that "pier" does not find Pierre (0.5 and 80) nor "harbour" a Harbourmaster.
STRICT_TRIGRAM_THRESHOLD = 0.55
STRICT_FUZZ_THRESHOLD = 85

# Private-use characters stand in for <mark> and </mark> until the text has been escaped.
START, STOP = "\ue000", "\ue001"

# websearch syntax: an optional "-", then a "quoted phrase" (closing quote optional) or a word.
_TERM = re.compile(r'(-?)"([^"]*)"?|(-?)([^\s"]+)')


def _postgres(connection=None):
    return (connection or default_connection).vendor == "postgresql"


@dataclass
class Terms:
    """A query in websearch syntax taken apart: what must match, what must not."""

    # Each item is a phrase (a list of words) or the string "or".
    positive: list = field(default_factory=list)
    negative: list = field(default_factory=list)

    @classmethod
    def parse(cls, text):
        terms = cls()
        for match in _TERM.finditer(text):
            negated = bool(match.group(1) or match.group(3))
            phrase = match.group(2) if match.group(2) is not None else match.group(4)
            tokens = _tokens(phrase.lower())
            if not tokens:
                continue
            if not negated and tokens == ["or"] and match.group(4) is not None:
                if terms.positive and terms.positive[-1] != "or":
                    terms.positive.append("or")
                continue
            (terms.negative if negated else terms.positive).append(tokens)
        if terms.positive and terms.positive[-1] == "or":
            terms.positive.pop()
        return terms

    @property
    def words(self):
        """The words that must match, as plain text (for matching speakers' names)."""
        return " ".join(" ".join(item) for item in self.positive if item != "or")

    def query(self, items):
        """`items` as quoted phrases joined by spaces and OR, which FTS5 and PostgreSQL's
        websearch read alike; quoting every word keeps user input from being syntax."""
        return " ".join("OR" if item == "or" else '"' + " ".join(item) + '"' for item in items)

    def __bool__(self):
        return bool(self.positive or self.negative)

    @property
    def cyrillic(self):
        """Whether a word of the query is in Cyrillic: then it is matched by its lemmas."""
        return any(
            lemmas.has_cyrillic(word)
            for item in self.positive + self.negative
            if item != "or"
            for word in item
        )


def _tokens(text):
    """The words of `text`; a Cyrillic word keeps its apostrophe («м'ясо»), as the lemma
    section stores it, a Latin one is split at it, as PostgreSQL and FTS5 split it."""
    tokens = []
    for word in lemmas.WORD.findall(text):
        tokens += [word] if lemmas.has_cyrillic(word) else re.findall(r"\w+", word)
    return tokens


# Finding quotes by their words --------------------------------------------------------


# At most this many speakers found by name are added to a search (by id): a name common
# enough to match more is not what the words were meant to find.
MAX_SPEAKERS = 100
# "Best match" ranks the newest this many matches of a search (all of them when there are
# fewer): ranking reads every ranked quote's search data, which for a common word would be
# most of the archive. Older matches are reached by sorting newest first.
RANK_WINDOW = 500


def search_quotes(queryset, text):
    """Quotes of `queryset` whose words match `text` (websearch syntax: words, "phrases",
    or, -exclusions; stemmed), whose speaker's name resembles its words or whose unnamed
    speaker's description holds them. Unranked: see best_first.

    Every condition is one an index answers (the full-text GIN index; speakers looked up
    first in the people table and added by id; the description's trigram index), so that
    PostgreSQL ORs three index scans instead of reading every quote."""
    terms = Terms.parse(text)
    if not terms:
        return queryset.none()
    speaker = Q(pk__in=[])
    if terms.words:
        # A Cyrillic name in its nominative, as people and aliases are named («Гнатюка»).
        found = people_like(lemmas.nominative(terms.words), strict=True)
        if not isinstance(found, list):
            found = found.values_list("pk", flat=True)
        speaker = Q(person__in=list(found[:MAX_SPEAKERS])) | Q(
            speaker_description__icontains=terms.words
        )
    if _postgres():
        return _postgres_search(queryset, text, terms, speaker)
    if terms.positive:
        queryset = queryset.filter(
            Q(pk__in=_fts_rowids(lemmas.fts_query(terms.positive))) | speaker
        )
    if terms.negative:
        queryset = queryset.exclude(pk__in=_fts_rowids(lemmas.fts_query(_or(terms.negative))))
    return queryset


def _postgres_search(queryset, text, terms, speaker):
    """search_quotes on PostgreSQL. An English query is PostgreSQL's own websearch query on
    the search vector, ORed with the keys of its words in the lemma vector (a Latin name
    finds its Cyrillic printings). A query with a Cyrillic word is read twice: by lemmas
    and keys in the lemma vector, and by the English stems of its romanisations in the
    search vector (quotes.lemmas). Most quotes have no lemma vector (NULL): the planner
    knows its index scan is cheap and keeps reading the indexes."""
    phrases = "or" not in terms.positive and any(len(item) > 1 for item in terms.positive)
    if terms.cyrillic:
        stems = _stems(lemmas.latin_spellings(terms.positive + terms.negative))
        if terms.positive:
            words = _readings(terms.positive, stems, phrases=phrases)
            queryset = queryset.filter(words | speaker)
        if terms.negative:
            queryset = queryset.exclude(_readings(_or(terms.negative), stems))
        return queryset
    query = SearchQuery(text, search_type="websearch", config=CONFIG)
    words = Q(search_vector=query)
    if phrases:
        # PostgreSQL guesses a phrase ('a' <-> 'b') far more common than it is (at 1M
        # printings, 6,800 matches for 500), walks the list's order index looking for
        # them and reads every quote. Every word of the query must be there too, which
        # it can estimate from each word's statistics; the condition changes no result.
        every_word = SearchQuery(terms.words, search_type="plain", config=CONFIG)
        words &= Q(search_vector=every_word)
    keyed = lemmas.lemma_tsquery(terms.positive)
    if keyed:
        words |= Q(lemma_vector=WrittenQuery(keyed))
    queryset = queryset.filter(words | speaker)
    if terms.negative:
        # Also keeps out quotes found by their speaker that hold an excluded word.
        excluded = SearchQuery(
            terms.query(_or(terms.negative)), search_type="websearch", config=CONFIG
        )
        queryset = queryset.exclude(search_vector=excluded)
    return queryset


def _readings(items, stems, *, phrases=False):
    """The two readings of `items` with a Cyrillic word (see _postgres_search), ORed."""
    found = Q(pk__in=[])
    by_lemma = lemmas.lemma_tsquery(items)
    if by_lemma:
        found |= Q(lemma_vector=WrittenQuery(by_lemma))
    latin = lemmas.latin_tsquery(items, stems)
    if latin:
        words = Q(search_vector=WrittenQuery(latin))
        if phrases:  # as for an English phrase, above
            words &= Q(
                search_vector=WrittenQuery(lemmas.latin_tsquery(items, stems, phrases=False))
            )
        found |= words
    return found


class WrittenQuery(SearchQuery):
    """A tsquery written out (quotes.lemmas), its lexemes taken as they are, where
    SearchQuery would run them through a configuration ("~voloshin" would lose its mark)."""

    template = "(%(expressions)s)::tsquery"

    def as_sql(self, compiler, connection, function=None, template=None):
        return super().as_sql(compiler, connection, function, template or self.template)


def _stems(spellings):
    """What PostgreSQL's English configuration makes of each Latin spelling, as tsquery text
    ("voloshyn's" -> "'voloshyn'"); one query for them all."""
    if not spellings:
        return {}
    with default_connection.cursor() as cursor:
        cursor.execute(
            "SELECT s, plainto_tsquery(%s::regconfig, s)::text FROM unnest(%s::text[]) AS s",
            [CONFIG, list(spellings)],
        )
        return {spelling: stem for spelling, stem in cursor.fetchall() if stem}


def best_first(queryset, text, *, window=RANK_WINDOW):
    """The quotes of `queryset` (narrowed by search_quotes) that "best match" lists: the
    newest `window` of them, ranked by how well their words match `text`, best first, then
    in list order; annotated with `search_rank` (higher is better; 0 for a match by speaker
    only). A new queryset of quotes: the caller adds what its page shows (for_listing)."""
    newest = queryset.in_list_order().values("pk")[:window]
    quotes = Quote.objects.filter(pk__in=newest)
    terms = Terms.parse(text)
    rank = Value(0.0, output_field=FloatField())
    if _postgres():
        rank = Coalesce(SearchRank(F("search_vector"), _ranked_query(text, terms)), rank)
        by_lemma = lemmas.lemma_tsquery(terms.positive)
        if by_lemma:
            lemma_rank = SearchRank(F("lemma_vector"), WrittenQuery(by_lemma))
            rank = Greatest(rank, Coalesce(lemma_rank, Value(0.0, output_field=FloatField())))
    elif terms.positive:
        # bm25 is lower for better matches; the canonical wording weighs more than the rest.
        rank = Coalesce(
            RawSQL(  # noqa: S611 - table names from code; the query is a parameter
                f"SELECT -bm25({FTS_TABLE}, 2.0, 1.0) FROM {FTS_TABLE} "  # noqa: S608
                f"WHERE {FTS_TABLE} MATCH %s AND rowid = {Quote._meta.db_table}.id",
                [lemmas.fts_query(terms.positive)],
                output_field=FloatField(),
            ),
            rank,
        )
    # The search data, a few kilobytes a quote, is read by the rank, never shown.
    ranked = quotes.annotate(search_rank=rank).defer("search_vector", "lemma_vector")
    return ranked.in_list_order("-search_rank")


def _ranked_query(text, terms):
    """The query of the search vector that ranks and marks what search_quotes found on
    PostgreSQL (the lemma vector ranks too; Cyrillic words are marked by quotes.lemmas)."""
    if terms.cyrillic:
        stems = _stems(lemmas.latin_spellings(terms.positive))
        return WrittenQuery(lemmas.latin_tsquery(terms.positive, stems))
    return SearchQuery(text, search_type="websearch", config=CONFIG)


def _or(items):
    """Phrases joined by "or": any of them."""
    joined = []
    for item in items:
        joined += ["or", item] if joined else [item]
    return joined


def _fts_rowids(match):
    return RawSQL(  # noqa: S611 - table names from code; the query is a parameter
        f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s",  # noqa: S608
        [match],
    )


def highlight(quotes, text):
    """Set `highlighted` on each of `quotes`: its canonical text as HTML, escaped, with the
    words that match `text` in <mark>; None where nothing matched. On PostgreSQL worked out
    here from the text already fetched (quotes.marks), no query; on SQLite one query, FTS5's
    highlight() (its porter stemmer is not PostgreSQL's)."""
    quotes = list(quotes)
    terms = Terms.parse(text)
    for quote in quotes:
        quote.highlighted = None
    if not quotes or not terms.positive:
        return
    if _postgres():
        highlighted = marks.highlighter(terms.positive)
        for quote in quotes:
            quote.highlighted = highlighted(quote.text)
        return
    with default_connection.cursor() as cursor:
        ids = [quote.pk for quote in quotes]
        cursor.execute(
            f"SELECT rowid, highlight({FTS_TABLE}, 0, %s, %s) FROM {FTS_TABLE} "  # noqa: S608
            f"WHERE {FTS_TABLE} MATCH %s AND rowid {sql.any_of(default_connection)}",
            [START, STOP, lemmas.fts_query(terms.positive), sql.values(ids, default_connection)],
        )
        found = dict(cursor.fetchall())
    for quote in quotes:
        # FTS5 marks words by their stems; Cyrillic words matched by their lemmas or keys
        # are marked here.
        extra = lemmas.marks(quote.text, terms.positive)
        quote.highlighted = marked_html(quote.text, found.get(quote.pk), extra)


def marked_html(text, marked, extra=()):
    """`marked` (`text` with START and STOP around matches), with the (start, end) spans of
    `extra` marked too, as safe HTML; None where nothing is marked or `marked` is not
    exactly `text` (the search data may be older than the quote)."""
    if START in text or STOP in text:
        return None
    spans = list(extra)
    if marked and START in marked:
        if marked.replace(START, "").replace(STOP, "") != text:
            return None
        plain = 0
        for piece in re.split(f"([{START}{STOP}])", marked):
            if piece == START:
                begin = plain
            elif piece == STOP:
                spans.append((begin, plain))
            else:
                plain += len(piece)
    return marks.marked(text, spans)


# Finding people and units by names spelt several ways -----------------------------------


def people_like(text, *, strict=False):
    """Unmerged people whose name, or one of their aliases, resembles `text` (as a whole
    name or part of one): misspellings and transliterations such as "Zhelezniak" for
    "Zheleznyak"; `strict` asks whole words to resemble whole words. A queryset of ids or a
    list of ids, for `person__in`."""
    people = Person.objects.filter(merged_into__isnull=True)
    if _postgres():
        # Names and aliases found through their trigram indexes (migration 0012): the
        # operator (%>> or %>) picks candidates from the index at pg_trgm's threshold, the
        # similarity function then applies this module's own. The strict operator's default
        # threshold (0.5) is below ours; the other's (0.6) is above and is lowered first.
        least = STRICT_TRIGRAM_THRESHOLD if strict else TRIGRAM_THRESHOLD
        similarity = TrigramStrictWordSimilarity if strict else TrigramWordSimilarity
        operator = "trigram_strict_word_similar" if strict else "trigram_word_similar"
        if not strict:
            _lower_word_threshold(connections[router.db_for_read(Person)])
        by_name = (
            Person.objects.filter(**{f"name__{operator}": text})
            .annotate(similarity=similarity(Value(text), "name"))
            .filter(similarity__gte=least)
            .order_by()
            .values("pk")
        )
        by_alias = (
            PersonAlias.objects.filter(**{f"name__{operator}": text})
            .annotate(similarity=similarity(Value(text), "name"))
            .filter(similarity__gte=least)
            .order_by()
            .values("person")
        )
        # One UNION of four index lookups, ids only: ORed, the conditions made PostgreSQL
        # test every person (and join their aliases) against all four.
        keyed = _keyed(text)
        found = by_name.union(
            by_alias,
            Person.objects.filter(keyed).order_by().values("pk"),
            PersonAlias.objects.filter(keyed).order_by().values("person"),
        ).order_by()
        return people.filter(pk__in=found).order_by().values("pk")
    aliases = PersonAlias.objects.filter(person__merged_into__isnull=True)
    names = (
        people.order_by()
        .values_list("pk", "name", "key")
        .union(aliases.order_by().values_list("person_id", "name", "key"), all=True)
    )
    wanted, least = words(text), STRICT_FUZZ_THRESHOLD if strict else FUZZ_THRESHOLD
    folded = set(name_key(text).split())
    return sorted(
        {
            pk
            for pk, name, key in names
            if (folded and folded <= set(key.split())) or resemblance(wanted, words(name)) >= least
        }
    )


def _lower_word_threshold(connection):
    """Set pg_trgm's word-similarity threshold (for this session of `connection`, the one the
    lookup reads) to this module's, so that the index the %> operator reads never leaves
    out a name the function would accept."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT set_config('pg_trgm.word_similarity_threshold', %s, false)",
            [str(TRIGRAM_THRESHOLD)],
        )


def _keyed(text):
    """The condition that a person's or an alias's `key` has every word of `text`, folded
    for spelling, order, romanisation and patronymic ("Sergey Galkin" finds "Galkin Sergei
    Alekseevich", "Serhii Kovalenkyi" finds "Serhiy Kovalenkyy"); whole words, so "pier" is
    no Pierre."""
    tokens = name_key(text).split()
    if not tokens:
        return Q(pk__in=[])
    condition = Q()
    for token in tokens:
        condition &= (
            Q(key=token)
            | Q(key__startswith=f"{token} ")
            | Q(key__endswith=f" {token}")
            | Q(key__contains=f" {token} ")
        )
    return condition


def units_like(text):
    """Units whose name or an alias resembles `text`, with British and American spellings
    folded first ("motorised" finds "Motorized"); a number in `text` must be the unit's own
    ("12th Brigade" is never the 126th, however alike the letters). Ids, for `unit__in`."""
    key = unit_key(text)
    if not key:
        return []
    wanted = key.split()
    if _postgres():
        aliases = Lower(Cast("aliases", TextField()))
        candidates = (
            Unit.objects.annotate(
                similarity=Greatest(
                    TrigramWordSimilarity(Value(key), "key"),
                    TrigramWordSimilarity(Value(key), aliases),
                )
            )
            .filter(similarity__gte=TRIGRAM_THRESHOLD)
            .values_list("pk", "key", "aliases")
        )
    else:
        candidates = [
            (pk, unit, aliases)
            for pk, unit, aliases in Unit.objects.values_list("pk", "key", "aliases")
            if max(resemblance(wanted, unit_key(n).split()) for n in [unit, *aliases])
            >= FUZZ_THRESHOLD
        ]
    numbers = {token for token in wanted if token.isdigit()}
    return sorted(
        pk
        for pk, unit, aliases in candidates
        if any(numbers <= set(unit_key(name).split()) for name in [unit, *aliases])
    )


def resemblance(wanted, name):
    """How well the words `wanted` match the best run of as many words in `name`, or the
    whole of `name` in any order, from 0 to 100 (rapidfuzz's normalised Indel similarity)."""
    if not wanted or not name:
        return 0
    query, size = " ".join(wanted), len(wanted)
    runs = [name[i : i + size] for i in range(max(1, len(name) - size + 1))]
    best = max(fuzz.ratio(query, " ".join(run)) for run in runs)
    return max(best, fuzz.token_sort_ratio(query, " ".join(name)))
