"""The person admin: aliases inline, quote counts, and merging selected people."""

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse

from quotes.models import Person
from tests.factories import (
    MembershipFactory,
    PersonAliasFactory,
    PersonFactory,
    QuoteFactory,
    UnitFactory,
)

from .conftest import posted_back

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:quotes_person_changelist")


def merge(client, people, **extra):
    data = {
        "action": "merge_selected_people",
        ACTION_CHECKBOX_NAME: [p.pk for p in people],
        **extra,
    }
    return client.post(CHANGELIST, data)


def test_list_counts_live_quotes(admin_client):
    """The list shows how many live quotes each person has said."""
    person = PersonFactory()
    QuoteFactory.create_batch(2, person=person)
    QuoteFactory(person=person, merged_into=QuoteFactory(person=person))

    response = admin_client.get(CHANGELIST)

    assert response.context["cl"].result_list[0].quote_count == 3


def test_change_page_edits_aliases_inline(admin_client):
    """Aliases are listed, and can be added, on the person's change page."""
    person = PersonFactory(name="Ilse Vantongeren")
    PersonAliasFactory(person=person, name="I. Vantongeren")
    url = reverse("admin:quotes_person_change", args=[person.pk])

    assert "I. Vantongeren" in admin_client.get(url).content.decode()

    alias = person.alias_set.get()
    response = admin_client.post(
        url,
        {
            "name": "Ilse Vantongeren",
            "description": "Harbour master",
            "alias_set-TOTAL_FORMS": "2",
            "alias_set-INITIAL_FORMS": "1",
            "alias_set-0-id": alias.pk,
            "alias_set-0-person": person.pk,
            "alias_set-0-name": "I. Vantongeren",
            "alias_set-1-person": person.pk,
            "alias_set-1-name": "Vantongeren Ilse",
            "memberships-TOTAL_FORMS": "0",
            "memberships-INITIAL_FORMS": "0",
        },
    )
    assert response.status_code == 302
    assert sorted(person.aliases) == ["I. Vantongeren", "Vantongeren Ilse"]


def test_merge_people_asks_which_person_survives(admin_client):
    """Merging people first shows a page to choose the survivor; nothing changes yet."""
    people = [PersonFactory(name="Ilse Vantongeren"), PersonFactory(name="I. Vantongeren")]

    response = merge(admin_client, people)

    assert response.status_code == 200
    assert response.content.decode().count('name="survivor"') == 2
    assert not Person.objects.filter(merged_into__isnull=False).exists()


def test_merge_people_keeps_every_name_as_alias(admin_client):
    """After merging, the survivor has the other's quotes and memberships, and the other's
    name and aliases as its own aliases; the other's page would redirect to it."""
    survivor = PersonFactory(name="Ilse Vantongeren")
    PersonAliasFactory(person=survivor, name="Mrs Vantongeren")
    other = PersonFactory(name="Ilse M. Vantongeren")
    PersonAliasFactory(person=other, name="I. M. Vantongeren")
    quote = QuoteFactory(person=other)
    membership = MembershipFactory(person=other)

    response = merge(admin_client, [survivor, other], post="yes", survivor=survivor.pk)

    assert response.status_code == 302
    other.refresh_from_db()
    quote.refresh_from_db()
    membership.refresh_from_db()
    assert other.merged_into == survivor
    assert quote.person == survivor
    assert membership.person == survivor
    assert sorted(survivor.aliases) == [
        "I. M. Vantongeren",
        "Ilse M. Vantongeren",
        "Mrs Vantongeren",
    ]
    assert "Merged Ilse M. Vantongeren into Ilse Vantongeren" in (
        admin_client.get(CHANGELIST).content.decode()
    )


def test_merge_people_needs_two_live_people(admin_client):
    """One person, or a person already merged, is not merged again."""
    person = PersonFactory()
    merged = PersonFactory(merged_into=PersonFactory())

    merge(admin_client, [person])
    assert "Select two or more people" in admin_client.get(CHANGELIST).content.decode()

    # Only a list showing merged people (not the default) offers one to select.
    data = {"action": "merge_selected_people", ACTION_CHECKBOX_NAME: [person.pk, merged.pk]}
    admin_client.post(f"{CHANGELIST}?merged=all", {**data, "post": "yes", "survivor": person.pk})
    assert "Already merged" in admin_client.get(CHANGELIST).content.decode()
    merged.refresh_from_db()
    assert merged.merged_into != person


def test_search_respects_filters_and_autocomplete_offers_live_people(admin_client):
    """A name search keeps the list's filters, and the speaker autocomplete leaves out
    people merged into someone else."""
    survivor = PersonFactory(name="Ilse Vantongeren")
    PersonFactory(name="Vantongeren Ilse", merged_into=survivor)

    response = admin_client.get(CHANGELIST, {"q": "Ilse Vantongeren", "merged": "no"})
    assert list(response.context["cl"].result_list) == [survivor]

    response = admin_client.get(
        reverse("admin:autocomplete"),
        {"app_label": "quotes", "model_name": "quote", "field_name": "person", "term": "Ilse"},
    )
    assert [r["id"] for r in response.json()["results"]] == [str(survivor.pk)]


def test_people_are_not_deleted_in_bulk(admin_client):
    """The bulk delete action is not offered: people are merged instead."""
    PersonFactory()
    actions = admin_client.get(CHANGELIST).context["action_form"].fields["action"].choices
    assert "delete_selected" not in [value for value, _ in actions]


def test_merge_warns_when_the_names_do_not_look_alike(admin_client):
    """Two people whose names (and aliases) do not resemble each other are merged only after
    a clear warning, which an editor may still confirm."""
    ilse, tomas = PersonFactory(name="Ilse Vantongeren"), PersonFactory(name="Tomas Quirke")

    page = merge(admin_client, [ilse, tomas]).content.decode()

    assert "“Ilse Vantongeren” and “Tomas Quirke” do not look like the same name" in page
    response = merge(admin_client, [ilse, tomas], post="yes", survivor=ilse.pk, note="Pen name")
    assert response.status_code == 302
    tomas.refresh_from_db()
    assert tomas.merged_into == ilse
    assert tomas.history.first().history_change_reason == "Pen name"


def test_merge_of_alike_names_has_no_warning(admin_client):
    """Names that may be one person's are merged without the warning, with how they are
    alike when that is short of sure."""
    people = [PersonFactory(name="Ilse Vantongeren"), PersonFactory(name="I. Vantongeren")]

    page = merge(admin_client, people).content.decode()

    assert "do not look like the same name" not in page
    assert "same surname, matching initial" in page


def test_an_alias_counts_as_a_name(admin_client):
    """A person known by an alias like the other's name raises no warning."""
    ilse = PersonFactory(name="Ilse Vantongeren")
    PersonAliasFactory(person=ilse, name="Tomas Quirke")

    page = merge(admin_client, [ilse, PersonFactory(name="Tomas Quirke")]).content.decode()

    assert "do not look like the same name" not in page


def membership_page(client, person):
    url = reverse("admin:quotes_person_change", args=[person.pk])
    return url, client.get(url)


def test_changing_a_unit_inline_goes_on_the_public_record(admin_client, admin_user):
    """A unit corrected on a person's page changes the membership and puts the correction
    on the record of each of their public quotes, as the user's, with the note."""
    person = PersonFactory(name="Ilse Vantongeren")
    quote = QuoteFactory(person=person)
    membership = MembershipFactory(person=person, unit=UnitFactory(name="3rd Coastal Watch"))
    right = UnitFactory(name="4th Coastal Watch")
    url, page = membership_page(admin_client, person)

    data = posted_back(page, **{"memberships-0-unit": right.pk, "note": "Press release"})
    assert admin_client.post(url, data).status_code == 302

    membership.refresh_from_db()
    assert membership.unit == right
    correction = quote.corrections.get()
    assert correction.summary == "unit corrected: was 3rd Coastal Watch"
    assert (correction.user, correction.note) == (admin_user, "Press release")


def test_adding_and_removing_a_unit_inline(admin_client):
    """A membership added on the page is recorded as added, one deleted as removed."""
    person = PersonFactory()
    quote = QuoteFactory(person=person)
    old = MembershipFactory(person=person, unit=UnitFactory(name="Harbour Board"))
    new_unit = UnitFactory(name="Lighthouse Service")
    url, page = membership_page(admin_client, person)

    data = posted_back(
        page,
        **{
            "memberships-0-DELETE": "on",
            "memberships-TOTAL_FORMS": "2",
            "memberships-1-unit": new_unit.pk,
            "memberships-1-person": person.pk,
            "memberships-1-rank": "Captain",
        },
    )
    assert admin_client.post(url, data).status_code == 302

    assert [m.unit for m in person.memberships.all()] == [new_unit]
    assert person.memberships.get().rank == "Captain"
    assert not type(old).objects.filter(pk=old.pk).exists()
    assert sorted(c.summary for c in quote.corrections.all()) == [
        "unit added: Lighthouse Service",
        "unit removed: was Harbour Board",
    ]
