"""Changing a quote's speaker keeps its unit and its "attributed as printed" line true: the
unit its articles stated goes with the words unless the archivist leaves it behind, and a
printed attribution the archive no longer follows says so."""

import pytest

from quotes.models import Correction, Membership
from quotes.services import lifecycle
from tests.admin.conftest import posted_back
from tests.factories import MembershipFactory, PersonFactory, PrintingFactory, UnitFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def printing():
    """“The bridge holds,” Vik said: an article that ties Vik to the 47th Brigade."""
    vik = PersonFactory(name="Vik Orlan")
    printing = PrintingFactory(
        quote__person=vik, quote__text="The bridge holds.", person=vik, attribution="Vik said"
    )
    MembershipFactory(person=vik, unit=UnitFactory(name="47th Brigade"), article=printing.article)
    return printing


def test_a_new_speaker_takes_the_unit_the_articles_stated(client, printing):
    """Before: the unit vanished from the page when the speaker was corrected."""
    quote = printing.quote
    assert "47th Brigade" in client.get(quote.get_absolute_url()).text
    olena = PersonFactory(name="Olena Vartan")

    lifecycle.change_speaker(quote, person=olena)

    page = client.get(quote.get_absolute_url()).text
    assert "Olena Vartan" in page
    assert "47th Brigade" in page
    assert Membership.objects.filter(person=olena, unit__name="47th Brigade").exists()
    kinds = set(quote.corrections.values_list("kind", flat=True))
    assert {Correction.Kind.SPEAKER, Correction.Kind.UNIT} <= kinds


def test_the_unit_can_be_left_with_the_former_speaker(client, printing):
    quote = printing.quote
    olena = PersonFactory(name="Olena Vartan")

    lifecycle.change_speaker(quote, person=olena, move_units=False)

    page = client.get(quote.get_absolute_url()).text
    assert "Olena Vartan" in page and "47th Brigade" not in page
    assert not Membership.objects.filter(person=olena).exists()


def test_the_printed_attribution_says_whom_the_archive_now_credits(client, printing):
    """Before: "Attributed as printed: Vik said" stood under the new speaker, unexplained."""
    quote = printing.quote
    lifecycle.change_speaker(quote, person=PersonFactory(name="Olena Vartan"))
    page = client.get(quote.get_absolute_url()).text
    assert "Vik said" in page  # what the article printed stays on the record
    assert "The archive credits these words to Olena Vartan" in page


def test_an_unchanged_speaker_shows_no_such_note(client, printing):
    page = client.get(printing.quote.get_absolute_url()).text
    assert "Vik said" in page
    assert "The archive credits these words" not in page


def test_the_admin_form_asks_about_the_unit(admin_client, printing):
    """The quote's change form asks whether the units go with the new speaker; leaving them
    is honoured."""
    quote = printing.quote
    url = f"/admin/quotes/quote/{quote.pk}/change/"
    form = admin_client.get(url)
    assert "Units its articles stated" in form.text
    olena = PersonFactory(name="Olena Vartan")
    response = admin_client.post(
        url, posted_back(form, person=olena.pk, units_on_speaker_change="leave")
    )
    assert response.status_code == 302, response.context["adminform"].form.errors
    quote.refresh_from_db()
    assert quote.person == olena
    assert not Membership.objects.filter(person=olena).exists()
