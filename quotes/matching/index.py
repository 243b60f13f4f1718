"""The fingerprint index: the keys a printing is found by, and writing them.

Every printing is indexed by hashed pairs of neighbouring content-word stems
(`Fingerprint`), and a short text of function words by its word trigrams as well: a reprint
and a translation both keep a statement's content words in order, whatever they do with the
little words around them.
"""

import functools
import hashlib

from django.db import connection

from ..extraction.text import words
from ..models import Fingerprint, Printing
from .stems import content

SHINGLE = 3
# Candidates sharing fewer keys than this are not compared at all.
MIN_SHARED_KEYS = 2


def _key(gram: str) -> int:
    """A signed 32-bit hash: four bytes a row. Two grams of one key only bring one more
    candidate for `compare` to turn down."""
    return int.from_bytes(
        hashlib.blake2b(gram.encode(), digest_size=4).digest(), "big", signed=True
    )


def _pair_keys(ws: list[str]) -> set[int]:
    # Marked apart, so that a pair never collides with a two-word text's own key.
    stems = content(ws)
    return {_key(f"~{a} {b}") for a, b in zip(stems, stems[1:], strict=False)}


def _gram_keys(ws: list[str]) -> set[int]:
    grams = [ws[i : i + SHINGLE] for i in range(max(1, len(ws) - SHINGLE + 1))]
    return {_key(" ".join(gram)) for gram in grams}


# The fingerprint index (`Fingerprint`, table quotes_fingerprint): one row per distinct key of
# a printing, (key integer, printing_id bigint), primary key (key, printing_id), which is
# also the index a lookup reads, and an index on printing_id to rewrite or delete one
# printing's rows. No surrogate id. A bulk load (COPY) writes, for each printing,
#     [(key, printing.pk) for key in fingerprint_keys(printing.text)]
# and needs nothing else: key frequencies are read from the primary key itself, counted no
# further than COMMON_KEY_POSTINGS + 1 (see `candidates._postings`), so there is no table to
# rebuild.
def fingerprint_keys(text: str) -> list[int]:
    """The keys a printing is found by, sorted: hashes of its pairs of neighbouring
    content-word stems, which a reprint keeps as a translation does (whatever it does with
    the little words), and, for a text of fewer than MIN_SHARED_KEYS such pairs, hashes of
    its word trigrams too (of the whole text when shorter), so that a short headline of
    function words has keys to be found by."""
    ws = words(text)
    keys = _pair_keys(ws)
    if len(keys) < MIN_SHARED_KEYS:
        keys |= _gram_keys(ws)
    return sorted(keys)


def short_pairs(texts: list[str]) -> list[int]:
    """A short text's stem pairs (fewer than MIN_SHARED_KEYS), any one of which is enough for
    a printing to share; none for a longer text."""
    pairs = set().union(*(_pair_keys(words(t)) for t in texts))
    return sorted(pairs) if len(pairs) < MIN_SHARED_KEYS else []


def index_printings(printings: list[Printing], *, unindexed: bool = False, keys=None) -> None:
    """(Re)write the fingerprints of these printings, in one insert (`unindexed`: they have
    none yet, so there is nothing to delete). `keys`: each printing's fingerprint_keys, when
    the caller has them already."""
    if not unindexed:
        Fingerprint.objects.filter(printing__in=printings).delete()
    if keys is None:
        keys = [fingerprint_keys(printing.text) for printing in printings]
    rows = [
        (key, printing.pk)
        for printing, its_keys in zip(printings, keys, strict=True)
        for key in its_keys
    ]
    # The rows as they are, without a model instance for each (an article's printings have
    # a hundred or so keys, which bulk_create took longer to build than to write); on
    # PostgreSQL by COPY, which it takes in less time than an INSERT a row.
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.copy(f"COPY {_fingerprint_columns()} FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            sql = f"INSERT INTO {_fingerprint_columns()} VALUES (%s, %s)"  # noqa: S608 - names
            cursor.executemany(sql, rows)


@functools.cache
def _fingerprint_columns() -> str:
    """The fingerprint table and the columns index_printings writes, a key and a printing."""
    table, key, printing = map(
        connection.ops.quote_name, (Fingerprint._meta.db_table, "key", "printing_id")
    )
    return f"{table} ({key}, {printing})"
