"""python manage.py verify_fixity : check every archived article's raw source and every
capture's WARC against its stored SHA-256, wherever the bytes are kept."""

from django.core.management.base import BaseCommand, CommandError

from archive import blobs
from archive.models import Article, Capture

# Rows fetched at a time: raw sources can be megabytes each, so only a few are held at once.
CHUNK = 50


class Command(BaseCommand):
    help = (
        "Recompute the SHA-256 of every archived article's raw source (from its row, or from "
        "the storage where it is a blob) and of every capture's WARC (from the storage), and "
        "compare it with the stored hash. Prints each one that is missing or does not match, "
        "and exits non-zero if any is."
    )

    def handle(self, *args, **options):
        checked = failed = 0
        articles = (
            Article.objects.only("pk", "title", "source_file", "sha256", "raw", "raw_key")
            .order_by("pk")
            .iterator(chunk_size=CHUNK)
        )
        for article in articles:
            checked += 1
            named = [f"“{article.title}”" if article.title else "", article.source_file]
            named = ", ".join(filter(None, named))
            problem = self.problem(article.sha256, article.raw_key, bytes(article.raw or b""))
            if problem:
                failed += 1
                self.report(f"article {article.pk}{f' ({named})' if named else ''}", problem)
        captures = (
            Capture.objects.exclude(warc_key="")
            .only("pk", "warc_key", "warc_sha256")
            .order_by("pk")
            .iterator(chunk_size=CHUNK)
        )
        warcs = 0
        for capture in captures:
            warcs += 1
            problem = self.problem(capture.warc_sha256, capture.warc_key)
            if problem:
                failed += 1
                self.report(f"capture {capture.pk}'s WARC", problem)
        if failed:
            raise CommandError(
                f"{failed} of {checked + warcs} raw sources and WARCs are missing or do not "
                "match their stored SHA-256"
            )
        self.stdout.write(
            f"Checked {plural(checked, 'article')} and {plural(warcs, 'WARC')}: all hashes match"
        )

    def problem(self, sha256: str, key: str, inline: bytes = b"") -> str:
        """What is wrong with the bytes that should hash to `sha256` (a blob under `key`, or
        `inline` where there is none), or ""."""
        if key:
            try:
                computed = blobs.digest(key)
            except blobs.BlobMissing:
                return f"missing from the storage (key {key})"
            where = f" (key {key})"
        else:
            computed, where = Article.digest(inline), ""
        if computed != sha256:
            return f"stored {sha256}, computed {computed}{where}"
        return ""

    def report(self, what: str, problem: str):
        self.stderr.write(self.style.ERROR(f"{what}: {problem}"))


def plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'' if count == 1 else 's'}"
