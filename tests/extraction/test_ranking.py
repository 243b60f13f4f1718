"""The learned ranking: candidates for each quotation, the choice and its confidence, the
doubt an unsure choice carries, and the model extraction uses (invented text)."""

import json

from quotes.extraction import extract
from quotes.extraction.candidates import FEATURES
from quotes.extraction.ranking import WEIGHTS, Candidate, Model, current, using

TWO_SPEAKERS = (
    "Harbour master Ilse Vantongeren and council chair Piet Oord met on Monday.\n\n"
    '"The pier reopens in May," Vantongeren said.\n\n'
    '"We have the timber," she added.\n'
)


def test_the_highest_score_wins_with_its_softmax_share():
    """The candidate with the highest score is chosen; its confidence is its share of the
    candidates' softmax, and it is sure only at or above the model's threshold."""
    model = Model({"named_here": 2.0, "focus": 1.0}, threshold=0.8)
    a = Candidate(0, {"named_here": 1.0})
    b = Candidate(1, {"focus": 1.0})
    none = Candidate(None, {"none": 1.0})
    choice = model.choose([b, a, none])
    assert choice.candidate is a
    assert choice.runner_up is b
    assert round(choice.confidence, 3) == 0.665  # e^2 / (e^2 + e^1 + e^0)
    assert not choice.sure
    assert Model({"named_here": 9.0}, threshold=0.8).choose([a, b, none]).sure


def test_every_person_named_near_is_a_candidate_and_no_person_last():
    """A quotation whose attribution grammar does not settle ("she added") has every person
    named near it as a candidate, then "no person"; one whose attribution names the
    speaker has them and "no person" only."""
    seen = []

    def decide(candidates, quotation):
        seen.append(candidates)
        return current().choose(candidates)

    extract(TWO_SPEAKERS, decide=decide)
    named, pronoun = seen
    assert [c.names[:1] for c in named] == [["Ilse Vantongeren"], []]
    assert named[0].features["named_here"] == 1.0
    assert [c.names[:1] for c in pronoun] == [["Ilse Vantongeren"], ["Piet Oord"], []]
    assert pronoun[0].features["pronoun_here"] == 1.0
    assert pronoun[1].features["pronoun_here"] == 0.0
    assert pronoun[-1].person is None and pronoun[-1].features["none"] == 1.0
    assert set(pronoun[0].features) == set(FEATURES)


def test_an_unsure_choice_says_why_and_names_the_other():
    """Below the threshold the quotation carries a doubt in words and the runner-up's name;
    a sure one carries no doubt."""
    unsure = Model({"named_here": 3.0, "pronoun_here": 0.5}, threshold=0.9)
    with using(unsure):
        named, pronoun = extract(TWO_SPEAKERS).quotations
    assert named.doubt == "" and named.confidence >= 0.9
    assert pronoun.doubt == "'she' may be more than one person"
    assert pronoun.confidence < 0.9
    assert pronoun.alternatives == ["Piet Oord"]
    sure = Model({"named_here": 12.0, "pronoun_here": 12.0, "focus": 3.0}, threshold=0.5)
    with using(sure):
        quotations = extract(TWO_SPEAKERS).quotations
    assert [q.doubt for q in quotations] == ["", ""]
    assert [q.speaker for q in quotations] == ["Ilse Vantongeren", "Ilse Vantongeren"]


def test_using_puts_a_model_in_place_of_the_stored_one_and_back():
    stored = current()
    other = Model({"none": 5.0})
    with using(other):
        assert current() is other
        # "no person" wins everything
        assert extract(TWO_SPEAKERS).quotations[0].speaker is None
    assert current() is stored


def test_the_stored_weights_are_read_back_as_written():
    """attribution.json names every feature with its weight, the threshold and how it was
    trained; reading it gives the model that wrote it."""
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    assert data["features"] == FEATURES
    model = Model.from_json(data)
    assert Model.from_json(model.as_json()) == model
    assert 0 < model.threshold < 1
    assert data["about"]["threshold_from"] == "leave one set out, pooled"


def test_a_calibrated_confidence_weighs_the_kind_of_choice():
    """With a calibration the confidence is its logistic reading of the choice's evidence
    (share, margin, agreement with the rules, the kind of cue): the same share is surer
    when the attribution names the winner than when the choice continues a quotation."""
    calibration = {"bias": -1.0, "named": 4.0, "continues": -2.0, "log_share": 1.0}
    model = Model({"named_here": 2.0, "continues": 2.0}, threshold=0.8, calibration=calibration)
    none = Candidate(None, {"none": 1.0})
    named = model.choose([Candidate(0, {"named_here": 1.0}), none])
    carried = model.choose([Candidate(0, {"continues": 1.0}), none])
    assert named.evidence["named"] == 1.0 and carried.evidence["continues"] == 1.0
    assert named.confidence > 0.9 > 0.1 > carried.confidence
    assert named.sure and not carried.sure
    assert Model.from_json(model.as_json()).calibration == calibration | {
        n: 0.0 for n in ("margin", "agrees", "pronoun", "nobody", "crowded")
    }
