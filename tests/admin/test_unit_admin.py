"""The unit admin: members inline, parent chosen by autocomplete."""

import pytest
from django.urls import reverse

from tests.factories import MembershipFactory, PersonFactory, UnitFactory

pytestmark = pytest.mark.django_db


def test_change_page_lists_members(admin_client):
    """A unit's change page lists its members."""
    unit = UnitFactory()
    MembershipFactory(unit=unit, person=PersonFactory(name="Ilse Vantongeren"))

    page = admin_client.get(reverse("admin:quotes_unit_change", args=[unit.pk]))

    assert page.status_code == 200
    assert "Ilse Vantongeren" in page.content.decode()


def test_parent_is_chosen_by_autocomplete(admin_client):
    """The parent field searches units by name or alias instead of listing them all."""
    UnitFactory(name="Coastal Command", aliases=["CC"])
    UnitFactory(name="Inland Command")
    unit = UnitFactory()

    page = admin_client.get(reverse("admin:quotes_unit_change", args=[unit.pk]))
    assert "admin-autocomplete" in page.content.decode()

    response = admin_client.get(
        reverse("admin:autocomplete"),
        {"app_label": "quotes", "model_name": "unit", "field_name": "parent", "term": "coastal"},
    )
    assert [r["text"] for r in response.json()["results"]] == ["Coastal Command"]


def test_a_member_added_on_the_units_page_goes_on_the_record(admin_client, admin_user):
    """A member added on a unit's page is a membership made through the lifecycle: each of
    the person's public quotes records the unit added, as the user's."""
    from quotes.models import Membership
    from tests.factories import QuoteFactory

    from .conftest import posted_back

    unit = UnitFactory(name="3rd Coastal Watch")
    person = PersonFactory()
    quote = QuoteFactory(person=person)
    url = reverse("admin:quotes_unit_change", args=[unit.pk])
    data = posted_back(
        admin_client.get(url),
        **{
            "memberships-TOTAL_FORMS": "1",
            "memberships-0-person": person.pk,
            "memberships-0-unit": unit.pk,
            "memberships-0-role": "spokeswoman",
        },
    )

    assert admin_client.post(url, data).status_code == 302

    membership = Membership.objects.get()
    assert (membership.person, membership.role) == (person, "spokeswoman")
    assert membership.history.first().history_user == admin_user
    assert quote.corrections.get().summary == "unit added: 3rd Coastal Watch"
