"""Large bytes kept out of table rows: in the storage STORAGES["archive"] names, each under a
key made of its SHA-256, so that the same bytes are stored once and their key says what they
must hash to.

The storage is Django's (the filesystem under BLOB_DIR by default; any backend, S3 through
django-storages among them, by settings). The rows keep each blob's hash, size and key. A blob
is never overwritten with other bytes, and the archive never deletes one: content-addressed,
the same bytes may be kept by several rows (docs/operations.md#stored-files)."""

import hashlib
import io
import logging
import tempfile
from dataclasses import dataclass

from django.core.files import File
from django.core.files.storage import storages

logger = logging.getLogger(__name__)

ALIAS = "archive"
# Read and hashed a piece at a time, so that a large file is never held whole to be written.
CHUNK = 1024 * 1024


class BlobError(LookupError):
    """A blob a row names that cannot be read as it was stored."""


class BlobMissing(BlobError):
    """The storage holds nothing under the key."""


class BlobCorrupt(BlobError):
    """The bytes under the key do not hash to the SHA-256 the row recorded."""


@dataclass(frozen=True)
class Blob:
    sha256: str
    size: int
    key: str


def storage():
    return storages[ALIAS]


def key_for(sha256: str) -> str:
    """The key of the bytes whose SHA-256 is `sha256`: "sha256/ab/cd/abcd…", two levels of
    folders so that no folder holds more than a few thousand files."""
    return f"sha256/{sha256[:2]}/{sha256[2:4]}/{sha256}"


def sha256_of_key(key: str) -> str:
    """The SHA-256 a key names (its last part), for keys key_for made."""
    return key.rsplit("/", 1)[-1]


def put(data: bytes) -> Blob:
    """Store `data` under its key, unless the storage already holds it there; its Blob."""
    return put_file(io.BytesIO(data))


def put_file(file) -> Blob:
    """Store the contents of the open binary `file` (read from the start), hashed and written
    a piece at a time, unless the storage already holds them under their key; their Blob."""
    file.seek(0)
    digest, size = hashlib.sha256(), 0
    while piece := file.read(CHUNK):
        digest.update(piece)
        size += len(piece)
    sha256 = digest.hexdigest()
    blob = Blob(sha256=sha256, size=size, key=key_for(sha256))

    def content():
        file.seek(0)
        return File(file)

    _save(blob, content)
    return blob


def _save(blob: Blob, content) -> None:
    store = storage()
    # A file of the right size is taken as these bytes: the key is their hash. One of another
    # size is a write that died halfway (the filesystem writes in place), written again.
    if store.exists(blob.key):
        if store.size(blob.key) == blob.size:
            return
        logger.warning(
            "Blob %s held %s bytes, not %s: written again",
            blob.key,
            store.size(blob.key),
            blob.size,
        )
        store.delete(blob.key)
    saved = store.save(blob.key, content())
    if saved != blob.key:
        # Another process wrote the same bytes meanwhile, and the storage chose a new name for
        # this copy rather than overwrite: the first one stands.
        store.delete(saved)


def read(key: str, sha256: str = "") -> bytes:
    """The bytes stored under `key`, checked against `sha256` where given (BlobCorrupt if they
    differ); BlobMissing if there are none."""
    try:
        with storage().open(key, "rb") as file:
            data = file.read()
    except FileNotFoundError:
        logger.error("Blob %s is missing from the storage", key)
        raise BlobMissing(f"{key} is missing from the storage") from None
    if sha256:
        computed = hashlib.sha256(data).hexdigest()
        if computed != sha256:
            logger.error("Blob %s hashes to %s, not %s", key, computed, sha256)
            raise BlobCorrupt(f"{key} hashes to {computed}, not {sha256}")
    return data


def digest(key: str) -> str:
    """The SHA-256 of the bytes stored under `key`, read a piece at a time; BlobMissing if
    there are none."""
    hashed = hashlib.sha256()
    try:
        with storage().open(key, "rb") as file:
            while piece := file.read(CHUNK):
                hashed.update(piece)
    except FileNotFoundError:
        raise BlobMissing(f"{key} is missing from the storage") from None
    return hashed.hexdigest()


def open_blob(key: str):
    """The stored file under `key`, open for reading (a Django File; the caller closes it)."""
    try:
        return storage().open(key, "rb")
    except FileNotFoundError:
        raise BlobMissing(f"{key} is missing from the storage") from None


def delete(key: str) -> None:
    """Delete the blob under `key`: only for files nothing else may name (exports, whose
    rows are checked first); archived bytes are never deleted."""
    storage().delete(key)


def spooled():
    """A temporary file to write a large blob into before it is stored (put_file)."""
    return tempfile.SpooledTemporaryFile(max_size=8 * CHUNK)
