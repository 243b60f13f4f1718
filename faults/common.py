"""What the fault scripts share: a throwaway PostgreSQL database holding the fictional demo
archive, gunicorn and task workers on it (loopback only), a load generator and the report.

Every process started here is stopped in a `finally` (SIGTERM, then SIGKILL after a few
seconds) and every database made here is dropped, so a script that fails, is interrupted or
runs out of its time leaves nothing behind. The shared PostgreSQL server itself is never
touched beyond the databases named verbatim_faults_<pid>...
"""

import argparse
import asyncio
import contextlib
import datetime
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import psycopg
from psycopg import sql

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "var" / "faults"
# The PostgreSQL server to make the throwaway databases on: a superuser, on this machine.
SERVER = os.environ.get("FAULTS_POSTGRES", "postgres://postgres@127.0.0.1:5432").rstrip("/")
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
# High enough that the rate limits never answer a load generator from one address.
NO_RATE_LIMIT = "100000/min"
CLIENT_TIMEOUT = 10.0  # seconds: a request that takes longer is a hang, and counted so


def parser_for(
    description: str, own: Callable[[argparse.ArgumentParser], None] | None = None
) -> argparse.ArgumentParser:
    """The options every scenario takes, and a scenario's `own`."""
    parser = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--duration", type=float, default=60, help="seconds of load (%(default)s)")
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients (%(default)s)")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers (%(default)s)")
    if own:
        own(parser)
    return parser


def server_parts() -> tuple[str, int]:
    parts = urlsplit(SERVER)
    if parts.hostname not in LOOPBACK:
        raise SystemExit(f"FAULTS_POSTGRES must be on this machine (loopback), not {SERVER}")
    return parts.hostname, parts.port or 5432


def admin_connection() -> psycopg.Connection:
    """A superuser connection to the `postgres` database, where databases are made, cut off
    and dropped."""
    server_parts()
    return psycopg.connect(f"{SERVER}/postgres", autocommit=True, connect_timeout=10)


def create_database(name: str, *, template: str | None = None) -> None:
    query = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
    if template:
        query = sql.SQL("{} TEMPLATE {}").format(query, sql.Identifier(template))
    with admin_connection() as admin:
        admin.execute(query)


def drop_database(name: str) -> None:
    """Drop it even if it is refusing connections or still has some (WITH FORCE ends them)."""
    with admin_connection() as admin:
        admin.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )


def database_url(name: str) -> str:
    return f"{SERVER}/{name}"


@contextlib.contextmanager
def stop_on_sigterm():
    """SIGTERM (from make, CI or a timeout) ends the script through its `finally` blocks, as
    Ctrl-C does, so that its processes stop and its databases are dropped."""

    def stop(signum, frame):
        # As SIGINT, which asyncio.run turns into a clean cancellation of the load.
        signal.raise_signal(signal.SIGINT)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


# --- The demo archive and the app's environment ------------------------------------------


@dataclass
class Demo:
    """A database with the demo archive loaded (the template each scenario copies), the
    static files collected for it, and a folder for logs."""

    database: str
    static_root: Path
    workdir: Path
    setup_seconds: float = 0.0

    def environment(self, database: str) -> dict[str, str]:
        """The app's production settings on `database`: DEBUG off, a real secret key, only
        127.0.0.1 allowed, plain HTTP, tasks through the database queue, no rate limits
        that a load generator would trip."""
        keep = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("DJANGO_", "VERBATIM_", "RATE_LIMIT_", "SECURE_"))
            and k not in {"DATABASE_URL", "DEBUG", "REDIS_URL", "CACHE_URL", "SECRET_KEY"}
        }
        return keep | {
            "DJANGO_SETTINGS_MODULE": "faults.settings",
            "FAULTS_STATIC_ROOT": str(self.static_root),
            "DATABASE_URL": database_url(database),
            "SECRET_KEY": secrets.token_hex(32),
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "0",
            "VERBATIM_TASKS": "database",
            "DEBUG": "0",
            "PYTHONUNBUFFERED": "1",
            **{
                f"RATE_LIMIT_{group}": NO_RATE_LIMIT
                for group in ("SEARCH", "DOWNLOAD", "FEED", "API", "API_USER")
            },
        }

    @contextlib.contextmanager
    def copy(self, scenario: str):
        """A copy of the demo database for one scenario (CREATE DATABASE ... TEMPLATE: a
        file copy, far quicker than migrating again), dropped at the end."""
        name = f"{self.database}_{scenario}"
        create_database(name, template=self.database)
        try:
            yield name
        finally:
            drop_database(name)


def manage(env: dict[str, str], *args: str, timeout: float = 300, log: Path | None = None) -> str:
    """Run `manage.py ARGS` with the app's environment: its standard output, or SystemExit
    with everything it said."""
    result = subprocess.run(  # noqa: S603 - our own interpreter and manage.py
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    output = result.stdout + result.stderr
    if log:
        log.write_text(output, encoding="utf-8")
    if result.returncode:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{output[-3000:]}")
    return result.stdout


@contextlib.contextmanager
def demo_archive():
    """The demo archive in a new database verbatim_faults_<pid> (migrated, `load_demo`), and
    static files collected into a temporary folder; both gone at the end."""
    started = time.monotonic()
    workdir = Path(tempfile.mkdtemp(prefix="verbatim-faults-"))
    demo = Demo(f"verbatim_faults_{os.getpid()}", workdir / "static", workdir)
    created = False
    try:
        create_database(demo.database)
        created = True
        env = demo.environment(demo.database)
        # Collecting static files needs no database: it runs beside the migration.
        with ThreadPoolExecutor(max_workers=1) as pool:
            static = pool.submit(manage, env, "collectstatic", "--noinput")
            manage(env, "migrate", "--noinput")
            manage(env, "load_demo")
            static.result()
        demo.setup_seconds = time.monotonic() - started
        yield demo
    finally:
        if created:
            drop_database(demo.database)
        shutil.rmtree(workdir, ignore_errors=True)


# --- Processes -----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def children(pid: int) -> list[int]:
    """The ids of a process's children, from /proc (Linux)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += [int(p) for p in (task / "children").read_text().split()]
    return sorted(found)


def stop_process(process: subprocess.Popen, *, grace: float = 10.0) -> None:
    """SIGTERM, then SIGKILL if it has not exited after `grace` seconds."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def tail(path: Path, lines: int = 30) -> str:
    with contextlib.suppress(OSError):
        return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
    return ""


class Gunicorn:
    """gunicorn serving the app on a free loopback port with `workers` sync workers; the
    name of its database, and the pages the load asks for once `site` has found them."""

    def __init__(self, env: dict[str, str], *, workers: int, log: Path, database: str = ""):
        self.env = env
        self.workers = workers
        self.log = log
        self.database = database
        self.pages: dict[str, str] = {}
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def __enter__(self):
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with self.log.open("w", encoding="utf-8") as log:
            self.process = subprocess.Popen(  # noqa: S603 - our own interpreter and gunicorn
                [
                    sys.executable, "-m", "gunicorn", "verbatim.wsgi",
                    "--workers", str(self.workers),
                    "--bind", f"127.0.0.1:{self.port}",
                    "--graceful-timeout", "5",
                    "--timeout", "30",
                    # Its default path is one per user: another gunicorn would take it over.
                    "--no-control-socket",
                ],
                cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
            )  # fmt: skip
        try:
            self.wait_ready(timeout=60)
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()

    def worker_pids(self) -> list[int]:
        return children(self.process.pid) if self.process else []

    def wait_ready(self, *, timeout: float) -> None:
        """Until /healthz answers and every worker has booted."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(
                    f"gunicorn exited with {self.process.returncode}:\n{tail(self.log)}"
                )
            with contextlib.suppress(httpx.HTTPError):
                ok = httpx.get(f"{self.url}/healthz", timeout=2).status_code == 200
                if ok and len(self.worker_pids()) == self.workers:
                    return
            time.sleep(0.2)
        raise SystemExit(f"gunicorn was not ready within {timeout:.0f}s:\n{tail(self.log)}")

    def stop(self) -> None:
        if self.process is None:
            return
        workers = self.worker_pids()
        stop_process(self.process)
        # A worker outlives a master killed with SIGKILL only until it sees it gone; make sure.
        for pid in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


@contextlib.contextmanager
def site(demo: Demo, name: str, *, workers: int, shared: Gunicorn | None = None):
    """gunicorn on a copy of the demo database, its pages found and its workers warmed up;
    or `shared`, the one run_all starts for all the web scenarios in turn."""
    if shared is not None:
        yield shared
        return
    with demo.copy(name) as database:
        log = REPORTS / "logs" / f"{name}.gunicorn.log"
        env = demo.environment(database)
        with Gunicorn(env, workers=workers, log=log, database=database) as web:
            web.pages = main_pages(web.url)
            warm_up(web.url, web.pages, workers=workers)
            yield web


# --- Load -----------------------------------------------------------------------------------


@dataclass
class Sample:
    """One request: when it started and how long it took (seconds since the load began),
    the page, the status (None when no response came) and the error, if any."""

    page: str
    started: float
    elapsed: float
    status: int | None
    error: str | None
    retry_after: str | None = None

    @property
    def finished(self) -> float:
        return self.started + self.elapsed


@dataclass
class Clock:
    """Seconds since the load began; the timeline of what a scenario did meanwhile."""

    origin: float = field(default_factory=time.monotonic)
    timeline: list[tuple[float, str]] = field(default_factory=list)

    def now(self) -> float:
        return time.monotonic() - self.origin

    def note(self, event: str) -> float:
        at = self.now()
        self.timeline.append((round(at, 3), event))
        print(f"  [{at:6.2f}s] {event}", flush=True)
        return at

    async def until(self, at: float) -> None:
        await asyncio.sleep(max(0.0, at - self.now()))


def main_pages(base_url: str) -> dict[str, str]:
    """The public pages under load, found in the demo data through the API: home, the quote
    list, a word search, a permalink, a person page, an outlet page, the API's list."""
    with httpx.Client(base_url=base_url, timeout=CLIENT_TIMEOUT) as client:
        quotes = client.get("/api/quotes/", params={"page_size": 50}).raise_for_status().json()
        outlets = client.get("/api/outlets/").raise_for_status().json()
    quote = next(q for q in quotes["results"] if q["speaker"])
    word = max(re.findall(r"[A-Za-z]{4,}", quote["text"]), key=len).lower()
    return {
        "home": "/",
        "quote list": "/quotes/",
        "search": f"/quotes/?q={word}",
        "permalink": urlsplit(quote["permalink"]).path,
        "person": urlsplit(quote["speaker"]["url"]).path,
        "outlet": urlsplit(outlets["results"][0]["permalink"]).path,
        "API quotes": "/api/quotes/",
    }


def warm_up(base_url: str, pages: dict[str, str], *, workers: int) -> None:
    """Each page once per worker, `workers` at a time and uncounted, so that every worker
    has compiled its templates and opened its database connection before the load."""

    async def fetch_all() -> None:
        async with httpx.AsyncClient(base_url=base_url, timeout=CLIENT_TIMEOUT) as client:
            for path in pages.values():
                answers = await asyncio.gather(*(client.get(path) for _ in range(workers)))
                for answer in answers:
                    answer.raise_for_status()

    asyncio.run(fetch_all())


def error_of(status: int | None, error: str | None) -> str | None:
    if error:
        return error
    return None if status == 200 else f"HTTP {status}"


async def generate_load(
    base_url: str,
    pages: dict[str, str],
    *,
    clients: int,
    duration: float,
    clock: Clock,
    during: Callable[[Clock], Awaitable[None]] | None = None,
    min_requests: int = 0,
    max_duration: float | None = None,
) -> list[Sample]:
    """`clients` clients, each asking for the pages in turn (each from another page) as fast
    as they are answered, for `duration` seconds, and on until `min_requests` have been made
    but never beyond `max_duration`; `during(clock)` runs meanwhile. Every request is
    recorded: status, time taken, or the exception that ended it."""
    samples: list[Sample] = []
    max_duration = max(duration, max_duration or duration)

    def going() -> bool:
        now = clock.now()
        return now < duration or (len(samples) < min_requests and now < max_duration)

    order = list(pages.items())
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)

    async def one_client(client: httpx.AsyncClient, offset: int) -> None:
        n = offset
        while going():
            label, path = order[n % len(order)]
            n += 1
            started = clock.now()
            try:
                response = await client.get(path)
            except httpx.HTTPError as error:
                samples.append(
                    Sample(label, started, clock.now() - started, None, type(error).__name__)
                )
                continue
            samples.append(
                Sample(
                    label, started, clock.now() - started, response.status_code,
                    error_of(response.status_code, None), response.headers.get("Retry-After"),
                )
            )  # fmt: skip

    async with httpx.AsyncClient(
        base_url=base_url, timeout=CLIENT_TIMEOUT, limits=limits
    ) as client:
        jobs = [one_client(client, i) for i in range(clients)]
        if during:
            jobs.append(during(clock))
        await asyncio.gather(*jobs)
    return samples


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile of a sorted list."""
    if not values:
        return float("nan")
    return values[min(len(values) - 1, max(0, round(p / 100 * len(values) + 0.5) - 1))]


def summarize(samples: list[Sample]) -> dict:
    """Requests, req/s, latency percentiles (ms) and errors by kind."""
    latencies = sorted(s.elapsed * 1000 for s in samples)
    errors = Counter(s.error for s in samples if s.error)
    span = max((s.finished for s in samples), default=0.0)
    return {
        "requests": len(samples),
        "seconds": round(span, 1),
        "per_second": round(len(samples) / span, 1) if span else 0,
        "p50_ms": round(percentile(latencies, 50), 1),
        "p95_ms": round(percentile(latencies, 95), 1),
        "p99_ms": round(percentile(latencies, 99), 1),
        "max_ms": round(latencies[-1], 1) if latencies else None,
        "failed": sum(errors.values()),
        "errors": dict(errors.most_common()),
        "pages": dict(Counter(s.page for s in samples)),
    }


# --- The report -----------------------------------------------------------------------------


def machine() -> dict:
    return {
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "python": sys.version.split()[0],
    }


def report(result: dict) -> dict:
    """Print the result as Markdown and write it as JSON to var/faults/<scenario>.json."""
    now = datetime.datetime.now(datetime.UTC)
    result.setdefault("finished_at", now.isoformat(timespec="seconds"))
    result.setdefault("machine", machine())
    REPORTS.mkdir(parents=True, exist_ok=True)
    path = REPORTS / f"{result['scenario']}.json"
    path.write_text(json.dumps(result, indent=2, default=str) + "\n", encoding="utf-8")
    print(markdown(result), flush=True)
    print(f"(report: {path.relative_to(ROOT)})", flush=True)
    return result


def markdown(result: dict) -> str:
    verdict = "PASS" if result["passed"] else "FAIL"
    lines = [
        f"## {result['scenario']}: {verdict}",
        "",
        f"Criterion: {result['criterion']}.",
        f"Outcome: {result['outcome']}.",
        "",
    ]
    load = result.get("load")
    if load:
        lines += [
            "| requests | req/s | p50 | p95 | p99 | max | failed |",
            "|---|---|---|---|---|---|---|",
            f"| {load['requests']} | {load['per_second']} | {load['p50_ms']} ms | "
            f"{load['p95_ms']} ms | {load['p99_ms']} ms | {load['max_ms']} ms | "
            f"{load['failed']} ({percent(load['failed'], load['requests'])}) |",
            "",
            "Errors by kind: "
            + (", ".join(f"{k} × {v}" for k, v in load["errors"].items()) or "none"),
            "",
        ]
    for title, rows in result.get("tables", {}).items():
        if rows:
            lines += [f"{title}:", "", "| " + " | ".join(rows[0]) + " |"]
            lines += ["|" + "---|" * len(rows[0])]
            lines += ["| " + " | ".join(str(c) for c in row.values()) + " |" for row in rows]
            lines += [""]
    if result.get("timeline"):
        lines += ["| t (s) | event |", "|---|---|"]
        lines += [f"| {at:.2f} | {event} |" for at, event in result["timeline"]]
        lines += [""]
    return "\n".join(lines)


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.3f}%" if whole else "n/a"


def scenario_result(name: str, *, criterion: str, clock: Clock | None = None, **fields) -> dict:
    result = {"scenario": name, "criterion": criterion, **fields}
    if clock is not None:
        result["timeline"] = clock.timeline
    return result


def failures(samples: list[Sample], *, limit: int = 50) -> list[dict]:
    """The first failed requests, in full, for the JSON report."""
    return [asdict(s) for s in samples if s.error][:limit]


def per_page(samples: list[Sample]) -> list[dict]:
    """Requests, median and p95 latency and failures of each page."""
    rows = []
    for page in dict.fromkeys(s.page for s in samples):
        mine = [s for s in samples if s.page == page]
        latencies = sorted(s.elapsed * 1000 for s in mine)
        rows.append(
            {
                "page": page,
                "requests": len(mine),
                "p50 ms": round(percentile(latencies, 50), 1),
                "p95 ms": round(percentile(latencies, 95), 1),
                "failed": sum(1 for s in mine if s.error),
            }
        )
    return rows


def standalone(
    run: Callable[[Demo, argparse.Namespace], dict],
    description: str,
    own: Callable[[argparse.ArgumentParser], None] | None = None,
) -> None:
    """A scenario run on its own: its own demo archive, its report, exit status 1 on FAIL."""
    args = parser_for(description, own).parse_args()
    with interrupted(), stop_on_sigterm(), demo_archive() as demo:
        print(f"demo archive ready in {demo.setup_seconds:.1f}s", flush=True)
        result = report(run(demo, args))
    sys.exit(0 if result["passed"] else 1)


@contextlib.contextmanager
def interrupted():
    """Ctrl-C or SIGTERM: one line (the `finally` blocks have cleaned up) and exit status 1."""
    try:
        yield
    except KeyboardInterrupt:
        sys.exit("interrupted: its processes are stopped and its databases dropped")
