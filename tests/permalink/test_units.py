"""The permalink's line naming the speaker's units: each unit once, in the order the
person's page and the API list them (public.units_of)."""

import pytest

from quotes import public
from tests.factories import MembershipFactory, PersonFactory, QuoteFactory, UnitFactory
from tests.permalink.pages import by_class, parse
from tests.public.factories import printed


@pytest.mark.django_db
def test_each_unit_once_in_the_order_units_of_gives(client):
    """A unit the speaker is stated to belong to twice is named once, and the units come in
    units_of's order (by name as Python compares it, capitals first), whatever order the
    memberships were recorded in."""
    person = PersonFactory()
    pier, harbour, lower = (
        UnitFactory(name="Pier Guard"),
        UnitFactory(name="Harbour Watch"),
        UnitFactory(name="lighthouse keepers"),
    )
    for unit, rank in [(pier, "Sergeant"), (lower, ""), (harbour, "Major"), (pier, "Captain")]:
        MembershipFactory(person=person, unit=unit, rank=rank)
    quote = QuoteFactory(person=person)
    printed(quote)

    (line,) = by_class(parse(client.get(f"/q/{quote.short_id}/")), "units")

    names = [link.text for link in line.iter("a")]
    assert names == ["Harbour Watch", "Pier Guard", "lighthouse keepers"]
    assert names == [unit.name for unit, _ in public.units_of(person)]
    assert [link.get("href") for link in line.iter("a")] == [
        unit.get_absolute_url() for unit in (harbour, pier, lower)
    ]


@pytest.mark.django_db
def test_no_unit_line_without_units(client):
    """A speaker with no unit, and an unnamed speaker, have no unit line."""
    for quote in (QuoteFactory(person=PersonFactory()), QuoteFactory(person=None)):
        printed(quote)
        assert not by_class(parse(client.get(f"/q/{quote.short_id}/")), "units")
