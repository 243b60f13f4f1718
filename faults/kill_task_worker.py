"""A task worker killed with kill -9 in the middle of a task: the other worker, which looks
for the tasks of dead workers every --recover-every seconds, runs the task to the end.

    .venv/bin/python -m faults.kill_task_worker [--duration 60] [--task-seconds N]

Two `run_worker` processes share the scenario's database queue (VERBATIM_TASKS=database).
The task (faults/tasks.py) takes --task-seconds (a quarter of --duration, 3 to 15 s) and
notes in a file which process started and which finished it; the worker that claimed it is
killed a third of the way through.
"""

import json
import subprocess
import sys
import time

import psycopg

from faults import common

NAME = "kill_task_worker"
TABLE = "django_tasks_database_dbtaskresult"
SLACK = 30  # seconds beyond the task's own length and the recovery interval


def task_seconds(args) -> float:
    return args.task_seconds or min(15.0, max(3.0, args.duration / 4))


def pid_of(worker_id: str) -> int | None:
    """The process id in a run_worker id, "host:pid:random"."""
    parts = str(worker_id).rsplit(":", 2)
    return int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else None


def run(demo: common.Demo, args) -> dict:
    seconds = task_seconds(args)
    logs = common.REPORTS / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    marker = demo.workdir / f"{NAME}.marker"
    clock = common.Clock()
    states: list[dict] = []
    workers: dict[int, subprocess.Popen] = {}
    victim = survivor = None
    row = None

    with demo.copy(NAME) as database:
        env = demo.environment(database)
        try:
            for n in range(2):
                with (logs / f"{NAME}.worker-{n}.log").open("w", encoding="utf-8") as log:
                    process = subprocess.Popen(  # noqa: S603 - our own interpreter and manage.py
                        [
                            sys.executable, "manage.py", "run_worker", "--no-startup-delay",
                            "--interval", "0.2", "--recover-every", str(args.recover_every),
                        ],
                        cwd=common.ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                    )  # fmt: skip
                workers[process.pid] = process
            clock.note(f"two run_worker processes started: {sorted(workers)}")
            code = (
                "from faults.tasks import linger; "
                f"print(linger.enqueue({seconds!r}, {str(marker)!r}).id)"
            )
            task_id = common.manage(env, "shell", "-c", code, timeout=60).split()[-1]
            clock.note(f"task {task_id} enqueued: linger({seconds:g}s)")

            with psycopg.connect(common.database_url(database), autocommit=True) as db:

                def poll() -> dict:
                    status, worker_ids, value = db.execute(
                        f"SELECT status, worker_ids, return_value FROM {TABLE} WHERE id = %s",  # noqa: S608 - a constant table name
                        [task_id],
                    ).fetchone()
                    ids = worker_ids if isinstance(worker_ids, list) else json.loads(worker_ids)
                    now = {"status": status, "workers": [pid_of(w) for w in ids], "value": value}
                    if not states or {k: states[-1][k] for k in now} != now:
                        states.append({"at": round(clock.now(), 3), **now})
                        clock.note(f"task {status}, worker pids so far {now['workers']}")
                    return now

                deadline = clock.now() + 60
                while (row := poll())["status"] != "RUNNING" and clock.now() < deadline:
                    time.sleep(0.05)
                if row["status"] != "RUNNING":
                    raise SystemExit(f"no worker took the task within 60s: {row}")
                victim = row["workers"][-1]
                survivor = next(pid for pid in workers if pid != victim)
                running_at = clock.now()
                while clock.now() < running_at + seconds / 3:
                    poll()
                    time.sleep(0.05)
                workers[victim].kill()
                workers[victim].wait(timeout=10)
                killed_at = clock.note(f"kill -9 worker {victim} (the task's); {survivor} lives")

                deadline = killed_at + seconds + args.recover_every + SLACK
                while (row := poll())["status"] not in {"SUCCESSFUL", "FAILED"}:
                    if clock.now() > deadline:
                        clock.note(f"not finished {deadline - killed_at:.0f}s after the kill")
                        break
                    time.sleep(0.05)
                done_at = clock.now()
        finally:
            for process in workers.values():
                common.stop_process(process)
    return judge(row, states, victim, survivor, marker, clock, args, seconds, killed_at, done_at)


def judge(row, states, victim, survivor, marker, clock, args, seconds, killed_at, done_at):
    notes = marker.read_text(encoding="utf-8").split("\n") if marker.exists() else []
    finished_by = [int(line.split()[1]) for line in notes if line.startswith("finished")]
    started_by = [int(line.split()[1]) for line in notes if line.startswith("started")]
    bound = seconds + args.recover_every + SLACK
    problems = []
    if row["status"] != "SUCCESSFUL":
        problems.append(f"the task ended {row['status']}")
    if row["workers"] != [victim, survivor]:
        problems.append(f"the task's workers were {row['workers']}, not [{victim}, {survivor}]")
    if finished_by != [survivor] or row.get("value") != survivor:
        problems.append(f"finished by {finished_by or 'nobody'}, not by {survivor} alone")
    if done_at - killed_at > bound:
        problems.append(f"done {done_at - killed_at:.1f}s after the kill (bound {bound:.0f}s)")
    return common.scenario_result(
        NAME,
        criterion=(
            "the task of the killed worker completes, run by the other worker, within the "
            "task's length + --recover-every + 30 s of the kill"
        ),
        outcome="; ".join(problems)
        or (
            f"started by {victim}, killed after {seconds / 3:.1f}s; finished by {survivor} "
            f"{done_at - killed_at:.1f}s after the kill (the task takes {seconds:g}s, "
            f"recovery every {args.recover_every:g}s)"
        ),
        passed=not problems,
        settings={**vars(args), "task_seconds": seconds},
        states=states,
        started_by=started_by,
        finished_by=finished_by,
        seconds_after_kill=round(done_at - killed_at, 2),
        clock=clock,
    )


def extra_arguments(parser) -> None:
    parser.add_argument(
        "--task-seconds", type=float, default=None,
        help="how long the task takes (default: a quarter of --duration, 3 to 15)",
    )  # fmt: skip
    parser.add_argument(
        "--recover-every", type=float, default=1.0,
        help="run_worker's --recover-every for both workers (%(default)s)",
    )  # fmt: skip


if __name__ == "__main__":
    common.standalone(run, __doc__, extra_arguments)
