"""Background exports and the archive-wide figures (issue 11)."""

from django.db import migrations, models

import quotes.models


class Migration(migrations.Migration):
    dependencies = [("quotes", "0013_compact_fingerprints")]

    operations = [
        migrations.CreateModel(
            name="ArchiveFigures",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("quote_count", models.PositiveIntegerField(default=0)),
                ("person_count", models.PositiveIntegerField(default=0)),
                ("outlet_count", models.PositiveIntegerField(default=0)),
                ("article_count", models.PositiveIntegerField(default=0)),
                ("top_people", models.JSONField(default=list)),
                ("computed_at", models.DateTimeField(blank=True, null=True)),
                ("stale", models.BooleanField(default=False)),
                ("refresh_queued_at", models.DateTimeField(blank=True, null=True)),
            ],
            options={"verbose_name_plural": "archive figures"},
        ),
        migrations.CreateModel(
            name="Export",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "token",
                    models.CharField(
                        default=quotes.models.new_export_token,
                        editable=False,
                        max_length=64,
                        unique=True,
                    ),
                ),
                (
                    "format",
                    models.CharField(
                        choices=[("csv", "CSV"), ("jsonl", "JSON Lines")], max_length=5
                    ),
                ),
                (
                    "query",
                    models.CharField(
                        blank=True,
                        help_text="The quote list's filters, as a query string.",
                        max_length=2000,
                    ),
                ),
                (
                    "site_url",
                    models.CharField(help_text="The base of the permalinks.", max_length=300),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("queued", "Queued"),
                            ("running", "Running"),
                            ("ready", "Ready"),
                            ("failed", "Failed"),
                        ],
                        default="queued",
                        max_length=10,
                    ),
                ),
                ("rows", models.PositiveIntegerField(blank=True, null=True)),
                ("size", models.PositiveBigIntegerField(blank=True, null=True)),
                ("error", models.CharField(blank=True, max_length=500)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("started_at", models.DateTimeField(blank=True, null=True)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                ("expires_at", models.DateTimeField(db_index=True)),
            ],
            options={
                "ordering": ["-created_at"],
                "indexes": [
                    models.Index(fields=["format", "query", "-created_at"], name="export_lookup")
                ],
            },
        ),
    ]
