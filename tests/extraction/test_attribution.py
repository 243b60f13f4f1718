"""Attribution: speakers named before, after or inside a quotation, pronouns, unnamed speakers
and statements."""

import pytest

from quotes.extraction import extract


def speakers(body):
    return [q.speaker for q in extract(body).quotations]


def test_speaker_named_before_with_colon():
    """'X said: "..."' pins the quotation on X."""
    body = "Marta Kowalczyk said: \u201cWe will open the border crossing tomorrow.\u201d\n"
    assert speakers(body) == ["Marta Kowalczyk"]


def test_speaker_named_in_an_appositive_before():
    """'One of the drivers, X, said:' and 'X, who ..., said:' pin the quotation on X, not on
    the group or the place named in between."""
    body = (
        "One of the drivers, Tomasz Wielgus, said: "
        "\u201cThe queue is forty kilometres long.\u201d\n"
        "Marta Kowalczyk, who works at the Lublin Freight Office, said: "
        "\u201cWe have no more trucks to send.\u201d\n"
    )
    assert speakers(body) == ["Tomasz Wielgus", "Marta Kowalczyk"]


def test_speaker_named_after():
    """'"...," X said.', '"...," said X.' and '"...," Mr X said.' pin the quotation on X."""
    body = (
        "Tomasz Wielgus and Marta Kowalczyk spoke to reporters at the depot.\n"
        "\u201cThe queue is forty kilometres long,\u201d Wielgus said.\n"
        "The depot closed at noon.\n"
        "\u201cWe have no more trucks to send,\u201d said Marta Kowalczyk.\n"
        "The drivers slept in their cabs.\n"
        "\u201cIt will take a week to clear,\u201d Mr Wielgus said.\n"
    )
    assert speakers(body) == ["Tomasz Wielgus", "Marta Kowalczyk", "Tomasz Wielgus"]


def test_attribution_inside_a_paragraph():
    """'"...," he said. "..."': both pieces belong to one speaker and one statement."""
    body = (
        "Tomasz Wielgus waited at the depot for two days.\n"
        "\u201cThe queue is forty kilometres long,\u201d he said. "
        "\u201cNobody has told us anything.\u201d\n"
    )
    first, second = extract(body).quotations
    assert first.speaker == second.speaker == "Tomasz Wielgus"
    assert first.statement == second.statement


def test_speaker_introduced_in_the_paragraph_before():
    """A narrative paragraph introducing X, then '"...," he said.': the quotation is X's."""
    body = (
        "Marta Kowalczyk said the crossing would reopen soon.\n"
        "\u201cWe expect the first trucks tomorrow,\u201d she said.\n"
        "Later, Tomasz Wielgus of the drivers' union called on the ministry to act.\n"
        "\u201cEvery day costs us a fortune,\u201d he said.\n"
    )
    assert speakers(body) == ["Marta Kowalczyk", "Tomasz Wielgus"]


def test_pronoun_ignores_names_inside_quotations():
    """A name inside a quotation is never what 'he' refers to."""
    body = (
        "Tomasz Wielgus said: \u201cI asked Henryk Zalewski for help but nobody came.\u201d\n"
        "He added: \u201cWe will wait here until the road opens.\u201d\n"
    )
    assert speakers(body) == ["Tomasz Wielgus", "Tomasz Wielgus"]


def test_object_of_the_attribution_is_not_the_speaker():
    """'X said Y "is ..."': the quoted clause is X's, and a later 'he' is X too."""
    body = (
        "Tomasz Wielgus said Henryk Zalewski \u201cis to blame for every hour of delay.\u201d\n"
        "\u201cHe promised us the road would open on Monday,\u201d he added.\n"
    )
    assert speakers(body) == ["Tomasz Wielgus", "Tomasz Wielgus"]


def test_name_in_russian_order_shortened_later():
    """A name printed surname first and later as 'Mr Patronymic' is one speaker, the full form
    as its name and the short one as an alias."""
    body = (
        "One of the sailors, Lapshin Oleg Timofeevich, said: \u201cWe were never told where "
        "we were going.\u201d\n"
        "The ship had left port a week earlier.\n"
        "\u201cOur officers knew and kept silent,\u201d Mr Timofeevich said.\n"
    )
    extraction = extract(body)
    assert [q.speaker for q in extraction.quotations] == ["Lapshin Oleg Timofeevich"] * 2
    (speaker,) = extraction.speakers.values()
    assert speaker.aliases == ["Mr Timofeevich"]


def test_list_mention_gives_the_full_name():
    """A full name first printed in a list lets a later bare surname resolve to it."""
    body = (
        "Three crew members - Oleg Lapshin, Ruslan Gavrikov, Denis Sholokh - were rescued.\n"
        "Gavrikov, who was on deck when the ship was hit, said: \u201cThe fire spread in "
        "seconds.\u201d\n"
    )
    extraction = extract(body)
    assert [q.speaker for q in extraction.quotations] == ["Ruslan Gavrikov"]
    assert extraction.speakers["Ruslan Gavrikov"].aliases == ["Gavrikov"]


def test_unnamed_speaker_has_a_description_and_no_name():
    """'one sailor told ...' leaves the speaker unnamed, described in the article's words,
    even with a named person nearby; 'he' after it stays with the unnamed sailor."""
    body = (
        "Captain Oleg Lapshin refused to comment.\n"
        "\u201cWe were abandoned by our own command,\u201d one sailor told reporters.\n"
        "He added: \u201cNobody came for two days.\u201d\n"
        "The captured sailor said, \u201cWe had no food and no water at all.\u201d\n"
    )
    quotations = extract(body).quotations
    assert [q.speaker for q in quotations] == [None, None, None]
    assert [q.speaker_description for q in quotations] == [
        "one sailor",
        "one sailor",
        "the captured sailor",
    ]


def test_outlet_citation_is_not_a_speaker():
    """'..., The Gazette reports.' cites a publication; the speaker is the one named before."""
    body = (
        "Oleg Lapshin said: \u2018We were never told where we were going,\u2019 "
        "The Gazette reports.\n"
    )
    assert speakers(body) == ["Oleg Lapshin"]


def test_statement_continues_over_adjacent_paragraphs():
    """Quotations by one speaker with only attribution between them, in adjacent paragraphs,
    share a statement number."""
    body = (
        "\u201cThe fire spread in seconds,\u201d Oleg Lapshin said.\n"
        "\u201cWe jumped into the sea without jackets.\u201d\n"
    )
    first, second = extract(body).quotations
    assert second.speaker == "Oleg Lapshin"
    assert first.statement == second.statement


def test_narrative_paragraph_starts_a_new_statement():
    """A narrative paragraph between two quotations by one speaker starts a new statement."""
    body = (
        "\u201cThe fire spread in seconds,\u201d Oleg Lapshin said.\n"
        "The ship sank within the hour, according to the coastguard.\n"
        "\u201cWe jumped into the sea without jackets,\u201d Lapshin said.\n"
    )
    first, second = extract(body).quotations
    assert first.speaker == second.speaker == "Oleg Lapshin"
    assert first.statement != second.statement


def test_two_unnamed_speakers_are_two_statements():
    """'one sailor told ...', a narrative paragraph, then 'one sailor said ...': two
    different unnamed speakers, two statements."""
    body = (
        "\u201cWe were abandoned by our own command,\u201d one sailor told reporters.\n"
        "The men said they had been at sea for a month.\n"
        "\u201cWe ate nothing but crackers for a week,\u201d one sailor said.\n"
    )
    first, second = extract(body).quotations
    assert first.speaker is second.speaker is None
    assert first.statement != second.statement


def test_definite_description_refers_back_to_the_unnamed_speaker():
    """'the sailor' right after 'one sailor', in the same paragraph, is the same unnamed man:
    one statement."""
    body = (
        "\u201cWe were abandoned by our own command,\u201d one sailor said. "
        "The sailor added, \u201cNobody came for two days.\u201d\n"
    )
    first, second = extract(body).quotations
    assert second.speaker_description == "the sailor"
    assert first.statement == second.statement


def test_partial_quote_is_its_own_statement():
    """A clause quoted inside reported speech does not join the full quotation after it."""
    body = (
        "Tomasz Wielgus said the ministry \u201chas forgotten the drivers at the border.\u201d\n"
        "\u201cWe have been here for six days,\u201d he added.\n"
    )
    first, second = extract(body).quotations
    assert (first.kind, second.kind) == ("partial", "quote")
    assert first.speaker == second.speaker == "Tomasz Wielgus"
    assert first.statement != second.statement


def test_person_named_as_an_object_does_not_take_the_pronoun():
    """A person named as the object of a narrative sentence is not who 'he' is."""
    body = (
        "Tomasz Wielgus said: \u201cWe have been here for six days.\u201d\n"
        "The drivers blamed Henryk Zalewski for the delay.\n"
        "\u201cNobody answers our calls,\u201d he added.\n"
    )
    assert speakers(body) == ["Tomasz Wielgus", "Tomasz Wielgus"]


def test_sentence_after_a_closed_quotation_is_not_its_attribution():
    """After a quotation ending with a full stop, the next sentence is narrative: the speaker
    is the one named before the quotation."""
    body = (
        "Marta Kowalczyk said: \u201cWe will keep the crossing open.\u201d "
        "Tomasz Wielgus said nothing.\n"
    )
    assert speakers(body) == ["Marta Kowalczyk"]


def test_age_between_name_and_verb():
    """'"...," Wielgus, 52, said.': an age between the name and the verb is skipped."""
    body = "\u201cWe have been here for six days,\u201d Wielgus, 52, said.\n"
    assert speakers(body) == ["Wielgus"]


def test_quotation_after_a_sentence_ending_before_it():
    """'"...," X told The Gazette. "..."': the second piece is X's and the same statement;
    the publication is not a speaker."""
    body = (
        "\u201cI saw it with my own eyes,\u201d Marta Kowalczyk told The Gazette. "
        "\u201cThe roof fell in.\u201d\n"
    )
    first, second = extract(body).quotations
    assert first.speaker == second.speaker == "Marta Kowalczyk"
    assert second.attribution == ""
    assert first.statement == second.statement


def test_name_with_particles():
    """A name with lower-case particles is one name: 'Ursula von Arnim', later 'von Arnim'."""
    body = (
        "Ursula von Arnim said: \u201cThe talks will resume in spring.\u201d\n"
        "The talks broke down in May.\n"
        "\u201cNobody wants another winter like this,\u201d Arnim said.\n"
    )
    extraction = extract(body)
    assert [q.speaker for q in extraction.quotations] == ["Ursula von Arnim"] * 2


def test_pronoun_skips_documents_and_groups():
    """'The report said ...' or 'The men said ...' in between does not take over 'he'."""
    body = (
        "Tomasz Wielgus waited at the depot for two days.\n"
        "The ministry's report said the road would open on Friday.\n"
        "The drivers said they had run out of food.\n"
        "\u201cNobody answers our calls,\u201d he said.\n"
    )
    assert speakers(body) == ["Tomasz Wielgus"]


def test_chained_appositives_between_name_and_verb():
    """'X, 61, whose house on Mill Lane flooded, said:' skips both clauses: the street is not
    the speaker."""
    body = (
        "Jane Okafor, 61, whose house on Fenwick Lane was flooded to the ceiling, said: "
        "\u201cWe told them five years ago this would happen.\u201d\n"
    )
    assert speakers(body) == ["Jane Okafor"]


def test_unnamed_speaker_with_a_prepositional_phrase():
    """'A spokesperson for the agency said:' is an unnamed speaker described in full."""
    body = (
        "A spokesperson for the agency said: "
        "\u201cOur teams worked through the night to protect homes.\u201d\n"
    )
    (quotation,) = extract(body).quotations
    assert quotation.speaker is None
    assert quotation.speaker_description == "a spokesperson for the agency"


def test_sentence_initial_adverb_is_not_part_of_the_name():
    """A capitalised adverb opening the sentence is not the first word of the name."""
    body = "Tearfully Marta Kowalczyk said: \u201cWe will rebuild the school.\u201d\n"
    assert speakers(body) == ["Marta Kowalczyk"]


def test_unnamed_speaker_with_a_relative_clause():
    """'One nurse, who did not give her name, said: "..."' is an unnamed speaker ("one nurse")
    with a statement of her own, not the person quoted just before; 'One of the nurses, X,
    said:' still pins the quotation on X."""
    body = (
        "\u201cWe need more beds and more staff,\u201d Dr Anselm Brecker said. "
        "\u201cThe ward is full every night.\u201d\n"
        "One nurse, who did not give her name, said: "
        "\u201cI have worked three shifts in a row this week.\u201d\n"
        "One of the nurses, Liesl Varga, said: \u201cWe sleep in the staff room.\u201d\n"
    )
    first, second, third, fourth = extract(body).quotations
    assert first.speaker == second.speaker == "Anselm Brecker"
    assert third.speaker is None
    assert third.speaker_description == "one nurse"
    assert third.statement != second.statement
    assert fourth.speaker == "Liesl Varga"


def test_role_before_name_makes_the_sentence_about_that_person():
    """'Harbour master NAME ...' opening a sentence makes NAME who a later 'she said' means;
    the same name as the object of a verb does not."""
    article = (
        "Ferry timetable cut\n\n"
        "Harbour master Runa Elvestad spoke after the vote.\n\n"
        "“The winter ferry will run twice a day, not four times,” she said.\n"
    )
    [quotation] = extract(article).quotations
    assert quotation.speaker == "Runa Elvestad"
    objected = article.replace(
        "Harbour master Runa Elvestad spoke", "The council thanked Runa Elvestad"
    )
    [quotation] = extract(objected).quotations
    assert quotation.speaker is None


FIRST = (
    "Sergeant Pavel Dronov, of the 44th Tank Regiment, said: "
    "\u201cWe were lied to by everyone.\u201d\n"
)
THEN = "\u201cNobody here wants this fight,\u201d he said.\n"


def test_a_sentence_about_a_new_unnamed_person_moves_the_focus():
    """'A third prisoner, who did not give his name, spoke only briefly.' or '... shook his
    head.' between a named speaker and '"...," he said.': the quotation is the unnamed man's,
    not the named one's."""
    for sentence in (
        "A third prisoner, who did not give his name, spoke only briefly.",
        "An older man in a torn jacket shook his head.",
        "One of the wounded conscripts, a gunner, sat apart from the others.",
    ):
        quotations = extract(f"{FIRST}{sentence} {THEN}").quotations
        assert quotations[1].speaker is None, sentence
        assert quotations[1].speaker_description.split()[0] in ("a", "an", "one"), sentence


def test_a_person_killed_or_held_is_not_who_speaks_next():
    """'One soldier was killed in the night.' and 'The attack was described as ...' move
    nothing: 'he' is still the named speaker."""
    for sentence in (
        "One soldier was killed in the night.",
        "A conscript was badly wounded by shrapnel.",
        "The attack was described as the heaviest yet.",
    ):
        quotations = extract(f"{FIRST}{sentence} {THEN}").quotations
        assert quotations[1].speaker == "Pavel Dronov", sentence


@pytest.mark.parametrize(
    "verb",
    ["spoke", "pleaded", "appealed", "complained", "recounted", "joked", "wept", "called on"],
)
def test_verbs_of_saying(verb):
    """A sentence whose subject speaks, pleads, complains, recounts, jokes or weeps is about
    them, so that the next '"...," she said.' is theirs; the same verb before a colon credits
    the quotation to its subject."""
    body = (
        f"{FIRST}Marta Kowalczyk {verb} the officials at length.\n"
        "\u201cWe have waited here for six days,\u201d she said.\n"
    )
    assert speakers(body)[1] == "Marta Kowalczyk"
    body = f"Marta Kowalczyk {verb} the crowd: \u201cWe have waited here for six days.\u201d\n"
    assert speakers(body) == ["Marta Kowalczyk"]


def test_an_unnamed_speaker_named_later_said_it_all():
    """'One of the captured men, a junior sergeant of the ... Regiment, said ...', quoted as
    'he', then 'The soldier, named by officials as X, ...': every quotation is X's, with no
    description, and the unit stated for the unnamed man is X's."""
    for naming in (
        "The soldier, named by local officials as Kirill Avdeyenko, said he had surrendered.",
        "The man, identified by the security service as Kirill Avdeyenko, was unshaven.",
        "The sergeant, who gave his name as Kirill Avdeyenko, said little else.",
        "The soldier, who introduced himself as Kirill Avdeyenko, wept.",
    ):
        body = (
            "One of the captured men, a 22-year-old junior sergeant of the 518th Motor Rifle "
            "Regiment, said he had been told the drill would last three days.\n"
            "\u201cOur officers told us nothing at all,\u201d he said. "
            "\u201cOn the second day we were surrounded.\u201d\n"
            f"{naming}\n"
            "\u201cI just want to call my mother,\u201d Avdeyenko said.\n"
        )
        extraction = extract(body)
        assert speakers(body) == ["Kirill Avdeyenko"] * 3, naming
        assert [q.speaker_description for q in extraction.quotations] == [""] * 3
        speaker = extraction.speakers["Kirill Avdeyenko"]
        assert speaker.units == ["518th Motor Rifle Regiment"], naming


def test_a_name_given_to_someone_else_renames_nobody():
    """'One soldier said ...' then 'The doctor, named as X, ...': the soldier stays unnamed."""
    body = (
        "\u201cWe were never told where we were going,\u201d one soldier said.\n"
        "The doctor, named by the hospital as Olena Hrytsak, treated the wounded.\n"
    )
    quotation = extract(body).quotations[0]
    assert quotation.speaker is None and quotation.speaker_description == "one soldier"


def test_a_new_unnamed_subject_after_a_conjunction_moves_the_focus():
    """'But a soldier in his company, who asked ..., disagreed. "...," he said.' is the
    unnamed soldier's, not the captain's quoted before; so with 'And'/'Yet'/'However,'/'Still,'
    and 'A medic from his unit'."""
    for opening in ("But a", "And a", "Yet a", "However, a", "Still, a", "A"):
        body = (
            "Capt. Ostap Voronko said the line would hold. "
            "\u201cWe have enough men,\u201d he said.\n"
            f"{opening} soldier in his company, who asked that his name not be used, disagreed. "
            "\u201cWe lose people every day,\u201d he said.\n"
        )
        quotations = extract(body).quotations
        assert [(q.speaker, q.speaker_description) for q in quotations] == [
            ("Ostap Voronko", ""),
            (None, "a soldier"),
        ], opening
    body = (
        "Capt. Ostap Voronko said the line would hold.\n"
        "A medic from his unit was less sure. \u201cWe lose people every day,\u201d he said.\n"
    )
    assert [q.speaker_description for q in extract(body).quotations] == ["a medic"]
