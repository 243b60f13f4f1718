"""The merge suggestion admin: open suggestions side by side, merged or dismissed in bulk."""

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse

from quotes.models import MergeSuggestion, Quote
from tests.factories import PersonFactory, PrintingFactory, QuoteFactory

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:quotes_mergesuggestion_changelist")


def suggest(quote, candidate, **kwargs):
    return MergeSuggestion.objects.create(quote=quote, candidate=candidate, score=0.8, **kwargs)


def act(client, action, suggestions):
    data = {"action": action, ACTION_CHECKBOX_NAME: [s.pk for s in suggestions]}
    return client.post(CHANGELIST, data)


def test_open_suggestions_are_listed_with_both_texts(admin_client):
    """By default only open suggestions are listed, each with both quotes' words."""
    person = PersonFactory()
    one = QuoteFactory(person=person, text="The pier will reopen in May.")
    two = QuoteFactory(person=person, text="The pier reopens in May, whatever happens.")
    open_ = suggest(one, two)
    suggest(QuoteFactory(person=person), one, status=MergeSuggestion.Status.DISMISSED)

    response = admin_client.get(CHANGELIST)

    assert list(response.context["cl"].result_list) == [open_]
    content = response.content.decode()
    assert "The pier will reopen in May." in content
    assert "The pier reopens in May, whatever happens." in content
    assert len(admin_client.get(CHANGELIST, {"state": "all"}).context["cl"].result_list) == 2


def test_merge_action_merges_into_the_published_quote(admin_client):
    """Merging a suggestion keeps the published quote and moves the other's printings."""
    person = PersonFactory()
    suggested = PrintingFactory(quote__person=person, quote__status=Quote.Status.SUGGESTED).quote
    published = PrintingFactory(quote__person=person, quote__status=Quote.Status.PUBLISHED).quote
    suggestion = suggest(published, suggested)

    act(admin_client, "merge_selected", [suggestion])

    suggested.refresh_from_db()
    suggestion.refresh_from_db()
    assert suggested.merged_into == published
    assert published.printings.count() == 2
    assert suggestion.status == MergeSuggestion.Status.MERGED


def test_merge_action_reports_quotes_that_cannot_be_merged(admin_client):
    """A suggestion between two people's quotes stays open, with the reason shown."""
    suggestion = suggest(QuoteFactory(), QuoteFactory())

    act(admin_client, "merge_selected", [suggestion])

    suggestion.refresh_from_db()
    assert suggestion.status == MergeSuggestion.Status.OPEN
    assert "different people" in admin_client.get(CHANGELIST).content.decode()


def test_dismiss_action_leaves_quotes_apart(admin_client):
    """Dismissed suggestions leave the list; both quotes stay as they were."""
    person = PersonFactory()
    suggestion = suggest(QuoteFactory(person=person), QuoteFactory(person=person))

    act(admin_client, "dismiss_selected", [suggestion])

    suggestion.refresh_from_db()
    assert suggestion.status == MergeSuggestion.Status.DISMISSED
    assert not Quote.objects.filter(merged_into__isnull=False).exists()
    assert list(admin_client.get(CHANGELIST).context["cl"].result_list) == []


def test_merge_is_recorded_as_the_users(admin_client, admin_user):
    """A suggestion merged from the queue is in the quotes' history as the user's, naming the
    suggestion; its status is decided by the actions, never edited on its page."""
    person = PersonFactory()
    suggested = PrintingFactory(quote__person=person, quote__status=Quote.Status.SUGGESTED).quote
    published = PrintingFactory(quote__person=person).quote
    suggestion = suggest(published, suggested)
    page = admin_client.get(reverse("admin:quotes_mergesuggestion_change", args=[suggestion.pk]))
    assert "status" not in page.context["adminform"].form.fields

    act(admin_client, "merge_selected", [suggestion])

    latest = suggested.history.first()
    assert latest.merged_into_id == published.pk
    assert latest.history_user == admin_user
    assert latest.history_change_reason == "merge suggestion (similarity 0.80)"
