"""The attribution conflict admin: a printing credited to someone other than its quote's
speaker, shown with its article and attribution, settled either way."""

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse

from quotes.models import AttributionConflict
from tests.factories import OutletFactory, PersonFactory, PrintingFactory

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:quotes_attributionconflict_changelist")


def conflict(**fields):
    quote = PrintingFactory(quote__person=PersonFactory(name="Ilse Varnhagen")).quote
    printing = PrintingFactory(
        quote=quote,
        person=PersonFactory(name="Tomas Quirke"),
        attribution="councillor Tomas Quirke told the meeting",
        article__outlet=OutletFactory(name="The Quayside Courier"),
        **fields,
    )
    return AttributionConflict.objects.create(quote=quote, printing=printing)


def act(client, action, conflicts):
    data = {"action": action, ACTION_CHECKBOX_NAME: [c.pk for c in conflicts]}
    return client.post(CHANGELIST, data)


def test_open_conflicts_are_listed_with_both_speakers(admin_client, django_assert_max_num_queries):
    """An open conflict shows the quote's speaker, the printing's outlet, the attribution as
    printed and whom it credits; resolved ones are hidden unless asked for."""
    shown = conflict()
    hidden = conflict()
    hidden.status = AttributionConflict.Status.RESOLVED
    hidden.save()
    conflict()

    with django_assert_max_num_queries(12):
        response = admin_client.get(CHANGELIST)

    assert response.status_code == 200
    assert shown in response.context["cl"].result_list
    assert hidden not in response.context["cl"].result_list
    content = response.content.decode()
    for text in ("Ilse Varnhagen", "Tomas Quirke", "The Quayside Courier", "told the meeting"):
        assert text in content
    all_ = admin_client.get(CHANGELIST, {"state": "all"}).context["cl"].result_list
    assert len(all_) == 3


def test_keep_the_quotes_speaker(admin_client):
    """Keeping the quote's speaker resolves the conflict and leaves the quote as it was."""
    c = conflict()

    act(admin_client, "keep_quote_speaker", [c])

    c.refresh_from_db()
    c.quote.refresh_from_db()
    assert c.status == AttributionConflict.Status.RESOLVED
    assert c.quote.person.name == "Ilse Varnhagen"


def test_credit_the_printings_speaker(admin_client):
    """Crediting the printing's speaker gives the quote to that person and resolves the
    conflict."""
    c = conflict()

    act(admin_client, "credit_printing_speaker", [c])

    c.refresh_from_db()
    c.quote.refresh_from_db()
    assert c.status == AttributionConflict.Status.RESOLVED
    assert c.quote.person.name == "Tomas Quirke"


def test_change_page_shows_the_printed_words(admin_client):
    """A conflict's page shows the quote and the conflicting printing's words."""
    c = conflict()
    url = reverse("admin:quotes_attributionconflict_change", args=[c.pk])

    response = admin_client.get(url)

    assert response.status_code == 200
    assert c.printing.text in response.content.decode()


def test_crediting_is_recorded_as_the_users(admin_client, admin_user):
    """The new speaker is in the quote's history as the user's, and on its public record."""
    c = conflict()

    act(admin_client, "credit_printing_speaker", [c])

    assert c.quote.history.first().history_user == admin_user
    assert c.quote.corrections.get().summary == "speaker corrected: was Ilse Varnhagen"


def test_a_merged_speaker_is_refused_with_a_message(admin_client):
    """A printing crediting a person since merged away cannot give them the quote: the
    reason is shown and the conflict stays open."""
    c = conflict()
    tomas = c.printing.person
    tomas.merged_into = PersonFactory(name="Tomas Quirke-Vale")
    tomas.save()

    act(admin_client, "credit_printing_speaker", [c])

    c.refresh_from_db()
    assert c.status == AttributionConflict.Status.OPEN
    assert "has been merged into another person" in admin_client.get(CHANGELIST).content.decode()
