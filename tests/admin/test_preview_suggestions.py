"""The preview before "Archive this article" shows the quotations and speakers the machine
will suggest, read from the text without saving anything; and a field the archivist typed is
shown as given, not as "(not given)" because the page did not say it."""

import pytest
from django.urls import reverse

from archive.models import Article
from quotes.models import Person, Quote

pytestmark = pytest.mark.django_db

ADD = reverse("admin:archive_article_add")

TEXT = (
    "Pier to be rebuilt\n\n"
    "Harbour master Ilse Vantongeren spoke after the storm.\n\n"
    "“We will rebuild the pier before the summer,” Ilse Vantongeren said.\n"
)


def test_the_preview_lists_the_suggested_quotations_and_saves_nothing(admin_client):
    """Before: the quotations appeared only after the irreversible "Archive this article"."""
    response = admin_client.post(ADD, {"text": TEXT, "outlet": "Harbour Gazette"})
    html = response.content.decode()
    assert "What the machine will suggest" in html
    assert "We will rebuild the pier before the summer" in html
    assert "Ilse Vantongeren" in html
    assert not Article.objects.exists()
    assert not Quote.objects.exists() and not Person.objects.exists()


def test_a_typed_field_is_not_shown_as_not_given(admin_client):
    response = admin_client.post(ADD, {"text": TEXT, "outlet": "Harbour Gazette"})
    html = response.content.decode()
    row = html[html.index("Outlet (site name)") :]
    row = row[: row.index("</tr>")]
    assert "not given" not in row
    assert "Harbour Gazette (not in the page; as you gave it)" in row
