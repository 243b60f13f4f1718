"""python manage.py evaluate_lineage SET... : lineage and alteration figures on gold sets."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from quotes.lineage.scoring import TARGETS, Figures, score_set


class Command(BaseCommand):
    help = (
        "Score lineage (which printing each printing took its words from) and alterations "
        "(printings that change the meaning) on each SET folder's lineage.json "
        "(tests/corpus/lineage-*): edge accuracy where the evidence decides, edges to a "
        "later printing, alteration recall and precision, each set and all together, then "
        "what was missed. With --check, fail when the total misses a target of issue 31."
    )

    def add_arguments(self, parser):
        parser.add_argument("sets", nargs="+", type=Path)
        parser.add_argument("--check", action="store_true", help="Fail below the targets.")

    def handle(self, *args, sets, check, **options):
        total = Figures()
        rows = []
        for folder in sets:
            if not (folder / "lineage.json").is_file():
                raise CommandError(f"{folder} holds no lineage.json.")
            figures = score_set(folder)
            total.add(figures)
            rows.append((folder.name, figures))
        rows.append(("all", total))
        self.stdout.write(
            f"{'set':<12} {'edges':>7} {'edge acc.':>10} {'later':>6} "
            f"{'flags':>6} {'recall':>7} {'precision':>10}"
        )
        for name, f in rows:
            self.stdout.write(
                f"{name:<12} {f.right:>3}/{f.edges:<3} {f.edge_accuracy:>10.3f} {f.later:>6} "
                f"{f.true_flags:>6} {f.recall:>7.3f} {f.precision:>10.3f}"
            )
        for miss in total.misses:
            self.stdout.write(f"  {miss}")
        verdict = "PASS" if total.passes() else "FAIL"
        self.stdout.write(
            f"{verdict}: edge accuracy >= {TARGETS['edge_accuracy']}, "
            f"{TARGETS['later_edges']} edges to a later printing, alteration recall >= "
            f"{TARGETS['recall']} and precision >= {TARGETS['precision']}"
        )
        if check and not total.passes():
            raise CommandError("Lineage misses its targets.")
