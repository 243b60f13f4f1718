"""The archivist's decisions on the preview, applied to an extraction before it is stored
(quotes.services.decisions): matched by place and words, never changing the extraction they
are given, and marked where they cannot be applied."""

from quotes.extraction import Extraction, Quotation, Speaker
from quotes.services.decisions import apply_decisions


def extraction():
    return Extraction(
        quotations=[
            Quotation("The dunes held.", [(0, 15)], speaker="Ada Invented", confidence=0.6),
            Quotation("The dyke did not.", [(20, 37)], speaker="Bram Madeup"),
            Quotation("Nobody was hurt.", [(40, 56)], speaker_description="the mayor"),
        ],
        speakers={
            "Ada Invented": Speaker("Ada Invented", units=["1st Dune Battalion"], rank="Major"),
            "Bram Madeup": Speaker("Bram Madeup", units=["2nd Dyke Company"]),
        },
    )


def decision(index, text, **given):
    return {"index": index, "text": text, "keep": True, "speaker": None, "units": None, **given}


def test_nothing_decided_changes_nothing():
    made = extraction()
    decided = apply_decisions(made, [decision(0, "The dunes held.")])
    assert decided.extraction == made and decided.units_given == set()


def test_a_speaker_renamed_keeps_their_rank_and_takes_the_units_given():
    made = extraction()
    given = decision(0, "The dunes held.", speaker="Ada Inventa", units=["3rd Dune Battalion"])

    decided = apply_decisions(made, [given])

    first = decided.extraction.quotations[0]
    assert (first.speaker, first.confidence, first.doubt) == ("Ada Inventa", 1.0, "")
    speaker = decided.extraction.speakers["Ada Inventa"]
    assert (speaker.rank, speaker.units) == ("Major", ["3rd Dune Battalion"])
    assert "Ada Invented" not in decided.extraction.speakers  # credited by nothing now
    assert decided.units_given == {"Ada Inventa"}
    assert made.quotations[0].speaker == "Ada Invented"  # the extraction given is untouched


def test_a_quotation_left_out_takes_its_speaker_with_it():
    decided = apply_decisions(extraction(), [decision(1, "The dyke did not.", keep=False)])
    assert [q.text for q in decided.extraction.quotations] == [
        "The dunes held.",
        "Nobody was hurt.",
    ]
    assert set(decided.extraction.speakers) == {"Ada Invented"}


def test_an_unnamed_speaker_is_described_as_given():
    given = decision(2, "Nobody was hurt.", speaker="the deputy mayor")
    third = apply_decisions(extraction(), [given]).extraction.quotations[2]
    assert (third.speaker, third.speaker_description) == (None, "the deputy mayor")


def test_a_decision_that_no_longer_fits_is_marked_and_ignored():
    moved = decision(0, "The dyke did not.", keep=False)
    gone = decision(7, "Words nobody printed.", keep=False)

    decided = apply_decisions(extraction(), [moved, gone])

    assert len(decided.extraction.quotations) == 3
    assert moved["ignored"] == "the quotation read differently when archived"
    assert gone["ignored"] == "no such quotation when archived"
