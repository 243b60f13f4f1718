"""Units stated with a person in every order an article uses, named units without numbers,
a unit stated only inside the quotation, and one unit's longer and shorter forms (invented
people and units)."""

import pytest

from quotes.extraction import extract
from quotes.extraction.units import StatedUnits, own_name, same_named_unit


def units_of(body: str) -> dict[str, list[str]]:
    return {s.name: s.units for s in extract(body).speakers.values()}


@pytest.mark.parametrize(
    ("body", "unit"),
    [
        # "Y commander, X" with a unit that has a name and no number
        (
            "The Kraken Regiment commander, Major Ostap Rell, denied it.\n\n"
            '"We hold the line," Rell said.',
            "Kraken Regiment",
        ),
        # the role capitalised before the unit, the name after
        (
            "Deputy Commander of the Obriy Regiment, Captain Ilko Varta, spoke.\n\n"
            '"We hold the line," Varta said.',
            "Obriy Regiment",
        ),
        # a nationality before a numbered unit
        (
            "The commander of the Ukrainian 59th Marine Brigade, Taras Holub, appealed.\n\n"
            '"We hold the line," Holub said.',
            "59th Marine Brigade",
        ),
        # a unit's owner between the unit and the name
        (
            "The commander of the Vostra battalion of the Lesser Republic (LR), Ivo Brana, "
            'wrote.\n\n"We hold the line," Brana said.',
            "Vostra battalion",
        ),
        # "X, who leads the Y"
        ('"We hold the line," said Oleh Marko, who leads the Tsunami unit.', "Tsunami unit"),
        # "Y commander X"
        (
            'Vostra battalion commander Ivo Brana wrote.\n\n"We hold the line," Brana said.',
            "Vostra battalion",
        ),
        # "X's Y"
        ('Brana\'s Vostra battalion held.\n\n"We hold the line," Brana said.', "Vostra battalion"),
        # the unit's name in quotation marks after its noun
        (
            'Ira Sokur, head of the planning department of the 14th Brigade "Vatra", spoke.'
            '\n\n"We hold the line," Sokur said.',
            '14th Brigade "Vatra"',
        ),
        (
            'Ira Sokur, spokeswoman for the operational-strategic group of troops "Sokil", '
            'spoke.\n\n"We hold the line," Sokur said.',
            'operational-strategic group of troops "Sokil"',
        ),
        # named unit with lower-case qualifiers before its noun
        (
            "Ira Sokur, a spokeswoman for the Sokil operational and strategic group of troops, "
            'spoke.\n\n"We hold the line," Sokur said.',
            "Sokil operational and strategic group of troops",
        ),
        # the unit, then the role, in an apposition
        (
            '"We grieve," said Brig. Gen. Jon Mirek, the 17th Airborne Division (Air Assault) '
            "deputy commanding general.",
            "17th Airborne Division",
        ),
    ],
)
def test_unit_stated_with_the_person(body, unit):
    """Each way of stating a leader's or member's unit gives them that unit."""
    assert unit in next(iter(units_of(body).values()))


def test_unit_only_inside_the_quotation_is_theirs_but_unsure():
    """A unit the speaker names in their own words is theirs, marked as less sure."""
    speaker = extract(
        '"I am currently serving in the 58th Marine Brigade. We hold," Ilko Varta said.'
    ).speakers["Ilko Varta"]
    assert speaker.units == ["58th Marine Brigade"]
    assert speaker.unit_doubts == {"58th Marine Brigade": "unit stated only inside the quotation"}


def test_an_unnamed_group_is_no_unit():
    """'the operational-strategic group' with no name says which group to nobody."""
    assert units_of(
        'Ira Sokur, a spokeswoman for the operational-strategic group, spoke.\n\n"We hold," '
        "Sokur said."
    ) == {"Ira Sokur": []}


def test_another_persons_unit_is_not_the_speakers():
    """A unit stated for someone else named beside the speaker stays theirs."""
    found = units_of(
        "Mykola Hrab met Ivan Sova, commander of the 47th Brigade, on Monday.\n\n"
        '"We hold," Hrab said.'
    )
    assert found["Mykola Hrab"] == []


def test_longer_and_shorter_forms_of_a_named_unit_are_one():
    """'Eastern Group' and 'East Grouping of Forces' share their own name; the fullest form an
    article prints names the unit; a different name or a numbered unit is another."""
    assert own_name("Eastern Group of Forces") == own_name("East Grouping") == {"east"}
    assert own_name("Khortytsya military unit") == own_name('group of troops "Khortytsia"')
    assert same_named_unit("Eastern Group", "Eastern Group of Forces")
    assert not same_named_unit("Eastern Group", "Western Group")
    assert own_name("47th Brigade") == frozenset()
    stated = StatedUnits(["Eastern Group of Forces", "47th Brigade"])
    assert stated.fullest("Eastern Group") == "Eastern Group of Forces"
    assert stated.fullest("Western Group") == "Western Group"


@pytest.mark.parametrize(
    "body",
    [
        '"We confirm two aircraft were involved," the 17th Airborne Division, the only air '
        "assault division of the U.S. Army, announced.\n",
        'The Sokil operational and strategic group of forces posted on Telegram.\n\n"We shot '
        'down three drones," the post reads.\n',
        '"We shot down three drones," added the Sokil group of forces.\n',
        'The helicopters came from the 17th Airborne Division.\n\n"We confirm two aircraft '
        'were involved," the Airborne Division later tweeted.\n',
    ],
)
def test_a_unit_quoted_as_itself_is_credited_as_the_unit(body):
    """A unit that speaks as itself (its statement, its post, its tweet) is the quotation's
    source, in the fullest form the article names it, and no person."""
    quotation = extract(body).quotations[0]
    assert quotation.speaker is None
    assert "Airborne Division" in quotation.speaker_description or (
        "Sokil" in quotation.speaker_description
    )
    assert quotation.speaker_description.lstrip("the ").startswith(("17th", "Sokil"))


@pytest.mark.parametrize(
    ("body", "unit"),
    [
        # the noun, then the unit's name, after "of"
        (
            "Colonel Ostap Rell, commander of brigade Vatra, spoke.\n\n"
            '"We hold the line," Rell said.',
            "brigade Vatra",
        ),
        # an ordinal printed with a hyphen, and a rank in lower case before the name
        (
            "Senior sergeant of the 112-th mountain assault brigade Ivo Brana spoke.\n\n"
            '"We hold the line," Brana said.',
            "112-th mountain assault brigade",
        ),
        # a name in quotation marks before a lower-case unit noun
        (
            "Ira Sokur, a medic with the \u201cLelka\u201d medical evacuation company, spoke.\n\n"
            '"We drive at night," Sokur said.',
            "\u201cLelka\u201d medical evacuation company",
        ),
        # "Its spokesman, X": the unit named just before
        (
            "The Donets Joint Forces Group said the attack was repelled. Its spokesman, "
            'Captain Ivo Brana, spoke to reporters.\n\n"We hold the line," Brana said.',
            "Donets Joint Forces Group",
        ),
        # "a gunner with the brigade": the brigade named before, with its quoted name
        (
            "Crews of the 164th Separate Anti-Aircraft Brigade \u201cZhuravel\u201d fired. "
            "Sergeant Ivo Brana, a gunner with the brigade, spoke.\n\n"
            '"We hold the line," Brana said.',
            "164th Separate Anti-Aircraft Brigade \u201cZhuravel\u201d",
        ),
    ],
)
def test_more_ways_a_unit_is_stated(body, unit):
    assert unit in next(iter(units_of(body).values()))


def test_a_numbered_units_quoted_name_is_its_nickname():
    """'164th Brigade "Zhuravel"' and the '164th Brigade' are one unit (the number says which);
    a quoted name without a number is the unit's name."""
    from quotes.extraction.units import unit_key

    assert unit_key('164th Brigade "Zhuravel"') == unit_key("164th Brigade")
    assert unit_key('"Lelka" company') != unit_key('"Sova" company')
