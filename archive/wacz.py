"""WACZ files (Web Archive Collection Zipped, specification 1.1.1) of captures: their WARCs
with a CDXJ index, a pages list and a datapackage.json of hashes, in one stored zip that
ReplayWeb.page and pywb open; and the record of each one served (`record_package`).

A package is a function of the stored WARCs alone (its zip entries and its `created` are
dated by its latest capture, not by the clock), so the same captures always give the same
bytes, and so the same SHA-256."""

import datetime
import hashlib
import io
import json
import zipfile
from urllib.parse import urlsplit

from warcio.archiveiterator import ArchiveIterator
from warcio.timeutils import iso_date_to_timestamp

from .models import Capture, Package
from .warc import verbatim_version

WACZ_VERSION = "1.1.1"
CONTENT_TYPE = "application/wacz"
# The CDXJ index lists what a replay looks up: the pages and the other records fetched.
INDEXED = {"response", "revisit", "resource", "metadata"}


def surt(url: str) -> str:
    """The URL's sort-friendly key, as CDXJ indexes sort by it: the host's labels reversed
    and lowercased without "www", then the path and the query's arguments in order
    ("https://www.News.example/a?b=2&a=1" is "example,news)/a?a=1&b=2"). Written here because
    the `surt` package reads the public suffix list through tldextract, which fetches it from
    the web when first run."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower().removeprefix("www.")
    key = ",".join(reversed(host.split(".")))
    default = {"http": 80, "https": 443}.get(parts.scheme)
    if parts.port and parts.port != default:
        key += f":{parts.port}"
    key += ")" + (parts.path or "/").lower()
    if parts.query:
        key += "?" + "&".join(sorted(parts.query.split("&"))).lower()
    return key


def warc_name(capture: Capture) -> str:
    return f"capture-{capture.pk}.warc.gz"


def cdxj_lines(data: bytes, filename: str) -> list[str]:
    """One CDXJ line for each indexed record of a WARC file: its key, its 14-digit time and
    a JSON block with the record's offset and length in the file."""
    lines = []
    records = ArchiveIterator(io.BytesIO(data))
    for record in records:
        if record.rec_type not in INDEXED:
            continue
        url = record.rec_headers.get_header("WARC-Target-URI")
        stamp = iso_date_to_timestamp(record.rec_headers.get_header("WARC-Date"))
        block = {"url": url}
        if record.http_headers is not None and record.rec_type in ("response", "revisit"):
            block["mime"] = (record.http_headers.get_header("Content-Type") or "").split(";")[0]
            block["status"] = record.http_headers.get_statuscode()
        else:
            block["mime"] = record.rec_headers.get_header("Content-Type") or ""
        digest = record.rec_headers.get_header("WARC-Payload-Digest")
        if digest:
            block["digest"] = digest
        block["offset"] = records.get_record_offset()
        block["length"] = records.get_record_length()
        block["filename"] = filename
        if record.rec_type != "response":
            block["recordType"] = record.rec_type
        lines.append(f"{surt(url)} {stamp} {json.dumps(block, sort_keys=True)}")
    return lines


def when(capture: Capture) -> datetime.datetime:
    return (capture.captured_at or capture.requested_at).astimezone(datetime.UTC)


def iso(moment: datetime.datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def pages_jsonl(captures: list[Capture], title: str) -> bytes:
    lines = [{"format": "json-pages-1.0", "id": "pages", "title": "All Pages"}]
    for capture in captures:
        page = {"id": f"capture-{capture.pk}", "url": capture.final_url or capture.url}
        page["ts"] = iso(when(capture))
        if title:
            page["title"] = title
        lines.append(page)
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines).encode()


def resource(path: str, data: bytes) -> dict:
    return {
        "name": path.rsplit("/", 1)[-1],
        "path": path,
        "hash": "sha256:" + hashlib.sha256(data).hexdigest(),
        "bytes": len(data),
    }


def wacz_of(captures: list[Capture], *, title: str) -> bytes:
    """The WACZ of `captures` (each with its WARC), oldest first; its main page is the
    latest capture's page."""
    captures = sorted(captures, key=lambda capture: (when(capture), capture.pk))
    files = {f"archive/{warc_name(c)}": c.read_warc() for c in captures}
    index = sorted(
        line
        for c in captures
        for line in cdxj_lines(files[f"archive/{warc_name(c)}"], warc_name(c))
    )
    files["indexes/index.cdxj"] = "".join(line + "\n" for line in index).encode()
    files["pages/pages.jsonl"] = pages_jsonl(captures, title)
    latest = captures[-1]
    package = {
        "profile": "data-package",
        "wacz_version": WACZ_VERSION,
        "title": title or "Verbatim capture",
        "created": iso(when(latest)),
        "software": f"Verbatim {verbatim_version()}",
        "mainPageURL": latest.final_url or latest.url,
        "mainPageDate": iso(when(latest)),
        "resources": [resource(path, data) for path, data in files.items()],
    }
    files["datapackage.json"] = json.dumps(package, indent=2, ensure_ascii=False).encode()
    digest = {
        "path": "datapackage.json",
        "hash": "sha256:" + hashlib.sha256(files["datapackage.json"]).hexdigest(),
    }
    files["datapackage-digest.json"] = json.dumps(digest, indent=2).encode()
    stamp = when(latest).timetuple()[:6]
    out = io.BytesIO()
    # Stored, not deflated: a replay reads a WARC record at its offset without unzipping.
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as archive:
        for path, data in files.items():
            archive.writestr(zipfile.ZipInfo(path, date_time=stamp), data)
    return out.getvalue()


def record_package(*, data: bytes, article, capture=None) -> Package:
    """The record of a WACZ file served (its SHA-256 and size), written the first time those
    bytes are served: the one door to Package."""
    package, _ = Package.objects.get_or_create(
        sha256=hashlib.sha256(data).hexdigest(),
        defaults={"article": article, "capture": capture, "size": len(data)},
    )
    return package
