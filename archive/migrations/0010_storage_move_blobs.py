"""Moves the bytes out of the rows into the "archive" storage (archive.blobs): every capture's
WARC, and every raw source longer than ARCHIVE_INLINE_MAX_BYTES; and back, reversed.

Moving a raw source changes its row, which the fixity trigger (0003) refuses: the trigger is
dropped for the move, then made again to guard the new columns too (`raw_size`, `raw_key`).

Not atomic: a large archive moves gigabytes, a batch at a time, each batch its own
transaction. A run cut short is run again (`migrate`): the rows already moved are skipped, and
a blob already stored is not written twice."""

import importlib

from django.conf import settings
from django.db import migrations, transaction
from django.db.models.functions import Length

from archive import blobs

fixity = importlib.import_module("archive.migrations.0003_fixity_guard")
TRIGGER, MESSAGE = fixity.TRIGGER, fixity.MESSAGE
GUARDED = ("raw", "sha256", "raw_size", "raw_key")

CREATE_POSTGRESQL = [
    fixity.CREATE_POSTGRESQL[0],
    f"""
    CREATE TRIGGER {TRIGGER}
    BEFORE UPDATE OF {", ".join(GUARDED)} ON archive_article
    FOR EACH ROW
    WHEN ({" OR ".join(f"OLD.{c} IS DISTINCT FROM NEW.{c}" for c in GUARDED)})
    EXECUTE FUNCTION {TRIGGER}()
    """,
]
CREATE_SQLITE = [
    f"""
    CREATE TRIGGER {TRIGGER}
    BEFORE UPDATE OF {", ".join(GUARDED)} ON archive_article
    FOR EACH ROW
    WHEN {" OR ".join(f"OLD.{c} IS NOT NEW.{c}" for c in GUARDED)}
    BEGIN
        SELECT RAISE(ABORT, 'archive_article: {MESSAGE}');
    END
    """,
]
CREATE = {"postgresql": CREATE_POSTGRESQL, "sqlite": CREATE_SQLITE}


def create_trigger(apps, schema_editor):
    """The fixity trigger over the raw source wherever it is kept: its bytes, hash, size and
    key. A later migration that rebuilds archive_article on SQLite calls this again."""
    fixity.drop_trigger(apps, schema_editor)
    for sql in CREATE.get(schema_editor.connection.vendor, []):
        schema_editor.execute(sql, params=None)


# Rows a transaction: raw sources and WARCs can be megabytes each.
BATCH = 50


def batches(queryset, db):
    """The rows of `queryset` a batch at a time, each batch in a transaction; the caller
    changes each batch so that it leaves `queryset`."""
    while True:
        with transaction.atomic(using=db):
            batch = list(queryset.order_by("pk")[:BATCH])
            if not batch:
                return
            yield batch


def move_out(apps, schema_editor):
    db = schema_editor.connection.alias
    Article = apps.get_model("archive", "Article")
    Capture = apps.get_model("archive", "Capture")
    fixity.drop_trigger(apps, schema_editor)
    Article.objects.using(db).filter(raw_key="").update(raw_size=Length("raw"))
    large = Article.objects.using(db).filter(
        raw_key="", raw_size__gt=settings.ARCHIVE_INLINE_MAX_BYTES
    )
    for batch in batches(large.only("pk", "raw"), db):
        for article in batch:
            blob = blobs.put(bytes(article.raw))
            Article.objects.using(db).filter(pk=article.pk).update(raw=b"", raw_key=blob.key)
    kept = Capture.objects.using(db).filter(warc__isnull=False)
    for batch in batches(kept.only("pk", "warc", "warc_sha256"), db):
        for capture in batch:
            moved = {"warc": None}
            if capture.warc:
                blob = blobs.put(bytes(capture.warc))
                # A recorded hash stays as recorded: a WARC that no longer matches it is for
                # verify_fixity to report, not for the move to hide.
                moved.update(
                    warc_key=blob.key,
                    warc_size=blob.size,
                    warc_sha256=capture.warc_sha256 or blob.sha256,
                )
            Capture.objects.using(db).filter(pk=capture.pk).update(**moved)
    create_trigger(apps, schema_editor)


def move_back(apps, schema_editor):
    db = schema_editor.connection.alias
    Article = apps.get_model("archive", "Article")
    Capture = apps.get_model("archive", "Capture")
    fixity.drop_trigger(apps, schema_editor)
    stored = Article.objects.using(db).exclude(raw_key="")
    for batch in batches(stored.only("pk", "raw_key"), db):
        for article in batch:
            raw = blobs.read(article.raw_key)
            Article.objects.using(db).filter(pk=article.pk).update(raw=raw, raw_key="")
    stored = Capture.objects.using(db).exclude(warc_key="")
    for batch in batches(stored.only("pk", "warc_key"), db):
        for capture in batch:
            warc = blobs.read(capture.warc_key)
            Capture.objects.using(db).filter(pk=capture.pk).update(
                warc=warc, warc_key="", warc_size=None
            )
    fixity.create_trigger(apps, schema_editor)


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("archive", "0009_storage_blob_fields"),
    ]

    operations = [migrations.RunPython(move_out, move_back, elidable=False)]
