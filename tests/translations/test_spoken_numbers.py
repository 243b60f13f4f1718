"""Numbers and months written in words are anchors of a translation as digits are: "two
hundred" and «двісті» agree, "in March" and «в марте» agree, and "one of us" says no number."""

import pytest

from quotes.matching.evidence import weigh
from quotes.matching.spoken import months_in, numbers_in


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("more than two hundred people", {"200"}),
        ("понад двісті людей", {"200"}),
        ("более двухсот человек", {"200"}),
        ("two hundred and fifty", {"250"}),
        ("три тисячі п’ятсот", {"3500"}),
        ("twenty-five and forty", {"25", "40"}),
        ("one of us stayed", set()),
    ],
)
def test_numbers_in_words(text, numbers):
    assert numbers_in(text.replace("-", " ").split()) == numbers


def test_months_in_any_case_and_language():
    assert months_in("ще в березні".split()) == {"March"}
    assert months_in("ещё в марте".split()) == {"March"}
    assert months_in("back in March".split()) == {"March"}
    assert months_in("we may leave".split()) == set()


def test_a_translation_with_its_numbers_in_words_is_strong_evidence():
    """An invented statement and its English translation, which share no digit and no name:
    the numbers written out agree, so the evidence is strong."""
    original = "Ворог відступив за три доби. Він втратив понад двісті людей."
    translation = "The enemy retreated within three days. It lost more than two hundred people."
    evidence = weigh(original, translation)
    assert sorted(evidence.numbers) == ["200", "3"]
    assert evidence.strong


def test_other_numbers_in_words_contradict():
    evidence = weigh("Ворог втратив понад двісті людей.", "The enemy lost over three hundred men.")
    assert evidence.contradicting
    assert not evidence.strong
