"""Who copied whom, from the words and the days alone (quotes.lineage, pure). All text here
is invented."""

from datetime import date

from quotes.lineage import PrintingIn, infer

WIRE = (
    "The ferry to Kelmoor runs again from Monday. Some crossings may be cancelled in fog. "
    "The harbour office in Dunmarren will not charge for changed tickets."
)
REWRITE = (
    "The ferry to Kelmoor runs again from Monday. "
    "The harbour office in Dunmaren will not charge for changed tickets."
)
REWRITE_OF_REWRITE = (
    "The ferry to Kelmoor runs again from Monday. "
    "The harbour office in Dunmaren will not charge for any changed tickets."
)


def printing(key, text, day, **kwargs):
    return PrintingIn(key=key, text=text, printed=date(2031, 5, day), order=day, **kwargs)


def sources(printings, **kwargs):
    return {edge.copy: edge.source for edge in infer(printings, **kwargs)}


def test_a_rewrite_of_a_rewrite_hangs_from_the_rewrite_not_the_wire():
    """The second rewrite shares the first's cut and misspelling ("Dunmaren"), so it hangs
    from it, and the evidence says so in words with the days between."""
    edges = {
        e.copy: e
        for e in infer(
            [
                printing("wire", WIRE, 1),
                printing("copy", WIRE, 2),
                printing("rewrite", REWRITE, 2),
                printing("again", REWRITE_OF_REWRITE, 4),
            ]
        )
    }
    assert edges["wire"].source is None
    assert edges["copy"].source == "wire"
    assert edges["rewrite"].source == "wire"
    assert edges["again"].source == "rewrite"
    assert "the same misspelling “Dunmaren”" in edges["again"].evidence
    assert "printed 2 days later" in edges["again"].evidence
    assert edges["again"].strength > edges["copy"].strength > 0


def test_no_printing_hangs_from_one_printed_later():
    """Listed in any order, a copy never takes a later printing as its source, even when
    the later one holds the words it shares."""
    found = sources([printing("again", REWRITE_OF_REWRITE, 1), printing("rewrite", REWRITE, 3)])
    assert found == {"again": None, "rewrite": "again"}


def test_identical_printings_on_one_day_are_left_undecided():
    """The archive knows the day, not the hour: two identical printings of one day hang
    from the statement rather than from each other."""
    found = sources([printing("a", WIRE, 1), printing("b", WIRE, 1)])
    assert found == {"a": None, "b": None}


def test_a_cut_copy_may_follow_its_source_on_the_same_day():
    """On the same day the words show the direction: the cut printing holds nothing the
    full one lacks, so it hangs from it, never the other way round."""
    found = sources([printing("cut", REWRITE, 1), printing("full", WIRE, 1)])
    assert found == {"full": None, "cut": "full"}


def test_an_independent_wording_hangs_from_the_statement():
    """A printing in its own words is independent or unknown."""
    own = "From Monday the Kelmoor ferry is back, and changed tickets cost nothing, they said."
    edges = {e.copy: e for e in infer([printing("wire", WIRE, 1), printing("own", own, 2)])}
    assert edges["own"].source is None
    assert "independent or unknown" in edges["own"].evidence


def test_translations_are_compared_only_with_translations():
    """Two identical translations: the later hangs from the earlier; a translation is never
    hung from a printing in the original language."""
    original = "Пором до Кельмура знову ходить з понеділка."
    english = "The ferry to Kelmoor runs again from Monday."
    edges = {
        e.copy: e
        for e in infer(
            [
                printing("uk", original, 1, language="uk"),
                printing("en1", english, 2, language="en"),
                printing("en2", english, 3, language="en"),
            ]
        )
    }
    assert edges["en1"].source is None and "translation from the Ukrainian" in edges["en1"].evidence
    assert edges["en2"].source == "en1"
    assert "the same translation from the Ukrainian original" in edges["en2"].evidence


def test_an_archivists_decisions_are_kept():
    """A confirmed source stands whatever the words say; a dismissed one is not inferred
    again."""
    printings = [printing("wire", WIRE, 1), printing("copy", WIRE, 2), printing("late", WIRE, 3)]
    assert sources(printings)["late"] == "wire"
    assert sources(printings, refused=frozenset({("late", "wire")}))["late"] == "copy"
    assert sources(printings, fixed={"copy": None})["copy"] is None


def test_an_undated_printing_has_no_source():
    undated = PrintingIn(key="undated", text=WIRE, printed=None)
    assert sources([printing("wire", WIRE, 1), undated])["undated"] is None
