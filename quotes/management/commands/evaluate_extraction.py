"""python manage.py evaluate_extraction SET... : quality figures on gold corpora, side by side."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from quotes.evaluation import import_folder, score, targets_for

FIGURES = [
    ("sentence recall", "recall", "found_sentences", "gold_sentences"),
    ("precision", "precision", "quoted_appearances", "appearances"),
    ("speaker accuracy", "speaker_accuracy", None, None),
    ("unit accuracy", "unit_accuracy", None, None),
    ("link recall", "link_recall", "found_links", "gold_links"),
]


class Command(BaseCommand):
    help = (
        "Import each SET folder (articles, manifest.jsonl and gold.json) into its own scratch "
        "database and print recall, precision, speaker and unit accuracy, link recall and false "
        "links against its gold.json, the sets side by side, then each article's misses."
    )

    def add_arguments(self, parser):
        parser.add_argument("sets", nargs="+", type=Path, help="folders holding gold.json")
        parser.add_argument("--json", action="store_true", help="print the figures as JSON")
        parser.add_argument(
            "--check", action="store_true", help="exit with an error if a target is missed"
        )

    def handle(self, *args, **options):
        results = {}
        for folder in options["sets"]:
            gold_file = folder / "gold.json"
            if not gold_file.is_file():
                raise CommandError(f"{folder}: no gold.json in this folder")
            gold = json.loads(gold_file.read_text(encoding="utf-8"))
            results[folder.name] = self.evaluate(folder, gold)

        if options["json"]:
            self.stdout.write(
                json.dumps(
                    {name: scores.as_dict() for name, (scores, _) in results.items()},
                    indent=2,
                    ensure_ascii=False,
                )
            )
        else:
            self.report(results)

        shortfalls = [
            f"{name}: {line}"
            for name, (scores, _) in results.items()
            for line in scores.shortfalls(targets_for(name))
        ]
        if options["check"] and shortfalls:
            raise CommandError("below target: " + "; ".join(shortfalls))

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

    def report(self, results):
        names = list(results)
        width = 18
        lines = [f"{'':20}" + "".join(f"{name:>{width}}" for name in names)]
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
        self.stdout.write("\n".join(lines))
