"""How fast `import_articles` archives articles into an empty archive and into a full one,
and what the fingerprint index costs per printing.

    VERBATIM_DEV=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/verbatim \
        .venv/bin/python bench/bench_import.py [--articles 200] [--printings 100000]

Builds a scratch database (as the test runner does), imports ARTICLES generated articles
through the `import_articles` command into it (after a few warm-up articles that load the
extraction's tables), then adds PRINTINGS printings in bulk (quotes, people, articles and
their fingerprints, as `bench/scale` does at a million) and imports ARTICLES more. A third of
the articles reprint, reworded, a statement of an earlier article, so linking does its work.
Everything is invented from word lists, deterministically: no real text is involved.

Reports for both articles per second, with the CPU time of this process and the queries per
article (on a machine others share, the rate follows their load; the CPU time follows only
the import's own work, save the database server's), the full archive's cost per article as
a multiple of the empty one's, and the fingerprint table's size (pg_total_relation_size,
with its indexes) per printing. On SQLite the sizes are left out.
"""

import argparse
import cProfile
import functools
import io
import itertools
import json
import os
import pstats
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "verbatim.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.utils.text import slugify  # noqa: E402

from archive.models import Article  # noqa: E402
from bench.bench_matching import GLUE, SYLLABLES  # noqa: E402 - the same invented words
from quotes.matching import fingerprint_keys  # noqa: E402
from quotes.models import Fingerprint, Person, Printing, Quote  # noqa: E402

SURNAME_ENDINGS = ["enko", "chuk", "ovych", "yak", "ets", "uk"]
RANKS = ["Colonel", "Major", "Captain", "Lieutenant Colonel", "Sergeant"]
ROLES = ["commander", "spokesman", "chief of staff", "deputy commander"]
KINDS = ["Marine", "Mechanised", "Assault", "Artillery", "Territorial Defence"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]


def invented(rng, low=1, high=3):
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(low, high)))


def vocabulary(rng, size=5000):
    words = set()
    while len(words) < size:
        words.add(invented(rng))
    return sorted(words)


@functools.cache
def zipf_weights(size):
    return list(itertools.accumulate(1 / (rank + 1) for rank in range(size)))


def sentence(rng, vocab):
    """Words drawn with Zipf-like frequencies, glue words between, as in running text."""
    n = rng.randint(7, 16)
    drawn = rng.choices(vocab, cum_weights=zipf_weights(len(vocab)), k=n)
    text = " ".join(w if i % 2 else rng.choice(GLUE) for i, w in enumerate(drawn))
    return text.capitalize() + "."


def statement(rng, vocab, sentences=None):
    return " ".join(sentence(rng, vocab) for _ in range(sentences or rng.randint(1, 3)))


def reword(text, rng, vocab):
    """Another outlet's printing: a word changed in every twelve."""
    ws = text.split()
    for _ in range(max(1, len(ws) // 12)):
        i = rng.randrange(len(ws))
        if not ws[i].endswith("."):
            ws[i] = rng.choice(vocab)
    return " ".join(ws)


def name(rng):
    given = invented(rng, 2, 2).capitalize()
    return given, (invented(rng, 1, 2) + rng.choice(SURNAME_ENDINGS)).capitalize()


def article(rng, vocab, earlier):
    """One article's text: two speakers, three quotations; a third of the articles reprint an
    earlier article's first statement, reworded, with its speaker. Returns the text and what
    later articles may reprint."""
    if earlier and rng.random() < 1 / 3:
        rank, given, surname, unit, words = rng.choice(earlier)
        words = reword(words, rng, vocab)
    else:
        rank, (given, surname) = rng.choice(RANKS), name(rng)
        unit = f"{rng.randint(1, 150)}th {rng.choice(KINDS)} Brigade"
        words = statement(rng, vocab, 2)
    other_given, other_surname = name(rng)
    place = invented(rng, 2, 3).capitalize()
    title = " ".join(invented(rng) for _ in range(6)).capitalize()
    role = rng.choice(ROLES)
    text = (
        f"{title}\n\n"
        f"{rank} {given} {surname}, {role} of the {unit}, told reporters in {place} on "
        f"{rng.choice(WEEKDAYS)} that {sentence(rng, vocab).lower()}\n\n"
        f"\u201c{words[:-1]},\u201d {surname} said.\n\n"
        f"{sentence(rng, vocab)} \u201c{statement(rng, vocab, 1)}\u201d the {role} added.\n\n"
        f"Separately, {other_given} {other_surname}, a spokesman for the "
        f"{invented(rng, 2, 2).capitalize()} Regiment, said {sentence(rng, vocab).lower()}\n\n"
        f"\u201c{statement(rng, vocab)[:-1]},\u201d {other_surname} said.\n"
    )
    return title, text, (rank, given, surname, unit, words)


def write_articles(folder: Path, n, rng, vocab, earlier, label):
    """N articles and their manifest in `folder`."""
    folder.mkdir(parents=True)
    lines = []
    for i in range(n):
        title, text, printed = article(rng, vocab, earlier)
        earlier.append(printed)
        file = f"{label}{i:05d}.txt"
        (folder / file).write_text(text, encoding="utf-8")
        outlet = f"{invented(rng, 2, 2).capitalize()} {rng.choice(['Post', 'Wire', 'Herald'])}"
        lines.append(
            json.dumps(
                {
                    "file": file,
                    "outlet": outlet,
                    "url": f"https://{slugify(outlet)}.example/{label}/{i}",
                    "title": title,
                    "published": f"2031-{1 + i % 12:02d}-{1 + i % 28:02d}",
                }
            )
        )
    (folder / "manifest.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


@dataclass
class Run:
    articles: int
    seconds: float
    cpu: float  # this process's CPU seconds: the share of a busy machine that was ours
    queries: int

    def __str__(self):
        n = self.articles
        return (
            f"{n / self.seconds:7.1f} articles/s  {1000 * self.cpu / n:5.0f} ms CPU and "
            f"{self.queries / n:4.0f} queries per article"
        )


def timed_import(folder: Path, profile: str | None = None) -> Run:
    """One run of the import_articles command over `folder`; with `profile` (a file name),
    under cProfile counting CPU time, its statistics written there (the figures then include the
    profiler's own cost)."""
    before = Article.objects.count()
    queries = 0

    def count(execute, sql, params, many, context):
        nonlocal queries
        queries += 1
        return execute(sql, params, many, context)

    started, cpu = time.perf_counter(), time.process_time()
    profiler = cProfile.Profile(time.process_time) if profile else None
    with connection.execute_wrapper(count):
        if profiler:
            profiler.enable()
        call_command("import_articles", str(folder), verbosity=0, stdout=io.StringIO())
        if profiler:
            profiler.disable()
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    if profiler:
        profiler.dump_stats(profile)
    return Run(Article.objects.count() - before, seconds, cpu, queries)


def fill(printings, rng, vocab):
    """PRINTINGS printings of invented statements, in bulk: a quote for every two, a person
    for every twenty, an article for every five, and each printing's fingerprints."""
    batch = 5000
    people = []
    for first in range(0, printings // 20, batch):
        chunk = []
        for i in range(first, min(first + batch, printings // 20)):
            full = " ".join(name(rng))
            chunk.append(Person(name=full, slug=f"{slugify(full)}-b{i}").with_keys())
        people += Person.objects.bulk_create(chunk)
    for first in range(0, printings, batch):
        size = min(batch, printings - first)
        articles = Article.objects.bulk_create(
            Article(body="bulk", raw=b"bulk", raw_size=4, sha256=f"{first + i:064x}")
            for i in range(size // 5)
        )
        texts = [statement(rng, vocab) for _ in range(size // 2)]
        quotes = Quote.objects.bulk_create(
            Quote(
                text=t,
                short_id=f"b{first + i:09d}",
                person=rng.choice(people) if people else None,
            )
            for i, t in enumerate(texts)
        )
        made = Printing.objects.bulk_create(
            Printing(
                quote=quotes[i // 2],
                article=articles[i // 5],
                text=quotes[i // 2].text if i % 2 == 0 else reword(quotes[i // 2].text, rng, vocab),
                start=i % 5 * 1000,
                end=i % 5 * 1000 + 10,
            )
            for i in range(size)
        )
        rows = ((k, a.pk) for a in made for k in fingerprint_keys(a.text))
        if connection.vendor == "postgresql":
            table = connection.ops.quote_name(Fingerprint._meta.db_table)
            with connection.cursor() as cursor:
                with cursor.cursor.copy(f"COPY {table} (key, printing_id) FROM STDIN") as copy:
                    for row in rows:
                        copy.write_row(row)
        else:
            Fingerprint.objects.bulk_create(
                (Fingerprint(key=k, printing_id=a) for k, a in rows), batch_size=batch
            )


def fingerprint_bytes():
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_total_relation_size(%s)", [Fingerprint._meta.db_table])
        return cursor.fetchone()[0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--articles", type=int, default=200)
    parser.add_argument("--printings", type=int, default=100_000)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="also profile both imports (cProfile) into FILE.empty and FILE.full, and print "
        "where the time went",
    )
    args = parser.parse_args()
    rng = random.Random(11)
    vocab = vocabulary(rng)
    real_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            earlier = []
            write_articles(Path(tmp, "warmup"), args.warmup, rng, vocab, earlier, "w")
            write_articles(Path(tmp, "empty"), args.articles, rng, vocab, earlier, "e")
            write_articles(Path(tmp, "full"), args.articles, rng, vocab, earlier, "f")
            timed_import(Path(tmp, "warmup"))  # loads the extraction's tables, once
            empty = timed_import(
                Path(tmp, "empty"), profile=args.profile and f"{args.profile}.empty"
            )
            started = time.perf_counter()
            fill(args.printings, rng, vocab)
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")
            built = time.perf_counter() - started
            printings = Printing.objects.count()
            size = fingerprint_bytes()
            rows = Fingerprint.objects.count()
            full = timed_import(Path(tmp, "full"), profile=args.profile and f"{args.profile}.full")
    finally:
        connection.creation.destroy_test_db(real_name, verbosity=0)
    print(f"{connection.vendor}: {args.articles} generated articles imported each time")
    print(f"  empty archive                     {empty}")
    print(f"  archive of {printings:9,} printings  {full}  (filled in {built:.0f} s)")
    ratio = (empty.articles / empty.seconds) / (full.articles / full.seconds)
    print(f"  cost per article, full/empty {ratio:6.2f}x ({full.cpu / empty.cpu:.2f}x in CPU)")
    print(f"  fingerprint rows per printing {rows / printings:5.1f}")
    if size is not None:
        print(f"  fingerprint bytes per printing {size / printings:5.0f} ({size / 2**20:.0f} MiB)")
    for run in ("empty", "full") if args.profile else ():
        print(f"\n{run} archive, cumulative time in the project's own functions:")
        stats = pstats.Stats(f"{args.profile}.{run}", stream=sys.stdout)
        stats.sort_stats("cumulative").print_stats(r"/(quotes|archive)/", 25)


if __name__ == "__main__":
    main()
