"""python manage.py evaluate_extraction SET... : quality figures on gold corpora, side by side."""

import json
from dataclasses import replace
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from quotes.evaluation import import_folder, score, targets_for
from quotes.extraction import ranking
from quotes.gold import read_set

FIGURES = [
    ("sentence recall", "recall", "found_sentences", "gold_sentences"),
    ("precision", "precision", "quoted_printings", "printings"),
    ("speaker accuracy", "speaker_accuracy", None, None),
    ("unit accuracy", "unit_accuracy", None, None),
    ("link recall", "link_recall", "found_links", "gold_links"),
    ("sure: speaker acc.", "sure_speaker_accuracy", None, None),
    ("sure: share", "sure_share", None, None),
]
# The figures shown again over each script's articles, in the sets that print Cyrillic.
SCRIPT_FIGURES = [
    ("recall", "recall", "found_sentences", "gold_sentences"),
    ("precision", "precision", "quoted_printings", "printings"),
    ("speaker acc.", "speaker_accuracy", None, None),
    ("unit acc.", "unit_accuracy", None, None),
    ("link recall", "link_recall", "found_links", "gold_links"),
]
SCRIPTS = {"latin": "Latin", "cyrillic": "Cyr."}


class Command(BaseCommand):
    help = (
        "Import each SET folder (articles, manifest.jsonl and gold.json) into its own scratch "
        "database and print recall, precision, speaker and unit accuracy, link recall, false "
        "links, and the speaker accuracy and share of what the machine is sure of (what "
        "--publish publishes unreviewed), against its gold.json, the sets side by side, then "
        "each article's misses. With --leave-one-out, each set is scored again with an "
        "attribution model trained on the other sets alone: the honest estimate for news no "
        "set holds, which --check then holds to the targets (the reference set excepted)."
    )

    def add_arguments(self, parser):
        parser.add_argument("sets", nargs="+", type=Path, help="folders holding gold.json")
        parser.add_argument("--json", action="store_true", help="print the figures as JSON")
        parser.add_argument(
            "--check", action="store_true", help="exit with an error if a target is missed"
        )
        parser.add_argument(
            "--leave-one-out",
            action="store_true",
            help="also score each set with a model trained on the other sets",
        )
        parser.add_argument(
            "--train-on",
            nargs="*",
            type=Path,
            default=[],
            help="more gold folders to train on with --leave-one-out (not scored)",
        )

    def handle(self, *args, **options):
        folders = options["sets"]
        for folder in [*folders, *options["train_on"]]:
            if not (folder / "gold.json").is_file():
                raise CommandError(f"{folder}: no gold.json in this folder")
        runs = {"stored model": self.evaluate_all(folders, lambda name: None)}
        if options["leave_one_out"]:
            models = self.left_out_models(folders, options["train_on"])
            runs["each set left out of training"] = self.evaluate_all(folders, models.get)

        if options["json"]:
            self.stdout.write(
                json.dumps(
                    {
                        run: {name: scores.as_dict() for name, (scores, _) in results.items()}
                        for run, results in runs.items()
                    },
                    indent=2,
                    ensure_ascii=False,
                )
            )
        else:
            for run, results in runs.items():
                self.report(run, results)

        # The honest figures are held to the targets: left out where they were measured so,
        # but for the reference set, which the rules were written from.
        held = runs["stored model"]
        if options["leave_one_out"]:
            left = runs["each set left out of training"]
            held = {name: left[name] if name != "seeds" else held[name] for name in held}
        shortfalls = [
            f"{name}: {line}"
            for name, (scores, _) in held.items()
            for line in scores.shortfalls(targets_for(name))
        ]
        if options["check"] and shortfalls:
            raise CommandError("below target: " + "; ".join(shortfalls))

    def left_out_models(self, folders, train_on) -> dict:
        """For each scored set, the attribution model trained on every other set given."""
        # Imported here: training needs numpy and scipy, development dependencies, which the
        # figures without --leave-one-out do not.
        from quotes import training

        sets = {folder.name: read_set(folder) for folder in [*folders, *train_on]}
        examples = {name: training.examples(gold) for name, gold in sets.items()}
        stored = ranking.current()
        models = {}
        for folder in folders:
            rows = [e for name, ex in examples.items() if name != folder.name for e in ex.rows]
            # The stored threshold and calibration: they weigh kinds of choice, not sets
            # (make train fits them on every set's held-out choices, this one's too).
            models[folder.name] = replace(
                training.fit(rows), threshold=stored.threshold, calibration=stored.calibration
            )
        return models

    def evaluate_all(self, folders, model_for) -> dict:
        results = {}
        for folder in folders:
            gold = json.loads((folder / "gold.json").read_text(encoding="utf-8"))
            model = model_for(folder.name) or ranking.current()
            with ranking.using(model):
                results[folder.name] = self.evaluate(folder, gold)
        return results

    def evaluate(self, folder, gold):
        # A scratch database made the way the test runner makes one, so that nothing already
        # archived takes part and nothing is left behind; one per set, so that the sets'
        # figures do not depend on each other.
        real_name = connection.settings_dict["NAME"]
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        try:
            errors = import_folder(folder)
            scores = score(gold)
        finally:
            connection.creation.destroy_test_db(real_name, verbosity=0)
        for error in errors:
            self.stderr.write(f"{folder.name}: {error}")
        return scores, errors

    def script_rows(self, results, names, width) -> list[str]:
        """The figures over each script's articles (link recall among that script's
        printings), and the links between Latin and Cyrillic printings, for the sets that
        print Cyrillic; blank cells for the others."""
        if not any(results[name][0].by_script for name in names):
            return []
        lines = []
        for script, title in SCRIPTS.items():
            for label, attr, hits, total in SCRIPT_FIGURES:
                cells = []
                for name in names:
                    s = results[name][0].by_script.get(script)
                    cell = ""
                    if s is not None:
                        cell = f"{getattr(s, attr):.3f}"
                        if hits:
                            cell += f" ({getattr(s, hits)}/{getattr(s, total)})"
                    cells.append(f"{cell:>{width}}")
                lines.append(f"{title + ' ' + label:20}" + "".join(cells))
        cells = []
        for name in names:
            s = results[name][0]
            cell = ""
            if s.by_script:
                cell = f"{s.cross_link_recall:.3f} ({s.cross_found}/{s.cross_links})"
            cells.append(f"{cell:>{width}}")
        lines.append(f"{'Latin-Cyrillic links':20}" + "".join(cells))
        return lines

    def report(self, run, results):
        names = list(results)
        width = 18
        lines = [f"== {run}", f"{'':20}" + "".join(f"{name:>{width}}" for name in names)]
        for label, attr, hits, total in FIGURES:
            cells = []
            for name in names:
                s = results[name][0]
                cell = f"{getattr(s, attr):.3f}"
                if hits:
                    cell += f" ({getattr(s, hits)}/{getattr(s, total)})"
                cells.append(f"{cell:>{width}}")
            lines.append(f"{label:20}" + "".join(cells))
        lines.append(
            f"{'false links':20}"
            + "".join(f"{results[name][0].false_links:>{width}}" for name in names)
        )
        lines.extend(self.script_rows(results, names, width))
        for name in names:
            scores = results[name][0]
            targets = targets_for(name)
            short = scores.shortfalls(targets)
            lines.append("")
            lines.append(
                f"{name}: "
                + ("every target met" if not short else "below target: " + "; ".join(short))
                + " (targets: "
                + ", ".join(f"{k} >= {v}" for k, v in targets.items())
                + ", false links 0)"
            )
            by_article = {}
            for miss in scores.misses:
                article, _, what = miss.partition(": ")
                by_article.setdefault(article, []).append(what)
            for article, what in sorted(by_article.items()):
                lines.append(f"  {article}")
                lines.extend(f"    - {item}" for item in what)
        lines.append("")
        self.stdout.write("\n".join(lines))
