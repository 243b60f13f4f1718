"""Words for a captured soldier that refer back to the person in focus, unnamed speakers named
by a later sentence about "him", and "the governor" or "the mayor" for the head of a regional
or city administration."""

from quotes.extraction import extract

Q = "\u201cThe ferry will not sail until the storm has passed.\u201d"
C = "\u201cThe ferry will not sail until the storm has passed,\u201d"


def attributed(body):
    return [(q.speaker, q.speaker_description) for q in extract(body).quotations]


def test_captive_words_refer_to_a_soldier_or_prisoner_in_focus():
    """'the occupier', 'the invader', 'the prisoner', 'the captive', 'the POW' and 'the
    serviceman' after a person presented with a rank or as a soldier or prisoner are that
    person, in either word order and after a translated dash."""
    for intro in (
        "The prisoner is Brantov Oleg Semyonovich, private of the 77th Rifle Regiment.",
        "Sergeant Oleg Brantov spoke on camera.",
        "Oleg Brantov, a captured soldier of the 77th Rifle Regiment, spoke on camera.",
        "Oleg Brantov, a serviceman of the 77th Rifle Regiment, spoke on camera.",
    ):
        speaker = "Brantov Oleg Semyonovich" if "Semyonovich" in intro else "Oleg Brantov"
        for later in (
            "- tells the occupier.",
            "the invader said.",
            "the prisoner added.",
            "the captive said.",
            "the POW said.",
            "the serviceman said.",
        ):
            body = f"{intro}\n{C} {later}\n"
            assert attributed(body) == [(speaker, "")], (intro, later)


def test_private_of_a_regiment_is_a_rank_and_a_unit():
    """'X, private of the 77th Rifle Regiment' states a rank and a unit without an article."""
    intro = "The prisoner is Brantov Oleg Semyonovich, private of the 77th Rifle Regiment."
    body = f"{intro}\n{C} he said.\n"
    speaker = extract(body).speakers["Brantov Oleg Semyonovich"]
    assert (speaker.rank, speaker.units) == ("Private", ["77th Rifle Regiment"])


def test_captive_words_do_not_refer_to_a_civilian():
    """'the occupier' after a baker, or 'the invader' after an unnamed old man, is somebody
    else."""
    body = f"Oleg Brantov, a baker from Tulsk, said: {Q}\n{C} the occupier said.\n"
    assert attributed(body)[1] == (None, "the occupier")
    body = f"An old man said: {Q}\n{C} the invader said.\nHe was later named as Marek Zolotov.\n"
    assert attributed(body) == [(None, "an old man"), ("Marek Zolotov", "")]


def test_captive_words_refer_to_an_unnamed_soldier_in_focus():
    """'the occupier' after 'a captured soldier' is the same unnamed speaker, so that a name
    given to him later is credited with both quotations."""
    body = (
        f"A captured soldier said: {Q}\n{C} the occupier added.\n"
        "He was later named as Marek Zolotov.\n"
    )
    assert attributed(body) == [("Marek Zolotov", "")] * 2


def test_unnamed_speaker_named_by_a_later_sentence_about_him():
    """'The SBU later identified him as X', 'He was later named as X', 'She gave her name as
    X': the unnamed speaker in focus was X, who is credited with their earlier words."""
    for naming, name in (
        ("The SBU later identified him as Marek Zolotov, 31.", "Marek Zolotov"),
        ("Investigators named him as Marek Zolotov.", "Marek Zolotov"),
        ("He was later named as Marek Zolotov.", "Marek Zolotov"),
        ("She gave her name as Irina Zolotova.", "Irina Zolotova"),
    ):
        body = f"A second soldier in the video says: {Q}\n{naming}\n{C} the soldier added.\n"
        assert attributed(body) == [(name, "")] * 2, naming


def test_named_by_a_later_sentence_from_the_same_regiment():
    """'..., from the same regiment' gives the person named the regiment stated before."""
    body = (
        "Two soldiers of the 77th Rifle Regiment surrendered near the river.\n"
        f"A second soldier in the video says: {Q}\n"
        "The SBU later identified him as Marek Zolotov, 31, from the same regiment.\n"
    )
    extraction = extract(body)
    assert extraction.quotations[0].speaker == "Marek Zolotov"
    assert extraction.speakers["Marek Zolotov"].units == ["77th Rifle Regiment"]


def test_a_name_for_somebody_else_leaves_the_unnamed_speaker():
    """A person named with no 'him' or 'he' is not the unnamed speaker in focus."""
    body = f"A second soldier in the video says: {Q}\nMarek Zolotov, a reporter, watched.\n"
    assert attributed(body) == [(None, "a second soldier in the video")]


def test_governor_refers_to_the_head_of_a_regional_administration():
    """'the governor' after 'X, who heads the Tulsk regional administration' or 'head of the
    Tulsk regional military administration X' is X; 'the mayor' after the head of a city
    military administration is that person."""
    for intro, later in (
        ("Ivan Borsk, who heads the Tulsk regional administration, said:", "the governor"),
        ("Head of the Tulsk regional military administration Ivan Borsk said:", "the governor"),
        ("Ivan Borsk, head of the Tulsk city military administration, said:", "the mayor"),
        ("Head of the Tulsk city military administration Ivan Borsk said:", "the mayor"),
    ):
        body = f"{intro} {Q}\n{C} {later} added.\n"
        assert attributed(body) == [("Ivan Borsk", "")] * 2, intro


def test_governor_and_mayor_need_that_role_stated():
    """'the governor' after a baker, or 'the mayor' after a regional head, is someone else."""
    for intro, later in (
        ("Ivan Borsk, a baker, said:", "the governor"),
        ("Ivan Borsk, who heads the Tulsk regional administration, said:", "the mayor"),
    ):
        body = f"{intro} {Q}\n{C} {later} added.\n"
        assert attributed(body)[1] == (None, later), intro
