"""One person whose name is printed in Cyrillic and in Latin letters, in any romanisation:
one Person, with the Cyrillic forms as aliases, a Latin display name, and the page marking
each Cyrillic form with its language. The people are invented."""

import json

import pytest

from archive.romanise import letters_language, name_language, romanise
from quotes.extraction import Speaker
from quotes.models import Person, PersonMergeSuggestion
from quotes.names import likeness, name_key, parse_name
from quotes.services.people import person_for
from tests.factories import ArticleFactory, PrintingFactory

# An invented Ukrainian officer, printed as Ukrainian, Russian and English outlets print him.
HNATIUK = ["Олександр Гнатюк", "Oleksandr Hnatiuk", "Aleksandr Gnatyuk", "Александр Гнатюк"]


def live_people():
    return Person.objects.filter(merged_into__isnull=True)


@pytest.mark.parametrize(
    "printings",
    [
        HNATIUK,
        ["Олена Стрижак", "Olena Stryzhak", "Елена Стрижак", "Yelena Strizhak"],
        ["Дмитро Завгородній", "Dmytro Zavhorodnii", "Dmitry Zavgorodny", "Dmytro Zavhorodniy"],
        ["Пилип Пєсоцький", "Пилип Песоцкий", "Pylyp Piesotskyi", "Pylyp Pesotsky"],
    ],
)
def test_romanisations_and_scripts_of_one_name_give_one_key(printings):
    """Ukrainian and Russian Cyrillic, and the ways outlets romanise each (h/g, y/i, ie/e,
    ii/iy/y endings, zh, ts), fold into one name key."""
    assert len({name_key(p) for p in printings}) == 1


@pytest.mark.parametrize(
    "a, b",
    [
        ("Pylyp Pesotsky", "Pylyp Peshotsky"),  # one letter apart: two surnames
        ("Олександр Гнатюк", "Олексій Гнатюк"),  # one surname, two first names
        ("Олександр Гнатюк", "Oleksandr Hnatenko"),
        ("Олександра Гнатюк", "Oleksandr Hnatiuk"),  # she is Oleksandra, he Oleksandr
    ],
)
def test_different_people_across_scripts_are_never_sure(a, b):
    """A key collision between different people stays a doubt at most, never a sure match."""
    found = likeness(parse_name(a), parse_name(b))
    assert found is None or not found.sure


@pytest.mark.parametrize(
    "inflected, doubt",
    [("Гнатюка", True), ("Гнатюком", True), ("Александра Гнатюка", True)]
    # Ukrainian "Олександра" is also a woman's name: not even a doubt.
    + [("Олександра Гнатюка", False)],
)
def test_an_inflected_form_is_never_a_sure_match(inflected, doubt):
    """A name left in another case by the extractor ("of Oleksandr Hnatiuk") is never
    joined silently; a surname in another case resembles its nominative as a doubt for an
    archivist, since it may be a relative's."""
    found = likeness(parse_name(inflected), parse_name("Oleksandr Hnatiuk"))
    assert (found is not None) == doubt
    assert found is None or not found.sure


def test_cyrillic_is_romanised_by_its_languages_scheme():
    """Ukrainian letters take the KMU 2010 table, Russian ones Wikipedia's."""
    assert letters_language("Пєсоцький") == "uk"
    assert letters_language("Ёлкин") == "ru"
    assert letters_language("Гнатюк") == ""
    assert romanise("Олександр Гнатюк", "uk") == "Oleksandr Hnatiuk"
    assert romanise("Александр Гнатюк", "ru") == "Aleksandr Gnatyuk"
    assert name_language("Гнатюк", "uk") == "uk"
    assert name_language("Hnatiuk", "uk") == ""


@pytest.mark.django_db
def test_four_printings_in_two_scripts_make_one_person():
    """The four printings of one name find one Person: its display name in Latin letters,
    the other forms (Cyrillic ones too) as its aliases."""
    people = {person_for(Speaker(name=name), article=ArticleFactory()) for name in HNATIUK}
    assert len(people) == 1
    person = live_people().get()
    assert person.name == "Oleksandr Hnatiuk"
    assert sorted(person.aliases) == sorted(set(HNATIUK) - {"Oleksandr Hnatiuk"})
    assert not PersonMergeSuggestion.objects.exists()


@pytest.mark.django_db
def test_a_surname_alone_in_cyrillic_joins_its_one_person():
    """A Ukrainian outlet's surname alone ("Пєсоцький") is the one person of that surname,
    whose name stays the fuller Latin one."""
    first = person_for(Speaker(name="Pylyp Pesotsky"))
    assert person_for(Speaker(name="Пєсоцький")) == first
    first.refresh_from_db()
    assert first.name == "Pylyp Pesotsky"
    assert "Пєсоцький" in first.aliases


@pytest.mark.django_db
def test_a_person_known_only_in_cyrillic_keeps_the_cyrillic_name():
    """No Latin printing: the Cyrillic name is the display name; a surname alone in Latin
    letters does not replace a whole name."""
    person = person_for(Speaker(name="Олена Стрижак"))
    assert person_for(Speaker(name="Stryzhak")) == person
    person.refresh_from_db()
    assert person.name == "Олена Стрижак"


@pytest.mark.django_db
def test_two_first_names_with_one_surname_stay_two_people_across_scripts():
    """Олексій Гнатюк is not Oleksandr Hnatiuk: a new person, suggested for a merge at
    most."""
    oleksandr = person_for(Speaker(name="Oleksandr Hnatiuk"))
    oleksii = person_for(Speaker(name="Олексій Гнатюк"))
    assert oleksii != oleksandr
    assert live_people().count() == 2


@pytest.mark.django_db
def test_surnames_a_letter_apart_stay_two_people_across_scripts():
    """Пилип Пешоцький is not Pylyp Pesotsky: two people, each keeping their own name."""
    pesotsky = person_for(Speaker(name="Pylyp Pesotsky"))
    peshotsky = person_for(Speaker(name="Пилип Пешоцький"))
    assert peshotsky != pesotsky
    assert live_people().count() == 2
    pesotsky.refresh_from_db()
    assert (pesotsky.name, peshotsky.name) == ("Pylyp Pesotsky", "Пилип Пешоцький")
    assert pesotsky.aliases == []


@pytest.mark.django_db
def test_person_page_shows_the_cyrillic_forms_with_their_language(client):
    """The person's page gives the first Latin name printed and each Cyrillic form the
    published printings print, marked lang="uk" or lang="ru" as its printing says."""
    ukrainian = ArticleFactory(language="uk", body="Олександр Гнатюк сказав: «Міст відкрито».")
    russian = ArticleFactory(language="ru", body="Александр Гнатюк сказал: «Мост открыт».")
    english = ArticleFactory(body="Aleksandr Gnatyuk said: “The bridge is open.”")
    speakers = [(ukrainian, HNATIUK[0]), (russian, HNATIUK[3]), (english, HNATIUK[2])]
    for article, name in [*speakers, (ArticleFactory(), HNATIUK[1])]:
        person = person_for(Speaker(name=name), article=article)
    for article, _ in speakers:
        PrintingFactory(quote__person=person, article=article, start=0, end=5)
    html = client.get(person.get_absolute_url()).content.decode()
    assert "<h1>Aleksandr Gnatyuk</h1>" in html  # the first Latin printing
    assert "Also written as:" in html
    assert '<span lang="uk">Олександр Гнатюк</span>' in html
    assert '<span lang="ru">Александр Гнатюк</span>' in html
    assert "Oleksandr Hnatiuk" not in html  # no published printing prints it


@pytest.mark.django_db
def test_a_cyrillic_name_is_marked_with_the_language_it_was_printed_in(client):
    """A person known only in Cyrillic has their name marked with the language of their
    printings where its letters could be either language's."""
    article = ArticleFactory(language="uk", body="Олена Стрижак сказала: «Порт працює».")
    person = person_for(Speaker(name="Олена Стрижак"), article=article)
    PrintingFactory(quote__person=person, article=article, language="uk", start=0, end=5)
    html = client.get(person.get_absolute_url()).content.decode()
    assert '<h1 lang="uk">Олена Стрижак</h1>' in html


@pytest.mark.django_db
def test_the_api_and_the_export_give_the_cyrillic_aliases(client):
    """The API's person and the JSON Lines export list the Cyrillic forms a published
    printing prints among the person's aliases."""
    article = ArticleFactory(language="uk", body="Олександр Гнатюк сказав: «Міст відкрито».")
    person_for(Speaker(name=HNATIUK[0]), article=article)
    person = person_for(Speaker(name=HNATIUK[1]))
    PrintingFactory(quote__person=person, article=article, start=0, end=5)
    data = client.get(f"/api/people/{person.slug}/").json()
    assert data["name"] == "Oleksandr Hnatiuk"
    assert data["aliases"] == ["Олександр Гнатюк"]
    exported = client.get("/quotes/export.jsonl", {"speaker": person.slug})
    line = json.loads(b"".join(exported.streaming_content).decode().splitlines()[0])
    assert line["speaker"] == {
        "name": "Oleksandr Hnatiuk",
        "aliases": ["Олександр Гнатюк"],
        "wikidata": "",
    }
