"""python manage.py evaluate_extraction GOLD.json FOLDER : quality figures on a gold corpus."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from quotes.evaluation import import_folder, score


class Command(BaseCommand):
    help = (
        "Import FOLDER into a scratch database and print recall, precision, speaker and "
        "unit accuracy, link recall and false links against GOLD.json."
    )

    def add_arguments(self, parser):
        parser.add_argument("gold", type=Path)
        parser.add_argument("folder", type=Path)
        parser.add_argument("--json", action="store_true", help="print the figures as JSON")
        parser.add_argument("--misses", action="store_true", help="list each miss")
        parser.add_argument(
            "--check", action="store_true", help="exit with an error if a target is missed"
        )

    def handle(self, *args, **options):
        gold = json.loads(options["gold"].read_text(encoding="utf-8"))
        # A scratch database made the way the test runner makes one, so that nothing already
        # archived takes part and nothing is left behind.
        real_name = connection.settings_dict["NAME"]
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        try:
            errors = import_folder(options["folder"])
            scores = score(gold)
        finally:
            connection.creation.destroy_test_db(real_name, verbosity=0)
        for error in errors:
            self.stderr.write(error)
        s = scores
        if options["json"]:
            self.stdout.write(json.dumps(s.as_dict(), indent=2, ensure_ascii=False))
        else:
            self.stdout.write(
                f"sentence recall    {s.recall:.3f}  ({s.found_sentences}/{s.gold_sentences})\n"
                f"precision          {s.precision:.3f}  ({s.quoted_appearances}/{s.appearances})\n"
                f"speaker accuracy   {s.speaker_accuracy:.3f}\n"
                f"unit accuracy      {s.unit_accuracy:.3f}\n"
                f"link recall        {s.link_recall:.3f}  ({s.found_links}/{s.gold_links})\n"
                f"false links        {s.false_links}"
            )
        if options["misses"]:
            for miss in s.misses:
                self.stdout.write(f"  {miss}")
        if options["check"] and s.shortfalls():
            raise CommandError("below target: " + "; ".join(s.shortfalls()))
