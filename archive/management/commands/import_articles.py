"""python manage.py import_articles PATH... [--queue] : archive articles and extract their
quotes, here or (--queue) in background tasks."""

from collections import Counter
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from archive.management.staff import add_user_argument, staff_user
from archive.models import Article
from archive.queueing import queue_import, queued_summary
from archive.services import ArticleRejected, archive_article
from archive.signals import articles_coming
from archive.sources import collect


def one_line(message: str) -> str:
    """`message` with its unprintable characters escaped (a manifest may name "a\\nb.txt"): each
    thing refused is one line of the report, whatever its name holds."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in message)


class Command(BaseCommand):
    help = (
        "Archive .txt, .html and .jsonl files and folders (a folder's manifest.jsonl gives "
        "file, outlet, url, title, published) and extract their quotes. Importing the same "
        "file twice changes nothing; a bad file or line is reported and skipped, whole, and "
        "so is a file of another type in a folder, without failing the run."
    )

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", type=Path)
        parser.add_argument("--publish", action="store_true", help="publish the quotes extracted")
        parser.add_argument(
            "--queue",
            action="store_true",
            help="queue one background task per article (its bytes and metadata) and exit; "
            "workers archive them",
        )
        add_user_argument(parser)

    def handle(self, *paths, **options):
        user = staff_user(options["user"])
        if options["publish"] and user is None and options["verbosity"]:
            self.stderr.write("Publishing without --user: the history records no person.")
        sources = list(collect(options["paths"], report_skipped=True))
        created = unchanged = failed = skipped = 0
        queued = Counter()  # task states, with --queue
        bar = tqdm(
            sources,
            unit="article",
            file=self.stderr._out,
            disable=len(sources) < 20 or options["verbosity"] == 0,
        )

        def report(style, message):
            bar.write(style(one_line(message)), file=self.stderr._out)

        # Receivers may work ahead on the articles while the ones before are archived.
        working_ahead = not options["queue"]
        if working_ahead:
            articles_coming.send(sender=Article, sources=sources)
        try:
            for source in bar:
                if source.skipped:
                    skipped += 1
                    report(self.style.WARNING, f"{source.label}: {source.skipped}")
                    continue
                if source.error:
                    failed += 1
                    report(self.style.ERROR, f"{source.label}: {source.error}")
                    continue
                if options["queue"]:
                    if Article.objects.filter(sha256=Article.digest(source.raw)).exists():
                        unchanged += 1
                    else:
                        result = queue_import(
                            raw=source.raw,
                            source_file=source.source_file,
                            raw_format=source.raw_format,
                            metadata=source.metadata,
                            publish=options["publish"],
                            user=user,
                        )
                        queued[result.status] += 1
                    continue
                try:
                    _, new = archive_article(
                        raw=source.raw,
                        source_file=source.source_file,
                        raw_format=source.raw_format,
                        publish=options["publish"],
                        user=user,
                        **source.metadata,
                    )
                except ArticleRejected as exc:
                    failed += 1
                    report(self.style.ERROR, f"{source.label}: {exc}")
                    continue
                except Exception as exc:  # noqa: BLE001 - one broken article must not stop the run
                    failed += 1
                    report(
                        self.style.ERROR, f"{source.label}: not imported: internal error {exc!r}"
                    )
                    continue
                created += new
                unchanged += not new
        finally:
            if working_ahead:
                articles_coming.send(sender=Article, sources=[])
        # Files that are no articles (a folder's notes) are named, and do not fail the run.
        refused = f"{failed} rejected" + (f", {skipped} skipped" if skipped else "")
        summary = f"{created} archived, {unchanged} already archived, {refused}"
        if options["queue"]:
            summary = f"{unchanged} already archived, {refused}; {queued_summary(queued, 'import')}"
        if failed:
            raise CommandError(summary)
        self.stdout.write(summary)
