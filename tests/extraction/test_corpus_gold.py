"""The extractor on the seeds corpus (the quality figures themselves are scored through the
database by quotes/evaluation.py: tests/commands/test_corpus.py)."""

import pytest

from quotes.extraction import extract

pytestmark = pytest.mark.corpus


def test_statement_groups(corpus_dir):
    """A quotation cut by 'he added' and continued in the next paragraph is one statement;
    so is one cut by 'he said.' inside a paragraph."""
    body = (corpus_dir / "000_4e2169120699dc9f.txt").read_text(encoding="utf-8")
    quotes = [q for q in extract(body).quotations if q.kind == "quote"]
    statements = [q.statement for q in quotes]
    assert statements[0] == statements[1]
    assert statements[-1] == statements[-2]
    assert len(set(statements)) == 4  # four speakers, one statement each
