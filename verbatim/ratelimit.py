"""Per-client limits on the public pages that cost most, and the answers to a client that asks
too often: a 429 page for searches, downloads and feeds, and the admin's login lockout page.

The JSON API is throttled by DRF (REST_FRAMEWORK in settings) and the admin login locked by
django-axes. All three count a client as client_network() below has it: an IPv6 client by its
/64, so that a host cannot take a fresh allowance from each address of the network it is given.
"""

import ipaddress
import math

from axes.attempts import get_cool_off_threshold
from axes.helpers import get_client_username, get_cool_off, get_failure_limit
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.shortcuts import render
from django.utils.translation import pgettext_lazy
from django_ratelimit.core import get_usage
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

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
    "quotes:altered-feed": "feed",
    "quotes:person-feed": "feed",
    "quotes:unit-feed": "feed",
    "quotes:outlet-feed": "feed",
}
# The quote list is a search only when it is given words or a name to look for; paging
# through it or narrowing it by speaker, outlet or date is cheap, so that is not limited.
SEARCH_PARAMETERS = ("q", "who", "unit_name")

# As the 429 page puts them: "more than 60 searches in a minute".
NOUNS = {
    "search": pgettext_lazy("more than N", "searches"),
    "download": pgettext_lazy("more than N", "downloads"),
    "feed": pgettext_lazy("more than N", "feed requests"),
}
PERIODS = {
    "s": pgettext_lazy("in a", "second"),
    "m": pgettext_lazy("in a", "minute"),
    "h": pgettext_lazy("in a", "hour"),
    "d": pgettext_lazy("in a", "day"),
}


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


def client_network(request):
    """The client as the limits and the lockout count it: an IPv6 client by its /64 (written
    as the network's first address), since a host is commonly given a whole /64 and may use
    any address in it; an IPv4 client by its address, also when a dual-stack socket shows it
    as an IPv4-mapped IPv6 one (::ffff:a.b.c.d)."""
    address = client_ip(request)
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6 and ip.ipv4_mapped:
        return str(ip.ipv4_mapped)
    if ip.version == 6:
        return str(ipaddress.ip_network((ip, 64), strict=False).network_address)
    return str(ip)


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


class AnonymousRateThrottle(AnonRateThrottle):
    """The API's rate for anonymous clients (RATE_LIMIT_API), counted per client_network()
    rather than per exact address as DRF's AnonRateThrottle counts."""

    def get_ident(self, request):
        return client_network(request)


class SignedInRateThrottle(UserRateThrottle):
    """The API's rate for signed-in clients (RATE_LIMIT_API_USER), counted per user. DRF's
    UserRateThrottle would also count every anonymous request by address, beside the
    anonymous rate that already does, at twice the cost in the cache for no limit of its
    own: anonymous clients are held to RATE_LIMIT_API alone."""

    def get_cache_key(self, request, view):
        if request.user and request.user.is_authenticated:
            return super().get_cache_key(request, view)
        return None


def failure_limit(request, credentials):
    """django-axes' lockout threshold (AXES_FAILURE_LIMIT). Axes counts the username's failed
    logins from every network and locks it at this number: LOGIN_FAILURE_LIMIT where this
    network alone has failed that often, so that one client is stopped early; elsewhere the
    higher LOGIN_ACCOUNT_FAILURE_LIMIT, which guesses spread over many networks reach without
    one stranger's few locking the archivist out everywhere."""
    failures = AccessAttempt.objects.filter(
        username=get_client_username(request, credentials),
        ip_address=request.axes_ip_address,
        attempt_time__gte=get_cool_off_threshold(request),
    ).aggregate(total=Sum("failures_since_start"))["total"]
    if (failures or 0) >= settings.LOGIN_FAILURE_LIMIT:
        return settings.LOGIN_FAILURE_LIMIT
    return settings.LOGIN_ACCOUNT_FAILURE_LIMIT


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
