"""The language of a text, read from the text: Ukrainian told from Russian on one sentence,
English and other Latin-script languages on a paragraph, and nothing claimed for a word."""

import pytest

from archive.languages import detect


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Ми утримаємо це село до весни, сказав командир роти.", "uk"),
        ("Мы удержим это село до весны, сказал командир роты.", "ru"),
        ("Наразі наші підрозділи контролюють північну околицю міста.", "uk"),
        ("Сейчас наши подразделения контролируют северную окраину города.", "ru"),
        ("We will hold the village until the spring, the company commander said.", "en"),
        ("Wir werden das Dorf bis zum Frühjahr halten, sagte der Kommandeur.", "de"),
    ],
)
def test_a_sentence_gets_its_language(text, language):
    assert detect(text) == language


@pytest.mark.parametrize("text", ["", "OK", "«Так»", "12 345"])
def test_too_little_text_gets_no_language(text):
    assert detect(text) == ""
