"""Migration 0013 rewrites the fingerprint index from the printings' texts, both ways: forward
with the current keys, backward with the old 63-bit ones."""

import importlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from quotes.matching import fingerprint_keys, index_printings
from quotes.models import Fingerprint
from tests.factories import PrintingFactory

BEFORE = [("quotes", "0012_listing_denormalised")]
TEXTS = [
    "We will hold the bridge over the river until the last shell is fired.",
    "Never.",
    "The ferry sails again on Monday, the harbour master said.",
]
legacy_keys = importlib.import_module("quotes.migrations.0013_compact_fingerprints")._legacy_keys


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    # A migration that changes a column's type invalidates the statements this connection
    # has prepared (PostgreSQL: "cached plan must not change result type"): the test goes on
    # with a new connection, as the app's processes do after a deploy's migrations.
    connection.close()
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_fingerprints_are_rewritten_backward_and_forward():
    printings = [PrintingFactory(quote__text=t, text=t) for t in TEXTS]
    index_printings(printings, unindexed=True)
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        old = migrate(BEFORE).get_model("quotes", "Fingerprint")
        for printing in printings:
            keys = set(old.objects.filter(appearance_id=printing.pk).values_list("key", flat=True))
            assert keys == legacy_keys(printing.text)
            assert any(abs(key) >= 2**31 for key in keys)  # eight-byte keys again
    finally:
        migrate(latest)
    for printing in printings:
        keys = Fingerprint.objects.filter(printing=printing).values_list("key", flat=True)
        assert sorted(keys) == fingerprint_keys(printing.text)
