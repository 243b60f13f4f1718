"""backup and restore: a backup restored into a fresh database gives the same
`export_quotes --all`, byte for byte, and the same rows, raw sources and WARCs; neither command
overwrites anything. Runs on SQLite and PostgreSQL alike (restore and export in `manage.py`
subprocesses on a database of their own)."""

import hashlib
import json
import os
import re
import secrets
import subprocess
import sys
from io import StringIO
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from psycopg import sql

from archive.models import Article
from archive.queueing import request_capture
from quotes.models import Quote
from quotes.services.lifecycle import withdraw
from tests.capture.conftest import IMMEDIATE, article_page, serve

from .snapshot import snapshot

ROOT = Path(__file__).resolve().parents[2]
SITE = "https://verbatim.example"
WROTE = re.compile(
    r"Wrote (?P<path>\S+) \((PostgreSQL custom-format dump|SQLite database) of \S+ and "
    r"(?P<files>[\d,]+) stored files, (?P<size>[\d,]+) bytes\), SHA-256 (?P<sha>[0-9a-f]{64})"
)

pytestmark = pytest.mark.django_db


def manage(database_url, *arguments, blob_dir):
    """`python manage.py ARGUMENTS` on another database and storage folder, as an operator
    runs it."""
    env = {
        **os.environ,
        "VERBATIM_DEV": "1",
        "DATABASE_URL": database_url,
        "BLOB_DIR": str(blob_dir),
    }
    return subprocess.run(  # noqa: S603 - our own interpreter and manage.py
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


@pytest.fixture
def small_archive(settings, httpserver):
    """The fictional demo articles, published, the longer ones' raw sources kept as blobs; a
    page captured from the web (with its WARC); one quote withdrawn."""
    settings.ARCHIVE_INLINE_MAX_BYTES = 1000
    settings.TASKS = IMMEDIATE
    settings.CAPTURE_ALLOW_PRIVATE = True
    call_command(
        "import_articles", str(ROOT / "demo" / "articles"), publish=True, stderr=StringIO()
    )
    capture = request_capture(serve(httpserver, "/news/bridge", article_page()), publish=True)
    assert capture.has_warc and capture.article_id
    assert Article.objects.exclude(raw_key="").exists()
    assert Article.objects.filter(raw_key="").exists()
    withdraw(
        Quote.objects.filter(status=Quote.Status.PUBLISHED).order_by("pk").first(),
        reason=Quote.WithdrawalReason.LEGAL,
        note="A court order.",
    )


@pytest.fixture
def fresh_database(tmp_path):
    """DATABASE_URL of a new, empty database of the vendor under test, dropped afterwards."""
    if connection.vendor == "sqlite":
        yield f"sqlite:///{tmp_path / 'restored.sqlite3'}"
        return
    db = connection.settings_dict
    name = f"verbatim_restore_{secrets.token_hex(4)}"
    params = {
        "host": db["HOST"] or None,
        "port": db["PORT"] or None,
        "user": db["USER"] or None,
        "password": db["PASSWORD"] or None,
    }
    with psycopg.connect(dbname="postgres", autocommit=True, **params) as server:
        server.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield database_url(name)
    finally:
        with psycopg.connect(dbname="postgres", autocommit=True, **params) as server:
            server.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def database_url(name):
    db = connection.settings_dict
    password = f":{quote(db['PASSWORD'], safe='')}" if db["PASSWORD"] else ""
    host = f"{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}"
    return f"postgres://{quote(db['USER'], safe='')}{password}@{host}/{name}"


def backup(path, *options):
    out = StringIO()
    call_command("backup", str(path), *options, stdout=out)
    return out.getvalue()


# The archive is committed, so that pg_dump (another process) sees it.
@pytest.mark.django_db(transaction=True)
def test_a_restored_backup_exports_the_same_quotes(
    small_archive, fresh_database, tmp_path, blob_dir
):
    """Back up the archive, restore it into a new database: `export_quotes --all` there is
    byte for byte the one from the original, every table has as many rows, and every raw
    source and WARC has its hash; restore reports the migrations and the fixity check."""
    before = tmp_path / "before.jsonl"
    call_command("export_quotes", all=True, output=str(before), site_url=SITE, stderr=StringIO())
    exported = [json.loads(line) for line in before.read_text().splitlines()]
    assert {"published", "withdrawn"} <= {quote["status"] for quote in exported}
    original = snapshot()

    path = tmp_path / "verbatim.backup"
    line = backup(path).strip()
    wrote = WROTE.fullmatch(line)
    assert wrote, line
    data = path.read_bytes()
    assert wrote["sha"] == hashlib.sha256(data).hexdigest()
    assert int(wrote["size"].replace(",", "")) == len(data)
    assert not path.with_name(path.name + ".partial").exists()

    # Into an empty storage folder: the WARC and every stored file come from the backup.
    elsewhere = tmp_path / "restored-blobs"
    restored = manage(fresh_database, "restore", str(path), blob_dir=elsewhere)
    assert restored.returncode == 0, restored.stderr
    assert f"SHA-256 {wrote['sha']}" in restored.stdout
    assert f"Restored {wrote['files']} stored files into the archive's storage" in restored.stdout
    stored = sorted(str(p.relative_to(blob_dir)) for p in blob_dir.rglob("*") if p.is_file())
    assert stored and int(wrote["files"]) == len(stored)
    for key in stored:
        assert (elsewhere / key).read_bytes() == (blob_dir / key).read_bytes()
    assert "No migrations to apply." in restored.stdout
    assert f"Checked {Article.objects.count()} articles and 1 WARC: all hashes match" in (
        restored.stdout
    )

    after = tmp_path / "after.jsonl"
    exported = manage(
        fresh_database, "export_quotes", "--all", "-o", str(after), "--site-url", SITE,
        blob_dir=elsewhere,
    )  # fmt: skip
    assert exported.returncode == 0, exported.stderr
    assert after.read_bytes() == before.read_bytes()

    read = manage(
        fresh_database, "shell", "--no-imports", "-c",
        "from tests.backup.snapshot import snapshot; print(snapshot())", blob_dir=elsewhere,
    )  # fmt: skip
    assert read.returncode == 0, read.stderr
    assert json.loads(read.stdout) == json.loads(original)
    assert json.loads(original)["warcs"]


def test_restore_refuses_a_database_that_is_not_empty(tmp_path):
    """Restoring into a database that has tables (here the test database itself) is refused
    before anything is written, with how to make an empty one."""
    path = tmp_path / "verbatim.backup"
    backup(path)
    with pytest.raises(CommandError, match=r"is not empty \(\d+ tables\).*only into an empty"):
        call_command("restore", str(path))


def test_restore_refuses_what_is_not_a_backup(tmp_path):
    """A file that is neither a pg_dump dump nor a SQLite database is refused by name."""
    path = tmp_path / "notes.txt"
    path.write_text("not a backup")
    with pytest.raises(CommandError, match="is not a backup written by `backup`"):
        call_command("restore", str(path))


def test_backup_refuses_to_overwrite_unless_forced(tmp_path):
    """An existing file is left alone unless --force; with it, it is replaced whole."""
    path = tmp_path / "verbatim.backup"
    path.write_bytes(b"last week's backup")
    with pytest.raises(CommandError, match="already exists; give --force to overwrite it"):
        backup(path)
    assert path.read_bytes() == b"last week's backup"

    assert WROTE.fullmatch(backup(path, "--force").strip())
    assert path.read_bytes() != b"last week's backup"
    assert not path.with_name(path.name + ".partial").exists()
