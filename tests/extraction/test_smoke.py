from quotes.extraction.text import words


def test_words_fold_typography():
    """Curly apostrophes and plain ones give the same words."""
    assert words("Don’t stop") == words("don't stop")
