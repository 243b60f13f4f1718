"""How long linking one new statement takes as the archive grows.

    VERBATIM_DEV=1 .venv/bin/python bench/bench_matching.py --quotes 20000
    VERBATIM_DEV=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/verbatim \
        .venv/bin/python bench/bench_matching.py --quotes 100000

Builds a scratch database (as the test runner does) with N synthetic quotes, one printing
and its fingerprints each, then times `find_matches` for statements that repeat a stored
quote with changed words, and for statements that repeat nothing.
"""

import argparse
import functools
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

from archive.models import Article  # noqa: E402
from quotes.matching import find_matches, fingerprint_keys  # noqa: E402
from quotes.models import Fingerprint, Printing, Quote  # noqa: E402

SYLLABLES = (
    "ka lo mi ne ru sa to ve bri dan fel gor hal jin kor lum mar nor pel ras sen tor vin".split()
)
GLUE = (
    "the a we they will not never always must should can our their this that and but of to in"
).split()


def vocabulary(rng, size=5000):
    """Invented words, so that no real text is involved."""
    words = set()
    while len(words) < size:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 3))))
    return sorted(words)


def sentence(rng, vocab):
    """Words drawn with Zipf-like frequencies, glue words between, as in running text."""
    n = rng.randint(7, 16)
    content = rng.choices(vocab, cum_weights=zipf_weights(len(vocab)), k=n)
    text = " ".join(w if i % 2 else rng.choice(GLUE) for i, w in enumerate(content))
    return text.capitalize() + "."


@functools.cache
def zipf_weights(size):
    return list(itertools.accumulate(1 / (rank + 1) for rank in range(size)))


def statement(rng, vocab):
    return " ".join(sentence(rng, vocab) for _ in range(rng.randint(1, 4)))


def reword(text, rng, vocab):
    ws = text.split()
    for _ in range(max(1, len(ws) // 12)):
        ws[rng.randrange(len(ws))] = rng.choice(vocab)
    return " ".join(ws)


def build(n, rng, vocab):
    article = Article.objects.create(
        body="synthetic", raw=b"synthetic", raw_size=9, sha256="0" * 64
    )
    texts = []
    batch = 2000
    for first in range(0, n, batch):
        chunk = [statement(rng, vocab) for _ in range(min(batch, n - first))]
        quotes = Quote.objects.bulk_create(
            Quote(text=t, short_id=f"b{first + i:09d}") for i, t in enumerate(chunk)
        )
        printings = Printing.objects.bulk_create(
            Printing(quote=q, article=article, text=q.text, start=first + i, end=first + i + 1)
            for i, q in enumerate(quotes)
        )
        Fingerprint.objects.bulk_create(
            (Fingerprint(printing=a, key=k) for a in printings for k in fingerprint_keys(a.text)),
            batch_size=5000,
        )
        texts.extend(chunk)
    return texts


def analyze():
    """Fresh planner statistics, as autovacuum would have after a bulk load."""
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quotes", type=int, default=20000)
    parser.add_argument("--lookups", type=int, default=200)
    args = parser.parse_args()
    rng = random.Random(7)
    real_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        started = time.perf_counter()
        vocab = vocabulary(rng)
        texts = build(args.quotes, rng, vocab)
        analyze()
        print(
            f"{connection.vendor}: built {args.quotes} quotes, "
            f"{Fingerprint.objects.count()} fingerprints in {time.perf_counter() - started:.1f}s"
        )
        # A baseline in the same run, so that figures from a busy machine compare: one
        # indexed read of a quote by its primary key.
        pks = list(Quote.objects.values_list("pk", flat=True)[:1000])
        base = []
        for _ in range(args.lookups):
            t0 = time.perf_counter()
            Quote.objects.filter(pk=rng.choice(pks)).first()
            base.append((time.perf_counter() - t0) * 1000)
        baseline = statistics.median(base)
        print(f"  {'baseline: quote by key':26s} median {baseline:6.2f} ms")
        for label, make in (
            ("repeat with changed words", lambda: reword(rng.choice(texts), rng, vocab)),
            ("new statement", lambda: statement(rng, vocab)),
        ):
            timings, found = [], 0
            for _ in range(args.lookups):
                text = make()
                t0 = time.perf_counter()
                sure, _ = find_matches([text], person=None)
                timings.append((time.perf_counter() - t0) * 1000)
                found += bool(sure)
            timings.sort()
            median = statistics.median(timings)
            print(
                f"  {label:26s} median {median:6.1f} ms  "
                f"p95 {timings[int(len(timings) * 0.95)]:6.1f} ms  "
                f"x{median / baseline:.0f} the baseline  linked {found}/{args.lookups}"
            )
    finally:
        connection.creation.destroy_test_db(real_name, verbosity=0)


if __name__ == "__main__":
    main()
