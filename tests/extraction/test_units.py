"""Units stated for a speaker: 'of the ...', 'who served with the ...', 'the same unit'."""

from quotes.extraction import extract
from quotes.extraction.units import find_unit, unit_key


def test_unit_after_of():
    """'X of the 57th separate mountain rifle brigade said' gives X that unit, as printed."""
    body = (
        "Ruslan Gavrikov of the 57th separate mountain rifle brigade said: "
        "\u201cWe were sent forward without maps.\u201d\n"
    )
    speaker = extract(body).speakers["Ruslan Gavrikov"]
    assert speaker.units == ["57th separate mountain rifle brigade"]


def test_unit_with_appositive_role():
    """'X, a radio operator of the 212th signals regiment,' gives the unit and the role."""
    body = (
        "Denis Sholokh, a radio operator of the 212th separate signals regiment, "
        "surrendered on Monday.\n"
        "He said: \u201cI knew the war was lost the first week.\u201d\n"
    )
    speaker = extract(body).speakers["Denis Sholokh"]
    assert speaker.units == ["212th separate signals regiment"]
    assert speaker.description == "a radio operator"


def test_unit_stops_at_the_unit_noun():
    """'who served with the 9th ... battalion stationed in ...': the unit ends at its noun."""
    body = (
        "Sholokh, who served with the 9th separate armoured battalion stationed in the north, "
        "said: \u201cOur tanks had no fuel.\u201d\n"
    )
    speaker = extract(body).speakers["Sholokh"]
    assert speaker.units == ["9th separate armoured battalion"]


def test_same_unit_refers_back():
    """'who served with the same unit' gives the unit of the person mentioned before."""
    body = (
        "Ruslan Gavrikov, who served with the 57th separate mountain rifle brigade, said: "
        "\u201cWe were sent forward without maps.\u201d\n"
        "Denis Sholokh, who served with the same unit, said: "
        "\u201cNobody told us it was a war.\u201d\n"
    )
    speaker = extract(body).speakers["Denis Sholokh"]
    assert speaker.units == ["57th separate mountain rifle brigade"]


def test_find_unit_in_free_text():
    """A unit name is found with British or American spelling, and keys alike."""
    found = find_unit("a gunner of the 41st Separate Motorised Rifle Brigade, who")
    assert found == "41st Separate Motorised Rifle Brigade"
    assert unit_key(found) == unit_key("41 separate motorized rifle brigade")


def test_same_unit_named_by_its_kind():
    """'X, who commands a company of the same brigade,' gives X the brigade stated before."""
    body = (
        "Corporal Ivo Marek of the 31st separate pontoon brigade said: "
        "\u201cThe bridge was finished by midnight.\u201d\n"
        "Lieutenant Dara Holm, who commands a platoon of the same brigade, said: "
        "\u201cWe crossed before the water rose.\u201d\n"
    )
    speaker = extract(body).speakers["Dara Holm"]
    assert speaker.units == ["31st separate pontoon brigade"]
