"""The quote list at scale (issue 11): each printing's copy of its article's outlet and date,
each quote's reach (how many outlets printed it), and the indexes the list's filters and
orders read."""

import datetime

import django.contrib.postgres.indexes
import django.db.models.deletion
import django.db.models.functions.comparison
import django.db.models.functions.text
from django.db import migrations, models
from django.db.models import Count, OuterRef, Subquery


class PostgresAddIndex(migrations.AddIndex):
    """A PostgreSQL-only index (trigram GIN); the model state changes on every database."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_backwards(app_label, schema_editor, from_state, to_state)


class PostgresSQL(migrations.RunSQL):
    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_backwards(app_label, schema_editor, from_state, to_state)


# The names and keys of people and aliases, searched by quotes.search.people_like through
# pg_trgm's operators (trigram similarity; LIKE '%...%' on the keys). Outside the model state:
# they serve that one function's SQL, as the search configuration of 0002 does.
TRIGRAM_INDEXES = [
    ("person_name_trgm", "quotes_person", "name"),
    ("person_key_trgm", "quotes_person", "key"),
    ("personalias_name_trgm", "quotes_personalias", "name"),
    ("personalias_key_trgm", "quotes_personalias", "key"),
]


def fill(apps, schema_editor):
    Article = apps.get_model("archive", "Article")
    Appearance = apps.get_model("quotes", "Appearance")
    Quote = apps.get_model("quotes", "Quote")
    articles = Article.objects.filter(pk=OuterRef("article_id"))
    Appearance.objects.update(
        printed_by=Subquery(articles.values("outlet")[:1]),
        printed_on=Subquery(articles.values("published")[:1]),
    )
    outlets = (
        Appearance.objects.filter(quote=OuterRef("pk"))
        .order_by()
        .values("quote")
        .annotate(n=Count("printed_by", distinct=True))
        .values("n")
    )
    Quote.objects.filter(appearances__isnull=False).distinct().update(reach=Subquery(outlets))


class Migration(migrations.Migration):
    dependencies = [
        ("archive", "0007_capture_review"),
        ("quotes", "0011_roles"),
    ]

    operations = [
        migrations.AddField(
            model_name="appearance",
            name="printed_by",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="archive.outlet",
            ),
        ),
        migrations.AddField(
            model_name="appearance",
            name="printed_on",
            field=models.DateField(blank=True, editable=False, null=True),
        ),
        migrations.AddField(
            model_name="quote",
            name="reach",
            field=models.PositiveIntegerField(
                default=0,
                editable=False,
                help_text="How many different outlets printed it, kept by refresh_dates().",
            ),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="appearance",
            index=models.Index(
                fields=["printed_by", "printed_on", "quote"], name="appearance_outlet_published"
            ),
        ),
        migrations.AddIndex(
            model_name="appearance",
            index=models.Index(fields=["printed_on", "quote"], name="appearance_published_quote"),
        ),
        migrations.AddIndex(
            model_name="quote",
            index=models.Index(
                models.OrderBy(models.F("reach"), descending=True),
                models.OrderBy(
                    django.db.models.functions.comparison.Coalesce(
                        "first_published", models.Value(datetime.date(1, 1, 1))
                    ),
                    descending=True,
                ),
                models.OrderBy(models.F("id"), descending=True),
                name="quote_outlets_order",
            ),
        ),
        PostgresSQL(
            sql=[
                f"CREATE INDEX {name} ON {table} USING gin ({column} gin_trgm_ops)"
                for name, table, column in TRIGRAM_INDEXES
            ],
            reverse_sql=[f"DROP INDEX {name}" for name, _, _ in TRIGRAM_INDEXES],
        ),
        PostgresAddIndex(
            model_name="quote",
            index=django.contrib.postgres.indexes.GinIndex(
                django.contrib.postgres.indexes.OpClass(
                    django.db.models.functions.text.Upper("speaker_description"),
                    name="gin_trgm_ops",
                ),
                name="quote_description_trgm",
            ),
        ),
    ]
