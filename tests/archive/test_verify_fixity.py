"""verify_fixity: every article's raw source and every capture's WARC is hashed again, from its
row or from the storage, and compared with its stored SHA-256; a mismatch or a missing file is
named and fails the command."""

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from archive import blobs
from archive.models import Article
from tests.factories import ArticleFactory
from tests.replay.warcs import make_capture

pytestmark = pytest.mark.django_db


def test_clean_archive_passes(archived, capsys):
    """With every source as archived, the command says all hashes match."""
    archived(b"The council met on Tuesday.")
    archived(b"The ferry runs again.")

    call_command("verify_fixity")

    out, err = capsys.readouterr()
    assert "Checked 2 articles and 0 WARCs: all hashes match" in out
    assert err == ""


def test_empty_archive_passes(capsys):
    """An empty archive has nothing to mismatch."""
    call_command("verify_fixity")

    assert "Checked 0 articles and 0 WARCs: all hashes match" in capsys.readouterr().out


def test_tampered_article_is_named_and_fails(archived, tamper, capsys):
    """A row whose raw bytes were changed behind the archive's back is named with its stored
    and computed hashes, and the command exits with an error."""
    archived(b"The council met on Tuesday.", title="Council meets")
    article = archived(b"The ferry runs again.", title="Ferry returns", source_file="ferry.txt")
    tamper(article, b"The ferry never ran.")

    with pytest.raises(
        CommandError, match="1 of 2 raw sources and WARCs are missing or do not match"
    ):
        call_command("verify_fixity")

    err = capsys.readouterr().err
    assert f"article {article.pk} (“Ferry returns”, ferry.txt)" in err
    assert f"stored {article.sha256}" in err
    assert f"computed {Article.digest(b'The ferry never ran.')}" in err
    assert "Council meets" not in err
    assert len(err.strip().splitlines()) == 1


def test_articles_are_streamed_without_their_bodies(archived, capsys):
    """The command reads each article's raw bytes and hash only, never the body text, so a
    large archive is checked without loading it whole."""
    for n in range(3):
        archived(f"Article number {n}.".encode())

    with CaptureQueriesContext(connection) as queries:
        call_command("verify_fixity")

    selects = [q["sql"] for q in queries.captured_queries if "archive_article" in q["sql"]]
    assert selects and all('"body"' not in sql for sql in selects)
    assert "Checked 3 articles" in capsys.readouterr().out


def test_raw_sources_and_warcs_in_the_storage_are_checked_there(settings, blob_dir, capsys):
    """A raw source kept as a blob and a capture's WARC are hashed from the storage: a blob
    whose bytes changed on disk is named with both hashes and its key, one deleted from the
    storage is named as missing, and the command fails."""
    settings.ARCHIVE_INLINE_MAX_BYTES = 10
    raw = b"A source longer than ten bytes, kept in the storage."
    article = ArticleFactory(raw=b"", raw_size=len(raw), sha256=Article.digest(raw), **blob(raw))
    assert article.read_raw() == raw
    capture = make_capture(article, url="https://news.test/kept")
    call_command("verify_fixity")
    assert "Checked 1 article and 1 WARC: all hashes match" in capsys.readouterr().out

    (blob_dir / article.raw_key).write_bytes(b"A source rewritten on the disk, behind our back.")
    (blob_dir / capture.warc_key).unlink()
    with pytest.raises(CommandError, match="2 of 2 raw sources and WARCs are missing"):
        call_command("verify_fixity")

    err = capsys.readouterr().err
    rewritten = Article.digest(b"A source rewritten on the disk, behind our back.")
    assert f"article {article.pk}" in err
    assert f"stored {article.sha256}, computed {rewritten} (key {article.raw_key})" in err
    assert f"capture {capture.pk}'s WARC: missing from the storage (key {capture.warc_key})" in err


def blob(raw):
    stored = blobs.put(raw)
    return {"raw_key": stored.key}
