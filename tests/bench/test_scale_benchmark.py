"""The million-printing benchmark (bench/scale/) at a tiny size: the synthetic archive is the
same for the same seed, loads into PostgreSQL as the app itself would have derived it, and
`python -m bench.scale` writes a report with the figures issue 11 asks for."""

import contextlib
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
import snowballstemmer
from django.db import connection

from archive.models import Article, Outlet
from bench.scale import archive, long_articles
from quotes import matching, public, search
from quotes.models import Fingerprint, Person, Printing, Quote

ROOT = Path(__file__).resolve().parents[2]

postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the benchmark loads PostgreSQL with COPY"
)


def test_the_same_seed_builds_the_same_archive():
    """Two builds with one seed give the same rows; another seed gives others."""
    first = archive.SyntheticArchive(printings=400, seed=5)
    again = archive.SyntheticArchive(printings=400, seed=5)
    other = archive.SyntheticArchive(printings=400, seed=6)
    assert first.digest() == again.digest()
    assert first.digest() != other.digest()
    assert first.words_near(0.1) == again.words_near(0.1)


def test_the_archive_has_its_sizes_and_consistent_printings():
    """Exactly N printings, about two a quote, each at its offsets in its article's text, and
    each quote dated by its earliest printing."""
    built = archive.SyntheticArchive(printings=600, seed=7)
    printings = built.tables[Printing]
    quotes = built.tables[Quote]
    articles = {a["id"]: a for a in built.tables[Article]}
    assert len(printings) == 600
    assert 1.6 < len(printings) / len(quotes) < 2.4
    assert len(articles) == archive.sizes(600)["articles"]
    for printing in printings:
        body = articles[printing["article_id"]]["body"]
        assert body[printing["start"] : printing["end"]] == printing["text"]
    first = {}
    for printing in printings:
        published = articles[printing["article_id"]]["published"]
        quote = printing["quote_id"]
        first[quote] = min(first.get(quote, published), published)
    assert all(q["first_published"] == first[q["id"]] for q in quotes)


def test_invented_words_are_their_own_stems():
    """Every invented word is left whole by the English Snowball stemmer (PostgreSQL's search
    stems the same way), so a search counts the words exactly as generated."""
    stemmer = snowballstemmer.stemmer("english")
    words = archive.SyntheticArchive(printings=50, seed=1).words
    assert len(words) == 30_000
    assert [w for w in words if stemmer.stemWord(w) != w] == []


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_the_loaded_archive_is_what_the_app_would_have_derived():
    """After the COPY, the search finds each word in as many quotes as were generated with it,
    every printing has the fingerprints quotes.matching gives its text, refresh_dates() finds
    nothing to change, and new rows get fresh ids."""
    built = archive.SyntheticArchive(printings=300, seed=3)
    archive.load(built, log=lambda message: None)

    assert Printing.objects.count() == 300
    assert Quote.objects.count() == len(built.tables[Quote])
    for word, quotes in built.words_near(0.1, count=3) + built.words_near(0.01, count=3):
        assert search.search_quotes(Quote.objects.all(), word).count() == quotes
    table, column, key = archive.fingerprint_layout()
    for printing in Printing.objects.order_by("pk")[:40]:
        stored = set(
            Fingerprint.objects.filter(**{column.removesuffix("_id"): printing}).values_list(
                key, flat=True
            )
        )
        assert stored == set(matching.fingerprint_keys(printing.text))

    def rows(quote):
        printings = list(quote.printings.order_by("pk").values())
        return {
            f.attname: getattr(quote, f.attname) for f in Quote._meta.concrete_fields
        }, printings

    for quote in Quote.objects.order_by("pk")[:40]:
        before = rows(quote)
        quote.refresh_dates()
        quote.refresh_from_db()
        assert rows(quote) == before
    assert public.quotes().count() > 0.9 * Quote.objects.count()
    outlet = Outlet.objects.create(name="A new outlet after the build")
    assert outlet.pk == len(built.tables[Outlet]) + 1
    assert Person.objects.filter(slug=built.tables[Person][0]["slug"]).exists()


def bench_url(suffix: str) -> str:
    """A database of this test process's own on the test server."""
    settings = connection.settings_dict
    return (
        f"postgres://{settings['USER']}@{settings['HOST'] or '127.0.0.1'}:"
        f"{settings['PORT'] or 5432}/verbatim_bench_test_{os.getpid()}{suffix}"
    )


@contextlib.contextmanager
def empty_archive(suffix: str):
    """A database of this test's own (`bench_url(suffix)`), made and migrated as the bench's
    empty archive is, and dropped after: its URL and the environment the bench gives it."""
    from bench.scale import database

    url = bench_url(suffix)
    env = database.environment(
        url, SECRET_KEY="x" * 50, ALLOWED_HOSTS="127.0.0.1", DEBUG="0", SECURE_SSL_REDIRECT="0"
    )
    try:
        database.make_empty(url, env)
        yield url, env
    finally:
        database.drop(url)


@postgres_only
def test_an_import_rolled_back_leaves_nothing_behind_for_the_next():
    """What a rolled-back import leaves in a table (dead rows, which nothing removes where
    autovacuum is off) is gone after the vacuum between imports; and the empty archive is
    made anew, migrated and never vacuumed, as a new archive is."""
    import psycopg

    from bench.scale import database

    size = "SELECT pg_relation_size('quotes_surname')"
    with empty_archive("_vacuum") as (url, env):
        with psycopg.connect(url) as conn:
            conn.execute(
                "INSERT INTO quotes_surname (key) "
                "SELECT 'name' || n FROM generate_series(1, 5000) n"
            )
            conn.rollback()
            assert conn.execute("SELECT count(*) FROM quotes_surname").fetchone() == (0,)
            assert conn.execute(size).fetchone()[0] > 0
        database.vacuum(url)
        with psycopg.connect(url) as conn:
            assert conn.execute(size).fetchone() == (0,)
        database.make_empty(url, env)
        with psycopg.connect(url) as conn:
            # Migrated, with nothing in it, and no statistics saying so: the planner's
            # guess for a table never vacuumed, as in an archive just made.
            assert conn.execute("SELECT count(*) FROM django_migrations").fetchone()[0] > 0
            reltuples = "SELECT reltuples FROM pg_class WHERE relname = 'quotes_fingerprint'"
            assert conn.execute(reltuples).fetchone() == (-1,)


@postgres_only
def test_the_vacuum_between_imports_keeps_the_row_estimates_true():
    """A table's row estimate that VACUUM alone would leave wrong (it skips the pages it
    knows are all visible, and keeps the old estimate when it scans too few) is made true
    again: the planner and the lists' estimated counts read it."""
    import psycopg

    from bench.scale import database

    estimate = "SELECT reltuples FROM pg_class WHERE relname = 'quotes_surname'"
    with empty_archive("_estimate") as (url, _):
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                "INSERT INTO quotes_surname (key) "
                "SELECT 'name' || n FROM generate_series(1, 50000) n"
            )
            conn.execute("VACUUM quotes_surname")  # every page now known to be all visible
            # An estimate gone wrong, as rolled-back imports and plain vacuums leave it.
            conn.execute("UPDATE pg_class SET reltuples = 1 WHERE relname = 'quotes_surname'")
        database.vacuum(url)
        with psycopg.connect(url) as conn:
            assert conn.execute(estimate).fetchone() == (50000,)


@postgres_only
@pytest.mark.django_db
def test_make_bench_writes_the_report(tmp_path):
    """A whole run at a tiny size: the report holds every page with its figures, no page
    failed, and the import and export were measured."""
    url = bench_url("")
    env = {k: v for k, v in os.environ.items() if k not in {"VERBATIM_DEV", "DATABASE_URL"}}
    command = [
        sys.executable, "-m", "bench.scale", "--database", url, "--printings", "400",
        "--duration", "0.5", "--clients", "4", "--workers", "2", "--import-articles", "3",
        "--import-rounds", "2", "--export-rows", "300", "--output", str(tmp_path),
        "--no-long-articles",
    ]  # fmt: skip
    try:
        result = subprocess.run(  # noqa: S603 - our own interpreter and module
            command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False
        )
        # The imports alone, on the archive just built, with their queries counted.
        alone = subprocess.run(  # noqa: S603 - our own interpreter and module
            [*command, "--import-only", "--import-queries", "3"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    finally:
        from bench.scale import database

        database.drop(url)
        database.drop(url + "_empty")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert alone.returncode == 0, alone.stdout[-3000:] + alone.stderr[-3000:]
    assert "reusing the archive built" in alone.stdout
    assert "gunicorn" not in alone.stdout and "export" not in alone.stdout
    assert re.search(r"medians: [\d.]+ articles/s empty, [\d.]+ full, [\d.]+x; "
                     r"each round's full/empty: [\d.]+, [\d.]+$", alone.stdout, re.M)  # fmt: skip
    for side in ("empty", "full"):
        counted = re.search(rf"{side}: (\d+) queries, [\d.]+s of SQL", alone.stdout)
        assert counted and int(counted.group(1)) > 3 * 10, alone.stdout  # 3 articles
        statements = alone.stdout.split(counted.group(0))[1].splitlines()[1:4]
        assert all(re.search(r"\d+ +[\d.]+ ms  (SELECT|INSERT|UPDATE|\()", s) for s in statements)
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["printings"] == 400
    assert report["bare_rps"] > 0
    assert list(report["pages"]) == [
        "permalink", "permalink_printed", "list", "list_deep", "filter_outlet_date", "person",
        "unit", "outlet", "api_list", "search_common", "search_rare", "search_phrase",
        "search_words", "search_phrases", "search_speaker",
    ]  # fmt: skip
    for name, page in report["pages"].items():
        assert set(page) == {
            "rps", "share_of_bare", "p50_ms", "p95_ms", "p99_ms", "queries", "errors"
        }, name  # fmt: skip
        assert page["errors"] == 0, (name, report["details"]["load"][name])
        assert page["rps"] > 0 and page["queries"] > 0, name
        assert 0 < page["p50_ms"] <= page["p95_ms"] <= page["p99_ms"], name
    # Two imports into each archive, alternately; each side's figure is their median.
    for side in ("empty", "full"):
        runs = report["import"]["runs"][side]
        assert [run["articles"] for run in runs] == [3, 3], side
        rates = [run["articles_per_s"] for run in runs]
        assert min(rates) > 0
        assert report["import"][f"{side}_articles_per_s"] == sum(rates) / 2, side
    # Whole blocks of rows, until at least 300 (there are 400 printings in all).
    assert 300 <= report["export"]["rows"] <= 400
    assert report["export"]["seconds"] > 0
    # The same pages with the page cache off, every request rendered; and how many answers
    # the cache gave in the first run.
    assert list(report["pages_rendered"]) == list(report["pages"])
    assert all(page["errors"] == 0 for page in report["pages_rendered"].values())
    assert set(report["details"]["cache_hits"]) == set(report["pages"])
    assert all(0 <= share <= 1 for share in report["details"]["cache_hits"].values())
    markdown = (tmp_path / "report.md").read_text()
    assert "| search_phrase |" in markdown
    # Cache on and off side by side, the long tail's figure named, and issue 27's targets.
    assert "| **cache off (long tail): req/s** |" in markdown
    assert "- PASS: permalink, cache on" in markdown or "- FAIL: permalink, cache on" in markdown
    assert "search_speaker, rendered (cache off): share of bare ≥ 1/10" in markdown
    # Each page's slowest query with its plan, as EXPLAIN ANALYZE printed it.
    assert markdown.count("Execution Time:") >= len(report["pages"])


def test_searches_are_drawn_from_every_frequency():
    """The long tail of searches: a few hundred words spread from the rarest to the most
    common (each distinct), phrases likewise, and speakers' names of the archive."""
    built = archive.SyntheticArchive(printings=3000, seed=5)
    words = built.across_frequencies(built.document_frequency, 300)
    counts = [n for _, n in words]
    assert 150 <= len(words) <= 300 and len({w for w, _ in words}) == len(words)
    assert min(counts) == min(built.document_frequency.values())
    assert max(counts) == max(built.document_frequency.values())
    # Not bunched at the rare end, as a Zipf distribution's words drawn at random would be.
    assert sum(n > 10 * min(counts) for n in counts) > len(counts) / 4
    names = built.speaker_names(50, random.Random(1))
    people = {p["name"] for p in built.tables[Person]}
    assert len(names) == len(set(names)) and set(names) <= people


def test_the_long_articles_are_as_long_as_their_targets_say(tmp_path):
    """The two long fictional live blogs: about 200 KB with 1,000 quotations and about
    1.6 MB with 3,000, each quotation credited to a named speaker."""
    for label, quotations, narrative, _ in long_articles.SIZES:
        size = long_articles.write(tmp_path / label, quotations, narrative, seed=3)
        text = (tmp_path / label / "live.txt").read_text(encoding="utf-8")
        assert text.count("“") == quotations
        expected = {"200 KB": 200_000, "1.6 MB": 1_600_000}[label]
        assert 0.85 * expected < size < 1.15 * expected, (label, size)


def test_blocks_made_in_parallel_give_the_same_archive(monkeypatch):
    """The quotes are made in seeded blocks: two worker processes make the same rows as one."""
    monkeypatch.setattr(archive, "BLOCK", 150)
    alone = archive.SyntheticArchive(printings=500, seed=9, processes=1)
    shared = archive.SyntheticArchive(printings=500, seed=9, processes=2)
    assert alone.digest() == shared.digest()
    assert len(alone.tables[Printing]) == 500
    assert len({q["short_id"] for q in alone.tables[Quote]}) == len(alone.tables[Quote])
