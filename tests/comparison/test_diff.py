"""The word-by-word comparison of a printed wording with the canonical text (pure ops)."""

from quotes.wording import (
    ADDED,
    CHANGED,
    DROPPED,
    EQUAL,
    NOT_PRINTED,
    compare,
    compare_pieces,
    summary,
    tokenize,
)


def kinds(ops):
    return [op.kind for op in ops]


def texts(words):
    return [w.text for w in words]


def test_typography_and_case_are_not_differences():
    """Curly and straight quotes, NBSP, en dash and hyphen, ellipsis and three dots, letter
    case and punctuation alone leave the wording identical."""
    canonical = "“We won’t cross\u00a0the bridge – not yet…” Tomorrow, maybe."
    printed = '"we won\'t CROSS the bridge - not yet..." tomorrow maybe!'
    ops = compare(canonical, printed)
    assert kinds(ops) == [EQUAL]
    assert summary(ops) == "Identical wording"


def test_equal_words_are_shown_as_the_outlet_printed_them():
    """Where the words agree, the reader sees the outlet's own spelling and punctuation."""
    ops = compare("The lanterns are lit.", "THE lanterns are lit!")
    assert texts(ops[0].printed) == ["THE", "lanterns", "are", "lit!"]


def test_changed_words_are_paired():
    """ "rose-tinted spectacles" for "rose-colored glasses" is two words changed."""
    ops = compare(
        "We watched the harbour through rose-colored glasses.",
        "We watched the harbour through rose-tinted spectacles.",
    )
    assert kinds(ops) == [EQUAL, CHANGED]
    assert texts(ops[1].canonical) == ["colored", "glasses."]
    assert texts(ops[1].printed) == ["tinted", "spectacles."]
    assert summary(ops) == "2 words changed"


def test_added_word():
    """A word the outlet put in is ADDED."""
    ops = compare("The gulls came back early.", "The gulls came back very early.")
    assert kinds(ops) == [EQUAL, ADDED, EQUAL]
    assert texts(ops[1].printed) == ["very"]
    assert summary(ops) == "1 word added"


def test_dropped_word():
    """A word left out inside the printed part is DROPPED and counted as not printed."""
    ops = compare("The old ferry will sail again.", "The ferry will sail again.")
    assert kinds(ops) == [EQUAL, DROPPED, EQUAL]
    assert texts(ops[1].canonical) == ["old"]
    assert summary(ops) == "1 word not printed"


def test_partial_printing_leaves_the_edges_not_printed():
    """An outlet that printed the middle of the statement has its leading and trailing
    canonical words NOT_PRINTED, not a run of deletions mixed with the rest."""
    ops = compare(
        "Frankly, the pier needs paint and the nets need mending before the first storm.",
        "the pier needs paint and the nets need mending",
    )
    assert kinds(ops) == [NOT_PRINTED, EQUAL, NOT_PRINTED]
    assert texts(ops[0].canonical) == ["Frankly,"]
    assert texts(ops[2].canonical) == ["before", "the", "first", "storm."]
    assert summary(ops) == "5 words not printed"


def test_cut_sentence_is_one_dropped_run():
    """A sentence cut from the middle is one DROPPED run holding all its words."""
    cut = "Nobody on the quay had ever seen the water so green and so still."
    ops = compare(
        f"We rowed out at dawn. {cut} Then we rowed home.",
        "We rowed out at dawn. Then we rowed home.",
    )
    assert kinds(ops) == [EQUAL, DROPPED, EQUAL]
    assert len(ops[1].canonical) == len(cut.split()) == 14
    assert summary(ops) == "14 words not printed"


def test_changed_added_and_not_printed_together():
    """The one-line summary counts each kind, the first with its noun."""
    ops = compare(
        "The lamps were lit at six and the bell rang twice for the boats.",
        "The lanterns were lit at six and the bell rang twice",
    )
    assert summary(ops) == "1 word changed, 3 not printed"
    ops = compare("The lamps were lit.", "Well, the lanterns were all lit.")
    assert summary(ops) == "1 word changed, 2 added"


def test_an_unequal_replacement_pairs_what_it_can():
    """Three canonical words replaced by one: one changed, two not printed."""
    ops = compare(
        "They left at once quickly for the island.", "They left hurriedly for the island."
    )
    assert kinds(ops) == [EQUAL, CHANGED, DROPPED, EQUAL]
    assert summary(ops) == "1 word changed, 2 not printed"


def test_hyphenated_and_spaced_compounds_agree():
    """ "rose-colored" and "rose colored" are the same two words."""
    assert kinds(compare("rose-colored sky", "rose colored sky")) == [EQUAL]


def test_punctuation_stays_with_its_word():
    """Quotation marks, dashes and ellipses ride on the neighbouring word."""
    tokens = tokenize("“Wait — please…” she")
    assert texts(tokens) == ["“Wait —", "please…”", "she"]
    assert [w.key for w in tokens] == ["wait", "please", "she"]


def test_nothing_printed():
    """A printing with no words has the whole canonical text not printed."""
    ops = compare("Calm seas ahead.", "…")
    assert kinds(ops) == [NOT_PRINTED]
    assert compare("", "") == []


def test_an_article_s_pieces_are_compared_as_one_text():
    """Pieces that together make the statement are identical wording; a sentence printed in
    no piece is dropped between them, and only words printed in no piece at all count."""
    canonical = "The gates are shut. The pumps are running. We will stay until dawn."
    whole = compare_pieces(
        canonical, ["The gates are shut.", "The pumps are running.", "We will stay until dawn."]
    )
    assert kinds(whole) == [EQUAL]
    gap = compare_pieces(canonical, ["The gates are shut.", "We will stay until dawn."])
    assert kinds(gap) == [EQUAL, DROPPED, EQUAL]
    assert summary(gap) == "4 words not printed"
    # Each piece alone would leave far more out.
    assert summary(compare(canonical, "We will stay until dawn.")) == "8 words not printed"
