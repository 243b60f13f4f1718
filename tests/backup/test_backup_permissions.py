"""backup's file holds password hashes and unpublished material: it and the partial file it
is written into are readable by their owner only from the moment they exist, whatever the
umask."""

import os
import stat
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection

from archive.management.commands import backup

pytestmark = pytest.mark.django_db


@pytest.fixture
def usual_umask():
    """The umask most systems give a shell (group and others may read new files)."""
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def mode(path):
    """The file's permission bits in octal, as "0o600"."""
    return oct(stat.S_IMODE(path.stat().st_mode))


def test_the_backup_file_is_for_its_owner_only(tmp_path, usual_umask):
    """Under umask 022 the backup is written with mode 0600."""
    path = tmp_path / "verbatim.backup"
    call_command("backup", str(path), stdout=StringIO())
    assert mode(path) == "0o600"


def test_a_forced_backup_replaces_a_readable_file_with_a_private_one(tmp_path, usual_umask):
    """--force over a world-readable file leaves a file with mode 0600."""
    path = tmp_path / "verbatim.backup"
    path.write_bytes(b"last week's backup")
    path.chmod(0o644)
    call_command("backup", str(path), "--force", stdout=StringIO())
    assert mode(path) == "0o600"


def test_the_partial_file_is_private_before_anything_is_written(tmp_path, usual_umask, monkeypatch):
    """When the database starts being copied into the partial file, the file already exists
    with mode 0600: there is no moment when another user could open it."""
    name = "pg_dump" if connection.vendor == "postgresql" else "sqlite_backup"
    write = getattr(backup, name)
    modes = []

    def recording(target):
        modes.append(mode(target))
        write(target)

    monkeypatch.setattr(backup, name, recording)
    call_command("backup", str(tmp_path / "verbatim.backup"), stdout=StringIO())
    assert modes == ["0o600"]
