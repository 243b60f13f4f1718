"""The quote admin: publishing, rejecting and merging selected quotes, filters, and the link to
a quote's public page."""

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse

from quotes.models import MergeSuggestion, Quote
from tests.factories import AppearanceFactory, OutletFactory, PersonFactory, QuoteFactory

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
    """Each row shows the text, speaker, status and how many appearances and outlets it has."""
    person = PersonFactory(name="Ilse Vantongeren")
    quote = AppearanceFactory(quote__person=person, quote__text="The pier will reopen.").quote
    AppearanceFactory(quote=quote)
    AppearanceFactory(quote=quote, article__outlet=quote.appearances.first().article.outlet)

    response = admin_client.get(CHANGELIST)

    row = response.context["cl"].result_list[0]
    assert (row.appearance_count, row.outlet_count) == (3, 2)
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
    """Rejected quotes keep their rows and appearances, with status rejected."""
    quote = AppearanceFactory().quote

    act(admin_client, "reject_selected", [quote])

    quote.refresh_from_db()
    assert quote.status == Quote.Status.REJECTED
    assert quote.appearances.count() == 1


def test_merge_action_asks_which_quote_survives(admin_client):
    """Merging shows a confirmation page with a choice of survivor; nothing changes yet."""
    person = PersonFactory()
    quotes = [AppearanceFactory(quote__person=person).quote for _ in range(3)]

    response = act(admin_client, "merge_selected_quotes", quotes)

    assert response.status_code == 200
    content = response.content.decode()
    assert content.count('name="survivor"') == 3
    for quote in quotes:
        assert quote.text in content
    assert not Quote.objects.filter(merged_into__isnull=False).exists()


def test_merge_action_merges_into_the_chosen_survivor(admin_client):
    """After confirmation the others are merged into the survivor: their appearances move and
    their permalinks would redirect to it."""
    person = PersonFactory()
    survivor, second, third = (AppearanceFactory(quote__person=person).quote for _ in range(3))
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
        assert quote.appearances.count() == 0
    assert survivor.appearances.count() == 3
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

    act(admin_client, "merge_selected_quotes", [merged, other], post="yes", survivor=other.pk)

    merged.refresh_from_db()
    assert merged.merged_into == survivor
    assert "Already merged" in admin_client.get(CHANGELIST).content.decode()


def test_filters_by_status_speaker_outlet_and_article(admin_client):
    """The list filters by status, by whether a speaker is named, by outlet and by article."""
    outlet = OutletFactory(name="Kustkrant")
    named = AppearanceFactory(quote__status=Quote.Status.SUGGESTED, article__outlet=outlet).quote
    described = QuoteFactory(person=None, speaker_description="one fisherman")
    nobody = QuoteFactory(person=None, status=Quote.Status.REJECTED)

    assert listed(admin_client, status="suggested") == {named}
    assert listed(admin_client, speaker="named") == {named}
    assert listed(admin_client, speaker="described") == {described}
    assert listed(admin_client, speaker="none") == {nobody}
    assert listed(admin_client, appearances__article__outlet__id__exact=outlet.pk) == {named}
    article = named.appearances.get().article
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


def test_change_page_lists_appearances_with_outlet(admin_client):
    """A quote's change page lists where it appeared, with outlet and attribution."""
    appearance = AppearanceFactory(article__outlet=OutletFactory(name="Kustkrant"))

    page = admin_client.get(
        reverse("admin:quotes_quote_change", args=[appearance.quote.pk])
    ).content.decode()

    assert "Kustkrant" in page
    assert appearance.attribution in page
    assert reverse("admin:archive_article_change", args=[appearance.article.pk]) in page


def posted_back(response, **changes):
    """The change form's own data, as the browser would send it back, with `changes`."""
    data = {}
    forms = [response.context["adminform"].form]
    for inline in response.context["inline_admin_formsets"]:
        formset = inline.formset
        forms.extend([formset.management_form, *formset.forms])
    for form in forms:
        for name, field in form.fields.items():
            value = form[name].value()
            if value is None or field.disabled:
                continue
            data[form.add_prefix(name)] = (
                [str(v) for v in value]
                if isinstance(value, list | tuple)
                else (value.pk if hasattr(value, "pk") else value)
            )
    data.update(changes)
    return {k: v for k, v in data.items() if v is not False}


def test_edited_text_is_found_by_search(admin_client, client):
    """A quote whose text an archivist corrects is found by its new words on the site."""
    quote = AppearanceFactory(quote__text="The pier will reopen in May.").quote
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
    assert quote.appearances.count() == 2
