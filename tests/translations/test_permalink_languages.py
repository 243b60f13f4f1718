"""A statement printed in several languages, on its permalink: the original-language
printing first, labelled "original", then each translation under its language, each text
marked with its `lang`; the comparison compares like with like. All text here is invented."""

import datetime

import pytest

from quotes.matching import original_language
from quotes.services import lifecycle
from tests.factories import ArticleFactory, OutletFactory, PrintingFactory, QuoteFactory
from tests.permalink.pages import by_class, parse, text

pytestmark = pytest.mark.django_db

DAY = datetime.date(2031, 3, 10)
UKRAINIAN = "Ми відбили 12 штурмів біля Вербівки і тримаємо позиції."
ENGLISH_ONE = "We repelled 12 assaults near Verbivka and are holding our positions."
ENGLISH_TWO = "We have repelled 12 assaults near Verbivka and we hold our positions."


def printing(quote, words, language, *, day, outlet):
    article = ArticleFactory(
        published=day,
        language=language,
        outlet=OutletFactory(name=outlet),
        body=f"Intro.\n\n“{words}” she said.",
    )
    return PrintingFactory(quote=quote, text=words, article=article, language=language)


@pytest.fixture
def statement():
    """An invented Ukrainian statement and two English translations, one printed the day
    before the original (a time zone), one the day after."""
    quote = QuoteFactory(text=UKRAINIAN)
    printing(quote, ENGLISH_ONE, "en", day=DAY - datetime.timedelta(days=1), outlet="Early Wire")
    printing(quote, UKRAINIAN, "uk", day=DAY, outlet="Київський вісник")
    printing(quote, ENGLISH_TWO, "en", day=DAY + datetime.timedelta(days=1), outlet="Late Post")
    lifecycle.refresh(quote)
    quote.refresh_from_db()
    return quote


def test_the_original_language_rule():
    """The earliest printing's language, but an English one gives way to another language's
    printed by the next day; a week later the English stays the original."""
    day = DAY
    later = day + datetime.timedelta(days=1)
    assert original_language([("uk", day), ("en", later)]) == "uk"
    assert original_language([("en", day), ("uk", later)]) == "uk"
    assert original_language([("en", day), ("uk", day + datetime.timedelta(days=7))]) == "en"
    assert original_language([("", day), ("ru", later)]) == "ru"
    assert original_language([("", day)]) == ""


def test_the_canonical_text_is_the_originals(statement):
    """The statement's words are the original's, not a mix with its translations."""
    assert statement.text == UKRAINIAN


def test_the_original_comes_first_then_each_translation(client, statement):
    """The Ukrainian printing is first, labelled "original", though an English one was
    printed the day before; the translations follow under their language."""
    tree = parse(client.get(statement.get_absolute_url()))
    groups = [text(h) for h in by_class(tree, "language-printings__name")]
    assert groups == ["Original: Ukrainian 1 article", "Translation: English 2 articles"]
    entries = by_class(tree, "printing")
    assert [text(by_class(e, "printing__text")[0]) for e in entries] == [
        UKRAINIAN,
        ENGLISH_ONE,
        ENGLISH_TWO,
    ]
    (label,) = by_class(tree, "printing__language--original")
    assert text(label) == "Original (Ukrainian)"
    assert label.getparent() is entries[0]


def test_each_text_in_another_language_than_the_page_carries_its_lang(client, statement):
    """The page is in English: the Ukrainian words (the statement and its printing) are
    marked lang="uk", the English ones carry no lang of their own."""
    tree = parse(client.get(statement.get_absolute_url()))
    texts = by_class(tree, "printing__text")
    assert [t.get("lang") for t in texts] == ["uk", None, None]
    (statement_words,) = tree.xpath('//blockquote[contains(@class, "quote--large")]')
    assert statement_words.get("lang") == "uk"


def test_translations_are_compared_with_each_other_never_with_the_original(client, statement):
    """The original is compared with the statement alone; each English printing with the
    fullest English wording, so no Ukrainian word is ever struck out of an English one."""
    tree = parse(client.get(statement.get_absolute_url()))
    summaries = [text(s) for s in by_class(tree, "comparison__summary")]
    assert summaries[0] == "Against the statement: Identical wording"
    assert all(s.startswith("Against the fullest translation into English:") for s in summaries[1:])
    for block in by_class(tree, "comparison")[1:]:
        assert "Вербівки" not in text(block)
    assert any(not s.endswith("Identical wording") for s in summaries[1:])


def test_a_statement_in_one_language_is_shown_by_outlet(client):
    """A statement printed only in English keeps the page as it was: by outlet, no label."""
    quote = QuoteFactory(text=ENGLISH_ONE)
    printing(quote, ENGLISH_ONE, "en", day=DAY, outlet="Early Wire")
    tree = parse(client.get(quote.get_absolute_url()))
    assert by_class(tree, "language-printings") == []
    assert by_class(tree, "printing__language") == []
    assert [text(h) for h in by_class(tree, "outlet-printings__name")] == ["Early Wire 1 article"]


def test_on_a_ukrainian_page_the_english_words_carry_their_lang(client, statement):
    """Where the page itself is Ukrainian (/uk/...), the original needs no lang of its own and
    each English translation is marked lang="en"."""
    tree = parse(client.get("/uk" + statement.get_absolute_url()))
    assert [t.get("lang") for t in by_class(tree, "printing__text")] == [None, "en", "en"]
    (statement_words,) = tree.xpath('//blockquote[contains(@class, "quote--large")]')
    assert statement_words.get("lang") is None
