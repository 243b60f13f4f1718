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
)

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

    merge(admin_client, [person, merged], post="yes", survivor=person.pk)
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
