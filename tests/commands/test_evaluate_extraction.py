"""evaluate_extraction: the figures, and the targets it holds the archive to."""

import json

import pytest
from django.core.management import CommandError, call_command

from quotes.evaluation import REFERENCE_TARGETS, UNSEEN_TARGETS, Scores, targets_for


def scores(**changes):
    base = dict(
        gold_sentences=10,
        found_sentences=10,
        recall=1.0,
        printings=5,
        quoted_printings=5,
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
    assert scores().shortfalls() == []
    assert scores(speaker_accuracy=0.92, sure_share=0.8).shortfalls(UNSEEN_TARGETS) == []


def test_each_missed_target_is_named():
    """A figure under its target, or any false link, is reported by name: the reference set
    stays whole."""
    assert scores(recall=0.99, false_links=1).shortfalls() == [
        "recall 0.990 < 1.0",
        "false links 1 > 0",
    ]


def test_unseen_news_has_its_own_bar():
    """The reference set is held to the reference targets; any other set to the bar for
    unseen news, under which a unit accuracy of 0.86 passes but 0.5 does not, and what is
    published unreviewed must be right 0.97 of the time and be 80% of what is found."""
    assert targets_for("seeds") == REFERENCE_TARGETS
    assert targets_for("dev") == targets_for("any-new-set") == UNSEEN_TARGETS
    assert scores(unit_accuracy=0.86, link_recall=0.8).shortfalls(UNSEEN_TARGETS) == []
    assert scores(unit_accuracy=0.5).shortfalls(UNSEEN_TARGETS) == ["unit_accuracy 0.500 < 0.85"]
    assert scores(sure_speaker_accuracy=0.96, sure_share=0.7).shortfalls(UNSEEN_TARGETS) == [
        "sure_speaker_accuracy 0.960 < 0.97",
        "sure_share 0.700 < 0.8",
    ]


ARTICLE = (
    "Harbour talks stall\n\n"
    '"We will not sign anything before the boats are back in port," '
    "said Ilse Vantongeren, the harbour master.\n"
)


def small_set(folder, *, speaker_keys):
    folder.mkdir()
    (folder / "a.txt").write_text(ARTICLE, encoding="utf-8")
    (folder / "manifest.jsonl").write_text(
        json.dumps({"file": "a.txt", "outlet": "Harbour Post", "title": "Harbour talks stall"})
        + "\n",
        encoding="utf-8",
    )
    gold = {
        "speakers": {"V": {"name": "Ilse Vantongeren", "keys": speaker_keys, "unit": None}},
        "units": {},
        "articles": [
            {
                "file": "a.txt",
                "occurrences": [
                    {
                        "utterance": "u1",
                        "speaker": "V",
                        "kind": "quote",
                        "text": "We will not sign anything before the boats are back in port,",
                    }
                ],
            }
        ],
    }
    (folder / "gold.json").write_text(json.dumps(gold), encoding="utf-8")
    return folder


@pytest.mark.django_db(transaction=True)
def test_sets_side_by_side_with_misses_per_article(tmp_path, capsys):
    """Two sets are scored side by side; a wrong speaker is listed under its article and
    --check fails naming the set."""
    good = small_set(tmp_path / "good", speaker_keys=["vantongeren"])
    bad = small_set(tmp_path / "bad", speaker_keys=["somebody"])
    with pytest.raises(CommandError, match="bad: speaker_accuracy 0.000"):
        call_command("evaluate_extraction", str(good), str(bad), check=True)
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "== stored model"
    assert out.splitlines()[1].split() == ["good", "bad"]
    assert "good: every target met" in out
    assert "  a.txt\n    - speaker 'Ilse Vantongeren'" in out


@pytest.mark.django_db
def test_a_false_link_is_a_statement_that_meets_the_others_nowhere():
    """Two outlets that printed different halves of a statement a third printed whole are one
    statement; a fourth printing a sentence none of them has is a false link."""
    from quotes.evaluation import _false_links
    from tests.factories import ArticleFactory, PrintingFactory, QuoteFactory

    halves = ["The pier stays shut until spring.", "The boats will use the south quay."]
    other = "The mayor has resigned."
    quote = QuoteFactory()
    printed = {"a.txt": halves, "b.txt": halves[:1], "c.txt": halves[1:], "d.txt": [other]}
    gold = {"articles": []}
    for name, sentences in printed.items():
        article = ArticleFactory(source_file=name, body=" ".join(sentences))
        PrintingFactory(quote=quote, article=article, text=" ".join(sentences))
        gold["articles"].append(
            {
                "file": name,
                "occurrences": [
                    {"utterance": f"u{halves.index(s) if s in halves else 9}", "text": s}
                    for s in sentences
                ],
            }
        )
    misses = []
    assert _false_links(gold, misses) == 1
    assert misses == [
        "d.txt: false link, ['u9'] in ['d.txt'] ~ ['u0', 'u1'] in ['a.txt', 'b.txt', 'c.txt']"
    ]


@pytest.mark.django_db
def test_gold_keys_are_spellings_and_unit_keys_start_words():
    """A speaker is right when any one of the gold keys (the spellings that identify them) is
    a word of their name or an alias; a unit is right when every gold key starts a word of
    its name ("khart" of "Khartiia"), and a key that only ends a word does not count."""
    from quotes.evaluation import _speaker_right, _unit_right
    from tests.factories import MembershipFactory, PersonFactory, UnitFactory

    gold = {"speakers": {"V": {"keys": ["vantongeren", "vantongern"]}}}
    assert _speaker_right(PersonFactory(name="Ilse Vantongeren"), "V", gold)
    assert not _speaker_right(PersonFactory(name="Ilse Vanton"), "V", gold)
    person = PersonFactory(name="Marta Olvig")
    MembershipFactory(person=person, unit=UnitFactory(name="Harbour Brigade Ostrava"))
    assert _unit_right(person, {"keys": ["harb", "ostrav"]})
    assert not _unit_right(person, {"keys": ["arbour"]})
    assert not _unit_right(person, {"keys": ["harb", "36"]})


ORIGINAL = (
    "Перемовини в порту зупинилися\n\n"
    "«Ми нічого не підпишемо, доки човни не повернуться в порт», — заявила начальниця "
    "порту Ільза Вантонгерен.\n"
)


@pytest.mark.django_db(transaction=True)
def test_cyrillic_articles_are_scored_apart_and_so_are_their_translations(tmp_path, capsys):
    """A set with a Ukrainian original and its English translation shows the figures of
    each script apart, and the links between the two scripts on a line of their own; the
    whole set's figures stay what they were."""
    folder = small_set(tmp_path / "mixed", speaker_keys=["vantongeren", "вантонгерен"])
    (folder / "b.txt").write_text(ORIGINAL, encoding="utf-8")
    with open(folder / "manifest.jsonl", "a", encoding="utf-8") as manifest:
        manifest.write(json.dumps({"file": "b.txt", "outlet": "Портові новини"}) + "\n")
    gold = json.loads((folder / "gold.json").read_text(encoding="utf-8"))
    gold["articles"].append(
        {
            "file": "b.txt",
            "occurrences": [
                {
                    "utterance": "u1",
                    "speaker": "V",
                    "kind": "quote",
                    "text": "Ми нічого не підпишемо, доки човни не повернуться в порт",
                }
            ],
        }
    )
    (folder / "gold.json").write_text(json.dumps(gold), encoding="utf-8")
    call_command("evaluate_extraction", str(folder))
    lines = capsys.readouterr().out.splitlines()
    row = {line[:20].strip(): line[20:].strip() for line in lines[2:]}
    assert row["sentence recall"] == "1.000 (2/2)"
    assert row["Cyr. recall"] == "1.000 (1/1)"
    assert row["Latin recall"] == "1.000 (1/1)"
    assert row["Cyr. speaker acc."] == "1.000"
    # One pair of printings across the scripts, counted apart (linked or not).
    assert row["Latin-Cyrillic links"] in ("0.000 (0/1)", "1.000 (1/1)")
