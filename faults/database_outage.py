"""The database made unreachable under load, for this app only, then given back: meanwhile
pages answer 503 with Retry-After and /readyz 503, never a 500 or a hang; within 5 seconds
of the database's return every page answers 200 again, with no restart.

    .venv/bin/python -m faults.database_outage [--duration 60] [--outage 10] [--clients 8]

The shared PostgreSQL server keeps running: the scenario's own database stops accepting
connections (ALTER DATABASE ... ALLOW_CONNECTIONS false, which refuses everyone, superusers
included; REVOKE CONNECT would not stop a superuser) and the app's open connections are
ended (pg_terminate_backend), both from a connection to the `postgres` database, which also
gives connections back afterwards.
"""

import asyncio

import httpx
import psycopg
from psycopg import sql

from faults import common

NAME = "database_outage"
RECOVERY = 5.0  # seconds after the database is back within which every page answers 200
READYZ_EVERY = 0.25


def cut(database: str) -> int:
    """Refuse new connections to `database`, then end those it has; how many were ended."""
    with common.admin_connection() as admin:
        admin.execute(
            sql.SQL("ALTER DATABASE {} WITH ALLOW_CONNECTIONS false").format(
                sql.Identifier(database)
            )
        )
        return admin.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            [database],
        ).fetchone()[0]


def restore(database: str) -> None:
    with common.admin_connection() as admin:
        admin.execute(
            sql.SQL("ALTER DATABASE {} WITH ALLOW_CONNECTIONS true").format(
                sql.Identifier(database)
            )
        )


def superuser_refused(database: str) -> str:
    """What a new superuser connection to `database` gets: the refusal, in PostgreSQL's words."""
    try:
        psycopg.connect(common.database_url(database), connect_timeout=5).close()
    except psycopg.OperationalError as error:
        return str(error).strip().splitlines()[-1]
    return ""


def run(demo: common.Demo, args, web: common.Gunicorn | None = None) -> dict:
    args.outage = args.outage or min(10.0, max(3.0, args.duration / 6))
    before = max(2.0, (args.duration - args.outage) / 3)
    total = max(args.duration, before + args.outage + RECOVERY + 2)
    marks: dict[str, float] = {}
    readyz: list[common.Sample] = []

    with common.site(demo, NAME, workers=args.workers, shared=web) as web:

        async def outage(clock: common.Clock) -> None:
            await clock.until(before)
            marks["cut_start"] = clock.note("cut: ALLOW_CONNECTIONS false, then terminate")
            try:
                ended = await asyncio.to_thread(cut, web.database)
                marks["cut"] = clock.note(f"cut done: {ended} app connections terminated")
                refusal = await asyncio.to_thread(superuser_refused, web.database)
                clock.note(f"a new superuser connection: {refusal or 'ACCEPTED'}")
                marks["refused"] = bool(refusal)
                await clock.until(marks["cut"] + args.outage)
            finally:
                marks["restore_start"] = clock.now()
                await asyncio.to_thread(restore, web.database)
                marks["restore"] = clock.note("restored: ALLOW_CONNECTIONS true")

        async def poll_readyz(clock: common.Clock) -> None:
            async with httpx.AsyncClient(base_url=web.url, timeout=common.CLIENT_TIMEOUT) as client:
                while clock.now() < total:
                    started = clock.now()
                    try:
                        r = await client.get("/readyz")
                        readyz.append(
                            common.Sample(
                                "readyz", started, clock.now() - started, r.status_code,
                                common.error_of(r.status_code, None),
                                r.headers.get("Retry-After"),
                            )
                        )  # fmt: skip
                    except httpx.HTTPError as error:
                        readyz.append(
                            common.Sample(
                                "readyz", started, clock.now() - started, None,
                                type(error).__name__,
                            )
                        )  # fmt: skip
                    await asyncio.sleep(READYZ_EVERY)

        async def during(clock: common.Clock) -> None:
            await asyncio.gather(outage(clock), poll_readyz(clock))

        clock = common.Clock()
        clock.note(f"load starts: {args.clients} clients, {web.workers} workers")
        samples = asyncio.run(
            common.generate_load(
                web.url, web.pages, clients=args.clients, duration=total, clock=clock,
                during=during,
            )
        )  # fmt: skip
        clock.note(f"load ends: {len(samples)} requests")
        pages = web.pages
    return judge(samples, readyz, marks, clock, args, pages)


def phase(sample: common.Sample, marks: dict) -> str:
    if sample.finished < marks["cut_start"]:
        return "before"
    if sample.started >= marks["cut"] and sample.finished <= marks["restore_start"]:
        return "outage"
    if sample.started >= marks["restore"] + RECOVERY:
        return f"after +{RECOVERY:.0f}s"
    if sample.started >= marks["restore"]:
        return "after"
    return "at a cut or restore"


def judge(samples, readyz, marks, clock, args, pages) -> dict:
    problems = []
    phases = ["before", "at a cut or restore", "outage", "after", f"after +{RECOVERY:.0f}s"]
    rows = {p: {"phase": p, "requests": 0, "200": 0, "503": 0, "other": 0} for p in phases}
    for s in samples:
        row = rows[phase(s, marks)]
        row["requests"] += 1
        key = str(s.status) if s.status in (200, 503) else "other"
        row[key] += 1
    for s in samples + readyz:
        if s.status == 503 and s.retry_after is None:
            problems.append(f"a 503 without Retry-After ({s.page} at {s.started:.2f}s)")
            break
    unexpected = [s for s in samples + readyz if s.status not in (200, 503)]
    if unexpected:
        kinds = sorted({s.error for s in unexpected})
        problems.append(f"{len(unexpected)} answers neither 200 nor 503: {', '.join(kinds)}")
    if rows["before"]["requests"] != rows["before"]["200"]:
        problems.append("requests failed before the outage")
    if not rows["outage"]["503"]:
        problems.append("no page answered 503 during the outage")
    if not marks.get("refused"):
        problems.append("a superuser could still connect during the outage")

    out_ready = [r for r in readyz if phase(r, marks) == "outage"]
    if not out_ready or any(r.status != 503 for r in out_ready):
        problems.append("/readyz did not answer 503 throughout the outage")
    restored = marks["restore"]
    late = [s for s in samples if s.started >= restored and s.status != 200]
    recovered = max((s.finished for s in late), default=restored) - restored
    ready_again = next(
        (r.finished for r in readyz if r.started >= restored and r.status == 200), None
    )
    first_ok = next(
        (s.finished for s in samples if s.started >= restored and s.status == 200), None
    )
    if recovered > RECOVERY:
        problems.append(f"pages answered other than 200 until {recovered:.2f}s after restore")
    if first_ok is None or first_ok - restored > RECOVERY:
        problems.append("no page answered 200 within 5s of restore")
    if ready_again is None or ready_again - restored > RECOVERY:
        problems.append("/readyz was not 200 again within 5s of restore")

    # What the clients saw, on the timeline beside what was done.
    seen = [
        ("first page 503", next((s.finished for s in samples if s.status == 503), None)),
        ("first /readyz 503", next((r.finished for r in readyz if r.status == 503), None)),
        (
            "last page 503",
            max((s.finished for s in samples if s.status == 503), default=None),
        ),
        ("first page 200 after restore", first_ok),
        ("first /readyz 200 after restore", ready_again),
    ]
    for event, at in seen:
        if at is not None:
            clock.timeline.append((round(at, 3), f"clients: {event}"))
    clock.timeline.sort()

    load = common.summarize(samples)
    statuses = f"{rows['outage']['503']} of {rows['outage']['requests']} outage requests 503"
    return common.scenario_result(
        NAME,
        criterion=(
            "during the outage pages and /readyz answer 503 with Retry-After, never a 500 or "
            "a timeout; every page 200 again within 5s of restore, no restart"
        ),
        outcome="; ".join(problems)
        or (
            f"{statuses}, no 500, no timeout; first page 200 {first_ok - restored:.2f}s and "
            f"/readyz 200 {ready_again - restored:.2f}s after restore, "
            + (f"last failure {recovered:.2f}s after" if late else "no page failed after it")
        ),
        passed=not problems,
        settings={**vars(args), "pages": pages},
        marks=marks,
        recovery_seconds=round(first_ok - restored, 3) if first_ok else None,
        load=load,
        failures=common.failures([s for s in samples + readyz if s.status not in (200, 503)]),
        tables={
            "Answers by phase (pages; by when each request started and ended)": list(rows.values())
        },  # fmt: skip
        clock=clock,
    )


def extra_arguments(parser) -> None:
    parser.add_argument(
        "--outage",
        type=float,
        default=None,
        help="seconds the database is away (default: a sixth of --duration, 3 to 10)",
    )


if __name__ == "__main__":
    common.standalone(run, __doc__, extra_arguments)
