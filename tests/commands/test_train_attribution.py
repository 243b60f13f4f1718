"""train_attribution: fitting the attribution model on gold sets, and checking the stored one."""

import json

import pytest
from django.core.management import CommandError, call_command

from quotes import training
from quotes.extraction.candidates import FEATURES
from quotes.extraction.ranking import Model
from quotes.gold import read_set

# Two invented outlets each printing a harbour master and a council chair: the journalist
# named last before "she said" is not who spoke.
ARTICLES = {
    "a.txt": (
        "Pier stays shut\n\n"
        "Harbour master Ilse Vantongeren spoke after the council vote on Monday.\n\n"
        "Reporter Marta Kell of the Harbour Post asked about the timber.\n\n"
        '"The pier reopens in May. We have the timber," she said.\n\n'
        '"The council has not decided anything," council chair Piet Oord said.\n'
    ),
    "b.txt": (
        "Council delays pier\n\n"
        "Harbour master Ilse Vantongeren defended the plan.\n\n"
        '"The pier reopens in May," Vantongeren said.\n\n'
        'Council chair Piet Oord disagreed. "The council has not decided anything," he said.\n'
    ),
}


def occurrence(utterance, speaker, text):
    return {"utterance": utterance, "speaker": speaker, "kind": "quote", "text": text}


GOLD = {
    "speakers": {
        "V": {"name": "Ilse Vantongeren", "keys": ["vantongeren"], "unit": None},
        "O": {"name": "Piet Oord", "keys": ["oord"], "unit": None},
    },
    "units": {},
    "articles": [
        {
            "file": "a.txt",
            "occurrences": [
                occurrence("V-may", "V", "The pier reopens in May."),
                occurrence("V-timber", "V", "We have the timber,"),
                occurrence("O-not", "O", "The council has not decided anything,"),
            ],
        },
        {
            "file": "b.txt",
            "occurrences": [
                occurrence("V-may", "V", "The pier reopens in May,"),
                occurrence("O-not", "O", "The council has not decided anything,"),
            ],
        },
    ],
}


def gold_set(folder, name):
    folder = folder / name
    folder.mkdir()
    for file, text in ARTICLES.items():
        (folder / file).write_text(text, encoding="utf-8")
    (folder / "manifest.jsonl").write_text(
        "".join(json.dumps({"file": f, "outlet": f"{name} {f}"}) + "\n" for f in ARTICLES),
        encoding="utf-8",
    )
    (folder / "gold.json").write_text(json.dumps(GOLD), encoding="utf-8")
    return folder


def test_each_gold_quotation_gives_its_candidates_labelled(tmp_path):
    """Every quotation the gold marks becomes a choice among its candidates, the gold
    speaker's labelled right and weighted by the gold sentences it holds."""
    examples = training.examples(read_set(gold_set(tmp_path, "one")))
    assert len(examples.rows) == 4
    first = examples.rows[0]
    assert first.weight == 2  # "The pier reopens in May. We have the timber,"
    assert sum(first.labels) == 1
    assert all(len(row) == len(FEATURES) for row in first.rows)
    assert examples.unreachable == 0


def test_fit_makes_the_right_candidates_likeliest(tmp_path):
    """The fitted weights choose the gold speaker of every training quotation."""
    examples = training.examples(read_set(gold_set(tmp_path, "one")))
    model = training.fit(examples.rows)
    for example in examples.rows:
        scores = [model.score(dict(zip(FEATURES, row, strict=True))) for row in example.rows]
        assert example.labels[scores.index(max(scores))]


def test_writes_the_model_and_checks_it(tmp_path, capsys):
    """The command writes the weights, the threshold chosen from the sets left out and the
    figures; --check passes on that file and fails, naming the fix, on any other."""
    sets = [gold_set(tmp_path, "one"), gold_set(tmp_path, "two")]
    output = tmp_path / "attribution.json"
    call_command("train_attribution", *map(str, sets), output=output)
    data = json.loads(output.read_text(encoding="utf-8"))
    assert data["features"] == FEATURES
    assert set(data["about"]["figures"]) == {"one", "two"}
    assert "left out" in capsys.readouterr().out
    Model.from_json(data)  # readable by the app
    call_command("train_attribution", *map(str, sets), output=output, check=True)
    output.write_text(output.read_text(encoding="utf-8").replace('"bias"', '"bias" '))
    with pytest.raises(CommandError, match="make train"):
        call_command("train_attribution", *map(str, sets), output=output, check=True)


def test_a_folder_without_gold_is_refused(tmp_path):
    with pytest.raises(CommandError, match="no gold.json"):
        call_command("train_attribution", str(tmp_path))
