"""Linking translations and misattributed copies: two outlets' independent translations of one
statement join one quote; a copy credited to someone else joins it too, with a conflict for
the archivist; different statements on one topic, however alike their words, stay apart."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from archive.services import archive_article
from quotes.extraction.text import words
from quotes.matching import find_matches, fingerprint_keys, sentences_match
from quotes.models import AttributionConflict, Fingerprint, MergeSuggestion, Quote
from tests.factories import PersonFactory, PrintingFactory

pytestmark = pytest.mark.django_db

# Two translations of each sentence, as two outlets might print one press conference.
TRANSLATED = [
    (
        "Our orders were to hold the bridge until the relief column arrived from the north.",
        "We were ordered to hold the bridge until the relief column came from the north.",
    ),
    (
        "We were also allowed to fish in the closed waters and to sell the catch to anyone in "
        "the port.",
        "There was also permission to fish in the closed waters and sell the whole catch to all "
        "buyers in the port.",
    ),
    (
        "While inspecting the northern pier, I understood that the cracks were not from the "
        "storm but from years of neglect.",
        "In the course of the inspection of the north pier, I realised the cracks were not "
        "caused by the storm, but by years of neglect.",
    ),
    (
        "If the pumps stop, the lower streets of the town get flooded within an hour.",
        "If the pumps stop, the town's lower streets are flooded in an hour.",
    ),
    (
        "Nobody told us that the dam had already been opened and that the valley villages "
        "would be drowned.",
        "No one warned us the dam was already open and the villages in the valley would drown.",
    ),
    (
        "The mayor promised the fishermen new boats, a dry dock and a school for their children.",
        "The mayor has promised fishermen new boats, a dry dock and also a school for their kids.",
    ),
    # Words translators swap: a hail or a storm of fire, an attack or an assault.
    (
        "The raiders came at the lighthouse under a hail of fire, but every attack was repelled.",
        "The raiders attacked the lighthouse under a storm of fire, but every assault was "
        "repulsed.",
    ),
]

# Different statements on one topic that share much of their vocabulary.
NEAR_MISSES = [
    (
        "We were ordered to capture the city in three days.",
        "We were ordered to leave the city in three days.",
    ),
    (
        "We were told we were going to exercises, not to war.",
        "We were told we were going to war, not to exercises.",
    ),
    ("The ferry will sail again in three weeks.", "The ferry will sail again in five weeks."),
    (
        "The shelling went on all night and the school was destroyed.",
        "The shelling went on all night but the school was not destroyed.",
    ),
    (
        "Our commander told us the people of the city would greet us with flowers.",
        "Our commander told us the people of the city would shoot at us from the windows.",
    ),
    (
        "I want to ask the people of the island to forgive me for what we did.",
        "I want to ask the people of the island to help us go home to our families.",
    ),
    (
        "We did not know where we were going, the officers took our phones on the first day.",
        "We knew where we were going, the officers told us on the first day.",
    ),
    (
        "Our unit lost half its vehicles on the road to the port in the first week.",
        "Our unit reached the port on the road from the north in the first week.",
    ),
    (
        "Nobody in the village wanted the new road, the farmers signed a letter against it.",
        "Everybody in the village wanted the new road, the farmers signed a letter for it.",
    ),
]

# Near misses that still link: a long sentence whose frame and most content words are kept
# while one or two telling words change reads, to rules without a lexicon, like a translation
# that swapped synonyms. Across two named speakers they stay apart (see below); for one
# speaker or an unnamed one they are linked. Pinned so that a fix shows.
KNOWN_LIMITS = [
    (
        "I was ordered to fly to the city, drop the bombs on the bridge and return to the "
        "base before dawn.",
        "I was ordered to fly to the city, drop leaflets on the square and return to the base "
        "after dark.",
    ),
    (
        "The water in the harbour rose by two metres and the old lighthouse was cut off.",
        "The water in the harbour rose by two metres in the spring of the year the lighthouse "
        "was built.",
    ),
]


def stored(text, **quote):
    printing = PrintingFactory(
        quote__text=text, text=text, **{f"quote__{k}": v for k, v in quote.items()}
    )
    Fingerprint.objects.bulk_create(
        Fingerprint(printing=printing, key=k) for k in fingerprint_keys(text)
    )
    return printing.quote


def archive(text, name):
    article, _ = archive_article(raw=text.encode(), source_file=name, publish=True)
    return article


def quotes_of(article):
    return {a.quote_id for a in article.printings.all()}


def said(speaker, *sentences):
    return (
        "The harbour council met on Tuesday.\n\n"
        f"{speaker} said: “{' '.join(sentences)}”\n\n"
        "The council will meet again next month.\n"
    )


def test_translated_sentences_match():
    """Two translations of one sentence, sharing most content words in order, are one
    sentence."""
    for one, other in TRANSLATED:
        assert sentences_match(words(one), words(other)), one


def test_near_miss_sentences_never_link():
    """Different statements on one topic (a telling word swapped in a short sentence, words
    in another order, another number, a negation, another ending) are never linked: no
    false link among the invented near misses."""
    false_links = []
    for one, other in NEAR_MISSES:
        quote = stored(one, person=None)
        sure, _ = find_matches([other], person=None)
        if quote in sure:
            false_links.append(one)
    assert false_links == []


@pytest.mark.xfail(strict=True, reason="a lexicon-free rule cannot tell these from translations")
@pytest.mark.parametrize("one, other", KNOWN_LIMITS)
def test_known_near_misses_that_link(one, other):
    """Known limit: these different statements are linked when no speaker tells them apart."""
    quote = stored(one, person=None)
    sure, _ = find_matches([other], person=None)
    assert quote not in sure


def test_translated_statement_joins_the_quote():
    """A statement translated independently by two outlets, sentence by sentence, is one
    quote."""
    quote = stored(" ".join(one for one, _ in TRANSLATED[:3]), person=None)
    sure, _ = find_matches([" ".join(other for _, other in TRANSLATED[:3])], person=None)
    assert sure == [quote]


def test_partial_translation_joins_the_quote():
    """An outlet that translated only one long sentence of a statement links to it."""
    quote = stored(" ".join(one for one, _ in TRANSLATED[:4]), person=None)
    sure, _ = find_matches([TRANSLATED[2][1]], person=None)
    assert sure == [quote]


def test_one_strong_sentence_of_two_links():
    """A printing of two sentences, one of which matches the quote with many words, links
    even though its other sentence is not in the quote."""
    long_one = (
        "The fishermen of the northern coast have lost their boats, their nets, their sheds, "
        "their engines and their winter savings to the storm."
    )
    quote = stored(long_one + " " + TRANSLATED[0][0], person=None)
    sure, _ = find_matches(
        [
            "The northern coast fishermen lost their boats, nets, sheds, engines and winter "
            "savings to the storm. Next year the harbour dues must be cut by half for every crew."
        ],
        person=None,
    )
    assert sure == [quote]


def test_translation_lookup_runs_the_same_queries():
    """Looking up a translation runs the same few queries however many quotes are stored."""
    quote = stored(" ".join(one for one, _ in TRANSLATED[:2]), person=None)
    lookup = [" ".join(other for _, other in TRANSLATED[:2])]
    with CaptureQueriesContext(connection) as few:
        find_matches(lookup, person=None)
    for one, _ in NEAR_MISSES:
        stored(one, person=None)
    with CaptureQueriesContext(connection) as many:
        sure, _ = find_matches(lookup, person=None)
    assert len(many) == len(few) <= 5
    assert sure == [quote]


# Through the importer: whom each printing credits.

STATEMENT = [one for one, _ in TRANSLATED[:3]]


def test_misattributed_copy_joins_the_quote_with_a_conflict():
    """The same words credited to another named person join the first person's quote, which
    keeps its speaker, and one open attribution conflict names the printing."""
    a = archive(said("Ilse Varnhagen", *STATEMENT), "a.txt")
    b = archive(said("Tomas Quirke", *STATEMENT), "b.txt")
    assert quotes_of(a) == quotes_of(b)
    quote = Quote.objects.get()
    assert quote.person.name == "Ilse Varnhagen"
    conflict = AttributionConflict.objects.get()
    assert conflict.status == AttributionConflict.Status.OPEN
    assert conflict.quote == quote
    assert conflict.printing.article == b
    assert conflict.printing.person.name == "Tomas Quirke"


def test_unnamed_printing_joins_the_named_quote_without_conflict():
    """A translation printed without the speaker's name joins the named speaker's quote; naming
    nobody contradicts nobody."""
    a = archive(said("Ilse Varnhagen", *STATEMENT), "a.txt")
    b = archive(said("One of the harbour officials", *(o for _, o in TRANSLATED[:3])), "b.txt")
    assert quotes_of(a) == quotes_of(b)
    assert Quote.objects.get().person.name == "Ilse Varnhagen"
    assert not AttributionConflict.objects.exists()


def test_copy_credited_to_an_institution_joins_the_quote_with_a_conflict():
    """The officer's words printed as the Harbour Authority's join the officer's quote, and the
    archivist is shown the conflict, both attributions side by side."""
    a = archive(said("Ilse Varnhagen", *STATEMENT), "a.txt")
    b = archive(said("The Harbour Authority", *STATEMENT), "b.txt")
    assert quotes_of(a) == quotes_of(b)
    assert Quote.objects.get().person.name == "Ilse Varnhagen"
    conflict = AttributionConflict.objects.get()
    assert conflict.printing.article == b
    assert conflict.printing.person is None
    assert "Harbour Authority" in conflict.printing.speaker_description


def test_named_printing_gives_the_unnamed_quote_its_person():
    """A quote first printed without a name takes the person a later printing names."""
    a = archive(said("One of the harbour officials", *STATEMENT), "a.txt")
    b = archive(said("Ilse Varnhagen", *(o for _, o in TRANSLATED[:3])), "b.txt")
    assert quotes_of(a) == quotes_of(b)
    assert Quote.objects.get().person.name == "Ilse Varnhagen"
    assert not AttributionConflict.objects.exists()


def test_similar_words_of_two_named_people_stay_apart():
    """Two named people whose statements are only alike (translation-close, not the same
    words) are never joined: a merge suggestion at most."""
    a = archive(said("Ilse Varnhagen", *STATEMENT), "a.txt")
    b = archive(said("Tomas Quirke", *(o for _, o in TRANSLATED[:3])), "b.txt")
    assert not quotes_of(a) & quotes_of(b)
    assert not AttributionConflict.objects.exists()
    assert MergeSuggestion.objects.filter(quote__in=quotes_of(b)).exists()


def test_stored_quote_of_another_person_is_kept():
    """A sure match across two named speakers is returned after the speaker's own quote."""
    first, second = PersonFactory(), PersonFactory()
    text = " ".join(STATEMENT)
    theirs = stored(text, person=first)
    own = stored(text, person=second)
    sure, _ = find_matches([text], person=second)
    assert sure == [own, theirs]


def test_a_headline_printing_a_sentence_whole_joins_the_quote():
    """A headline quoting the first words of the statement ("We will not close the
    harbour") joins the statement it is cut from, though it shares few content words."""
    article = (
        "\u201cWe will not close the harbour\u201d\n\n"
        "The harbour master spoke on the quay on Tuesday.\n\n"
        "\u201cWe will not close the harbour until the last trawler is back in port. The "
        "crews have families in the lower town,\u201d said Ilse Varnhagen.\n"
    )
    archived = archive(article, "headline.txt")
    quotes = Quote.objects.filter(merged_into__isnull=True)
    assert quotes.count() == 1
    assert quotes_of(archived) == {quotes.get().pk}


# Statements translated sentence by sentence, some sentences with few words in common.

LONG_ONE = [
    "On the second night the pumps at the northern pier failed and the water reached the "
    "old warehouses.",
    "I sent everyone home because I did not want anyone to drown.",
    "Mothers of the harbour, keep your sons away from the quay.",
]
LONG_OTHER = [
    "During the second night, the pumps on the north pier broke down and the water came up to "
    "the old warehouses.",
    "I told everybody to go home as I didn't want anybody to drown.",
    "Harbour mothers, keep your sons off the quay.",
]


ELSEWHERE = [
    "The ferry will not sail again before the autumn storms have passed over the islands.",
    "Nobody in the council has asked the fishermen what they need this winter.",
]


def test_short_sentences_beside_a_tying_one_count_as_translated():
    """Once one sentence ties two statements, shorter sentences with fewer words in common
    (told/sent, anyone/anybody) count too, so that the whole statement is seen as one."""
    from quotes.matching import compare, sentence_list

    one = [s for t in LONG_ONE for s in sentence_list(t)]
    other = [s for t in LONG_OTHER for s in sentence_list(t)]
    result = compare(one, other)
    assert result.anchored and result.sure
    assert result.new_coverage == 1.0
    alone = compare(one[2:], other[2:])
    assert not alone.anchored and not alone.sure


def test_past_forms_and_without_fold_like_their_verb():
    """ "held"/"hold", "gave"/"give" are one verb, and "without" is a negation like "no"."""
    from quotes.matching import content

    assert content(words("The crews held the line")) == content(words("The crews hold the line"))
    assert "not" in content(words("four months without rotation"))


def test_the_same_person_links_on_one_tying_sentence():
    """A named speaker's statement whose one long sentence is a translation of a sentence of
    the same person's quote joins it, though the rest of each was printed apart."""
    a = archive(said("Ilse Varnhagen", TRANSLATED[0][0], LONG_ONE[0], LONG_ONE[2]), "a.txt")
    b = archive(said("Ilse Varnhagen", TRANSLATED[0][1], *ELSEWHERE), "b.txt")
    assert quotes_of(a) == quotes_of(b)


def test_one_tying_sentence_is_not_enough_for_an_unnamed_speaker():
    """The same printings, credited to nobody by name, stay apart: a merge suggestion."""
    a = archive(said("One harbour official", TRANSLATED[0][0], LONG_ONE[0], LONG_ONE[2]), "a.txt")
    b = archive(said("Another official", TRANSLATED[0][1], *ELSEWHERE), "b.txt")
    assert not quotes_of(a) & quotes_of(b)
    assert MergeSuggestion.objects.exists()


def test_short_sentences_all_found_tie_two_statements():
    """Short sentences that each share only a few content words tie two statements when
    every sentence of one is found in the other; one such sentence alone does not."""
    from quotes.matching import compare, sentence_list

    one = sentence_list(
        "The children did not even cry. They are used to the sirens by now. That is the worst part."
    )
    other = sentence_list("The kids didn't even cry. They're used to sirens by now.")
    assert compare(other, one).sure
    assert not compare(other[:1], one).anchored


def test_two_short_sentences_in_the_same_order_tie_two_statements():
    """Two short translated sentences that follow one another in both printings tie the
    statements; the same two in the opposite order do not."""
    from quotes.matching import compare, sentence_list

    one = sentence_list(
        "Of the whole crew, only eleven sailors are still alive. The captain did not know "
        "about the mines in the harbour. Nobody told us anything."
    )
    other = sentence_list(
        "From the whole crew only eleven men are alive. The captain did not know that the "
        "harbour will be under mines. We were sure the ferry was going to Larvik."
    )
    assert compare(other, one).sure
    assert not compare([other[1], other[0], other[2]], one).anchored
