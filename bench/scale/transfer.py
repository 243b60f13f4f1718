"""Import and export speed: fictional articles through `import_articles`, into an empty archive
and into the built one, and a CSV export of 100,000 rows through the download code.

The import into the built archive runs in one transaction that is rolled back, so the
archive stays exactly as built (and as its stamp says); so does the one into the empty
database, which stays empty for the next run. Each import runs in its own process
(`python -m bench.scale.transfer import DIR`), with the app's production settings, so that
it times the command as an operator runs it, less the interpreter's start.
"""

import cProfile
import json
import os
import random
import re
import sys
import time
from collections import defaultdict
from contextlib import nullcontext
from pathlib import Path

from bench.scale.database import child

FOOTER = "This is a fictional article generated for the Verbatim benchmark."
SAID = ("said", "told reporters", "added", "said on Tuesday")
WARM_UP = "bench-warm-up.txt"  # beside the folder of timed articles


def write_warm_up(folder: Path) -> None:
    """The one article imported, untimed, before the others."""
    (folder / WARM_UP).write_text(
        "Bench warm-up\n\nNadu Kovo spoke to reporters.\n\n"
        "“Gafa sabo tulo ri vemako dazu,” Kovo said.\n\n" + FOOTER + "\n",
        encoding="utf-8",
    )


def write_articles(folder: Path, count: int, *, seed: int, reprints: list[tuple[str, str]]):
    """`count` fictional articles in `folder` with a manifest: each with four to eight quoted
    statements credited to named speakers; about a third of them repeat `reprints` (text,
    speaker: statements already in the archive, so that linking finds them), a third repeat
    statements of the other generated articles, the rest are new."""
    from quotes.models import Person, Quote

    from .archive import SyntheticArchive

    rng = random.Random(seed)
    # Statements and speakers from another, small synthetic archive, never in the built one.
    source = SyntheticArchive(printings=max(500, count * 16), seed=seed + 1)
    names = {p["id"]: p["name"] for p in source.tables[Person]}
    fresh = [(q["text"], names[q["person_id"]]) for q in source.tables[Quote] if q["person_id"]]
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    shared = fresh[: count * 2]
    manifest = []
    for i in range(count):
        paragraphs = [f"Bench report {seed}-{i}", ""]
        printed = set()
        for _ in range(rng.randint(4, 8)):
            roll = rng.random()
            if roll < 1 / 3 and reprints:
                text, speaker = rng.choice(reprints)
            elif roll < 2 / 3:
                text, speaker = rng.choice(shared)
            else:
                text, speaker = fresh[(count * 2 + rng.randrange(len(fresh) - count * 2))]
            if text in printed:
                continue
            printed.add(text)
            surname = speaker.split()[-1]
            paragraphs += [
                f"{speaker} spoke to reporters on the day.",
                "",
                f"“{text.rstrip('.')},” {surname} {rng.choice(SAID)}.",
                "",
            ]
        paragraphs.append(FOOTER)
        name = f"bench-{i:05d}.txt"
        (folder / name).write_text("\n".join(paragraphs) + "\n", encoding="utf-8")
        manifest.append(
            {
                "file": name,
                "outlet": f"Bench Wire {i % 7}",
                "url": f"https://bench-wire.example/{seed}/{i}",
                "title": f"Bench report {seed}-{i}",
                "published": f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}",
            }
        )
    with (folder / "manifest.jsonl").open("w", encoding="utf-8") as out:
        for line in manifest:
            out.write(json.dumps(line) + "\n")
    write_warm_up(folder.parent)


def run_import(env: dict[str, str], folder: Path) -> dict:
    """Import `folder` in a child process on the database of `env`, rolled back; its figures."""
    printed = child(["-m", "bench.scale.transfer", "import", str(folder)], env, "the import")
    return json.loads(printed.strip().splitlines()[-1])


def import_rolled_back(folder: Path) -> dict:
    """(In the child process.) import_articles --publish on `folder` inside a transaction
    that is then rolled back: the articles imported, the seconds taken, articles a second."""
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.urls import reverse

    from archive.models import Article
    from quotes.models import Quote

    files = len([p for p in folder.iterdir() if p.suffix == ".txt"])
    counting = int(os.environ.get("BENCH_IMPORT_QUERIES") or 0)
    statements = Statements()
    with transaction.atomic():
        # One article first, untimed: the first import loads word lists and compiles rules.
        call_command("import_articles", str(folder.parent / WARM_UP), "--publish", verbosity=0)
        # And the URL patterns, loaded once a process (every view imported) by the first
        # address asked for: a merge names the merged quote's, which the warm-up does not.
        reverse("quotes:quote-detail", kwargs={"short_id": "warm-up"})
        before, quotes_before = Article.objects.count(), Quote.objects.count()
        started = time.perf_counter()
        # BENCH_IMPORT_PROFILE=FILE: the timed import's cProfile, for pstats.
        profiling = os.environ.get("BENCH_IMPORT_PROFILE")
        profiler = cProfile.Profile() if profiling else None
        with connection.execute_wrapper(statements) if counting else nullcontext():
            with profiler or nullcontext():
                call_command("import_articles", str(folder), "--publish", verbosity=0)
        seconds = time.perf_counter() - started
        if profiler:
            profiler.dump_stats(profiling)
        imported = Article.objects.count() - before
        quotes = Quote.objects.count() - quotes_before
        transaction.set_rollback(True)
    if imported != files:
        raise SystemExit(f"{imported} of {files} generated articles were imported")
    figures = {
        "articles": imported,
        "seconds": round(seconds, 2),
        "articles_per_s": round(imported / seconds, 2),
        "new_quotes": quotes,
    }
    if counting:
        figures |= statements.summary(counting)
    return figures


def shape_of(sql: str) -> str:
    """A statement without its values: literals, numbers and the lengths of IN lists."""
    sql = re.sub(r"'[^']*'", "?", sql)
    sql = re.sub(r"\b\d+\b", "N", sql)
    return re.sub(r"(%s, )+%s", "%s…", sql)


class Statements:
    """An execute wrapper counting and timing each query of the import by its statement, the
    values left out (literals, numbers, the lengths of IN lists), to see where its SQL goes."""

    def __init__(self):
        self.seen = defaultdict(lambda: [0, 0.0])

    def __call__(self, execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            seconds = time.perf_counter() - started
            figures = self.seen[shape_of(sql)]
            figures[0] += 1
            figures[1] += seconds

    def summary(self, top: int) -> dict:
        """The number of queries, their seconds, and the `top` statements by time (count, ms,
        the statement's start)."""
        costly = sorted(self.seen.items(), key=lambda item: -item[1][1])[:top]
        return {
            "queries": sum(count for count, _ in self.seen.values()),
            "sql_seconds": round(sum(seconds for _, seconds in self.seen.values()), 3),
            "statements": [
                [count, round(seconds * 1000, 1), " ".join(shape.split())[:160]]
                for shape, (count, seconds) in costly
            ],
        }


def export_csv(rows: int, out: Path) -> dict:
    """The CSV export of every public quote, written to `out` by the export code's own writer
    (quotes.exporting.blocks, what the download view and the background export stream) until
    at least `rows` rows are written (whole blocks, so a few more); rows and seconds."""
    from django.conf import settings

    from quotes import exporting, public

    started = time.perf_counter()
    written = 0
    with out.open("w", encoding="utf-8", newline="") as handle:
        for text, count in exporting.blocks("csv", public.quotes(), site_url=settings.SITE_URL):
            handle.write(text)
            written += count
            if written >= rows:
                break
    return {"rows": written, "seconds": round(time.perf_counter() - started, 3)}


if __name__ == "__main__":
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.scale.settings")
    django.setup()
    if sys.argv[1:2] != ["import"] or len(sys.argv) != 3:
        raise SystemExit("usage: python -m bench.scale.transfer import FOLDER")
    print(json.dumps(import_rolled_back(Path(sys.argv[2]))))
