"""All five fault scripts on one demo archive, then one summary table; the exit status is 1
if any missed its criterion. `make faults DURATION=60` runs it (CI: DURATION=5).

    .venv/bin/python -m faults.run_all [--duration 60] [--clients 8] [--workers 4]
"""

import json
import sys
import time
import traceback

from faults import (
    common,
    database_outage,
    kill_task_worker,
    kill_web_worker,
    load,
    redis_outage,
)

# The web scenarios share one gunicorn (one boot instead of three), in this order; the Redis
# outage starts its own, on a Redis of its own; the task worker scenario needs no web server.
WEB = [load, kill_web_worker, database_outage]


def main() -> None:
    args = common.parser_for(__doc__).parse_args()
    started = time.monotonic()
    results = []
    with common.interrupted(), common.stop_on_sigterm(), common.demo_archive() as demo:
        print(f"demo archive ready in {demo.setup_seconds:.1f}s", flush=True)
        with common.site(demo, "web", workers=args.workers) as web:
            print(f"gunicorn ready ({args.workers} workers) at {web.url}", flush=True)
            for scenario in WEB:
                results.append(attempt(scenario, demo, args, web=web))
        # Its own gunicorn, on its own Redis.
        results.append(attempt(redis_outage, demo, args))
        results.append(attempt(kill_task_worker, demo, args))
    wall = time.monotonic() - started
    print(summary(results, args, demo.setup_seconds, wall), flush=True)
    common.REPORTS.mkdir(parents=True, exist_ok=True)
    (common.REPORTS / "summary.json").write_text(
        json.dumps(
            {
                "settings": vars(args),
                "setup_seconds": round(demo.setup_seconds, 1),
                "wall_seconds": round(wall, 1),
                "machine": common.machine(),
                "results": {
                    r["scenario"]: {k: r.get(k) for k in ("passed", "outcome", "wall_seconds")}
                    for r in results
                },
            },
            indent=2,
        )
        + "\n",
        encoding="utf-8",
    )
    sys.exit(0 if all(r["passed"] for r in results) else 1)


def attempt(scenario, demo: common.Demo, args, **shared) -> dict:
    """Run one scenario with run_all's options; one that breaks fails, and the rest run."""
    name = scenario.NAME
    print(f"\n== {name}", flush=True)
    options = common.parser_for(name, getattr(scenario, "extra_arguments", None))
    scenario_args = options.parse_args(
        ["--duration", str(args.duration), "--clients", str(args.clients),
         "--workers", str(args.workers)]
    )  # fmt: skip
    began = time.monotonic()
    try:
        result = scenario.run(demo, scenario_args, **shared)
    except Exception as error:  # noqa: BLE001 - one broken scenario fails, the rest run
        traceback.print_exc()
        result = common.scenario_result(
            name, criterion="(did not finish)", outcome=f"error: {error!r}", passed=False
        )
    except SystemExit as error:  # a scenario gave up (no worker took its task, say)
        result = common.scenario_result(
            name, criterion="(did not finish)", outcome=f"gave up: {error}", passed=False
        )
    result["wall_seconds"] = round(time.monotonic() - began, 1)
    return common.report(result)


def summary(results: list[dict], args, setup: float, wall: float) -> str:
    lines = [
        "",
        f"## Fault scripts: --duration {args.duration:g}, {args.clients} clients, "
        f"{args.workers} gunicorn workers",
        "",
        "| scenario | result | requests | req/s | p50 / p95 / p99 ms | failed | outcome | wall |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        load = r.get("load")
        figures = (
            f"{load['requests']} | {load['per_second']} | "
            f"{load['p50_ms']:.0f} / {load['p95_ms']:.0f} / {load['p99_ms']:.0f} | "
            f"{load['failed']} ({common.percent(load['failed'], load['requests'])})"
            if load
            else "– | – | – | –"
        )
        verdict = "PASS" if r["passed"] else "**FAIL**"
        lines.append(
            f"| {r['scenario']} | {verdict} | {figures} | {r['outcome']} | {r['wall_seconds']}s |"
        )
    machine = common.machine()
    lines += [
        "",
        f"Demo archive set up in {setup:.0f}s; {wall:.0f}s in all, on {machine['cpus']} CPUs "
        f"(load average now {', '.join(map(str, machine['load_average']))}).",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
