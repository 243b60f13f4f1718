"""D seconds of load on gunicorn (several workers) over the main public pages: no request may
fail (no 5xx, no other status but 200, no connection error, no timeout).

    .venv/bin/python -m faults.load [--duration 60] [--clients 8] [--workers 4]
"""

import asyncio

from faults import common

NAME = "load"


def run(demo: common.Demo, args, web: common.Gunicorn | None = None) -> dict:
    with common.site(demo, NAME, workers=args.workers, shared=web) as web:
        pages = web.pages
        clock = common.Clock()
        clock.note(f"load starts: {args.clients} clients, {web.workers} workers")
        samples = asyncio.run(
            common.generate_load(
                web.url, pages, clients=args.clients, duration=args.duration, clock=clock
            )
        )
        clock.note(f"load ends: {len(samples)} requests")
    load = common.summarize(samples)
    passed = load["requests"] > 0 and load["failed"] == 0
    return common.scenario_result(
        NAME,
        criterion="zero failed requests (anything but a 200, a connection error or a timeout)",
        outcome=f"{load['failed']} of {load['requests']} requests failed",
        passed=passed,
        settings={**vars(args), "pages": pages},
        load=load,
        failures=common.failures(samples),
        tables={"Per page": common.per_page(samples)},
        clock=clock,
    )


if __name__ == "__main__":
    common.standalone(run, __doc__)
