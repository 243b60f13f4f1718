"""The printing (printing) admin: a printing is shown in its sentence, moved to another
quote or split off into its own through the lifecycle, and never deleted."""

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse

from quotes.models import Printing, Quote
from tests.factories import OutletFactory, PersonFactory, PrintingFactory, QuoteFactory

from .conftest import posted_back

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:quotes_printing_changelist")


def change_url(printing):
    return reverse("admin:quotes_printing_change", args=[printing.pk])


def test_offsets_are_never_form_fields(admin_client):
    """A printing's page edits its quote and attribution only; its words are shown in their
    sentence, and its offsets not at all."""
    printing = PrintingFactory(quote__text="The pier will reopen.")

    response = admin_client.get(change_url(printing))

    assert set(response.context["adminform"].form.fields) == {"quote", "attribution", "note"}
    content = response.content.decode()
    assert '<mark class="quoted">The pier will reopen.</mark>' in content
    for offset in ("start", "end", "segments"):
        assert f'name="{offset}"' not in content


def test_moving_a_printing_to_another_quote(admin_client, admin_user):
    """Choosing another quote moves the printing there; both quotes stay live, and the
    move is in the printing's history as the user's."""
    person = PersonFactory()
    old = PrintingFactory(quote__person=person).quote
    moved = PrintingFactory(quote=old)
    new = PrintingFactory(quote__person=person).quote
    data = posted_back(admin_client.get(change_url(moved)), quote=new.pk, note="Same briefing")

    assert admin_client.post(change_url(moved), data).status_code == 302

    moved.refresh_from_db()
    old.refresh_from_db()
    assert moved.quote == new
    assert old.merged_into is None and old.printings.count() == 1
    latest = moved.history.first()
    assert (latest.quote_id, latest.history_user) == (new.pk, admin_user)
    assert latest.history_change_reason == "Same briefing"


def test_moving_the_last_printing_merges_the_quote_it_leaves(admin_client):
    """A quote left without printings is merged into the one its printing went to, so that
    its permalink leads there."""
    person = PersonFactory()
    moved = PrintingFactory(quote__person=person)
    old, new = moved.quote, PrintingFactory(quote__person=person).quote
    data = posted_back(admin_client.get(change_url(moved)), quote=new.pk)

    admin_client.post(change_url(moved), data)

    old.refresh_from_db()
    assert old.merged_into == new


def test_moving_to_a_merged_quote_is_refused_with_a_message(admin_client):
    """A merged quote is no destination: the page says why, and the printing stays as it was,
    its other changes with it."""
    person = PersonFactory()
    moved = PrintingFactory(quote__person=person)
    gone = QuoteFactory(person=person, merged_into=QuoteFactory(person=person))
    data = posted_back(
        admin_client.get(change_url(moved)), quote=gone.pk, attribution="she told us"
    )

    response = admin_client.post(change_url(moved), data)

    assert response.status_code == 302
    assert response["Location"] == change_url(moved)
    moved.refresh_from_db()
    assert moved.quote != gone
    assert moved.attribution == "she said"
    page = admin_client.get(change_url(moved)).content.decode()
    assert "has been merged into another quote" in page


def two_outlets_quote():
    quote = PrintingFactory(article__outlet=OutletFactory(name="Kustkrant")).quote
    other = PrintingFactory(quote=quote, article__outlet=OutletFactory(name="Harbour Post"))
    return quote, other


def test_split_asks_first_then_makes_a_quote_of_the_printing(admin_client, admin_user):
    """Split off… shows what moves; confirmed, the printing becomes a quote of its own with
    the same speaker and status, and the page of the new quote opens."""
    quote, other = two_outlets_quote()
    url = reverse("admin:quotes_printing_split", args=[other.pk])

    page = admin_client.get(url)
    assert page.status_code == 200
    assert other.text in page.content.decode()
    assert quote.printings.count() == 2

    response = admin_client.post(url, {"note": "Another briefing"})

    other.refresh_from_db()
    new = other.quote
    assert new != quote
    assert response["Location"] == reverse("admin:quotes_quote_change", args=[new.pk])
    assert (new.person, new.status) == (quote.person, quote.status)
    assert quote.printings.count() == 1
    assert new.history.first().history_user == admin_user


def test_split_of_a_quotes_only_article_is_refused_with_a_message(admin_client):
    """A quote printed by one article has nothing to split: the lifecycle's reason is shown."""
    printing = PrintingFactory()

    response = admin_client.post(
        reverse("admin:quotes_printing_split", args=[printing.pk]), {"note": ""}
    )

    assert response.status_code == 302
    page = admin_client.get(response["Location"]).content.decode()
    assert "nothing to split" in page
    assert Quote.objects.count() == 1


def test_split_action_on_the_list(admin_client):
    """The list's split action splits each selected printing off, once per article."""
    quote, other = two_outlets_quote()

    admin_client.post(CHANGELIST, {"action": "split_selected", ACTION_CHECKBOX_NAME: [other.pk]})

    assert Quote.objects.count() == 2
    assert quote.printings.count() == 1


def test_a_quotes_page_links_each_printing_to_its_split(admin_client):
    """A quote printed by two articles offers to split each printing off; one printed by a
    single article does not."""
    quote, other = two_outlets_quote()
    single = PrintingFactory()

    page = admin_client.get(reverse("admin:quotes_quote_change", args=[quote.pk])).content
    assert reverse("admin:quotes_printing_split", args=[other.pk]) in page.decode()
    page = admin_client.get(reverse("admin:quotes_quote_change", args=[single.quote.pk])).content
    assert reverse("admin:quotes_printing_split", args=[single.pk]) not in page.decode()


def test_printings_are_never_deleted(admin_client):
    """No delete page or action for a printing: it is moved or split off instead."""
    printing = PrintingFactory()
    delete = reverse("admin:quotes_printing_delete", args=[printing.pk])

    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    actions = admin_client.get(CHANGELIST).context["action_form"].fields["action"].choices
    assert "delete_selected" not in [value for value, _ in actions]
    assert Printing.objects.filter(pk=printing.pk).exists()


def test_a_printings_page_offers_its_split_when_there_is_one(admin_client):
    """A printing's page links to its split only when its quote has printings elsewhere."""
    _, other = two_outlets_quote()
    single = PrintingFactory()

    def offers_split(printing):
        page = admin_client.get(change_url(printing)).content.decode()
        return reverse("admin:quotes_printing_split", args=[printing.pk]) in page

    assert offers_split(other)
    assert not offers_split(single)
