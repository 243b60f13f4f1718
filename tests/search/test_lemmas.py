"""quotes.lemmas: the lemmas, keys and romanisations search stores and looks for (no
database). The words are invented sentences' words."""

from quotes import lemmas


def test_forms_of_a_word_share_a_lemma():
    assert lemmas.lemmas("причалом") & lemmas.lemmas("причале")
    assert lemmas.lemmas("сказав") & lemmas.lemmas("сказала")
    assert lemmas.lemmas("маяків") & lemmas.lemmas("маяком")
    assert not lemmas.lemmas("причал") & lemmas.lemmas("маяк")


def test_a_name_and_its_romanisations_share_a_key():
    assert lemmas.keys("Волошина") & lemmas.keys("Voloshyn")
    assert lemmas.keys("Волошин") & lemmas.keys("Voloshin")
    assert not lemmas.keys("Волошин") & lemmas.keys("Volodin")


def test_a_cyrillic_word_is_romanised_as_outlets_print_it():
    assert {"voloshyn", "voloshin"} <= lemmas.romanised("Волошина")


def test_the_lemma_section_keeps_positions_and_weights():
    """Words are counted across scripts, so Cyrillic words side by side stay side by side;
    the printings start after the canonical text, and weigh B."""
    section = lemmas.tsvector([("Sea: причал открыт", "A"), ("Причал", "B")])
    assert "'причал':2A,5B" in section
    assert "'открыть':3A" in section
    assert "'~prichal':2A,5B" in section
    assert lemmas.tsvector([("English only", "A")]) == ""


def test_names_are_brought_to_their_nominative():
    assert lemmas.nominative("Оксаны Гнатюк") == "оксана гнатюк"
    assert lemmas.nominative("Harbour master") == "Harbour master"
