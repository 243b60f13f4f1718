"""Search data for the quotes that existed before search did."""

from django.db import migrations


def index_quotes(apps, schema_editor):
    from quotes.search import refresh_rows

    refresh_rows(
        quote_model=apps.get_model("quotes", "Quote"),
        printing_model=apps.get_model("quotes", "Appearance"),
        connection=schema_editor.connection,
        # The lemmas' column on SQLite comes later (migration 0021), with their own backfill.
        with_lemmas=False,
    )


class Migration(migrations.Migration):

    dependencies = [
        ("quotes", "0002_quote_search"),
    ]

    operations = [
        migrations.RunPython(index_quotes, migrations.RunPython.noop),
    ]
