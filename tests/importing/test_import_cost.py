"""What importing one article costs does not grow with the archive: the same number of queries
however many people, aliases, units and outlets it already holds, and speakers resolved as
before (a new person for a new name, the existing one for a known name)."""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from archive.models import Outlet
from archive.services import archive_article
from quotes.models import Person, PersonAlias, Printing, Unit

pytestmark = pytest.mark.django_db

# Invented names, none sharing four letters in a row with the crowd's (which has no t, r, s).
ARTICLES = [
    ("Ilse Vantongeren", "3rd Coastal Pilot Brigade", "Oskar Thalberg", "Harbour Gazette"),
    ("Wendla Strijtem", "5th Estuary Dredging Brigade", "Tomas Rettweiler", "Quay Courier"),
    ("Greta Osterwalt", "7th Tidal Survey Brigade", "Viktor Stramsund", "Pier Dispatch"),
]


# What each article's speakers say: words no other article shares, so that no statement
# resembles another's.
WORDS = [
    ("pier", "timber", "crews", "council", "quay", "storm"),
    ("dredger", "channel", "silt", "ministry", "lighthouse", "fog"),
    ("ferry", "ropes", "pilots", "governor", "slipway", "gale"),
]


def text(i, day=1):
    speaker, unit, other, _ = ARTICLES[i]
    surname, other_surname = speaker.split()[-1], other.split()[-1]
    a, b, c, d, e, f = WORDS[i]
    return (
        f"Harbour {d} delays {a} decision\n\n"
        f"Harbour master {speaker} of the {unit} spoke after the vote on day {day}.\n\n"
        f"“The {a} will reopen in May, whatever the {d} decides. We have the {b} and the "
        f"{c},” {surname} said.\n\n"
        f"Separately, {other}, a spokesman for the harbour office, said the {e} would wait.\n\n"
        f"“The {e} stays shut until the {f} has passed,” {other_surname} said.\n"
    )


def imported(i, *, undo=False):
    """Archive article `i` (its quotes extracted and linked); returns the queries it took.
    `undo` rolls the import back, so that the same article can be imported again."""
    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        archive_article(
            raw=text(i).encode(), source_file=f"a{i}.txt", outlet=ARTICLES[i][3], title=""
        )
        transaction.set_rollback(undo)
    return len(queries)


SYLLABLES = "ba de fi go hu ki lo mu ne po".split()


def crowd_name(i):
    """A name of its own for each i below 10,000, in letters no article speaker's has."""
    digits = f"{i:04d}"
    given = SYLLABLES[int(digits[0])] + SYLLABLES[int(digits[1])]
    surname = "".join(SYLLABLES[int(d)] for d in digits) + "ko"
    return f"{given.capitalize()} {surname.capitalize()}"


def crowd(n):
    """N people, each with an alias, N units and N outlets, stored in bulk."""
    names = [crowd_name(i) for i in range(n)]
    people = Person.objects.bulk_create(
        Person(name=name, slug=f"crowd-{i}").with_keys() for i, name in enumerate(names)
    )
    PersonAlias.objects.bulk_create(
        PersonAlias(person=person, name=f"{person.name} Ivanovich").with_keys() for person in people
    )
    Unit.objects.bulk_create(
        Unit(
            name=f"{1000 + i}th {name.split()[1]} Brigade",
            key=f"{1000 + i} crowd {i} brigade",
            slug=f"unit-{i}",
        )
        for i, name in enumerate(names)
    )
    Outlet.objects.bulk_create(
        Outlet(name=f"{name.split()[1]} Post", slug=f"outlet-{i}") for i, name in enumerate(names)
    )


@pytest.mark.parametrize("n", [300])
def test_queries_per_article_do_not_grow_with_people_units_and_outlets(n):
    """The same article into a small archive, then (that import undone) into one with N more
    people, aliases, units and outlets: the same queries, and the same people made."""
    imported(0)  # the first import of a process loads what every later one reuses
    for i in (1, 2):
        imported(i, undo=True)  # warm: nothing the first import of a kind caches is left
    small = [imported(i, undo=True) for i in (1, 2)]
    crowd(n)
    large = [imported(i, undo=True) for i in (1, 2)]
    assert large == small
    imported(2)
    # Both speakers of article 2 were new, so each became a person of their own.
    for name in (ARTICLES[2][0], ARTICLES[2][2]):
        person = Person.objects.get(name=name)
        assert Printing.objects.filter(person=person).exists()
    assert Person.objects.count() == n + 4


def test_a_known_speaker_is_found_among_many():
    """A speaker already in the archive is found by name in a crowd of people, aliases,
    units and outlets."""
    imported(0)
    crowd(300)
    people = Person.objects.count()
    raw = text(0, day=2)
    archive_article(raw=raw.encode(), source_file="again.txt", outlet="Harbour Gazette")
    assert Person.objects.count() == people  # both speakers found, nobody new
    assert Printing.objects.filter(person__name="Ilse Vantongeren").count() == 2
    assert Printing.objects.filter(person__name="Oskar Thalberg").count() == 2


def test_a_person_known_by_an_alias_is_found_among_many():
    """A speaker printed under a name the archive holds only as someone's alias joins that
    person, in a crowd of people, aliases, units and outlets."""
    crowd(300)
    person = Person.objects.create(name="Ilse Brandt")
    assert person.add_alias("Ilse Vantongeren")
    imported(0)
    assert Printing.objects.filter(person=person).count() == 1
    assert not Person.objects.filter(name="Ilse Vantongeren").exists()


def test_two_speakers_of_one_new_unit_printed_two_ways_share_it():
    """The unit found or made for one speaker is the one the next speaker's spelling of it
    finds: one unit, both memberships, the second spelling an alias."""
    raw = (
        "Harbour council delays pier decision\n\n"
        "Harbour master Ilse Vantongeren of the 3rd Coastal Pilot Brigade spoke after the vote."
        "\n\n“The pier will reopen in May, whatever the council decides,” Vantongeren said.\n\n"
        "Captain Oskar Thalberg of the 3rd coastal pilot brigade disagreed.\n\n"
        "“The quay stays shut until the storm has passed,” Thalberg said.\n"
    )
    archive_article(raw=raw.encode(), source_file="unit.txt", outlet="Harbour Gazette")
    unit = Unit.objects.get()
    assert unit.name == "3rd Coastal Pilot Brigade"
    assert set(unit.memberships.values_list("person__name", flat=True)) == {
        "Ilse Vantongeren",
        "Oskar Thalberg",
    }
    assert unit.aliases == ["3rd coastal pilot brigade"]
