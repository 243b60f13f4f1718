"""The WARC a capture keeps: read back with warcio, it holds the request, the response as
received (headers and body) and a metadata record; replay_response reads the page from it."""

import gzip
import hashlib
import io
import json

import pytest
from warcio.archiveiterator import ArchiveIterator

from archive.queueing import request_capture
from archive.warc import replay_response
from tests.capture.conftest import article_page, serve

pytestmark = pytest.mark.django_db


def records(capture):
    """Each record as (type, WARC headers, HTTP headers, raw payload, decoded payload)."""
    found = []
    for record in ArchiveIterator(io.BytesIO(capture.read_warc())):
        raw = record.raw_stream.read()
        found.append((record.rec_type, record.rec_headers, record.http_headers, raw))
    return found


def test_request_response_and_metadata_records(httpserver, settings):
    page = article_page(head='<link rel="canonical" href="https://courier.example/2025/bridge">')
    url = serve(httpserver, "/news/bridge", page, headers={"X-Served-By": "lowmarsh-1"})
    capture = request_capture(url)

    assert hashlib.sha256(capture.read_warc()).hexdigest() == capture.warc_sha256
    assert capture.read_warc()[:2] == b"\x1f\x8b"  # gzipped, record by record
    found = records(capture)
    assert [kind for kind, *_ in found] == ["warcinfo", "request", "response", "metadata"]

    _, request_warc, request_http, _ = found[1]
    assert request_warc.get_header("WARC-Target-URI") == url
    assert request_http.protocol == "GET"
    assert request_http.get_header("User-Agent") == settings.CAPTURE_USER_AGENT
    assert request_http.get_header("Host") == f"localhost:{httpserver.port}"

    _, response_warc, response_http, body = found[2]
    assert response_warc.get_header("WARC-Target-URI") == url
    assert response_warc.get_header("WARC-IP-Address") == "127.0.0.1"
    assert request_warc.get_header("WARC-Concurrent-To") == response_warc.get_header(
        "WARC-Record-ID"
    )
    assert response_http.get_statuscode() == "200"
    assert response_http.get_header("Content-Type") == "text/html; charset=utf-8"
    assert response_http.get_header("X-Served-By") == "lowmarsh-1"
    assert body == page.encode()

    _, metadata_warc, _, about = found[3]
    assert metadata_warc.get_header("Content-Type") == "application/json"
    about = json.loads(about)
    assert about["final_url"] == url
    assert about["canonical_url"] == "https://courier.example/2025/bridge"
    assert about["fetched_at"] == capture.captured_at.isoformat()
    assert about["verbatim_version"]


def test_response_record_keeps_the_gzip_as_received(httpserver):
    """The WARC holds the gzipped bytes the server sent; replay_response gives the page."""
    page = article_page().encode()
    zipped = gzip.compress(page)
    url = serve(httpserver, "/zipped", zipped, headers={"Content-Encoding": "gzip"})
    capture = request_capture(url)

    _, _, http_headers, body = records(capture)[2]
    assert http_headers.get_header("Content-Encoding") == "gzip"
    assert body == zipped

    status, headers, replayed = replay_response(capture)
    assert (status, replayed) == (200, page)
    names = {name.lower(): value for name, value in headers}
    assert "content-encoding" not in names
    assert names["content-length"] == str(len(page))
    assert names["content-type"] == "text/html; charset=utf-8"


def test_redirects_are_recorded(httpserver):
    """Each hop is in the WARC; replay_response gives the page redirects led to."""
    page = article_page()
    final = serve(httpserver, "/story", page)
    httpserver.expect_request("/old").respond_with_data(
        "Moved", status=301, headers={"Location": "/story"}
    )
    capture = request_capture(httpserver.url_for("/old"))
    found = records(capture)
    assert [kind for kind, *_ in found] == [
        "warcinfo",
        "request",
        "response",
        "request",
        "response",
        "metadata",
    ]
    assert found[2][2].get_statuscode() == "301"
    assert found[2][2].get_header("Location") == "/story"
    assert found[4][1].get_header("WARC-Target-URI") == final
    assert json.loads(found[5][3])["redirects"] == [httpserver.url_for("/old")]
    status, _, body = replay_response(capture)
    assert (status, body) == (200, page.encode())


def test_a_failed_capture_has_nothing_to_replay():
    capture = request_capture("http://nowhere.invalid/")
    with pytest.raises(LookupError):
        replay_response(capture)


def test_the_warc_is_a_stored_file_named_by_its_hash(httpserver, settings, blob_dir):
    """A capture's WARC is kept in the archive's storage, not in its row: the row has its
    SHA-256, size and key, the key is made of the hash, and the page replays from the file."""
    url = serve(httpserver, "/news/bridge", article_page())
    capture = request_capture(url)

    sha = capture.warc_sha256
    assert capture.warc_key == f"sha256/{sha[:2]}/{sha[2:4]}/{sha}"
    stored = (blob_dir / capture.warc_key).read_bytes()
    assert capture.warc_size == len(stored)
    assert hashlib.sha256(stored).hexdigest() == capture.warc_sha256
    assert capture.read_warc() == stored
    status, _, body = replay_response(capture)
    assert status == 200 and b"Lowmarsh bridge to close for repairs" in body
