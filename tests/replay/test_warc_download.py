"""/archive/captures/<id>.warc.gz: the capture's WARC file exactly as stored, for the public when
the article is public."""

import io

import pytest
from django.urls import reverse
from warcio.archiveiterator import ArchiveIterator

from archive.models import Capture

from .warcs import PAGE

pytestmark = pytest.mark.django_db


def warc_url(capture):
    return reverse("quotes:capture-warc", args=[capture.pk])


def test_download_is_the_stored_warc_byte_for_byte(client, public_capture):
    """The file is the stored gzipped WARC, offered as an attachment named after the capture,
    and not marked as content-encoded (a browser would unzip it)."""
    url = warc_url(public_capture)
    assert url == f"/archive/captures/{public_capture.pk}.warc.gz"

    response = client.get(url)

    assert response.status_code == 200
    assert response.content == public_capture.read_warc()
    assert response["Content-Type"] == "application/gzip"
    assert "Content-Encoding" not in response
    assert response["Content-Disposition"] == (
        f'attachment; filename="verbatim-capture-{public_capture.pk}.warc.gz"'
    )
    assert response["Content-Length"] == str(len(public_capture.read_warc()))


def test_downloaded_file_reads_back_with_warcio(client, public_capture):
    """The download is a WARC: its request, response and metadata records read back, and the
    response holds the page."""
    data = client.get(warc_url(public_capture)).content

    records = [
        (record.rec_type, record.rec_headers.get_header("WARC-Target-URI"), record)
        for record in ArchiveIterator(io.BytesIO(data), check_digests=True)
        if record.rec_type in {"request", "response", "metadata"}
        and (record.rec_type != "response" or record.content_stream().read() == PAGE)
    ]
    assert [(kind, uri) for kind, uri, _ in records] == [
        ("request", public_capture.url),
        ("response", public_capture.url),
        ("metadata", public_capture.url),
    ]


def test_capture_of_an_unpublished_article_is_not_downloadable(client, hidden_capture):
    assert client.get(warc_url(hidden_capture)).status_code == 404


def test_staff_may_download_any_capture(staff_client, hidden_capture):
    response = staff_client.get(warc_url(hidden_capture))
    assert response.status_code == 200
    assert response.content == hidden_capture.read_warc()


def test_capture_without_a_warc_is_not_found(staff_client, public_article):
    capture = Capture.objects.create(
        url="https://news.test/q", article=public_article, state=Capture.State.DONE
    )
    assert staff_client.get(warc_url(capture)).status_code == 404


def test_download_only_answers_reads(client, public_capture):
    assert client.post(warc_url(public_capture)).status_code == 405


def test_a_missing_warc_is_not_found_rather_than_served(
    client, public_capture, blob_dir, no_page_cache
):
    """A WARC gone from the storage is a 404 for its download and its replay."""
    assert client.get(f"/archive/captures/{public_capture.pk}.warc.gz").status_code == 200
    (blob_dir / public_capture.warc_key).unlink()
    assert client.get(f"/archive/captures/{public_capture.pk}.warc.gz").status_code == 404
    assert client.get(f"/archive/captures/{public_capture.pk}/replay/").status_code == 404


def test_a_changed_warc_is_not_served(client, public_capture, blob_dir, no_page_cache):
    """A WARC whose bytes no longer hash to the capture's SHA-256 is never served."""
    (blob_dir / public_capture.warc_key).write_bytes(b"other bytes")
    assert client.get(f"/archive/captures/{public_capture.pk}.warc.gz").status_code == 404
