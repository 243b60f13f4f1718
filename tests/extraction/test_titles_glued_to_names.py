"""Titles and roles printed capitalised before a name stay out of it and become the person's
role; a role with no name, or a piece of an outlet's name, is nobody (invented people)."""

import pytest

from archive.text import paragraph_spans
from quotes.extraction import extract
from quotes.extraction.descriptors import describes
from quotes.extraction.people import Names
from quotes.extraction.ranking import current


@pytest.mark.parametrize(
    ("body", "name", "role"),
    [
        ('"We rebuild," said Ostrava Mayor Lida Kern.', "Lida Kern", "Ostrava Mayor"),
        ('"We rebuild," said South Arvelian President Olu Damba.', "Olu Damba", "President"),
        ('"We rebuild," said Kentucky Gov. Ann Bolsh.', "Ann Bolsh", "Kentucky Gov"),
        ('"You lied," Mr Justice Perrin told her.', "Perrin", "Justice"),
        ('"We sell," said Chief Executive Tomas Vell.', "Tomas Vell", "Chief Executive"),
    ],
)
def test_title_before_the_name_is_the_role(body, name, role):
    speakers = extract(body).speakers
    assert list(speakers) == [name]
    assert speakers[name].role.endswith(role)


def test_a_role_with_no_name_is_nobody():
    """'the Deputy Minister' and 'Deputy Commander of the ...' name no one."""
    body = (
        'The Deputy Minister said: "Nothing is decided."\n\n'
        "Deputy Commander of the Obriy Regiment, Captain Ilko Varta, spoke too.\n"
    )
    names = Names(body, paragraph_spans(body), set())
    assert [p.name for p in names.people] == ["Ilko Varta"]


def test_an_outlets_dotted_name_holds_no_person():
    """'Censor.NET'-like names: the part after the dot is no one's name."""
    body = 'Vesti.NET reports.\n\n"We hold," NET said.\n'
    assert not extract(body).speakers


def test_the_role_fits_the_description_that_refers_back():
    """'the mayor', 'the judge', 'the governor' fit the people whose capitalised title said
    so, and a description fits only them."""
    body = (
        "Ostrava Mayor Lida Kern opened the bridge. Mr Justice Perrin was there, and so was "
        "Kentucky Gov. Ann Bolsh.\n"
    )
    names = Names(body, paragraph_spans(body), set())
    people = {p.name: p for p in names.people}
    assert describes(people["Lida Kern"], "the mayor")
    assert describes(people["Perrin"], "the judge")
    assert describes(people["Ann Bolsh"], "the governor")
    assert not describes(people["Lida Kern"], "the judge")


def test_the_pronoun_tells_which_person():
    """'he' after a woman was named last points to the man named before her: the candidate
    features say her gender disagrees and he is the nearest who may be 'he'."""
    body = (
        "Mr Justice Perrin sentenced Anna Volk on Friday. Volk showed no emotion as she "
        "listened.\n\n"
        '"You betrayed every family," he added.\n'
    )
    extraction = extract(body)
    assert extraction.quotations[0].speaker == "Perrin"


def test_candidates_carry_the_journalist_who_posted_the_video():
    """The one a video was posted by, or a correspondent, is marked as who passed the words
    on: a feature the ranking weighs against them."""
    body = (
        "Captain Ilko Varta recorded a video in which he denies the reports.\n\n"
        "War correspondent Petro Lasko published the video on Telegram.\n\n"
        '"We are still here," he said.\n'
    )
    seen = {}

    def decide(candidates, quotation):
        seen.update({tuple(c.names[:1]): c.features for c in candidates if c.person is not None})
        return current().choose(candidates)

    extraction = extract(body, decide=decide)
    assert seen[("Petro Lasko",)]["publisher"] == 1.0
    assert seen[("Ilko Varta",)]["publisher"] == 0.0
    assert extraction.quotations[0].speaker == "Ilko Varta"


@pytest.mark.parametrize(
    ("body", "speaker"),
    [
        # an epithet of the person in focus: nationality, age
        (
            'Milan Rovac, 51, said his goodbyes. "I gave this club everything," the Croatian '
            "wrote.",
            "Milan Rovac",
        ),
        (
            'Captain Jonas Elbe took the blame. "We did not take our chances," the '
            "29-year-old midfielder told a broadcaster.",
            "Jonas Elbe",
        ),
        # an apposition states a role whatever the body it is of
        (
            "Colonel Ostap Rell, commander of brigade Vatra, spoke at dawn.\n\n"
            'Later the commander wrote: "Thank you to every fighter."',
            "Ostap Rell",
        ),
        # a soldier named later with "He is Private X"
        (
            "A TEARFUL Russian soldier has said he was tricked.\n\n"
            '"I was told we were going to a training camp," he says.\n\n'
            "He is Private Ilya Sovin, 23, from Samara.",
            "Ilya Sovin",
        ),
    ],
)
def test_descriptions_and_pronouns_resolve_to_the_person_meant(body, speaker):
    assert extract(body).quotations[0].speaker == speaker


def test_a_programme_or_a_show_is_no_speaker():
    """'the programme' is what was broadcast, never who 'she' is."""
    body = (
        "Iryna Kolod spoke on the programme on Monday.\n\n"
        '"Every operator here keeps a notebook," she said.\n'
    )
    assert extract(body).quotations[0].speaker == "Iryna Kolod"


def test_the_outlets_own_name_is_nobody():
    """A name the printing outlet's own words make ('Frontline Dispatch reports') is no
    candidate for 'she said'."""
    body = (
        "Ira Veskova posted the video. Frontline Dispatch reports it was filmed on Monday.\n\n"
        '"I cut everything that could give away the position," she said.\n'
    )
    quotation = extract(body, outlet="Frontline Dispatch").quotations[0]
    assert quotation.speaker == "Ira Veskova"
