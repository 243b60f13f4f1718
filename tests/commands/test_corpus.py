"""The shared reference corpus: statements printed twice become one quote with both articles,
and extraction meets its quality targets (docs/quality.md)."""

import json
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command

from quotes.evaluation import import_folder, score, targets_for
from quotes.models import Quote
from quotes.services import lifecycle

pytestmark = [pytest.mark.corpus, pytest.mark.django_db]


@pytest.fixture
def gold(corpus_dir):
    return json.loads((corpus_dir / "gold.json").read_text(encoding="utf-8"))


@pytest.fixture
def exported(corpus_dir, tmp_path):
    call_command("import_articles", str(corpus_dir), publish=True)
    # What the machine was unsure of waits for review: an archivist publishes it after.
    lifecycle.publish(Quote.objects.filter(status=Quote.Status.SUGGESTED), note="reviewed")
    out = tmp_path / "quotes.jsonl"
    call_command("export_quotes", output=str(out))
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def test_statements_printed_twice_list_both_articles(exported, gold, client):
    """Each statement that two articles printed is one quote whose permalink page lists
    both articles, with their outlets where known."""
    twice = {}
    for entry in gold["articles"]:
        for o in entry["occurrences"]:
            if o["kind"] == "quote" and o["utterance"]:
                twice.setdefault(o["utterance"], {}).setdefault(entry["file"], o["text"])
    twice = {u: files for u, files in twice.items() if len(files) > 1}
    assert twice, "the corpus has statements printed by two articles"
    for utterance, files in twice.items():
        holders = [
            r
            for r in exported
            if all(any(text in a["text"] for a in r["appearances"]) for text in files.values())
        ]
        assert holders, f"{utterance} is not one quote carrying {sorted(files)}"
        record = holders[0]
        sources = {a["article"]["source_file"] for a in record["appearances"]}
        assert set(files) <= sources
        page = client.get(urlsplit(record["permalink"]).path)
        assert page.status_code == 200
        for printing in record["appearances"]:
            if printing["article"]["outlet"]:
                assert printing["article"]["outlet"] in page.content.decode()


def test_quality_targets(corpus_dir, gold):
    """Recall, precision, speaker and unit accuracy, and link recall 1.000 and no false links
    on the reference corpus."""
    assert import_folder(corpus_dir) == []
    scores = score(gold)
    assert scores.shortfalls(targets_for("seeds")) == [], "\n".join(scores.misses)
    assert scores.gold_sentences == 85 and scores.gold_links > 0  # the whole gold file counted


def test_quality_targets_on_the_dev_set(corpus_dir):
    """On the dev set (other outlets, not what the rules grew from): recall and precision at
    least 0.95, speaker accuracy 0.95, unit accuracy 0.90, link recall 0.66, no false links."""
    dev = corpus_dir.parent / "dev"
    gold = json.loads((dev / "gold.json").read_text(encoding="utf-8"))
    assert import_folder(dev) == []
    scores = score(gold)
    assert scores.shortfalls(targets_for("dev")) == [], "\n".join(scores.misses)
    counted = sum(o["kind"] == "quote" for a in gold["articles"] for o in a["occurrences"])
    assert scores.gold_sentences == counted and scores.gold_links > 0
