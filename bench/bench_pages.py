"""How fast the public pages and the API answer on a large archive.

    VERBATIM_DEV=1 .venv/bin/python bench/bench_pages.py --quotes 20000
    VERBATIM_DEV=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/verbatim \\
        .venv/bin/python bench/bench_pages.py --quotes 100000

Builds a scratch database (as the test runner does) with N published quotes by 2,000
invented people, printed one to three times each across 200 outlets over three years, then
times each page through Django's test client (the whole request, template included, no
network) and reports the median and 95th percentile.
"""

import argparse
import datetime
import itertools
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "verbatim.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from archive.models import Article, Outlet  # noqa: E402
from bench.bench_matching import analyze, statement, vocabulary  # noqa: E402
from quotes.models import Person, Printing, Quote  # noqa: E402
from quotes.search import refresh_search  # noqa: E402

START = datetime.date(2031, 1, 1)


def build(n, rng):
    vocab = vocabulary(rng)
    outlets = Outlet.objects.bulk_create(
        Outlet(name=f"Outlet {i}", slug=f"outlet-{i}") for i in range(200)
    )
    people = Person.objects.bulk_create(
        Person(name=f"Person {i} {rng.choice(vocab).title()}", slug=f"person-{i}", key=f"p{i}")
        for i in range(2000)
    )
    articles = Article.objects.bulk_create(
        Article(
            outlet=rng.choice(outlets),
            title=f"Article {i}",
            published=START + datetime.timedelta(days=rng.randrange(1095)),
            body="x",
            raw=b"x",
            raw_size=1,
            sha256=f"{i:064d}",
        )
        for i in range(max(1, n // 2))
    )
    batch = 5000
    offsets = itertools.count()
    for first in range(0, n, batch):
        quotes = Quote.objects.bulk_create(
            Quote(
                text=statement(rng, vocab),
                short_id=f"p{first + i:09d}",
                status=Quote.Status.PUBLISHED,
                person=rng.choice(people),
            )
            for i in range(min(batch, n - first))
        )
        Printing.objects.bulk_create(
            Printing(quote=q, article=rng.choice(articles), text=q.text, start=o, end=o + 1)
            for q in quotes
            for o in itertools.islice(offsets, rng.randint(1, 3))
        )
        refresh_search(quotes)
    return people, outlets


def timed(client, path, runs):
    timings = []
    for _ in range(runs):
        t0 = time.perf_counter()
        response = client.get(path)
        timings.append((time.perf_counter() - t0) * 1000)
        assert response.status_code == 200, (path, response.status_code)
    timings.sort()
    return statistics.median(timings), timings[int(len(timings) * 0.95)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quotes", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    rng = random.Random(11)
    real_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        started = time.perf_counter()
        people, outlets = build(args.quotes, rng)
        analyze()
        print(
            f"{connection.vendor}: {Quote.objects.count()} quotes, "
            f"{Printing.objects.count()} printings in {time.perf_counter() - started:.0f}s"
        )
        client = Client()
        word = Quote.objects.first().text.split()[1]
        quote = Quote.objects.order_by("?").first()
        pages = [
            ("home", "/"),
            ("quote list", "/quotes/"),
            ("quote list, page 40", "/quotes/?page=40"),
            ("search one word", f"/quotes/?q={word}"),
            ("search by outlet and dates", f"/quotes/?outlet={outlets[3].slug}&from=2032-01-01"),
            ("quote permalink", quote.get_absolute_url()),
            ("person page", people[5].get_absolute_url()),
            ("API quotes", "/api/quotes/"),
        ]
        for label, path in pages:
            median, p95 = timed(client, path, args.runs)
            print(f"  {label:28s} median {median:7.1f} ms  p95 {p95:7.1f} ms")
    finally:
        connection.creation.destroy_test_db(real_name, verbosity=0)


if __name__ == "__main__":
    main()
