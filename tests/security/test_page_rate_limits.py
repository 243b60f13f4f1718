"""Searches, downloads and feeds on the public site are limited per client address; beyond
the limit the client gets a plain 429 page with Retry-After, and other pages are not limited."""

import pytest
from django.contrib.syndication.views import Feed
from django.test import override_settings
from django.urls import reverse

from quotes import urls
from quotes.views import downloads
from tests.factories import QuoteFactory
from verbatim.ratelimit import GROUPS

from .conftest import PAGE_LIMITS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("low_limits")]

ONE = "203.0.113.7"
OTHER = "198.51.100.20"
PROXY = "10.0.0.2"


def limit(group):
    return int(PAGE_LIMITS[group].split("/")[0])


def get(client, url, ip=ONE, **extra):
    return client.get(url, REMOTE_ADDR=ip, **extra)


def burst(client, url, times, ip=ONE):
    return [get(client, url, ip) for _ in range(times)]


def assert_refused(response, noun):
    assert response.status_code == 429
    assert response["Content-Type"].startswith("text/html")
    assert 0 < int(response["Retry-After"]) <= 60
    body = response.content.decode()
    assert "Too many requests" in body
    assert f"{noun} in a minute" in body
    assert f"wait {response['Retry-After']} second" in body


def test_a_search_burst_gets_the_429_page(client):
    """The search after the limit gets the 429 page; the ones before it the results."""
    url = reverse("quotes:quote-list") + "?q=harbour"
    responses = burst(client, url, limit("search") + 1)

    assert [r.status_code for r in responses[:-1]] == [200] * limit("search")
    assert_refused(responses[-1], "searches")


def test_the_client_is_served_again_after_retry_after(client, low_limits):
    """Retry-After tells the truth: that many seconds later the search is answered."""
    url = reverse("quotes:quote-list") + "?q=harbour"
    refused = burst(client, url, limit("search") + 1)[-1]
    assert refused.status_code == 429

    low_limits.now += int(refused["Retry-After"]) - 1
    assert get(client, url).status_code == 429
    low_limits.now += 1
    assert get(client, url).status_code == 200


def test_every_kind_of_search_counts(client):
    """Words, a speaker's name and a unit's name are all searches."""
    base = reverse("quotes:quote-list")
    for query in ["q=pier", "who=Harbourmaster", "unit_name=brigade", "q=bridge"]:
        assert get(client, f"{base}?{query}").status_code == 200

    assert_refused(get(client, f"{base}?who=Olena"), "searches")


def test_another_client_can_still_search(client):
    """One client over its search limit leaves another address its own allowance."""
    url = reverse("quotes:quote-list") + "?q=harbour"
    burst(client, url, limit("search") + 1)

    assert get(client, url, ip=OTHER).status_code == 200


def test_browsing_the_quote_list_is_not_limited(client):
    """The list without search words (paging, an empty search box) is not a search."""
    base = reverse("quotes:quote-list")
    for n in range(limit("search") * 2):
        assert get(client, f"{base}?q=&who=&page=1&n={n}").status_code == 200


def test_other_pages_are_not_limited(client):
    """Pages outside the groups answer however often a client asks, even one over its search
    limit."""
    burst(client, reverse("quotes:quote-list") + "?q=harbour", limit("search") + 1)
    quote = QuoteFactory(text="We hold the pier.")
    pages = [
        reverse("quotes:home"),
        reverse("quotes:person-list"),
        reverse("quotes:unit-list"),
        reverse("quotes:outlet-list"),
        quote.get_absolute_url(),
        reverse("quotes:sitemap"),
    ]
    for _ in range(max(limit(group) for group in PAGE_LIMITS) + 1):
        for page in pages:
            assert get(client, page).status_code == 200, page


def test_a_download_burst_gets_the_429_page(client, settings):
    """CSV and JSON Lines downloads count together against the download limit."""
    # The downloads are left unread, so each keeps its place among those streaming at once.
    settings.EXPORT_DIRECT_CONCURRENCY = 10
    csv = reverse("quotes:quote-export-csv")
    jsonl = reverse("quotes:quote-export-jsonl")
    responses = [get(client, url) for url in [csv, jsonl] * limit("download")]

    assert [r.status_code for r in responses[: limit("download")]] == [200] * limit("download")
    assert_refused(responses[limit("download")], "downloads")
    assert get(client, csv, ip=OTHER).status_code == 200


def test_citation_downloads_count_as_downloads(client):
    """A quote's citation files (BibTeX, RIS, CSL-JSON) are downloads too."""
    quote = QuoteFactory(text="We hold the pier.")
    cite = reverse("quotes:quote-citation", args=[quote.short_id, "bib"])
    responses = burst(client, cite, limit("download") + 1)

    assert [r.status_code for r in responses[:-1]] == [200] * limit("download")
    assert_refused(responses[-1], "downloads")


def test_a_feed_burst_gets_the_429_page(client):
    """Atom feeds have their own limit."""
    responses = burst(client, reverse("quotes:quote-feed"), limit("feed") + 1)

    assert [r.status_code for r in responses[:-1]] == [200] * limit("feed")
    assert_refused(responses[-1], "feed requests")


def test_a_made_up_forwarded_for_does_not_escape_the_limit(client):
    """Without a proxy in front, X-Forwarded-For is the client's own say and is ignored."""
    url = reverse("quotes:quote-list") + "?q=harbour"
    for n in range(limit("search")):
        get(client, url, HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")

    assert get(client, url, HTTP_X_FORWARDED_FOR="192.0.2.200").status_code == 429


@override_settings(BEHIND_PROXY=True)
def test_behind_a_proxy_clients_are_told_apart_by_the_address_it_adds(client):
    """Behind a proxy every request comes from the proxy's address: clients are told apart by
    the last X-Forwarded-For entry, which the proxy appends, not by any the client sent."""
    url = reverse("quotes:quote-list") + "?q=harbour"
    for n in range(limit("search")):
        get(client, url, ip=PROXY, HTTP_X_FORWARDED_FOR=f"192.0.2.{n}, {ONE}")

    refused = get(client, url, ip=PROXY, HTTP_X_FORWARDED_FOR=f"192.0.2.99, {ONE}")
    assert refused.status_code == 429
    assert get(client, url, ip=PROXY, HTTP_X_FORWARDED_FOR=OTHER).status_code == 200


def test_every_feed_and_download_is_in_a_group():
    """A feed or download added to quotes/urls.py is limited without another change."""
    kinds = {}
    for pattern in urls.urlpatterns:
        if isinstance(pattern.callback, Feed):
            kinds[f"quotes:{pattern.name}"] = "feed"
        elif getattr(pattern.callback, "__module__", None) == downloads.__name__:
            kinds[f"quotes:{pattern.name}"] = "download"
    kinds["quotes:quote-citation"] = "download"

    assert {name: GROUPS.get(name) for name in kinds} == kinds
    assert "feed" in kinds.values() and "download" in kinds.values()
