"""What only unpublished material states never shows: a speaker's unit stated by an article
whose quote is not published, another spelling of their name printed only there, and the
suggested and rejected quotes a staff account with no role asks the list for."""

import json

import pytest
from django.contrib.auth.models import Group

from quotes import roles
from quotes.models import Quote
from quotes.services import lifecycle
from tests.factories import (
    MembershipFactory,
    PersonAliasFactory,
    PersonFactory,
    PrintingFactory,
    QuoteFactory,
    UnitFactory,
)

pytestmark = pytest.mark.django_db

UNIT = "Fenwater Dredging Flotilla"
SPELLING = "Ilsabeth Rovanmere"


def stating(quote, body):
    """A printing of `quote` in a new article whose text is `body` (which holds the quote)."""
    return PrintingFactory(quote=quote, person=quote.person, article__body=body)


@pytest.fixture
def speaker():
    """A speaker with a published quote, and a suggested one whose article alone gives her
    unit and another spelling of her name (the importer keeps both, as a membership and an
    alias, when it reads that article)."""
    person = PersonFactory(name="Ilsabet Rowanmere", description="Pier warden")
    published = QuoteFactory(person=person, text="The pier lamps stay lit all winter.")
    PrintingFactory(quote=published, person=person)
    suggested = QuoteFactory(
        person=person,
        text="The dredgers leave the channel at dawn.",
        status=Quote.Status.SUGGESTED,
    )
    article = stating(
        suggested,
        f"{SPELLING} of the {UNIT} spoke.\n\n“{suggested.text}” said {SPELLING}.",
    ).article
    unit = UnitFactory(name=UNIT)
    MembershipFactory(person=person, unit=unit, article=article)
    PersonAliasFactory(person=person, name=SPELLING)
    return person, unit, published, suggested


def public_urls(person, unit, quote):
    """Every public address that shows or could show the speaker's units and names."""
    lists = ("/quotes/", "/quotes/export.csv", "/quotes/export.jsonl", "/api/quotes/")
    return [
        f"/people/{person.slug}/",
        f"/people/{person.slug}/feed/",
        "/people/",
        f"/units/{unit.slug}/",
        f"/units/{unit.slug}/feed/",
        "/units/",
        f"/q/{quote.short_id}/",
        f"/q/{quote.short_id}/cite.bib",
        f"/q/{quote.short_id}/cite.json",
        f"/api/quotes/{quote.short_id}/",
        "/api/people/",
        f"/api/people/{person.slug}/",
        f"/api/people/?unit={unit.slug}",
        f"/api/people/?q={SPELLING.split()[1]}",
        "/api/units/",
        f"/api/units/{unit.slug}/",
        "/feeds/quotes/",
        "/sitemap.xml",
        "/quotes/?unit_name=Fenwater",
        *lists,
        *(f"{path}?speaker={person.slug}" for path in lists),
        *(f"{path}?unit={unit.slug}" for path in lists),
    ]


def text_of(response):
    return response.getvalue().decode()


def leaks(client, urls, secrets):
    """{url: the secrets it shows}: a secret the request itself names (a slug in ?unit=,
    echoed in its error) does not count."""
    found = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code < 500, url
        shown = [s for s in secrets if s in text_of(response) and s not in url]
        if shown:
            found[url] = shown
    return found


def test_a_unit_and_a_spelling_show_only_once_a_quote_stating_them_is_published(
    client, speaker, django_capture_on_commit_callbacks
):
    """Walking every public page, feed, API answer, export, sitemap and filter of the
    speaker, the unit stated only by the suggested quote's article and the spelling printed
    only there are nowhere, and the unit's own addresses are not found. Once that quote is
    published, its article is a published printing: the unit and the spelling are then on
    the speaker's page, the unit's page, feed, API record (both quotes counted), the
    sitemap, the unit filter and the exports."""
    person, unit, published, suggested = speaker
    urls = public_urls(person, unit, published)
    assert leaks(client, urls, [UNIT, unit.slug, SPELLING]) == {}
    for url in (f"/units/{unit.slug}/", f"/units/{unit.slug}/feed/", f"/api/units/{unit.slug}/"):
        assert client.get(url).status_code == 404
    assert json.loads(text_of(client.get(f"/api/people/{person.slug}/")))["aliases"] == []

    with django_capture_on_commit_callbacks(execute=True):  # as when its transaction commits
        lifecycle.publish([suggested])
    html = text_of(client.get(f"/people/{person.slug}/"))
    assert UNIT in html
    assert f"Also written as: {SPELLING}" in html
    assert UNIT in text_of(client.get(f"/units/{unit.slug}/"))
    assert client.get(f"/units/{unit.slug}/feed/").status_code == 200
    record = json.loads(text_of(client.get(f"/api/units/{unit.slug}/")))
    assert (record["name"], record["quote_count"]) == (UNIT, 2)
    assert json.loads(text_of(client.get(f"/api/people/{person.slug}/")))["aliases"] == [SPELLING]
    assert unit.get_absolute_url() in text_of(client.get("/sitemap.xml"))
    assert published.text in text_of(client.get("/quotes/", {"unit": unit.slug}))
    exported = text_of(client.get("/quotes/export.jsonl", {"unit": unit.slug}))
    assert UNIT in exported
    assert SPELLING in exported


def test_a_public_unit_lists_no_member_it_is_stated_for_only_unpublished(client, speaker):
    """A unit public through one member is not given another whose membership only an
    unpublished article states: not among its members, quotes, feed, filters or exports."""
    person, unit, published, _ = speaker
    member = PersonFactory(name="Corvin Ashgrove")
    stated = stating(
        QuoteFactory(person=member, text="The flotilla keeps the channel clear."),
        f"Corvin Ashgrove of the {UNIT} spoke.\n\n“The flotilla keeps the channel clear.”",
    )
    MembershipFactory(person=member, unit=unit, article=stated.article)
    urls = [
        f"/units/{unit.slug}/",
        f"/units/{unit.slug}/feed/",
        f"/api/people/?unit={unit.slug}",
        "/quotes/?unit_name=Fenwater",
        *(
            f"{path}?unit={unit.slug}"
            for path in ("/quotes/", "/quotes/export.csv", "/quotes/export.jsonl", "/api/quotes/")
        ),
    ]
    assert leaks(client, urls, [person.name, published.text]) == {}
    assert "Corvin Ashgrove" in text_of(client.get(f"/units/{unit.slug}/"))
    assert json.loads(text_of(client.get(f"/api/units/{unit.slug}/")))["quote_count"] == 1


@pytest.fixture
def statuses():
    person = PersonFactory(name="Hollis Tarrant")
    PrintingFactory(quote__person=person, quote__text="Published tarrant words.")
    for status in (Quote.Status.SUGGESTED, Quote.Status.REJECTED):
        PrintingFactory(
            quote__person=person, quote__text=f"{status} tarrant words.", quote__status=status
        )
    hidden = PersonFactory(name="Suggested Onlyson")
    PrintingFactory(quote__person=hidden, quote__status=Quote.Status.SUGGESTED)
    return hidden


def quote_texts(response):
    return [quote.text for quote in response.context["quotes"]]


def test_only_a_role_lets_staff_list_quotes_by_status(client, django_user_model, statuses):
    """A staff account that holds no role is refused `status` as the public is, and shown
    no suggested or rejected quote, nor a speaker known only from one; an archivist (the
    role's view permission on quotes) lists them by status."""
    client.force_login(django_user_model.objects.create_user("nobody", is_staff=True))
    for status in ("suggested", "rejected"):
        response = client.get("/quotes/", {"status": status})
        html = response.content.decode()
        assert "Only archive staff can choose quotes by status" in html
        assert quote_texts(response) == []
        assert f"{status} tarrant words." not in html
    assert quote_texts(client.get("/quotes/")) == ["Published tarrant words."]
    response = client.get("/quotes/", {"speaker": statuses.slug, "status": "suggested"})
    assert "Suggested Onlyson" not in response.content.decode()

    archivist = django_user_model.objects.create_user("ada", is_staff=True)
    archivist.groups.add(Group.objects.get(name=roles.ARCHIVISTS))
    client.force_login(archivist)
    assert quote_texts(client.get("/quotes/", {"status": "rejected"})) == [
        "rejected tarrant words."
    ]
    response = client.get("/quotes/", {"status": "suggested", "speaker": statuses.slug})
    assert len(quote_texts(response)) == 1
