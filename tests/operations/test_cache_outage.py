"""Redis stopped or frozen is no error: searches, the API and feeds answer as without a cache,
a frozen Redis costs one request its short timeout and no more, and a change made while the
cache was away is published when it is back (verbatim/cache.py, verbatim/pagecache.py)."""

import socket
import threading
import time

import pytest
from django.core.cache import cache

from tests.factories import PrintingFactory
from verbatim import pagecache

pytestmark = pytest.mark.django_db

OPTIONS = {"socket_timeout": 0.5, "socket_connect_timeout": 0.5}


def redis_at(location):
    return {
        "default": {
            "BACKEND": "verbatim.cache.RedisCache",
            "LOCATION": location,
            "OPTIONS": OPTIONS,
        }
    }


@pytest.fixture
def frozen_redis():
    """A server on loopback that takes connections and never answers: a frozen Redis."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    held = []
    stop = threading.Event()

    def accept():
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except TimeoutError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"redis://127.0.0.1:{listener.getsockname()[1]}/0"
    stop.set()
    thread.join(2)
    for connection in held:
        connection.close()
    listener.close()


@pytest.mark.parametrize(
    "url", ["/quotes/?q=pier", "/api/quotes/", "/api/quotes/?q=pier", "/feeds/quotes/"]
)
def test_with_redis_stopped_searches_the_api_and_feeds_answer(client, settings, url):
    """Nothing listens where the cache should be: the rate limits count nothing and let the
    request through, the page is rendered, and the words are there."""
    PrintingFactory(quote__text="The pier stays shut until spring.", quote__status="published")
    settings.CACHES = redis_at("redis://127.0.0.1:1/0")
    response = client.get(url)
    assert response.status_code == 200
    if url == "/api/quotes/":
        assert b"The pier stays shut" in response.content


def test_a_frozen_redis_costs_one_timeout_then_nothing(client, settings, frozen_redis):
    """The first request waits the half-second timeout; the next ones, within
    RETRY_SECONDS, do not try Redis at all."""
    PrintingFactory(quote__text="The pier stays shut until spring.", quote__status="published")
    settings.CACHES = redis_at(frozen_redis)
    started = time.monotonic()
    assert client.get("/quotes/?q=pier").status_code == 200
    first = time.monotonic() - started
    started = time.monotonic()
    for _ in range(5):
        assert client.get("/quotes/?q=pier").status_code == 200
    rest = time.monotonic() - started
    assert first < 3
    assert rest < 1.5, f"five requests took {rest:.1f} s with Redis frozen"


def test_commands_answer_as_misses_and_say_the_cache_is_down(settings):
    settings.CACHES = redis_at("redis://127.0.0.1:1/0")
    assert cache.get("a", "default") == "default"
    assert cache.get_many(["a", "b"]) == {}
    assert cache.add("a", 1) is False
    assert cache.set("a", 1) is False
    with pytest.raises(ValueError):
        cache.incr("a")
    assert cache.down


def test_a_change_made_while_the_cache_was_away_is_published_when_it_is_back(settings):
    """The generation could not be replaced while Redis was away: the process replaces it
    when it next finds Redis back, before it serves a page from before the change."""
    settings.CACHES = redis_at("redis://127.0.0.1:6379/13")
    cache.clear()
    before, _ = pagecache._read()
    settings.CACHES = redis_at("redis://127.0.0.1:1/0")  # Redis away
    pagecache.publish()  # the change
    assert pagecache._unpublished.is_set()
    settings.CACHES = redis_at("redis://127.0.0.1:6379/13")  # Redis back, pages and all
    after, _ = pagecache._read()
    assert after is not None and after != before
    assert not pagecache._unpublished.is_set()
    cache.clear()
