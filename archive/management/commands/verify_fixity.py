"""python manage.py verify_fixity : check every archived article's raw source against its
stored SHA-256."""

from django.core.management.base import BaseCommand, CommandError

from archive.models import Article

# Rows fetched at a time: raw sources can be megabytes each, so only a few are held at once.
CHUNK = 50


class Command(BaseCommand):
    help = (
        "Recompute the SHA-256 of every archived article's raw source and compare it with the "
        "stored hash. Prints each article that does not match and exits non-zero if any does."
    )

    def handle(self, *args, **options):
        checked = mismatched = 0
        articles = (
            Article.objects.only("pk", "title", "source_file", "sha256", "raw")
            .order_by("pk")
            .iterator(chunk_size=CHUNK)
        )
        for article in articles:
            checked += 1
            computed = Article.digest(article.raw)
            if computed != article.sha256:
                mismatched += 1
                named = [f"“{article.title}”" if article.title else "", article.source_file]
                named = ", ".join(filter(None, named))
                self.stderr.write(
                    self.style.ERROR(
                        f"article {article.pk}{f' ({named})' if named else ''}: "
                        f"stored {article.sha256}, computed {computed}"
                    )
                )
        if mismatched:
            raise CommandError(
                f"{mismatched} of {checked} articles do not match their stored SHA-256"
            )
        self.stdout.write(f"Checked {checked} articles: all hashes match")
