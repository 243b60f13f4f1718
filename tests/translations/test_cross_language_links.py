"""Linking a translation to its original across languages: an English printing that
translates an invented Ukrainian statement joins its quote when the evidence is strong,
makes a merge suggestion showing the evidence when it is weaker, and two different
statements by one person on one day stay apart. All text here is invented."""

import datetime

import pytest
from django.urls import reverse

from archive.services import archive_article
from quotes.matching import weigh
from quotes.matching.translations import find_translations
from quotes.models import MergeSuggestion, Quote
from tests.factories import ArticleFactory, PersonFactory, PrintingFactory, QuoteFactory

pytestmark = pytest.mark.django_db

DAY = datetime.date(2031, 3, 10)

ORIGINAL = (
    "Сьогодні вранці наші оборонці відбили 12 штурмів біля Вербівки. "
    "Ворог втратив три танки та бронемашину. "
    "Ми тримаємо позиції на Осокорівському напрямку і не відступимо."
)
TRANSLATION = (
    "This morning our defenders repelled 12 assaults near Verbivka. "
    "The enemy lost three tanks and an armoured vehicle. "
    "We are holding our positions in the Osokorivka direction and will not retreat."
)
# One sentence of it, told again with one name and no number: weaker evidence.
RETOLD = "Our defenders held off the enemy near Verbivka again, and the brigade stayed put."
# Another statement of the same speaker that day, on something else entirely.
ANOTHER = (
    "The harbour cranes will be repaired before the winter storms arrive. "
    "The ferry will run twice a day from the southern pier."
)
# Another statement that day naming the same village, with other numbers.
SAME_PLACE = (
    "In Verbivka the farmers have started sowing wheat on 40 fields again. "
    "The school there reopened for 95 pupils."
)


def original_quote(person, *, day=DAY):
    """The Ukrainian statement as a Ukrainian outlet printed it, already in the archive."""
    quote = QuoteFactory(person=person, text=ORIGINAL, status=Quote.Status.PUBLISHED)
    article = ArticleFactory(
        published=day,
        language="uk",
        title="Оборонці відбили штурми",
        body=f"Вступ.\n\n«{ORIGINAL}», — сказала Олена Марченко.",
    )
    PrintingFactory(quote=quote, text=ORIGINAL, article=article, language="uk")
    return quote


def import_english(words, *, day=DAY, name="english.txt"):
    """An English article printing `words`, credited to Olena Marchenko, imported."""
    text = (
        "Fighting continued in the east on Monday.\n\n"
        f"Olena Marchenko, the brigade's spokeswoman, said: “{words}”\n\n"
        "The regional administration did not comment.\n"
    )
    article, _ = archive_article(
        raw=text.encode(), source_file=name, published=day, outlet="Harbour Herald", publish=True
    )
    return article


def quotes_of(article):
    return {printing.quote_id for printing in article.printings.all()}


@pytest.fixture
def speaker():
    return PersonFactory(name="Olena Marchenko")


def test_the_evidence_of_a_translation_is_strong():
    """Numbers, transliterated names and every sentence agree: strong evidence."""
    evidence = weigh(ORIGINAL, TRANSLATION)
    assert evidence.strong
    assert "12" in evidence.numbers and "3" in evidence.numbers
    assert evidence.aligned == 3
    assert evidence.contradicting == []


def test_a_contradicting_number_is_never_strong():
    """The same sentences with another number are not one statement, whatever else agrees."""
    evidence = weigh(ORIGINAL, TRANSLATION.replace("12 assaults", "15 assaults"))
    assert not evidence.strong
    assert evidence.contradicting


def test_an_english_translation_joins_the_original(speaker):
    """A translation printed two days later joins the Ukrainian statement's quote, whose
    canonical text stays the original's words."""
    quote = original_quote(speaker)

    article = import_english(TRANSLATION, day=DAY + datetime.timedelta(days=2))

    assert quotes_of(article) == {quote.pk}
    quote.refresh_from_db()
    assert quote.text == ORIGINAL
    assert article.printings.get().language == "en"
    assert not MergeSuggestion.objects.exists()


def test_a_translation_printed_weeks_later_is_not_joined(speaker):
    """Outside the days a translation follows its original, nothing is linked."""
    quote = original_quote(speaker)

    article = import_english(TRANSLATION, day=DAY + datetime.timedelta(days=30))

    assert quote.pk not in quotes_of(article)
    assert not MergeSuggestion.objects.filter(candidate=quote).exists()


def test_weaker_evidence_makes_a_suggestion_showing_it(speaker, admin_client):
    """A retelling that shares only a place makes a merge suggestion, never a link, and the
    admin shows the archivist what agreed and what did not."""
    quote = original_quote(speaker)

    article = import_english(RETOLD)

    assert quote.pk not in quotes_of(article)
    suggestion = MergeSuggestion.objects.get(candidate=quote)
    assert suggestion.quote_id in quotes_of(article)
    assert suggestion.score < 0.95  # never merged on publication without an archivist
    assert "name Вербівки = Verbivka" in suggestion.evidence["agreed"]
    assert suggestion.evidence["languages"] == ["en", "uk"]

    page = admin_client.get(reverse("admin:quotes_mergesuggestion_changelist")).content.decode()
    assert "Agreed: name Вербівки = Verbivka" in page
    assert "Did not agree:" in page


def test_two_statements_of_one_day_stay_apart(speaker):
    """Two different statements by one person on one day: one sharing no anchor with the
    original is neither linked nor suggested; one naming the same village with other
    numbers is not linked."""
    quote = original_quote(speaker)

    other = import_english(ANOTHER, name="other.txt")
    place = import_english(SAME_PLACE, name="place.txt")

    assert quote.pk not in quotes_of(other) | quotes_of(place)
    assert not MergeSuggestion.objects.filter(candidate=quote, quote__in=quotes_of(other))
    assert Quote.objects.get(pk=quote.pk).printings.count() == 1


def test_another_persons_statement_is_not_joined():
    """The same words credited to someone else are not weighed as a translation."""
    quote = original_quote(PersonFactory(name="Ivanna Kovalchuk"))
    PersonFactory(name="Olena Marchenko")

    article = import_english(TRANSLATION)

    assert quote.pk not in quotes_of(article)


def test_an_original_printed_after_its_translation_finds_it(speaker):
    """The Ukrainian original read after the English translation is in the archive finds
    the English quote, with strong evidence."""
    english = QuoteFactory(person=speaker, text=TRANSLATION)
    article = ArticleFactory(published=DAY, body=f"Intro.\n\n“{TRANSLATION}” she said.")
    PrintingFactory(quote=english, text=TRANSLATION, article=article, language="en")

    (found,) = find_translations([ORIGINAL], person=speaker, printed_on=DAY)

    assert found.quote == english
    assert found.evidence.strong
    assert (found.new_language, found.language) == ("uk", "en")


def test_a_russian_printing_of_a_ukrainian_statement_is_weighed(speaker):
    """Two Cyrillic languages are weighed as a translation too, names compared as printed."""
    quote = original_quote(speaker)
    russian = (
        "Сегодня утром наши защитники отбили 12 штурмов возле Вербовки. "
        "Враг потерял три танка и бронемашину. "
        "Мы удерживаем позиции на Осокоровском направлении и не отступим."
    )

    (found,) = find_translations([russian], person=speaker, printed_on=DAY)

    assert found.quote == quote
    assert found.new_language == "ru"
    assert found.evidence.strong


def test_english_printings_are_never_read_for_their_language(speaker, monkeypatch):
    """Two English printings of one speaker are not weighed as translations, and nothing
    reads their language: an English archive's import costs what it did."""
    english = QuoteFactory(person=speaker, text=TRANSLATION)
    article = ArticleFactory(published=DAY, body=f"Intro.\n\n“{TRANSLATION}” she said.")
    PrintingFactory(quote=english, text=TRANSLATION, article=article)

    def refuse(text):
        raise AssertionError("no language should be read")

    monkeypatch.setattr("quotes.matching.translations.detect", refuse)
    assert find_translations([RETOLD], person=speaker, printed_on=DAY) == []


def test_a_sentence_split_in_two_by_the_translator_still_aligns():
    """A translator who splits a long sentence in two (or joins two) keeps the alignment."""
    split = TRANSLATION.replace(
        "We are holding our positions in the Osokorivka direction and will not retreat.",
        "We are holding our positions in the Osokorivka direction. We will not retreat.",
    )
    evidence = weigh(ORIGINAL, split)
    assert evidence.aligned == 3
    assert evidence.strong


def test_one_sentence_sharing_a_place_and_a_number_is_only_suggested(speaker):
    """One sentence of another statement that week, naming the same village and the same
    number, is not joined: one sentence needs three anchors. It is suggested, with the
    evidence."""
    quote = original_quote(speaker)

    article = import_english("Near Verbivka, 12 soldiers of the brigade were given medals today.")

    assert quote.pk not in quotes_of(article)
    suggestion = MergeSuggestion.objects.get(candidate=quote)
    assert {"number 12", "name Вербівки = Verbivka"} <= set(suggestion.evidence["agreed"])


def test_one_translated_sentence_with_three_anchors_joins(speaker):
    """A single translated sentence that keeps a number, a place and a direction joins."""
    quote = original_quote(speaker)
    one = (
        "Сьогодні вранці наші оборонці відбили 12 штурмів біля Вербівки на Осокорівському напрямку."
    )
    article = ArticleFactory(published=DAY, language="uk", body=f"Вступ.\n\n«{one}»")
    PrintingFactory(quote=quote, text=one, article=article, language="uk")

    english = import_english(
        "This morning our defenders repelled 12 assaults near Verbivka in the Osokorivka "
        "direction.",
        name="one.txt",
    )

    assert quotes_of(english) == {quote.pk}
