"""How task throughput grows with worker processes: one worker against two, on PostgreSQL.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/verbatim_bench \\
        .venv/bin/python bench/bench_workers.py --articles 120

Builds a scratch database (as the test runner does), then for 1 and for 2 workers: empties
the archive, enqueues one real import task (archive.tasks.import_article, through the
database backend production uses) per generated fictional article, starts that many
`run_worker --batch` processes and times until they have run every task. Prints tasks a
second for each and the ratio. The articles are invented (people, places, units, outlets) and
carry several quotations each, so that every task extracts, attributes and links quotes.

On a machine shared with other work the figure depends on how many cores are free: the load
average is printed with it.
"""

import argparse
import base64
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "verbatim.settings")
# Development settings (no secrets needed) but production's task queue, and DEBUG off so that
# workers do not keep every query in memory.
os.environ.setdefault("VERBATIM_DEV", "1")
os.environ.setdefault("DEBUG", "0")
os.environ["VERBATIM_TASKS"] = "database"

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import Max, Min  # noqa: E402
from django_tasks_db.models import DBTaskResult  # noqa: E402

from archive.tasks import import_article  # noqa: E402

FIRST = ["Oskar", "Marta", "Ilya", "Dana", "Pavlo", "Irena", "Tomas", "Lena", "Bohdan", "Sofia"]
LAST = ["Thalberg", "Verenko", "Marsh", "Kovalen", "Dunmore", "Ostrova", "Hale", "Brisk"]
PLACES = ["Varra", "Oldmere", "Kestrel Point", "Lowbridge", "Fenwick", "Ashgate"]
UNITS = ["3rd Coastal Brigade", "41st Engineer Battalion", "7th River Flotilla"]
OUTLETS = ["Morning Post", "Evening Star", "Harbour Courier", "Valley Herald"]
WORDS = (
    "we held the line through the night and the water kept rising but nobody left the dam "
    "the bridge is open again the convoy reached the town before dawn supplies are enough "
    "for a week the shelling stopped at noon we will rebuild the school before winter"
).split()


def article(rng, n):
    """An invented news article with four or five attributed quotations."""
    paragraphs = [f"{rng.choice(PLACES)}: report number {n}", ""]
    for _ in range(rng.randint(4, 5)):
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        said = " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 16))).capitalize()
        paragraphs.append(
            f"{name}, of the {rng.choice(UNITS)}, said in {rng.choice(PLACES)}: \u201c{said}.\u201d"
        )
        paragraphs.append("")
    paragraphs.append("This is a fictional article written for a Verbatim benchmark.")
    return "\n".join(paragraphs).encode()


def enqueue(articles):
    for n, raw in enumerate(articles):
        import_article.enqueue(
            raw_base64=base64.b64encode(raw).decode("ascii"),
            source_file=f"bench-{n}.txt",
            raw_format="txt",
            metadata={"outlet": OUTLETS[n % len(OUTLETS)], "published": "2031-05-01"},
        )


def run(workers, articles, env):
    call_command("flush", interactive=False, verbosity=0)
    enqueue(articles)
    connection.close()  # the workers are other processes; let them have the database
    started = time.perf_counter()
    processes = [
        subprocess.Popen(  # noqa: S603 (our own interpreter and manage.py)
            [sys.executable, "manage.py", "run_worker", "--batch", "--no-startup-delay"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(workers)
    ]
    for process in processes:
        process.wait()
    seconds = time.perf_counter() - started
    statuses = list(DBTaskResult.objects.values_list("status", flat=True))
    assert statuses.count("SUCCESSFUL") == len(articles), statuses
    # Also from the first task started to the last finished: without the workers' start-up
    # (loading Django and the extraction models), which a long-running worker pays once.
    span = DBTaskResult.objects.aggregate(first=Min("started_at"), last=Max("finished_at"))
    return seconds, (span["last"] - span["first"]).total_seconds()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--articles", type=int, default=120)
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        sys.exit("bench_workers measures PostgreSQL: set DATABASE_URL=postgres://...")
    rng = random.Random(11)
    articles = [article(rng, n) for n in range(args.articles)]
    real_name = connection.settings_dict["NAME"]
    test_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    settings = connection.settings_dict
    env = {
        **os.environ,
        "VERBATIM_TASKS": "database",
        "DATABASE_URL": (
            f"postgres://{settings['USER']}:{settings['PASSWORD'] or ''}@{settings['HOST']}:"
            f"{settings['PORT'] or 5432}/{test_name}"
        ),
    }
    try:
        timings = {}
        for workers in (1, 2):
            wall, busy = timings[workers] = run(workers, articles, env)
            print(
                f"  {workers} worker{'s' if workers > 1 else ' '}: {args.articles} imports in "
                f"{wall:6.1f} s with start-up, {busy:6.1f} s from first task to last = "
                f"{args.articles / busy:5.2f} tasks/s "
                f"(load average {' '.join(f'{x:.1f}' for x in os.getloadavg())})"
            )
        print(
            f"  two workers against one: x{timings[1][1] / timings[2][1]:.2f} throughput "
            f"(x{timings[1][0] / timings[2][0]:.2f} with start-up)"
        )
    finally:
        connection.close()
        connection.creation.destroy_test_db(real_name, verbosity=0)


if __name__ == "__main__":
    main()
