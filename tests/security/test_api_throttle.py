"""The JSON API answers a client beyond its rate with DRF's 429: JSON saying when to come
back, and Retry-After. Other clients are unaffected."""

import pytest
from django.conf import settings
from django.urls import reverse
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle

from verbatim.ratelimit import SignedInRateThrottle

from .conftest import API_LIMIT

pytestmark = pytest.mark.django_db

ONE = "203.0.113.7"
OTHER = "198.51.100.20"


def burst(client, url, times, ip=ONE, **headers):
    return [client.get(url, REMOTE_ADDR=ip, **headers) for _ in range(times)]


@pytest.mark.usefixtures("low_limits")
def test_a_burst_beyond_the_limit_gets_429_json_with_retry_after(client):
    """The request after the limit is refused with a JSON reason and Retry-After."""
    url = reverse("api:quote-list")
    responses = burst(client, url, API_LIMIT + 1)

    assert [r.status_code for r in responses[:API_LIMIT]] == [200] * API_LIMIT
    refused = responses[-1]
    assert refused.status_code == 429
    assert refused["Content-Type"] == "application/json"
    assert "throttled" in refused.json()["detail"]
    assert 0 < int(refused["Retry-After"]) <= 60


@pytest.mark.usefixtures("low_limits")
def test_the_limit_covers_every_endpoint(client):
    """A client's requests count together across the API's endpoints."""
    burst(client, reverse("api:quote-list"), API_LIMIT)

    assert client.get(reverse("api:person-list"), REMOTE_ADDR=ONE).status_code == 429


@pytest.mark.usefixtures("low_limits")
def test_another_client_is_unaffected(client):
    """One client over its limit leaves another address its own allowance."""
    burst(client, reverse("api:quote-list"), API_LIMIT + 1)

    assert client.get(reverse("api:quote-list"), REMOTE_ADDR=OTHER).status_code == 200


@pytest.mark.usefixtures("low_limits")
def test_a_made_up_forwarded_for_does_not_escape_the_limit(client):
    """Without a proxy in front, X-Forwarded-For is the client's own say and is ignored."""
    url = reverse("api:quote-list")
    for n in range(API_LIMIT):
        client.get(url, REMOTE_ADDR=ONE, HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")

    refused = client.get(url, REMOTE_ADDR=ONE, HTTP_X_FORWARDED_FOR="192.0.2.200")
    assert refused.status_code == 429


def test_the_throttles_use_the_configured_rates():
    """DRF's throttles read the rates the settings give (RATE_LIMIT_API, RATE_LIMIT_API_USER)."""
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    assert AnonRateThrottle().rate == rates["anon"]
    assert SignedInRateThrottle().rate == rates["user"]


def test_anonymous_clients_are_held_to_the_anonymous_rate_alone(client, monkeypatch):
    """The signed-in rate counts signed-in users only: an anonymous client gets the whole
    anonymous allowance even where the signed-in rate is lower."""
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "3/min", "user": "1/min"})
    statuses = [r.status_code for r in burst(client, reverse("api:quote-list"), 4)]
    assert statuses == [200, 200, 200, 429]
