"""Units: the list of units and each unit's page."""

import pytest

from quotes.models import Quote
from tests.factories import (
    ArticleFactory,
    MembershipFactory,
    PersonFactory,
    PrintingFactory,
    QuoteFactory,
    UnitFactory,
)
from tests.public.research import assert_only, follow, research_links


@pytest.fixture
def unit():
    parent = UnitFactory(name="Northern Coastal Command")
    aliases = ["12 HB", "Twelfth Harbour"]
    return UnitFactory(name="12th Harbour Brigade", aliases=aliases, parent=parent)


@pytest.mark.django_db
def test_unit_page_shows_name_aliases_parent_members_and_quotes(client, unit):
    """A unit's page gives its name, other spellings, parent, quoted members and quotes."""
    member = PersonFactory(name="Petro Quay")
    MembershipFactory(person=member, unit=unit)
    QuoteFactory(person=member, text="We stay on the quay.")
    response = client.get(f"/units/{unit.slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>12th Harbour Brigade</h1>" in html
    assert "Also written as: 12 HB; Twelfth Harbour" in html
    parent_link = f'<a href="{unit.parent.get_absolute_url()}">Northern Coastal Command</a>'
    assert f"Part of {parent_link}" in html
    assert f'<a href="{member.get_absolute_url()}">Petro Quay</a>' in html
    assert "We stay on the quay." in html


@pytest.mark.django_db
def test_unit_page_lists_only_published_quotes_of_members(client, unit):
    """Only members' published quotes are shown, once each however many memberships say
    so; members with none are not listed."""
    member = PersonFactory()
    MembershipFactory(person=member, unit=unit)
    MembershipFactory(person=member, unit=unit, article=ArticleFactory())
    QuoteFactory(person=member, text="Published words.")
    QuoteFactory(person=member, text="Suggested words.", status=Quote.Status.SUGGESTED)
    quiet = PersonFactory(name="Quiet Member")
    MembershipFactory(person=quiet, unit=unit)
    QuoteFactory(person=quiet, status=Quote.Status.SUGGESTED)
    QuoteFactory(text="Outsider words.")
    html = client.get(unit.get_absolute_url()).content.decode()
    assert "Published words." in html
    assert "Suggested words." not in html
    assert "Outsider words." not in html
    assert "Quiet Member" not in html
    assert "1 quote by members" in html


@pytest.mark.django_db
def test_unknown_unit_is_404(client):
    """A unit slug that does not exist is not found."""
    assert client.get("/units/no-such-unit/").status_code == 404


@pytest.mark.django_db
def test_unit_list_shows_units_with_quoted_members(client, unit):
    """The unit list holds units whose members have published quotes, with counts."""
    member = PersonFactory()
    MembershipFactory(person=member, unit=unit)
    QuoteFactory.create_batch(2, person=member)
    silent = UnitFactory(name="Silent Battalion")
    MembershipFactory(person=PersonFactory(), unit=silent)
    response = client.get("/units/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<a href="{unit.get_absolute_url()}">12th Harbour Brigade</a>' in html
    assert "2 quotes" in html
    assert "Silent Battalion" not in html


@pytest.mark.django_db
def test_unit_page_runs_a_fixed_number_of_queries(client, unit, django_assert_max_num_queries):
    """A unit's page does not run a query per member or per quote."""
    for person in PersonFactory.create_batch(10):
        MembershipFactory(person=person, unit=unit)
        QuoteFactory.create_batch(2, person=person)
    # The unit, its members' ids (read once, then given to the list, the counts per day and
    # the members' list), the counts per day (the timeline and the list's count), the list's
    # rows, their printings and units, the members with their counts, the sub-units.
    with django_assert_max_num_queries(8):
        assert client.get(unit.get_absolute_url()).status_code == 200


@pytest.mark.django_db
def test_unit_page_links_its_filtered_list_downloads_and_feed(client, unit):
    """A visible Research box on a unit's page leads to its members' quotes only: the quote
    list filtered to the unit, its CSV and JSON Lines downloads, and the unit's feed."""
    member = PersonFactory()
    MembershipFactory(person=member, unit=unit)
    PrintingFactory(quote__person=member, quote__text="We hold the pier.")
    PrintingFactory(quote__text="An outsider spoke.")
    html = client.get(unit.get_absolute_url()).content.decode()
    links = research_links(html)
    query = f"?unit={unit.slug}"
    assert links == {
        "Search and filter members’ quotes": f"/quotes/{query}",
        "CSV": f"/quotes/export.csv{query}",
        "JSON Lines": f"/quotes/export.jsonl{query}",
        "Atom feed": f"/units/{unit.slug}/feed/",
    }
    assert_only(follow(client, links), ["We hold the pier."], ["An outsider spoke."])


@pytest.mark.django_db
def test_unit_page_counts_each_members_published_quotes(client, unit):
    """Each member is listed with how many published quotes they have, a suggestion or
    another person's quote not counted."""
    busy, brief = PersonFactory(name="Anna Busy"), PersonFactory(name="Bohdan Brief")
    for person in (busy, brief):
        MembershipFactory(person=person, unit=unit)
    QuoteFactory.create_batch(3, person=busy)
    QuoteFactory(person=busy, status=Quote.Status.SUGGESTED)
    QuoteFactory(person=brief)
    html = client.get(unit.get_absolute_url()).content.decode()
    members = html[html.index('<ul class="ranked">') :]
    assert (
        f'<a href="{busy.get_absolute_url()}">Anna Busy</a> <span class="count">3</span>' in members
    )
    assert (
        f'<a href="{brief.get_absolute_url()}">Bohdan Brief</a> <span class="count">1</span>'
        in members
    )
    assert members.index("Anna Busy") < members.index("Bohdan Brief")
    assert "4 quotes by members" in html
