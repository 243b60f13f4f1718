"""python manage.py export_quotes [--output FILE] [--all] : quotes as JSON Lines."""

import json
import sys

from django.core.management.base import BaseCommand

from quotes import public
from quotes.exporting import export_queryset, quote_record
from quotes.models import Quote


class Command(BaseCommand):
    help = "Write one JSON object a line per quote: published quotes only, unless --all."

    def add_arguments(self, parser):
        parser.add_argument("--output", "-o", help="file to write (default: standard output)")
        parser.add_argument(
            "--all", action="store_true", help="include suggested and rejected quotes"
        )
        parser.add_argument("--site-url", help="base of the permalinks (default: SITE_URL)")

    def handle(self, *args, **options):
        quotes = Quote.objects.live() if options["all"] else public.quotes()
        out = (
            open(options["output"], "w", encoding="utf-8")  # noqa: SIM115
            if options["output"]
            else sys.stdout
        )
        count = 0
        try:
            for quote in export_queryset(quotes).iterator(chunk_size=500):
                record = quote_record(quote, site_url=options["site_url"])
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
                count += 1
        finally:
            if out is not sys.stdout:
                out.close()
        if options["output"]:
            self.stderr.write(f"{count} quotes written to {options['output']}")
