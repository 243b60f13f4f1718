"""An archive imported before languages were kept gets them (the migration runs
label_archive), and reading an article again puts them right. Invented text."""

import importlib

import pytest
from django.apps import apps as django_apps

from archive.models import Article
from archive.services import archive_article
from quotes.models import Printing
from quotes.services.languages import label_archive
from quotes.services.reextraction import reextract_article

from .test_import_languages import MIXED, UKRAINIAN

pytestmark = pytest.mark.django_db


def forget_languages():
    """As the archive was before: no language kept, or the page's tag as it was declared."""
    Printing.objects.update(language="")
    Article.objects.update(language="")


def languages():
    return {
        article.source_file: (article.language, sorted(p.language for p in article.printings.all()))
        for article in Article.objects.all()
    }


def test_the_migration_fills_every_article_and_printing():
    archive_article(raw=UKRAINIAN.encode(), source_file="uk.txt")
    archive_article(raw=MIXED.encode(), source_file="mixed.txt")
    imported = languages()
    assert imported == {"uk.txt": ("uk", ["uk"]), "mixed.txt": ("en", ["en", "uk"])}
    forget_languages()
    migration = importlib.import_module("quotes.migrations.0021_fill_languages")
    migration.label_archive(django_apps, None)
    assert languages() == imported


def test_a_declared_tag_kept_as_it_was_is_normalised():
    article, _ = archive_article(raw=UKRAINIAN.encode(), source_file="uk.txt")
    Article.objects.filter(pk=article.pk).update(language="uk-UA")
    assert label_archive(article_model=Article, printing_model=Printing) == (1, 0)
    article.refresh_from_db()
    assert article.language == "uk"


def test_a_second_fill_changes_nothing():
    archive_article(raw=MIXED.encode(), source_file="mixed.txt")
    assert label_archive(article_model=Article, printing_model=Printing) == (0, 0)


def test_reading_an_article_again_puts_its_languages_right():
    article, _ = archive_article(raw=MIXED.encode(), source_file="mixed.txt")
    forget_languages()
    article.refresh_from_db()
    reextract_article(article=article)
    assert languages() == {"mixed.txt": ("en", ["en", "uk"])}
