"""Migration 0023 writes the lemmas of the quotes that existed before it, and takes them out
again going backward."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.factories import PrintingFactory

from .conftest import listed

BEFORE = [("quotes", "0022_rekey_names_across_scripts")]
TEXT = "Причал откроют в мае, сообщил смотритель."


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    connection.close()


def holds_lemma(pk, lemma, column="lemma_vector"):
    """Whether the search data of quote `pk` holds `lemma` (an inflected word's lemma; on
    PostgreSQL in `column`)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                f"SELECT {column} @@ %s::tsquery FROM quotes_quote WHERE id = %s",  # noqa: S608
                [f"'{lemma}'", pk],
            )
        else:
            cursor.execute(
                "SELECT count(*) FROM quotes_quote_fts WHERE quotes_quote_fts MATCH %s "
                "AND rowid = %s",
                [f'"{lemma}"', pk],
            )
        return bool(cursor.fetchone()[0])


@pytest.mark.django_db(transaction=True)
def test_lemmas_are_written_for_existing_quotes(client, index):
    quote = PrintingFactory(quote__text=TEXT).quote
    index()
    assert holds_lemma(quote.pk, "сообщить")
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        migrate(BEFORE)
        # The word as printed is still found; its lemma is not (SQLite), or has no column.
        assert holds_lemma(quote.pk, "сообщил", column="search_vector")
        if connection.vendor != "postgresql":
            assert not holds_lemma(quote.pk, "сообщить")
    finally:
        migrate(latest)
    assert holds_lemma(quote.pk, "сообщить")
    assert listed(client.get("/quotes/", {"q": "причалом"})) == [TEXT]
