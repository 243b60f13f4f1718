"""WACZ downloads, opened as a replay tool opens them: the zip read back, every hash and size
in datapackage.json checked, and each CDXJ line's offset and length read as a WARC record."""

import hashlib
import io
import json
import zipfile

import pytest
from warcio.archiveiterator import ArchiveIterator

from archive.models import Package
from archive.wacz import surt
from tests.replay.warcs import PAGE

pytestmark = pytest.mark.django_db


def opened(data):
    archive = zipfile.ZipFile(io.BytesIO(data))
    return archive, {name: archive.read(name) for name in archive.namelist()}


def check_package(data):
    """The WACZ's files as the specification lays them out, every resource's hash and size
    as datapackage.json gives them, and every index line pointing at its record. Returns
    the files and the index's lines."""
    archive, files = opened(data)
    assert all(info.compress_type == zipfile.ZIP_STORED for info in archive.infolist())
    package = json.loads(files["datapackage.json"])
    assert package["profile"] == "data-package"
    assert package["wacz_version"] == "1.1.1"
    listed = {resource["path"] for resource in package["resources"]}
    assert listed == set(files) - {"datapackage.json", "datapackage-digest.json"}
    for resource in package["resources"]:
        content = files[resource["path"]]
        assert resource["hash"] == "sha256:" + hashlib.sha256(content).hexdigest()
        assert resource["bytes"] == len(content)
    digest = json.loads(files["datapackage-digest.json"])
    assert digest["hash"] == "sha256:" + hashlib.sha256(files["datapackage.json"]).hexdigest()

    lines = files["indexes/index.cdxj"].decode().splitlines()
    assert lines == sorted(lines)
    for line in lines:
        key, stamp, block = line.split(" ", 2)
        block = json.loads(block)
        warc = files[f"archive/{block['filename']}"]
        chunk = warc[block["offset"] : block["offset"] + block["length"]]
        [record] = list(ArchiveIterator(io.BytesIO(chunk)))
        assert record.rec_headers.get_header("WARC-Target-URI") == block["url"]
        assert key == surt(block["url"])
        assert len(stamp) == 14
    return files, lines


def test_capture_wacz_holds_its_warc_index_and_page(client, captures):
    """One capture's WACZ: its WARC byte for byte, an index whose response line reads back
    the page, and the page listed in pages.jsonl."""
    capture = captures[0]
    response = client.get(f"/archive/captures/{capture.pk}.wacz")

    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        f'attachment; filename="verbatim-capture-{capture.pk}.wacz"'
    )
    files, lines = check_package(response.content)
    assert files[f"archive/capture-{capture.pk}.warc.gz"] == capture.read_warc()
    [response_line] = [line for line in lines if '"recordType"' not in line]
    block = json.loads(response_line.split(" ", 2)[2])
    assert (block["mime"], block["status"]) == ("text/html", "200")
    warc = files[f"archive/{block['filename']}"]
    chunk = warc[block["offset"] : block["offset"] + block["length"]]
    bodies = [record.content_stream().read() for record in ArchiveIterator(io.BytesIO(chunk))]
    assert bodies == [PAGE]
    pages = [json.loads(line) for line in files["pages/pages.jsonl"].decode().splitlines()]
    assert pages[0]["format"] == "json-pages-1.0"
    assert [(p["url"], p["ts"]) for p in pages[1:]] == [(capture.url, "2031-04-03T10:00:00Z")]


def test_download_hash_is_recorded_once_and_stable(client, captures):
    """The same capture always gives the same bytes; their SHA-256 is recorded once and
    sent with the file."""
    capture = captures[0]
    first = client.get(f"/archive/captures/{capture.pk}.wacz")
    second = client.get(f"/archive/captures/{capture.pk}.wacz")

    assert first.content == second.content
    sha256 = hashlib.sha256(first.content).hexdigest()
    assert first["X-Verbatim-SHA256"] == sha256
    [package] = Package.objects.all()
    assert (package.sha256, package.size, package.capture) == (
        sha256,
        len(first.content),
        capture,
    )


def test_article_wacz_holds_every_capture(client, captures, article):
    response = client.get(f"/archive/articles/{article.pk}.wacz")

    files, lines = check_package(response.content)
    assert {name for name in files if name.startswith("archive/")} == {
        f"archive/capture-{capture.pk}.warc.gz" for capture in captures
    }
    assert len([line for line in lines if '"recordType"' not in line]) == 2
    package = json.loads(files["datapackage.json"])
    assert package["mainPageDate"] == "2031-04-05T18:30:00Z"
    assert Package.objects.get(capture=None).article == article


def test_article_page_links_the_wacz_downloads(client, captures, article):
    html = client.get(article.get_absolute_url()).content.decode()
    assert f'href="/archive/captures/{captures[0].pk}.wacz"' in html
    assert f'href="/archive/articles/{article.pk}.wacz"' in html


def test_unpublished_captures_are_not_packaged(client, hidden_capture):
    assert client.get(f"/archive/captures/{hidden_capture.pk}.wacz").status_code == 404
    assert client.get(f"/archive/articles/{hidden_capture.article.pk}.wacz").status_code == 404
    assert not Package.objects.exists()


def test_surt_orders_hosts_and_arguments():
    assert surt("https://www.News.test/Pier?view=full&id=7") == "test,news)/pier?id=7&view=full"
    assert surt("http://news.test:8080") == "test,news:8080)/"
