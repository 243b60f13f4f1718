"""A read replica for the routing tests: a second connection to the test database whose
every transaction is read-only, so that a write routed to it fails as it would on a real
PostgreSQL standby."""

import pytest
from django.db import connection, connections

from verbatim.routers import REPLICA


@pytest.fixture
def replica(transactional_db, settings):
    """The alias "replica", as DATABASE_REPLICA_URL makes it, on PostgreSQL only. The tests
    that use it commit their data (transactional_db): the replica is another connection and
    sees only what is committed."""
    if connection.vendor != "postgresql":
        pytest.skip("the read replica is a PostgreSQL setting")
    options = dict(connection.settings_dict.get("OPTIONS", {}))
    options["options"] = "-c default_transaction_read_only=on"
    replica_settings = {**connection.settings_dict, "OPTIONS": options}
    settings.DATABASES = {**settings.DATABASES, REPLICA: replica_settings}
    # Made by hand rather than through connections.settings, which the test case fixed when
    # it started: Django's test isolation lets such a connection through.
    wrapper = type(connections["default"])(replica_settings, alias=REPLICA)
    connections[REPLICA] = wrapper
    try:
        yield wrapper
    finally:
        wrapper.close()
        del connections[REPLICA]
