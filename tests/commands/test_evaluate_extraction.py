"""evaluate_extraction: the figures, and the targets it holds the archive to."""

from quotes.evaluation import Scores


def scores(**changes):
    base = dict(
        gold_sentences=10,
        found_sentences=10,
        recall=1.0,
        appearances=5,
        quoted_appearances=5,
        precision=1.0,
        speaker_accuracy=1.0,
        unit_accuracy=1.0,
        gold_links=4,
        found_links=4,
        link_recall=1.0,
        false_links=0,
        misses=[],
    )
    return Scores(**{**base, **changes})


def test_targets_met_leave_no_shortfall():
    """Figures at or above every target give no shortfall."""
    assert scores(recall=0.98, speaker_accuracy=0.95).shortfalls() == []


def test_each_missed_target_is_named():
    """A figure under its target, or any false link, is reported by name."""
    assert scores(recall=0.9, false_links=1).shortfalls() == [
        "recall 0.900 < 0.98",
        "false links 1 > 0",
    ]
