"""Export files kept in the "archive" storage, by their SHA-256. The files of exports made
before were written to EXPORT_DIR, which is no longer read: those exports are marked expired,
so that their pages say the file is gone and asking again makes a new one."""

from django.db import migrations, models
from django.utils import timezone


def expire_unstored(apps, schema_editor):
    Export = apps.get_model("quotes", "Export")
    db = schema_editor.connection.alias
    Export.objects.using(db).filter(status="ready", key="").update(expires_at=timezone.now())


class Migration(migrations.Migration):
    dependencies = [
        ("quotes", "0026_lineage_derivations_alterations"),
    ]

    operations = [
        migrations.AddField(
            model_name="export",
            name="key",
            field=models.CharField(
                blank=True,
                editable=False,
                help_text="Where the file is stored.",
                max_length=200,
                verbose_name="file's key",
            ),
        ),
        migrations.AddField(
            model_name="export",
            name="sha256",
            field=models.CharField(
                blank=True, editable=False, max_length=64, verbose_name="SHA-256"
            ),
        ),
        migrations.RunPython(expire_unstored, migrations.RunPython.noop),
    ]
