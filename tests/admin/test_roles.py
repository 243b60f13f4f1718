"""The staff roles in the admin, as the groups of quotes/roles.py make them: archivists add
and correct articles, quotes, people and units and dismiss suggestions; editors may also
publish, reject, merge, withdraw and restore; neither sees or edits users."""

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import Group
from django.urls import reverse

from archive.models import Article
from quotes import roles
from quotes.models import (
    AttributionConflict,
    MergeSuggestion,
    Person,
    PersonMergeSuggestion,
    Quote,
)
from quotes.services import lifecycle
from tests.factories import PersonFactory, PrintingFactory, QuoteFactory

from .conftest import posted_back

pytestmark = pytest.mark.django_db

QUOTES = reverse("admin:quotes_quote_changelist")
EDITOR_QUOTE_ACTIONS = {
    "publish_selected",
    "reject_selected",
    "merge_selected_quotes",
    "withdraw_selected",
    "restore_selected",
}


def staff(django_user_model, username, role):
    user = django_user_model.objects.create_user(username, password="unused", is_staff=True)
    user.groups.add(Group.objects.get(name=role))
    return user


@pytest.fixture
def archivist(django_user_model):
    return staff(django_user_model, "ada", roles.ARCHIVISTS)


@pytest.fixture
def editor(django_user_model):
    return staff(django_user_model, "eda", roles.EDITORS)


@pytest.fixture
def as_archivist(client, archivist):
    client.force_login(archivist)
    return client


@pytest.fixture
def as_editor(client, editor):
    client.force_login(editor)
    return client


def offered(client, changelist):
    response = client.get(changelist)
    assert response.status_code == 200
    form = response.context["action_form"]  # None when no action is offered
    return {value for value, _ in form.fields["action"].choices} - {""} if form else set()


def act(client, changelist, action, objects, **extra):
    data = {"action": action, ACTION_CHECKBOX_NAME: [o.pk for o in objects], **extra}
    return client.post(changelist, data)


# What each role is offered


def test_archivists_are_offered_no_editors_action_on_quotes(as_archivist):
    """An archivist's quote list offers none of publish, reject, merge, withdraw, restore."""
    QuoteFactory()
    assert offered(as_archivist, QUOTES) == set()


def test_editors_are_offered_every_quote_action(as_editor):
    """An editor's quote list offers publishing, rejecting, merging, withdrawing, restoring,
    and never deleting."""
    QuoteFactory()
    assert offered(as_editor, QUOTES) == EDITOR_QUOTE_ACTIONS


CONFLICT_ACTIONS = {"keep_quote_speaker", "credit_printing_speaker"}


@pytest.mark.parametrize(
    ("changelist", "archivist_actions", "editor_actions"),
    [
        (
            "admin:quotes_mergesuggestion_changelist",
            {"dismiss_selected"},
            {"dismiss_selected", "merge_selected"},
        ),
        (
            "admin:quotes_personmergesuggestion_changelist",
            {"dismiss_selected"},
            {"dismiss_selected", "merge_selected"},
        ),
        ("admin:quotes_attributionconflict_changelist", CONFLICT_ACTIONS, CONFLICT_ACTIONS),
        ("admin:quotes_person_changelist", set(), {"merge_selected_people"}),
        ("admin:quotes_printing_changelist", set(), {"split_selected"}),
    ],
)
def test_queues_offer_archivists_review_and_editors_merging(
    client, archivist, editor, changelist, archivist_actions, editor_actions
):
    """Archivists dismiss suggestions and settle attribution conflicts; merging people,
    quotes and suggestions and splitting printings are offered to editors only; deleting to
    neither."""
    url = reverse(changelist)
    client.force_login(archivist)
    assert offered(client, url) == archivist_actions
    client.force_login(editor)
    assert offered(client, url) == editor_actions


# Posting what is not offered


def test_an_archivist_posting_publish_changes_nothing(as_archivist):
    """An action posted without the permission is not run."""
    quote = QuoteFactory(status=Quote.Status.SUGGESTED)

    act(as_archivist, QUOTES, "publish_selected", [quote])

    quote.refresh_from_db()
    assert quote.status == Quote.Status.SUGGESTED


def test_an_archivist_posting_withdraw_or_merge_changes_nothing(as_archivist):
    """Withdrawing and merging quotes, posted by an archivist, change nothing."""
    person = PersonFactory()
    one, two = QuoteFactory(person=person), QuoteFactory(person=person)

    act(as_archivist, QUOTES, "withdraw_selected", [one], post="yes", reason="legal")
    act(as_archivist, QUOTES, "merge_selected_quotes", [one, two], post="yes", survivor=one.pk)

    assert not Quote.objects.exclude(status=Quote.Status.PUBLISHED).exists()
    assert not Quote.objects.filter(merged_into__isnull=False).exists()


def test_an_archivist_cannot_merge_people_or_suggestions(as_archivist):
    """Merging people, directly or from a suggestion, is refused to an archivist; dismissing
    a suggestion is theirs."""
    ivan, ivan2 = PersonFactory(name="Ivan Marchuk"), PersonFactory(name="Ivan Marchuka")
    people = reverse("admin:quotes_person_changelist")
    act(as_archivist, people, "merge_selected_people", [ivan, ivan2], post="yes", survivor=ivan.pk)
    suggestion = PersonMergeSuggestion.objects.create(person=ivan, candidate=ivan2, score=0.7)
    queue = reverse("admin:quotes_personmergesuggestion_changelist")
    act(as_archivist, queue, "merge_selected", [suggestion])

    assert not Person.objects.filter(merged_into__isnull=False).exists()

    act(as_archivist, queue, "dismiss_selected", [suggestion])
    suggestion.refresh_from_db()
    assert suggestion.status == PersonMergeSuggestion.Status.DISMISSED


def test_an_archivist_dismisses_a_quote_merge_suggestion(as_archivist):
    """Dismissing a quote merge suggestion is open to archivists; merging it is not."""
    person = PersonFactory()
    suggestion = MergeSuggestion.objects.create(
        quote=QuoteFactory(person=person), candidate=QuoteFactory(person=person), score=0.8
    )
    queue = reverse("admin:quotes_mergesuggestion_changelist")

    act(as_archivist, queue, "merge_selected", [suggestion])
    suggestion.refresh_from_db()
    assert suggestion.status == MergeSuggestion.Status.OPEN

    act(as_archivist, queue, "dismiss_selected", [suggestion])
    suggestion.refresh_from_db()
    assert suggestion.status == MergeSuggestion.Status.DISMISSED


def test_an_archivist_settles_an_attribution_conflict(as_archivist, archivist):
    """Crediting the printing's speaker is an archivist's correction, recorded as theirs."""
    quote = PrintingFactory(quote__person=PersonFactory(name="Ilse Varnhagen")).quote
    printing = PrintingFactory(quote=quote, person=PersonFactory(name="Tomas Quirke"))
    conflict = AttributionConflict.objects.create(quote=quote, printing=printing)

    act(
        as_archivist,
        reverse("admin:quotes_attributionconflict_changelist"),
        "credit_printing_speaker",
        [conflict],
    )

    quote.refresh_from_db()
    assert quote.person.name == "Tomas Quirke"
    assert quote.history.first().history_user == archivist


# The buttons and pages of one quote


def test_buttons_on_a_quotes_page_follow_the_role(client, archivist, editor):
    """A suggestion's page shows Publish and Reject to an editor, not to an archivist; a
    published quote's page shows Withdraw to an editor only."""
    suggested = QuoteFactory(status=Quote.Status.SUGGESTED)
    published = QuoteFactory()
    publish = reverse("admin:quotes_quote_curate", args=[suggested.pk, "publish"])
    withdraw = reverse("admin:quotes_quote_withdraw", args=[published.pk])

    def page(quote):
        response = client.get(reverse("admin:quotes_quote_change", args=[quote.pk]))
        assert response.status_code == 200
        return response.content.decode()

    client.force_login(archivist)
    assert publish not in page(suggested)
    assert withdraw not in page(published)
    client.force_login(editor)
    assert publish in page(suggested)
    assert withdraw in page(published)


def test_an_archivist_posting_a_button_is_refused(as_archivist):
    """The publish, reject, restore, withdraw and split views answer 403 to an archivist."""
    quote = PrintingFactory(quote__status=Quote.Status.SUGGESTED).quote
    for decision in ("publish", "reject", "restore"):
        url = reverse("admin:quotes_quote_curate", args=[quote.pk, decision])
        assert as_archivist.post(url).status_code == 403
    withdraw = reverse("admin:quotes_quote_withdraw", args=[quote.pk])
    assert as_archivist.get(withdraw).status_code == 403
    split = reverse("admin:quotes_printing_split", args=[quote.printings.get().pk])
    assert as_archivist.post(split).status_code == 403
    quote.refresh_from_db()
    assert quote.status == Quote.Status.SUGGESTED


def test_an_editor_publishes_withdraws_and_restores(as_editor, editor):
    """An editor's buttons publish a suggestion, then withdraw and restore it, each change
    recorded as theirs."""
    quote = PrintingFactory(quote__status=Quote.Status.SUGGESTED).quote

    as_editor.post(reverse("admin:quotes_quote_curate", args=[quote.pk, "publish"]))
    as_editor.post(
        reverse("admin:quotes_quote_withdraw", args=[quote.pk]),
        {"reason": "duplicate", "note": ""},
    )
    quote.refresh_from_db()
    assert quote.status == Quote.Status.WITHDRAWN
    as_editor.post(reverse("admin:quotes_quote_curate", args=[quote.pk, "restore"]))

    quote.refresh_from_db()
    assert quote.status == Quote.Status.PUBLISHED
    assert {h.history_user for h in quote.history.all()[:3]} == {editor}


def test_an_archivist_corrects_a_quote(as_archivist, archivist):
    """An archivist may correct a quote's words; the correction is theirs."""
    quote = PrintingFactory(quote__text="The pier will reopen in May.").quote
    url = reverse("admin:quotes_quote_change", args=[quote.pk])

    data = posted_back(as_archivist.get(url), text="The pier will reopen in June.")
    assert as_archivist.post(url, data).status_code == 302

    quote.refresh_from_db()
    assert quote.text == "The pier will reopen in June."
    assert quote.corrections.get().user == archivist


def test_moving_a_printing_is_an_editors_call(client, archivist, editor):
    """An archivist sees a printing's quote but cannot move it (that may merge the quote it
    leaves); an editor can."""
    printing = PrintingFactory()
    url = reverse("admin:quotes_printing_change", args=[printing.pk])

    client.force_login(archivist)
    assert "quote" not in client.get(url).context["adminform"].form.fields
    client.force_login(editor)
    assert "quote" in client.get(url).context["adminform"].form.fields


# Articles


def test_an_archivist_archives_an_article_but_does_not_publish_its_quotes(as_archivist):
    """An archivist's add page has no publish box, and a posted one is ignored: the quotes
    wait for an editor."""
    add = reverse("admin:archive_article_add")
    assert 'name="publish"' not in as_archivist.get(add).content.decode()

    preview = as_archivist.post(
        add,
        {
            "text": "Harbour master Ilse Vantongeren said: “The pier will reopen in May, "
            "whatever the council decides.”",
            "outlet": "",
            "url": "",
            "title": "",
            "published": "",
            "publish": "on",
        },
    )
    assert 'name="publish"' not in preview.content.decode()
    response = as_archivist.post(add, posted_back(preview, publish="on"))

    assert response.status_code == 302
    assert not Quote.objects.filter(status=Quote.Status.PUBLISHED).exists()


def test_an_editor_may_publish_on_archiving(as_editor):
    """An editor's add page offers to publish the extracted quotes at once."""
    assert 'name="publish"' in as_editor.get(reverse("admin:archive_article_add")).content.decode()


def test_the_review_rows_decide_only_for_editors(client, archivist, editor):
    """An article's review rows offer Publish and Reject to an editor; an archivist sees the
    row and its Edit link only."""
    quote = PrintingFactory(quote__status=Quote.Status.SUGGESTED).quote
    article = quote.printings.get().article
    url = reverse("admin:archive_article_change", args=[article.pk])
    publish = reverse("admin:quotes_quote_curate", args=[quote.pk, "publish"])
    edit = reverse("admin:quotes_quote_change", args=[quote.pk])

    client.force_login(archivist)
    page = client.get(url).content.decode()
    assert edit in page and publish not in page
    client.force_login(editor)
    assert publish in client.get(url).content.decode()


def test_articles_quotes_and_printings_are_deleted_by_no_one(client, archivist, editor):
    """No role deletes an article, a quote or a printing."""
    printing = PrintingFactory()
    urls = [
        reverse("admin:archive_article_delete", args=[printing.article.pk]),
        reverse("admin:quotes_quote_delete", args=[printing.quote.pk]),
        reverse("admin:quotes_printing_delete", args=[printing.pk]),
    ]
    for user in (archivist, editor):
        client.force_login(user)
        for url in urls:
            assert client.post(url, {"post": "yes"}).status_code == 403
    assert Article.objects.filter(pk=printing.article.pk).exists()


# Users


@pytest.mark.parametrize("page", ["admin:auth_user_changelist", "admin:auth_group_changelist"])
def test_no_role_sees_users_or_groups(client, archivist, editor, page):
    """The user and group admin answer 403 to archivists and editors, and the index does not
    list them."""
    for user in (archivist, editor):
        client.force_login(user)
        assert client.get(reverse(page)).status_code == 403
        assert reverse(page) not in client.get(reverse("admin:index")).content.decode()


def test_no_role_edits_a_user(client, archivist, editor, admin_user):
    """Neither role can open or change a user, themselves included."""
    for user in (archivist, editor):
        client.force_login(user)
        for target in (admin_user, user):
            url = reverse("admin:auth_user_change", args=[target.pk])
            assert client.get(url).status_code == 403
            assert client.post(url, {"is_superuser": "on"}).status_code == 403
        user.refresh_from_db()
        assert not user.is_superuser


def test_both_roles_read_the_history(client, archivist, editor):
    """Archivists and editors both open a quote's History page."""
    quote = lifecycle.withdraw(QuoteFactory(), reason="legal")
    url = reverse("admin:quotes_quote_history", args=[quote.pk])
    for user in (archivist, editor):
        client.force_login(user)
        assert client.get(url).status_code == 200
