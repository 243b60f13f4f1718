"""python manage.py import_articles PATH... [--queue] : archive articles and extract their
quotes, here or (--queue) in background tasks."""

from collections import Counter
from dataclasses import dataclass, field
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


@dataclass
class Tally:
    """What became of the sources of one run; with --queue, the states of the tasks queued."""

    created: int = 0
    unchanged: int = 0
    failed: int = 0
    skipped: int = 0
    queued: Counter = field(default_factory=Counter)

    def summary(self, *, queue: bool) -> str:
        # Files that are no articles (a folder's notes) are named, and do not fail the run.
        refused = f"{self.failed} rejected" + (f", {self.skipped} skipped" if self.skipped else "")
        if queue:
            tasks = queued_summary(self.queued, "import")
            return f"{self.unchanged} already archived, {refused}; {tasks}"
        return f"{self.created} archived, {self.unchanged} already archived, {refused}"


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
        tally = Tally()
        self.bar = tqdm(
            sources,
            unit="article",
            file=self.stderr._out,
            disable=len(sources) < 20 or options["verbosity"] == 0,
        )
        # Receivers may work ahead on the articles while the ones before are archived.
        working_ahead = not options["queue"]
        if working_ahead:
            articles_coming.send(sender=Article, sources=sources)
        try:
            for source in self.bar:
                self.import_source(
                    source, tally, options["queue"], publish=options["publish"], user=user
                )
        finally:
            if working_ahead:
                articles_coming.send(sender=Article, sources=[])
        summary = tally.summary(queue=options["queue"])
        if tally.failed:
            raise CommandError(summary)
        self.stdout.write(summary)

    def report(self, style, message):
        """One line about one source, above the progress bar."""
        self.bar.write(style(one_line(message)), file=self.stderr._out)

    def import_source(self, source, tally, queue, *, publish, user):
        """Archive one source, or with `queue` queue it; a source that cannot be read, or is
        no article, is reported and counted."""
        if source.skipped:
            tally.skipped += 1
            self.report(self.style.WARNING, f"{source.label}: {source.skipped}")
        elif source.error:
            tally.failed += 1
            self.report(self.style.ERROR, f"{source.label}: {source.error}")
        elif queue:
            self.queue_source(source, tally, publish=publish, user=user)
        else:
            self.archive_source(source, tally, publish=publish, user=user)

    def queue_source(self, source, tally, *, publish, user):
        """Queue an import task for a source not archived yet."""
        if Article.objects.filter(sha256=Article.digest(source.raw)).exists():
            tally.unchanged += 1
            return
        result = queue_import(
            raw=source.raw,
            source_file=source.source_file,
            raw_format=source.raw_format,
            metadata=source.metadata,
            publish=publish,
            user=user,
        )
        tally.queued[result.status] += 1

    def archive_source(self, source, tally, *, publish, user):
        """Archive a source here; any error rejects that source alone."""
        try:
            _, new = archive_article(
                raw=source.raw,
                source_file=source.source_file,
                raw_format=source.raw_format,
                publish=publish,
                user=user,
                **source.metadata,
            )
        except ArticleRejected as exc:
            tally.failed += 1
            self.report(self.style.ERROR, f"{source.label}: {exc}")
            return
        except Exception as exc:  # noqa: BLE001 - one broken article must not stop the run
            tally.failed += 1
            self.report(self.style.ERROR, f"{source.label}: not imported: internal error {exc!r}")
            return
        tally.created += new
        tally.unchanged += not new
