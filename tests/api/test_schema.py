"""The API against its own OpenAPI description: schemathesis generates requests from
/api/schema/ and checks every response (no server errors, documented status codes and
content types, bodies that match the schema)."""

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from verbatim.wsgi import application

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


# Loaded when the module is collected: schemathesis.pytest.from_fixture() fails under
# pytest 9 (it reads the removed Node._nodeid). Serving the schema needs no database.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)


@pytest.fixture(autouse=True)
def unthrottled(monkeypatch):
    """The API's rate limit (tested in tests/security) lifted: schemathesis sends more requests
    to one operation than a client may in a minute, and every answer should be checked."""
    from rest_framework.throttling import AnonRateThrottle

    monkeypatch.setattr(AnonRateThrottle, "rate", "1000000/min", raising=False)


# transaction=True: the WSGI app closes the connection after each request, as in
# production, so the data must be committed rather than held in a test transaction.
@pytest.mark.django_db(transaction=True)
@schema.parametrize()
@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_api_conforms_to_its_schema(case, archive):
    """Every generated request gets a documented, well-formed answer and never a 500."""
    case.call_and_validate(checks=CHECKS)
