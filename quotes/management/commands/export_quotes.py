"""python manage.py export_quotes [--output FILE] [--all] : quotes as JSON Lines."""

import sys

from django.core.exceptions import ImproperlyConfigured
from django.core.management.base import BaseCommand, CommandError

from quotes import absolute_urls, public
from quotes.exporting import blocks
from quotes.models import Quote


class Command(BaseCommand):
    help = "Write one JSON object a line per quote: published quotes only, unless --all."

    def add_arguments(self, parser):
        parser.add_argument("--output", "-o", help="file to write (default: standard output)")
        parser.add_argument(
            "--all", action="store_true", help="include suggested and rejected quotes"
        )
        parser.add_argument(
            "--site-url",
            default=None,
            help="base of the permalinks (default: SITE_URL; in development without it, "
            "http://127.0.0.1:8000)",
        )

    def handle(self, *args, **options):
        try:
            # Asked first, so that a production setup without SITE_URL fails before any file
            # is opened, in one sentence rather than a traceback.
            options["site_url"] = options["site_url"] or absolute_urls.site_url()
        except ImproperlyConfigured as error:
            raise CommandError(str(error)) from None
        quotes = Quote.objects.live() if options["all"] else public.quotes()
        out = (
            open(options["output"], "w", encoding="utf-8")  # noqa: SIM115
            if options["output"]
            else sys.stdout
        )
        count = 0
        try:
            for line, records in blocks("jsonl", quotes, site_url=options["site_url"]):
                out.write(line)
                count += records
        finally:
            if out is not sys.stdout:
                out.close()
        if options["output"]:
            self.stderr.write(f"{count} quotes written to {options['output']}")
