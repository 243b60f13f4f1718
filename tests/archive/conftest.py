"""Fixtures for the archive tests: articles whose hashes are true, and a way to tamper with
one behind the archive's back."""

from contextlib import contextmanager

import pytest
from django.db import connection

from archive.models import Article
from tests.factories import ArticleFactory

TRIGGER = "archive_article_fixity"


@pytest.fixture
def archived():
    """Make an article whose stored SHA-256 is that of its raw bytes, as archiving makes it
    (the shared factory's hash also covers the title, so that titles keep hashes apart)."""

    def make(raw=b"The council met on Tuesday.", **fields):
        return ArticleFactory(raw=raw, body=raw.decode(), sha256=Article.digest(raw), **fields)

    return make


@contextmanager
def fixity_trigger_off(cursor):
    """Let this cursor's statements past the fixity trigger, then put it back. PostgreSQL
    skips ordinary triggers for a replica session; SQLite has no such switch, so the trigger
    is dropped and created again from its own stored definition."""
    if connection.vendor == "postgresql":
        cursor.execute("SET LOCAL session_replication_role = replica")
        yield
        cursor.execute("SET LOCAL session_replication_role = origin")
    else:
        cursor.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = %s", [TRIGGER]
        )
        row = cursor.fetchone()
        assert row, f"the {TRIGGER} trigger is missing"
        cursor.execute(f"DROP TRIGGER {TRIGGER}")
        yield
        cursor.execute(row[0])


@pytest.fixture
def tamper():
    """Overwrite an article's raw bytes in the database, past every guard, as a disk fault or
    a hand-edited database would."""

    def tamper(article, raw):
        with connection.cursor() as cursor, fixity_trigger_off(cursor):
            cursor.execute("UPDATE archive_article SET raw = %s WHERE id = %s", [raw, article.pk])

    return tamper
