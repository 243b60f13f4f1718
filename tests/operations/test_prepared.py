"""On PostgreSQL a query a connection runs again is prepared, so that the server parses and
plans it once (verbatim/settings.py, DATABASE_PREPARE_THRESHOLD)."""

import pytest
from django.conf import settings
from django.db import connection

from quotes.models import Quote


@pytest.mark.django_db
def test_a_query_run_again_is_prepared_and_still_answers():
    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's")
    if not settings.PREPARE_THRESHOLD:
        pytest.skip("turned off here (DATABASE_PREPARE_THRESHOLD=0)")
    texts = ["Hold the bridge.", "The ferry sails on Monday."]
    quotes = [Quote.objects.create(text=text) for text in texts]
    for quote in quotes * 2:  # the same query, with other parameters
        assert Quote.objects.get(pk=quote.pk).text == quote.text
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [statement for (statement,) in cursor.fetchall()]
    assert any('FROM "quotes_quote" WHERE "quotes_quote"."id" = $1' in s for s in prepared)
