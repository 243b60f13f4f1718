"""No quote is added by hand in the admin: a quote stands on a printing, and printings come
only from an archived article (Archive an article), whose quotes are found for review."""

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from quotes import roles
from quotes.models import Quote
from tests.factories import PersonFactory

pytestmark = pytest.mark.django_db

ADD = reverse("admin:quotes_quote_add")


@pytest.fixture
def as_archivist(client, django_user_model):
    archivist = django_user_model.objects.create_user("ada", password="unused", is_staff=True)
    archivist.groups.add(Group.objects.get(name=roles.ARCHIVISTS))
    client.force_login(archivist)
    return client


def typed_quote(**fields):
    """The add form as filled in with a quote printed nowhere."""
    return {
        "text": "The lighthouse keeps its lamp lit all winter.",
        "person": PersonFactory(name="Ilse Vantongeren").pk,
        "speaker_description": "",
        "note": "Heard at the council meeting",
        "printings-TOTAL_FORMS": "0",
        "printings-INITIAL_FORMS": "0",
        **fields,
    }


def test_the_quote_list_offers_no_add_button(as_archivist):
    """An archivist's quote list has no "Add quote" link."""
    response = as_archivist.get(reverse("admin:quotes_quote_changelist"))
    assert response.status_code == 200
    assert ADD not in response.content.decode()


@pytest.mark.parametrize("status", ["", "suggested", "published"])
def test_a_quote_with_no_printing_is_refused(as_archivist, status):
    """Posting the add form, whatever status it asks for, is forbidden and saves nothing."""
    response = as_archivist.post(ADD, typed_quote(status=status))
    assert response.status_code == 403
    assert not Quote.objects.exists()


def test_not_even_a_superuser_adds_a_quote_by_hand(admin_client):
    """The add page is closed to every account, the superuser's too."""
    assert admin_client.get(ADD).status_code == 403
    assert admin_client.post(ADD, typed_quote()).status_code == 403
    assert not Quote.objects.exists()
