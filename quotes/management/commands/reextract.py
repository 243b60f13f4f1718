"""python manage.py reextract [--all | ARTICLE_ID...] [--queue] : read archived articles again
with the current rules, keeping every curated record as the archivist left it."""

from collections import Counter

from django.core.management.base import BaseCommand, CommandError

from archive.models import Article
from archive.queueing import queued_summary
from quotes import tasks
from quotes.services.reextraction import reextract_article


class Command(BaseCommand):
    help = (
        "Run extraction, attribution and linking again on archived articles. Suggestions "
        "nobody has touched are redone; published, rejected, corrected and merged quotes stay "
        "as they are, and where the new rules read them differently that is reported (a "
        "different speaker becomes an attribution conflict in the admin). Each article is "
        "redone in one transaction."
    )

    def add_arguments(self, parser):
        parser.add_argument("ids", nargs="*", type=int, metavar="ARTICLE_ID")
        parser.add_argument("--all", action="store_true", help="every archived article")
        parser.add_argument(
            "--queue",
            action="store_true",
            help="queue one background task per article and exit; workers do the work",
        )

    def handle(self, *args, **options):
        ids, every = options["ids"], options["all"]
        if bool(ids) == every:
            raise CommandError("give article ids or --all (not both)")
        articles = Article.objects.order_by("pk")
        if ids:
            articles = articles.filter(pk__in=ids)
            missing = sorted(set(ids) - set(articles.values_list("pk", flat=True)))
            if missing:
                raise CommandError(f"no article with id {', '.join(map(str, missing))}")
        if options["queue"]:
            statuses = Counter(
                tasks.reextract_article.enqueue(pk).status
                for pk in list(articles.values_list("pk", flat=True))
            )
            self.stdout.write(queued_summary(statuses, "re-extraction"))
            return
        totals = dict(articles=0, changed=0, removed=0, added=0, kept=0, conflicts=0, relinked=0)
        for article in articles.iterator(chunk_size=100):
            report = reextract_article(article=article)
            totals["articles"] += 1
            for name in ("removed", "added", "kept", "conflicts", "relinked"):
                totals[name] += getattr(report, name)
            if report.changed:
                totals["changed"] += 1
                if options["verbosity"] >= 1:
                    self.stdout.write(str(report))
        self.stdout.write(
            "{articles} articles read again, {changed} changed: {removed} suggestions removed, "
            "{added} printings stored, {kept} curated printings kept, {relinked} relinked, "
            "{conflicts} speaker conflicts for an archivist".format(**totals)
        )
