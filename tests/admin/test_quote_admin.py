"""The quote admin: publishing, rejecting and merging selected quotes, filters, and the link to
a quote's public page."""

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse

from quotes.models import MergeSuggestion, Quote
from tests.factories import OutletFactory, PersonFactory, PrintingFactory, QuoteFactory

from .conftest import posted_back

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:quotes_quote_changelist")


def act(client, action, quotes, **extra):
    data = {"action": action, ACTION_CHECKBOX_NAME: [q.pk for q in quotes], **extra}
    return client.post(CHANGELIST, data)


def listed(client, **params):
    response = client.get(CHANGELIST, params)
    assert response.status_code == 200
    return set(response.context["cl"].result_list)


def test_list_shows_speaker_status_and_outlet_counts(admin_client):
    """Each row shows the text, speaker, status and how many printings and outlets it has."""
    person = PersonFactory(name="Ilse Vantongeren")
    quote = PrintingFactory(quote__person=person, quote__text="The pier will reopen.").quote
    PrintingFactory(quote=quote)
    PrintingFactory(quote=quote, article__outlet=quote.printings.first().article.outlet)

    response = admin_client.get(CHANGELIST)

    row = response.context["cl"].result_list[0]
    assert (row.printing_count, row.outlet_count) == (3, 2)
    content = response.content.decode()
    assert "The pier will reopen." in content
    assert "Ilse Vantongeren" in content


def test_publish_action_publishes_live_quotes(admin_client):
    """Selected suggested quotes become published; the message counts them."""
    quotes = QuoteFactory.create_batch(2, status=Quote.Status.SUGGESTED)

    response = act(admin_client, "publish_selected", quotes)

    assert response.status_code == 302
    assert all(q.status == "published" for q in Quote.objects.all())
    assert "2 quotes published." in admin_client.get(CHANGELIST).content.decode()


def test_reject_action_keeps_rejected_quotes(admin_client):
    """Rejected suggestions keep their rows and printings, with status rejected. A published
    quote is withdrawn, never rejected: it is left as it was, and the message says so."""
    quote = PrintingFactory(quote__status=Quote.Status.SUGGESTED).quote
    published = QuoteFactory()

    act(admin_client, "reject_selected", [quote, published])

    quote.refresh_from_db()
    published.refresh_from_db()
    assert quote.status == Quote.Status.REJECTED
    assert quote.printings.count() == 1
    assert published.status == Quote.Status.PUBLISHED
    page = admin_client.get(CHANGELIST).content.decode()
    assert "1 quote rejected." in page
    assert "1 quote was not suggested and left as it was." in page


def test_merge_action_asks_which_quote_survives(admin_client):
    """Merging shows a confirmation page with a choice of survivor; nothing changes yet."""
    person = PersonFactory()
    quotes = [PrintingFactory(quote__person=person).quote for _ in range(3)]

    response = act(admin_client, "merge_selected_quotes", quotes)

    assert response.status_code == 200
    content = response.content.decode()
    assert content.count('name="survivor"') == 3
    for quote in quotes:
        assert quote.text in content
    assert not Quote.objects.filter(merged_into__isnull=False).exists()


def test_merge_action_merges_into_the_chosen_survivor(admin_client):
    """After confirmation the others are merged into the survivor: their printings move and
    their permalinks would redirect to it."""
    person = PersonFactory()
    survivor, second, third = (PrintingFactory(quote__person=person).quote for _ in range(3))
    MergeSuggestion.objects.create(quote=second, candidate=survivor, score=0.8)

    response = act(
        admin_client,
        "merge_selected_quotes",
        [survivor, second, third],
        post="yes",
        survivor=survivor.pk,
    )

    assert response.status_code == 302
    for quote in (second, third):
        quote.refresh_from_db()
        assert quote.merged_into == survivor
        assert quote.printings.count() == 0
    assert survivor.printings.count() == 3
    assert MergeSuggestion.objects.get().status == MergeSuggestion.Status.MERGED


def test_merge_action_needs_two_quotes(admin_client):
    """A single selected quote is not merged, with a message saying why."""
    quote = QuoteFactory()

    response = act(admin_client, "merge_selected_quotes", [quote])

    assert response.status_code == 302
    assert "Select two or more quotes" in admin_client.get(CHANGELIST).content.decode()


def test_merge_action_refuses_different_speakers(admin_client):
    """Quotes of two different people are not merged, and nothing changes."""
    one, other = QuoteFactory(), QuoteFactory()

    act(admin_client, "merge_selected_quotes", [one, other], post="yes", survivor=one.pk)

    assert not Quote.objects.filter(merged_into__isnull=False).exists()
    assert "different people" in admin_client.get(CHANGELIST).content.decode()


def test_merge_action_refuses_already_merged_quotes(admin_client):
    """A quote already merged elsewhere cannot be selected for another merge."""
    person = PersonFactory()
    survivor = QuoteFactory(person=person)
    merged = QuoteFactory(person=person, merged_into=survivor)
    other = QuoteFactory(person=person)

    # Only a list showing merged quotes (not the default) offers one to select.
    data = {"action": "merge_selected_quotes", ACTION_CHECKBOX_NAME: [merged.pk, other.pk]}
    admin_client.post(f"{CHANGELIST}?merged=all", {**data, "post": "yes", "survivor": other.pk})

    merged.refresh_from_db()
    assert merged.merged_into == survivor
    assert "Already merged" in admin_client.get(CHANGELIST).content.decode()


def test_filters_by_status_speaker_outlet_and_article(admin_client):
    """The list filters by status, by whether a speaker is named, by outlet and by article."""
    outlet = OutletFactory(name="Kustkrant")
    named = PrintingFactory(quote__status=Quote.Status.SUGGESTED, article__outlet=outlet).quote
    described = QuoteFactory(person=None, speaker_description="one fisherman")
    nobody = QuoteFactory(person=None, status=Quote.Status.REJECTED)

    assert listed(admin_client, status="suggested") == {named}
    assert listed(admin_client, speaker="named") == {named}
    assert listed(admin_client, speaker="described") == {described}
    assert listed(admin_client, speaker="none") == {nobody}
    assert listed(admin_client, printings__article__outlet__id__exact=outlet.pk) == {named}
    article = named.printings.get().article
    assert listed(admin_client, article=article.pk) == {named}


def test_view_on_site_only_for_published_quotes(admin_client):
    """Only a published, live quote's change page links to its public page."""
    published = QuoteFactory(status=Quote.Status.PUBLISHED)
    suggested = QuoteFactory(status=Quote.Status.SUGGESTED)

    def has_link(quote):
        page = admin_client.get(reverse("admin:quotes_quote_change", args=[quote.pk]))
        return "/admin/r/" in page.content.decode()

    assert has_link(published)
    assert not has_link(suggested)


def test_change_page_lists_printings_with_outlet(admin_client):
    """A quote's change page lists where it appeared, with outlet and attribution."""
    printing = PrintingFactory(article__outlet=OutletFactory(name="Kustkrant"))

    page = admin_client.get(
        reverse("admin:quotes_quote_change", args=[printing.quote.pk])
    ).content.decode()

    assert "Kustkrant" in page
    assert printing.attribution in page
    assert reverse("admin:archive_article_change", args=[printing.article.pk]) in page


def test_edited_text_is_found_by_search(admin_client, client):
    """A quote whose text an archivist corrects is found by its new words on the site."""
    quote = PrintingFactory(quote__text="The pier will reopen in May.").quote
    url = reverse("admin:quotes_quote_change", args=[quote.pk])
    response = admin_client.get(url)
    data = posted_back(response, text="The lighthouse will reopen in May.")
    assert admin_client.post(url, data).status_code == 302
    page = client.get("/quotes/", {"q": "lighthouse"}).content.decode()
    assert quote.short_id in page


def test_archivists_wording_survives_later_imports(admin_client):
    """Once an archivist corrects a quote's text, importing another printing of it adds the
    printing but keeps the corrected text."""
    from archive.services import archive_article

    said = (
        "Harbour master Ilse Vantongeren said: “The pier will reopen in May, whatever the "
        "council decides, and the ferry will run again.”\n"
    )
    archive_article(raw=said.encode(), source_file="a.txt")
    quote = Quote.objects.get()
    url = reverse("admin:quotes_quote_change", args=[quote.pk])
    corrected = "The pier will reopen in May, whatever the council decides."
    admin_client.post(url, posted_back(admin_client.get(url), text=corrected))
    archive_article(raw=said.replace("Harbour master ", "").encode(), source_file="b.txt")
    quote.refresh_from_db()
    assert quote.text_edited
    assert quote.text == corrected
    assert quote.printings.count() == 2


def change_url(quote):
    return reverse("admin:quotes_quote_change", args=[quote.pk])


def message_after(client, url=CHANGELIST):
    return client.get(url).content.decode()


def test_state_and_flags_are_shown_not_edited(admin_client):
    """The form edits the words and the speaker, with a note; status, text_edited and
    merged_into are shown only, since states change by actions and buttons."""
    quote = QuoteFactory(status=Quote.Status.SUGGESTED)

    response = admin_client.get(change_url(quote))

    assert set(response.context["adminform"].form.fields) == {
        "text",
        "person",
        "speaker_description",
        "units_on_speaker_change",
        "note",
    }
    content = response.content.decode()
    assert "Why (recorded in the history)" in content
    assert "Suggested" in content


def test_a_posted_status_is_ignored(admin_client):
    """A status or flag sent with the form changes nothing."""
    quote = PrintingFactory(quote__status=Quote.Status.SUGGESTED).quote
    data = posted_back(admin_client.get(change_url(quote)), status="published", text_edited="on")

    assert admin_client.post(change_url(quote), data).status_code == 302

    quote.refresh_from_db()
    assert quote.status == Quote.Status.SUGGESTED
    assert not quote.text_edited


def test_text_correction_is_on_the_public_record_with_the_note(admin_client, admin_user):
    """Correcting a published quote's words records a public correction with the note, and
    the quote keeps the archivist's wording."""
    quote = PrintingFactory(quote__text="The pier will reopen in May.").quote
    data = posted_back(
        admin_client.get(change_url(quote)),
        text="The pier will reopen in June.",
        note="The outlet misprinted the month.",
    )

    assert admin_client.post(change_url(quote), data).status_code == 302

    quote.refresh_from_db()
    assert quote.text == "The pier will reopen in June."
    assert quote.text_edited
    correction = quote.corrections.get()
    assert correction.kind == "text"
    assert correction.note == "The outlet misprinted the month."
    assert correction.user == admin_user


def test_speaker_is_changed_through_the_form(admin_client):
    """Choosing another person credits the quote to them, on the public record."""
    quote = PrintingFactory(quote__person=PersonFactory(name="Ilse Vantongeren")).quote
    other = PersonFactory(name="Tomas Quirke")
    data = posted_back(admin_client.get(change_url(quote)), person=other.pk)

    admin_client.post(change_url(quote), data)

    quote.refresh_from_db()
    assert quote.person == other
    assert quote.corrections.get().summary == "speaker corrected: was Ilse Vantongeren"


def test_a_merged_person_cannot_be_chosen(admin_client):
    """A person merged into someone else is refused on the form, naming the survivor."""
    quote = PrintingFactory().quote
    survivor = PersonFactory(name="Ilse Vantongeren")
    merged = PersonFactory(name="I. Vantongeren", merged_into=survivor)
    data = posted_back(admin_client.get(change_url(quote)), person=merged.pk)

    response = admin_client.post(change_url(quote), data)

    assert response.status_code == 200
    assert "has been merged into Ilse Vantongeren" in response.content.decode()
    quote.refresh_from_db()
    assert quote.person != merged


def test_a_merged_quotes_page_only_shows_it(admin_client):
    """A quote merged into another is shown read-only, with a link to its survivor."""
    survivor = QuoteFactory()
    merged = QuoteFactory(person=survivor.person, merged_into=survivor)

    response = admin_client.get(change_url(merged))

    assert response.status_code == 200
    content = response.content.decode()
    assert 'name="text"' not in content and 'name="_save"' not in content
    assert change_url(survivor) in content
    assert admin_client.post(change_url(merged), {"text": "x"}).status_code == 403


def test_quotes_are_never_deleted(admin_client):
    """No delete link, action or page: a quote is rejected or withdrawn instead."""
    quote = QuoteFactory()

    delete = reverse("admin:quotes_quote_delete", args=[quote.pk])
    page = admin_client.get(change_url(quote)).content.decode()
    actions = admin_client.get(CHANGELIST).context["action_form"].fields["action"].choices

    assert delete not in page
    assert "delete_selected" not in [value for value, _ in actions]
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert Quote.objects.filter(pk=quote.pk).exists()


def test_withdraw_action_asks_for_a_reason_first(admin_client):
    """Withdrawing shows the selected quotes and the reasons to choose from; nothing changes
    yet."""
    quotes = QuoteFactory.create_batch(2)

    response = act(admin_client, "withdraw_selected", quotes)

    assert response.status_code == 200
    content = response.content.decode()
    for label in Quote.WithdrawalReason.labels:
        assert label in content
    for quote in quotes:
        assert quote.text in content
    assert not Quote.objects.filter(status=Quote.Status.WITHDRAWN).exists()


def test_withdraw_action_withdraws_with_reason_and_note(admin_client, admin_user):
    """Confirmed, the quotes are withdrawn with the reason and note, on their public record."""
    quotes = QuoteFactory.create_batch(2)

    response = act(
        admin_client,
        "withdraw_selected",
        quotes,
        post="yes",
        reason="legal",
        note="Court order of 3 March.",
    )

    assert response.status_code == 302
    for quote in quotes:
        quote.refresh_from_db()
        assert quote.status == Quote.Status.WITHDRAWN
        assert quote.withdrawal_reason == "legal"
        assert quote.withdrawal_note == "Court order of 3 March."
        assert quote.corrections.get().kind == "withdrawn"
    assert "2 quotes withdrawn (legal request)" in message_after(admin_client)


def test_withdraw_for_another_reason_needs_a_note(admin_client):
    """'Other' without a note is asked again, with the error; nothing is withdrawn."""
    quote = QuoteFactory()

    response = act(admin_client, "withdraw_selected", [quote], post="yes", reason="other")

    assert response.status_code == 200
    assert "Say why" in response.content.decode()
    quote.refresh_from_db()
    assert quote.status == Quote.Status.PUBLISHED


def test_only_published_quotes_are_withdrawn(admin_client):
    """A suggestion selected for withdrawal is refused by name: it is rejected instead."""
    quote = QuoteFactory(status=Quote.Status.SUGGESTED)

    response = act(admin_client, "withdraw_selected", [quote], post="yes", reason="legal")

    assert response.status_code == 302
    quote.refresh_from_db()
    assert quote.status == Quote.Status.SUGGESTED
    assert f"Only published quotes are withdrawn: {quote.short_id}" in message_after(admin_client)


def test_restore_action_publishes_withdrawn_quotes_again(admin_client):
    """A withdrawn quote restored is published again; others selected are left alone."""
    from quotes.services import lifecycle

    withdrawn = lifecycle.withdraw(QuoteFactory(), reason="duplicate")
    suggested = QuoteFactory(status=Quote.Status.SUGGESTED)

    act(admin_client, "restore_selected", [withdrawn, suggested])

    withdrawn.refresh_from_db()
    suggested.refresh_from_db()
    assert withdrawn.status == Quote.Status.PUBLISHED
    assert suggested.status == Quote.Status.SUGGESTED
    assert "1 quote restored." in message_after(admin_client)


def buttons(client, quote):
    page = client.get(change_url(quote)).content.decode()
    urls = {
        "Publish": reverse("admin:quotes_quote_curate", args=[quote.pk, "publish"]),
        "Reject": reverse("admin:quotes_quote_curate", args=[quote.pk, "reject"]),
        "Restore": reverse("admin:quotes_quote_curate", args=[quote.pk, "restore"]),
        "Withdraw": reverse("admin:quotes_quote_withdraw", args=[quote.pk]),
    }
    return {label for label, url in urls.items() if f'"{url}"' in page}


def test_change_page_offers_the_changes_its_state_allows(admin_client):
    """A suggestion offers Publish and Reject, a published quote Withdraw, a withdrawn one
    Restore, a merged one nothing."""
    from quotes.services import lifecycle

    assert buttons(admin_client, QuoteFactory(status=Quote.Status.SUGGESTED)) == {
        "Publish",
        "Reject",
    }
    assert buttons(admin_client, QuoteFactory(status=Quote.Status.REJECTED)) == {"Publish"}
    assert buttons(admin_client, QuoteFactory()) == {"Withdraw"}
    assert buttons(admin_client, lifecycle.withdraw(QuoteFactory(), reason="legal")) == {"Restore"}
    survivor = QuoteFactory()
    assert buttons(admin_client, QuoteFactory(merged_into=survivor)) == set()


def test_publish_button_publishes_and_comes_back(admin_client, admin_user):
    """The Publish button publishes the quote as the user who pressed it and returns to the
    quote's page."""
    quote = PrintingFactory(quote__status=Quote.Status.SUGGESTED).quote
    url = reverse("admin:quotes_quote_curate", args=[quote.pk, "publish"])

    assert admin_client.get(url).status_code == 405
    response = admin_client.post(url)

    assert response.status_code == 302
    assert response["Location"] == change_url(quote)
    quote.refresh_from_db()
    assert quote.status == Quote.Status.PUBLISHED
    assert quote.history.first().history_user == admin_user
    assert f"Quote {quote.short_id} published." in message_after(admin_client, change_url(quote))


def test_a_refused_change_is_a_message_not_an_error(admin_client):
    """Restoring a quote that is not withdrawn answers with the lifecycle's reason."""
    quote = QuoteFactory()
    url = reverse("admin:quotes_quote_curate", args=[quote.pk, "restore"])

    response = admin_client.post(url, {"next": "https://elsewhere.test/"})

    assert response.status_code == 302
    assert response["Location"] == change_url(quote)
    assert "is published, not withdrawn" in message_after(admin_client, change_url(quote))


def test_withdraw_page_for_one_quote(admin_client):
    """Withdraw… on a quote's page asks for the reason, then withdraws it and goes back."""
    quote = QuoteFactory()
    url = reverse("admin:quotes_quote_withdraw", args=[quote.pk])

    page = admin_client.get(url)
    assert page.status_code == 200
    assert 'name="reason"' in page.content.decode()

    response = admin_client.post(url, {"reason": "wrong-attribution", "note": "Not hers."})

    assert response.status_code == 302
    assert response["Location"] == change_url(quote)
    quote.refresh_from_db()
    assert quote.status == Quote.Status.WITHDRAWN
    assert quote.withdrawal_reason == "wrong-attribution"
    assert "Wrong attribution" in admin_client.get(change_url(quote)).content.decode()


def test_list_shows_the_quotes_words_at_length(admin_client):
    """The list's text column shows a long quote's words, wrapping, not a few of them, with
    the admin stylesheet that wraps them."""
    words = " ".join(f"word{n}" for n in range(45))
    QuoteFactory(text=words)

    content = admin_client.get(CHANGELIST).content.decode()

    assert f'<span class="quote-text">{words}</span>' in content
    assert "css/admin.css" in content
