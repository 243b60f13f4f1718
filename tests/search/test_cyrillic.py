"""Search in Russian and Ukrainian (?q=): any inflected form of a word finds the others, and a
name finds its printings in the other script. The people and sentences are invented."""

import pytest

from tests.factories import PersonAliasFactory, PersonFactory, PrintingFactory, QuoteFactory

from .conftest import listed

pytestmark = pytest.mark.django_db

RUSSIAN = "Причал откроют в мае, сообщил Волошин журналистам."
RUSSIAN_OTHER = "Мы не видели Волошина на причале с весны."
UKRAINIAN = "Маяк на острові знову світить, сказав доглядач маяків."
ENGLISH = "The lighthouse on the island shines again, Voloshyn said."


@pytest.fixture
def archive(index):
    for text in (RUSSIAN, RUSSIAN_OTHER, UKRAINIAN, ENGLISH):
        PrintingFactory(quote__text=text)
    index()


def found(client, q):
    return sorted(listed(client.get("/quotes/", {"q": q})))


def test_russian_word_finds_its_other_forms(client, archive):
    """«причалом» (the instrumental) finds the quotes saying «причал» and «причале»."""
    assert found(client, "причалом") == sorted([RUSSIAN, RUSSIAN_OTHER])


def test_russian_verb_finds_another_form(client, archive):
    """«сообщит» and «сообщила» find «сообщил»: one verb in another tense, another gender."""
    assert found(client, "сообщит") == [RUSSIAN]
    assert found(client, "сообщила") == [RUSSIAN]


def test_ukrainian_word_finds_its_other_forms(client, archive):
    """«маяком» finds «Маяк» and «маяків»; «острова» finds «острові»."""
    assert found(client, "маяком") == [UKRAINIAN]
    assert found(client, "острова") == [UKRAINIAN]


def test_ukrainian_verb_in_another_form(client, archive):
    """«сказала» finds «сказав»: the same verb, the other gender."""
    assert found(client, "сказала") == [UKRAINIAN]


def test_inflected_words_are_marked(client, archive):
    """The forms that matched are marked in the listed quote, not only the one searched."""
    html = client.get("/quotes/", {"q": "маяком"}).content.decode()
    assert "<mark>Маяк</mark> на острові" in html
    assert "доглядач <mark>маяків</mark>" in html


def test_cyrillic_phrase_needs_its_words(client, archive):
    """A phrase of inflected Cyrillic words finds the quote holding both, in any form."""
    assert found(client, '"сообщил волошина"') == [RUSSIAN]


def test_minus_excludes_every_form(client, archive):
    """-причалом keeps out the quotes with «причал» and «причале»."""
    assert found(client, "волошин -причалом") == [ENGLISH]


def test_latin_name_finds_its_cyrillic_printings(client, archive):
    """'Voloshyn' finds the English quote and the Russian ones with «Волошин», «Волошина»."""
    assert found(client, "Voloshyn") == sorted([RUSSIAN, RUSSIAN_OTHER, ENGLISH])


def test_latin_name_marks_the_cyrillic_word(client, archive):
    html = client.get("/quotes/", {"q": "Voloshin"}).content.decode()
    assert "сообщил <mark>Волошин</mark> журналистам" in html


def test_cyrillic_name_finds_its_latin_printings(client, archive):
    """«Волошина» finds 'Voloshyn' in the English quote, and both Russian ones."""
    assert found(client, "Волошина") == sorted([RUSSIAN, RUSSIAN_OTHER, ENGLISH])


def test_cyrillic_query_finds_a_speaker_by_the_latin_name(client, index):
    """A quote whose words do not hold the name is found by its speaker's name in the other
    script: «Гнатюка» (genitive) finds Oksana Hnatiuk's quote."""
    person = PersonFactory(name="Oksana Hnatiuk")
    PrintingFactory(quote=QuoteFactory(person=person, text="The ferry runs at noon."))
    PrintingFactory(quote__text="Nothing about ferries.")
    index()
    assert found(client, "Гнатюка") == ["The ferry runs at noon."]


def test_latin_query_finds_a_speaker_by_a_cyrillic_alias(client, index):
    """'Hnatiuk' finds the quotes of a person known by a Cyrillic name with a Latin alias,
    and of one known by a Latin name with a Cyrillic alias."""
    cyrillic = PersonFactory(name="Оксана Гнатюк")
    PersonAliasFactory(person=cyrillic, name="Oksana Hnatiuk")
    PrintingFactory(quote=QuoteFactory(person=cyrillic, text="Порт закрыт до утра."))
    PrintingFactory(quote__text="Nothing about ports.")
    index()
    assert found(client, "Hnatiuk") == ["Порт закрыт до утра."]


def test_english_search_is_unchanged(client, archive):
    """An English word finds only what it found before, stemmed as before."""
    assert found(client, "shining") == [ENGLISH]
    assert found(client, "island -again") == []


def test_the_api_finds_inflected_forms_too(client, archive):
    """The API's q is the list's: «причалом» finds the same two Russian quotes."""
    response = client.get("/api/quotes/", {"q": "причалом"})
    assert response.status_code == 200
    assert sorted(row["text"] for row in response.json()["results"]) == sorted(
        [RUSSIAN, RUSSIAN_OTHER]
    )


def test_latin_word_finds_a_cyrillic_word_in_the_text(client, index):
    """'Hnatiuk' finds a Ukrainian quote that names «Гнатюка» in its words, whoever said it."""
    PrintingFactory(quote__text="Ми чекали на Гнатюка до вечора.")
    PrintingFactory(quote__text="Ми чекали на поромника до вечора.")
    index()
    assert found(client, "Hnatiuk") == ["Ми чекали на Гнатюка до вечора."]
