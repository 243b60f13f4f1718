"""/healthz, /readyz, the 503 while the database is unreachable, and the request log."""

import json
import logging
from contextlib import contextmanager

import pytest
from django.db import connection
from django.test import Client

from tests.factories import PrintingFactory
from verbatim.service import RequestIdFilter, request_id


@contextmanager
def database_unreachable():
    """The real database made unreachable for this process: its address points at a closed
    port, then is put back. PostgreSQL only: the SQLite test database lives in memory, and
    closing its connection would lose it."""
    if connection.vendor != "postgresql":
        pytest.skip("the in-memory SQLite test database cannot be taken away and given back")
    settings_dict = connection.settings_dict
    saved = dict(settings_dict)
    connection.close()
    settings_dict["HOST"], settings_dict["PORT"] = "127.0.0.1", "9"  # discard: refused
    try:
        yield
    finally:
        connection.close()
        settings_dict.clear()
        settings_dict.update(saved)


@pytest.fixture
def visitor():
    # A real visitor sees the response, not the exception the test client would re-raise.
    return Client(raise_request_exception=False)


def test_healthz_answers_without_the_database(visitor, transactional_db):
    with database_unreachable():
        response = visitor.get("/healthz")
    assert response.status_code == 200
    assert response.text == "ok\n"


def test_readyz_names_what_is_unreachable(visitor, transactional_db):
    assert visitor.get("/readyz").json() == {"database": "ok"}
    with database_unreachable():
        response = visitor.get("/readyz")
    assert response.status_code == 503
    assert response.json() == {"database": "unreachable"}
    assert response["Retry-After"] == "5"


def test_pages_answer_503_while_the_database_is_down_and_recover(visitor, transactional_db, caplog):
    quote = PrintingFactory().quote
    with database_unreachable(), caplog.at_level(logging.INFO):
        page = visitor.get(quote.get_absolute_url())
        api = visitor.get("/api/quotes/")
    # An outage is a warning line a request, without a traceback, with the request's id.
    outage = [r for r in caplog.records if r.name == "django.request"]
    assert outage and all(r.levelname == "WARNING" and not r.exc_info for r in outage)
    assert outage[0].request_id == page["X-Request-ID"]
    assert page.status_code == 503
    assert "briefly unavailable" in page.text
    assert page["Retry-After"] == "5"
    assert api.status_code == 503
    assert api["Content-Type"] == "application/json"
    assert "database" in api.json()["detail"]
    # Back as soon as the database is: no restart.
    assert visitor.get(quote.get_absolute_url()).status_code == 200
    assert visitor.get("/api/quotes/").status_code == 200


def test_each_request_is_logged_once_with_its_id(client, db, caplog):
    with caplog.at_level(logging.INFO, logger="verbatim.requests"):
        response = client.get("/quotes/", HTTP_X_REQUEST_ID="trace-1234abcd")
    assert response["X-Request-ID"] == "trace-1234abcd"
    (record,) = [r for r in caplog.records if r.name == "verbatim.requests"]
    assert (record.method, record.path, record.status) == ("GET", "/quotes/", 200)
    assert record.duration_ms > 0
    assert record.request_id == "trace-1234abcd"


def test_a_made_up_request_id_is_replaced(client, db):
    response = client.get("/healthz", HTTP_X_REQUEST_ID="<script>")
    assert len(response["X-Request-ID"]) == 32


def test_log_lines_are_json_with_the_request_id(settings):
    (handler,) = [h for h in logging.getLogger().handlers if h.name == "console"]
    formatter = handler.formatter
    record = logging.LogRecord("verbatim.requests", logging.INFO, __file__, 1, "request", (), None)
    record.status = 200
    request_id.set("trace-5678efgh")
    RequestIdFilter().filter(record)
    line = json.loads(formatter.format(record))
    assert line["message"] == "request"
    assert line["status"] == 200
    assert line["request_id"] == "trace-5678efgh"
    assert line["levelname"] == "INFO"


def test_the_health_checks_answer_plain_http_where_everything_else_redirects(
    client, settings, transactional_db
):
    """Behind HTTPS-only settings, /healthz and /readyz answer a plain-HTTP probe; a page
    still redirects to HTTPS."""
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/healthz").status_code == 200
    assert client.get("/readyz").status_code in (200, 503)
    assert client.get("/quotes/").status_code == 301
