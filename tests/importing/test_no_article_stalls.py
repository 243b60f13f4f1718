"""No ordinary article stalls the archive: an article of hundreds of look-alike quotations by
one speaker (a convoy log, a list of figures read out) archives in time that grows with its
quotations, each paragraph its own statement, and an import beside it does not wait for it to finish
being read. Past MAX_ARTICLE_QUOTATIONS an article is refused with the reason, whole.

Invented text: the colonel, the convoys and the ferry are fiction."""

import threading
import time

import pytest
from django.db import connection, connections

from archive.models import Article
from archive.services import IMPORT_LOCK, ArticleRejected, archive_article
from quotes.extraction import extract
from quotes.models import Printing, Quote

# The convoys are told apart by a number, or by a name and nothing else.
NAMES = [
    f"{a}{b}"
    for a in ("Bar", "Cel", "Dun", "Fen", "Gor", "Hal", "Ister", "Jor", "Kel", "Lun")
    for b in ("ack", "bey", "cott", "dale", "ent", "ford", "gate", "holm", "ing", "jot",
              "kirk", "ley", "mere", "ness", "ock", "pool", "quay", "rick", "stead", "thorp",
              "um", "vale", "wick", "yard", "zell")
]  # fmt: skip


def convoy_log(n: int, *, by: str = "number") -> str:
    """About 150 bytes a quotation: 715 of them make a 100 KB article."""
    paragraphs, lines = [], []
    for i in range(n):
        if by == "number":
            convoy = f"number {i}"
        else:  # a name, and a second name where the names run out
            convoy = NAMES[i % len(NAMES)] + (
                f" {NAMES[i // len(NAMES)]}" if i >= len(NAMES) else ""
            )
        lines.append(
            f"Colonel Varo Tenn said, \u201cConvoy {convoy} crossed the eastern bridge at "
            "dawn with water and fuel for the villages.\u201d Then they left."
        )
        if len(lines) == 5:
            paragraphs.append(" ".join(lines))
            lines = []
    paragraphs.append(" ".join(lines))
    return "Convoy log\n\n" + "\n\n".join(p for p in paragraphs if p) + "\n"


ONE_QUOTE = (
    "Ferry to sail again\n\n"
    "\u201cThe ferry sails again on Monday, and the fares stay as they are,\u201d said "
    "Maren Oldcastle, the harbour master.\n"
)


@pytest.fixture(autouse=True)
def _warm():
    """The extraction's patterns and gazetteers load once a process: not what is timed."""
    extract("\u201cWe are ready,\u201d said Anna Holm in Kyiv.")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("by", ["number", "name"])
def test_a_long_article_of_look_alike_quotations_archives_quickly_each_its_own(by):
    text = convoy_log(715, by=by)
    assert len(text.encode()) > 95_000
    started = time.perf_counter()
    article, created = archive_article(raw=text.encode(), source_file="convoys.txt")
    took = time.perf_counter() - started
    assert created
    assert took < 5, f"715 look-alike quotations took {took:.1f} s to archive"
    printings = Printing.objects.filter(article=article)
    assert printings.count() == 715
    # One statement a paragraph (one speaker's quotations one after another): the article
    # told its 143 paragraphs apart, and nothing joined their look-alike words after.
    assert Quote.objects.filter(merged_into__isnull=True).count() == 143
    assert not printings.exclude(quote__person__name="Varo Tenn").exists()


@pytest.mark.django_db(transaction=True)
def test_a_one_quote_import_beside_a_long_one_finishes_quickly():
    if connection.vendor != "postgresql":
        pytest.skip("needs concurrent writers (PostgreSQL: DATABASE_URL=postgres://...)")
    errors = []

    def long_import():
        try:
            archive_article(raw=convoy_log(715).encode(), source_file="convoys.txt")
        except Exception as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)
        finally:
            connections.close_all()

    thread = threading.Thread(target=long_import)
    thread.start()
    # Until the long import holds the imports' lock (it reads its article first, unlocked).
    with connection.cursor() as cursor:
        for _ in range(400):
            cursor.execute(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = %s"
                " AND granted AND pid <> pg_backend_pid()",
                [IMPORT_LOCK],
            )
            if cursor.fetchone()[0] or not thread.is_alive():
                break
            time.sleep(0.025)
    started = time.perf_counter()
    article, _ = archive_article(raw=ONE_QUOTE.encode(), source_file="ferry.txt")
    took = time.perf_counter() - started
    thread.join(60)
    assert not errors
    assert not thread.is_alive()
    assert took < 2, f"the one-quote import took {took:.1f} s beside the long one"
    assert article.printings.get().quote.person.name == "Maren Oldcastle"
    assert Printing.objects.count() == 716


@pytest.mark.django_db
def test_an_article_past_the_quotation_budget_is_refused_whole(settings):
    settings.MAX_ARTICLE_QUOTATIONS = 20
    with pytest.raises(
        ArticleRejected, match=r"21 quotations; at most 20 .*MAX_ARTICLE_QUOTATIONS"
    ):
        archive_article(raw=convoy_log(21).encode(), source_file="convoys.txt")
    assert not Article.objects.exists()
    assert not Quote.objects.exists()
    archive_article(raw=convoy_log(20).encode(), source_file="convoys.txt")
    assert Printing.objects.count() == 20
