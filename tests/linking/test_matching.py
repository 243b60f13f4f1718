"""Linking one statement across outlets: reworded, cut, split and partial printings join one
quote; different statements and different speakers never do; doubtful cases are suggested."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from archive.services import archive_article
from quotes.matching import find_matches, fingerprint_keys
from quotes.models import AttributionConflict, Fingerprint, MergeSuggestion, Quote
from tests.factories import PrintingFactory

pytestmark = pytest.mark.django_db

HULLS = "The hulls are rusting through below the waterline on every boat."
FIRST = (
    "Ferry captain Runa Elvestad spoke at the harbour on Monday.\n\n"
    "“Passengers, crews of the northern line, finally take off your rose-colored glasses "
    f"and look at the state of these boats. {HULLS} We patch them "
    "every week,” she said.\n"
)


def archive(text, name):
    article, _ = archive_article(raw=text.encode(), source_file=name, publish=True)
    return article


def quotes_of(article):
    return {a.quote.pk for a in article.printings.select_related("quote")}


def test_reworded_copy_joins_the_quote():
    """Another outlet's wording ('rose-tinted spectacles') links to the same quote."""
    a = archive(FIRST, "a.txt")
    b = archive(
        "Runa Elvestad, a ferry captain, said: 'Passengers, crews of the northern line, "
        "finally take off your rose-tinted spectacles and look at the state of these boats.'\n",
        "b.txt",
    )
    assert quotes_of(a) == quotes_of(b)
    assert Quote.objects.count() == 1


def test_partial_printing_joins_the_quote():
    """An outlet that printed only one sentence of the statement links to it."""
    a = archive(FIRST, "a.txt")
    b = archive(
        f"Captain Runa Elvestad said: “{HULLS}”\n\n"
        "The ministry did not answer questions about the northern ferry line on Monday.\n",
        "b.txt",
    )
    assert quotes_of(b) <= quotes_of(a)


def test_statement_split_in_two_quotations_is_one_quote():
    """An outlet that cut the statement into two quotations, each joining the other outlet's
    single quotation, gives one quote, and a quote shown to be the same is merged."""
    a = archive(
        f"Runa Elvestad, a ferry captain, said: “{HULLS}”\n\n"
        "The ministry has promised an inspection before the winter timetable starts.\n\n"
        "Asked about the crews, Ms Elvestad said: “We patch them every week and "
        "nobody in the capital has ever come to look.”\n",
        "a.txt",
    )
    assert len(quotes_of(a)) == 2  # two statements as far as this article shows
    b = archive(
        f"Ferry captain Runa Elvestad said: “{HULLS} We patch them "
        "every week and nobody in the capital has ever come to look.”\n",
        "b.txt",
    )
    [survivor] = quotes_of(b)
    assert {q.merged_into_id or q.pk for q in Quote.objects.filter(pk__in=quotes_of(a))} == {
        survivor
    }
    assert Quote.objects.get(pk=survivor).printings.count() == 3


def test_different_statements_stay_apart():
    """Two different statements by one speaker are two quotes."""
    a = archive(FIRST, "a.txt")
    b = archive(
        "Runa Elvestad said: “The winter timetable will cut the evening crossing, and the "
        "island schools will have to change their hours.”\n",
        "b.txt",
    )
    assert not quotes_of(a) & quotes_of(b)


def test_copy_credited_to_another_named_speaker_is_a_conflict():
    """The same words credited to another named speaker join the first speaker's quote, which
    keeps its speaker; the archivist is shown the conflict."""
    a = archive(FIRST, "a.txt")
    b = archive(FIRST.replace("Runa Elvestad", "Per Ostvold").replace("she", "he"), "b.txt")
    assert quotes_of(a) == quotes_of(b)
    assert Quote.objects.get().person.name == "Runa Elvestad"
    conflict = AttributionConflict.objects.get(status=AttributionConflict.Status.OPEN)
    assert conflict.printing.article == b


def test_two_named_speakers_with_alike_words_are_never_joined():
    """Another named speaker's statement that shares only one sentence with a quote is not
    linked to it, though it would be for an unnamed speaker: a merge suggestion at most."""
    a = archive(FIRST, "a.txt")
    b = archive(
        f"Per Ostvold said: “{HULLS} The winter timetable will cut the evening crossing.”\n",
        "b.txt",
    )
    assert not quotes_of(a) & quotes_of(b)
    assert not AttributionConflict.objects.exists()
    assert MergeSuggestion.objects.exists()


def test_doubtful_match_is_suggested_not_linked():
    """A printing that shares only a short sentence with a quote stays apart, with a merge
    suggestion for the archivist."""
    a = archive(FIRST, "a.txt")
    b = archive(
        "Runa Elvestad said: “We patch them every week. The new engines from the yard in "
        "the south arrive in March, and the crews will be trained on them by April.”\n",
        "b.txt",
    )
    assert not quotes_of(a) & quotes_of(b)
    suggestion = MergeSuggestion.objects.get()
    assert {suggestion.quote_id, suggestion.candidate_id} == quotes_of(a) | quotes_of(b)


def invented_sentence(n):
    """Twelve made-up words, different for each n."""
    rng = random.Random(n)
    syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "to", "ve", "bri", "dan", "fel", "gor"]
    made_up = ("".join(rng.choices(syllables, k=3)) for _ in range(12))
    return " ".join(made_up).capitalize() + "."


def stored(texts):
    for text in texts:
        printing = PrintingFactory(quote__text=text)
        Fingerprint.objects.bulk_create(
            Fingerprint(printing=printing, key=k) for k in fingerprint_keys(text)
        )


def test_candidates_come_from_the_index():
    """Looking up a statement runs the same few queries however many quotes are stored, and
    finds the one it repeats."""
    wanted = invented_sentence(7)
    stored(invented_sentence(n) for n in range(40))
    with CaptureQueriesContext(connection) as few:
        find_matches([wanted], person=None)
    stored(invented_sentence(n) for n in range(40, 200))
    with CaptureQueriesContext(connection) as many:
        sure, _ = find_matches([wanted], person=None)
    assert len(many) == len(few) <= 5
    assert [q.text for q in sure] == [wanted]


def test_the_compiled_stemmer_stems_as_snowballs_own_english_stemmer():
    """Stored fingerprint keys hash word stems, so the compiled stemmer that matching uses
    (PyStemmer, for speed) must stem every word as the pure-Python Snowball stemmer does."""
    from pathlib import Path

    import regex
    from snowballstemmer.english_stemmer import EnglishStemmer

    from quotes.matching.stems import _STEMMER

    assert type(_STEMMER).__module__ == "Stemmer"  # the compiled one is installed and used
    root = Path(__file__).resolve().parents[2]
    texts = [*(root / "tests" / "corpus").rglob("*.txt"), *(root / "demo").rglob("*.txt")]
    words = {w for p in texts for w in regex.findall(r"\p{Ll}+", p.read_text("utf-8").lower())}
    # Suffixes the algorithm strips in its steps, on words the texts may not inflect.
    words |= {w + end for w in list(words)[:2000] for end in ("s", "ed", "ing", "ly", "ness")}
    assert len(words) > 5000
    pure = EnglishStemmer()
    assert [_STEMMER.stemWord(w) for w in sorted(words)] == [
        pure.stemWord(w) for w in sorted(words)
    ]
