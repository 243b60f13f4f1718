"""Units stated for a speaker: 'of the ...', 'who served with the ...', 'the same unit'."""

from quotes.extraction import extract
from quotes.extraction.units import find_unit, fullest, unit_key


def test_unit_after_of():
    """'X of the 57th separate mountain rifle brigade said' gives X that unit, as printed."""
    body = (
        "Ruslan Gavrikov of the 57th separate mountain rifle brigade said: "
        "\u201cWe were sent forward without maps.\u201d\n"
    )
    speaker = extract(body).speakers["Ruslan Gavrikov"]
    assert speaker.units == ["57th separate mountain rifle brigade"]


def test_unit_with_appositive_role():
    """'X, a radio operator of the 212th signals regiment,' gives the unit and the role."""
    body = (
        "Denis Sholokh, a radio operator of the 212th separate signals regiment, "
        "surrendered on Monday.\n"
        "He said: \u201cI knew the war was lost the first week.\u201d\n"
    )
    speaker = extract(body).speakers["Denis Sholokh"]
    assert speaker.units == ["212th separate signals regiment"]
    assert speaker.description == "a radio operator"


def test_unit_stops_at_the_unit_noun():
    """'who served with the 9th ... battalion stationed in ...': the unit ends at its noun."""
    body = (
        "Sholokh, who served with the 9th separate armoured battalion stationed in the north, "
        "said: \u201cOur tanks had no fuel.\u201d\n"
    )
    speaker = extract(body).speakers["Sholokh"]
    assert speaker.units == ["9th separate armoured battalion"]


def test_same_unit_refers_back():
    """'who served with the same unit' gives the unit of the person mentioned before."""
    body = (
        "Ruslan Gavrikov, who served with the 57th separate mountain rifle brigade, said: "
        "\u201cWe were sent forward without maps.\u201d\n"
        "Denis Sholokh, who served with the same unit, said: "
        "\u201cNobody told us it was a war.\u201d\n"
    )
    speaker = extract(body).speakers["Denis Sholokh"]
    assert speaker.units == ["57th separate mountain rifle brigade"]


def test_find_unit_in_free_text():
    """A unit name is found with British or American spelling, and keys alike."""
    found = find_unit("a gunner of the 41st Separate Motorised Rifle Brigade, who")
    assert found == "41st Separate Motorised Rifle Brigade"
    assert unit_key(found) == unit_key("41 separate motorized rifle brigade")


def test_same_unit_named_by_its_kind():
    """'X, who commands a company of the same brigade,' gives X the brigade stated before."""
    body = (
        "Corporal Ivo Marek of the 31st separate pontoon brigade said: "
        "\u201cThe bridge was finished by midnight.\u201d\n"
        "Lieutenant Dara Holm, who commands a platoon of the same brigade, said: "
        "\u201cWe crossed before the water rose.\u201d\n"
    )
    speaker = extract(body).speakers["Dara Holm"]
    assert speaker.units == ["31st separate pontoon brigade"]


Q = "\u201cWe were sent forward without maps or food for the first week.\u201d"


def test_unit_in_an_apposition_before_the_name():
    """ "deputy commander of Russia's 47th aviation regiment, Lieutenant Colonel X" gives the
    unit without the country, the role and the rank, and keeps both out of the name."""
    body = (
        "A captured pilot, deputy commander of Russia\u2019s 63rd aviation regiment, "
        f"Lieutenant Colonel Serhiy Kovalenkyy, said: {Q}\n"
    )
    speaker = extract(body).speakers["Serhiy Kovalenkyy"]
    assert speaker.units == ["63rd aviation regiment"]
    assert speaker.role == "deputy commander"
    assert speaker.rank == "Lieutenant Colonel"


def test_units_in_appositions_after_the_name():
    """'X, commander of the ...,', 'X, a spokesman for the Sokil Regiment,' and 'X, who serves
    in the Northern Group of Forces,' give the unit and the role."""
    cases = (
        ("Petro Yarosh, commander of the 21st Marine Brigade, said", "21st Marine Brigade"),
        ("Petro Yarosh, a spokesman for the Sokil Regiment, said", "Sokil Regiment"),
        (
            "Petro Yarosh, who serves in the Northern Group of Forces, said",
            "Northern Group of Forces",
        ),
    )
    for lead, unit in cases:
        speaker = extract(f"{lead}: {Q}\n").speakers["Petro Yarosh"]
        assert speaker.units == [unit], lead
    body = f"Petro Yarosh, a spokesman for the Sokil Regiment, said: {Q}\n"
    assert extract(body).speakers["Petro Yarosh"].role == "spokesman"


def test_unit_stated_in_a_later_sentence_about_the_person():
    """'He serves in the 12th Brigade.' and 'His unit, the 5th Tank Brigade, ...' give the
    person named before that unit."""
    for later, unit in (
        (
            "He serves in the 12th Separate Motorized Rifle Brigade.",
            "12th Separate Motorized Rifle Brigade",
        ),
        (
            "His unit, the 5th Guards Tank Brigade, lost half its vehicles.",
            "5th Guards Tank Brigade",
        ),
    ):
        body = f"Petro Yarosh was captured near the river. {later}\nHe said: {Q}\n"
        assert extract(body).speakers["Petro Yarosh"].units == [unit], later


def test_an_unnamed_speaker_with_a_unit_stays_unnamed():
    """'One soldier from Russia's 2nd Motor Rifle Division said' makes no person."""
    body = f"One soldier from Russia\u2019s 4th Coastal Defence Division said: {Q}\n"
    extraction = extract(body)
    assert extraction.speakers == {}
    assert extraction.quotations[0].speaker is None


STATED = "The village was shelled overnight, the 93rd Separate Mechanized Brigade said on Monday.\n"
HELD = "\u201cWe held the line for three days.\u201d"


def test_a_unit_called_by_its_noun_is_the_last_stated():
    """'said brigade spokesman X', 'X, a spokesman for the brigade,', 'the brigade's commander
    X', 'The brigade's press officer, X,' and 'X, commander of the unit,' after an article
    cites the 93rd brigade as a source: X's unit is that brigade, as printed."""
    for line in (
        f"{HELD[:-2]},\u201d said brigade spokesman Oleh Tarasyuk.\n",
        f"Oleh Tarasyuk, a spokesman for the brigade, said: {HELD}\n",
        f"{HELD[:-2]},\u201d the brigade\u2019s commander Oleh Tarasyuk said.\n",
        f"The brigade's press officer, Oleh Tarasyuk, said: {HELD}\n",
        f"Oleh Tarasyuk, commander of the unit, said: {HELD}\n",
    ):
        speaker = extract(STATED + line).speakers["Oleh Tarasyuk"]
        assert speaker.units == ["93rd Separate Mechanized Brigade"], line
        assert speaker.role in ("spokesman", "commander", "press officer"), line


def test_a_unit_noun_of_another_kind_or_an_indefinite_one_gives_no_unit():
    """'a spokesman for the regiment' when only a brigade was stated, and 'a battalion
    commander' or 'Serbian brigade officer' (some unit of that kind), give no unit."""
    for line in (
        f"Oleh Tarasyuk, a spokesman for the regiment, said: {HELD}\n",
        f"Oleh Tarasyuk, a battalion commander, said: {HELD}\n",
        f"{HELD[:-2]},\u201d said Serbian brigade officer Oleh Tarasyuk.\n",
    ):
        assert extract(STATED + line).speakers["Oleh Tarasyuk"].units == [], line


def test_the_fullest_printed_form_of_a_unit_is_kept():
    """'the 21st Marine Brigade' after 'the 21st Separate Marine Brigade' (or before it) is
    kept in the full form; a unit with another number or noun is not taken for it."""
    body = (
        "The port was shelled, the 21st Separate Marine Brigade said.\n"
        f"Oleh Tarasyuk of the 21st Marine Brigade said: {HELD}\n"
    )
    assert extract(body).speakers["Oleh Tarasyuk"].units == ["21st Separate Marine Brigade"]
    stated = [
        "21st Separate Marine Brigade",
        "21st Separate Marine Battalion",
        "12th Marine Brigade",
    ]
    assert fullest("21st Marine Brigade", stated) == "21st Separate Marine Brigade"
    assert fullest("21st Marine Battalion", stated) == "21st Separate Marine Battalion"
    assert fullest("12th Separate Brigade", stated) == "12th Separate Brigade"


def test_services_and_commands_stated_by_a_role():
    """A service or command stated as a person's unit by a role apposition is their unit, its
    owner country left out: 'spokesman of the Ukrainian Navy', 'Navy spokesman X', 'head of
    the press service of the Western Defence Forces, X', 'X, spokesman for the Air Force'."""
    q = "\u201cTwo landing boats were sunk near the spit.\u201d"
    cases = [
        (f"Ostap Dzhus, spokesman of the Ukrainian Navy, said: {q}\n", "Navy"),
        (f"Navy spokesman Ostap Dzhus said: {q}\n", "Navy"),
        (
            "The head of the press service of the Western Defence Forces, Ostap Dzhus, "
            f"said: {q}\n",
            "Western Defence Forces",
        ),
        (f"Ostap Dzhus, spokesman for the Air Force, said: {q}\n", "Air Force"),
        (f"Ostap Dzhus, a spokesman for Ukraine's Air Force, said: {q}\n", "Air Force"),
        (f"Ostap Dzhus, a spokesman for the National Guard, said: {q}\n", "National Guard"),
        (
            f"Ostap Dzhus, a spokesman for the Territorial Defence Forces, said: {q}\n",
            "Territorial Defence Forces",
        ),
        (
            f"Ostap Dzhus, spokesman for Operational Command West, said: {q}\n",
            "Operational Command West",
        ),
        (
            f"Ostap Dzhus, commander of operational-tactical group Dniester, said: {q}\n",
            "operational-tactical group Dniester",
        ),
    ]
    for body, unit in cases:
        speaker = extract(body).speakers["Ostap Dzhus"]
        assert speaker.units == [unit], body


def test_defence_forces_without_a_qualifier_are_no_unit():
    """'a spokesman for Ukraine's Defence Forces' names no particular unit."""
    body = (
        "Ostap Dzhus, a spokesman for Ukraine's Defence Forces, said: \u201cThe line holds.\u201d\n"
    )
    assert extract(body).speakers["Ostap Dzhus"].units == []


def test_unit_after_who_commands_or_is_a_member():
    """'X, who commands a company in <country>'s 318th Rifle Brigade, says' and 'X, who is a
    member of the 101st Rifle Battalion,' give the unit (and the company commander's role)."""
    body = (
        "Larysa Ocheret, who commands a company in Ukraine's 318th Rifle Brigade, says: "
        "\u201cWe are short of shells.\u201d\n"
    )
    speaker = extract(body).speakers["Larysa Ocheret"]
    assert speaker.units == ["318th Rifle Brigade"]
    assert speaker.role == "company commander"
    body = (
        "Larysa Ocheret, who is a member of the 101st Rifle Battalion, spoke first.\n"
        "\u201cWe are short of shells,\u201d she said.\n"
    )
    assert extract(body).speakers["Larysa Ocheret"].units == ["101st Rifle Battalion"]


def test_unit_known_as_and_without_a_comma():
    """'Capt. X, of a neighboring unit known as the Vovk Regiment,', 'Sgt. X of the 141st
    Motorized Rifle Brigade said' and 'X, of the 63rd Brigade,' give those units."""
    q = "\u201cWe are short of shells.\u201d"
    cases = [
        (
            f"Capt. Larysa Ocheret, of a neighboring unit known as the Vovk Regiment, said: {q}\n",
            "Vovk Regiment",
        ),
        (f"Capt. Larysa Ocheret, of a unit called the Vovk Regiment, said: {q}\n", "Vovk Regiment"),
        (
            f"Sgt. Larysa Ocheret of the 141st Motorized Rifle Brigade said: {q}\n",
            "141st Motorized Rifle Brigade",
        ),
        (f"Larysa Ocheret, of the 63rd Brigade, said: {q}\n", "63rd Brigade"),
    ]
    for body, unit in cases:
        assert extract(body).speakers["Larysa Ocheret"].units == [unit], body
