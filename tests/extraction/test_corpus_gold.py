"""The extractor against the hand-made gold standard of the seeds corpus."""

from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"

pytestmark = pytest.mark.corpus


@pytest.fixture(scope="module")
def result():
    if not (CORPUS / "seeds" / "gold.json").exists():
        pytest.skip(f"corpus not found at {CORPUS}: the gold-standard figures need it")
    from bench.score_extraction import score

    return score(CORPUS)


def test_every_gold_quote_sentence_is_found(result):
    """Each quoted sentence the archivist marked is inside some extracted quotation."""
    assert result.ratio(result.recall) >= 0.98, result.misses


def test_extracted_quotations_are_real(result):
    """Extracted quotations overlap something the archivist marked as quoted."""
    assert result.ratio(result.precision) >= 0.98, result.misses


def test_speakers_match_gold(result):
    """Found quote sentences are pinned on the gold speaker, or on nobody when the article
    names nobody."""
    assert result.ratio(result.speaker) >= 0.95, result.misses


def test_units_match_gold(result):
    """A speaker with a unit in the gold standard has that unit."""
    assert result.ratio(result.unit) >= 0.95, result.misses


def test_statement_groups():
    """A quotation cut by 'he added' and continued in the next paragraph is one statement;
    so is one cut by 'he said.' inside a paragraph."""
    if not (CORPUS / "seeds").exists():
        pytest.skip(f"corpus not found at {CORPUS}")
    from quotes.extraction import extract

    body = (CORPUS / "seeds" / "000_4e2169120699dc9f.txt").read_text(encoding="utf-8")
    quotes = [q for q in extract(body).quotations if q.kind == "quote"]
    statements = [q.statement for q in quotes]
    assert statements[0] == statements[1]
    assert statements[-1] == statements[-2]
    assert len(set(statements)) == 4  # four speakers, one statement each
