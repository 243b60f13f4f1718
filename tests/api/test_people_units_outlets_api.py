"""/api/people/, /api/units/ and /api/outlets/: only what has published quotes, filters,
errors and query counts."""

import pytest

from tests.factories import (
    MembershipFactory,
    PersonAliasFactory,
    PrintingFactory,
    UnitFactory,
)


def slugs(response):
    assert response.status_code == 200, response.content
    return [row["slug"] for row in response.json()["results"]]


@pytest.mark.django_db
def test_people_lists_only_quoted_people(client, archive):
    """Speakers of only suggested, rejected or merged quotes are not listed."""
    assert slugs(client.get("/api/people/")) == ["olena-harbourmaster"]
    hidden_speaker = archive["hidden"][0].person
    assert client.get(f"/api/people/{hidden_speaker.slug}/").status_code == 404


@pytest.mark.django_db
def test_person_representation(client, archive):
    """A person gives their name, aliases, units, published quote count and page."""
    data = client.get("/api/people/olena-harbourmaster/").json()
    assert data == {
        "slug": "olena-harbourmaster",
        "name": "Olena Harbourmaster",
        "description": "Harbour master",
        "aliases": ["O. Harbourmaster"],
        "units": [{"name": "3rd Coastal Brigade", "slug": "3rd-coastal-brigade"}],
        "quote_count": 1,
        "permalink": "http://testserver/people/olena-harbourmaster/",
        "wikidata": "",
    }


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query, expected",
    [
        ("q=olena", ["olena-harbourmaster"]),
        ("q=O.+Harbour", ["olena-harbourmaster"]),
        ("q=nobody", []),
        ("unit=3rd-coastal-brigade", ["olena-harbourmaster"]),
    ],
)
def test_people_filters(client, archive, query, expected):
    """People are found by name or alias and by unit."""
    assert slugs(client.get(f"/api/people/?{query}")) == expected


@pytest.mark.django_db
def test_person_with_two_matching_aliases_is_listed_once(client, archive):
    """A person matching by name and two aliases is one row with the right quote count."""
    PersonAliasFactory(person=archive["olena"], name="Olena H.")
    data = client.get("/api/people/?q=olena").json()
    assert data["count"] == 1
    assert data["results"][0]["quote_count"] == 1


@pytest.mark.django_db
@pytest.mark.parametrize("endpoint", ["people", "units", "outlets"])
def test_list_query_count_does_not_grow_with_rows(client, endpoint, django_assert_max_num_queries):
    """A page of people, units or outlets runs a fixed number of queries."""
    for _ in range(12):
        printing = PrintingFactory()
        PersonAliasFactory(person=printing.quote.person)
        MembershipFactory(person=printing.quote.person, unit__parent=UnitFactory())
    with django_assert_max_num_queries(4):
        response = client.get(f"/api/{endpoint}/?page_size=200")
    assert response.json()["count"] == 12


@pytest.mark.django_db
def test_units_list_only_units_with_quoted_members(client, archive):
    """A unit whose members have no published quote is not listed."""
    MembershipFactory(person=archive["hidden"][0].person, unit__slug="silent-brigade")
    assert slugs(client.get("/api/units/")) == ["3rd-coastal-brigade"]
    assert client.get("/api/units/silent-brigade/").status_code == 404


@pytest.mark.django_db
def test_unit_representation(client, archive):
    """A unit gives its name, aliases, parent, published quote count and page."""
    brigade = archive["brigade"]
    brigade.aliases = ["3 CB"]
    brigade.parent = UnitFactory(name="Coastal Command", slug="coastal-command")
    brigade.save()
    data = client.get("/api/units/3rd-coastal-brigade/").json()
    assert data == {
        "slug": "3rd-coastal-brigade",
        "name": "3rd Coastal Brigade",
        "aliases": ["3 CB"],
        "parent": {"name": "Coastal Command", "slug": "coastal-command"},
        "quote_count": 1,
        "permalink": "http://testserver/units/3rd-coastal-brigade/",
        "wikidata": "",
    }
    assert slugs(client.get("/api/units/?q=coastal+brig")) == ["3rd-coastal-brigade"]
    assert slugs(client.get("/api/units/?q=infantry")) == []


@pytest.mark.django_db
def test_outlets_count_only_published_quotes(client, archive):
    """Outlets are listed by name with their published quotes; hidden ones do not count."""
    data = client.get("/api/outlets/").json()["results"]
    assert [(o["name"], o["quote_count"]) for o in data] == [
        ("Evening Star", 2),
        ("Morning Post", 1),
    ]
    assert data[1]["permalink"] == "http://testserver/outlets/morning-post/"
    assert slugs(client.get("/api/outlets/?q=morning")) == ["morning-post"]


@pytest.mark.django_db
def test_outlet_with_only_hidden_quotes_is_not_listed(client):
    """An outlet that printed only suggested quotes is not in the API."""
    printing = PrintingFactory(quote__status="suggested", article__outlet__name="Quiet")
    assert slugs(client.get("/api/outlets/")) == []
    assert client.get(f"/api/outlets/{printing.article.outlet.slug}/").status_code == 404


@pytest.mark.django_db
def test_bad_unit_is_400(client, archive):
    """An unknown unit slug answers 400 with its message, not every person."""
    response = client.get("/api/people/?unit=nowhere")
    assert response.status_code == 400
    assert response.json() == {"unit": ["No unit is known as “nowhere”."]}
