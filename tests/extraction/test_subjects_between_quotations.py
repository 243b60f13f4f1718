"""Who a quotation belongs to when someone else enters the text: an unnamed person introduced
after an adverbial or with a participle phrase, a descriptor named later by apposition, a body
credited by the verbs of translated copy, and a quotation that follows another subject."""

import pytest

from quotes.extraction import extract
from quotes.extraction.speech import SPEECH_VERB

FIRST = (
    "Colonel Bohdan Rylko, of the 61st Mechanised Brigade, said the road was cut. "
    "\u201cWe hold the bridge,\u201d he said.\n"
)


def attributed(body):
    return [(q.speaker, q.speaker_description) for q in extract(body).quotations]


@pytest.mark.parametrize(
    ("paragraph", "description"),
    [
        (
            "Outside, a volunteer in a torn yellow vest was sitting on a kerb, his hands grey "
            "with dust. \u201cWe pulled four people out of the cellar,\u201d he said.\n",
            "a volunteer",
        ),
        (
            "At a field hospital two streets away, a paramedic who asked not to be named "
            "described the injuries. \u201cMost of them are burns,\u201d she said.\n",
            "a paramedic",
        ),
        (
            "Also another prisoner, a young conscript, said that he wants only one thing. "
            "\u201cI just want to go home,\u201d he told.\n",
            "another prisoner",
        ),
        (
            "A younger soldier sitting beside him, a conscript who refused to give his name, "
            "added: \u2018We had no food for three days.\u2019\n",
            "a younger soldier",
        ),
        (
            "Slowly, an older woman in a grey coat walked to the gate. "
            "\u201cWe hid in the cellar all night,\u201d she said.\n",
            "an older woman",
        ),
    ],
)
def test_a_new_unnamed_subject_after_an_adverbial_moves_the_focus(paragraph, description):
    """An unnamed person who is the subject of a sentence opening with an adverbial
    ('Outside,', 'At a field hospital two streets away,', 'Also'), or who carries a participle
    phrase or a relative clause, is who the next quotation is from, not the colonel."""
    assert attributed(FIRST + paragraph)[1] == (None, description)


@pytest.mark.parametrize(
    "paragraph",
    [
        "He told a volunteer that the road was open. \u201cWe can go now,\u201d he said.\n",
        "Outside, he told a volunteer in a vest that the road was open. "
        "\u201cWe can go now,\u201d he said.\n",
        "In the morning, the colonel met a volunteer in a torn vest. "
        "\u201cWe can go now,\u201d he said.\n",
    ],
)
def test_an_unnamed_object_does_not_move_the_focus(paragraph):
    """A volunteer spoken to or met is an object: 'he' is still the colonel."""
    assert attributed(FIRST + paragraph)[1] == ("Bohdan Rylko", "")


def test_a_descriptor_named_by_apposition_said_it_all():
    """'The volunteer, X, 41, a driving instructor before the war, has spent ...' after a
    quotation from 'a volunteer': that quotation is X's, with no description."""
    body = (
        FIRST + "Outside, a volunteer in a torn yellow vest was sitting on a kerb. "
        "\u201cWe pulled four people out of the cellar,\u201d he said.\n"
        "The volunteer, Yarema Dovbush, 41, a driving instructor before the war, has spent a "
        "month on the street.\n"
    )
    assert attributed(body) == [("Bohdan Rylko", ""), ("Yarema Dovbush", "")]


def test_a_descriptor_named_in_the_attribution_said_it_all():
    """'The medic, X, said ...' and '"...," the medic, X, said.' name the medic quoted
    before; 'The doctor, X,' names someone else and leaves 'a medic' unnamed."""
    opening = (
        FIRST + "A medic from the same unit was less sure. "
        "\u201cWe lose people every day,\u201d she said.\n"
    )
    for naming in (
        "The medic, Olena Hrytsak, said the clinic had no power.\n",
        "\u201cThere is no power at all,\u201d the medic, Olena Hrytsak, said.\n",
    ):
        assert attributed(opening + naming)[1] == ("Olena Hrytsak", ""), naming
    body = opening + "The doctor, Olena Hrytsak, said the clinic had no power.\n"
    assert attributed(body)[1] == (None, "a medic")


@pytest.mark.parametrize(
    "verb", ["informs", "informed", "reports", "underlined", "emphasized", "emphasised", "stressed"]
)
def test_translated_verbs_credit_a_body_after_the_quotation(verb):
    """'"...," informs the Headquarters.' credits the body by its description, with no
    person, whatever the verb of translated copy."""
    body = (
        FIRST + "\u201cAll of the exchanged men are being treated in hospitals,\u201d "
        f"{verb} the Coordination Headquarters for the return of prisoners.\n"
    )
    assert attributed(body)[1] == (
        None,
        "the Coordination Headquarters for the return of prisoners",
    )


def test_translated_verbs_after_a_name():
    """'"...," underlined X.' and '"...," he emphasised.' credit the person."""
    body = (
        FIRST + "\u201cWe must hold the line,\u201d underlined Rylko.\n"
        "\u201cThe bridge is ours,\u201d he emphasised.\n"
    )
    assert [speaker for speaker, _ in attributed(body)] == ["Bohdan Rylko"] * 3


def test_a_compound_ending_in_a_verb_is_no_verb():
    """'well-informed' and 'self-described' hold no speech verb."""
    assert SPEECH_VERB.search("a well-informed aide") is None
    assert SPEECH_VERB.search("a self-described patriot") is None
    assert SPEECH_VERB.search("the aide informed us") is not None


def test_as_a_body_noted_credits_the_body():
    """'As the Headquarters noted, "..."' credits the body, with no person."""
    body = (
        FIRST + "As the Headquarters noted, \u201cevery family that applies does so freely.\u201d\n"
    )
    assert attributed(body)[1] == (None, "the Headquarters")


def test_a_body_between_makes_a_quotation_not_the_previous_speakers():
    """A quotation in the next paragraph with no attribution of its own, after 'As the
    Coordination Headquarters ... noted, ...', is the body's, not the colonel's; 'he' after
    it is still the colonel."""
    body = (
        FIRST + "As the Coordination Headquarters for the return of prisoners noted, all the "
        "men came of their own will. \u201cEach man who applies does it voluntarily.\u201d\n"
        "\u201cNobody was forced to come here,\u201d he said.\n"
    )
    assert attributed(body)[2] == ("Bohdan Rylko", "")
    assert attributed(body)[1] == (
        None,
        "the Coordination Headquarters for the return of prisoners",
    )


def test_a_person_between_makes_a_quotation_not_the_previous_speakers():
    """A new person or unnamed person introduced in the paragraph of an unattributed
    quotation takes it; with nobody between, it continues the colonel's statement."""
    body = FIRST + "Oksana Lysenko, a nurse, walked in. \u201cThere are forty wounded here.\u201d\n"
    assert attributed(body)[1] == ("Oksana Lysenko", "")
    body = FIRST + "A nurse walked in. \u201cThere are forty wounded here.\u201d\n"
    assert attributed(body)[1] == (None, "a nurse")
    body = FIRST + "\u201cThere are forty wounded here.\u201d\n"
    quotations = extract(body).quotations
    assert quotations[1].speaker == "Bohdan Rylko"
    assert quotations[1].statement == quotations[0].statement
