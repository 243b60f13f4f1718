"""Linking a statement reads the fingerprint index and its candidates in few queries: on
PostgreSQL one statement picks the candidates, as the portable two queries do, and reads
them with their printings' words; elsewhere a third query reads them."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from quotes.matching import (
    COMMON_KEY_POSTINGS,
    MAX_CANDIDATES,
    candidates,
    choose_candidates,
    find_matches,
    fingerprint_keys,
    index_printings,
)
from quotes.matching.index import short_pairs
from quotes.models import Printing, Quote
from tests.factories import ArticleFactory, PrintingFactory

pytestmark = pytest.mark.django_db

COMMON = "The harbour pilots will not leave the quay before the storm passes."
RARE = "Vessa brandolin merikost tarvel ondrigat selum parvenik dostal the harbour gate."
HEADLINE = "We will not surrender it"
LONG = (
    "The pilots said the quay is closed on Monday. We will not surrender it to anyone, "
    "whatever the harbour council decides tomorrow."
)


def printed(text, n=1):
    """N printings of `text`, each of its own quote, indexed."""
    article = ArticleFactory(body=text)
    quotes = Quote.objects.bulk_create(Quote(text=text) for _ in range(n))
    printings = Printing.objects.bulk_create(
        Printing(quote=q, article=article, text=text, start=i, end=i + 1)
        for i, q in enumerate(quotes)
    )
    index_printings(printings, unindexed=True)
    return quotes


def chosen_both_ways(texts):
    """The candidates' ids as the portable queries pick them, and as PostgreSQL's statement
    does."""
    keys = set().union(*(fingerprint_keys(t) for t in texts))
    parameters = candidates._chosen_parameters(keys, short_pairs(texts))
    with connection.cursor() as cursor:
        cursor.execute(candidates.CHOSEN_SQL, parameters)
        postgresql = [quote for (quote,) in cursor.fetchall()]
    return candidates._chosen(keys, texts), postgresql


def test_postgresql_picks_the_candidates_the_portable_queries_pick():
    """Common keys, rare keys, a statement of common keys only, a short headline and more
    quotes sharing as many keys than are read: the one statement on PostgreSQL picks the
    same quotes, in the same order."""
    if connection.vendor != "postgresql":
        pytest.skip("the one-statement lookup is PostgreSQL's")
    printed(COMMON, COMMON_KEY_POSTINGS + 20)
    printed(f"{RARE} {COMMON}", 3)
    printed(LONG)
    printed("We will not go there.")
    ties = printed(RARE, MAX_CANDIDATES + 5)
    for texts in (
        [f"{RARE} {COMMON}"],
        [COMMON],
        [HEADLINE],
        [RARE, HEADLINE],
        [RARE],
        ["Nothing."],
    ):
        portable, postgresql = chosen_both_ways(texts)
        assert postgresql == portable, texts
    assert len(chosen_both_ways([COMMON])[0]) == MAX_CANDIDATES  # the common keys alone find
    # Of the quotes sharing as many keys, those printed last.
    assert {q.pk for q in ties[-5:]} <= set(chosen_both_ways([RARE])[0])


def test_a_statement_is_looked_up_in_one_query_on_postgresql():
    """Candidates picked and read in one query on PostgreSQL (three elsewhere: the keys'
    postings, the printings sharing them, the quotes with their printings' words)."""
    quote = PrintingFactory(text=LONG, quote__text=LONG).quote
    for _ in range(2):
        PrintingFactory(quote=quote, text=LONG)
    index_printings(list(quote.printings.all()), unindexed=True)
    with CaptureQueriesContext(connection) as queries:
        sure, _ = find_matches([LONG], person=None)
    assert sure == [quote]
    assert len(queries) == (1 if connection.vendor == "postgresql" else 3)


def test_printings_written_while_reading_are_compared():
    """A caller that writes a candidate's held-back printings once told its candidates (an
    import) has them compared: the quotes are read again after the write."""
    # Another statement, sharing a few of LONG's words: a candidate, but not the same.
    other = "Whatever the harbour council decides tomorrow, the ferries keep sailing."
    quote = PrintingFactory(text=other, quote__text=other).quote
    index_printings(list(quote.printings.all()), unindexed=True)
    assert find_matches([LONG], person=None)[0] == []

    chosen = choose_candidates([LONG])
    # A printing of it the caller held back until now, which alone ties LONG to it.
    PrintingFactory(quote=quote, text=LONG)

    sure, _ = find_matches([LONG], person=None, candidates=chosen.read_again())
    assert chosen.ids == [quote.pk]
    assert sure == [quote]


def test_a_found_quote_is_read_whole(django_assert_num_queries):
    """The quotes found carry every field their caller reads, with no query more."""
    quote = PrintingFactory(text=LONG, quote__text=LONG).quote
    index_printings(list(quote.printings.all()), unindexed=True)
    sure, _ = find_matches([LONG], person=None)
    with django_assert_num_queries(0):
        found = sure[0]
        assert (found.pk, found.person_id, found.status, found.is_public, found.merged_into_id) == (
            quote.pk,
            quote.person_id,
            quote.status,
            quote.is_public,
            None,
        )
        assert found.text == quote.text and found.short_id == quote.short_id


def test_a_merged_or_rejected_quote_is_no_candidate():
    kept, merged, rejected = (PrintingFactory(text=LONG, quote__text=LONG) for _ in range(3))
    index_printings([kept, merged, rejected], unindexed=True)
    Quote.objects.filter(pk=merged.quote_id).update(merged_into=kept.quote)
    Quote.objects.filter(pk=rejected.quote_id).update(status=Quote.Status.REJECTED)
    sure, possible = find_matches([LONG], person=None)
    assert sure == [kept.quote] and possible == []
