"""Machine-translated and content-farm copy: a dash between the closing mark and an inverted
verb, the verb before its subject ("As said the commander ... X, ..."), and "the speaker"
for a spokesman."""

from quotes.extraction import extract


def attributed(body):
    return [(q.speaker, q.speaker_description) for q in extract(body).quotations]


def test_a_dash_before_an_inverted_verb_is_read_as_a_comma():
    """'"...", - said X.', '"...," - said X.' and '"...", \u2013 noted X in <town>.' credit X,
    and the town after the name is no part of it."""
    body = (
        "The ferry to Vylkove stayed in port all week.\n"
        '"The channel is still mined", - said Zinovii Harasym.\n'
        "Boats waited at the mouth of the river.\n"
        '"Nobody will sail before spring," - said Larysa Ocheret.\n'
        "The pier was closed to the public.\n"
        '"We clear a hundred metres a day", \u2013 noted Harasym in Izmail.\n'
    )
    assert attributed(body) == [
        ("Zinovii Harasym", ""),
        ("Larysa Ocheret", ""),
        ("Zinovii Harasym", ""),
    ]
    assert set(extract(body).speakers) == {"Zinovii Harasym", "Larysa Ocheret"}


def test_a_dash_before_an_unnamed_speaker():
    """'"...", - said a sailor.' is an unnamed speaker's, not the person named before."""
    body = (
        "Zinovii Harasym runs the pier.\n"
        '"The channel is still mined", - said Harasym.\n'
        '"I have not been paid since May", - said a sailor.\n'
    )
    assert attributed(body) == [("Zinovii Harasym", ""), (None, "a sailor")]


def test_the_speaker_is_the_spokesman_in_focus():
    """'"...", \u2013 added the speaker.' after 'Navy spokesman X' (or 'X was introduced as
    the speaker of the Navy') credits X."""
    body = (
        "Navy spokesman Bohuslav Tkachyk spoke to reporters on Sunday.\n"
        '"Two landing boats were sunk near the spit", \u2013 added the speaker.\n'
    )
    assert attributed(body) == [("Bohuslav Tkachyk", "")]
    body = (
        "Ostap Dzhus was introduced as the speaker of the Navy.\n"
        '"The fleet stays in the bay", - added the speaker.\n'
    )
    assert attributed(body) == [("Ostap Dzhus", "")]
    assert extract(body).speakers["Ostap Dzhus"].units == ["Navy"]


def test_verb_first_names_the_source_with_role_and_unit():
    """'As said the commander of the company of the 318th separate rifle brigade Surname First
    Patronymic, ...': the named person is the focus, the following unattributed quote and
    '- told the officer' are theirs, and the role and unit come from the words before."""
    body = (
        "As said the commander of the company of the 318th separate rifle brigade "
        "Tkachyk Bohuslav Ostapovych, the hamlet is still contested.\n"
        '"We hold the school and the mill."\n'
        '"They come at night in twos and threes," - told the officer.\n'
    )
    extraction = extract(body)
    assert [q.speaker for q in extraction.quotations] == ["Tkachyk Bohuslav Ostapovych"] * 2
    speaker = extraction.speakers["Tkachyk Bohuslav Ostapovych"]
    assert speaker.units == ["318th separate rifle brigade"]
    assert speaker.role == "company commander"


def test_verb_first_with_a_service_or_no_unit():
    """'As informed the speaker of the Navy X, ...' gives X the Navy; 'According to the head of
    the press service X, ...' gives X that role; the next quote without a name is X's."""
    body = (
        "As informed the speaker of the Navy Ostap Dzhus, the enemy used four sea drones.\n"
        '"Two of them were sunk near the spit."\n'
    )
    extraction = extract(body)
    assert attributed(body) == [("Ostap Dzhus", "")]
    assert extraction.speakers["Ostap Dzhus"].units == ["Navy"]
    body = (
        "According to the head of the press service Larysa Ocheret, the enemy is regrouping.\n"
        '"They move at night in small groups."\n'
    )
    extraction = extract(body)
    assert attributed(body) == [("Larysa Ocheret", "")]
    assert extraction.speakers["Larysa Ocheret"].role == "head of the press service"


def test_a_role_and_unit_between_an_inverted_verb_and_a_name():
    """'- told the drone operator of the 141st motorized rifle brigade Surname First.' credits
    the name printed after the role and unit, with that unit and role."""
    body = (
        "The hamlet was shelled again overnight.\n"
        '"We see their drones every hour", - told the drone operator of the 141st '
        "motorized rifle brigade Harasym Zinovii.\n"
    )
    extraction = extract(body)
    assert attributed(body) == [("Harasym Zinovii", "")]
    speaker = extraction.speakers["Harasym Zinovii"]
    assert speaker.units == ["141st motorized rifle brigade"]
    assert speaker.role == "drone operator"
