"""A capture's WARC file: its exchanges' records written, and the page read back from them.

The page is read back to archive it after review (page_body) and to replay it
(replay_response)."""

import importlib.metadata
import io
import json

from django.conf import settings
from warcio.archiveiterator import ArchiveIterator
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from .fetch import CaptureFailed, Exchange, Fetched, undo_content_encoding
from .models import Article, Capture


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
    writer.write_record(warcinfo_record(writer, version))
    response_id = None
    for exchange in fetched.exchanges:
        response = response_record(writer, exchange)
        response_id = response.rec_headers.get_header("WARC-Record-ID")
        writer.write_record(request_record(writer, exchange, response_id))
        writer.write_record(response)
    about = about_capture(
        fetched,
        requested_url=requested_url,
        canonical_url=canonical_url,
        charset=charset,
        version=version,
    )
    writer.write_record(
        writer.create_warc_record(
            fetched.exchanges[-1].url,
            "metadata",
            payload=io.BytesIO(about),
            length=len(about),
            warc_content_type="application/json",
            warc_headers_dict={"WARC-Concurrent-To": response_id},
        )
    )
    return buffer.getvalue()


def warcinfo_record(writer: WARCWriter, version: str):
    return writer.create_warcinfo_record(
        "verbatim-capture.warc.gz",
        {
            "software": f"Verbatim {version}",
            "format": "WARC File Format 1.1",
            "http-header-user-agent": settings.CAPTURE_USER_AGENT,
        },
    )


def response_record(writer: WARCWriter, exchange: Exchange):
    """The response as received: its status line, headers and body (encodings applied)."""
    return writer.create_warc_record(
        exchange.url,
        "response",
        payload=io.BytesIO(exchange.payload),
        length=len(exchange.payload),
        http_headers=StatusAndHeaders(
            f"{exchange.status} {exchange.reason}".strip(),
            exchange.headers,
            protocol=exchange.http_version,
        ),
        warc_headers_dict={"WARC-IP-Address": exchange.ip_address} if exchange.ip_address else None,
    )


def request_record(writer: WARCWriter, exchange: Exchange, response_id: str):
    """The request as sent, tied to its response (`response_id`)."""
    return writer.create_warc_record(
        exchange.url,
        "request",
        payload=io.BytesIO(b""),
        length=0,
        http_headers=StatusAndHeaders(
            exchange.request_line, exchange.request_headers, is_http_request=True
        ),
        warc_headers_dict={"WARC-Concurrent-To": response_id},
    )


def about_capture(
    fetched: Fetched, *, requested_url: str, canonical_url: str, charset: str | None, version: str
) -> bytes:
    """The metadata record's JSON payload."""
    final = fetched.exchanges[-1]
    return json.dumps(
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


def page_body(capture: Capture) -> bytes:
    """The page's body as the capture read it (its Content-Encoding undone), from the last
    response in its WARC; its SHA-256 is checked against the one recorded when it was
    fetched."""
    payload, encoding = None, ""
    for record in ArchiveIterator(io.BytesIO(capture.read_warc())):
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


def replay_response(capture: Capture) -> tuple[int, list[tuple[str, str]], bytes]:
    """(status, headers, body) of the page's response read back from the capture's WARC:
    the last response recorded, the one any redirects led to. The body has its transfer and
    content encodings undone, so the headers that named them are dropped and Content-Length
    gives the body's length. LookupError when the capture holds no response."""
    if not capture.has_warc:
        raise LookupError(f"capture {capture.pk} holds no WARC")
    found = None
    for record in ArchiveIterator(io.BytesIO(capture.read_warc())):
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
