"""Two imports at the same moment (two task workers, a worker and an archivist) of articles
carrying one statement by one new speaker: the second waits for the first to commit, then
finds its person and its quote, as if they had run one after the other."""

import threading

import pytest
from django.db import connection, connections, transaction

from archive.services import IMPORT_LOCK, archive_article, one_import_at_a_time
from quotes.models import Person, Quote

from .conftest import PIER

# The same statement by the same speaker, as a second outlet printed it.
PIER_AGAIN = (
    "Pier to reopen in May, harbour master says\n\n"
    "Ilse Vantongeren, the harbour master, spoke to reporters on Monday.\n\n"
    "“The pier will reopen in May, whatever the council decides. We have the timber and the "
    "crews,” Vantongeren said.\n"
)


def waiting_for_the_import_lock() -> bool:
    """Whether some connection waits for the imports' lock, asked for up to 10 s."""
    with connection.cursor() as cursor:
        for _ in range(200):
            cursor.execute(
                "SELECT count(*) FROM pg_locks"
                " WHERE locktype = 'advisory' AND objid = %s AND NOT granted",
                [IMPORT_LOCK],
            )
            if cursor.fetchone()[0]:
                return True
            threading.Event().wait(0.05)
    return False


@pytest.mark.django_db(transaction=True)
def test_a_second_import_waits_for_the_first_and_links_to_it():
    if connection.vendor != "postgresql":
        pytest.skip("needs concurrent writers (PostgreSQL: DATABASE_URL=postgres://...)")
    imported, release = threading.Event(), threading.Event()
    errors = []

    def first():
        try:
            with transaction.atomic():  # stands for a slow import, not committed yet
                archive_article(raw=PIER.encode(), source_file="pier.txt", outlet="Harbour Post")
                imported.set()
                release.wait(10)
        except Exception as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)
        finally:
            imported.set()
            connections.close_all()

    def second():
        imported.wait(10)
        try:
            archive_article(raw=PIER_AGAIN.encode(), source_file="again.txt", outlet="Bay Times")
        except Exception as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    imported.wait(10)
    waited = waiting_for_the_import_lock()  # the second import, on the first's
    release.set()
    for thread in threads:
        thread.join(20)
    assert not errors
    assert waited, "the second import did not wait for the first"
    assert list(Person.objects.values_list("name", flat=True)) == ["Ilse Vantongeren"]
    (quote,) = Quote.objects.all()
    assert sorted(quote.printings.values_list("article__outlet__name", flat=True)) == [
        "Bay Times",
        "Harbour Post",
    ]


@pytest.mark.django_db(transaction=True)
def test_the_lock_is_taken_inside_a_transaction_only():
    """Outside a transaction the lock would be let go at once: a mistake, said so."""
    with pytest.raises(RuntimeError, match="transaction"):
        one_import_at_a_time()
    with transaction.atomic():
        one_import_at_a_time()  # and taken again in the same transaction, it is still held
        one_import_at_a_time()
