from django.apps import AppConfig


class QuotesConfig(AppConfig):
    name = "quotes"
    verbose_name = "Quotes"

    def ready(self):
        from django.core import checks

        from archive.signals import article_archived, article_reading, articles_coming
        from verbatim import pagecache
        from verbatim.checks import check_site_url

        from .services import ahead
        from .services.importing import extract_from_article

        article_archived.connect(extract_from_article, dispatch_uid="quotes-extract")
        article_reading.connect(ahead.prepare, dispatch_uid="quotes-extract-first")
        articles_coming.connect(ahead.work_ahead, dispatch_uid="quotes-extract-ahead")
        # The archive-wide figures' receiver of quote_changed (quotes.stats).
        from . import stats  # noqa: F401

        # The page cache's receivers of public records' changes (verbatim.pagecache).
        pagecache.connect()

        checks.register(check_site_url, checks.Tags.security, deploy=True)
