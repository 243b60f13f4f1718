"""Search: a tsvector column with a GIN index, a stemming configuration without stop words and
the trigram extension on PostgreSQL; an FTS5 table with the porter stemmer on SQLite."""

import django.contrib.postgres.indexes
import django.contrib.postgres.search
from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations


class OnVendor:
    """Runs the wrapped operation's SQL only on one database vendor; the model state changes
    everywhere, so that the models and the migrations agree on every database."""

    vendor = None

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == self.vendor:
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == self.vendor:
            super().database_backwards(app_label, schema_editor, from_state, to_state)


class PostgresAddIndex(OnVendor, migrations.AddIndex):
    vendor = "postgresql"


class PostgresTrigramExtension(OnVendor, TrigramExtension):
    # CreateExtension skips other databases going forwards but not backwards.
    vendor = "postgresql"


class PostgresSQL(OnVendor, migrations.RunSQL):
    vendor = "postgresql"


class SQLiteSQL(OnVendor, migrations.RunSQL):
    vendor = "sqlite"


class Migration(migrations.Migration):

    dependencies = [
        ("quotes", "0001_initial"),
    ]

    operations = [
        PostgresTrigramExtension(),
        # English stemming but no stop words, so that a phrase such as "pier will" keeps
        # both of its words (the stock 'english' configuration drops "will").
        PostgresSQL(
            sql=[
                "CREATE TEXT SEARCH DICTIONARY verbatim_stem "
                "(TEMPLATE = snowball, Language = english)",
                "CREATE TEXT SEARCH CONFIGURATION verbatim (COPY = english)",
                "ALTER TEXT SEARCH CONFIGURATION verbatim ALTER MAPPING FOR "
                "asciiword, asciihword, hword_asciipart, word, hword, hword_part "
                "WITH verbatim_stem",
            ],
            reverse_sql=[
                "DROP TEXT SEARCH CONFIGURATION verbatim",
                "DROP TEXT SEARCH DICTIONARY verbatim_stem",
            ],
        ),
        migrations.AddField(
            model_name="quote",
            name="search_vector",
            field=django.contrib.postgres.search.SearchVectorField(editable=False, null=True),
        ),
        PostgresAddIndex(
            model_name="quote",
            index=django.contrib.postgres.indexes.GinIndex(
                fields=["search_vector"], name="quote_search_vector"
            ),
        ),
        # rowid is the quote's id; `text` is the canonical wording, `printed` every wording
        # as printed. remove_diacritics folds accents as the PostgreSQL side does not, but
        # quotes in this archive are English.
        SQLiteSQL(
            sql="CREATE VIRTUAL TABLE quotes_quote_fts USING fts5("
            "text, printed, tokenize = 'porter unicode61 remove_diacritics 2')",
            reverse_sql="DROP TABLE quotes_quote_fts",
        ),
    ]
