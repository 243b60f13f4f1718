"""Search in Russian and Ukrainian: the lemmas and Latin keys of Cyrillic words, for the
quotes that existed before them (quotes.lemmas, quotes.search.refresh_rows).

PostgreSQL keeps them as a section of the existing search vector, under its GIN index: only
quotes with a Cyrillic letter are rewritten. SQLite's FTS5 table gains a `lemmas` column,
which FTS5 cannot add to a table: the table is made again and filled for every quote."""

from django.db import migrations

FTS_COLUMNS = "tokenize = 'porter unicode61 remove_diacritics 2'"


def index_lemmas(apps, schema_editor):
    from quotes.search_data import cyrillic_ids, refresh_rows

    connection = schema_editor.connection
    quote, printing = apps.get_model("quotes", "Quote"), apps.get_model("quotes", "Printing")
    if connection.vendor == "postgresql":
        ids = cyrillic_ids(
            connection.ops.quote_name(quote._meta.db_table),
            connection.ops.quote_name(printing._meta.db_table),
            None,
            connection,
        )
        if ids:
            refresh_rows(quote_model=quote, printing_model=printing, ids=ids, connection=connection)
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
    quote, printing = apps.get_model("quotes", "Quote"), apps.get_model("quotes", "Printing")
    if connection.vendor != "postgresql":
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
        ("quotes", "0020_printing_language"),
    ]

    operations = [
        migrations.RunPython(index_lemmas, drop_lemmas),
    ]
