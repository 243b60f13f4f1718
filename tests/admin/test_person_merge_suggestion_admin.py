"""The person merge suggestion admin: both people with aliases and quote counts, the reason
and the article; merged through merge_people or dismissed."""

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse

from quotes.models import PersonMergeSuggestion
from tests.factories import (
    ArticleFactory,
    PersonAliasFactory,
    PersonFactory,
    QuoteFactory,
)

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:quotes_personmergesuggestion_changelist")


def suggest(person, candidate, **kwargs):
    return PersonMergeSuggestion.objects.create(
        person=person,
        candidate=candidate,
        score=0.5,
        reason="same surname, different first names",
        **kwargs,
    )


def act(client, action, suggestions):
    data = {"action": action, ACTION_CHECKBOX_NAME: [s.pk for s in suggestions]}
    return client.post(CHANGELIST, data)


def test_open_suggestions_show_both_people_the_reason_and_the_article(
    admin_client, django_assert_max_num_queries
):
    """Each open suggestion shows both people's names, aliases and quote counts, the reason
    and the article; the page's queries do not grow with its rows."""
    for n in range(3):
        ivan = PersonFactory(name=f"Ivan Marchuk{n}")
        PersonAliasFactory(person=ivan, name=f"Marchuk{n} Ivan Petrovych")
        QuoteFactory.create_batch(2, person=ivan)
        suggest(
            PersonFactory(name=f"Pavlo Marchuk{n}"),
            ivan,
            article=ArticleFactory(title=f"Ferry talks, day {n}"),
        )
    suggest(PersonFactory(), PersonFactory(), status=PersonMergeSuggestion.Status.DISMISSED)

    with django_assert_max_num_queries(12):
        response = admin_client.get(CHANGELIST)

    assert len(response.context["cl"].result_list) == 3
    content = response.content.decode()
    for text in ["Ivan Marchuk0", "Marchuk0 Ivan Petrovych", "Pavlo Marchuk0", "2 quotes"]:
        assert text in content
    assert "same surname, different first names" in content
    assert "Ferry talks, day 0" in content


def test_merge_keeps_the_person_with_more_quotes(admin_client):
    """Merging moves the quotes to the person with more of them and settles the suggestion."""
    ivan, pavlo = PersonFactory(name="Ivan Marchuk"), PersonFactory(name="Ivan Marchuka")
    QuoteFactory.create_batch(2, person=pavlo)
    QuoteFactory(person=ivan)
    suggestion = suggest(pavlo, ivan)

    act(admin_client, "merge_selected", [suggestion])

    ivan.refresh_from_db()
    suggestion.refresh_from_db()
    assert ivan.merged_into == pavlo
    assert pavlo.quotes.count() == 3
    assert "Ivan Marchuk" in pavlo.aliases
    assert suggestion.status == PersonMergeSuggestion.Status.MERGED


def test_dismiss_leaves_both_people(admin_client):
    """Dismissing a suggestion changes no person."""
    ivan, pavlo = PersonFactory(name="Ivan Marchuk"), PersonFactory(name="Pavlo Marchuk")
    suggestion = suggest(pavlo, ivan)

    act(admin_client, "dismiss_selected", [suggestion])

    suggestion.refresh_from_db()
    ivan.refresh_from_db()
    assert suggestion.status == PersonMergeSuggestion.Status.DISMISSED
    assert ivan.merged_into is None


def test_merge_is_recorded_as_the_users(admin_client, admin_user):
    """A person merged from the queue is in their history as the user's, with the reason."""
    ivan, pavlo = PersonFactory(name="Ivan Marchuk"), PersonFactory(name="Ivan Marchuka")
    QuoteFactory(person=pavlo)

    act(admin_client, "merge_selected", [suggest(pavlo, ivan)])

    latest = ivan.history.first()
    assert latest.merged_into_id == pavlo.pk
    assert latest.history_user == admin_user
    assert "same surname, different first names" in latest.history_change_reason
