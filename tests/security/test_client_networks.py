"""The rate limits count an IPv6 client by its /64 network, which one host is commonly given
whole, so that it cannot take a fresh allowance from each address in it; an IPv4 client, also
one seen as an IPv4-mapped IPv6 address, counts by its own address."""

import pytest
from django.test import override_settings
from django.urls import reverse

from .conftest import API_LIMIT, PAGE_LIMITS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("low_limits")]

OTHER_NETWORK = "2001:db8:7:2::1"
IPV4 = "203.0.113.7"
IPV4_MAPPED = "::ffff:203.0.113.7"
OTHER_IPV4_MAPPED = "::ffff:198.51.100.20"
PROXY = "10.0.0.2"
SEARCH = int(PAGE_LIMITS["search"].split("/")[0])


def in_one_network(n):
    """n addresses of 2001:db8:7:1::/64, differing across the whole interface half."""
    return [f"2001:db8:7:1:{i:x}:{i * 7:x}::{i:x}" for i in range(1, n + 1)]


def statuses(client, url, addresses, **headers):
    return [client.get(url, REMOTE_ADDR=ip, **headers).status_code for ip in addresses]


def search_url():
    return reverse("quotes:quote-list") + "?q=harbour"


def test_api_requests_from_every_address_of_a_64_count_together(client):
    """300 API requests from 300 addresses of one /64 are one client's: refused past the
    limit, while another /64 keeps its own allowance."""
    url = reverse("api:quote-list")

    answered = statuses(client, url, in_one_network(300))

    assert answered == [200] * API_LIMIT + [429] * (300 - API_LIMIT)
    assert client.get(url, REMOTE_ADDR=OTHER_NETWORK).status_code == 200


def test_api_counts_an_ipv4_mapped_address_as_the_ipv4_client(client):
    """An IPv4 client seen as ::ffff:a.b.c.d (a dual-stack socket) is the same client as
    a.b.c.d, and not the same as every other IPv4-mapped client."""
    url = reverse("api:quote-list")

    answered = statuses(client, url, [IPV4_MAPPED, IPV4] * API_LIMIT)

    assert answered == [200] * API_LIMIT + [429] * API_LIMIT
    assert client.get(url, REMOTE_ADDR=OTHER_IPV4_MAPPED).status_code == 200


def test_searches_from_every_address_of_a_64_count_together(client):
    """The page rate limit, too, counts a /64 as one client."""
    answered = statuses(client, search_url(), in_one_network(SEARCH + 5))

    assert answered == [200] * SEARCH + [429] * 5
    assert client.get(search_url(), REMOTE_ADDR=OTHER_NETWORK).status_code == 200


def test_searches_count_an_ipv4_mapped_address_as_the_ipv4_client(client):
    """The page rate limit counts ::ffff:a.b.c.d as a.b.c.d, and apart from other IPv4
    clients."""
    answered = statuses(client, search_url(), [IPV4_MAPPED, IPV4] * SEARCH)

    assert answered == [200] * SEARCH + [429] * SEARCH
    assert client.get(search_url(), REMOTE_ADDR=OTHER_IPV4_MAPPED).status_code == 200


@override_settings(BEHIND_PROXY=True)
def test_behind_a_proxy_the_64_is_that_of_the_address_it_adds(client):
    """Behind a proxy the network is read from the last X-Forwarded-For entry, the one the
    proxy appends; whatever the client put before it changes nothing."""
    url = reverse("api:quote-list")
    forwarded = [f"192.0.2.{n}, {ip}" for n, ip in enumerate(in_one_network(API_LIMIT + 1))]

    answered = [
        client.get(url, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=header).status_code
        for header in forwarded
    ]

    assert answered == [200] * API_LIMIT + [429]
    assert client.get(url, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=OTHER_NETWORK).status_code == 200
