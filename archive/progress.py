"""How far a queued import has got, for the admin's progress page: waiting, reading the
article, N of M quotations stored, then the article archived or the reason it was not.

Kept in the cache, keyed by the import task's id, and not in a database row: an import is one
transaction (a failure leaves the database as it was), so a row it wrote would be invisible to
the page until the import committed, and a row written on a second connection meanwhile would
wait for the import's own lock on SQLite. The cache is outside any transaction and shared by
the web processes and the workers (Redis in production); where it is not shared (the
in-process cache without REDIS_URL), the page falls back on the task's own state.

The task names its import with `reporting(key)`; the import calls `report` as it goes, which
does nothing outside a task so named (an import from a command, or the admin's own)."""

import contextvars
from contextlib import contextmanager

from django.core.cache import cache

# How long the last state is kept after the import's last word: time enough for the page that
# polls it to see the end.
KEPT_SECONDS = 24 * 3600

_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("import_key", default=None)


def _key(key: str) -> str:
    return f"import-progress:{key}"


def get(key: str) -> dict | None:
    """The import's last state: {"state": "queued" | "reading" | "storing" | "done" |
    "failed", "title", "done", "total", "article", "created", "reason"}, or None."""
    return cache.get(_key(key))


def update(key: str, **changes) -> None:
    """Change what is kept of the import under `key`."""
    state = {"title": "", "done": 0, "total": 0, **(get(key) or {}), **changes}
    cache.set(_key(key), state, KEPT_SECONDS)


def queued(key: str, *, title: str) -> None:
    """The import was handed to the queue."""
    update(key, state="queued", title=title)


@contextmanager
def reporting(key: str):
    """Within this block, the import reports under `key`; it ends done or failed."""
    token = _current.set(key)
    update(key, state="reading")
    try:
        yield
    except Exception as exc:
        update(key, state="failed", reason=str(exc))
        raise
    finally:
        _current.reset(token)


def report(done: int, total: int) -> None:
    """`done` of the article's `total` quotations are stored (not committed yet: all of them
    are, together, or none)."""
    key = _current.get()
    if key is not None:
        update(key, state="storing", done=done, total=total)


def finished(key: str, *, article: int, created: bool) -> None:
    """The import committed: the article archived (or found already archived)."""
    update(key, state="done", article=article, created=created)
