"""One unit whose name is printed in Cyrillic and in Latin letters: one Unit, named in Latin
letters, the Cyrillic forms kept as aliases and marked with their language on its page. The
units are invented."""

import pytest

from quotes.extraction.unit_words import in_english
from quotes.extraction.units import unit_key
from quotes.models import Unit
from quotes.services.units import unit_for
from tests.factories import MembershipFactory, PrintingFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "cyrillic, english",
    [
        ("83-тя окрема механізована бригада", "83 separate mechanized brigade"),
        ("83-ї окремої механізованої бригади", "83 separate mechanized brigade"),
        ("83-я отдельная механизированная бригада", "83 separate mechanized brigade"),
        (
            "83-тя окрема механізована бригада імені Захисників Мосту",
            "83 separate mechanized brigade",
        ),
        ("угруповання військ «Ліхтарня»", "grouping troops «Likhtarnia»"),
        ("полковник", "polkovnyk"),  # a rank, not a regiment
    ],
)
def test_cyrillic_unit_words_are_read_in_english_in_any_case(cyrillic, english):
    """The words of a unit's kind are English in any case; its own name is romanised."""
    assert in_english(cyrillic).lower() == english.lower()


@pytest.mark.parametrize("printed", ["Likhtarnia", "Likhtarnya", "Ліхтарня", "Лихтарня"])
def test_a_unit_printed_in_either_script_joins_the_latin_one(printed):
    """«Ліхтарня», "Likhtarnia" and "Likhtarnya" are one unit, named in Latin letters."""
    unit = unit_for("Likhtarnia")
    assert unit_for(printed) == unit
    assert Unit.objects.count() == 1
    unit.refresh_from_db()
    assert unit.name == "Likhtarnia"


def test_a_latin_name_replaces_a_cyrillic_one_and_keeps_it_as_an_alias():
    """A unit first printed in Cyrillic takes its Latin name when one is printed."""
    unit = unit_for("оперативне угруповання військ «Ліхтарня»")
    assert unit.name == "оперативне угруповання військ «Ліхтарня»"  # as printed, lower case
    assert unit_for("Likhtarnya") == unit
    assert unit_for("Ліхтарня") == unit
    unit.refresh_from_db()
    assert unit.name == "Likhtarnya"
    assert set(unit.aliases) == {"оперативне угруповання військ «Ліхтарня»", "Ліхтарня"}


def test_a_numbered_unit_in_cyrillic_joins_its_english_name_and_no_other():
    """The 83rd brigade in Ukrainian, in any case, is the 83rd Separate Mechanized Brigade;
    the 84th is another unit."""
    brigade = unit_for("83rd Separate Mechanized Brigade")
    assert unit_for("83-ї окремої механізованої бригади") == brigade
    assert unit_key("83-тя окрема механізована бригада") == brigade.key
    assert unit_for("84-та окрема механізована бригада") != brigade
    assert unit_for("83-й окремий механізований батальйон") != brigade


def test_unit_page_marks_the_cyrillic_forms_with_their_language(client):
    """The unit's page gives its Latin name and its Cyrillic forms, each marked lang="uk":
    by its letters, or by the language of an article stating a membership."""
    unit = unit_for("Haivoron")
    unit_for("Гайворон")
    unit_for("Гайворонь")  # a form whose letters could be either language's
    printing = PrintingFactory(article__language="uk")
    MembershipFactory(person=printing.quote.person, unit=unit, article=printing.article)
    html = client.get(unit.get_absolute_url()).content.decode()
    assert "<h1>Haivoron</h1>" in html
    assert '<span lang="uk">Гайворон</span>' in html
    assert '<span lang="uk">Гайворонь</span>' in html
