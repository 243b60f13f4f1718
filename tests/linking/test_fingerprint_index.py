"""The fingerprint index at scale: keys that many printings share are counted no further
than a cap and never read whole, so linking one statement costs the same however large the
archive; and each printing is indexed by few keys."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from archive.models import Article
from quotes.extraction.text import words
from quotes.matching import (
    COMMON_KEY_POSTINGS,
    candidates,
    content,
    find_matches,
    fingerprint_keys,
    index_printings,
)
from quotes.models import Fingerprint, Printing, Quote
from tests.factories import PrintingFactory

pytestmark = pytest.mark.django_db

# A phrase every printing of the crowd below carries; its keys are common.
COMMON = "The harbour pilots will not leave the quay before the storm passes."
WANTED = "Vessa brandolin merikost tarvel ondrigat selum parvenik dostal the harbour gate."


def crowd(n, text=COMMON):
    """N printings, each of its own quote, of `text`, stored in bulk."""
    article = Article.objects.create(body="crowd", raw=b"crowd", sha256="c" * 64)
    quotes = Quote.objects.bulk_create(Quote(text=text, short_id=f"c{i:08d}") for i in range(n))
    printings = Printing.objects.bulk_create(
        Printing(quote=q, article=article, text=text, start=i, end=i + 1)
        for i, q in enumerate(quotes)
    )
    index_printings(printings, unindexed=True)
    return quotes


def test_a_common_key_is_counted_no_further_than_the_cap():
    """600 printings carry the common phrase's keys; their count stops at the cap."""
    crowd(COMMON_KEY_POSTINGS + 100)
    keys = fingerprint_keys(COMMON)
    counts = candidates._postings([*keys, 12345])
    assert counts == {key: COMMON_KEY_POSTINGS + 1 for key in keys}


def test_a_statement_with_a_common_phrase_finds_its_quote_by_its_rare_words():
    crowd(COMMON_KEY_POSTINGS + 100)
    own = PrintingFactory(quote__text=f"{WANTED} {COMMON}", text=f"{WANTED} {COMMON}")
    index_printings([own], unindexed=True)
    sure, _ = find_matches([f"{WANTED} {COMMON}"], person=None)
    assert sure == [own.quote]


def test_a_statement_of_common_keys_only_links_to_a_recent_printing():
    """When every key is common, the newest printings of each are read, not all of them."""
    quotes = crowd(COMMON_KEY_POSTINGS + 100)
    with CaptureQueriesContext(connection) as queries:
        sure, _ = find_matches([COMMON], person=None)
    assert sure and set(sure) <= set(quotes)
    assert sure[0].pk > quotes[len(quotes) // 2].pk  # among the newest, not the oldest
    assert len(queries) <= 4


def test_the_lookup_runs_the_same_queries_however_many_printings_share_its_keys():
    index_printings([PrintingFactory(quote__text=COMMON, text=COMMON)], unindexed=True)
    with CaptureQueriesContext(connection) as few:
        find_matches([COMMON], person=None)
    crowd(COMMON_KEY_POSTINGS + 100)
    with CaptureQueriesContext(connection) as many:
        find_matches([COMMON], person=None)
    assert len(many) == len(few)


def test_a_printing_is_indexed_by_its_content_word_pairs():
    """Reprints and translations keep a statement's content words in order: a printing of
    two such pairs or more is indexed by them alone, one key each."""
    text = "We will hold the bridge over the river until the last shell is fired."
    stems = content(words(text))
    assert len(fingerprint_keys(text)) == len(set(zip(stems, stems[1:], strict=False)))


def test_a_short_headline_still_finds_the_printing_it_cuts():
    """A headline of one content-word pair has its trigrams as well, and finds a long
    printing by its one pair, though another short printing shares its trigrams."""
    long = (
        "The pilots said the quay is closed on Monday. We will not surrender it to anyone, "
        "whatever the harbour council decides tomorrow."
    )
    stored = PrintingFactory(quote__text=long, text=long)
    other = PrintingFactory(quote__text="We will not go there.", text="We will not go there.")
    index_printings([stored, other], unindexed=True)
    headline = "We will not surrender it"
    assert len(fingerprint_keys(headline)) > 1
    sure, possible = find_matches([headline], person=None)
    assert [quote for quote, _ in possible] == [stored.quote]


def test_rewriting_a_printings_keys_leaves_no_duplicates():
    text = "The ferry to the northern islands sails again on Monday morning."
    printing = PrintingFactory(quote__text=text, text=text)
    index_printings([printing], unindexed=True)
    index_printings([printing])
    stored = sorted(Fingerprint.objects.filter(printing=printing).values_list("key", flat=True))
    assert stored == fingerprint_keys(text)


def test_keys_fit_four_bytes():
    keys = fingerprint_keys(COMMON + " " + WANTED)
    assert keys and all(-(2**31) <= key < 2**31 for key in keys)


def test_postings_read_ahead_stay_what_counting_them_again_gives():
    """An import reads its statements' postings at once (Postings) and counts in the printings
    it writes: the counts stay those a fresh count gives, the cap included; a statement none
    of whose keys any printing carries has no candidates, and asks the database nothing."""
    crowd(COMMON_KEY_POSTINGS - 1)
    common, wanted = fingerprint_keys(COMMON), fingerprint_keys(WANTED)
    postings = candidates.Postings()
    postings.read([*common, *wanted])
    assert postings.of(wanted) == {}
    with CaptureQueriesContext(connection) as queries:
        assert candidates.choose_candidates([WANTED], postings=postings).ids == []
    assert len(queries) == 0

    # Three printings more of both (two past the cap for the common keys), as an import
    # writes them.
    text = f"{WANTED} {COMMON}"
    article = Article.objects.create(body=text, raw=text.encode(), sha256="d" * 64)
    written = Quote.objects.bulk_create(Quote(text=text, short_id=f"w{i:08d}") for i in range(3))
    printings = Printing.objects.bulk_create(
        Printing(quote=q, article=article, text=text, start=i, end=i + 1)
        for i, q in enumerate(written)
    )
    index_printings(printings, unindexed=True)
    postings.indexed([fingerprint_keys(text)] * 3)

    keys = [*common, *wanted]
    assert postings.of(keys) == candidates._postings(keys)
    assert postings.of(common) == {key: COMMON_KEY_POSTINGS + 1 for key in common}
    chosen = candidates.choose_candidates([WANTED], postings=postings).ids
    assert chosen == candidates.choose_candidates([WANTED]).ids
    assert set(chosen) == {q.pk for q in written}
