"""The limit on one article's text (MAX_ARTICLE_TEXT_BYTES): longer texts are refused whole."""

import pytest
from django.test import override_settings

from archive.models import Article
from archive.services import ArticleRejected, archive_article
from quotes.models import Printing, Quote

OPENING = (
    "Harbour council delays pier decision\n\n"
    "\u201cThe pier will reopen in May, whatever the council decides,\u201d said harbour master "
    "Ilse Vantongeren.\n\n"
)


def article(size: int) -> bytes:
    """A plain-text article whose body is exactly `size` bytes of UTF-8 (the curly marks take
    three bytes each, so it has fewer characters than bytes)."""
    filler = ("The vote was close. " * (size // 20 + 1)).encode()
    raw = (OPENING.encode() + filler)[: size - 1].rstrip() + b"."
    return raw.ljust(size, b".")


@pytest.mark.django_db
@override_settings(MAX_ARTICLE_TEXT_BYTES=1000)
def test_text_over_the_limit_is_refused_and_nothing_is_archived():
    """A text one byte over the limit is refused with a one-line reason naming the setting,
    even when it has fewer characters than the limit, and nothing is stored."""
    raw = article(1001)
    assert len(raw.decode()) < 1000
    with pytest.raises(ArticleRejected) as refused:
        archive_article(raw=raw, source_file="pier.txt")
    assert str(refused.value) == (
        "the article's text is larger than the 1000 bytes limit (MAX_ARTICLE_TEXT_BYTES)"
    )
    assert not Article.objects.exists()
    assert not Quote.objects.exists()
    assert not Printing.objects.exists()


@pytest.mark.django_db
@override_settings(MAX_ARTICLE_TEXT_BYTES=1000)
def test_text_at_the_limit_is_archived_with_its_quotes():
    """A text of exactly the limit is archived and its quotation extracted."""
    article_, created = archive_article(raw=article(1000), source_file="pier.txt")
    assert created
    assert len(article_.body.encode()) == 1000
    quote = Quote.objects.get()
    assert quote.text.startswith("The pier will reopen in May")
    assert quote.person.name == "Ilse Vantongeren"


@pytest.mark.django_db
def test_default_limit_is_two_megabytes():
    """By default a text just over 2 MB is refused, and the reason says "2 MB"."""
    with pytest.raises(ArticleRejected, match=r"larger than the 2 MB limit"):
        archive_article(raw=article(2 * 1024 * 1024 + 1), source_file="long.txt")
    assert not Article.objects.exists()
