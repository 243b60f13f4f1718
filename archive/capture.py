"""Capturing an article from its URL: the page fetched safely, the exchange kept as a WARC, the
article archived once (or a later version of it recorded).

A capture goes QUEUED (request_capture, retry) -> RUNNING -> DONE or FAILED (run_capture,
which the `archive.tasks.capture_page` task runs). A FAILED capture has a one-line reason and
nothing else written; a DONE one has the final URL, the status, the content type, the text the
page held, the SHA-256 of its body, and the gzipped WARC of every request and response
(redirects included) with a metadata record, and its SHA-256. A capture requested with
`review` (the admin's), or of a page a canonical link ties to an archived article, stops short
of archiving: it ends in REVIEW with all of that and the metadata the page gives
(`proposed`), and archive_reviewed archives it, with the archivist's corrections, into DONE.

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

Archiving: the page body (Content-Encoding undone, in the charset it was served in) goes to
`archive_article`, the one way in. The same article is never archived twice: an article with
the same content hash or archived from the same URL (after redirects) is found first; the
capture then points at it, and when the text differs it is a new version of that article (the
capture keeps the text and its own WARC; the article is never rewritten). A canonical link
(`<link rel=canonical>`, `og:url`) is only what the page says: a page it ties to an article
of the site the page was fetched from waits in REVIEW, whatever the capture asked for, and
becomes a version of that article only through archive_reviewed; a tie to another site's
article is ignored, with a note in the capture's `reason` (canonical_claim).
"""

import codecs
import datetime
import importlib.metadata
import io
import ipaddress
import json
import re
import socket
import time
import zlib
from dataclasses import dataclass, field
from http import HTTPStatus
from urllib.parse import urldefrag, urlsplit

import charset_normalizer
import httpcore
import httpx
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.text import Truncator
from warcio.archiveiterator import ArchiveIterator
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from .metadata import domain_of
from .models import Article, Capture
from .services import ArticleRejected, archive_article, is_web_url, read_source

MAX_URL_LENGTH = 1000  # Capture.url, Capture.final_url and Article.url hold this many
REDIRECT_STATUSES = {301, 302, 303, 307, 308}
HTML_TYPES = {"text/html", "application/xhtml+xml"}
PDF_TYPES = {"application/pdf", "application/x-pdf"}
# A PDF served without a useful type is recognised by its first bytes.
UNTYPED = {"", "application/octet-stream", "binary/octet-stream"}
ACCEPT = "text/html,application/xhtml+xml,application/pdf;q=0.9,text/plain;q=0.8,*/*;q=0.5"
# What a browser assumes these labels mean (WHATWG Encoding): bytes 0x80-0x9F are
# Windows-1252 punctuation, not control characters.
WINDOWS_1252_LABELS = {"ascii", "iso8859-1"}
META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([-\w.:]+)""", re.IGNORECASE)
HEADER_CHARSET = re.compile(r"""charset\s*=\s*["']?([-\w.:]+)""", re.IGNORECASE)
# The IPv6 prefix of NAT64 gateways, which reach the IPv4 address in the last 32 bits.
NAT64 = ipaddress.ip_network("64:ff9b::/96")


class CaptureRefused(ValueError):
    """A capture that cannot be requested (a URL that is not http or https, a retry of a
    capture that did not fail) or archived after review (it is not awaiting review); nothing
    was stored."""


class CaptureFailed(Exception):
    """Why a capture failed, in the one line stored as its reason."""


# Requesting and retrying.


def request_capture(url: str, *, publish: bool = False, user=None, review: bool = False) -> Capture:
    """Queue a capture of the page at `url` and return it. With the immediate task backend
    (development, tests) it has already run, and the capture returned shows how it ended.
    `publish` publishes the quotes found, on behalf of `user` (recorded as requested_by).
    With `review`, a page that is not archived yet waits in REVIEW, with the metadata it gives,
    for archive_reviewed instead of being archived at once."""
    url = (url or "").strip()
    if len(url) > MAX_URL_LENGTH or not is_web_url(url):
        shown = Truncator(url).chars(80)
        raise CaptureRefused(f"not an http:// or https:// web address: {shown!r}")
    capture = Capture.objects.create(
        url=url,
        publish=publish,
        review=review,
        requested_by=user if getattr(user, "pk", None) else None,
        attempts=1,
    )
    return enqueue(capture)


def retry(capture: Capture) -> Capture:
    """Queue a failed capture again (one more attempt) and return it."""
    queued = Capture.objects.filter(pk=capture.pk, state=Capture.State.FAILED).update(
        state=Capture.State.QUEUED, reason="", attempts=F("attempts") + 1
    )
    if not queued:
        capture.refresh_from_db(fields=["state"])
        raise CaptureRefused(
            f"capture {capture.pk} is {capture.get_state_display().lower()}: "
            "only a failed capture can be retried"
        )
    return enqueue(capture)


def enqueue(capture: Capture) -> Capture:
    # archive.tasks imports this module for run_capture.
    from .tasks import capture_page

    try:
        result = capture_page.enqueue(capture.pk)
    except Exception as exc:
        fail(capture.pk, f"could not be queued: {exc}")
        raise
    Capture.objects.filter(pk=capture.pk).update(task_id=str(result.id)[:64])
    capture.refresh_from_db()
    return capture


# Running.


def run_capture(capture_id: int, *, task_id: str = "") -> Capture | None:
    """Fetch, keep and archive one queued capture, and return it as it ended. A capture that
    is not queued (done, failed, or running in another worker) is left as it is, so that
    running the task twice archives once. The one exception is the capture's own task run
    again (`task_id`, given by the task) after its worker died mid-capture (quotes.workers
    queues such a task again): that run takes over the capture left RUNNING."""
    claimable = Q(state=Capture.State.QUEUED)
    if task_id:
        claimable |= Q(state=Capture.State.RUNNING, task_id=task_id)
    claimed = Capture.objects.filter(claimable, pk=capture_id).update(state=Capture.State.RUNNING)
    capture = Capture.objects.filter(pk=capture_id).select_related("requested_by").first()
    if not claimed or capture is None:
        return capture
    try:
        capture_and_archive(capture)
    except (CaptureFailed, ArticleRejected) as exc:
        fail(capture.pk, str(exc))
    except Exception as exc:
        # Never left RUNNING; the task's own record keeps the traceback.
        fail(capture.pk, f"internal error: {type(exc).__name__}: {exc}")
        raise
    capture.refresh_from_db()
    return capture


def fail(capture_id: int, reason: str) -> None:
    reason = " ".join(reason.split()) or "failed"
    Capture.objects.filter(pk=capture_id).update(
        state=Capture.State.FAILED, reason=Truncator(reason).chars(500)
    )


def capture_and_archive(capture: Capture) -> None:
    fetched = fetch(capture.url)
    final = fetched.exchanges[-1]
    kind = kind_of(final.content_type, fetched.body)
    encoding = None if kind == Article.Format.PDF else charset_of(final.content_type, fetched.body)
    no_article = ""
    try:
        found = read_source(fetched.body, kind, encoding=encoding, url=final.url)
    except ArticleRejected as exc:
        if kind != Article.Format.PDF:
            raise
        # The PDF is kept (its WARC), but there is no text to find quotes in.
        found, no_article = {"body": ""}, str(exc)
    canonical_url = found.get("canonical_url", "")
    content_sha256 = Article.digest(fetched.body)
    warc = warc_of(
        fetched, requested_url=capture.url, canonical_url=canonical_url, charset=encoding
    )

    with transaction.atomic():
        article, state, proposed, note = None, Capture.State.DONE, {}, no_article
        if not no_article:
            article = existing_article(content_sha256, final.url)
        if article is None and not no_article:
            claimed, canonical_url, note = canonical_claim(final.url, canonical_url)
            # Only an archivist makes a page a version of the article its canonical link
            # names: archived at once, its replay would be that article's.
            if claimed is not None or capture.review:
                state = Capture.State.REVIEW
                proposed = proposal(found, final.url, canonical_url)
            else:
                article = archive_new(
                    capture,
                    raw=fetched.body,
                    kind=kind,
                    encoding=encoding,
                    url=final.url,
                    canonical_url=canonical_url,
                    captured_at=fetched.fetched_at,
                    content_sha256=content_sha256,
                    fetched_url=final.url,
                )
        capture.state = state
        capture.proposed = proposed
        capture.reason = note
        capture.article = article
        capture.final_url = final.url
        capture.status_code = final.status
        capture.content_type = final.content_type[:200]
        capture.body = found["body"]
        capture.content_sha256 = content_sha256
        capture.warc = warc
        capture.warc_sha256 = Article.digest(warc)
        capture.captured_at = fetched.fetched_at
        capture.save(
            update_fields=[
                "state",
                "proposed",
                "reason",
                "article",
                "final_url",
                "status_code",
                "content_type",
                "body",
                "content_sha256",
                "warc",
                "warc_sha256",
                "captured_at",
            ]
        )


def existing_article(content_sha256: str, url: str) -> Article | None:
    """The article this page already is: the same bytes, else the article archived from the
    address the page was fetched from (`url`, after redirects)."""
    found = Article.objects.filter(Q(sha256=content_sha256) | Q(url=url)).defer("raw", "body")
    return min(found, key=lambda article: article.sha256 != content_sha256, default=None)


def canonical_claim(url: str, canonical_url: str) -> tuple[Article | None, str, str]:
    """What a page fetched from `url` (after redirects), with the canonical URL
    `canonical_url`, claims to be by a canonical link, its own or an archived article's: (the
    article it is another address of, the canonical URL the page keeps, a note for the
    capture). A canonical link is only the word of whoever wrote the page, so it ties the page
    to an article (the page's canonical URL is the article's URL or canonical URL, or the
    article's canonical URL is the page's address) only when the page was fetched from that
    article's site, and run_capture then leaves it for review. Any other such tie is ignored,
    and the page does not keep a canonical URL that names another site's article."""
    ties = Q(canonical_url=url)
    if canonical_url:
        ties |= Q(url=canonical_url) | Q(canonical_url=canonical_url)
    tied = list(Article.objects.filter(ties).only("url", "canonical_url").order_by("pk")[:20])
    site = domain_of(url)
    for article in tied:
        if site_of(article) == site:
            return (
                article,
                canonical_url,
                f"a canonical link ties it to article {article.pk}: it is a version of that "
                "article only once reviewed",
            )
    if not tied:
        return None, canonical_url, ""
    if canonical_url and any(canonical_url in (a.url, a.canonical_url) for a in tied):
        canonical_url = ""
    other = tied[0]
    return (
        None,
        canonical_url,
        f"a canonical link ties it to article {other.pk} ({site_of(other) or 'no site'}), "
        f"but it was fetched from {site}: the link is ignored",
    )


def site_of(article: Article) -> str:
    return domain_of(article.url or article.canonical_url)


def archive_new(
    capture,
    *,
    raw,
    kind,
    encoding,
    url,
    canonical_url,
    captured_at,
    content_sha256,
    fetched_url,
    user=None,
    corrected=None,
):
    """The page archived as a new article, or the article another capture of it (the same
    bytes, or the same `fetched_url`) archived a moment ago. `corrected` holds the metadata
    an archivist gave (archive_reviewed), which wins over the page's own as it does for any
    article."""
    try:
        article, _created = archive_article(
            raw=raw,
            raw_format=kind,
            url=url,
            canonical_url=canonical_url,
            publish=capture.publish,
            user=user or capture.requested_by,
            captured_at=captured_at,
            encoding=encoding,
            **(corrected or {}),
        )
    except (ArticleRejected, IntegrityError):
        # Another capture of the same page may have archived it a moment ago (the URL is
        # unique; archive_article rolls its own savepoint back): then this is a version of
        # that article.
        article = existing_article(content_sha256, fetched_url)
        if article is None:
            raise
    return article


def proposal(found: dict, url: str, canonical_url: str) -> dict:
    """What a page says about itself, as a capture awaiting review keeps it (JSON): the
    metadata read_source found, the canonical URL it may keep (canonical_claim) and the
    address it was fetched from, which the article would get."""
    published = found.get("published")
    return {
        "title": found.get("title") or "",
        "published": published.isoformat() if published else "",
        "outlet": found.get("outlet") or "",
        "author": found.get("author") or "",
        "language": found.get("language") or "",
        "canonical_url": canonical_url,
        "url": url,
    }


def archive_reviewed(
    capture: Capture,
    *,
    title: str = "",
    outlet: str | None = None,
    url: str | None = None,
    published: datetime.date | str | None = None,
    author: str = "",
    user=None,
) -> Capture:
    """Archive a capture awaiting review, with the metadata the archivist checked, and return
    it DONE. It is archived as run_capture would have archived it (the page's bytes from its
    WARC, its charset, canonical URL and capture time; the article it already is, should
    another capture have archived it meanwhile), except that the values given here win over
    the page's own; an empty one leaves the page's. `url` replaces the address it was
    fetched from as the article's URL. `user` is who archives it (its quotes are published if
    the capture was asked to publish them), else whoever requested the capture.

    CaptureRefused when the capture is not awaiting review (archived already, by someone else
    or a second click); ArticleRejected, with the capture still awaiting review, when the
    archive refuses the article (another article already has that URL)."""
    with transaction.atomic():
        # The claim locks the row: a second request waits here, then finds it no longer in
        # REVIEW. Anything raised below rolls the claim back with the rest.
        claimed = Capture.objects.filter(pk=capture.pk, state=Capture.State.REVIEW).update(
            state=Capture.State.RUNNING
        )
        capture = Capture.objects.select_related("requested_by").get(pk=capture.pk)
        if not claimed:
            raise not_in_review(capture)
        raw = page_body(capture)
        kind = kind_of(capture.content_type, raw)
        encoding = None if kind == Article.Format.PDF else charset_of(capture.content_type, raw)
        canonical_url = capture.proposed.get("canonical_url", "")
        article = existing_article(capture.content_sha256, capture.final_url)
        if article is None:
            # The archivist has now reviewed a canonical link's tie, if there is one.
            article, canonical_url, note = canonical_claim(capture.final_url, canonical_url)
            capture.reason = note or capture.reason
        article = article or archive_new(
            capture,
            raw=raw,
            kind=kind,
            encoding=encoding,
            url=url or capture.final_url,
            canonical_url=canonical_url,
            captured_at=capture.captured_at,
            content_sha256=capture.content_sha256,
            fetched_url=capture.final_url,
            user=user,
            corrected={
                "title": (title or "").strip(),
                "outlet": outlet or None,
                "published": published or None,
                "author": (author or "").strip(),
            },
        )
        capture.state = Capture.State.DONE
        capture.article = article
        capture.save(update_fields=["state", "article", "reason"])
    return capture


def not_in_review(capture: Capture) -> CaptureRefused:
    """Why archive_reviewed refuses a capture that does not await review."""
    return CaptureRefused(
        f"capture {capture.pk} is {capture.get_state_display().lower()}: only a capture "
        "awaiting review can be archived from it"
    )


def page_body(capture: Capture) -> bytes:
    """The page's body as the capture read it (its Content-Encoding undone), from the last
    response in its WARC; its SHA-256 is checked against the one recorded when it was
    fetched."""
    payload, encoding = None, ""
    for record in ArchiveIterator(io.BytesIO(bytes(capture.warc or b""))):
        if record.rec_type == "response" and record.http_headers is not None:
            # raw_stream is the payload as received: the WARC holds it without chunking.
            payload = record.raw_stream.read()
            encoding = record.http_headers.get_header("content-encoding") or ""
    if payload is None:
        raise CaptureFailed(f"capture {capture.pk} holds no response in its WARC")
    body = undo_content_encoding(payload, encoding)
    if Article.digest(body) != capture.content_sha256:
        raise CaptureFailed(
            f"capture {capture.pk}: the page in its WARC does not match its recorded SHA-256"
        )
    return body


def outcome(capture: Capture) -> str:
    """What became of a capture, in a few words: 'archived as article 12', 'already archived
    (article 12)', 'new version of article 12', 'failed: HTTP 404 Not Found', and after a
    semicolon the note the capture keeps, if any (of a canonical link: canonical_claim)."""
    if capture.state == Capture.State.FAILED:
        return f"failed: {capture.reason}"
    if capture.state == Capture.State.DONE and capture.article is None:
        return f"captured, no article: {capture.reason}"
    said = what_became_of(capture)
    return f"{said}; {capture.reason}" if capture.reason else said


def what_became_of(capture: Capture) -> str:
    if capture.state == Capture.State.REVIEW:
        return "captured, awaiting review before it is archived"
    if capture.state != Capture.State.DONE:
        return f"not finished ({capture.get_state_display().lower()})"
    article = capture.article
    if article.captured_at and article.captured_at == capture.captured_at:
        return f"archived as article {article.pk}"
    unchanged = capture.body == article.body or (
        article.captures.filter(state=Capture.State.DONE, pk__lt=capture.pk, body=capture.body)
        .exclude(body="")
        .exists()
    )
    if unchanged:
        return f"already archived (article {article.pk})"
    return f"new version of article {article.pk}"


# Fetching.


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


# Reading the page.


def kind_of(content_type: str, body: bytes) -> str:
    """The article format a response's body is read in; CaptureFailed for anything else."""
    mime = content_type.split(";")[0].strip().lower()
    if mime in HTML_TYPES:
        return Article.Format.HTML
    if mime in PDF_TYPES or (mime in UNTYPED and body.startswith(b"%PDF-")):
        return Article.Format.PDF
    if mime == "text/plain":
        return Article.Format.TEXT
    if not mime and re.match(rb"\s*(<!doctype html|<html)", body[:1024], re.IGNORECASE):
        return Article.Format.HTML
    raise CaptureFailed(f"not an article: {mime or 'no content type'}")


def charset_of(content_type: str, body: bytes) -> str:
    """The charset a page is written in: its byte order mark, else the Content-Type header's,
    else its own <meta charset> (or http-equiv), else what charset-normalizer finds."""
    for bom, name in (
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if body.startswith(bom):
            return name
    header = HEADER_CHARSET.search(content_type)
    if header and (name := codec_name(header.group(1))):
        return name
    meta = META_CHARSET.search(body[:4096])
    if meta and (name := codec_name(meta.group(1).decode("ascii", "ignore"))):
        # A page that could be read this far in ASCII is not UTF-16, whatever it says.
        return "utf-8" if name.startswith("utf-16") else name
    best = charset_normalizer.from_bytes(body).best()
    return codec_name(best.encoding) if best else "utf-8"


def codec_name(label: str) -> str:
    try:
        name = codecs.lookup(label.strip()).name
    except LookupError:
        return ""
    return "cp1252" if name in WINDOWS_1252_LABELS else name


# The WARC file.


def verbatim_version() -> str:
    try:
        return importlib.metadata.version("verbatim")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def warc_of(
    fetched: Fetched, *, requested_url: str, canonical_url: str, charset: str | None
) -> bytes:
    """The capture as a gzipped WARC 1.1 file: a warcinfo record, each request and its
    response (with the HTTP headers and the body as received), and a metadata record (JSON:
    the addresses, when it was fetched, the charset it was read in, Verbatim's version)."""
    buffer = io.BytesIO()
    writer = WARCWriter(buffer, gzip=True, warc_version="1.1")
    version = verbatim_version()
    writer.write_record(
        writer.create_warcinfo_record(
            "verbatim-capture.warc.gz",
            {
                "software": f"Verbatim {version}",
                "format": "WARC File Format 1.1",
                "http-header-user-agent": settings.CAPTURE_USER_AGENT,
            },
        )
    )
    response_id = None
    for exchange in fetched.exchanges:
        response = writer.create_warc_record(
            exchange.url,
            "response",
            payload=io.BytesIO(exchange.payload),
            length=len(exchange.payload),
            http_headers=StatusAndHeaders(
                f"{exchange.status} {exchange.reason}".strip(),
                exchange.headers,
                protocol=exchange.http_version,
            ),
            warc_headers_dict={"WARC-IP-Address": exchange.ip_address}
            if exchange.ip_address
            else None,
        )
        response_id = response.rec_headers.get_header("WARC-Record-ID")
        request = writer.create_warc_record(
            exchange.url,
            "request",
            payload=io.BytesIO(b""),
            length=0,
            http_headers=StatusAndHeaders(
                exchange.request_line, exchange.request_headers, is_http_request=True
            ),
            warc_headers_dict={"WARC-Concurrent-To": response_id},
        )
        writer.write_record(request)
        writer.write_record(response)
    final = fetched.exchanges[-1]
    about = json.dumps(
        {
            "requested_url": requested_url,
            "final_url": final.url,
            "canonical_url": canonical_url,
            "redirects": [exchange.url for exchange in fetched.exchanges[:-1]],
            "fetched_at": fetched.fetched_at.isoformat(),
            "status_code": final.status,
            "content_type": final.content_type,
            "charset": charset or "",
            "ip_address": final.ip_address,
            "verbatim_version": version,
        },
        indent=2,
    ).encode()
    writer.write_record(
        writer.create_warc_record(
            final.url,
            "metadata",
            payload=io.BytesIO(about),
            length=len(about),
            warc_content_type="application/json",
            warc_headers_dict={"WARC-Concurrent-To": response_id},
        )
    )
    return buffer.getvalue()


def replay_response(capture: Capture) -> tuple[int, list[tuple[str, str]], bytes]:
    """(status, headers, body) of the page's response read back from the capture's WARC:
    the last response recorded, the one any redirects led to. The body has its transfer and
    content encodings undone, so the headers that named them are dropped and Content-Length
    gives the body's length. LookupError when the capture holds no response."""
    if not capture.warc:
        raise LookupError(f"capture {capture.pk} holds no WARC")
    found = None
    for record in ArchiveIterator(io.BytesIO(bytes(capture.warc))):
        if record.rec_type != "response" or record.http_headers is None:
            continue
        body = record.content_stream().read()
        undone = {"content-encoding", "transfer-encoding", "content-length"}
        headers = [
            (name, value)
            for name, value in record.http_headers.headers
            if name.lower() not in undone
        ]
        headers.append(("Content-Length", str(len(body))))
        found = (int(record.http_headers.get_statuscode()), headers, body)
    if found is None:
        raise LookupError(f"capture {capture.pk} holds no response")
    return found
