"""The admin writes dates as every other page and the API do: ISO 8601 (2031-06-10), in
its lists, its date fields and its date-time fields, in English and in Ukrainian."""

import datetime

import pytest
from django.utils import timezone

from archive.models import Article
from tests.factories import PrintingFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def article():
    article = PrintingFactory(article__published=datetime.date(2031, 6, 10)).article
    when = datetime.datetime(2031, 6, 11, 9, 5, tzinfo=datetime.UTC)
    Article.objects.filter(pk=article.pk).update(archived_at=when)
    return article


@pytest.mark.parametrize("language", ["en-gb", "uk"])
def test_list_and_form_dates_are_iso(admin_client, article, language):
    """Before: 10/06/2031 in the date field, "11 June 2031, 9:05 a.m." in the list."""
    admin_client.cookies["django_language"] = language
    listed = admin_client.get(
        "/admin/archive/article/", HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert "2031-06-10" in listed
    assert "2031-06-11 09:05" in listed
    assert "10/06/2031" not in listed and "June 2031" not in listed
    form = admin_client.get(
        f"/admin/archive/article/{article.pk}/change/", HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert 'value="2031-06-10"' in form
    assert "10/06/2031" not in form


def test_an_iso_date_typed_in_is_read(admin_client, article):
    """The date field takes what it shows."""
    from archive.forms import ArticleAddForm

    form = ArticleAddForm(data={"text": "Words.", "published": "2031-06-09"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["published"] == datetime.date(2031, 6, 9)
    assert timezone.now()
