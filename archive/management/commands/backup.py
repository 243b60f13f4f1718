"""python manage.py backup PATH [--force] : the whole archive in one file, a tar of the
database (articles, captures, quotes, history) and of every stored file (WARCs, raw sources
kept as blobs, export files: archive.blobs)."""

import hashlib
import os
import shutil
import sqlite3
import subprocess  # noqa: S404 - runs pg_dump, with arguments we build, never a shell
import tarfile
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError, connection

from archive import blobs

# The backup's members: the database, by the vendor it was made on, then each stored file
# under BLOBS and its key.
DATABASE_MEMBERS = {"postgresql": "database.pgdump", "sqlite": "database.sqlite3"}
BLOBS = "blobs/"

# Environment variables libpq reads for the connection options dj-database-url passes on.
LIBPQ_OPTIONS = {
    "sslmode": "PGSSLMODE",
    "sslrootcert": "PGSSLROOTCERT",
    "sslcert": "PGSSLCERT",
    "sslkey": "PGSSLKEY",
}


class Command(BaseCommand):
    help = (
        "Write the whole archive to PATH, a tar file of the database (on PostgreSQL a "
        "pg_dump custom-format dump, on SQLite a copy made with SQLite's online backup API) "
        "and of every file in the archive's storage (WARCs, large raw sources, export files). "
        "Everything Verbatim keeps is in one or the other, so this one file is the backup. "
        "Restore it with `restore PATH`."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path, metavar="PATH")
        parser.add_argument("--force", action="store_true", help="overwrite PATH if it exists")

    def handle(self, *args, **options):
        path = options["path"]
        if path.is_dir():
            raise CommandError(f"{path} is a directory; give the backup file's name")
        if path.exists() and not options["force"]:
            raise CommandError(f"{path} already exists; give --force to overwrite it")
        if not path.parent.is_dir():
            raise CommandError(f"{path.parent} is not a directory")
        check_reachable()
        # Written beside PATH and renamed at the end, so PATH is never a half-written backup.
        partial = path.with_name(path.name + ".partial")
        dump = path.with_name(path.name + ".partial-database")
        partial.unlink(missing_ok=True)
        dump.unlink(missing_ok=True)
        try:
            create_private(dump)
            if connection.vendor == "postgresql":
                kind = "PostgreSQL custom-format dump"
                pg_dump(dump)
            elif connection.vendor == "sqlite":
                kind = "SQLite database"
                sqlite_backup(dump)
            else:
                raise CommandError(f"no backup method for {connection.vendor} databases")
            # The stored files after the database: the archive never deletes one, so every
            # file the dump's rows name is there (an export's may have expired since).
            create_private(partial)
            with partial.open("wb") as out:
                with tarfile.open(fileobj=out, mode="w", format=tarfile.PAX_FORMAT) as tar:
                    add_member(
                        tar,
                        DATABASE_MEMBERS[connection.vendor],
                        dump.stat().st_size,
                        dump.open("rb"),
                    )
                    files = add_blobs(tar)
                out.flush()
                os.fsync(out.fileno())
            os.replace(partial, path)
        finally:
            partial.unlink(missing_ok=True)
            dump.unlink(missing_ok=True)
        size = path.stat().st_size
        self.stdout.write(
            f"Wrote {path} ({kind} of {database_name()} and {files:,} stored files, "
            f"{size:,} bytes), SHA-256 {file_sha256(path)}"
        )


def add_member(tar: tarfile.TarFile, name: str, size: int, file) -> None:
    """Add the open `file` to `tar` as `name`, owned by nobody in particular, and close it."""
    info = tarfile.TarInfo(name)
    info.size, info.mode = size, 0o600
    with file:
        tar.addfile(info, file)


def add_blobs(tar: tarfile.TarFile) -> int:
    """Add every file in the archive's storage to `tar` under BLOBS; how many."""
    store = blobs.storage()
    count = 0
    for key in stored_keys(store):
        add_member(tar, BLOBS + key, store.size(key), store.open(key, "rb"))
        count += 1
    return count


def stored_keys(store, folder: str = ""):
    """The key of every file in the storage `store`, under `folder`, folder by folder."""
    try:
        folders, files = store.listdir(folder)
    except FileNotFoundError:  # nothing stored yet
        return
    for name in sorted(files):
        yield f"{folder}/{name}" if folder else name
    for name in sorted(folders):
        yield from stored_keys(store, f"{folder}/{name}" if folder else name)


def create_private(path: Path):
    """Create `path` empty and for its owner only (mode 0600, which no umask widens): a
    backup holds password hashes and unpublished material. pg_dump and SQLite then write into
    the file as it is, and SQLite gives its journal the file's mode. Private from the start,
    as a chmod after writing would leave others a moment to open it; O_EXCL so that a file or
    link someone put there is never written through."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def check_reachable():
    try:
        connection.ensure_connection()
    except DatabaseError as exc:
        raise CommandError(
            f"cannot reach the database {database_name()}: {first_line(exc)}"
        ) from exc


def database_name():
    return str(connection.settings_dict["NAME"])


def pg_dump(target: Path):
    executable = pg_tool("pg_dump")
    run_pg_tool([executable, "--format=custom", "--no-password", f"--file={target}"], "pg_dump")


def pg_tool(name: str) -> str:
    executable = shutil.which(name)
    if executable is None:
        raise CommandError(
            f"{name} not found: install PostgreSQL's client tools (the server's version or newer)"
        )
    return executable


def pg_environment() -> dict:
    """The environment for pg_dump and pg_restore: the configured database's connection
    parameters, the password among them, so that none is on a command line others can read."""
    db = connection.settings_dict
    env = dict(os.environ)
    for key, variable in [
        ("HOST", "PGHOST"),
        ("PORT", "PGPORT"),
        ("USER", "PGUSER"),
        ("NAME", "PGDATABASE"),
        ("PASSWORD", "PGPASSWORD"),
    ]:
        if db.get(key):
            env[variable] = str(db[key])
    for option, variable in LIBPQ_OPTIONS.items():
        if db.get("OPTIONS", {}).get(option):
            env[variable] = str(db["OPTIONS"][option])
    return env


def run_pg_tool(arguments: list[str], name: str) -> str:
    """Run a PostgreSQL tool on the configured database; its standard output."""
    result = subprocess.run(  # noqa: S603 - a fixed executable and our own arguments
        arguments, env=pg_environment(), capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise CommandError(f"{name} failed: {tool_error(result.stderr, name)}")
    return result.stdout


def tool_error(stderr: str, name: str) -> str:
    """The first error a PostgreSQL tool printed, without its 'pg_dump: error: ' prefix."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    errors = [line for line in lines if "error:" in line] or lines or ["no message"]
    return errors[0].removeprefix(f"{name}: ").removeprefix("error: ")


def sqlite_backup(target: Path):
    # From Django's own connection, so an in-memory database is copied too; the backup API
    # gives a consistent copy even while other processes write to the file.
    destination = sqlite3.connect(target)
    try:
        connection.connection.backup(destination)
    except sqlite3.Error as exc:
        raise CommandError(f"SQLite backup failed: {exc}") from exc
    finally:
        destination.close()


def file_sha256(path: Path) -> str:
    with path.open("rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()


def first_line(exc: Exception) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]
