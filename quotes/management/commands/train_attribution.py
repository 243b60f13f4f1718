"""python manage.py train_attribution SET... : fit the attribution model on gold sets."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from quotes import training
from quotes.extraction.ranking import WEIGHTS
from quotes.gold import read_set


class Command(BaseCommand):
    help = (
        "Fit the weights that choose each quotation's speaker among its candidates on the "
        "given gold sets (a conditional logit), choose the confidence below which an "
        "attribution waits for review from the figures each set gets when left out of "
        "training, and write them to quotes/extraction/attribution.json with those figures. "
        "--check writes nothing and fails if the stored file is not what the sets give."
    )

    def add_arguments(self, parser):
        parser.add_argument("sets", nargs="+", type=Path, help="folders holding gold.json")
        parser.add_argument("--output", type=Path, default=WEIGHTS, help="where to write")
        parser.add_argument(
            "--hold",
            nargs="*",
            default=[],
            metavar="SET",
            help="sets (folder names) whose share published unreviewed the threshold may not "
            "bring under the target",
        )
        parser.add_argument(
            "--check", action="store_true", help="fail if the stored weights are out of date"
        )

    def handle(self, *args, **options):
        for folder in options["sets"]:
            if not (folder / "gold.json").is_file():
                raise CommandError(f"{folder}: no gold.json in this folder")
        sets = [read_set(folder) for folder in options["sets"]]
        model, figures = training.train(sets, hold=tuple(options["hold"]))
        text = json.dumps(model.as_json(), indent=1, ensure_ascii=False) + "\n"
        self.report(model, figures)
        output = options["output"]
        if options["check"]:
            stored = output.read_text(encoding="utf-8") if output.is_file() else ""
            if stored != text:
                raise CommandError(
                    f"{output} is not what training on these sets gives: run "
                    "`make train` and commit it"
                )
            self.stdout.write(f"{output} is up to date")
            return
        output.write_text(text, encoding="utf-8")
        self.stdout.write(f"wrote {output}")

    def report(self, model, figures):
        about = model.about
        self.stdout.write(
            f"threshold {model.threshold:.4f}: left out of training, what is at least that "
            f"sure is right {about['left_out_sure_accuracy']:.3f} of the time and is "
            f"{about['left_out_sure_share']:.1%} of the quotations"
        )
        self.stdout.write(f"{'set':14} {'all':>6} {'left out':>9} {'sure':>6} {'share':>6}")
        for name, f in figures.items():
            self.stdout.write(
                f"{name:14} {f['speaker_accuracy']:6.3f} {f['left_out_speaker_accuracy']:9.3f} "
                f"{f['left_out_sure_accuracy']:6.3f} {f['left_out_sure_share']:6.3f}"
            )
