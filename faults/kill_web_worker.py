"""kill -9 one gunicorn worker under load: gunicorn starts another in its place, and under
0.1% of the requests fail.

    .venv/bin/python -m faults.kill_web_worker [--duration 60] [--clients 8] [--workers 4]

A sync worker serves one request at a time, so the request it is serving when it is killed
is lost (the client sees the connection closed without an answer): one failure, which is
under 0.1% only out of more than 1,000 requests. A short run therefore goes on past
--duration until it has made 1,001 requests, for at most 90 seconds.
"""

import asyncio
import os
import signal

from faults import common

NAME = "kill_web_worker"
MIN_REQUESTS = 1001  # one lost request is then under 0.1%
MAX_SECONDS = 90
REPLACED_WITHIN = 30  # seconds for gunicorn to have its full count of workers again


def run(demo: common.Demo, args, web: common.Gunicorn | None = None) -> dict:
    killed = {}

    with common.site(demo, NAME, workers=args.workers, shared=web) as web:

        async def kill_one(clock: common.Clock) -> None:
            await clock.until(max(1.0, args.duration / 3))
            before = web.worker_pids()
            victim = before[0]
            os.kill(victim, signal.SIGKILL)
            killed.update(pid=victim, at=clock.note(f"kill -9 worker {victim}"))
            while clock.now() < killed["at"] + REPLACED_WITHIN:
                now = web.worker_pids()
                new = sorted(set(now) - set(before))
                if victim not in now and len(now) == web.workers and new:
                    event = f"gunicorn forked worker {new[0]} in its place"
                    killed.update(replacement=new[0], replaced_at=clock.note(event))
                    return
                await asyncio.sleep(0.05)
            clock.note(f"no replacement within {REPLACED_WITHIN}s")

        clock = common.Clock()
        clock.note(f"load starts: {args.clients} clients, {web.workers} workers")
        samples = asyncio.run(
            common.generate_load(
                web.url, web.pages, clients=args.clients, duration=args.duration, clock=clock,
                during=kill_one, min_requests=MIN_REQUESTS, max_duration=MAX_SECONDS,
            )
        )  # fmt: skip
        clock.note(f"load ends: {len(samples)} requests")
        pages = web.pages
    load = common.summarize(samples)
    share = load["failed"] / load["requests"] if load["requests"] else 1.0
    replaced = "replacement" in killed
    passed = replaced and share < 0.001
    lost = [s for s in samples if s.error]
    return common.scenario_result(
        NAME,
        criterion="failed requests under 0.1%, and gunicorn back to its count of workers",
        outcome=(
            f"{load['failed']} of {load['requests']} requests failed "
            f"({common.percent(load['failed'], load['requests'])}); "
            + (
                f"worker {killed['pid']} replaced by {killed['replacement']}, forked "
                f"{killed['replaced_at'] - killed['at']:.2f}s after the kill"
                if replaced
                else "the killed worker was not replaced"
            )
        ),
        passed=passed,
        settings={**vars(args), "pages": pages, "min_requests": MIN_REQUESTS},
        killed=killed,
        load=load,
        failures=common.failures(lost),
        tables={
            "Failed requests": [
                {"page": s.page, "started (s)": round(s.started, 2), "error": s.error}
                for s in lost[:20]
            ]
        },
        clock=clock,
    )


if __name__ == "__main__":
    common.standalone(run, __doc__)
