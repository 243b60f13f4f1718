"""Printings that change the meaning against the statement's other printings
(quotes.lineage.flag, pure), each named with the words on both sides. All text is invented."""

from datetime import date

import pytest

from quotes.lineage import PrintingIn, flag

SAID = "The pumping station in Orlivka is not flooded, and some pumps may run by 3 May."


def flags(*texts, speakers=None, elsewhere=()):
    printings = [
        PrintingIn(
            key=n,
            text=text,
            printed=date(2031, 5, 1 + n),
            order=n,
            speaker=(speakers or {}).get(n, "Ivanna Rudko"),
        )
        for n, text in enumerate(texts)
    ]
    return [(f.printing, f.kind, f.others, f.printed) for f in flag(printings, elsewhere=elsewhere)]


@pytest.mark.parametrize(
    "altered, kind, others, printed",
    [
        (
            "The pumping station in Orlivka is flooded, and some pumps may run by 3 May.",
            "negation_dropped",
            "Orlivka is not flooded and",
            "Orlivka is flooded and",
        ),
        (
            "The pumping station in Orlivka is not flooded, and some pumps will run by 3 May.",
            "qualifier_dropped",
            "some pumps may run by",
            "some pumps will run by",
        ),
        (
            "The pumping station in Orlivka is not flooded, and some pumps may run by 8 May.",
            "date_changed",
            "run by 3 May",
            "run by 8 May",
        ),
        (
            "The pumping station in Vilshanka is not flooded, and some pumps may run by 3 May.",
            "place_changed",
            "station in Orlivka is not",
            "station in Vilshanka is not",
        ),
    ],
)
def test_a_change_of_meaning_is_flagged_with_the_words_on_both_sides(
    altered, kind, others, printed
):
    assert flags(SAID, SAID, altered) == [(2, kind, others, printed)]


def test_a_misspelling_or_a_plain_rewording_is_no_alteration():
    respelt = "The pumping station in Orlivka is not flooded, and some pumps may start by 3 May."
    assert flags(SAID, SAID, respelt.replace("Orlivka", "Orlivca")) == []


def test_a_changed_number_outside_a_date():
    said = "Nine boats left the harbour at dawn."
    assert flags(said, said, "Five boats left the harbour at dawn.") == [
        (2, "number_changed", "Nine boats left", "Five boats left")
    ]


def test_a_cut_that_makes_it_say_the_opposite():
    said = "It is a lie that the dam at Orlivka has failed."
    assert flags(said, said, "the dam at Orlivka has failed")[0][:2] == (2, "cut_to_opposite")


def test_a_sentence_from_another_statement_is_a_splice():
    other = "The schools will open on Monday."
    found = flags(SAID, SAID, f"{SAID} {other}", elsewhere=[other])
    assert found == [(2, "splice", other.rstrip("."), other.rstrip("."))]


def test_a_printing_crediting_someone_else_names_both():
    assert flags(SAID, SAID, SAID, speakers={2: "Marko Zhelezniak"}) == [
        (2, "wrong_speaker", "Ivanna Rudko", "Marko Zhelezniak")
    ]


def test_translations_are_not_compared_with_the_original():
    printings = [
        PrintingIn(
            key="uk", text="Насосна станція не затоплена.", printed=date(2031, 5, 1), language="uk"
        ),
        PrintingIn(
            key="en",
            text="The pumping station is flooded.",
            printed=date(2031, 5, 2),
            language="en",
        ),
    ]
    assert flag(printings) == []


def test_a_cut_clause_with_a_negation_is_not_a_denial():
    """Trimming "We will not leave the dam, and" off a sentence leaves what was said; only a
    denial put before its object ("It is not true that ...") turns it round."""
    said = "We will not leave the dam, and we laid sandbags before dawn."
    assert flags(said, said, "we laid sandbags before dawn") == []
