"""Each person's and alias's surname, folded (quotes.names.name_keys), stored beside their key:
an import looks for the people a printed name may be by a piece of its surname, rather than by
a piece of any word of their names, which brought many people whose first name merely holds
the same letters (and with them filled the 200 candidates read before the right one)."""

from django.db import migrations, models

from quotes.names import name_keys


class PostgresSQL(migrations.RunSQL):
    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_backwards(app_label, schema_editor, from_state, to_state)


# LIKE '%...%' on the surnames (importing._candidates_sql), as 0012's on the keys.
TRIGRAM_INDEXES = [
    ("person_surname_trgm", "quotes_person", "surname_key"),
    ("personalias_surname_trgm", "quotes_personalias", "surname_key"),
]


def fill(apps, schema_editor):
    for model in (apps.get_model("quotes", "Person"), apps.get_model("quotes", "PersonAlias")):
        rows = list(model.objects.only("pk", "name").order_by("pk"))
        for row in rows:
            row.surname_key = name_keys(row.name)[1]
        model.objects.bulk_update(rows, ["surname_key"], batch_size=2000)


class Migration(migrations.Migration):
    dependencies = [
        ("quotes", "0014_exports_and_stats"),
    ]

    operations = [
        migrations.AddField(
            model_name="historicalperson",
            name="surname_key",
            field=models.CharField(blank=True, editable=False, max_length=200),
        ),
        migrations.AddField(
            model_name="person",
            name="surname_key",
            field=models.CharField(blank=True, editable=False, max_length=200),
        ),
        migrations.AddField(
            model_name="personalias",
            name="surname_key",
            field=models.CharField(blank=True, editable=False, max_length=200),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        PostgresSQL(
            sql=[
                f"CREATE INDEX {name} ON {table} USING gin ({column} gin_trgm_ops)"
                for name, table, column in TRIGRAM_INDEXES
            ],
            reverse_sql=[f"DROP INDEX {name}" for name, _, _ in TRIGRAM_INDEXES],
        ),
    ]
