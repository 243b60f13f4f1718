"""The columns that say where an article's raw source and a capture's WARC are stored
(archive.blobs). On SQLite adding a column rebuilds archive_article, dropping its fixity
trigger: it is made again after, and, going back, after the columns are removed."""

import importlib

from django.db import migrations, models

fixity = importlib.import_module("archive.migrations.0003_fixity_guard")


def restore_sqlite_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        fixity.drop_trigger(apps, schema_editor)
        fixity.create_trigger(apps, schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("archive", "0008_conventions_package"),
    ]

    operations = [
        migrations.RunPython(migrations.RunPython.noop, restore_sqlite_trigger),
        migrations.AddField(
            model_name="article",
            name="raw_key",
            field=models.CharField(
                blank=True,
                editable=False,
                help_text="Where the raw source is stored (archive.blobs), if not in the row.",
                max_length=200,
                verbose_name="raw source's key",
            ),
        ),
        migrations.AddField(
            model_name="article",
            name="raw_size",
            field=models.PositiveBigIntegerField(
                default=0,
                editable=False,
                help_text="The raw source's length in bytes.",
                verbose_name="raw size",
            ),
        ),
        migrations.AddField(
            model_name="capture",
            name="warc_key",
            field=models.CharField(
                blank=True,
                editable=False,
                help_text="Where the WARC is stored.",
                max_length=200,
                verbose_name="WARC's key",
            ),
        ),
        migrations.AddField(
            model_name="capture",
            name="warc_size",
            field=models.PositiveBigIntegerField(
                blank=True, editable=False, null=True, verbose_name="WARC size"
            ),
        ),
        migrations.AlterField(
            model_name="article",
            name="raw",
            field=models.BinaryField(
                blank=True,
                help_text="The source exactly as received, where it is small enough to keep in "
                "the row (ARCHIVE_INLINE_MAX_BYTES); empty where `raw_key` names its blob.",
            ),
        ),
        migrations.RunPython(restore_sqlite_trigger, migrations.RunPython.noop),
    ]
