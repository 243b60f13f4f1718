"""A task for the worker tests only: it sleeps, so that a test can kill its worker in the
middle. It lives in the tests package, which a worker started from the repository's root
(cwd) can import."""

import time

from django_tasks import task


@task()
def nap(seconds: float) -> str:
    """Sleep, then say so; running it twice is harmless."""
    time.sleep(seconds)
    return "awake"
