"""A capture's HTTP exchange: a web page fetched safely, or why not (CaptureFailed).

Every request and response is kept as sent and received (Exchange), for the WARC.

Fetching (httpx): http and https only, every redirect followed here so that each hop is
checked; one deadline for the whole capture (CAPTURE_TIMEOUT_SECONDS), which every connect,
TLS handshake, write and read of every hop waits within (DeadlineStream); at most
CAPTURE_MAX_REDIRECTS redirects; at most CAPTURE_MAX_BYTES read, before and after gzip is
undone; a User-Agent naming the archive (CAPTURE_USER_AGENT).

Server-side request forgery: a capture must never reach the archive's own network. The
connection itself is guarded, not the URL: GuardedBackend, the network backend of httpx's
connection pool, resolves each host with socket.getaddrinfo, refuses it if any of its
addresses is private, loopback, link-local, reserved, multicast or otherwise not public, and
then connects to an address it checked. So a redirect hop cannot slip past (each new host
comes through it), and neither can DNS that answers differently the second time (nothing
resolves the name again). The URL, the Host header and TLS (SNI and the certificate check)
keep the host name, since httpcore hands only the TCP connection to the backend.
CAPTURE_ALLOW_PRIVATE=1 lifts the refusal, for development and the tests' local server.
"""

import datetime
import ipaddress
import socket
import time
import zlib
from dataclasses import dataclass, field
from http import HTTPStatus
from urllib.parse import urldefrag, urlsplit

import httpcore
import httpx
from django.conf import settings
from django.utils import timezone

MAX_URL_LENGTH = 1000  # Capture.url, Capture.final_url and Article.url hold this many
REDIRECT_STATUSES = {301, 302, 303, 307, 308}
ACCEPT = "text/html,application/xhtml+xml,application/pdf;q=0.9,text/plain;q=0.8,*/*;q=0.5"
# The IPv6 prefix of NAT64 gateways, which reach the IPv4 address in the last 32 bits.
NAT64 = ipaddress.ip_network("64:ff9b::/96")


class CaptureFailed(Exception):
    """Why a capture failed, in the one line stored as its reason."""


@dataclass
class Exchange:
    """One request and the response to it, as sent and received."""

    url: str
    request_line: str
    request_headers: list[tuple[str, str]]
    status: int
    reason: str
    http_version: str
    headers: list[tuple[str, str]]
    payload: bytes = b""  # the body as received, its Content-Encoding still applied
    ip_address: str = ""

    @property
    def content_type(self) -> str:
        return next((value for name, value in self.headers if name.lower() == "content-type"), "")


@dataclass
class Fetched:
    """What fetch got: every exchange, each redirect's first, and the page's body."""

    exchanges: list[Exchange] = field(default_factory=list)
    body: bytes = b""  # the final response's body, its Content-Encoding undone
    fetched_at: datetime.datetime | None = None


def fetch(url: str) -> Fetched:
    """GET `url`, following redirects; CaptureFailed says why it could not be had."""
    seconds = settings.CAPTURE_TIMEOUT_SECONDS
    deadline = time.monotonic() + seconds
    fetched = Fetched()
    seen = set()
    headers = {
        "User-Agent": settings.CAPTURE_USER_AGENT,
        "Accept": ACCEPT,
        "Accept-Encoding": "gzip, deflate",
    }
    transport = GuardedTransport(allow_private=settings.CAPTURE_ALLOW_PRIVATE, deadline=deadline)
    with httpx.Client(transport=transport, headers=headers, trust_env=False) as client:
        while True:
            # A page may set a cookie and send the browser back to itself: only a request
            # repeated with the same cookies is a loop.
            cookies = tuple(
                sorted((c.domain, c.path, c.name, c.value or "") for c in client.cookies.jar)
            )
            if (url, cookies) in seen:
                raise CaptureFailed("redirect loop")
            seen.add((url, cookies))
            exchange, response = get(client, url, deadline, seconds)
            fetched.exchanges.append(exchange)
            status = exchange.status
            if status in REDIRECT_STATUSES and "location" in response.headers:
                if len(fetched.exchanges) > settings.CAPTURE_MAX_REDIRECTS:
                    raise CaptureFailed(
                        f"too many redirects (more than {settings.CAPTURE_MAX_REDIRECTS})"
                    )
                url = redirect_target(response)
                continue
            if status >= 300:
                raise CaptureFailed(f"HTTP {status} {phrase(status, exchange.reason)}")
            fetched.body = undo_content_encoding(
                exchange.payload, response.headers.get("content-encoding", "")
            )
            fetched.fetched_at = timezone.now()
            return fetched


def get(client, url, deadline, seconds) -> tuple[Exchange, httpx.Response]:
    """One GET, its body read within the size cap (and, as every wait is, the deadline: see
    DeadlineStream)."""
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise CaptureFailed(f"timed out after {seconds:g} seconds")
    request = client.build_request("GET", url, timeout=httpx.Timeout(remaining))
    try:
        response = client.send(request, stream=True)
        try:
            exchange = Exchange(
                url=url,
                request_line=f"GET {request.url.raw_path.decode('ascii')} HTTP/1.1",
                request_headers=text_headers(request.headers.raw),
                status=response.status_code,
                reason=response.reason_phrase,
                http_version=response.http_version,
                # The body is stored without its chunked framing, which the header would name.
                headers=[
                    (name, value)
                    for name, value in text_headers(response.headers.raw)
                    if name.lower() != "transfer-encoding"
                ],
                ip_address=server_address(response),
            )
            if response.status_code < 400:
                exchange.payload = read_capped(response)
        finally:
            response.close()
    except httpx.TimeoutException:
        raise CaptureFailed(f"timed out after {seconds:g} seconds") from None
    except httpx.ConnectError as exc:
        raise CaptureFailed(connect_failure(exc, request.url)) from None
    except httpx.HTTPError as exc:
        raise CaptureFailed(f"fetch failed: {exc or type(exc).__name__}") from None
    return exchange, response


def read_capped(response: httpx.Response) -> bytes:
    limit = settings.CAPTURE_MAX_BYTES
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise CaptureFailed(too_large(limit))
    chunks, size = [], 0
    for chunk in response.iter_raw():
        size += len(chunk)
        if size > limit:
            raise CaptureFailed(too_large(limit))
        chunks.append(chunk)
    return b"".join(chunks)


def undo_content_encoding(payload: bytes, encoding: str) -> bytes:
    """The body with gzip or deflate undone, never more than CAPTURE_MAX_BYTES of it (a small
    gzip can hold gigabytes). Only those two are asked for."""
    encoding = encoding.strip().lower()
    if encoding in ("", "identity"):
        return payload
    if encoding in ("gzip", "x-gzip"):
        # Any number of gzip members, one after another.
        wbits = [16 + zlib.MAX_WBITS]
    elif encoding == "deflate":
        # zlib-wrapped as the standard says, or raw as some servers send it.
        wbits = [zlib.MAX_WBITS, -zlib.MAX_WBITS]
    else:
        raise CaptureFailed(f"unsupported content encoding: {encoding}")
    limit = settings.CAPTURE_MAX_BYTES
    for attempt, bits in enumerate(wbits, 1):
        try:
            return inflate(payload, bits, limit)
        except zlib.error as exc:
            if attempt == len(wbits):
                raise CaptureFailed(f"cannot decode the {encoding} body: {exc}") from None
    raise AssertionError("unreachable")


def inflate(data: bytes, wbits: int, limit: int) -> bytes:
    out = bytearray()
    while data:
        decompressor = zlib.decompressobj(wbits)
        try:
            out += decompressor.decompress(data, limit + 1 - len(out))
        except zlib.error:
            if not out:
                raise
            break  # padding after the last gzip member, which browsers ignore too
        if len(out) > limit or decompressor.unconsumed_tail:
            raise CaptureFailed(too_large(limit))
        data = decompressor.unused_data if wbits > zlib.MAX_WBITS else b""
    return bytes(out)


def redirect_target(response: httpx.Response) -> str:
    location = response.headers["location"].strip()
    try:
        target = str(response.url.join(location))
    except (httpx.InvalidURL, ValueError):
        raise CaptureFailed("redirect to an invalid address") from None
    scheme = urlsplit(target).scheme.lower()
    if scheme not in ("http", "https"):
        raise CaptureFailed(f"redirect to a non-web address ({scheme or 'no scheme'}:)")
    target = urldefrag(target).url
    if len(target) > MAX_URL_LENGTH:
        raise CaptureFailed(f"redirect to an address longer than {MAX_URL_LENGTH} characters")
    return target


def connect_failure(exc: Exception, url: httpx.URL) -> str:
    """The reason for a connection that failed: refused, or the system's own words."""
    cause = exc
    while cause is not None:
        if isinstance(cause, ConnectionRefusedError):
            return f"connection refused by {url.host}:{url.port or default_port(url)}"
        cause = cause.__cause__ or cause.__context__
    return f"could not connect to {url.host}: {exc}"


def default_port(url: httpx.URL) -> int:
    return 443 if url.scheme == "https" else 80


def phrase(status: int, given: str) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return given or "(no reason given)"


def too_large(limit: int) -> str:
    megabyte = 1024 * 1024
    size = f"{limit // megabyte} MB" if limit % megabyte == 0 else f"{limit:,} bytes"
    return f"too large: more than {size}"


def text_headers(raw: list[tuple[bytes, bytes]]) -> list[tuple[str, str]]:
    # Header bytes are ISO-8859-1 by the HTTP standard; every byte maps to one character.
    return [(name.decode("latin-1"), value.decode("latin-1")) for name, value in raw]


def server_address(response: httpx.Response) -> str:
    stream = response.extensions.get("network_stream")
    try:
        return str(stream.get_extra_info("server_addr")[0]) if stream else ""
    except (TypeError, IndexError, AttributeError):
        return ""


# Guarding the connection (see the module docstring).


def refused_address(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether a capture may not connect to `ip`: anything but the public internet."""
    if ip.version == 6:
        embedded = ip.ipv4_mapped or ip.sixtofour
        if embedded is None and ip in NAT64:
            embedded = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
        if embedded is not None:
            ip = embedded
    return (
        ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_reserved
        or ip.is_multicast
        or ip.is_unspecified
        or not ip.is_global
    )


def resolve(host: str, port: int) -> list:
    """Every address `host` resolves to. (getaddrinfo takes no timeout: a resolver that hangs
    holds the capture past its deadline, to the system resolver's own timeout.)"""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise CaptureFailed(f"DNS lookup failed for {host}") from None
    addresses = []
    for *_, sockaddr in infos:
        address = ipaddress.ip_address(sockaddr[0])
        if address not in addresses:
            addresses.append(address)
    if not addresses:
        raise CaptureFailed(f"DNS lookup failed for {host}")
    return addresses


def time_left(deadline: float, timeout: float | None, error: type[Exception]) -> float:
    """How long the next wait may take: what is left until `deadline`, or less if httpcore
    asks for less; `error` (an httpcore timeout) once nothing is left."""
    left = deadline - time.monotonic()
    if left <= 0:
        raise error("the capture's deadline has passed")
    return left if timeout is None else min(timeout, left)


class DeadlineStream(httpcore.NetworkStream):
    """A connection on which every wait (each read, write and the TLS handshake) is cut to
    what is left of the capture's deadline. A socket timeout alone starts again with each
    read, so a server sending a header line, or a byte of the body, every few seconds would
    hold the capture for as long as it liked."""

    def __init__(self, inner: httpcore.NetworkStream, deadline: float):
        self.inner = inner
        self.deadline = deadline

    def read(self, max_bytes, timeout=None):
        return self.inner.read(max_bytes, time_left(self.deadline, timeout, httpcore.ReadTimeout))

    def write(self, buffer, timeout=None):
        self.inner.write(buffer, time_left(self.deadline, timeout, httpcore.WriteTimeout))

    def close(self):
        self.inner.close()

    def start_tls(self, ssl_context, server_hostname=None, timeout=None):
        # The handshake as a whole waits at most the timeout it is given (Python's ssl).
        timeout = time_left(self.deadline, timeout, httpcore.ConnectTimeout)
        return DeadlineStream(
            self.inner.start_tls(ssl_context, server_hostname, timeout), self.deadline
        )

    def get_extra_info(self, info):
        return self.inner.get_extra_info(info)


class GuardedBackend(httpcore.NetworkBackend):
    """httpcore's synchronous backend, connecting only to addresses it has checked, and
    waiting on them no later than the capture's deadline (a monotonic time)."""

    def __init__(self, *, allow_private: bool, deadline: float):
        self.allow_private = allow_private
        self.deadline = deadline
        self.inner = httpcore.SyncBackend()

    def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        addresses = resolve(host, port)
        if not self.allow_private:
            for address in addresses:
                if refused_address(address):
                    raise CaptureFailed(f"private address refused: {host} resolves to {address}")
        error = None
        for address in addresses:
            try:
                stream = self.inner.connect_tcp(
                    str(address),
                    port,
                    timeout=time_left(self.deadline, timeout, httpcore.ConnectTimeout),
                    local_address=local_address,
                    socket_options=socket_options,
                )
            except httpcore.ConnectError as exc:
                error = exc
                continue
            return DeadlineStream(stream, self.deadline)
        raise error

    def connect_unix_socket(self, path, timeout=None, socket_options=None):
        raise CaptureFailed("a capture connects to web addresses only")

    def sleep(self, seconds):
        self.inner.sleep(seconds)


class GuardedTransport(httpx.HTTPTransport):
    """httpx's transport on a GuardedBackend. HTTPTransport takes no network backend, so the
    connection pool it builds is replaced by the same pool on ours (`_pool` is all its
    handle_request sends through); no proxy from the environment is used, since a proxy
    would be the only address checked."""

    def __init__(self, *, allow_private: bool, deadline: float):
        super().__init__(trust_env=False)
        self._pool = httpcore.ConnectionPool(
            ssl_context=httpx.create_ssl_context(trust_env=False),
            network_backend=GuardedBackend(allow_private=allow_private, deadline=deadline),
        )
