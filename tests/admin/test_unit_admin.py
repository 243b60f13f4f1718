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
