"""Units resolve against the archive's units: spelling variants, the country and fewer or
more qualifiers fold into one unit; a doubt makes a new one."""

import pytest

from quotes.models import Unit
from quotes.services.units import unit_for

pytestmark = pytest.mark.django_db


def test_the_country_before_the_number_is_not_part_of_the_name():
    """ "Russia's 47th aviation regiment" is the 47th Aviation Regiment."""
    unit = unit_for("47th Aviation Regiment")
    assert unit_for("Russia's 47th aviation regiment") == unit
    assert unit_for("the Russian 47th Aviation Regiment") == unit
    assert Unit.objects.count() == 1


def test_spelling_variants_and_printed_forms_become_aliases():
    """British and American spellings are one unit, and the other spelling is kept."""
    unit = unit_for("21st Coastal Defense Brigade")
    assert unit_for("21st coastal defence brigade") == unit
    unit.refresh_from_db()
    assert "21st coastal defence brigade" in unit.aliases


def test_fewer_qualifiers_join_the_one_unit_that_fits():
    """ "the 36th Brigade" joins the 36th Separate Marine Brigade when it is the only 36th
    brigade; with two candidates it stays a unit of its own for an archivist to place."""
    marines = unit_for("36th Separate Marine Brigade")
    assert unit_for("36th Brigade") == marines
    unit_for("36th Separate Tank Brigade")
    doubtful = unit_for("36th Separate Brigade")
    assert doubtful not in (marines,) and doubtful.name == "36th Separate Brigade"


def test_a_different_number_or_kind_is_a_different_unit():
    """The 36th Brigade is not the 36th Regiment nor the 37th Brigade."""
    brigade = unit_for("36th Brigade")
    assert unit_for("36th Regiment") != brigade
    assert unit_for("37th Brigade") != brigade
