"""A slow task for the task-worker fault script. It notes in a file (no table) which worker
process started and which finished it; running it twice is harmless, as every task's must."""

import os
import time
from pathlib import Path

from django_tasks import task


@task()
def linger(seconds: float, marker: str) -> int:
    """Take `seconds`, then return the id of the process that finished."""
    with Path(marker).open("a", encoding="utf-8") as notes:
        notes.write(f"started {os.getpid()} {time.time():.3f}\n")
    time.sleep(seconds)
    with Path(marker).open("a", encoding="utf-8") as notes:
        notes.write(f"finished {os.getpid()} {time.time():.3f}\n")
    return os.getpid()
