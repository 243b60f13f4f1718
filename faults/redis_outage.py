"""Redis frozen, then stopped, under load, then given back: pages keep answering 200 (rendered,
as a cache miss), never a 500, and no request waits more than a few socket timeouts; /readyz
says `cache: unreachable` meanwhile and stays 200; once Redis is back it says `ok` again.

    .venv/bin/python -m faults.redis_outage [--duration 60] [--outage 10] [--clients 8]

The scenario runs its own redis-server on a free loopback port (nothing on disk), frozen with
SIGSTOP (a Redis that accepts connections and never answers: the worst case for a client) for
half the outage and killed for the other half, then started again on the same port.
"""

import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import time

import httpx

from faults import common

NAME = "redis_outage"
# The longest a request may take while Redis is away: its socket timeouts (0.5 s to connect,
# 0.5 s to answer) a few times over, far under the 5 s that the old timeouts made each wait.
SLOWEST = 3.0
RECOVERY = 10.0  # seconds after Redis is back within which /readyz says the cache is ok


class Redis:
    """A private redis-server on `port`, keeping nothing on disk."""

    def __init__(self, port: int, log):
        self.port, self.log, self.process = port, log, None

    def start(self) -> None:
        self.process = subprocess.Popen(  # noqa: S603 - Debian's redis-server, loopback only
            [shutil.which("redis-server") or "redis-server", "--port", str(self.port),
             "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=self.log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            time.sleep(0.05)
        raise SystemExit(f"redis-server did not start on port {self.port}")

    def freeze(self) -> None:
        os.kill(self.process.pid, signal.SIGSTOP)

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(5)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.process.pid, signal.SIGCONT)
            common.stop_process(self.process)


def run(demo: common.Demo, args, web=None) -> dict:
    args.outage = args.outage or min(10.0, max(4.0, args.duration / 6))
    before = max(2.0, (args.duration - args.outage) / 3)
    total = max(args.duration, before + args.outage + RECOVERY + 2)
    marks: dict[str, float] = {}
    readyz: list[tuple[float, float, int | None, str]] = []
    port = common.free_port()
    log_path = common.REPORTS / "logs" / f"{NAME}.redis.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("w") as log, demo.copy(NAME) as database:
        redis = Redis(port, log)
        redis.start()
        env = demo.environment(database) | {"REDIS_URL": f"redis://127.0.0.1:{port}/0"}
        try:
            with common.Gunicorn(
                env, workers=args.workers, log=common.REPORTS / "logs" / f"{NAME}.gunicorn.log",
                database=database,
            ) as server:  # fmt: skip
                server.pages = common.main_pages(server.url)
                common.warm_up(server.url, server.pages, workers=args.workers)

                async def outage(clock: common.Clock) -> None:
                    await clock.until(before)
                    marks["freeze"] = clock.note("redis frozen (SIGSTOP)")
                    redis.freeze()
                    await clock.until(marks["freeze"] + args.outage / 2)
                    redis.kill()
                    marks["kill"] = clock.note("redis killed")
                    await clock.until(marks["freeze"] + args.outage)
                    await asyncio.to_thread(redis.start)
                    marks["back"] = clock.note("redis started again")

                async def poll_readyz(clock: common.Clock) -> None:
                    async with httpx.AsyncClient(
                        base_url=server.url, timeout=common.CLIENT_TIMEOUT
                    ) as client:
                        while clock.now() < total:
                            started = clock.now()
                            try:
                                r = await client.get("/readyz")
                                cache = r.json().get("cache", "")
                                readyz.append((started, clock.now(), r.status_code, cache))
                            except (httpx.HTTPError, ValueError) as error:
                                readyz.append((started, clock.now(), None, type(error).__name__))
                            await asyncio.sleep(0.25)

                async def during(clock: common.Clock) -> None:
                    await asyncio.gather(outage(clock), poll_readyz(clock))

                clock = common.Clock()
                clock.note(f"load starts: {args.clients} clients, {server.workers} workers")
                samples = asyncio.run(
                    common.generate_load(
                        server.url, server.pages, clients=args.clients, duration=total,
                        clock=clock, during=during,
                    )
                )  # fmt: skip
                clock.note(f"load ends: {len(samples)} requests")
                pages = server.pages
        finally:
            redis.stop()
    return judge(samples, readyz, marks, clock, args, pages)


def judge(samples, readyz, marks, clock, args, pages) -> dict:
    problems = []
    away = [s for s in samples if marks["freeze"] <= s.started < marks["back"]]
    if not away:
        problems.append("no request was made while Redis was away")
    bad = [s for s in samples if s.status != 200]
    if bad:
        kinds = sorted({str(s.status or s.error) for s in bad})
        problems.append(f"{len(bad)} answers other than 200: {', '.join(kinds)}")
    slowest = max((s.elapsed for s in samples), default=0.0)
    if slowest > SLOWEST:
        problems.append(f"a request took {slowest:.2f}s (more than {SLOWEST:.0f}s)")
    out = [r for r in readyz if marks["freeze"] + 1 <= r[0] and r[1] <= marks["back"]]
    if not out or any(r[2] != 200 or r[3] != "unreachable" for r in out):
        problems.append("/readyz did not say 200 with cache: unreachable throughout")
    again = next((r[1] for r in readyz if r[0] >= marks["back"] and r[3] == "ok"), None)
    if again is None or again - marks["back"] > RECOVERY:
        problems.append(f"/readyz did not say cache: ok within {RECOVERY:.0f}s of Redis' return")
    load = common.summarize(samples)
    return common.scenario_result(
        NAME,
        criterion=(
            f"with Redis frozen, then killed, every page 200 and none slower than {SLOWEST:.0f}s; "
            "/readyz 200 saying cache: unreachable, and ok again once Redis is back"
        ),
        outcome="; ".join(problems)
        or (
            f"{len(away)} requests while Redis was away, all 200, slowest {slowest:.2f}s; "
            f"/readyz said ok {again - marks['back']:.2f}s after Redis came back"
        ),
        passed=not problems,
        settings={**vars(args), "pages": pages},
        marks=marks,
        load=load,
        failures=common.failures(bad),
        clock=clock,
    )


def extra_arguments(parser) -> None:
    parser.add_argument(
        "--outage",
        type=float,
        default=None,
        help="seconds Redis is away, half frozen and half stopped (default: a sixth of "
        "--duration, 4 to 10)",
    )


if __name__ == "__main__":
    common.standalone(run, __doc__, extra_arguments)
