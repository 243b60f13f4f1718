"""The public pages' render cost in one process, without gunicorn or load: milliseconds per
request through the Django test client, the page cache off, on an archive `python -m
bench.scale --build-only` built. For before/after comparisons of template and view changes,
where a load run's req/s moves with whatever else the machine is doing.

    .venv/bin/python -m bench.scale.render [--pages permalink,list] [--requests 200]
                                           [--profile permalink]

Each page is asked for at the addresses the load run draws (run.page_urls, same seed), each
address once, after one uncounted request per page. The figures to compare are the CPU time
of this process per request (Python: view, templates, the database driver's side), its
median and its minimum, which a busy machine moves less than the elapsed time (also shown).
--profile prints that page's cProfile, by cumulative and by own time; --queries N, each
page's N queries that took longest in all (their numbers written as 0, so that one query
asked with different ids counts once), with the mean per request; --save writes each
page's HTML to a folder, to check that a change leaves the output as it was (diff -r).
"""

import argparse
import collections
import cProfile
import io
import logging
import os
import pstats
import random
import re
import secrets
import statistics
import time
from pathlib import Path

from .run import DEFAULT_DATABASE, ROOT, collect_static, page_urls

# The HTML pages rendered from templates (the search pages and the API are measured by the
# load run).
HTML_PAGES = (
    "permalink",
    "list",
    "list_deep",
    "filter_outlet_date",
    "person",
    "unit",
    "outlet",
)


def arguments(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.scale.render", description=__doc__)
    parser.add_argument("--database", default=os.environ.get("DATABASE_URL") or DEFAULT_DATABASE)
    parser.add_argument("--pages", default=",".join(HTML_PAGES))
    parser.add_argument("--requests", type=int, default=200, help="per page")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--profile", default="", help="a page to profile")
    parser.add_argument("--restrict", default="", help="only profile lines matching (regex)")
    parser.add_argument(
        "--save", default="", help="a folder to write each page's HTML to, to compare outputs"
    )
    parser.add_argument(
        "--queries", type=int, default=0, help="print each page's N costliest queries"
    )
    parser.add_argument(
        "--language", default="en", help="the pages' language (its prefix: /uk/quotes/)"
    )
    return parser.parse_args(argv)


def main(argv=None):
    args = arguments(argv)
    from . import database

    database.parts(args.database)
    static = ROOT / "var" / "bench" / "static"
    env = database.environment(
        args.database,
        SECRET_KEY=secrets.token_hex(32),
        ALLOWED_HOSTS="testserver",
        DEBUG="0",
        SECURE_SSL_REDIRECT="0",
        PAGE_CACHE_SECONDS="0",
        BENCH_STATIC_ROOT=str(static),
    )
    os.environ.update(env)
    collect_static(env, static)
    import django

    django.setup()
    logging.getLogger("verbatim.requests").setLevel(logging.WARNING)
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    stamp = database.read_stamp(args.database)
    if not stamp:
        raise SystemExit(f"no archive built in {args.database}: run python -m bench.scale first")
    urls = page_urls(stamp, random.Random(args.seed))
    client = Client()
    default = settings.LANGUAGE_CODE.split("-")[0]
    prefix = "" if args.language == default else f"/{args.language}"
    for name in args.pages.split(","):
        wanted = urls[name][1]
        asked = [prefix + wanted[i % len(wanted)] for i in range(args.requests)]
        client.get(asked[0])
        profiler = cProfile.Profile() if name == args.profile else None
        times, cpu, spent = [], [], collections.Counter()
        queries = CaptureQueriesContext(connection) if args.queries else None
        for url in asked:
            started, started_cpu = time.perf_counter(), time.process_time()
            if profiler:
                profiler.enable()
            if queries is not None:
                with queries:
                    response = client.get(url)
                spent.update(query_times(queries.captured_queries))
            else:
                response = client.get(url)
            if profiler:
                profiler.disable()
            times.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
            if response.status_code != 200:
                raise SystemExit(f"{url}: {response.status_code}")
            if args.save:
                folder = Path(args.save) / args.language
                folder.mkdir(parents=True, exist_ok=True)
                (folder / f"{name}-{len(times):04d}.html").write_bytes(response.content)
        print(
            f"{name:20} CPU {statistics.median(cpu):6.2f} ms median, {min(cpu):6.2f} min; "
            f"elapsed {statistics.median(times):6.2f} ms median; {len(times)} requests",
            flush=True,
        )
        for sql, total in spent.most_common(args.queries):
            # The columns read are left out: what tells queries apart is where they read.
            shown = re.sub(r"^SELECT .+? FROM ", "SELECT … FROM ", sql)
            print(f"  {total / len(times):8.2f} ms a request  {shown[:600]}")
        if profiler:
            for order in ("cumulative", "tottime"):
                out = io.StringIO()
                stats = pstats.Stats(profiler, stream=out).sort_stats(order)
                stats.print_stats(*([args.restrict] if args.restrict else []), 45)
                print(out.getvalue())


def query_times(captured):
    """Milliseconds spent in each query of `captured`, its numbers and strings written as 0."""
    spent = collections.Counter()
    for query in captured:
        shape = re.sub(r"'[^']*'|\b\d+\b", "0", query["sql"])
        spent[shape] += float(query["time"]) * 1000
    return spent


if __name__ == "__main__":
    main()
