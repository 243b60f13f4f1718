"""One word for one thing: the model of a quote as one article printed it was `Appearance`
while the code, the pages and the docs said "printing". The table, its history, its indexes
and constraints, the columns that point to it and its permissions take the glossary's word.
The API and the exports keep the field names they were published with."""

import django.db.models.deletion
from django.db import migrations, models

RENAMED = {"appearance": "printing", "historicalappearance": "historicalprinting"}
VERBOSE = {"printing": "printing", "historicalprinting": "historical printing"}
ACTIONS = ("add", "change", "delete", "view")


def rename_permissions(apps, schema_editor, *, renamed=RENAMED):
    """The renamed models' permissions keep their rows (and so every group and user that
    holds them), under the codenames and names Django gives the new model names."""
    Permission = apps.get_model("auth", "Permission")
    for old, new in renamed.items():
        verbose = VERBOSE.get(new, new.replace("historical", "historical "))
        for action in ACTIONS:
            Permission.objects.filter(
                content_type__app_label="quotes", codename=f"{action}_{old}"
            ).update(codename=f"{action}_{new}", name=f"Can {action} {verbose}")


def restore_permissions(apps, schema_editor):
    rename_permissions(apps, schema_editor, renamed={new: old for old, new in RENAMED.items()})


def sync_roles(apps, schema_editor):
    """The roles again: a new database's 0011 ran before the model had this name."""
    from quotes.roles import sync_roles

    sync_roles(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("quotes", "0018_export_client"),
        ("archive", "0007_capture_review"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.RenameModel(old_name="Appearance", new_name="Printing"),
        migrations.RenameModel(old_name="HistoricalAppearance", new_name="HistoricalPrinting"),
        migrations.AlterModelOptions(
            name="historicalprinting",
            options={
                "get_latest_by": ("history_date", "history_id"),
                "ordering": ("-history_date", "-history_id"),
                "verbose_name": "historical printing",
                "verbose_name_plural": "historical printings",
            },
        ),
        migrations.AlterField(
            model_name="printing",
            name="quote",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="printings",
                to="quotes.quote",
            ),
        ),
        migrations.AlterField(
            model_name="printing",
            name="article",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="printings",
                to="archive.article",
            ),
        ),
        migrations.AlterField(
            model_name="printing",
            name="person",
            field=models.ForeignKey(
                blank=True,
                help_text="Whom this article credits with these words (may differ from the "
                "quote's).",
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="credited_printings",
                to="quotes.person",
            ),
        ),
        migrations.RenameIndex(
            model_name="printing",
            new_name="printing_outlet_published",
            old_name="appearance_outlet_published",
        ),
        migrations.RenameIndex(
            model_name="printing",
            new_name="printing_published_quote",
            old_name="appearance_published_quote",
        ),
        migrations.RemoveConstraint(model_name="printing", name="unique_appearance_start"),
        migrations.AddConstraint(
            model_name="printing",
            constraint=models.UniqueConstraint(
                fields=("article", "start"), name="unique_printing_start"
            ),
        ),
        migrations.RemoveConstraint(model_name="printing", name="appearance_span"),
        migrations.AddConstraint(
            model_name="printing",
            constraint=models.CheckConstraint(
                condition=models.Q(("end__gt", models.F("start"))), name="printing_span"
            ),
        ),
        migrations.RemoveConstraint(
            model_name="attributionconflict", name="unique_attribution_conflict"
        ),
        migrations.RenameField(
            model_name="attributionconflict", old_name="appearance", new_name="printing"
        ),
        migrations.AddConstraint(
            model_name="attributionconflict",
            constraint=models.UniqueConstraint(
                fields=("quote", "printing"), name="unique_attribution_conflict"
            ),
        ),
        # A column of a composite primary key cannot be renamed through the model state:
        # the column is renamed in SQL (PostgreSQL, and SQLite since 3.25), and the state
        # is given the model as it now is.
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    "ALTER TABLE quotes_fingerprint RENAME COLUMN appearance_id TO printing_id",
                    "ALTER TABLE quotes_fingerprint RENAME COLUMN printing_id TO appearance_id",
                )
            ],
            state_operations=[
                migrations.DeleteModel(name="Fingerprint"),
                migrations.CreateModel(
                    name="Fingerprint",
                    fields=[
                        (
                            "pk",
                            models.CompositePrimaryKey(
                                "key",
                                "printing",
                                blank=True,
                                editable=False,
                                primary_key=True,
                                serialize=False,
                            ),
                        ),
                        ("key", models.IntegerField()),
                        (
                            "printing",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="fingerprints",
                                to="quotes.printing",
                            ),
                        ),
                    ],
                ),
            ],
        ),
        migrations.RunPython(rename_permissions, restore_permissions),
        migrations.RunPython(sync_roles, migrations.RunPython.noop),
    ]
