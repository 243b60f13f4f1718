from django.apps import AppConfig


class QuotesConfig(AppConfig):
    name = "quotes"
    verbose_name = "Quotes"

    def ready(self):
        from archive.signals import article_archived

        from .services.importing import extract_from_article

        article_archived.connect(extract_from_article, dispatch_uid="quotes-extract")
