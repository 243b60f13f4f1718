"""verbatim.cache, the Redis cache production runs with (REDIS_URL): Django's, with one Redis
client for each connection pool. On the Redis of this machine (database 14)."""

import redis

from verbatim.cache import RedisCache


def test_the_cache_stores_and_reads_through_one_client(monkeypatch):
    made = []
    original = redis.Redis.__init__

    def counted(self, *args, **kwargs):
        made.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(redis.Redis, "__init__", counted)
    cache = RedisCache("redis://127.0.0.1:6379/14", {})
    cache.clear()
    cache.set("page", {"status": 200, "body": "words"}, 30)
    cache.set_many({"a": 1, "b": 2}, 30)
    assert cache.get("page") == {"status": 200, "body": "words"}
    assert cache.get_many(["a", "b", "c"]) == {"a": 1, "b": 2}
    assert cache.incr("a") == 2
    assert cache.add("a", 5) is False
    cache.delete("page")
    assert cache.get("page") is None
    cache.clear()
    assert len(made) == 1  # Django's own makes one for each of these ten commands
