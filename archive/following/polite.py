"""Every request the following of outlets makes: polite, and as safe as a capture's.

Politeness: robots.txt obeyed for FOLLOW_ROBOTS_AGENT (protego), kept per host for
FOLLOW_ROBOTS_HOURS; at most FOLLOW_HOST_CONCURRENCY requests open to a host at once across
every worker, each FOLLOW_HOST_DELAY_SECONDS (or the host's Crawl-delay, if longer) after the
last on its slot (HostSlot rows, each held with an expiry so that a dead worker frees its
own); conditional requests (If-None-Match, If-Modified-Since); 429 and 5xx answers with a
Retry-After of at most FOLLOW_MAX_WAIT_SECONDS waited out, and longer ones (or none) raised
as PutOff for the run to put its source off. Safety: the connection goes through the
capture's guard (archive.fetch.GuardedTransport: no private address unless
CAPTURE_ALLOW_PRIVATE), with its deadline, size cap and redirect checks.
"""

import datetime
import email.utils
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from protego import Protego

from ..fetch import (
    REDIRECT_STATUSES,
    CaptureFailed,
    GuardedTransport,
    get,
    phrase,
    redirect_target,
    undo_content_encoding,
)
from .models import Host, HostSlot

ACCEPT = (
    "application/rss+xml,application/atom+xml,application/xml;q=0.9,text/xml;q=0.9,"
    "text/html;q=0.8,*/*;q=0.5"
)
RETRIES = 2  # waits for a Retry-After, per request


class Disallowed(Exception):
    """robots.txt forbids the archive this address."""


class PutOff(Exception):
    """The host asked the archive to come back later (429 or 5xx): `seconds` from now, when
    it said when (Retry-After), else None."""

    def __init__(self, message: str, seconds: float | None = None):
        super().__init__(message)
        self.seconds = seconds


@dataclass
class Answer:
    """A response: where it ended (after redirects), its status, headers and body (Content-
    Encoding undone; empty for a 304)."""

    url: str
    status: int
    headers: httpx.Headers
    body: bytes = b""

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "")


def host_of(url: str) -> str:
    """The host and port a request goes to, as Host.name keeps it."""
    return urlsplit(url).netloc.lower().rpartition("@")[2]


def fetch_politely(url: str, *, etag: str = "", last_modified: str = "") -> Answer:
    """GET `url` as the follower: allowed by robots.txt (else Disallowed), in a free slot of
    its host, conditional on `etag` and `last_modified`; a 304 is an answer, a 429 or 5xx is
    waited out (Retry-After) or raised as PutOff, any other failure as CaptureFailed."""
    if not allowed(url):
        raise Disallowed(f"robots.txt disallows {url} to {settings.FOLLOW_ROBOTS_AGENT}")
    headers = {"If-None-Match": etag} if etag else {}
    if last_modified:
        headers["If-Modified-Since"] = last_modified
    return request(url, headers)


def request(url: str, headers: dict) -> Answer:
    """One GET in a slot of its host, Retry-After waited out up to RETRIES times."""
    for attempt in range(RETRIES + 1):
        with host_slot(host_of(url)):
            answer = send(url, headers)
        if answer.status < 500 and answer.status != 429:
            if answer.status >= 400:
                raise CaptureFailed(f"HTTP {answer.status} {phrase(answer.status, '')}")
            return answer
        wait = retry_after(answer.headers.get("retry-after", ""))
        said = f"HTTP {answer.status} {phrase(answer.status, '')}"
        if wait is None or wait > settings.FOLLOW_MAX_WAIT_SECONDS or attempt == RETRIES:
            raise PutOff(said + (f", Retry-After {wait:g} s" if wait is not None else ""), wait)
        keep_quiet(host_of(url), wait)
    raise AssertionError("unreachable")


def send(url: str, headers: dict) -> Answer:
    """The GET itself, redirects followed (each hop through the guard)."""
    seconds = settings.CAPTURE_TIMEOUT_SECONDS
    deadline = time.monotonic() + seconds
    transport = GuardedTransport(allow_private=settings.CAPTURE_ALLOW_PRIVATE, deadline=deadline)
    sent = {
        "User-Agent": settings.FOLLOW_USER_AGENT,
        "Accept": ACCEPT,
        "Accept-Encoding": "gzip, deflate",
        **headers,
    }
    with httpx.Client(transport=transport, headers=sent, trust_env=False) as client:
        for _hop in range(settings.CAPTURE_MAX_REDIRECTS + 1):
            exchange, response = get(client, url, deadline, seconds)
            if exchange.status in REDIRECT_STATUSES and "location" in response.headers:
                url = redirect_target(response)
                continue
            body = b""
            if exchange.status < 300:
                encoding = response.headers.get("content-encoding", "")
                body = undo_content_encoding(exchange.payload, encoding)
            return Answer(url=url, status=exchange.status, headers=response.headers, body=body)
    raise CaptureFailed(f"too many redirects (more than {settings.CAPTURE_MAX_REDIRECTS})")


def retry_after(value: str) -> float | None:
    """Seconds to wait, from a Retry-After header (seconds, or an HTTP date); None if absent
    or unreadable."""
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.UTC)
    return max(0.0, (when - timezone.now()).total_seconds())


# robots.txt


def robots_of(name: str, scheme: str) -> Protego:
    """The host's robots.txt rules, fetched again when older than FOLLOW_ROBOTS_HOURS. A
    robots.txt that is missing (4xx) allows everything; one that cannot be had (5xx, no
    answer) fails the request, as RFC 9309 asks (assume everything disallowed)."""
    host = host_row(name)
    if not host.robots_fresh(settings.FOLLOW_ROBOTS_HOURS):
        try:
            answer = request(f"{scheme}://{name}/robots.txt", {})
            host.robots, host.robots_status = answer.body.decode("utf-8", "replace"), 200
        except CaptureFailed as exc:
            if not str(exc).startswith("HTTP 4"):
                raise CaptureFailed(f"robots.txt could not be read: {exc}") from None
            host.robots, host.robots_status = "", int(str(exc)[5:8])
        host.robots_fetched_at = timezone.now()
        host.save(update_fields=["robots", "robots_status", "robots_fetched_at"])
    return Protego.parse(host.robots)


def allowed(url: str) -> bool:
    """Whether robots.txt lets the archive fetch `url`."""
    parts = urlsplit(url)
    rules = robots_of(host_of(url), parts.scheme)
    return rules.can_fetch(url, settings.FOLLOW_ROBOTS_AGENT)


def sitemaps_of(site_url: str) -> list[str]:
    """The sitemaps a site's robots.txt names (`Sitemap:` lines)."""
    return list(robots_of(host_of(site_url), urlsplit(site_url).scheme).sitemaps)


# A host's slots.


def host_row(name: str) -> Host:
    try:
        with transaction.atomic():
            return Host.objects.get_or_create(name=name)[0]
    except IntegrityError:  # made by another worker a moment ago
        return Host.objects.get(name=name)


def slots_of(host: Host) -> list[HostSlot]:
    wanted = range(max(1, settings.FOLLOW_HOST_CONCURRENCY))
    slots = {slot.number: slot for slot in host.slots.filter(number__in=wanted)}
    for number in wanted:
        if number not in slots:
            try:
                with transaction.atomic():
                    slots[number] = HostSlot.objects.create(host=host, number=number)
            except IntegrityError:
                slots[number] = HostSlot.objects.get(host=host, number=number)
    return list(slots.values())


@contextmanager
def host_slot(name: str):
    """Hold one of the host's slots for the time of the block, waiting for one to be free;
    PutOff when none is within FOLLOW_MAX_WAIT_SECONDS and a capture's time."""
    host = host_row(name)
    holder = uuid.uuid4().hex
    hold = datetime.timedelta(seconds=settings.CAPTURE_TIMEOUT_SECONDS * 2 + 5)
    give_up = time.monotonic() + settings.FOLLOW_MAX_WAIT_SECONDS + hold.total_seconds()
    while True:
        now = timezone.now()
        slots = slots_of(host)
        for slot in slots:
            taken = HostSlot.objects.filter(
                pk=slot.pk, held_until__lte=now, free_at__lte=now
            ).update(held_by=holder, held_until=now + hold)
            if taken:
                try:
                    yield
                finally:
                    delay = datetime.timedelta(seconds=host_delay(host))
                    HostSlot.objects.filter(pk=slot.pk, held_by=holder).update(
                        held_by="", held_until=timezone.now(), free_at=timezone.now() + delay
                    )
                return
        soonest = min(max(slot.held_until, slot.free_at) for slot in slots)
        if time.monotonic() > give_up:
            raise PutOff(f"{name} was busy for longer than the archive waits")
        time.sleep(min(max((soonest - now).total_seconds(), 0.05), 1.0))


def host_delay(host: Host) -> float:
    """Seconds between two requests on one slot: the setting, or the host's Crawl-delay."""
    crawl_delay = Protego.parse(host.robots).crawl_delay(settings.FOLLOW_ROBOTS_AGENT) or 0
    return max(settings.FOLLOW_HOST_DELAY_SECONDS, float(crawl_delay))


def keep_quiet(name: str, seconds: float) -> None:
    """No request to the host for `seconds` (its Retry-After), from any worker."""
    until = timezone.now() + datetime.timedelta(seconds=seconds)
    Host.objects.filter(name=name).update(quiet_until=until)
    HostSlot.objects.filter(host__name=name, free_at__lt=until).update(free_at=until)
