"""Captures built by hand for the replay tests: a gzipped WARC written with warcio as the
capture service writes one (request, response and metadata records), stored on a Capture."""

import hashlib
import io
from urllib.parse import urlsplit

from django.utils import timezone
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from archive import blobs
from archive.models import Capture

PAGE = b"""<!doctype html>
<html><head><meta charset="utf-8"><title>Pier to reopen</title></head>
<body><h1>Pier to reopen in May</h1>
<p>\xe2\x80\x9cThe pier will reopen in May,\xe2\x80\x9d said the harbour master.</p>
</body></html>"""


def warc_bytes(
    url, body=PAGE, *, content_type="text/html; charset=utf-8", headers=(), status="200 OK"
):
    """A gzipped WARC of one fetch of `url` that answered `status` with `body` (as sent:
    encode it yourself if `headers` name a Content-Encoding)."""
    out = io.BytesIO()
    writer = WARCWriter(out, gzip=True)
    parts = urlsplit(url)
    request = StatusAndHeaders(
        f"GET {parts.path or '/'} HTTP/1.1",
        [("Host", parts.netloc), ("User-Agent", "Verbatim tests")],
        is_http_request=True,
    )
    writer.write_record(writer.create_warc_record(url, "request", http_headers=request))
    response = StatusAndHeaders(
        status,
        [("Content-Type", content_type), *headers, ("Content-Length", str(len(body)))],
        protocol="HTTP/1.1",
    )
    writer.write_record(
        writer.create_warc_record(
            url, "response", payload=io.BytesIO(body), length=len(body), http_headers=response
        )
    )
    fields = b"software: Verbatim tests\r\n"
    writer.write_record(
        writer.create_warc_record(
            url,
            "metadata",
            payload=io.BytesIO(fields),
            length=len(fields),
            warc_content_type="application/warc-fields",
        )
    )
    return out.getvalue()


def make_capture(
    article=None,
    page=PAGE,
    *,
    url=None,
    state=Capture.State.DONE,
    content_type="text/html; charset=utf-8",
    headers=(),
    **fields,
):
    """A capture of `article`'s page (or of `url`) whose WARC holds `page`, with the article's
    text as the version's text unless `body` says otherwise."""
    url = url or (article.url if article is not None else "https://news.test/page")
    if "warc" not in fields:
        fields["warc"] = warc_bytes(url, page, content_type=content_type, headers=headers)
    warc = fields.pop("warc")
    if warc is not None:
        blob = blobs.put(warc)
        fields = {"warc_key": blob.key, "warc_size": blob.size, **fields}
    return Capture.objects.create(
        **{
            "url": url,
            "final_url": url,
            "state": state,
            "article": article,
            "status_code": 200,
            "content_type": content_type,
            "body": article.body if article is not None else "",
            "warc_sha256": hashlib.sha256(warc).hexdigest() if warc is not None else "",
            "captured_at": timezone.now(),
            **fields,
        }
    )
