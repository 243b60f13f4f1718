"""Search vectors as VectorField: the same tsvector columns, which bulk_create writes by
UNNEST. Nothing changes in the database, so nothing is done there (on SQLite, altering the
field would rebuild the table and its PostgreSQL-only indexes)."""

from django.db import migrations

import quotes.models.quotes


class Migration(migrations.Migration):
    dependencies = [
        ("quotes", "0028_public_person_order_index"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="quote",
                    name=name,
                    field=quotes.models.quotes.VectorField(editable=False, null=True),
                )
                for name in ("lemma_vector", "search_vector")
            ],
        ),
    ]
