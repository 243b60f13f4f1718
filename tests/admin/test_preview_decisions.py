"""The archivist corrects the preview's suggestions before anything is saved: a quotation
left out is not stored, and a speaker's name or units changed are stored as given, as the
archivist's decision (no doubt left, the membership's history naming them); an edit whose
quotation reads differently when archived is not applied, and the archivist is told."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from archive import forms
from archive.models import Capture
from quotes.models import Membership, Person, Printing, Quote
from tests.capture.conftest import article_page, capture_settings, serve  # noqa: F401

pytestmark = pytest.mark.django_db

ADD = reverse("admin:archive_article_add")

PARAGRAPHS = (
    "Storm closes the pier",
    "Captain Ilse Vantongeren, commander of the 14th Separate Coastal Brigade, spoke in "
    "Ostmark on Monday.",
    "“We will rebuild the pier before the summer,” Captain Vantongeren said.",
    "Sergeant Pieter Malfait of the 57th Engineer Battalion described the damage.",
    "“The railings were torn off in a single night,” Sergeant Malfait said.",
    "The harbour council said in a statement: “No ferry will sail until the pier is inspected.”",
)
TEXT = "\n\n".join(PARAGRAPHS)
PIER, RAILINGS, FERRY = (
    "We will rebuild the pier",
    "The railings were torn off",
    "No ferry will sail",
)


def previewed(client, text=TEXT):
    response = client.post(ADD, {"text": text, "outlet": "Harbour Gazette"})
    assert response.status_code == 200
    return response


def suggestion_fields(response) -> dict:
    """The preview's fields for its suggestions, as the browser would send them back."""
    data = {}
    for n, suggestion in enumerate(response.context["preview"].suggestions):
        data[f"suggestion-{n}-text"] = suggestion["text"].replace("\n", "\r\n")
        data[f"suggestion-{n}-speaker"] = suggestion["speaker_given"]
        if suggestion["speaker"]:
            data[f"suggestion-{n}-units"] = suggestion["units_given"]
    return data


def archived(client, response, **changes):
    """ "Archive this article" on the preview, with the suggestions' fields as `changes` set
    them (a value of None takes the field away, as an unticked box)."""
    form = response.context["adminform"].form
    data = {name: form[name].value() or "" for name in form.fields}
    data.update(suggestion_fields(response))
    data.update(changes)
    return client.post(ADD, {k: v for k, v in data.items() if v is not None}, follow=True)


def row_of(response, words) -> int:
    texts = [s["text"] for s in response.context["preview"].suggestions]
    return next(n for n, text in enumerate(texts) if text.startswith(words))


def test_the_preview_offers_each_suggestion_for_correction(admin_client):
    response = previewed(admin_client)
    html = response.content.decode()
    railings = row_of(response, RAILINGS)
    assert f'<label for="suggestion-{railings}-leave"' in html
    assert f'<label for="suggestion-{railings}-speaker">Speaker\'s name</label>' in html
    assert f'id="suggestion-{railings}-speaker" value="Pieter Malfait"' in html
    assert "57th Engineer Battalion</textarea>" in html
    ferry = row_of(response, FERRY)
    assert f'<label for="suggestion-{ferry}-speaker">Unnamed speaker, described as' in html
    assert not Quote.objects.exists()


def test_the_quotes_are_stored_as_the_archivist_decided(admin_client, admin_user):
    """Left out: the council's; renamed: Malfait; another unit: Vantongeren's."""
    response = previewed(admin_client)
    pier, railings, ferry = (row_of(response, w) for w in (PIER, RAILINGS, FERRY))

    done = archived(
        admin_client,
        response,
        **{
            f"suggestion-{ferry}-leave": "on",
            f"suggestion-{railings}-speaker": "Pieter Malfaict",
            f"suggestion-{pier}-units": "15th Separate Coastal Brigade",
        },
    )

    assert done.status_code == 200
    assert "2 quote(s) found" in done.content.decode()
    stored = {q.text: q for q in Quote.objects.select_related("person")}
    assert len(stored) == 2
    assert not any(FERRY in text for text in stored)
    by_words = {
        words: next(q for t, q in stored.items() if words in t) for words in (PIER, RAILINGS)
    }
    assert by_words[RAILINGS].person.name == "Pieter Malfaict"
    assert not Person.objects.filter(name="Pieter Malfait").exists()
    assert by_words[PIER].person.name == "Ilse Vantongeren"
    units = Membership.objects.filter(person=by_words[PIER].person).values_list(
        "unit__name", flat=True
    )
    assert [name.casefold() for name in units] == ["15th separate coastal brigade"]
    # Malfait's battalion, left as it was, is stated for the name the archivist gave.
    malfaict = Membership.objects.get(person=by_words[RAILINGS].person)
    assert "57th" in malfaict.unit.name
    # The archivist's decisions: nothing left in doubt, and the history says who gave them.
    for quote in by_words.values():
        printing = Printing.objects.get(quote=quote)
        assert (printing.confidence, printing.doubt) == (1.0, "")
    given = Membership.history.filter(person_id=by_words[PIER].person_id).get()
    assert given.history_user == admin_user
    assert given.history_change_reason == "given by the archivist in the preview"


def test_suggestions_left_as_they_are_stay_the_machines(admin_client):
    response = previewed(admin_client)

    archived(admin_client, response)

    assert Quote.objects.count() == 3
    assert Membership.objects.count() == 2
    assert not Membership.history.exclude(history_change_reason=None).exists()
    assert Printing.objects.exclude(confidence=1.0).exists()


def test_an_edit_of_a_quotation_read_differently_is_not_applied(admin_client):
    response = previewed(admin_client)
    railings = row_of(response, RAILINGS)

    done = archived(
        admin_client,
        response,
        **{
            f"suggestion-{railings}-text": "Words the article never printed",
            f"suggestion-{railings}-leave": "on",
        },
    )

    html = done.content.decode()
    assert "Not applied, as archived" in html
    assert "the quotation read differently when archived" in html
    assert Quote.objects.filter(text__contains=RAILINGS).exists()


def test_a_preview_shown_again_keeps_what_the_archivist_typed(admin_client):
    """A refused archive (here: the URL is not a web address) shows the preview again with
    the corrections as typed, not the machine's."""
    response = previewed(admin_client)
    railings = row_of(response, RAILINGS)

    again = archived(
        admin_client,
        response,
        url="ftp://harbour.example/pier",
        **{f"suggestion-{railings}-speaker": "Pieter Malfaict"},
    )

    html = again.content.decode()
    assert f'id="suggestion-{railings}-speaker" value="Pieter Malfaict"' in html
    assert not Quote.objects.exists()


def test_a_captured_page_is_archived_as_the_archivist_decided(admin_client, httpserver):
    """The capture's page shows the same fields, outside its review form but sent with it."""
    url = serve(httpserver, "/news/pier", article_page(title=PARAGRAPHS[0], paragraphs=PARAGRAPHS))
    admin_client.post(ADD, {"capture_url": url})
    capture = Capture.objects.get(url=url)
    change = reverse("admin:archive_capture_change", args=[capture.pk])
    page = admin_client.get(change)
    html = page.content.decode()
    assert 'form="capture-review"' in html
    ferry = row_of(page, FERRY)
    form = page.context["review_form"]
    data = {name: form[name].value() or "" for name in form.fields}
    data.update(suggestion_fields(page))
    data[f"suggestion-{ferry}-leave"] = "on"

    admin_client.post(reverse("admin:archive_capture_review", args=[capture.pk]), data)

    capture.refresh_from_db()
    assert capture.state == Capture.State.DONE, capture.reason
    assert Quote.objects.count() == 2
    assert not Quote.objects.filter(text__contains=FERRY).exists()


@pytest.mark.django_db(transaction=True)  # the worker closes the connection it ran on
def test_in_production_the_worker_archives_as_the_archivist_decided(admin_client, settings):
    """With the database tasks backend, the decisions travel with the queued import."""
    settings.VERBATIM_TASKS = "database"
    settings.TASKS = {
        "default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}
    }
    response = previewed(admin_client)
    ferry = row_of(response, FERRY)

    archived(admin_client, response, **{f"suggestion-{ferry}-leave": "on"})
    assert not Quote.objects.exists()
    call_command("db_worker", "--batch", verbosity=0)

    assert Quote.objects.count() == 2
    assert not Quote.objects.filter(text__contains=FERRY).exists()


def test_past_the_limit_suggestions_are_shown_without_fields(admin_client, monkeypatch):
    """A form holds at most EDITABLE suggestions' fields (Django reads 1,000 fields)."""
    monkeypatch.setattr(forms, "EDITABLE", 1)

    html = previewed(admin_client).content.decode()

    assert 'name="suggestion-0-speaker"' in html
    assert 'name="suggestion-1-speaker"' not in html
    assert "The last 2 can be corrected on the article's page" in html
