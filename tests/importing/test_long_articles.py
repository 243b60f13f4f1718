"""A long article costs the same per quotation as a short one: linking across languages asks
once per speaker, not once per statement, whether a speaker has printings in Cyrillic near
the article's date, and reads them statement by statement only for the speaker who has.
All text here is invented."""

import datetime
import re

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from archive.languages import CYRILLIC_IN_SQL, cyrillic
from archive.services import archive_article
from quotes.models import Quote
from tests.factories import ArticleFactory, PersonFactory, PrintingFactory, QuoteFactory

pytestmark = pytest.mark.django_db

DAY = datetime.date(2031, 5, 12)
SPEAKERS = ["Ysolde Brannigan", "Corwin Alderly", "Mirela Oakhurst"]
WORDS = "harbour ferry timber lantern orchard quarry meadow beacon granary anchor".split()

ORIGINAL = (
    "Сьогодні вранці наші оборонці відбили 12 штурмів біля Вербівки. "
    "Ворог втратив три танки та бронемашину."
)
TRANSLATION = (
    "This morning our defenders repelled 12 assaults near Verbivka. "
    "The enemy lost three tanks and an armoured vehicle."
)


def live_blog(statements: int, *, translated: str = "") -> str:
    """An invented live blog: `statements` quotations, each speaker in turn, each about
    other words; `translated` printed by the first speaker at the end."""
    paragraphs = ["Live: the harbour council, hour by hour", ""]
    for i in range(statements):
        name = SPEAKERS[i % len(SPEAKERS)]
        a, b = WORDS[i % len(WORDS)], WORDS[(i * 7 + 3) % len(WORDS)]
        paragraphs += [
            f"{name} spoke at the session.",
            "",
            f"“The {a} on pier {i} will wait for the {b} until week {i + 2},” "
            f"{name.split()[-1]} said.",
            "",
        ]
    if translated:
        paragraphs += [f"{SPEAKERS[0]} also said: “{translated}”", ""]
    return "\n".join(paragraphs)


def imported(text: str):
    """Archive `text` as a new article of DAY; the article and the SQL it took."""
    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        article, _ = archive_article(
            raw=text.encode(),
            source_file="live.txt",
            published=DAY,
            outlet="Harbour Herald",
            publish=True,
        )
    return article, [q["sql"] for q in queries.captured_queries]


def asked_in_cyrillic(sql: list[str]) -> int:
    """The queries asking whether printings hold a Cyrillic letter."""
    return sum(" REGEXP " in s or "::text ~ " in s for s in sql)


def read_for_translations(sql: list[str]) -> int:
    """The queries reading a speaker's printings near a date, to weigh as translations."""
    near = re.compile(r'FROM "quotes_printing" .*"printed_on" BETWEEN')
    return sum(bool(near.search(s)) for s in sql) - asked_in_cyrillic(sql)


def test_the_letters_asked_for_are_the_cyrillic_ones():
    """The character class a query uses holds every letter the language rule calls Cyrillic
    and no Latin one."""
    pattern = re.compile(CYRILLIC_IN_SQL)
    assert all(pattern.search(w) for w in ["Вербівка", "Ўсё", "ѣ", "ꙗ"])
    assert not pattern.search("Verbivka, ąęł ß é")
    assert cyrillic("Вербівка") and not cyrillic("Verbivka")


def test_a_long_english_article_asks_once_per_speaker():
    """Sixty statements by three speakers with nothing printed in Cyrillic: three questions,
    and no speaker's printings read statement by statement."""
    for name in SPEAKERS:
        PersonFactory(name=name)

    article, sql = imported(live_blog(60))

    assert article.printings.count() == 60
    assert asked_in_cyrillic(sql) == len(SPEAKERS)
    assert read_for_translations(sql) == 0


def test_a_speaker_printed_in_cyrillic_is_still_read_and_linked():
    """The speaker who has a Ukrainian printing that week is read statement by statement,
    and the translation among their statements joins the Ukrainian original's quote."""
    people = [PersonFactory(name=name) for name in SPEAKERS]
    original = QuoteFactory(person=people[0], text=ORIGINAL, status=Quote.Status.PUBLISHED)
    PrintingFactory(
        quote=original,
        text=ORIGINAL,
        language="uk",
        article=ArticleFactory(
            published=DAY - datetime.timedelta(days=1),
            language="uk",
            body=f"Вступ.\n\n«{ORIGINAL}», — сказала Ізольда Браніган.",
        ),
    )

    article, sql = imported(live_blog(30, translated=TRANSLATION))

    assert original.pk in {p.quote_id for p in article.printings.all()}
    assert asked_in_cyrillic(sql) == len(SPEAKERS)
    # The first speaker's statements are read (the first for each, at most: later ones by
    # them may be linked on the way); the other two speakers' never.
    assert 1 <= read_for_translations(sql) <= 11
