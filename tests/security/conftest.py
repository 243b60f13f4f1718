"""Low, fixed limits for the rate-limit and lockout tests, whatever the environment sets, so
that a burst of a few requests shows what a client beyond its limit sees. Not autouse: other
tests here walk the site at the ordinary limits."""

from datetime import timedelta

import django_ratelimit.core
import pytest
from rest_framework.throttling import SimpleRateThrottle

FAILURE_LIMIT = 3
ACCOUNT_FAILURE_LIMIT = 3 * FAILURE_LIMIT
COOLOFF = timedelta(minutes=30)
PAGE_LIMITS = {"search": "4/min", "download": "3/min", "feed": "5/min"}
API_LIMIT = 6


class StoppedClock:
    """time.time() standing still (until a test moves it), for django-ratelimit's windows."""

    now = 1_900_000_000.0

    @classmethod
    def time(cls):
        return cls.now


@pytest.fixture
def low_limits(settings, monkeypatch):
    settings.LOGIN_FAILURE_LIMIT = FAILURE_LIMIT
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = ACCOUNT_FAILURE_LIMIT
    settings.AXES_COOLOFF_TIME = COOLOFF
    settings.RATE_LIMITS = PAGE_LIMITS
    # DRF reads the rates into the throttle class once, at import, so overriding the
    # REST_FRAMEWORK setting would not reach them.
    monkeypatch.setattr(
        SimpleRateThrottle, "THROTTLE_RATES", {"anon": f"{API_LIMIT}/min", "user": "100/min"}
    )
    # django-ratelimit counts in fixed windows (a minute, from an offset per client): a burst
    # that straddled the end of one would start counting afresh, so its clock stands still.
    monkeypatch.setattr(django_ratelimit.core, "time", StoppedClock)
    monkeypatch.setattr(StoppedClock, "now", StoppedClock.now)
    return StoppedClock
