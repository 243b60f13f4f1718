"""People: the list of quoted people and each person's page."""

import pytest

from quotes import pagination
from quotes.models import Quote
from tests.factories import (
    MembershipFactory,
    PersonAliasFactory,
    PersonFactory,
    PrintingFactory,
    QuoteFactory,
    UnitFactory,
)
from tests.public.research import assert_only, follow, research_links


@pytest.fixture
def person():
    person = PersonFactory(name="Taras Breakwater", description="Lighthouse keeper")
    PersonAliasFactory(person=person, name="Taras Brikvoter")
    MembershipFactory(person=person, unit=UnitFactory(name="5th Signal Company"))
    return person


@pytest.mark.django_db
def test_person_page_shows_name_aliases_description_and_units(client, person):
    """A person's page gives their name, other spellings (as a published printing prints
    them), description and units."""
    PrintingFactory(quote__person=person, article__title="Taras Brikvoter on the light")
    response = client.get(f"/people/{person.slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Taras Breakwater</h1>" in html
    assert "Also written as: Taras Brikvoter" in html
    assert "Lighthouse keeper" in html
    assert "5th Signal Company" in html


@pytest.mark.django_db
def test_person_page_gives_rank_and_role_with_each_unit(client, person):
    """The rank and role an article states with a unit stand beside it, not in the name."""
    MembershipFactory(
        person=person,
        unit=UnitFactory(name="12th Harbour Brigade"),
        rank="Lieutenant Colonel",
        role="deputy commander",
    )
    QuoteFactory(person=person)
    html = client.get(f"/people/{person.slug}/").content.decode()
    assert "12th Harbour Brigade</a> (Lieutenant Colonel, deputy commander)" in html
    assert "<h1>Taras Breakwater</h1>" in html


@pytest.mark.django_db
def test_people_are_listed_by_surname(client):
    """The people index sorts by surname, whatever order names are displayed in."""
    for name in ["Anna Zelinska", "Yuriy Antonenko", "Boris Melnyk"]:
        QuoteFactory(person=PersonFactory(name=name))
    html = client.get("/people/").content.decode()
    positions = [html.index(n) for n in ["Yuriy Antonenko", "Boris Melnyk", "Anna Zelinska"]]
    assert positions == sorted(positions)


@pytest.mark.django_db
def test_person_page_lists_only_published_quotes(client, person):
    """Only the person's published, unmerged quotes are listed."""
    survivor = QuoteFactory(person=person, text="Published words.")
    QuoteFactory(person=person, text="Suggested words.", status=Quote.Status.SUGGESTED)
    QuoteFactory(person=person, text="Merged words.", merged_into=survivor)
    QuoteFactory(text="Someone else's words.")
    html = client.get(person.get_absolute_url()).content.decode()
    assert "Published words." in html
    assert "Suggested words." not in html
    assert "Merged words." not in html
    assert "Someone else" not in html
    assert "1 quote" in html


@pytest.mark.django_db
def test_person_quotes_are_paginated(client, person, settings):
    """A person's quotes are split into pages."""
    settings.QUOTES_PER_PAGE = 2
    QuoteFactory.create_batch(3, person=person)
    first = client.get(person.get_absolute_url())
    assert len(first.context["object_list"]) == 2
    assert 'href="?page=2"' in first.content.decode()
    assert len(client.get(person.get_absolute_url(), {"page": 2}).context["object_list"]) == 1


@pytest.mark.django_db
def test_merged_person_redirects_to_survivor(client, person):
    """A merged person's page redirects permanently to the person they were merged into."""
    QuoteFactory(person=person)
    old = PersonFactory(merged_into=person)
    older = PersonFactory(merged_into=old)
    for merged in (old, older):
        response = client.get(merged.get_absolute_url())
        assert response.status_code == 301
        assert response["Location"] == person.get_absolute_url()


@pytest.mark.django_db
def test_person_without_published_quotes_is_404(client, person):
    """Someone only named in unreviewed quotes has no public page."""
    QuoteFactory(person=person, status=Quote.Status.SUGGESTED)
    assert client.get(person.get_absolute_url()).status_code == 404
    assert client.get("/people/no-such-person/").status_code == 404


@pytest.mark.django_db
def test_person_name_is_escaped(client):
    """Markup in a name is shown as text."""
    person = PersonFactory(name="<script>x</script> Smith")
    QuoteFactory(person=person)
    html = client.get(person.get_absolute_url()).content.decode()
    assert "<script>x" not in html
    assert "&lt;script&gt;x&lt;/script&gt; Smith" in html


@pytest.mark.django_db
def test_person_list_shows_quoted_people_with_counts(client, person):
    """The people list holds everyone with published quotes, and how many."""
    QuoteFactory.create_batch(2, person=person)
    QuoteFactory(person=person, status=Quote.Status.REJECTED)
    QuoteFactory(person=PersonFactory(name="Only Suggested"), status=Quote.Status.SUGGESTED)
    PersonFactory(name="Merged Away", merged_into=person)
    response = client.get("/people/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<a href="{person.get_absolute_url()}">Taras Breakwater</a>' in html
    assert "2 quotes" in html
    assert "Only Suggested" not in html
    assert "Merged Away" not in html


@pytest.mark.django_db
def test_person_list_runs_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    """The people list does not run a query per person."""
    for person in PersonFactory.create_batch(20):
        QuoteFactory(person=person)
    with django_assert_max_num_queries(3):
        assert client.get("/people/").status_code == 200


@pytest.mark.django_db
def test_person_page_runs_a_fixed_number_of_queries(client, person, django_assert_max_num_queries):
    """A person's page does not run a query per quote."""
    for quote in QuoteFactory.create_batch(25, person=person):
        PrintingFactory(quote=quote)
    # The person, their quotes per day (the timeline and the list's count), their
    # memberships (the header's units and the rows'), the rows, their printings, aliases.
    with django_assert_max_num_queries(6):
        assert client.get(person.get_absolute_url()).status_code == 200


@pytest.mark.django_db
def test_person_page_links_their_filtered_list_downloads_and_feed(client, person):
    """A visible Research box on a person's page leads to their quotes only: the quote
    list filtered to them, its CSV and JSON Lines downloads, and their feed."""
    PrintingFactory(quote__person=person, quote__text="The lamp stays lit.")
    PrintingFactory(quote__text="Someone else spoke.")
    html = client.get(person.get_absolute_url()).content.decode()
    links = research_links(html)
    query = f"?speaker={person.slug}"
    assert links == {
        "Search and filter these quotes": f"/quotes/{query}",
        "CSV": f"/quotes/export.csv{query}",
        "JSON Lines": f"/quotes/export.jsonl{query}",
        "Atom feed": f"/people/{person.slug}/feed/",
    }
    assert_only(follow(client, links), ["The lamp stays lit."], ["Someone else spoke."])


@pytest.mark.django_db
def test_person_page_counts_every_quote_exactly(client, person, monkeypatch):
    """The list's count is the timeline's total, exact however long the list: where a count
    stops (pagination.COUNT_CAP), the person's page still says how many quotes there are."""
    monkeypatch.setattr(pagination, "COUNT_CAP", 5)
    QuoteFactory.create_batch(7, person=person)
    QuoteFactory(person=person, status=Quote.Status.SUGGESTED)
    html = client.get(person.get_absolute_url()).content.decode()
    assert "7 quotes" in html
    assert "more than 5" not in html and "about 7" not in html
