"""History in the admin: each tracked record's History page lists who changed it, when, why
and what; old versions are shown, never saved back."""

import pytest
from django.urls import reverse

from archive.models import Article
from quotes.models import Membership, Person, Printing, Quote, Unit

from .conftest import populate, posted_back

pytestmark = pytest.mark.django_db


def history_url(obj):
    opts = obj._meta
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_history", args=[obj.pk])


def test_an_edit_with_a_note_is_in_the_quotes_history(admin_client, admin_user):
    """A correction made through the change form appears on the quote's History page with
    the archivist's name, the note and the old and new words."""
    populate(1)
    quote = Quote.objects.filter(printings__isnull=False).first()
    url = reverse("admin:quotes_quote_change", args=[quote.pk])
    was = quote.text
    data = posted_back(
        admin_client.get(url),
        text="The tide will turn by summer.",
        note="Checked against the press office's transcript.",
    )
    assert admin_client.post(url, data).status_code == 302

    page = admin_client.get(history_url(quote))

    assert page.status_code == 200
    content = page.content.decode()
    assert admin_user.username in content
    assert "Checked against the press office&#x27;s transcript." in content
    assert was in content and "The tide will turn by summer." in content


@pytest.mark.parametrize(
    "model", [Quote, Printing, Person, Unit, Membership, Article], ids=lambda m: m.__name__
)
def test_every_tracked_model_has_a_history_page(admin_client, model):
    """Quotes, printings, people, units, memberships and articles each show their history."""
    populate(1)
    obj = model.objects.first()

    response = admin_client.get(history_url(obj))

    assert response.status_code == 200
    assert 'id="change-history"' in response.content.decode()


def test_old_versions_are_shown_but_never_saved_back(admin_client):
    """An old version opens for reading, without a Revert button; posting it is refused, so
    a quote's state never goes back round the lifecycle."""
    populate(1)
    quote = Quote.objects.first()
    version = quote.history.last()
    url = reverse("admin:quotes_quote_simple_history", args=[quote.pk, version.history_id])

    page = admin_client.get(url)

    assert page.status_code == 200
    assert 'value="Revert"' not in page.content.decode()
    assert admin_client.post(url, {"text": "Reverted words."}).status_code == 403
    quote.refresh_from_db()
    assert quote.text != "Reverted words."


def test_an_action_is_in_the_history_with_its_user(admin_client, admin_user):
    """Publishing from the list records who published."""
    from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME

    from tests.factories import QuoteFactory

    quote = QuoteFactory(status=Quote.Status.SUGGESTED)
    admin_client.post(
        reverse("admin:quotes_quote_changelist"),
        {"action": "publish_selected", ACTION_CHECKBOX_NAME: [quote.pk]},
    )

    latest = quote.history.first()
    assert latest.status == Quote.Status.PUBLISHED
    assert latest.history_user == admin_user


def test_an_article_edit_with_a_note_is_in_its_history(admin_client, admin_user):
    """Correcting an article's title records the user and the note."""
    from tests.factories import ArticleFactory

    article = ArticleFactory(title="Pier to reopen")
    url = reverse("admin:archive_article_change", args=[article.pk])
    data = posted_back(admin_client.get(url), title="Pier to reopen in May", note="Headline")
    assert admin_client.post(url, data).status_code == 302

    latest = article.history.first()
    assert latest.title == "Pier to reopen in May"
    assert latest.history_user == admin_user
    assert latest.history_change_reason == "Headline"
