"""python manage.py follow_sources [--once] [URL_OR_ID ...]: run the followed sources."""

from django.core.management.base import BaseCommand, CommandError

from ...models import Source
from ...runs import run_source
from ...schedule import follow_forever, run_due
from ...services import SourceRefused, run_soon, source_for


class Command(BaseCommand):
    help = (
        "Run the followed feeds, sitemaps and sites: each due source at its interval, for as "
        "long as it runs. A feed, sitemap or site address not followed yet is added to the "
        "outlet of its domain, then run. With --once, each given (else each due) source is "
        "run once, and the command exits."
    )

    def add_arguments(self, parser):
        parser.add_argument("sources", nargs="*", metavar="URL_OR_ID")
        parser.add_argument("--once", action="store_true", help="Run once, then exit.")

    def handle(self, *args, sources, once, **options):
        given = []
        for url_or_id in sources:
            try:
                source, created = source_for(url_or_id)
            except SourceRefused as exc:
                raise CommandError(str(exc)) from None
            if created:
                self.stdout.write(f"Following {source.url} (source {source.pk}): {source.outlet}.")
            given.append(source)
        if not once:
            run_soon(Source.objects.filter(pk__in=[s.pk for s in given]))
            follow_forever(self.stdout.write)
            return
        if not given:
            for run in run_due():
                self.stdout.write(f"{run.source}: {run.summary()}")
            return
        for source in given:
            run = run_source(source.pk)
            if run is None:
                self.stdout.write(f"{source}: not run (paused, or another worker runs it)")
            else:
                self.stdout.write(f"{source}: {run.summary()}")
