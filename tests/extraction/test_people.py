"""Who speakers are: ranks and titles kept out of names, places and outlets never speakers,
institutions as descriptions, and names given after a descriptor."""

from quotes.extraction import extract
from quotes.extraction.places import is_place

Q = "\u201cWe held the bridge for three days and nobody came to relieve us.\u201d"
# The same words ending in a comma, for an attribution after them.
C = "\u201cWe held the bridge for three days and nobody came to relieve us,\u201d"


def only_speaker(body):
    [speaker] = extract(body).speakers.values()
    return speaker


def test_compound_ranks_are_not_part_of_the_name():
    """'Colonel-General', 'Lieutenant Colonel', 'Senior Lieutenant', 'Major General' and
    'Junior Sergeant' go to the rank; the name is the person's alone, in aliases too."""
    for rank in (
        "Colonel-General",
        "Lieutenant Colonel",
        "Senior Lieutenant",
        "Major General",
        "Junior Sergeant",
        "Captain",
    ):
        body = f"{rank} Petro Yarosh said: {Q}\nLater Yarosh said: {Q}\n"
        speaker = only_speaker(body)
        assert speaker.name == "Petro Yarosh", rank
        assert speaker.rank == rank
        assert all(rank not in alias for alias in speaker.aliases)


def test_lowercase_rank_and_role_in_an_apposition():
    """'X, a lieutenant colonel and deputy commander of the ... Regiment, said' gives the rank,
    the role and the unit."""
    body = (
        "Serhiy Kovalenkyy, a lieutenant colonel and deputy commander of the 21st Marine "
        f"Brigade, said: {Q}\n"
    )
    speaker = only_speaker(body)
    assert speaker.name == "Serhiy Kovalenkyy"
    assert speaker.rank == "Lieutenant Colonel"
    assert speaker.role == "deputy commander"
    assert speaker.units == ["21st Marine Brigade"]


def test_is_place_knows_countries_cities_and_spellings():
    """Countries, cities under their common spellings and regions are places; names are not."""
    assert is_place("Ukraine") and is_place("Russia's") and is_place("the United States")
    assert is_place("Kyiv") and is_place("Kiev") and is_place("Kharkov")
    assert not is_place("Kovalenkyy") and not is_place("Petro") and not is_place("kyiv")


def test_a_place_after_a_preposition_is_never_the_speaker():
    """'One soldier from ..., at a press conference in <city>, said' is the unnamed soldier."""
    body = f"One soldier from the 5th Tank Brigade, at a press conference in Lviv, said: {Q}\n"
    [quotation] = extract(body).quotations
    assert quotation.speaker is None
    assert quotation.speaker_description == "one soldier from the 5th Tank Brigade"
    assert extract(body).speakers == {}


def test_a_lone_city_before_the_verb_is_not_a_person():
    """'<city> said' names no person."""
    body = f"{C} Odesa said.\n"
    assert extract(body).speakers == {}


def test_a_country_glued_to_a_name_is_stripped():
    """'Ukraine Serhii Kovalenkyi' and "Russia's Petro Yarosh" name the person alone."""
    assert only_speaker(f"Ukraine Serhii Kovalenkyi said: {Q}\n").name == "Serhii Kovalenkyi"
    assert only_speaker(f"Russia\u2019s Petro Yarosh said: {Q}\n").name == "Petro Yarosh"


def test_institutions_are_descriptions_not_people():
    """'the SBU said', 'the General Staff said' and 'the Security Service of Ukraine reported'
    leave the quotation without a person, described by the institution."""
    for subject, description in (
        ("The SBU", "the SBU"),
        ("The General Staff", "the General Staff"),
        ("The Security Service of Ukraine", "the Security Service of Ukraine"),
    ):
        body = f"{subject} said: {Q}\n"
        extraction = extract(body)
        [quotation] = extraction.quotations
        assert quotation.speaker is None, subject
        assert quotation.speaker_description == description
        assert extraction.speakers == {}


def test_a_report_speaks_for_its_institution_and_he_is_not_the_institution():
    """'the report says' after 'The SBU report notes' is the SBU; a later 'he' is the person
    named before, never the institution."""
    body = (
        "Petro Yarosh was captured near the river.\n"
        "The SBU report notes that the platoon surrendered.\n"
        f"{C} the report says.\n"
        f"{C} he said.\n"
    )
    first, second = extract(body).quotations
    assert first.speaker is None and first.speaker_description == "the SBU"
    assert second.speaker == "Petro Yarosh"


def test_news_agencies_credited_are_not_speakers():
    """'..., Vestnyk reports.', 'according to Vestnyk' and 'The Daily Courier reports' credit
    the outlet; the quotation stays with the person named."""
    bodies = (
        f"Petro Yarosh spoke on Friday.\nHe said: {Q} Vestnyk reports.\n",
        f"Petro Yarosh spoke on Friday.\n{C} according to Vestnyk.\n",
        f"Petro Yarosh spoke on Friday.\n{C} The Daily Courier reports.\n",
    )
    for body in bodies:
        extraction = extract(body)
        assert [q.speaker for q in extraction.quotations] == ["Petro Yarosh"], body
        assert list(extraction.speakers) == ["Petro Yarosh"]


def test_name_given_after_a_descriptor():
    """'says the pilot, who gave his name as X', 'a soldier who identified himself as X said'
    and 'the officer, named as X, said' pin the quotation on X."""
    bodies = (
        f"{C} says the pilot, who gave his name as Serhiy Kovalenkyy.\n",
        f"A soldier who identified himself as Serhiy Kovalenkyy said: {Q}\n",
        f"The officer, named as Serhiy Kovalenkyy, said: {Q}\n",
    )
    for body in bodies:
        assert [q.speaker for q in extract(body).quotations] == ["Serhiy Kovalenkyy"], body


def test_ranks_with_an_ordinal_or_abbreviation_stay_out_of_the_name():
    """'Captain 2nd Rank X', 'Maj. Gen. X', 'Lt. Col. X', 'Sgt. X', 'Capt. X' and 'Gen. X':
    the rank, however printed, is the rank, never the start of the name."""
    cases = {
        "Captain 2nd Rank Bohuslav Tkachyk": "Captain 2nd Rank",
        "Captain 1st Rank Bohuslav Tkachyk": "Captain 1st Rank",
        "Captain 3rd Rank Bohuslav Tkachyk": "Captain 3rd Rank",
        "Maj. Gen. Bohuslav Tkachyk": "Maj. Gen.",
        "Lt. Col. Bohuslav Tkachyk": "Lt. Col.",
        "Sgt. Bohuslav Tkachyk": "Sgt.",
        "Capt. Bohuslav Tkachyk": "Capt.",
        "Gen. Bohuslav Tkachyk": "Gen.",
    }
    for printed, rank in cases.items():
        for body in (f"The ferry crossed at dawn. {printed} said: {Q}\n", f"{C} said {printed}.\n"):
            speaker = only_speaker(body)
            assert (speaker.name, speaker.rank) == ("Bohuslav Tkachyk", rank), body


def test_an_abbreviated_rank_does_not_end_the_sentence():
    """'Lt. Col. X said: "..."' after another speaker's quote credits X, not the one before."""
    body = f"Larysa Ocheret said: {Q}\nLt. Col. Bohuslav Tkachyk said: {Q}\n"
    assert [q.speaker for q in extract(body).quotations] == ["Larysa Ocheret", "Bohuslav Tkachyk"]


def test_a_service_as_subject_stays_an_institution():
    """'The Air Force said', 'The National Guard said', 'Operational Command West said': a
    body, described, never a person."""
    for body_name in ("The Air Force", "The National Guard", "Operational Command West"):
        extraction = extract(f"{body_name} said: {Q}\n")
        [quotation] = extraction.quotations
        assert quotation.speaker is None
        assert quotation.speaker_description.lower() == body_name.lower()
        assert extraction.speakers == {}


def test_a_nationality_is_never_a_speaker():
    """'He rejected Russian claims' does not make a person called Russian of the adjective:
    the next quotation stays with the person the paragraph is about."""
    from quotes.extraction.places import is_demonym

    body = (
        "\u201cThe ferry sank at dawn,\u201d Harbour master Ilse Vantongeren said.\n\n"
        "She rejected Norwegian claims that the crew had been drinking. \u201cThere was no "
        "alcohol on board, and the captain had slept for eight hours.\u201d\n"
    )
    extraction = extract(body)
    assert [q.speaker for q in extraction.quotations] == ["Ilse Vantongeren"] * 2
    assert list(extraction.speakers) == ["Ilse Vantongeren"]
    assert all(map(is_demonym, ["Russian", "Ukrainian", "Israeli", "Chinese", "American"]))
    assert not any(map(is_demonym, ["Brian", "Bogdan", "Julian", "Roman", "Milan"]))
