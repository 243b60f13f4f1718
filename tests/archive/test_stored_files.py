"""Stored files (archive.blobs): a raw source past ARCHIVE_INLINE_MAX_BYTES is kept in the
archive's storage by its SHA-256 and a small one in its row; the same bytes are one file."""

import pytest

from archive import blobs
from archive.models import Article
from archive.services import archive_article

pytestmark = pytest.mark.django_db

SMALL = "The ferry sails on Monday, the harbour master said."
LARGE = "The council met on Tuesday and talked until dawn about the bridge.\n\n" * 30


def stored_files(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def test_a_large_source_is_a_stored_file_and_a_small_one_stays_in_its_row(settings, blob_dir):
    """Archived, a source past the threshold leaves its row empty but for its size and key,
    and reads back whole from the file; a small one is in its row; archiving the large one
    again finds the same article and writes no second file."""
    settings.ARCHIVE_INLINE_MAX_BYTES = 1000
    large, created = archive_article(raw=LARGE.encode(), source_file="council.txt")
    small, _ = archive_article(raw=SMALL.encode(), source_file="ferry.txt")
    assert created

    row = Article.objects.values("raw", "raw_size", "raw_key").get(pk=large.pk)
    assert bytes(row["raw"]) == b"" and row["raw_size"] == len(LARGE.encode())
    assert row["raw_key"] == blobs.key_for(large.sha256)
    assert (blob_dir / row["raw_key"]).read_bytes() == LARGE.encode()
    assert Article.objects.get(pk=large.pk).read_raw() == LARGE.encode()
    assert "talked until dawn" in Article.objects.get(pk=large.pk).body

    row = Article.objects.values("raw", "raw_size", "raw_key").get(pk=small.pk)
    assert (bytes(row["raw"]), row["raw_size"], row["raw_key"]) == (
        SMALL.encode(),
        len(SMALL.encode()),
        "",
    )
    assert stored_files(blob_dir) == [large.raw_key]

    # The same bytes again are the same article and the same file, not written twice.
    again, created = archive_article(raw=LARGE.encode(), source_file="copy.txt")
    assert (again.pk, created) == (large.pk, False)
    assert blobs.put(LARGE.encode()).key == large.raw_key
    assert stored_files(blob_dir) == [large.raw_key]


def test_the_admin_shows_a_stored_source(settings, admin_client):
    """The article's admin page reads a stored source from the storage, with its size and
    key."""
    settings.ARCHIVE_INLINE_MAX_BYTES = 1000
    article, _ = archive_article(raw=LARGE.encode(), source_file="council.txt")
    html = admin_client.get(f"/admin/archive/article/{article.pk}/change/").content.decode()
    assert f"{len(LARGE.encode()):,} bytes" in html
    assert "talked until dawn" in html
    assert article.raw_key in html
