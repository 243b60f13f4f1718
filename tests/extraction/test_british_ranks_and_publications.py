"""British abbreviated ranks, ages in appositions, publications as subjects, relative clauses
after unnamed and definite descriptors, and quotations opened once that close before their
attribution paragraphs later."""

from quotes.extraction import extract

Q = "\u201cThe ferry will not sail until the storm has passed.\u201d"
C = "\u201cThe ferry will not sail until the storm has passed,\u201d"


def attributed(body):
    return [(q.speaker, q.speaker_description) for q in extract(body).quotations]


def test_abbreviated_ranks_stay_out_of_the_name():
    """'Snr Lt', 'Jnr. Sgt', 'L/Cpl', 'Lt Col', 'Brig Gen' and the like are ranks, with or
    without full stops, whether the name comes before the quotation or after it."""
    for rank in (
        "Snr Lt",
        "Snr. Lt.",
        "Jnr Sgt",
        "Jnr. Sgt",
        "Lt",
        "Sgt",
        "Cpl",
        "L/Cpl",
        "L/Cpl.",
        "Pte",
        "Col",
        "Lt Col",
        "Maj",
        "Brig Gen",
    ):
        for body in (f"{rank} Tomas Brandl said: {Q}\n", f"{C} said {rank} Tomas Brandl.\n"):
            extraction = extract(body)
            assert [q.speaker for q in extraction.quotations] == ["Tomas Brandl"], body
            assert extraction.speakers["Tomas Brandl"].rank == rank, body


def test_abbreviated_ranks_fit_the_officer_and_the_soldier():
    """An abbreviated officer's rank is 'the officer', an abbreviated enlisted rank 'the
    soldier'; neither fits the other."""
    for rank, fits, other in (
        ("Snr Lt", "the officer", "the soldier"),
        ("Lt Col", "the officer", "the soldier"),
        ("Brig Gen", "the officer", "the soldier"),
        ("Maj", "the officer", "the soldier"),
        ("Jnr Sgt", "the soldier", "the officer"),
        ("L/Cpl", "the soldier", "the officer"),
        ("Pte", "the soldier", "the officer"),
    ):
        body = f"{rank} Tomas Brandl said: {Q}\n{C} {fits} said.\n"
        assert attributed(body) == [("Tomas Brandl", "")] * 2, (rank, fits)
        body = f"{rank} Tomas Brandl said: {Q}\n{C} {other} said.\n"
        assert attributed(body)[1][0] is None, (rank, other)


def test_age_before_a_unit_apposition():
    """'X, 27, of the 218th ... Regiment' gives the unit; 'X, 34, a sergeant in the 5th ...
    Brigade' the rank and the unit; 'aged 41' reads the same."""
    body = f"Tomas Brandl, 27, of the 218th Guards Rowing Regiment, said: {Q}\n"
    speaker = extract(body).speakers["Tomas Brandl"]
    assert speaker.units == ["218th Guards Rowing Regiment"]
    body = f"Tomas Brandl, 34, a sergeant in the 5th Lighthouse Brigade, told reporters: {Q}\n"
    speaker = extract(body).speakers["Tomas Brandl"]
    assert speaker.units == ["5th Lighthouse Brigade"] and speaker.rank == "Sergeant"
    body = f"{C} said Tomas Brandl, aged 41, a gunner with the 9th Harbour Battalion.\n"
    speaker = extract(body).speakers["Tomas Brandl"]
    assert speaker.units == ["9th Harbour Battalion"]


def test_a_publication_is_never_a_speaker():
    """'the Ukrainian edition', 'the outlet', 'the portal', 'local media' and the like credited
    in a narrative sentence neither take the next quotation nor 'he said': both stay with the
    person the article is about."""
    for publication in (
        "the Ukrainian edition",
        "the publication",
        "the outlet",
        "the newspaper",
        "the portal",
        "the channel",
        "the broadcaster",
        "the website",
        "the news site",
        "local media",
    ):
        capital = publication[0].upper() + publication[1:]
        for body in (
            f"Sgt Tomas Brandl was freed in May. This is informed by {publication}, reports "
            f"Lakeside Courier.\n{Q}\n",
            f"Sgt Tomas Brandl was freed in May. {capital} said the pier was shut.\n{C} he said.\n",
            f"Sgt Tomas Brandl was freed in May.\n{C} said {publication}.\n",
        ):
            assert attributed(body) == [("Tomas Brandl", "")], body


def test_the_agency_may_be_a_body_that_speaks():
    """'the agency said' may be a government agency speaking: its words are its own, never
    the person in focus's."""
    body = f"Sgt Tomas Brandl was freed in May.\n{C} said the agency.\n"
    assert attributed(body) != [("Tomas Brandl", "")]


def test_relative_clause_after_an_unnamed_speaker_is_not_cut():
    """'A paramedic who asked not to be named said' describes 'a paramedic': the clause's own
    verb is not the attribution, and the description never stops at 'who'."""
    for body in (
        f"A paramedic who asked not to be named said: {Q}\n",
        f"{C} said a paramedic who asked not to be named.\n",
        f"{C} a paramedic who asked not to be named said.\n",
        f"A paramedic whose ambulance was hit told reporters: {Q}\n",
        f"A paramedic that Brandl trained said: {Q}\n",
    ):
        assert attributed(body) == [(None, "a paramedic")], body


def test_definite_descriptor_with_a_relative_clause_refers_back():
    """'The officer, whose battalion was shelled, said' (with commas or without) is the
    officer in focus; after a private it is somebody else."""
    for clause in (
        ", whose battalion was shelled for two days,",
        " whose battalion was shelled for two days",
        ", who was held for a week,",
    ):
        body = f"Lt Col Tomas Brandl was freed in May.\nThe officer{clause} said: {Q}\n"
        assert attributed(body) == [("Tomas Brandl", "")], clause
    body = f"Pte Tomas Brandl was freed in May.\nThe officer, whose unit was shelled, said: {Q}\n"
    assert attributed(body)[0][0] is None


def test_quotation_opened_mid_paragraph_closes_before_its_attribution_later():
    """A quotation opened once after narrative words runs over plain paragraphs to a later
    one where the closing mark is followed by its attribution; every paragraph is kept."""
    body = (
        "Captain Tomas Brandl spoke slowly. The officer said that his crew rowed north. "
        "\u201cOn the third day the boat sank and nobody came back dry.\n"
        "We waited on the shore for two nights, and then we walked to the lighthouse.\n"
        "I am ashamed of what we did,\u201d said Brandl.\n"
        "The ferry company declined to comment.\n"
    )
    (quotation,) = extract(body).quotations
    assert quotation.text.split("\n") == [
        "On the third day the boat sank and nobody came back dry.",
        "We waited on the shore for two nights, and then we walked to the lighthouse.",
        "I am ashamed of what we did,",
    ]
    assert quotation.speaker == "Tomas Brandl"
    assert quotation.attribution == "said Brandl"
    (quotation,) = extract(body.replace("said Brandl.", "he said.")).quotations
    assert quotation.text.endswith("what we did,") and quotation.speaker == "Tomas Brandl"


def test_run_on_quotation_does_not_cross_another_opening_or_a_clause():
    """A mark left open on a clause in reported speech, or with another quotation opened
    before the later closing mark, does not swallow the paragraphs between."""
    body = (
        "Tomas Brandl called the delay \u201ca failure of the whole port authority.\n"
        "The port was closed.\n"
        "We waited,\u201d said Ilse Varga.\n"
    )
    assert all("The port was closed" not in q.text for q in extract(body).quotations)
    body = (
        "Tomas Brandl spoke. \u201cThe boat sank on the third day of the trip.\n"
        "Ilse Varga said: \u201cNobody came for us.\u201d\n"
        "We waited,\u201d said Brandl.\n"
    )
    assert all("We waited" not in q.text for q in extract(body).quotations)
