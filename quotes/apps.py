"""The quotes app's configuration: the hooks it attaches to the archive and the page cache."""

from django.apps import AppConfig
from django.core import checks

from archive.signals import (
    article_archived,
    article_previewing,
    article_reading,
    articles_coming,
)
from verbatim import pagecache
from verbatim.checks import check_site_url


class QuotesConfig(AppConfig):
    name = "quotes"
    verbose_name = "Quotes"

    def ready(self):
        # Imported here, as Django asks: these modules use the models, which are not loaded
        # when this module is.
        from . import stats
        from .services import ahead
        from .services.importing import extract_from_article
        from .services.lifecycle import quote_changed
        from .services.preview import preview_suggestions

        article_archived.connect(extract_from_article, dispatch_uid="quotes-extract")
        article_reading.connect(ahead.prepare, dispatch_uid="quotes-extract-first")
        articles_coming.connect(ahead.work_ahead, dispatch_uid="quotes-extract-ahead")
        article_previewing.connect(preview_suggestions, dispatch_uid="quotes-preview")
        quote_changed.connect(stats.quote_changed_marks_stale, dispatch_uid="quotes-figures-stale")
        # The page cache hears of public records' changes from their saves and deletes, and
        # of the lifecycle's bulk updates from quote_changed.
        pagecache.connect(quote_changed)

        checks.register(check_site_url, checks.Tags.security, deploy=True)
