"""Finding a speaker by a name in another order or romanisation: ?who= and q."""

import pytest

from tests.factories import PersonAliasFactory, PersonFactory, PrintingFactory

from .conftest import listed

pytestmark = pytest.mark.django_db


@pytest.fixture
def speakers(index):
    russian_order = PersonFactory(name="Galkin Sergei")
    natural = PersonFactory(name="Sergei Galkin")
    PersonAliasFactory(person=natural, name="Galkin Sergei Alekseevich")
    kovalenkyy = PersonFactory(name="Serhiy Kovalenkyy")
    other = PersonFactory(name="Taras Bilous")
    PrintingFactory(quote__person=russian_order, quote__text="The harbour lights are out.")
    PrintingFactory(quote__person=natural, quote__text="The convoy left at dawn.")
    PrintingFactory(quote__person=kovalenkyy, quote__text="The wells are dry again.")
    PrintingFactory(quote__person=other, quote__text="The orchard froze overnight.")
    index()


@pytest.mark.parametrize("param", ["who", "q"])
@pytest.mark.parametrize("name", ["Sergey Galkin", "Sergei Galkin", "Galkin, Serhiy"])
def test_a_natural_order_name_finds_a_russian_order_person(client, speakers, param, name):
    """ "Sergey Galkin" finds a person stored as "Galkin Sergei" and one known by the alias
    "Galkin Sergei Alekseevich", and not Taras Bilous. (who, only ever a name, may also
    forgive its way to a namesake's first name on PostgreSQL; q may not.)"""
    found = set(listed(client.get("/quotes/", {param: name})))
    wanted = {"The harbour lights are out.", "The convoy left at dawn."}
    assert wanted <= found
    assert "The orchard froze overnight." not in found
    if param == "q":
        assert found == wanted


@pytest.mark.parametrize("name", ["Serhii Kovalenkyi", "Kovalenkyi Sergey Petrovych"])
def test_who_folds_romanisations(client, speakers, name):
    """who=Serhii Kovalenkyi finds Serhiy Kovalenkyy."""
    assert listed(client.get("/quotes/", {"who": name})) == ["The wells are dry again."]
