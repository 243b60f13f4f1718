"""Per-client limits on the public pages that cost most, and the answers to a client that asks
too often: a 429 page for searches, downloads and feeds, and the admin's login lockout page.

The JSON API is throttled by DRF (REST_FRAMEWORK in settings) and the admin login locked by
django-axes. Axes takes the client's address from client_ip() below, as these limits do, and
DRF reads it by the same rule (NUM_PROXIES).
"""

import ipaddress
import math

from axes.helpers import get_cool_off, get_failure_limit
from django.conf import settings
from django.shortcuts import render
from django_ratelimit.core import get_usage
from rest_framework.throttling import UserRateThrottle

# Which requests count against which of settings.RATE_LIMITS, by URL name (every feed and
# download, which tests/security checks). Pages not named here are never limited.
GROUPS = {
    "quotes:quote-list": "search",
    "quotes:quote-export-csv": "download",
    "quotes:quote-export-jsonl": "download",
    # A large download's status page (reloading itself every few seconds) and its file.
    "quotes:export-status": "download",
    "quotes:export-file": "download",
    "quotes:quote-citation": "download",
    "quotes:capture-warc": "download",
    "quotes:quote-feed": "feed",
    "quotes:corrections-feed": "feed",
    "quotes:person-feed": "feed",
    "quotes:unit-feed": "feed",
    "quotes:outlet-feed": "feed",
}
# The quote list is a search only when it is given words or a name to look for; paging
# through it or narrowing it by speaker, outlet or date is cheap, so that is not limited.
SEARCH_PARAMETERS = ("q", "who", "unit_name")

NOUNS = {"search": "searches", "download": "downloads", "feed": "feed requests"}
PERIODS = {"s": "second", "m": "minute", "h": "hour", "d": "day"}


def client_ip(request):
    """The client's address: REMOTE_ADDR, or behind a proxy (settings.BEHIND_PROXY) the last
    address in X-Forwarded-For, the one the proxy appended; any before it are whatever the
    client sent, so they are never trusted."""
    address = request.META.get("REMOTE_ADDR")
    if settings.BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").rsplit(",", 1)[-1].strip()
        try:
            address = str(ipaddress.ip_address(forwarded))
        except ValueError:
            pass
    return address


def group_of(request):
    """The rate-limit group the request counts against, or None."""
    match = request.resolver_match
    group = GROUPS.get(match.view_name) if match else None
    if group == "search" and not any(request.GET.get(p, "").strip() for p in SEARCH_PARAMETERS):
        return None
    return group


class RateLimitMiddleware:
    """Counts each client's requests of every group in GROUPS, and answers 429 with
    Retry-After beyond the group's rate (django-ratelimit counting in the default cache)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        group = group_of(request)
        rate = settings.RATE_LIMITS.get(group) if group else None
        if not rate:
            return None
        usage = get_usage(request, group=group, key="ip", rate=rate, increment=True)
        if usage is None or not usage["should_limit"]:
            return None
        count, period = rate.split("/")
        # The window's last second still counts in it: the next one starts a second later.
        retry_after = max(1, usage["time_left"] + 1)
        response = render(
            request,
            "429.html",
            {
                "noun": NOUNS[group],
                "limit": count,
                "period": PERIODS[period[0]],
                "retry_after": retry_after,
            },
            status=429,
        )
        response["Retry-After"] = str(retry_after)
        return response


class SignedInRateThrottle(UserRateThrottle):
    """The API's rate for signed-in clients (RATE_LIMIT_API_USER), counted per user. DRF's
    UserRateThrottle would also count every anonymous request by address, beside the
    anonymous rate that already does, at twice the cost in the cache for no limit of its
    own: anonymous clients are held to RATE_LIMIT_API alone."""

    def get_cache_key(self, request, view):
        if request.user and request.user.is_authenticated:
            return super().get_cache_key(request, view)
        return None


def lockout_response(request, original_response, credentials):
    """django-axes' answer to a locked-out login (AXES_LOCKOUT_CALLABLE): a page saying for
    how long, with Retry-After."""
    cool_off = get_cool_off(request)
    seconds = int(cool_off.total_seconds())
    response = render(
        request,
        "axes_lockout.html",
        {
            "failure_limit": get_failure_limit(request, credentials),
            "minutes": math.ceil(seconds / 60),
        },
        status=settings.AXES_HTTP_RESPONSE_CODE,
    )
    response["Retry-After"] = str(seconds)
    return response
