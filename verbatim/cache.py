"""Django's Redis cache, keeping its Redis clients.

Django's RedisCacheClient makes a new redis.Redis for every command it sends, on the same
connection pool, and redis-py fills a table of some 170 reply handlers each time it makes
one: about a tenth of a millisecond, twice for every page the page cache serves
(verbatim/pagecache.py), which costs a bare Django view not much more. Here each pool keeps
one client. A redis.Redis takes a connection from its pool for each command and gives it
back, so one client serves every thread of a process, as the pool does.
"""

from django.core.cache.backends import redis


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


class RedisCache(redis.RedisCache):
    """settings.CACHES' BACKEND "verbatim.cache.RedisCache": Django's, with the client above."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = RedisCacheClient
