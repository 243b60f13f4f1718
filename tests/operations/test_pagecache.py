"""The shared page cache (verbatim/pagecache.py): an anonymous reader's page comes from the
cache until anything public changes, and a change shows at once."""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction

from quotes.models import Quote
from quotes.services import lifecycle
from tests.factories import PersonFactory, PrintingFactory, QuoteFactory
from verbatim import pagecache

pytestmark = pytest.mark.django_db


def served(response):
    return response["X-Page-Cache"] if response.has_header("X-Page-Cache") else None


def test_a_second_visit_is_served_from_the_cache_with_the_same_page(client):
    """The same URL twice: rendered once, then the same bytes from the cache."""
    printing = PrintingFactory()
    url = printing.quote.get_absolute_url()
    first = client.get(url)
    second = client.get(url)
    assert (first.status_code, second.status_code) == (200, 200)
    assert (served(first), served(second)) == ("miss", "hit")
    assert second.content == first.content
    assert printing.quote.text in second.content.decode()
    # A HEAD request is answered from the GET's page too.
    assert served(client.head(url)) == "hit"


def test_publishing_a_quote_shows_it_at_once(client, django_capture_on_commit_callbacks):
    """A quote published through the lifecycle is on the cached list at the next visit
    after the publication commits."""
    PrintingFactory(quote__text="Already public words.")
    waiting = PrintingFactory(
        quote__text="Words waiting for review.", quote__status=Quote.Status.SUGGESTED
    )
    assert "Words waiting for review." not in client.get("/quotes/").content.decode()
    assert served(client.get("/quotes/")) == "hit"
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.publish([waiting.quote])
    response = client.get("/quotes/")
    assert served(response) == "miss"
    assert "Words waiting for review." in response.content.decode()


def test_a_withdrawn_quote_leaves_every_cached_page_at_once(
    client, django_capture_on_commit_callbacks
):
    """Withdrawal is seen at the next visit of its permalink (410) and of the list."""
    quote = PrintingFactory(quote__text="Words later withdrawn.").quote
    url = quote.get_absolute_url()
    for _ in range(2):
        assert client.get(url).status_code == 200
        assert "Words later withdrawn." in client.get("/quotes/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.withdraw(quote, reason=Quote.WithdrawalReason.LEGAL)
    assert client.get(url).status_code == 410
    assert "Words later withdrawn." not in client.get("/quotes/").content.decode()


def test_a_speakers_new_name_shows_at_once(client):
    """An edit outside the lifecycle (a person renamed in the admin) also renews the pages."""
    person = PersonFactory(name="Ilse Formername")
    PrintingFactory(quote__person=person)
    url = person.get_absolute_url()
    client.get(url)
    assert served(client.get(url)) == "hit"
    person.name = "Ilse Newname"
    person.save()
    response = client.get(url)
    assert "Ilse Newname" in response.content.decode()
    assert "Ilse Formername" not in response.content.decode()


def test_logged_in_people_get_fresh_pages_and_store_none(client):
    """Someone logged in (an archivist) is never served a cached page, nor leaves one."""
    quote = PrintingFactory().quote
    user = get_user_model().objects.create_user("archivist", password="x")
    client.force_login(user)
    url = quote.get_absolute_url()
    assert [served(client.get(url)) for _ in range(2)] == [None, None]
    client.logout()
    assert served(client.get(url)) == "miss"


def test_pages_that_say_no_are_not_stored(client):
    """never_cache pages, error pages and the admin are rendered every time."""
    for url in ("/readyz", "/healthz", "/q/nosuchquote/", "/admin/login/"):
        assert [served(client.get(url)) for _ in range(2)] == [None, None], url


def test_a_transaction_renews_the_pages_once_when_it_commits(
    django_capture_on_commit_callbacks,
):
    """Other processes see a change when it commits, not before, and an import of many rows
    in one transaction renews the generation once."""
    before = pagecache.generation()
    with django_capture_on_commit_callbacks() as callbacks:
        for _ in range(3):
            PrintingFactory()
        # Another thread, as another process would, still reads the old generation.
        seen = []
        reader = threading.Thread(target=lambda: seen.append(cache.get(pagecache.GENERATION_KEY)))
        reader.start()
        reader.join()
        assert seen == [before]
    assert [callback for callback in callbacks if callback is pagecache.publish] == [
        pagecache.publish
    ]
    for callback in callbacks:
        callback()
    assert cache.get(pagecache.GENERATION_KEY) != before


@pytest.mark.django_db(transaction=True)
def test_a_committed_change_reaches_other_threads():
    """Committed outside any test transaction, a change replaces the generation for all."""
    before = pagecache.generation()
    with transaction.atomic():
        QuoteFactory()
    seen = []
    reader = threading.Thread(target=lambda: seen.append(cache.get(pagecache.GENERATION_KEY)))
    reader.start()
    reader.join()
    assert seen[0] != before


def test_rate_limits_still_count_cached_pages(client, settings):
    """A search served from the cache still counts against the client's limit."""
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "search": "2/m"}
    PrintingFactory(quote__text="Limited harbour words.")
    statuses = [client.get("/quotes/", {"q": "harbour"}).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]


def test_an_api_answer_from_the_cache_is_the_one_rendered(client):
    """The API's JSON comes back from the cache byte for byte, with its headers (what is
    stored is the answer as sent, not the data DRF rendered it from)."""
    PrintingFactory(quote__text="Words the API hands out twice.")
    first, second = client.get("/api/quotes/"), client.get("/api/quotes/")
    assert (served(first), served(second)) == ("miss", "hit")
    assert second.content == first.content
    assert second.json()["results"][0]["text"] == "Words the API hands out twice."
    for header in ("Content-Type", "Allow", "Content-Security-Policy"):
        assert second[header] == first[header]


def test_the_apis_throttles_still_count_cached_answers(client, settings, monkeypatch):
    """The API answers 429 in DRF's words once its throttle is used up, cached or not."""
    from rest_framework.settings import api_settings
    from rest_framework.throttling import SimpleRateThrottle

    PrintingFactory()
    rates = {**api_settings.DEFAULT_THROTTLE_RATES, "anon": "2/min"}
    # DRF reads the rates into the throttle classes when its settings load; undone after
    # the test on the class every throttle inherits them from.
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates)
    responses = [client.get("/api/quotes/") for _ in range(3)]
    assert [r.status_code for r in responses] == [200, 200, 429]
    assert served(responses[1]) == "hit"
    assert "throttled" in responses[2].json()["detail"].lower()
    assert responses[2].has_header("Retry-After")


def test_with_a_replica_pages_just_after_a_change_are_not_stored(client, settings, monkeypatch):
    """With a read replica, which may lag, a page rendered within the settling time of a
    change is not kept; after it, pages are stored again."""
    # The router is left alone: the test's reads still go to the one database.
    monkeypatch.setattr(pagecache, "replica_configured", lambda: True)
    settings.PAGE_CACHE_REPLICA_SETTLE = 30
    clock = [1_000_000.0]
    monkeypatch.setattr(pagecache.time, "time", lambda: clock[0])
    quote = PrintingFactory().quote
    pagecache.publish()
    url = quote.get_absolute_url()
    assert [served(client.get(url)) for _ in range(2)] == [None, None]
    clock[0] += 31
    assert [served(client.get(url)) for _ in range(2)] == ["miss", "hit"]


def test_an_unreachable_cache_leaves_pages_rendered(client, settings):
    """With Redis gone, readers still get every page, rendered; /readyz says what is down,
    and stays ready."""
    quote = PrintingFactory(quote__text="Words while the cache is down.").quote
    settings.CACHES = {
        "default": {
            "BACKEND": "verbatim.cache.RedisCache",
            # Nothing listens on port 1 of loopback.
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    for _ in range(2):
        response = client.get(quote.get_absolute_url())
        assert response.status_code == 200
        assert served(response) is None
        assert "Words while the cache is down." in response.content.decode()
    # Said, but still ready: every instance shares the one Redis, and serves without it.
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json()["cache"] == "unreachable"
