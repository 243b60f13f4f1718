"""The index of a person's public quotes in the list's order, with their first dates."""

import datetime
import django.db.models.functions.comparison
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("quotes", "0027_storage_export_files"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="quote",
            index=models.Index(
                models.F("person"),
                models.OrderBy(
                    django.db.models.functions.comparison.Coalesce(
                        "first_published", models.Value(datetime.date(1, 1, 1))
                    ),
                    descending=True,
                ),
                models.OrderBy(models.F("id"), descending=True),
                condition=models.Q(("merged_into", None), ("status", "published")),
                include=("first_published",),
                name="quote_public_person_order",
            ),
        ),
    ]
