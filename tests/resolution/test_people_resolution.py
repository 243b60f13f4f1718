"""Importing speakers as people: sure matches join, doubtful ones become merge suggestions,
outlets and units are never people, and ranks and roles are kept per printing."""

import importlib
import itertools

import pytest
from django.apps import apps

from quotes.extraction import Extraction, Quotation, Speaker
from quotes.extraction.units import unit_key
from quotes.models import (
    Membership,
    Person,
    PersonAlias,
    PersonMergeSuggestion,
    Printing,
    Surname,
)
from quotes.names import name_keys
from quotes.services.importing import import_extraction
from quotes.services.lifecycle import merge_people
from quotes.services.people import institutions, is_institution, outlet_names, person_for
from tests.factories import ArticleFactory, OutletFactory, PersonFactory, UnitFactory

pytestmark = pytest.mark.django_db

# Each quotation says something no other does, so that no two are linked as one statement.
PLACES = itertools.cycle(
    ["ferry", "bakery", "clinic", "library", "bridge", "market", "school", "depot", "stadium"]
)


def imported(*speakers, outlet=None):
    """An invented article quoting each speaker once (the first alias, if any, attributes
    it), imported; returns the article."""
    body, quotations = "", []
    for n, speaker in enumerate(speakers):
        words = f"The {next(PLACES)} by the river opens again, {speaker.name} promised us."
        body += f"{speaker.aliases[0] if speaker.aliases else speaker.name} said: “"
        start = len(body)
        body += words + "”\n\n"
        quotations.append(
            Quotation(text=words, segments=[(start, start + len(words))], speaker=speaker.name)
        )
        quotations[-1].statement = n
    article = ArticleFactory(body=body, **({"outlet": outlet} if outlet else {}))
    import_extraction(
        article=article,
        extraction=Extraction(quotations=quotations, speakers={s.name: s for s in speakers}),
    )
    return article


def live_people():
    return Person.objects.filter(merged_into__isnull=True)


def test_a_russian_order_speaker_is_stored_in_natural_order_with_rank_and_role():
    """ "Galkin Sergey Alekseevich" becomes Sergey Galkin (sorted as "Galkin, Sergey"), the
    printed form an alias; a patronymic alone is no alias; the membership keeps the rank
    and role and the printing says whom it credits and how."""
    speaker = Speaker(
        name="Galkin Sergey Alekseevich",
        aliases=["Mr Alekseevich", "Galkin"],
        units=["14th Separate Rifle Brigade"],
        rank="Lieutenant Colonel",
        role="deputy commander",
    )
    article = imported(speaker)

    person = Person.objects.get()
    assert (person.name, person.sort_name) == ("Sergey Galkin", "Galkin, Sergey")
    assert set(person.aliases) == {"Galkin Sergey Alekseevich", "Galkin"}
    membership = Membership.objects.get()
    assert (membership.person, membership.article) == (person, article)
    assert (membership.rank, membership.role) == ("Lieutenant Colonel", "deputy commander")
    printing = Printing.objects.get()
    assert printing.person == person
    assert printing.speaker_title == "Lieutenant Colonel, deputy commander"
    assert printing.quote.person == person


def test_another_romanisation_joins_the_same_person():
    """ "Kovalenkyi Serhii Petrovych" in a later article is Serhiy Kovalenkyy, surely: one
    person, the new spelling an alias, no suggestion."""
    imported(Speaker(name="Serhiy Kovalenkyy"))
    imported(Speaker(name="Kovalenkyi Serhii Petrovych", aliases=["Kovalenkyi"]))

    person = live_people().get()
    assert person.name == "Serhiy Kovalenkyy"
    assert "Kovalenkyi Serhii Petrovych" in person.aliases
    assert person.quotes.count() == 2
    assert not PersonMergeSuggestion.objects.exists()


def test_same_surname_with_another_first_name_is_a_suggestion_not_a_join():
    """Pavlo Marchuk is not joined to Ivan Marchuk: a new person, and a suggestion that
    says why and which article raised it."""
    imported(Speaker(name="Ivan Marchuk"))
    article = imported(Speaker(name="Pavlo Marchuk"))

    ivan, pavlo = live_people().order_by("pk")
    suggestion = PersonMergeSuggestion.objects.get()
    assert (suggestion.person, suggestion.candidate) == (pavlo, ivan)
    assert suggestion.reason == "same surname, different first names"
    assert suggestion.article == article
    assert suggestion.status == PersonMergeSuggestion.Status.OPEN


@pytest.mark.parametrize(
    "later, reason",
    [
        ("Ivana Marchuka", "another case or gender form"),
        ("Ivana Marchuk", "same surname, first names spelt alike"),
        ("Ivan Marchuck", None),
        ("Ivan Marczuk", "surnames spelt alike"),
    ],
)
def test_near_spellings_are_suggestions(later, reason):
    """A surname in another case, a first name spelt alike or a surname spelt alike makes a
    new person and a suggestion; a spelling the keys fold ("ck"/"k") is the same person."""
    imported(Speaker(name="Ivan Marchuk"))
    imported(Speaker(name=later))
    if reason is None:
        assert live_people().count() == 1
        assert not PersonMergeSuggestion.objects.exists()
    else:
        assert live_people().count() == 2
        assert reason in PersonMergeSuggestion.objects.get().reason


def test_the_same_first_name_with_the_surname_in_another_case_is_the_same_person():
    """ "Andriy Marchuka", a translator's leftover case ending, joins Andriy Marchuk."""
    imported(Speaker(name="Andriy Marchuk"))
    imported(Speaker(name="Andriy Marchuka"))
    assert list(live_people().values_list("name", flat=True)) == ["Andriy Marchuk"]
    assert not PersonMergeSuggestion.objects.exists()


def test_a_doubtful_namesake_in_the_same_unit_is_the_same_person():
    """A surname alone in another case joins the one namesake the article puts in the same
    unit; without the unit it stays a suggestion."""
    imported(Speaker(name="Andriy Marchuk", units=["Northern Group of Forces"]))
    imported(Speaker(name="Marchuka", units=["the Northern Group of Forces"]))
    assert live_people().count() == 1
    imported(Speaker(name="Oksana Zinchenko", units=["12th Tank Brigade"]))
    imported(Speaker(name="Zinchenka", units=["14th Tank Brigade"]))
    assert live_people().count() == 3
    suggestion = PersonMergeSuggestion.objects.get()
    assert (suggestion.person.name, suggestion.candidate.name) == ("Zinchenka", "Oksana Zinchenko")


def test_a_surname_alone_joins_the_only_person_of_that_surname():
    """ "Captain Tkachuk" joins Olena Tkachuk when she is the only Tkachuk."""
    imported(Speaker(name="Olena Tkachuk"))
    imported(Speaker(name="Tkachuk", rank="Captain"))
    assert live_people().get().quotes.count() == 2
    assert not PersonMergeSuggestion.objects.exists()


def test_a_surname_two_people_share_joins_neither():
    """ "Tkachuk" alone, with two Tkachuks in the archive, is a new person with a suggestion
    for each of them."""
    imported(Speaker(name="Olena Tkachuk"))
    imported(Speaker(name="Mykola Tkachuk"))
    imported(Speaker(name="Tkachuk"))
    assert live_people().count() == 3
    suggestions = PersonMergeSuggestion.objects.filter(person__name="Tkachuk")
    assert {s.candidate.name for s in suggestions} == {"Olena Tkachuk", "Mykola Tkachuk"}
    assert all("2 people share it" in s.reason for s in suggestions)


def test_an_outlet_quoted_as_a_source_is_no_person():
    """An outlet (the article's own or another) named as the speaker makes no person: the
    quote and the printing keep its name as the speaker's description."""
    outlet = OutletFactory(name="Dnipro Evening Courier")
    OutletFactory(name="Harbour Wire")
    imported(Speaker(name="Harbour Wire"), Speaker(name="Dnipro Evening Courier"), outlet=outlet)

    assert not Person.objects.exists()
    descriptions = set(Printing.objects.values_list("speaker_description", flat=True))
    assert descriptions == {"Harbour Wire", "Dnipro Evening Courier"}
    assert {a.quote.speaker_name for a in Printing.objects.all()} == descriptions


def test_a_unit_quoted_as_a_source_is_no_person():
    """A unit named as the speaker ("the 93rd Coastal Brigade said") makes no person."""
    UnitFactory(name="93rd Coastal Brigade")
    imported(Speaker(name="93rd Coastal Brigade"))
    assert not Person.objects.exists()
    assert Printing.objects.get().speaker_description == "93rd Coastal Brigade"


def test_the_outlets_and_units_an_article_may_quote_are_read_in_one_query(
    django_assert_num_queries,
):
    """What the speakers of an article are compared with to tell institutions from people:
    every outlet's name and the units named, read once in one query."""
    OutletFactory(name="Harbour Wire")
    UnitFactory(name="93rd Coastal Brigade")
    UnitFactory(name="12th Fen Battalion")
    article = ArticleFactory(outlet=OutletFactory(name="Dnipro Evening Courier"))
    names = ["Harbour Wire", "93rd Coastal Brigade", "Olena Example"]
    with django_assert_num_queries(1):
        outlets, units = institutions(article, names)
    assert outlets == outlet_names(article) and len(outlets) == 2
    assert units == {unit_key("93rd Coastal Brigade")}
    found = {name for name in names if is_institution(name, outlets=outlets, unit_keys=units)}
    assert found == {"Harbour Wire", "93rd Coastal Brigade"}
    with django_assert_num_queries(0):
        assert institutions(article, []) == (set(), set())


@pytest.mark.parametrize(
    "alias",
    ["Lieutenant Colonel", "Mr Petrovych", "Petrovych", "Serhiy Kovalenkyy Ukraine", "Kharkiv"],
)
def test_aliases_refuse_titles_patronymics_and_places(alias):
    """A rank alone, a patronymic alone or a name with a place glued to it is no alias."""
    person = PersonFactory(name="Serhiy Kovalenkyy")
    assert person.add_alias(alias) is False
    assert not person.alias_set.exists()


def test_an_alias_drops_its_title():
    """ "Captain Kovalenkyy" is recorded as "Kovalenkyy"."""
    person = PersonFactory(name="Serhiy Kovalenkyy")
    assert person.add_alias("Captain Kovalenkyy")
    assert person.aliases == ["Kovalenkyy"]


def test_merging_people_settles_their_suggestions_and_carries_the_others():
    """Merging a suggested pair marks its suggestion merged; the source's other open
    suggestions now name the survivor."""
    ivan, pavlo, petro = (PersonFactory(name=f"{n} Marchuk") for n in ("Ivan", "Pavlo", "Petro"))
    pair = PersonMergeSuggestion.objects.create(person=pavlo, candidate=ivan, score=0.5)
    other = PersonMergeSuggestion.objects.create(person=petro, candidate=pavlo, score=0.5)

    merge_people(source=pavlo, target=ivan)

    pair.refresh_from_db()
    other.refresh_from_db()
    assert pair.status == PersonMergeSuggestion.Status.MERGED
    assert (other.person, other.candidate, other.status) == (petro, ivan, "open")


def test_migration_puts_russian_order_names_in_natural_order():
    """Migration 0008 recomputes keys, fills sort names and shows a person stored in Russian
    order in natural order, the printed form kept as an alias."""
    person = PersonFactory(name="Galkin Sergei Alekseevich")
    Person.objects.filter(pk=person.pk).update(key="stale", sort_name="")
    alias = PersonAlias.objects.create(person=person, name="Serhii Galkin")
    PersonAlias.objects.filter(pk=alias.pk).update(key="stale")

    migration = importlib.import_module("quotes.migrations.0008_person_keys_and_sort_names")
    migration.forwards(apps, None)

    person.refresh_from_db()
    assert (person.name, person.sort_name, person.key) == (
        "Sergei Galkin",
        "Galkin, Sergei",
        "galkin sergei",
    )
    assert set(person.alias_set.values_list("name", "key")) == {
        ("Galkin Sergei Alekseevich", "galkin sergei"),
        ("Serhii Galkin", "galkin sergei"),
    }


def test_people_whose_first_names_hold_the_surname_do_not_crowd_out_its_bearer():
    """An import reads at most 200 people who may be a printed name, found by its surname's
    first letters: 250 people older than Serhiy Kovalenkyy whose first names hold those
    letters ("Kovaldo") are not read before him, so "Kovalenkyi Serhii" still joins him."""
    Person.objects.bulk_create(
        Person(name=name, slug=f"crowd-{i}").with_keys()
        for i, name in enumerate(f"Kovaldo Petrenko{'a' * (i % 7)}{i}" for i in range(250))
    )
    imported(Speaker(name="Serhiy Kovalenkyy"))
    imported(Speaker(name="Kovalenkyi Serhii Petrovych"))

    assert live_people().filter(name__contains="Kovalenk").count() == 1
    assert Person.objects.get(name="Serhiy Kovalenkyy").quotes.count() == 2


def test_people_whose_surnames_hold_the_same_letters_do_not_crowd_out_its_bearer():
    """250 people older than Serhiy Kovalenkyy whose surnames start with the same letters but
    are other surnames ("Kovabudi") are passed over by their surnames before any is read, so
    "Kovalenkyi Serhii" still joins him rather than becoming a second person."""
    syllables = ["bu", "di", "fe", "go", "mu", "ni", "po", "ru", "si", "tu", "vo", "za", "ze"]
    surnames = ["Kova" + "".join(pair) for pair in itertools.product(syllables, repeat=3)]
    Person.objects.bulk_create(
        Person(name=f"Petro {surname}", slug=f"crowd-{i}").with_keys()
        for i, surname in enumerate(surnames[:250])
    )
    imported(Speaker(name="Serhiy Kovalenkyy"))
    imported(Speaker(name="Kovalenkyi Serhii Petrovych"))

    assert live_people().filter(name__contains="Kovalenk").count() == 1
    assert Person.objects.get(name="Serhiy Kovalenkyy").quotes.count() == 2


def test_every_way_of_writing_a_name_records_its_surname():
    """The Surname table an import searches first holds the surname of a person created,
    renamed, inserted in bulk or updated in place, and of an alias added; Surname.fill
    restores what a load without triggers left out."""
    person = PersonFactory(name="Oskar Thalberg")
    person.add_alias("Oskars Talbergs")
    person.name = "Oskar Thalberger"
    person.save()
    Person.objects.bulk_create([Person(name="Ilse Vantongeren", slug="ilse").with_keys()])
    PersonAlias.objects.filter(person=person).update(surname_key="talberg")
    surname = {name: name_keys(name)[1] for name in ("Oskar Thalberg", "Oskar Thalberger")}
    surname |= {name: name_keys(name)[1] for name in ("Oskars Talbergs", "Ilse Vantongeren")}
    recorded = set(Surname.objects.values_list("key", flat=True))
    assert recorded >= {*surname.values(), "talberg"}

    Surname.objects.all().delete()
    Surname.fill()
    now = {surname["Oskar Thalberger"], surname["Ilse Vantongeren"], "talberg"}
    assert set(Surname.objects.values_list("key", flat=True)) == now


def test_migration_stores_each_name_s_surname():
    """Migration 0015 fills the surname key of every person and alias already stored."""
    person = PersonFactory(name="Galkin Sergei Alekseevich")
    alias = PersonAlias.objects.create(person=person, name="Serhii Galkinov")
    Person.objects.filter(pk=person.pk).update(surname_key="")
    PersonAlias.objects.filter(pk=alias.pk).update(surname_key="")

    importlib.import_module("quotes.migrations.0015_surname_keys").fill(apps, None)

    person.refresh_from_db()
    alias.refresh_from_db()
    assert (person.surname_key, alias.surname_key) == ("galkin", "galkinov")


@pytest.mark.django_db
def test_one_name_split_or_hyphenated_two_ways_is_one_person():
    """'Pak Sol-Mi' and 'Pak Sol Mi' are the same words of a name: the second joins the first
    as an alias, though their surnames read apart."""
    first = person_for(Speaker("Pak Sol-Mi"))
    second = person_for(Speaker("Pak Sol Mi"))
    assert second == first
    assert "Pak Sol Mi" in first.aliases
