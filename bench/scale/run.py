"""`make bench`: build (or reuse) the synthetic archive, put each page under load beside a bare
view, measure import and export, and write var/bench/report.json and report.md.

    .venv/bin/python -m bench.scale [--printings N] [--duration S] [--rebuild]

PRINTINGS, DURATION, REBUILD=1 and DATABASE_URL (PostgreSQL on this machine; default
postgres://postgres@127.0.0.1:5432/verbatim_bench) may be given in the environment instead,
as `make bench` does. The archive is rebuilt only when its stamp (size, seed, builder,
fingerprint code, migrations) no longer matches, or with --rebuild. A second database,
<name>_empty, is made anew (migrated) before each import into an empty archive.

gunicorn runs with the production settings (DEBUG off, a random SECRET_KEY, Redis database 8
as the shared cache, tasks through the database) plus bench/scale/settings.py: the bare view,
the query-count header, and rate limits raised out of the way; HTTPS redirects are off, since
the load comes over plain HTTP on loopback.
"""

import argparse
import datetime
import json
import logging
import os
import platform
import random
import secrets
import shlex
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/verbatim_bench"
REDIS_URL = "redis://127.0.0.1:6379/8"
PAGES = (
    "permalink",
    "list",
    "list_deep",
    "filter_outlet_date",
    "person",
    "api_list",
    "search_common",
    "search_rare",
    "search_phrase",
)


def env_flag(name):
    return os.environ.get(name, "").strip().lower() in {"1", "true", "yes", "on"}


def arguments(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m bench.scale",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    env = os.environ.get
    parser.add_argument("--database", default=env("DATABASE_URL") or DEFAULT_DATABASE)
    parser.add_argument("--printings", type=int, default=int(env("PRINTINGS") or 1_000_000))
    parser.add_argument("--duration", type=float, default=float(env("DURATION") or 30))
    parser.add_argument("--rebuild", action="store_true", default=env_flag("REBUILD"))
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--import-articles", type=int, default=int(env("IMPORT_ARTICLES") or 100))
    parser.add_argument(
        "--import-rounds",
        type=int,
        default=5,
        help="imports into each archive, alternately; the report gives each one's median",
    )
    parser.add_argument(
        "--no-long-articles",
        dest="long_articles",
        action="store_false",
        help="leave out the two long articles' imports (bench/scale/long_articles.py)",
    )
    parser.add_argument("--export-rows", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=None, help="the archive's (default 11)")
    parser.add_argument("--output", type=Path, default=ROOT / "var" / "bench")
    parser.add_argument("--build-only", action="store_true", help="build or check the archive")
    parser.add_argument(
        "--import-only",
        action="store_true",
        help="build or check the archive, then only the imports (no pages, no export, no report)",
    )
    parser.add_argument(
        "--long-only",
        action="store_true",
        help="build or check the archive, then only the two long articles' imports "
        "(bench/scale/long_articles.py), their figures printed",
    )
    parser.add_argument(
        "--import-queries",
        type=int,
        default=0,
        metavar="N",
        help="with --import-only: count every query of each import and print its N most costly "
        "statements (the counting itself takes a little time)",
    )
    parser.add_argument(
        "--pages",
        default="",
        metavar="NAME,NAME",
        help="only these pages (permalink, list, person, ...), rendered every time (the page "
        "cache off) beside the bare view, each one's share of it printed; no plans, imports, "
        "export or report: for measuring a page change",
    )
    parser.add_argument(
        "--keep-archive",
        action="store_true",
        help="measure the archive already built at this size even if its stamp no longer "
        "matches the code (the report says so); for measuring page changes without a rebuild",
    )
    return parser.parse_args(argv)


def log(message):
    print(f"[{datetime.datetime.now():%H:%M:%S}] {message}", flush=True)


def main(argv=None):
    args = arguments(argv)
    from . import database

    url = args.database
    database.parts(url)  # refuses anything but a PostgreSQL database of its own on loopback
    empty_url = database.with_name(url, database.parts(url)[1] + "_empty")
    args.output.mkdir(parents=True, exist_ok=True)
    env = database.environment(
        url,
        SECRET_KEY=secrets.token_hex(32),
        ALLOWED_HOSTS="127.0.0.1,testserver",
        SITE_URL="http://127.0.0.1:8000",
        REDIS_URL=REDIS_URL,
        DEBUG="0",
        SECURE_SSL_REDIRECT="0",
        VERBATIM_TASKS="database",
        BENCH_STATIC_ROOT=str(args.output / "static"),
        PYTHONUNBUFFERED="1",
    )
    os.environ.update(env)
    import django

    django.setup()
    # The app logs at INFO; the health checks of the load's own HTTP client need not show.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    logging.getLogger("verbatim.requests").setLevel(logging.WARNING)
    # Every view imported now, as gunicorn's workers will import them: a broken app fails here.
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 - imports the URLconf and every view
    from . import archive

    seed = archive.SEED if args.seed is None else args.seed
    started = time.monotonic()
    stamp = build_or_reuse(args, url, empty_url, env, seed)
    build_seconds = round(time.monotonic() - started, 1)
    if args.build_only:
        log(build_summary(stamp, build_seconds))
        return
    if args.import_only:
        imports_alone(args, env, empty_url, seed)
        return
    if args.long_only:
        from . import long_articles

        empty_env = env | {"DATABASE_URL": empty_url}
        figures = long_articles.measure(args.output, env, empty_env, seed=seed, log=log)
        log(json.dumps(figures))
        return

    collect_static(env, args.output / "static")
    rng = random.Random(seed)
    pages = page_urls(stamp, rng)
    if args.pages:
        pages_alone(args, env, pages)
        return
    result = measure(args, env, pages)
    result["details"].update(
        command=command_line(args),
        machine=machine(),
        archive=archive_summary(stamp),
        build=build_summary(stamp, build_seconds),
        database=url,
        search_words=stamp["search"],
        pages={
            name: {"description": description, "example": urls[0], "urls": len(urls)}
            for name, (description, urls) in pages.items()
        },
    )

    log("plans: each page's SQL once, EXPLAIN (ANALYZE, BUFFERS) of the slowest")
    from .plans import slowest_plans

    result["details"]["plans"] = plans = {}
    for name, (_, urls) in pages.items():
        try:
            plans[name] = {"path": urls[0], **slowest_plans(urls[0])}
        except Exception as exc:  # noqa: BLE001 - reported, and the other pages still measured
            plans[name] = {"path": urls[0], "error": repr(exc)[:500]}
            log(f"  {name}: {exc!r}"[:300])

    result["import"], result["export"] = transfers(args, env, empty_url, seed)
    result["details"]["finished_at"] = datetime.datetime.now(datetime.UTC).isoformat(
        timespec="seconds"
    )
    from . import report

    json_path, md_path = report.write(result, args.output)
    print(md_path.read_text(encoding="utf-8").split("## The pages")[0], flush=True)
    log(f"report: {shown(json_path)} and {shown(md_path)}")


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


# --- The archive --------------------------------------------------------------------------


def build_or_reuse(args, url, empty_url, env, seed) -> dict:
    from . import archive, database

    wanted = database.fingerprint(args.printings, seed)
    stamp = database.read_stamp(url)
    matches = stamp and stamp.get("fingerprint") == wanted
    keep = args.keep_archive and stamp and stamp.get("printings") == args.printings
    if not args.rebuild and (matches or keep):
        if matches:
            log(
                f"reusing the archive built {stamp['built_at']} (same size, seed, code, migrations)"
            )
        else:
            stamp["stale"] = True
            log(f"keeping the archive built {stamp['built_at']}, although the builder, the "
                "fingerprint code or a migration changed since (--keep-archive)")  # fmt: skip
        return stamp
    log(f"building an archive of {args.printings:,} printings (seed {seed})")
    database.drop(url)
    database.drop(empty_url)
    started = time.monotonic()
    database.create(url)
    database.migrate(env)
    steps = {"migrate": round(time.monotonic() - started, 1)}
    log(f"  migrate: {steps['migrate']}s")
    started = time.monotonic()
    synthetic = archive.SyntheticArchive(args.printings, seed=seed)
    steps["generate"] = round(time.monotonic() - started, 1)
    log(f"  generate: {steps['generate']}s")
    steps |= archive.load(synthetic, log=log)
    quotes = len(synthetic.tables[archive.Quote])
    stamp = {
        "fingerprint": wanted,
        "printings": args.printings,
        "seed": seed,
        "built_at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "build_steps": steps,
        "build_seconds": round(sum(steps.values()), 1),
        "search": {
            "common": synthetic.words_near(0.10),
            "rare": synthetic.words_near(0.0001),
            "phrase": synthetic.phrases_near(0.001),
            # The long tail of searches: words and phrases of every frequency, and names.
            "words": synthetic.across_frequencies(synthetic.document_frequency, 300),
            "phrases": synthetic.across_frequencies(synthetic.phrase_frequency, 100),
            "names": synthetic.speaker_names(100, random.Random(seed)),
            "quotes": quotes,
        },
    }
    database.write_stamp(url, stamp)
    log(f"built in {stamp['build_seconds']}s")
    return stamp


def collect_static(env, folder: Path):
    """collectstatic into the run's folder, unless it is already there and newer than every
    file of static/ (its post-processing takes long on a busy machine)."""
    manifest = folder / "staticfiles.json"
    if manifest.exists():
        newest = max(p.stat().st_mtime for p in (ROOT / "static").rglob("*") if p.is_file())
        if newest < manifest.stat().st_mtime:
            return
    subprocess.run(  # noqa: S603 - our own interpreter and manage.py
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


def page_urls(stamp, rng) -> dict[str, tuple[str, list[str]]]:
    """Each page's description and the URLs its clients ask for in turn, drawn from the
    archive with the seed (so two runs on one archive ask for the same URLs). Pages about
    one thing (a permalink, a person, a unit, an outlet) are drawn from the whole archive,
    every public quote (or printing) equally likely, so that the load asks for what readers
    ask for: mostly pages nobody has asked for since the last change (the long tail)."""
    from django.conf import settings

    from quotes import public

    quotes = list(public.quotes().order_by("pk").values_list("short_id", "person__slug"))
    units = defaultdict(list)  # a speaker's units, as their page states them
    for person, unit in (
        public.memberships().order_by("pk").values_list("person__slug", "unit__slug")
    ):
        units[person].append(unit)
    printed = list(
        public.printings().order_by("pk").values_list("quote__short_id", "article__outlet__slug")
    )
    drawn = rng.sample(quotes, min(DRAWN, len(quotes)))
    printings = rng.sample(printed, min(DRAWN, len(printed)))
    per_page = settings.QUOTES_PER_PAGE
    deep = max(2, min(1000, len(quotes) // per_page // 2))
    deep_url, deep_description = deep_page(deep, per_page)
    search = stamp["search"]
    return {
        "permalink": (
            "a permalink, every public quote equally likely",
            [f"/q/{short_id}/" for short_id, _ in drawn],
        ),
        "permalink_printed": (
            "a permalink, each quote as likely as it is printed (a printing drawn)",
            [f"/q/{short_id}/" for short_id, _ in printings],
        ),
        "list": ("the quote list's first page", ["/quotes/"]),
        "list_deep": (deep_description, [deep_url]),
        "filter_outlet_date": (
            "the list filtered by an outlet and 90 days",
            outlet_windows(rng, printings_with_dates(rng)),
        ),
        "person": (
            "a speaker's page, drawn by a public quote",
            [f"/people/{slug}/" for _, slug in drawn if slug],
        ),
        "unit": (
            "a unit's page, drawn by a public quote whose speaker is in one",
            [f"/units/{rng.choice(units[slug])}/" for _, slug in drawn if units.get(slug)]
            or ["/units/"],
        ),
        "outlet": (
            "an outlet's page, drawn by a public printing",
            [f"/outlets/{slug}/" for _, slug in printings],
        ),
        "api_list": ("the API's quote list", ["/api/quotes/"]),
        "search_common": (
            f"a word in {share(search['common'], search)}",
            searches(search["common"]),
        ),
        "search_rare": (f"a word in {share(search['rare'], search)}", searches(search["rare"])),
        "search_phrase": (
            f"a two-word phrase in {share(search['phrase'], search)}",
            searches(search["phrase"], quote=True),
        ),
        **long_tail_searches(search, rng),
    }


# How many quotes and printings the pages about one thing are drawn from: more than a run
# asks for, so that hardly any address is asked for twice.
DRAWN = 50_000


def printings_with_dates(rng):
    from quotes import public

    printings = public.printings().order_by("pk")
    rows = printings.values_list("article__outlet__slug", "article__published")
    return rng.sample(list(rows), min(50, printings.count()))


def outlet_windows(rng, printings) -> list[str]:
    """Around each printing: its outlet and the 90 days about its date, so that no
    combination is empty."""
    from urllib.parse import urlencode

    windows = []
    for outlet, day in printings:
        start = day - datetime.timedelta(days=rng.randrange(90))
        end = start + datetime.timedelta(days=90)
        query = {"outlet": outlet, "from": start.isoformat(), "to": end.isoformat()}
        windows.append("/quotes/?" + urlencode(query))
    return windows


def searches(items, quote=False) -> list[str]:
    from urllib.parse import urlencode

    return ["/quotes/?" + urlencode({"q": f'"{text}"' if quote else text}) for text, _ in items]


def share(items, search) -> str:
    low = min(n for _, n in items) / search["quotes"]
    high = max(n for _, n in items) / search["quotes"]
    return f"{low:.3%}–{high:.3%} of quotes"


def long_tail_searches(search, rng) -> dict[str, tuple[str, list[str]]]:
    """Searches of every frequency, in a random order: a few hundred words from the rarest to
    the most common, phrases likewise, and speakers' names (an archive built before these
    were kept has none, and the pages are left out)."""
    pages = {}
    if search.get("words"):
        words = rng.sample(search["words"], len(search["words"]))
        pages["search_words"] = (
            f"one of {len(words)} words of every frequency ({share(words, search)})",
            searches(words),
        )
    if search.get("phrases"):
        phrases = rng.sample(search["phrases"], len(search["phrases"]))
        pages["search_phrases"] = (
            f"one of {len(phrases)} two-word phrases of every frequency ({share(phrases, search)})",
            searches(phrases, quote=True),
        )
    if search.get("names"):
        names = [(name, 0) for name in rng.sample(search["names"], len(search["names"]))]
        pages["search_speaker"] = (f"one of {len(names)} speakers' names", searches(names))
    return pages


def deep_page(number, per_page):
    """The address of the quote list's page `number`: by its number where the list answers
    it, else (page numbers stop early where the list pages by keyset) the same rows by the
    list's own cursor, the quote just before them in the list's order, as following "Next"
    that many times would reach."""
    from django.test import Client

    from quotes import public

    url = f"/quotes/?page={number}"
    if Client().get(url).status_code == 200:
        return url, f"the quote list at page {number}"
    skipped = (number - 1) * per_page
    anchor = public.quotes().in_list_order()[skipped - 1]
    return (
        f"/quotes/?after={anchor.short_id}",
        f"the quote list at page {number} (rows {skipped + 1:,}–{skipped + per_page:,}), "
        "reached by its keyset cursor since page numbers stop earlier",
    )


# --- Load -----------------------------------------------------------------------------------


def measure(args, env, pages) -> dict:
    """Each page under load twice, each time beside the bare view: as production serves it
    (the shared page cache on, starting empty), then with the cache off, every request
    rendered. The first is the report's `pages`, the second its `pages_rendered`."""
    cached = serve(args, env | {"PAGE_CACHE_SECONDS": "300"}, pages, "page cache on")
    rendered = serve(args, env | {"PAGE_CACHE_SECONDS": "0"}, pages, "page cache off")
    hits = {}
    for name, figures in cached["pages"].items():
        hits[name] = figures.pop("cache_hits")
        rendered["pages"][name].pop("cache_hits")
        # What the page costs when rendered (an answer from the cache runs none).
        figures["queries"] = rendered["pages"][name]["queries"]
    return {
        "printings": args.printings,
        "bare_rps": cached["bare_rps"],
        "pages": cached["pages"],
        "pages_rendered": rendered["pages"],
        "details": {
            "bare_runs": cached["bare_runs"],
            "bare_note": "the mean of a run before the pages and one after: "
            + " and ".join(f"{r} req/s" for r in cached["bare_runs"]),
            "bare_rendered_rps": rendered["bare_rps"],
            "clients": args.clients,
            "duration": args.duration,
            "workers": args.workers,
            "import_articles": args.import_articles,
            "import_rounds": args.import_rounds,
            "load": cached["load"],
            "load_rendered": rendered["load"],
            "cache_hits": hits,
            "settings_note": "Production settings (DEBUG off, Redis cache, every request "
            "logged), with rate limits raised to 1,000,000/s (bench/scale/settings.py) "
            "and SECURE_SSL_REDIRECT=0 for plain HTTP on loopback.",
        },
    }


def pages_alone(args, env, pages) -> None:
    """--pages: the pages named, the page cache off, each one's req/s and share of the bare
    view's (the mean of a run before them and one after)."""
    wanted = args.pages.split(",")
    unknown = [name for name in wanted if name not in pages]
    if unknown:
        raise SystemExit(f"no such page: {', '.join(unknown)}; the pages: {', '.join(pages)}")
    chosen = {name: pages[name] for name in wanted}
    rendered = serve(args, env | {"PAGE_CACHE_SECONDS": "0"}, chosen, "page cache off")
    log(
        f"bare view: {rendered['bare_rps']} req/s ({' and '.join(map(str, rendered['bare_runs']))})"
    )
    for name, figures in rendered["pages"].items():
        share = figures["share_of_bare"]
        log(f"  {name}: {figures['rps']} req/s, 1/{1 / share:.1f} of bare" if share else name)


def serve(args, env, pages, label) -> dict:
    """One gunicorn with `env`; the bare view, each page, the bare view again."""
    from django.core.cache import cache

    from faults.common import Gunicorn

    from . import load

    cache.clear()  # Redis database 8 is the benchmark's own: every pass starts cold
    log_path = args.output / "gunicorn.log"
    web = Gunicorn(env, workers=args.workers, log=log_path)
    web.env = env | {"SITE_URL": web.url}
    figures, bare_runs, extra = {}, [], {}
    with web:
        log(f"gunicorn on {web.url}, {args.workers} workers, {label}; {args.clients} clients")

        def one_run(urls):
            # Uncounted first: every worker serves the page before the measured run.
            load.run(web.port, urls, clients=args.workers, duration=min(2.0, args.duration / 3))
            status, headers = load.fetch(web.port, urls[0])
            queries = headers.get("x-bench-queries")
            samples = load.run(web.port, urls, clients=args.clients, duration=args.duration)
            return samples, (int(queries) if queries else None), status

        bare, _, _ = one_run(["/bench/bare/"])
        bare_runs.append(load.summary(bare)["rps"])
        log(f"  bare: {bare_runs[-1]} req/s")
        for name, (_, urls) in pages.items():
            samples, queries, status = one_run(urls)
            figures[name] = {**load.summary(samples), "queries": queries}
            extra[name] = {"requests": len(samples), "first_status": status}
            errors = [s.error for s in samples if s.error][:3]
            if errors:
                extra[name]["first_errors"] = errors
            log(f"  {name}: {figures[name]['rps']} req/s, p95 {figures[name]['p95_ms']} ms, "
                f"{queries} queries, {figures[name]['errors']} errors, "
                f"{figures[name]['cache_hits']:.0%} from the cache")  # fmt: skip
        bare, _, _ = one_run(["/bench/bare/"])
        bare_runs.append(load.summary(bare)["rps"])
        log(f"  bare again: {bare_runs[-1]} req/s")
    bare_rps = round(sum(bare_runs) / len(bare_runs), 1)
    pages_out = {}
    for name, f in figures.items():
        pages_out[name] = {
            "rps": f["rps"],
            "share_of_bare": round(f["rps"] / bare_rps, 4) if bare_rps else None,
            "p50_ms": f["p50_ms"],
            "p95_ms": f["p95_ms"],
            "p99_ms": f["p99_ms"],
            "queries": f["queries"],
            "errors": f["errors"],
            "cache_hits": f["cache_hits"],
        }
    return {"bare_rps": bare_rps, "bare_runs": bare_runs, "pages": pages_out, "load": extra}


# --- Import and export --------------------------------------------------------------------


def transfers(args, env, empty_url, seed):
    from . import transfer

    imported = imports(args, env, empty_url, seed)
    if args.long_articles:
        from . import long_articles

        empty_env = env | {"DATABASE_URL": empty_url}
        imported["long_articles"] = long_articles.measure(
            args.output, env, empty_env, seed=seed, log=log
        )
    log(f"export: {args.export_rows:,} CSV rows")
    out = args.output / "export.csv"
    export = transfer.export_csv(args.export_rows, out)
    out.unlink(missing_ok=True)
    log(f"  {export['rows']:,} rows in {export['seconds']}s")
    return imported, export


def imports_alone(args, env, empty_url, seed) -> None:
    """--import-only: the imports as a whole run measures them, with each side's median, the
    ratio of the medians and each round's own; with --import-queries, the queries too."""
    if args.import_queries:
        env = env | {"BENCH_IMPORT_QUERIES": str(args.import_queries)}
    result = imports(args, env, empty_url, seed)
    empty, full = result["empty_articles_per_s"], result["full_articles_per_s"]
    runs = result["runs"]
    pairs = [f["seconds"] / e["seconds"] for e, f in zip(runs["empty"], runs["full"], strict=True)]
    log(
        f"medians: {empty:.2f} articles/s empty, {full:.2f} full, {empty / full:.2f}x; "
        f"each round's full/empty: {', '.join(f'{pair:.2f}' for pair in pairs)}"
    )
    for side, side_runs in runs.items():
        first = side_runs[0]
        if "queries" in first:
            log(f"{side}: {first['queries']} queries, {first['sql_seconds']}s of SQL (round 1)")
            for count, ms, statement in first["statements"]:
                log(f"  {count:6d} {ms:9.1f} ms  {statement}")


def imports(args, env, empty_url, seed) -> dict:
    from quotes import public

    from . import database, transfer

    folder = args.output / "import"
    reprints = [
        (text, name)
        for text, name in public.quotes()
        .filter(person__isnull=False)
        .order_by("pk")
        .values_list("text", "person__name")[:2000:10]
    ]
    transfer.write_articles(folder, args.import_articles, seed=seed, reprints=reprints)
    # Empty and full alternately, so that a slow minute of this shared machine falls on both
    # rather than on one; each side's median is its figure.
    # The empty archive is made anew for each import, and the built one vacuumed after each:
    # an import rolled back leaves dead rows, which nothing removes where autovacuum is off.
    runs = {"empty": [], "full": []}
    for round_ in range(1, args.import_rounds + 1):
        for side, side_env in (("empty", env | {"DATABASE_URL": empty_url}), ("full", env)):
            if side == "empty":
                database.make_empty(empty_url, env)
            log(
                f"import {round_}/{args.import_rounds}: {args.import_articles} articles "
                f"into the {side} archive, rolled back"
            )
            runs[side].append(transfer.run_import(side_env, folder))
            log(f"  {runs[side][-1]['articles_per_s']} articles/s")
            if side == "full":
                database.vacuum(env["DATABASE_URL"])
    empty, full = (
        statistics.median(run["articles_per_s"] for run in runs[side]) for side in ("empty", "full")
    )
    return {"empty_articles_per_s": empty, "full_articles_per_s": full, "runs": runs}


# --- What the report says about the run ----------------------------------------------------


# The options command_line repeats when they are not the default.
REPEATED_OPTIONS = (
    "clients",
    "workers",
    "import_articles",
    "import_rounds",
    "export_rows",
    "seed",
    "output",
)


def command_line(args):
    """The make command that runs this again, with any options that were not the default."""
    parts = [f"PRINTINGS={args.printings}", f"DURATION={args.duration:g}"]
    if args.database != DEFAULT_DATABASE:
        parts.insert(0, f"DATABASE_URL={shlex.quote(args.database)}")
    defaults = arguments([])
    options = [
        f"--{name.replace('_', '-')} {value}"
        for name, value in vars(args).items()
        if name in REPEATED_OPTIONS and value != getattr(defaults, name)
    ]
    if options:
        parts.append(f"BENCH_ARGS={shlex.quote(' '.join(options))}")
    return "make bench " + " ".join(parts)


def machine():
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        version = cursor.fetchone()[0]
        cursor.execute("SHOW shared_buffers")
        buffers = cursor.fetchone()[0]
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (
        f"{os.cpu_count()} × {cpu}, {memory:.0f} GB RAM, {platform.system()} "
        f"{platform.release()}, Python {platform.python_version()}, PostgreSQL {version} "
        f"(shared_buffers {buffers}), load average {load} at the end"
    )


def archive_summary(stamp):
    from django.db import connection

    from archive.models import Article, Outlet
    from quotes import public
    from quotes.models import Fingerprint, Person, Printing, Quote, Unit

    def estimate(model):
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT reltuples::bigint FROM pg_class WHERE oid = %s::regclass",
                [model._meta.db_table],
            )
            return cursor.fetchone()[0]

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
        size = cursor.fetchone()[0]
    return (
        f"{Quote.objects.count():,} quotes ({public.quotes().count():,} public), "
        f"{Printing.objects.count():,} printings, {Article.objects.count():,} articles, "
        f"{Outlet.objects.count():,} outlets, {Person.objects.count():,} people, "
        f"{Unit.objects.count():,} units, about {estimate(Fingerprint):,} fingerprint rows; "
        f"{size} on disk; seed {stamp['seed']}"
    )


def build_summary(stamp, seconds):
    steps = ", ".join(f"{k} {v}s" for k, v in stamp["build_steps"].items())
    built = f"built in {stamp['build_seconds']} s ({steps}) at {stamp['built_at']}"
    if stamp.get("stale"):
        built += (
            "; kept with --keep-archive although the builder, quotes/matching/ or a "
            "migration has changed since"
        )
    if seconds < stamp["build_seconds"] / 2:
        return f"reused (stamp matched); {built}"
    return built
