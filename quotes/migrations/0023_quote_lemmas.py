"""Search in Russian and Ukrainian: the lemmas and Latin keys of Cyrillic words, for the
quotes that existed before them (quotes.lemmas, quotes.search.refresh_rows).

PostgreSQL keeps them in a column of their own, Quote.lemma_vector, with its own GIN index
(NULL for the quotes without a Cyrillic letter): only the quotes with one are written. SQLite's FTS5 table gains a `lemmas` column,
which FTS5 cannot add to a table: the table is made again and filled for every quote."""

import django.contrib.postgres.indexes
import django.contrib.postgres.search
from django.db import migrations

FTS_COLUMNS = "tokenize = 'porter unicode61 remove_diacritics 2'"


class PostgresAddIndex(migrations.AddIndex):
    """A PostgreSQL-only index; the model state changes on every database."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_backwards(app_label, schema_editor, from_state, to_state)


def index_lemmas(apps, schema_editor):
    from quotes.search_data import refresh_lemmas, refresh_rows

    connection = schema_editor.connection
    quote, printing = apps.get_model("quotes", "Quote"), apps.get_model("quotes", "Printing")
    if connection.vendor == "postgresql":
        refresh_lemmas(quote, printing, None, connection)
        return
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE quotes_quote_fts")
        cursor.execute(
            f"CREATE VIRTUAL TABLE quotes_quote_fts USING fts5(text, printed, lemmas, {FTS_COLUMNS})"
        )
    refresh_rows(quote_model=quote, printing_model=printing, connection=connection)


def drop_lemmas(apps, schema_editor):
    from quotes.search_data import refresh_rows

    connection = schema_editor.connection
    if connection.vendor == "postgresql":
        return  # the column goes with the field
    quote, printing = apps.get_model("quotes", "Quote"), apps.get_model("quotes", "Printing")
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE quotes_quote_fts")
        cursor.execute(
            f"CREATE VIRTUAL TABLE quotes_quote_fts USING fts5(text, printed, {FTS_COLUMNS})"
        )
    refresh_rows(
        quote_model=quote, printing_model=printing, connection=connection, with_lemmas=False
    )


class Migration(migrations.Migration):

    dependencies = [
        ("quotes", "0022_rekey_names_across_scripts"),
    ]

    operations = [
        migrations.AddField(
            model_name="quote",
            name="lemma_vector",
            field=django.contrib.postgres.search.SearchVectorField(editable=False, null=True),
        ),
        PostgresAddIndex(
            model_name="quote",
            index=django.contrib.postgres.indexes.GinIndex(
                fields=["lemma_vector"], name="quote_lemma_vector"
            ),
        ),
        migrations.RunPython(index_lemmas, drop_lemmas),
    ]
