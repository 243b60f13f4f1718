"""Public reads from the read replica, everything else from the primary (verbatim.routers),
on PostgreSQL with the replica simulated by a read-only connection to the same database."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import InternalError, connections, router
from django.test.utils import CaptureQueriesContext

from quotes.models import Export, Quote
from tests.factories import MembershipFactory, PrintingFactory

ROOT = Path(__file__).resolve().parents[2]

# The replica fixture adds an alias to DATABASES for the test's length, knowingly.
pytestmark = pytest.mark.filterwarnings("ignore:Overriding setting DATABASES")


@pytest.fixture
def printed():
    printing = PrintingFactory(quote__text="The ferry runs at dawn.")
    MembershipFactory(person=printing.quote.person)
    return printing


def test_a_write_sent_to_the_replica_fails(replica, printed):
    """The simulated replica refuses writes, so a wrongly routed write cannot pass unseen."""
    assert Quote.objects.using("replica").get(pk=printed.quote.pk).text == printed.quote.text
    with pytest.raises(InternalError, match="read-only transaction"):
        Quote.objects.using("replica").filter(pk=printed.quote.pk).update(text="Changed.")


def public_pages(printing):
    quote, person = printing.quote, printing.quote.person
    return [
        "/",
        "/quotes/",
        "/quotes/?q=ferry",
        quote.get_absolute_url(),
        person.get_absolute_url(),
        "/people/",
        "/units/",
        "/outlets/",
        printing.article.outlet.get_absolute_url(),
        "/feeds/quotes/",
        "/api/quotes/",
        f"/api/quotes/{quote.short_id}/",
        "/quotes/export.csv",
        "/quotes/export.jsonl",
        "/sitemap.xml",
    ]


def test_public_pages_work_and_read_from_the_replica(client, replica, printed):
    """Every public page answers as usual with the replica set, and reads the archive
    from it: the primary is asked for nothing about quotes."""
    client.get("/")  # the archive-wide figures' first count writes its row on the primary
    for path in public_pages(printed):
        with CaptureQueriesContext(replica) as on_replica:
            response = client.get(path)
            body = b"".join(response.streaming_content) if response.streaming else response.content
        assert response.status_code == 200, path
        assert on_replica.captured_queries, path
        if path not in ("/units/", "/people/", "/outlets/", "/quotes/?q=ferry", "/sitemap.xml"):
            assert b"The ferry runs at dawn." in body, path


def test_primary_answers_nothing_about_quotes_to_anonymous_readers(client, replica, printed):
    """The permalink's queries all run on the replica."""
    with CaptureQueriesContext(connections["default"]) as on_primary:
        assert client.get(printed.quote.get_absolute_url()).status_code == 200
    assert not [q for q in on_primary.captured_queries if "quotes_" in q["sql"]]


def test_logged_in_staff_and_the_admin_read_the_primary(client, replica, printed):
    """Someone logged in sees what they just changed: none of their reads go to the replica,
    on public pages or in the admin."""
    staff = get_user_model().objects.create_superuser("editor", "editor@example.test", "x")
    client.force_login(staff)
    for path in ["/quotes/", printed.quote.get_absolute_url(), "/admin/", "/admin/quotes/unit/"]:
        with CaptureQueriesContext(replica) as on_replica:
            assert client.get(path).status_code == 200, path
        assert not on_replica.captured_queries, path


def test_writes_during_a_public_request_go_to_the_primary(client, replica, printed, settings):
    """A large download, asked for anonymously, records its export on the primary, and its
    status page reads it back from there (no replication lag can hide it)."""
    settings.EXPORT_DIRECT_MAX_ROWS = 0
    settings.TASKS = {
        "default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}
    }
    response = client.get("/quotes/export.csv")
    assert response.status_code == 303
    assert Export.objects.using("default").count() == 1
    with CaptureQueriesContext(replica) as on_replica:
        assert client.get(response["Location"]).status_code == 200
    assert not [q for q in on_replica.captured_queries if "quotes_export" in q["sql"]]


def test_outside_a_request_everything_reads_the_primary(client, replica, printed):
    """Tasks and commands run outside requests: after an anonymous page, the mark it left
    is cleared, and queries read the primary again."""
    assert Quote.objects.all().db == "default"
    client.get("/quotes/")
    assert Quote.objects.all().db == "default"


def test_migrations_never_run_on_the_replica(replica):
    """The replica copies its schema from the primary; the router keeps migrate off it."""
    assert router.allow_migrate_model("default", Quote)
    assert not router.allow_migrate_model("replica", Quote)


def test_database_replica_url_adds_a_replica_alias_tests_mirror():
    """DATABASE_REPLICA_URL adds the "replica" alias, which the test runner treats as a
    mirror of the default database (no second test database)."""
    env = {
        **os.environ,
        "VERBATIM_DEV": "1",
        "DATABASE_URL": "postgres://app@primary.test:5432/verbatim",
        "DATABASE_REPLICA_URL": "postgres://reader@replica.test:5432/verbatim",
    }
    script = (
        "from verbatim import settings as s; r = s.DATABASES['replica']; "
        "print(r['HOST'], r['USER'], r['TEST']['MIRROR'], s.DATABASE_ROUTERS)"
    )
    out = subprocess.run(  # noqa: S603 (our own interpreter and script)
        [sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True, text=True
    )
    assert out.stdout.split(maxsplit=3) == [
        "replica.test",
        "reader",
        "default",
        "['verbatim.routers.ReplicaRouter']\n",
    ], out.stderr
