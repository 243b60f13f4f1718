"""Keeping the search data of quotes current: the tsvector column on PostgreSQL, the FTS5
table on SQLite, each with the lemmas of Cyrillic words (quotes.lemmas).

Written by the services that change a quote's words or printings, through refresh_search,
and by the migrations that first wrote them; quotes.search reads them.
"""

from django.db import connection as default_connection

from verbatim import sql

from . import lemmas
from .models import Printing, Quote

# The text search configuration made by migration 0002: English stems, no stop words.
CONFIG = "verbatim"
FTS_TABLE = "quotes_quote_fts"


def _postgres(connection):
    return connection.vendor == "postgresql"


def refresh_search(quotes):
    """Rewrite the search data of `quotes` (Quote objects or ids) from their text and
    their printings' wordings. Called wherever a quote's words or printings change."""
    ids = [getattr(quote, "pk", quote) for quote in quotes]
    if ids:
        refresh_rows(quote_model=Quote, printing_model=Printing, ids=ids)


def refresh_rows(*, quote_model, printing_model, ids=None, connection=None, with_lemmas=True):
    """refresh_search for the given models (historical ones in a migration); every quote
    where `ids` is None. `with_lemmas=False` leaves out the lemmas of Cyrillic words (for
    the migrations before the lemmas had a place)."""
    connection = connection or default_connection
    _refresh_words(quote_model, printing_model, ids, connection, with_lemmas)
    if with_lemmas:
        refresh_lemmas(quote_model, printing_model, ids, connection)


def _refresh_words(quote_model, printing_model, ids, connection, with_lemmas=True):
    quote_table, printing_table = map(
        connection.ops.quote_name,
        (quote_model._meta.db_table, printing_model._meta.db_table),
    )
    if _postgres(connection):
        # The quote's text weighs A, its printings' words B, joined in the order they were
        # archived, not the order their rows happen to lie on disk: the same printings always
        # give the same word positions. Written out: Django took longer to compile the ORM's
        # form of this UPDATE than PostgreSQL takes to run it, for every quote an import links.
        where, params = "", []
        if ids is not None:
            where, params = f" WHERE q.id {sql.any_of(connection)}", [sql.values(ids, connection)]
        with connection.cursor() as cursor:
            # Table names come from model metadata, values are parameters.
            clear = "lemma_vector = NULL, " if with_lemmas else ""
            cursor.execute(
                f"UPDATE {quote_table} q SET {clear}search_vector = "  # noqa: S608
                "setweight(to_tsvector(%s::regconfig, COALESCE(q.text, '')), 'A') || "
                "setweight(to_tsvector(%s::regconfig, COALESCE((SELECT string_agg(a.text, ' ' "
                f"ORDER BY a.id) FROM {printing_table} a WHERE a.quote_id = q.id), '')), 'B')"
                + where,
                [CONFIG, CONFIG, *params],
            )
        return
    where, params = "", []
    if ids is not None:
        where, params = f" WHERE id {sql.any_of(connection)}", [sql.values(ids, connection)]
    with connection.cursor() as cursor:
        # Table names come from model metadata, values are parameters.
        cursor.execute(
            f"DELETE FROM {FTS_TABLE}"  # noqa: S608
            + (f" WHERE rowid {sql.any_of(connection)}" if ids is not None else ""),
            params,
        )
        cursor.execute(
            f"INSERT INTO {FTS_TABLE} (rowid, text, printed) "  # noqa: S608
            f"SELECT id, text, (SELECT group_concat(t, ' ') FROM (SELECT a.text AS t "
            f"FROM {printing_table} a WHERE a.quote_id = {quote_table}.id ORDER BY a.id)) "
            f"FROM {quote_table}{where}",
            params,
        )


# Quotes whose lemmas are written in one statement.
LEMMA_BATCH = 1000


def refresh_lemmas(quote_model, printing_model, ids, connection):
    """Add the lemmas and keys of the Cyrillic words of `ids` (every quote where None) to
    their search data (see quotes.lemmas): on PostgreSQL the lemma vector (NULL for the
    others, which _refresh_words sets), on SQLite the FTS table's `lemmas` column.
    Computed here, in Python, since PostgreSQL has no Ukrainian; a quote without a
    Cyrillic letter costs one test."""
    quote_table, printing_table = map(
        connection.ops.quote_name,
        (quote_model._meta.db_table, printing_model._meta.db_table),
    )
    postgres = _postgres(connection)
    found = cyrillic_ids(quote_table, printing_table, ids, connection)
    with connection.cursor() as cursor:
        for start in range(0, len(found), LEMMA_BATCH):
            batch = found[start : start + LEMMA_BATCH]
            _write_lemmas(cursor, batch, quote_table, printing_table, postgres)


def cyrillic_ids(quote_table, printing_table, ids, connection):
    """The ids, of `ids` or of every quote, whose text or a printing has a Cyrillic letter.
    Table names are quoted already."""
    where, params = "", []
    if ids is not None:
        where, params = f"q.id {sql.any_of(connection)} AND ", [sql.values(ids, connection)]
    # A Cyrillic letter: a regular expression on PostgreSQL, a GLOB (which compares UTF-8
    # characters as code points) on SQLite.
    postgres = _postgres(connection)
    cyrillic = "~ %s" if postgres else "GLOB %s"
    letters = ["[\u0400-\u04ff]" if postgres else "*[\u0400-\u04ff]*"] * 2
    with connection.cursor() as cursor:
        # Table names come from model metadata, values are parameters.
        cursor.execute(
            f"SELECT q.id FROM {quote_table} q WHERE {where}(q.text {cyrillic} OR "  # noqa: S608
            f"EXISTS (SELECT 1 FROM {printing_table} a WHERE a.quote_id = q.id "
            f"AND a.text {cyrillic})) ORDER BY q.id",
            [*params, *letters],
        )
        return [row[0] for row in cursor.fetchall()]


def _write_lemmas(cursor, batch, quote_table, printing_table, postgres):
    connection = cursor.db
    texts = {pk: [] for pk in batch}
    cursor.execute(
        f"SELECT id, text FROM {quote_table} WHERE id {sql.any_of(connection)}",  # noqa: S608
        [sql.values(batch, connection)],
    )
    canonical = dict(cursor.fetchall())
    cursor.execute(
        f"SELECT quote_id, text FROM {printing_table} "  # noqa: S608
        f"WHERE quote_id {sql.any_of(connection)} ORDER BY id",
        [sql.values(batch, connection)],
    )
    for pk, text in cursor.fetchall():
        texts[pk].append(text)
    if postgres:
        sections = [
            lemmas.tsvector([(canonical[pk], "A"), *((t, "B") for t in texts[pk])]) for pk in batch
        ]
        cursor.execute(
            f"UPDATE {quote_table} q SET lemma_vector = v.section::tsvector "  # noqa: S608
            "FROM unnest(%s::bigint[], %s::text[]) AS v(id, section) WHERE q.id = v.id",
            [batch, sections],
        )
        return
    cursor.executemany(
        f"UPDATE {FTS_TABLE} SET lemmas = %s WHERE rowid = %s",  # noqa: S608
        [(lemmas.fts_text([canonical[pk], *texts[pk]]), pk) for pk in batch],
    )
