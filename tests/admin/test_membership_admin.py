"""The membership admin: memberships added, corrected and removed through the lifecycle,
which puts a unit's change on the record of the person's public quotes."""

import pytest
from django.urls import reverse

from quotes.models import Membership
from tests.factories import MembershipFactory, PersonFactory, QuoteFactory, UnitFactory

from .conftest import posted_back

pytestmark = pytest.mark.django_db


def test_add_a_membership(admin_client, admin_user):
    """A membership added here is recorded as the user's, with the unit added to the
    record of the person's public quotes."""
    person, unit = PersonFactory(), UnitFactory(name="Harbour Board")
    quote = QuoteFactory(person=person)

    response = admin_client.post(
        reverse("admin:quotes_membership_add"),
        {"person": person.pk, "unit": unit.pk, "rank": "", "role": "chair", "note": "Minutes"},
    )

    assert response.status_code == 302
    membership = Membership.objects.get()
    assert membership.role == "chair"
    assert membership.history.first().history_change_reason == "Minutes"
    assert quote.corrections.get().summary == "unit added: Harbour Board"


def test_correct_a_unit(admin_client):
    """Changing the unit corrects it on the record of the person's public quotes."""
    membership = MembershipFactory(unit=UnitFactory(name="Harbour Board"))
    quote = QuoteFactory(person=membership.person)
    right = UnitFactory(name="Lighthouse Service")
    url = reverse("admin:quotes_membership_change", args=[membership.pk])

    admin_client.post(url, posted_back(admin_client.get(url), unit=right.pk))

    membership.refresh_from_db()
    assert membership.unit == right
    assert quote.corrections.get().summary == "unit corrected: was Harbour Board"


def test_remove_a_membership(admin_client):
    """A membership deleted here is removed from the record too."""
    membership = MembershipFactory(unit=UnitFactory(name="Harbour Board"))
    quote = QuoteFactory(person=membership.person)

    response = admin_client.post(
        reverse("admin:quotes_membership_delete", args=[membership.pk]), {"post": "yes"}
    )

    assert response.status_code == 302
    assert not Membership.objects.exists()
    assert quote.corrections.get().summary == "unit removed: was Harbour Board"
