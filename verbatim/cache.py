"""Django's Redis cache, keeping its Redis clients, and answering as a miss when Redis is away.

Django's RedisCacheClient makes a new redis.Redis for every command it sends, on the same
connection pool, and redis-py fills a table of some 170 reply handlers each time it makes
one: about a tenth of a millisecond, twice for every page the page cache serves
(verbatim/pagecache.py), which costs a bare Django view not much more. Here each pool keeps
one client. A redis.Redis takes a connection from its pool for each command and gives it
back, so one client serves every thread of a process, as the pool does.

Nothing in the archive is kept only in the cache (rate-limit counts, pages, uploads waiting
for a preview are all to be had again), so Redis stopped, unreachable or frozen is no error:
every command that fails answers as a miss (get: the default; add, set, touch, delete:
False; incr: ValueError, as for a key that is not there), the failure is logged, and for
RETRY_SECONDS the process does not try Redis again, so that a frozen Redis costs one
request its socket timeout (settings.CACHES: half a second) rather than every request.
`down` says whether the last command failed; the page cache reads it (a change it could not
publish is published when Redis is back).
"""

import functools
import logging
import time

from django.core.cache.backends import redis
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# How long a process leaves Redis alone after a command failed.
RETRY_SECONDS = 5.0


class RedisCacheClient(redis.RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}  # connection pool -> its redis.Redis

    def get_client(self, key=None, *, write=False):
        # Django's, but for making the client once.
        pool = self._get_connection_pool(write)
        if pool not in self._clients:
            self._clients[pool] = self._client(connection_pool=pool)
        return self._clients[pool]


def _missing(*args, **kwargs):
    raise ValueError("the cache is unreachable")  # as incr says of a key that is not there


def _guarded(name, miss):
    """Django's RedisCache.`name`, answering `miss(*args, **kwargs)` when Redis fails or
    was found away less than RETRY_SECONDS ago."""
    method = getattr(redis.RedisCache, name)

    @functools.wraps(method)
    def guarded(self, *args, **kwargs):
        if time.monotonic() < self._away_until:
            return miss(*args, **kwargs)
        try:
            found = method(self, *args, **kwargs)
        except RedisError as error:
            if not self.down:
                logger.warning("cache unreachable, answering as a miss: %s", error)
            self.down = True
            self._away_until = time.monotonic() + RETRY_SECONDS
            return miss(*args, **kwargs)
        if self.down:
            logger.warning("cache reachable again")
        self.down = False
        return found

    return guarded


def _default(key, default=None, *args, **kwargs):
    return default


class RedisCache(redis.RedisCache):
    """settings.CACHES' BACKEND "verbatim.cache.RedisCache": Django's, with the client above,
    and every command a miss while Redis is away (see the module's note)."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = RedisCacheClient
        self.down = False
        self._away_until = 0.0

    get = _guarded("get", _default)
    get_many = _guarded("get_many", lambda *a, **k: {})
    set = _guarded("set", lambda *a, **k: False)
    add = _guarded("add", lambda *a, **k: False)
    touch = _guarded("touch", lambda *a, **k: False)
    delete = _guarded("delete", lambda *a, **k: False)
    set_many = _guarded("set_many", lambda data, *a, **k: list(data))
    delete_many = _guarded("delete_many", lambda *a, **k: None)
    has_key = _guarded("has_key", lambda *a, **k: False)
    incr = _guarded("incr", _missing)
    clear = _guarded("clear", lambda *a, **k: False)
