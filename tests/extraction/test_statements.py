"""Which quotations form one statement: outlets reprint a speaker's paragraphs apart, so a
paragraph that credits the speaker again starts a statement of its own."""

from quotes.extraction import extract


def statements(body):
    return [q.statement for q in extract(body).quotations]


def test_a_paragraph_crediting_the_speaker_again_is_a_new_statement():
    """ "..., Varnhagen added" in the next paragraph is another statement, which another
    outlet may print without the first."""
    body = (
        "Ilse Varnhagen, the harbour master, spoke on Tuesday.\n\n"
        "\u201cThe northern pier stays closed until the cranes are inspected,\u201d she said.\n\n"
        "\u201cOver the past week the storms cost us six hundred tonnes of catch,\u201d "
        "Varnhagen added, \u201cbut the boats keep going out.\u201d\n"
    )
    first, second, third = statements(body)
    assert first != second == third


def test_an_unattributed_paragraph_goes_on_with_the_statement():
    """A quotation in the next paragraph with no attribution of its own continues it."""
    body = (
        "\u201cThe northern pier stays closed until the cranes are inspected,\u201d "
        "Ilse Varnhagen said.\n\n"
        "\u201cNobody will load a ship there before the inspectors have signed.\u201d\n"
    )
    first, second = statements(body)
    assert first == second
