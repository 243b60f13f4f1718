"""Finding speakers and units by names spelt another way: ?who=, ?unit_name= and q."""

import pytest

from tests.factories import (
    MembershipFactory,
    PersonAliasFactory,
    PersonFactory,
    PrintingFactory,
    UnitFactory,
)

from .conftest import listed

pytestmark = pytest.mark.django_db


@pytest.fixture
def speakers(index):
    zhuravskyi = PersonFactory(name="Oleksandr Zhuravskyi")
    zheleznyak = PersonFactory(name="Petro Zheleznyak")
    ilse = PersonFactory(name="Ilse Vantongeren")
    PersonAliasFactory(person=ilse, name="Ilse van Tongeren")
    PrintingFactory(quote__person=zhuravskyi, quote__text="The bridge is mined.")
    PrintingFactory(quote__person=zheleznyak, quote__text="The road is open.")
    PrintingFactory(quote__person=ilse, quote__text="The dunes are moving.")
    index()
    return zhuravskyi, zheleznyak, ilse


@pytest.mark.parametrize(
    "who, text",
    [
        ("Zhuravsky", "The bridge is mined."),
        ("Oleksandr Zhuravskyy", "The bridge is mined."),
        ("Zhelezniak", "The road is open."),
        ("zheleznyak", "The road is open."),
        ("Vantongeren", "The dunes are moving."),
        ("van Tongeren", "The dunes are moving."),
    ],
)
def test_who_forgives_spelling_and_transliteration(client, speakers, who, text):
    """who finds a speaker by a name or alias spelt a little differently, and no one else."""
    assert listed(client.get("/quotes/", {"who": who})) == [text]


def test_who_matching_nobody_lists_nothing(client, speakers):
    """A name like no speaker's shows no quotes, and says so without an error."""
    response = client.get("/quotes/", {"who": "Beatrix Quennell"})
    assert listed(response) == []
    html = response.content.decode()
    assert "No quotes match." in html
    assert "could not be used" not in html


def test_q_finds_a_speaker_by_a_transliterated_name(client, speakers):
    """q also finds the quotes of a speaker whose name resembles its words."""
    assert listed(client.get("/quotes/", {"q": "Zhuravsky"})) == ["The bridge is mined."]


def test_speaker_still_takes_a_slug(client, speakers):
    """speaker=<slug> is exact, as before."""
    zhuravskyi = speakers[0]
    assert listed(client.get("/quotes/", {"speaker": zhuravskyi.slug})) == ["The bridge is mined."]


def test_a_merged_persons_name_no_longer_matches(client, speakers):
    """who finds people, not the records merged into them."""
    zhuravskyi = speakers[0]
    zhuravskyi.merged_into = speakers[2]
    zhuravskyi.save()
    assert listed(client.get("/quotes/", {"who": "Zhuravskyi"})) == []


@pytest.fixture
def units(index):
    motorized = UnitFactory(name="47th Motorized Brigade")
    mountain = UnitFactory(name="12th Mountain Brigade")
    armored = UnitFactory(name="3rd Armored Regiment", aliases=["3rd Tank Regiment"])
    for unit, text in [
        (motorized, "We hold the crossing."),
        (mountain, "The pass is snowed in."),
        (armored, "The tanks are refuelled."),
    ]:
        person = PersonFactory()
        MembershipFactory(person=person, unit=unit)
        PrintingFactory(quote__person=person, quote__text=text)
    index()


@pytest.mark.parametrize(
    "unit_name, text",
    [
        ("motorised", "We hold the crossing."),
        ("47th Motorised Brigade", "We hold the crossing."),
        ("motorized brigade", "We hold the crossing."),
        ("armoured", "The tanks are refuelled."),
        ("tank regiment", "The tanks are refuelled."),
        ("Mountian", "The pass is snowed in."),
    ],
)
def test_unit_name_folds_spellings_and_forgives_typos(client, units, unit_name, text):
    """unit_name finds units by British or American spelling, alias or a small typo."""
    assert listed(client.get("/quotes/", {"unit_name": unit_name})) == [text]


def test_unit_name_matching_no_unit_lists_nothing(client, units):
    """A unit name like no unit's shows no quotes."""
    assert listed(client.get("/quotes/", {"unit_name": "Coastal Artillery"})) == []


def test_q_asks_more_of_a_name_than_who(client, index):
    """q is mostly words of quotes: "pier" finds the pier, not the quotes of a Pierre, while
    who, which is only ever a name, forgives more."""
    pierre = PersonFactory(name="Pierre Lacombe")
    PrintingFactory(quote__person=pierre, quote__text="The tide is late.")
    PrintingFactory(quote__text="The pier is closed.")
    index()
    assert listed(client.get("/quotes/", {"q": "pier"})) == ["The pier is closed."]
    assert listed(client.get("/quotes/", {"q": "Lacombe"})) == ["The tide is late."]
    assert listed(client.get("/quotes/", {"who": "Pier Lacomb"})) == ["The tide is late."]
