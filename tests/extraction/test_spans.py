"""Quotation spans: marks of every style, paragraphs, boilerplate, headlines and scare quotes."""

from quotes.extraction import extract


def texts(body, **kwargs):
    return [q.text for q in extract(body, **kwargs).quotations]


def pieces(body, quotation):
    return "\n".join(body[s:e] for s, e in quotation.segments)


def test_curly_double_marks():
    """Curly double marks delimit a quotation; the marks themselves are left out."""
    body = "Lena Oskarova said: \u201cThe bridge was closed before dawn.\u201d\n"
    assert texts(body) == ["The bridge was closed before dawn."]


def test_straight_double_marks():
    """Straight double marks open and close a quotation by their position."""
    body = 'Lena Oskarova said: "The bridge was closed before dawn."\n'
    assert texts(body) == ["The bridge was closed before dawn."]


def test_apostrophes_do_not_end_a_single_quoted_passage():
    """An apostrophe that is the same character as the closing single mark (don\u2019t,
    Varga\u2019s) does not end a quotation."""
    body = (
        "Ilse Varga said: \u2018We don\u2019t know where Varga\u2019s brother is. "
        "It\u2019s been a week.\u2019\n"
    )
    assert texts(body) == [
        "We don\u2019t know where Varga\u2019s brother is. It\u2019s been a week."
    ]


def test_straight_single_marks_and_apostrophes():
    """Straight single marks quote when they open before a word and close after one; the same
    character inside a word or after a plural is an apostrophe."""
    body = (
        "The mayor's deputy, Ilse Varga, said: 'The farmers' fields are flooded, "
        "and the town's roads are gone.'\n"
        "Residents said the '90s were the last time the river rose this high.\n"
    )
    assert texts(body) == ["The farmers' fields are flooded, and the town's roads are gone."]


def test_guillemets_and_low_marks():
    """Guillemets and low-high marks are quotation marks too."""
    body = (
        "Ilse Varga said: \u00abWe will rebuild the school this year.\u00bb\n"
        "Tomas Brand said: \u201eThe money has already been found.\u201c\n"
    )
    assert texts(body) == [
        "We will rebuild the school this year.",
        "The money has already been found.",
    ]


def test_guillemets_with_inner_spaces():
    """French spacing inside guillemets is not part of the quotation."""
    body = "Ilse Varga a dit : \u00ab Nous resterons ici jusqu'au printemps. \u00bb\n"
    assert texts(body) == ["Nous resterons ici jusqu'au printemps."]


def test_multi_paragraph_quotation():
    """A quotation re-opened in each paragraph and closed only in the last is one quotation,
    one segment a paragraph, its text the pieces joined by a line break."""
    body = (
        "Tomas Brand said: \u201cThe water came at night.\n\n"
        "\u201cWe carried the children upstairs.\n\n"
        "\u201cBy morning the street was a river.\u201d\n"
    )
    (quotation,) = extract(body).quotations
    assert len(quotation.segments) == 3
    assert quotation.text == (
        "The water came at night.\nWe carried the children upstairs.\n"
        "By morning the street was a river."
    )
    assert pieces(body, quotation) == quotation.text


def test_boilerplate_lines_inside_a_quotation_are_skipped():
    """Short furniture lines with no quotation mark and no sentence punctuation between two
    paragraphs of one quotation do not end it and are not part of it."""
    body = (
        "Tomas Brand said: \u201cThe water came at night.\n"
        "See pictures of the flood\n"
        "7\n"
        "\u201cBy morning the street was a river.\u201d\n"
        "Share this article\n"
    )
    (quotation,) = extract(body).quotations
    assert quotation.text == "The water came at night.\nBy morning the street was a river."
    assert pieces(body, quotation) == quotation.text


def test_nested_quotation_closing_at_paragraph_end():
    """An inner quotation closing a paragraph while the outer one is still open does not end
    the outer one: it continues in the next paragraph."""
    body = (
        "The nurse said: \u201cThe doctor ran to the door, shouting \u2018bring the lamp.\u2019\n"
        "\u201cThen the lights went out for an hour.\u201d\n"
    )
    (quotation,) = extract(body).quotations
    assert quotation.text == (
        "The doctor ran to the door, shouting \u2018bring the lamp.\u2019\n"
        "Then the lights went out for an hour."
    )


def test_non_breaking_spaces_are_kept_verbatim():
    """Quoted text is the body's characters exactly, non-breaking spaces included."""
    body = "Ilse Varga said: 'We lost everything,\u00a0every single thing.'\n"
    (quotation,) = extract(body).quotations
    assert quotation.text == "We lost everything,\u00a0every single thing."
    assert pieces(body, quotation) == quotation.text


def test_headline_quote_from_first_line_with_mixed_marks():
    """A quotation in a short first line is a headline quote, even opened with a curly mark
    and closed with a straight one."""
    body = (
        "\u2018WE WILL NOT LEAVE OUR HOMES'\nVillagers near the dam refused to leave on Tuesday.\n"
    )
    (quotation,) = extract(body).quotations
    assert quotation.kind == "headline"
    assert quotation.text == "WE WILL NOT LEAVE OUR HOMES"


def test_headline_quote_from_title():
    """A quotation in the title passed in is a headline quote, offsets into the title."""
    title = "Farmer says \u2018the river took all our cattle\u2019 after the flood"
    body = "The river rose by two metres overnight.\n"
    (quotation,) = extract(body, title=title).quotations
    assert quotation.kind == "headline"
    assert quotation.text == "the river took all our cattle"
    assert title[slice(*quotation.segments[0])] == quotation.text


def test_scare_quotes_are_not_returned():
    """Quoted words of one to three words (scare quotes) are not quotations."""
    body = (
        "The council called the plan \u201creckless\u201d and the budget a \u201cpaper tiger\u201d "
        "that would \u201cnever be built\u201d.\n"
    )
    assert texts(body) == []


def test_clause_in_reported_speech_is_partial():
    """A quoted clause of four or more words woven into reported speech is a partial quote."""
    body = "Ilse Varga said the mayor \u201chas abandoned the whole valley to the water.\u201d\n"
    (quotation,) = extract(body).quotations
    assert quotation.kind == "partial"
    assert quotation.text == "has abandoned the whole valley to the water."


def test_punctuation_inside_the_marks_is_kept():
    """A comma or full stop inside the marks belongs to the quotation."""
    body = "\u201cThe dam held for three days,\u201d Tomas Brand said.\n"
    assert texts(body) == ["The dam held for three days,"]


def test_right_single_mark_before_a_word_is_an_elision():
    """A right single mark before a word (\u201990s) never opens a quotation."""
    body = (
        "The \u201990s were hard in the valley, Ilse Varga said: "
        "\u201cWe lost everything then.\u201d\n"
    )
    assert texts(body) == ["We lost everything then."]


def test_unclosed_quotation_ends_with_its_paragraph():
    """A double-quoted passage left unclosed, with no re-opened paragraph after it, ends at
    the end of its paragraph."""
    body = (
        "Tomas Brand said: \u201cThe water came at night and took the whole street.\n"
        "The council met on Friday.\n"
    )
    assert texts(body) == ["The water came at night and took the whole street."]


def test_title_printed_as_first_line_is_read_once():
    """A title that the body also prints as its first line gives one headline quotation."""
    title = "Farmer says \u2018the river took all our cattle\u2019"
    body = title + "\nThe river rose by two metres overnight.\n"
    (quotation,) = extract(body, title=title).quotations
    assert quotation.kind == "headline"
    assert body[slice(*quotation.segments[0])] == "the river took all our cattle"


def test_quotation_opened_once_runs_over_paragraphs_until_its_closing_mark():
    """'He said: "...' then paragraphs with no re-opening mark, the last ending with the
    closing mark: every paragraph belongs to the quotation."""
    body = (
        "Petro Yarosh read an appeal. He said: \u201cWe ask the mothers to come for us.\n"
        "Nobody told us where we were going.\n"
        "We want to go home.\u201d\n"
        "The appeal was filmed on Monday.\n"
    )
    [quotation] = extract(body).quotations
    assert quotation.text.split("\n") == [
        "We ask the mothers to come for us.",
        "Nobody told us where we were going.",
        "We want to go home.",
    ]
    assert quotation.speaker == "Petro Yarosh"


def test_a_stray_opening_mark_does_not_swallow_the_article():
    """An opening mark never closed at a paragraph's end stays in its own paragraph, and one
    whose closing mark comes after another opening is not run on."""
    body = (
        "Petro Yarosh said: \u201cWe ask the mothers to come for us.\n"
        "The army later denied it.\n"
        "A spokesman said: \u201cThat is a lie.\u201d\n"
    )
    quotations = extract(body).quotations
    assert [q.text for q in quotations] == ["We ask the mothers to come for us.", "That is a lie."]


def test_an_opening_mark_with_a_space_after_it_still_opens():
    """'said in response, “ This can ...' (a space after the mark, as copied pages print it)
    opens a quotation after the comma that introduces it; a lone mark elsewhere does not."""
    from quotes.extraction import extract

    body = "Oksana Vell said in response, \u201c This can be seen from his reckless words.\n"
    assert [q.text for q in extract(body).quotations] == [
        "This can be seen from his reckless words."
    ]
    assert not extract("The sign read \u201c closed.\n").quotations
