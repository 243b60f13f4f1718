"""python manage.py restore PATH : a backup written by `backup` into an empty database and
the archive's storage, then the newer migrations and a fixity check."""

import contextlib
import hashlib
import re
import sqlite3
import tarfile
import tempfile
from pathlib import Path
from urllib.parse import quote

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from psycopg.conninfo import make_conninfo

from archive import blobs
from archive.management.commands.backup import (
    BLOBS,
    DATABASE_MEMBERS,
    check_reachable,
    database_name,
    file_sha256,
    pg_tool,
    run_pg_tool,
)

# How each kind of backup file begins, and the database vendor it restores into.
MAGIC = {b"PGDMP": "postgresql", b"SQLite format 3\x00": "sqlite"}
NAMES = {"postgresql": "PostgreSQL", "sqlite": "SQLite"}
MIGRATIONS_TABLE = re.compile(r"\bTABLE \S+ django_migrations\b")


class Command(BaseCommand):
    help = (
        "Restore a backup written by `backup` into the configured database, which must be "
        "empty (a new PostgreSQL database, or a SQLite file that does not exist yet), and its "
        "stored files into the archive's storage; then apply any migrations newer than the "
        "backup and check every raw source's and WARC's SHA-256. A backup made before the "
        "stored files (a bare dump or SQLite file) is restored too, and its migrations move "
        "the bytes out of the rows."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path, metavar="PATH")

    def handle(self, *args, **options):
        path = options["path"]
        if not path.is_file():
            raise CommandError(f"{path} is not a file")
        with contextlib.ExitStack() as stack:
            database, tar = opened(path, stack)
            self.restore(path, database, tar)
        verbosity = options["verbosity"]
        # A backup made by an older version gets the migrations written since.
        call_command("migrate", interactive=False, verbosity=verbosity, stdout=self.stdout)
        try:
            call_command("verify_fixity", verbosity=verbosity, stdout=self.stdout)
        except CommandError as exc:
            raise CommandError(f"restored, but the fixity check failed: {exc}") from exc

    def restore(self, path: Path, database: Path, tar: tarfile.TarFile | None):
        """The database in the file `database` (from the backup `path`), then the stored
        files in `tar`, if the backup has them."""
        made_on = vendor_of(database)
        if made_on is None:
            raise CommandError(
                f"{path} is not a backup written by `backup` (neither a tar of one, nor a "
                "pg_dump custom-format dump, nor a SQLite database)"
            )
        if made_on != connection.vendor:
            raise CommandError(
                f"{path} is a backup of a {NAMES[made_on]} database; restore it into a "
                f"{NAMES[made_on]} one (set DATABASE_URL), not into this "
                f"{NAMES.get(connection.vendor, connection.vendor)} database"
            )
        self.check_empty()
        if made_on == "postgresql":
            pg_restore(database)
        else:
            sqlite_restore(database)
        self.stdout.write(f"Restored {path} (SHA-256 {file_sha256(path)}) into {database_name()}")
        if tar is not None:
            count = restore_blobs(tar)
            self.stdout.write(f"Restored {count:,} stored files into the archive's storage")

    def check_empty(self):
        """Refuse a database that has any table: a restore never merges into, or replaces,
        an archive."""
        try:
            check_reachable()
        except CommandError as exc:
            if connection.vendor == "postgresql" and "does not exist" in str(exc):
                raise CommandError(f"{exc}; create it first: createdb {database_name()}") from exc
            raise
        tables = connection.introspection.table_names()
        if not tables:
            return
        if connection.vendor == "sqlite":
            how = (
                "point DATABASE_URL at a file that does not exist yet (sqlite:///path/new.sqlite3)"
            )
        else:
            how = "create an empty one (createdb NAME) and point DATABASE_URL at it"
        raise CommandError(
            f"the database {database_name()} is not empty ({len(tables)} tables): a backup is "
            f"restored only into an empty database; {how}"
        )


def opened(path: Path, stack: contextlib.ExitStack) -> tuple[Path, tarfile.TarFile | None]:
    """The database file of the backup `path` and its tar (None for a bare database file, as
    `backup` wrote before stored files): a tar's database is copied out to a private
    temporary folder, which `stack` removes."""
    if vendor_of(path) or not tarfile.is_tarfile(path):
        return path, None
    tar = stack.enter_context(tarfile.open(path, mode="r:"))
    member = next((m for m in tar if m.name in DATABASE_MEMBERS.values() and m.isfile()), None)
    if member is None:
        raise CommandError(f"{path} holds no database: not a backup written by `backup`")
    folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="verbatim-restore-")))
    database = folder / member.name
    with tar.extractfile(member) as source, database.open("wb") as copy:
        while piece := source.read(blobs.CHUNK):
            copy.write(piece)
    return database, tar


def restore_blobs(tar: tarfile.TarFile) -> int:
    """Store every file under BLOBS in `tar`, each checked against the SHA-256 its key names
    first; how many. A file the storage already holds is not written again."""
    count = 0
    for member in tar:
        if not (member.isfile() and member.name.startswith(BLOBS)):
            continue
        key = member.name.removeprefix(BLOBS)
        with tar.extractfile(member) as file:
            digest = hashlib.file_digest(file, "sha256").hexdigest()
            if blobs.key_for(digest) != key:
                raise CommandError(
                    f"the stored file {key} in the backup is damaged: its bytes hash to {digest}"
                )
            blobs.put_file(file)
        count += 1
    return count


def vendor_of(path: Path) -> str | None:
    with path.open("rb") as file:
        start = file.read(max(len(magic) for magic in MAGIC))
    return next((vendor for magic, vendor in MAGIC.items() if start.startswith(magic)), None)


def pg_restore(path: Path):
    executable = pg_tool("pg_restore")
    listing = run_pg_tool([executable, "--list", str(path)], "pg_restore")
    if not MIGRATIONS_TABLE.search(listing):
        raise CommandError(f"{path} holds no django_migrations table: not a Verbatim backup")
    # One transaction: a restore that fails leaves the database as empty as it was. No owner:
    # the tables belong to whoever restores, whatever the roles of the old server.
    run_pg_tool(
        [
            executable,
            "--no-owner",
            "--single-transaction",
            "--exit-on-error",
            "--no-password",
            f"--dbname={make_conninfo(dbname=database_name())}",
            str(path),
        ],
        "pg_restore",
    )


def sqlite_restore(path: Path):
    source = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
    try:
        if source.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise CommandError(f"{path} is damaged: SQLite's quick_check fails on it")
        found = source.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'django_migrations'"
        ).fetchone()
        if not found:
            raise CommandError(f"{path} holds no django_migrations table: not a Verbatim backup")
        # Into Django's own connection, so the file DATABASE_URL names is the one written.
        source.backup(connection.connection)
    except sqlite3.Error as exc:
        raise CommandError(f"cannot restore {path}: {exc}") from exc
    finally:
        source.close()
