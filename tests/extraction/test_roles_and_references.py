"""Roles, ranks and titles around names: definite descriptors that refer back to the person
in focus, titles before names, appositions with units, capitalised common nouns, and
surnames printed with case endings."""

from quotes.extraction import extract
from quotes.extraction.units import find_unit, unit_key

Q = "\u201cThe ferry will not sail until the storm has passed.\u201d"
C = "\u201cThe ferry will not sail until the storm has passed,\u201d"


def attributed(body):
    return [(q.speaker, q.speaker_description) for q in extract(body).quotations]


def test_definite_role_refers_to_the_person_with_that_role():
    """'the commander', 'the spokeswoman', 'the navigator' after a person introduced as such
    is that person, not an unnamed speaker."""
    for intro, later in (
        ("Colonel-General Darko Vilem, commander of the 14th Coastal Brigade,", "the commander"),
        ("Tamsin Orlo, a spokeswoman for the 3rd Ferry Squadron,", "the spokeswoman"),
        ("Ruben Asgard, a navigator of the 61st Aviation Regiment,", "the navigator"),
    ):
        body = f"{intro} told reporters: {Q}\n{C} {later} added.\n"
        speaker = intro.split(",")[0].removeprefix("Colonel-General ")
        assert attributed(body) == [(speaker, ""), (speaker, "")], later


def test_definite_rank_refers_to_the_person_with_that_rank():
    """'the colonel' after a lieutenant colonel, 'the general' after a major general, 'the
    officer' after a captain; a sergeant is 'the soldier'."""
    for rank, later in (
        ("Lieutenant Colonel", "the colonel"),
        ("Major General", "the general"),
        ("Captain", "the officer"),
        ("Junior Sergeant", "the soldier"),
    ):
        body = f"{rank} Darko Vilem said: {Q}\n{C} {later} said.\n"
        assert attributed(body) == [("Darko Vilem", "")] * 2, later


def test_a_descriptor_that_does_not_fit_stays_unnamed():
    """'the commander' after a person introduced as a navigator, 'the deputy commander' after a
    commander, 'the officer' after a private and 'the commander of the 9th ...' after a
    commander of another unit are somebody else."""
    for intro, later in (
        ("Ruben Asgard, a navigator of the 61st Aviation Regiment,", "the commander"),
        ("Ruben Asgard, commander of the 61st Aviation Regiment,", "the deputy commander"),
        ("Private Ruben Asgard", "the officer"),
        ("Ruben Asgard, commander of the 61st Aviation Regiment,", "the commander of the 9th"),
    ):
        body = f"{intro} said: {Q}\n{C} {later} said.\n"
        first, second = attributed(body)
        assert first == ("Ruben Asgard", "")
        assert second[0] is None, later


def test_unnamed_speaker_then_definite_descriptor_stays_unnamed():
    """'one sailor said' then 'the sailor said' after a named captain is the unnamed sailor."""
    body = f"Captain Darko Vilem refused to comment.\n{C} one sailor said.\n{C} the sailor said.\n"
    assert [s for s, _ in attributed(body)] == [None, None]


def test_apposition_starting_with_the_gives_role_and_unit():
    """'X, the commander of the 5th Brigade, said' and 'According to X, the spokesman of the
    Southern Group of Forces, ...' give the role and the unit."""
    body = f"Darko Vilem, the commander of the 5th Ranger Brigade, said: {Q}\n"
    speaker = extract(body).speakers["Darko Vilem"]
    assert speaker.role == "commander" and speaker.units == ["5th Ranger Brigade"]
    body = (
        "According to Vilem, the spokesman of the Southern Group of Forces, the pier was shut.\n"
        f"{C} Vilem said.\n"
    )
    speaker = extract(body).speakers["Vilem"]
    assert speaker.role == "spokesman" and speaker.units == ["Southern Group of Forces"]


def test_role_narrowed_to_a_part_of_the_unit():
    """'head of the press service of the 10th Army Corps' keeps the whole role and the unit."""
    body = f"Darko Vilem, head of the press service of the 10th Army Corps, said: {Q}\n"
    speaker = extract(body).speakers["Darko Vilem"]
    assert speaker.role == "head of the press service"
    assert speaker.units == ["10th Army Corps"]


def test_the_units_commander_is_the_last_unit_of_that_kind():
    """ "X, the brigade's commander," belongs to the last brigade named before."""
    body = (
        "The 7th Mountain Division and the 33rd Ranger Brigade held the pass.\n"
        f"Darko Vilem, the brigade\u2019s commander, said: {Q}\n"
    )
    speaker = extract(body).speakers["Darko Vilem"]
    assert speaker.units == ["33rd Ranger Brigade"] and speaker.role == "commander"


def test_according_to_a_named_source():
    """'According to X, spokesman for the Y, ...' makes X the source of the next quotation and
    of 'he'; '"...," said X, commander of the Y.' gives X the role and the unit."""
    body = (
        "According to Darko Vilem, spokesman for the 9th Harbour Brigade, the pier was shut.\n"
        f"{C} he said.\n"
    )
    extraction = extract(body)
    assert [q.speaker for q in extraction.quotations] == ["Darko Vilem"]
    assert extraction.speakers["Darko Vilem"].units == ["9th Harbour Brigade"]
    assert extraction.speakers["Darko Vilem"].role == "spokesman"
    body = f"{C} said Darko Vilem, commander of the 9th Harbour Brigade.\n"
    assert extract(body).speakers["Darko Vilem"].units == ["9th Harbour Brigade"]


def test_title_before_the_name_in_an_inverted_attribution():
    """'said harbour master X', 'said Coast Guard spokesman X', 'said Major General X' and
    '"...," port spokesman X said' pin the quotation on X, the title kept out of the name."""
    for tail, description in (
        ("said harbour master Ilse Vantongeren.", "harbour master"),
        ("said Coast Ministry spokesman Ilse Vantongeren.", "Coast Ministry spokesman"),
        ("said Major General Ilse Vantongeren.", ""),
        ("port spokesman Ilse Vantongeren said.", "port spokesman"),
    ):
        extraction = extract(f"{C} {tail}\n")
        assert [q.speaker for q in extraction.quotations] == ["Ilse Vantongeren"], tail
        assert extraction.speakers["Ilse Vantongeren"].description == description
    speaker = extract(f"{C} said Major General Ilse Vantongeren.\n").speakers["Ilse Vantongeren"]
    assert speaker.rank == "Major General"


def test_a_capitalised_common_noun_is_not_a_name():
    """'A Stranded Dutch Sailor Said:' in a title-cased line, 'a stranded Dutch Sailor said' and
    'The Pilot said' name nobody, even after a named person."""
    for line in (
        f"A Stranded Dutch Sailor Said: {Q}\n",
        f"A stranded Dutch Sailor said: {Q}\n",
        f"The Pilot said: {Q}\n",
    ):
        extraction = extract(f"Ilse Vantongeren closed the port.\n{line}")
        assert extraction.quotations[0].speaker is None, line
        assert extraction.speakers == {}


def test_the_rank_stays_out_of_the_description():
    """'a lieutenant colonel and deputy commander of ...' describes a deputy commander; 'a
    captain of ...' leaves the description empty with the rank in the rank."""
    body = (
        "Darko Vilem, a lieutenant colonel and deputy commander of the 14th Coastal Brigade, "
        f"said: {Q}\n"
    )
    speaker = extract(body).speakers["Darko Vilem"]
    assert speaker.description == "deputy commander"
    assert speaker.rank == "Lieutenant Colonel"
    body = f"Darko Vilem, a captain of the 14th Coastal Brigade, said: {Q}\n"
    speaker = extract(body).speakers["Darko Vilem"]
    assert speaker.description == "" and speaker.rank == "Captain"


def test_a_later_unit_skips_a_person_when_an_unnamed_speaker_came_between():
    """'He serves in the 12th Brigade' after 'one soldier said' is not the named person's."""
    body = (
        "Darko Vilem was captured on Friday.\n"
        f"One soldier said: {Q}\n"
        "He serves in the 12th Ranger Brigade.\n"
        f"{C} Vilem said.\n"
    )
    assert extract(body).speakers["Darko Vilem"].units == []
    body = (
        "Darko Vilem told a news conference that he had surrendered.\n"
        "He serves in the 12th Ranger Brigade.\n"
        f"{C} Vilem said.\n"
    )
    assert extract(body).speakers["Darko Vilem"].units == ["12th Ranger Brigade"]


def test_unit_number_after_the_noun():
    """'Brigade No. 21' and 'brigade 21,' are units with the key of the '21st Brigade'; a number
    of people after the noun is not."""
    assert unit_key("Brigade No. 21") == unit_key("21st Brigade") == unit_key("brigade 21")
    assert find_unit("a gunner of brigade 21, said") == "brigade 21"
    assert find_unit("brigade 21 soldiers were seen") is None
    body = f"Darko Vilem, commander of Brigade No. 21, said: {Q}\n"
    speaker = extract(body).speakers["Darko Vilem"]
    assert speaker.units == ["Brigade No. 21"] and speaker.rank == ""


def test_a_surname_with_a_case_ending_is_the_same_person():
    """'according to Marunka', 'Marunkom said' after 'Pavlo Marunko' refer to him, and the
    inflected forms are not kept as aliases."""
    body = f"Pavlo Marunko said: {Q}\nAccording to Marunka, the pier was shut.\n{C} Marunku said.\n"
    extraction = extract(body)
    assert [q.speaker for q in extraction.quotations] == ["Pavlo Marunko"] * 2
    assert list(extraction.speakers) == ["Pavlo Marunko"]
    assert extraction.speakers["Pavlo Marunko"].aliases == []


def test_a_different_ending_is_not_an_inflection():
    """'Kovalenko' after 'Olena Kovalenka' is no case form of hers: another person."""
    body = f"Olena Kovalenka said: {Q}\n{C} Kovalenko said.\n"
    assert [q.speaker for q in extract(body).quotations] == ["Olena Kovalenka", "Kovalenko"]


def test_a_surname_named_before_its_titled_form_is_that_person():
    """'According to Vilem, spokesman of the 14th Coastal Brigade, ...' and then 'Captain Vilem
    said': the unit stated with the first, untitled mention is the captain's."""
    body = (
        "According to Vilem, the spokesman of the 14th Coastal Brigade, the ferry is late.\n"
        f"{C} Captain Vilem said.\n"
    )
    speaker = extract(body).speakers["Vilem"]
    assert speaker.units == ["14th Coastal Brigade"]
    assert (speaker.rank, speaker.role) == ("Captain", "spokesman")
