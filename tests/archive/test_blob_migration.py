"""Migrations 0009 to 0011 move the bytes out of the rows, both ways: forward, every capture's
WARC and every raw source past ARCHIVE_INLINE_MAX_BYTES into the storage, the small ones left
in their rows; backward, every blob back into its row. The fixity trigger guards the rows
after either."""

import hashlib

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from archive import blobs
from archive.models import Article, Capture
from tests.replay.warcs import warc_bytes

BEFORE = [("archive", "0008_conventions_package")]
SMALL = b"The ferry sails on Monday, the harbour master said."
LARGE = b"The council met on Tuesday and talked until dawn. " * 40  # 2,000 bytes


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    # PostgreSQL's prepared statements do not survive a changed table: a new connection, as
    # the app's processes have after a deploy's migrations.
    connection.close()
    return executor.loader.project_state(targets).apps


def stored_files(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


@pytest.mark.django_db(transaction=True)
def test_bytes_move_out_of_the_rows_and_back(settings, blob_dir):
    settings.ARCHIVE_INLINE_MAX_BYTES = 1000
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    warc = warc_bytes("https://news.test/ferry", b"<p>The ferry sails on Monday.</p>")
    try:
        old = migrate(BEFORE)
        OldArticle, OldCapture = (
            old.get_model("archive", "Article"),
            old.get_model("archive", "Capture"),
        )
        small = OldArticle.objects.create(body="s", raw=SMALL, sha256=Article.digest(SMALL))
        large = OldArticle.objects.create(body="l", raw=LARGE, sha256=Article.digest(LARGE))
        capture = OldCapture.objects.create(
            url="https://news.test/ferry",
            state="done",
            warc=warc,
            warc_sha256=hashlib.sha256(warc).hexdigest(),
        )
        failed = OldCapture.objects.create(url="https://news.test/gone", state="failed")
        assert stored_files(blob_dir) == []
    finally:
        migrate(latest)

    # Forward: the WARC and the large source are blobs, keyed by their SHA-256.
    small, large = Article.objects.get(pk=small.pk), Article.objects.get(pk=large.pk)
    capture, failed = Capture.objects.get(pk=capture.pk), Capture.objects.get(pk=failed.pk)
    assert (small.raw_key, bytes(small.raw), small.raw_size) == ("", SMALL, len(SMALL))
    assert large.raw_key == blobs.key_for(large.sha256)
    assert (bytes(large.raw), large.raw_size) == (b"", len(LARGE))
    assert large.read_raw() == LARGE and small.read_raw() == SMALL
    assert capture.warc_key == blobs.key_for(capture.warc_sha256)
    assert (capture.warc_size, capture.read_warc()) == (len(warc), warc)
    assert (failed.warc_key, failed.read_warc()) == ("", b"")
    assert stored_files(blob_dir) == sorted([large.raw_key, capture.warc_key])
    assert_guarded(large)

    # Backward: the bytes are in their rows again.
    try:
        old = migrate(BEFORE)
        OldArticle, OldCapture = (
            old.get_model("archive", "Article"),
            old.get_model("archive", "Capture"),
        )
        assert bytes(OldArticle.objects.get(pk=large.pk).raw) == LARGE
        assert bytes(OldArticle.objects.get(pk=small.pk).raw) == SMALL
        assert bytes(OldCapture.objects.get(pk=capture.pk).warc) == warc
        assert OldCapture.objects.get(pk=failed.pk).warc is None
        assert_guarded(large, columns=("raw",))
    finally:
        migrate(latest)
    assert Article.objects.get(pk=large.pk).read_raw() == LARGE


def assert_guarded(article, columns=("raw", "raw_key", "raw_size")):
    """The fixity trigger refuses SQL that changes each of `columns` of `article`'s row."""
    values = {"raw": b"Rewritten.", "raw_key": "sha256/00/00/elsewhere", "raw_size": 1}
    for column in columns:
        with pytest.raises(IntegrityError, match="cannot be changed"):
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(
                    f"UPDATE archive_article SET {column} = %s WHERE id = %s",  # noqa: S608
                    [values[column], article.pk],
                )
