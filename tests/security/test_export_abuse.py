"""Downloads cannot be turned against the archive: a background export is keyed on the
filters it applies, one address waits for its export before starting another, the stored
files stay within a disk budget, and streamed downloads run a few at a time."""

import datetime

import pytest
from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

from quotes.models import Export
from tests.factories import OutletFactory, PrintingFactory

ONE = "203.0.113.7"
OTHER = "198.51.100.20"

DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}


@pytest.fixture
def outlets():
    """Three quotes, one printed by each of three outlets."""
    found = []
    for number, name in enumerate(["Harbour Gazette", "Lighthouse Herald", "Tidewater Times"]):
        outlet = OutletFactory(name=name)
        PrintingFactory(
            quote__text=f"The ferry runs again on day {number}.",
            article__outlet=outlet,
            article__published=datetime.date(2031, 3, 1 + number),
        )
        found.append(outlet)
    return found


@pytest.fixture
def background(settings):
    """Every download goes to the background, through the database task queue production
    uses, into the test's own storage (blob_dir)."""
    settings.EXPORT_DIRECT_MAX_ROWS = 0
    settings.TASKS = DATABASE_TASKS
    return settings


def run_worker():
    call_command("run_worker", "--batch", "--no-startup-delay", verbosity=0)


def get(client, url, ip=ONE):
    return client.get(url, REMOTE_ADDR=ip)


@pytest.mark.django_db(transaction=True)
def test_parameters_the_filter_ignores_start_no_new_export(client, outlets, background):
    """Unknown or blank parameters, `page`, `sort` and the order of the parameters make the
    same export: one export and one task."""
    urls = [
        "/quotes/export.csv?from=2031-01-01&x=1",
        "/quotes/export.csv?from=2031-01-01&x=2",
        "/quotes/export.csv?who=&x=3&from=2031-01-01&page=4",
        "/quotes/export.csv?sort=outlets&from=2031-01-01",
    ]
    locations = {get(client, url)["Location"] for url in urls}
    [export] = Export.objects.all()
    assert locations == {export.get_absolute_url()}
    assert export.query == "from=2031-01-01"
    assert DBTaskResult.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_one_address_waits_for_its_export_before_starting_another(client, outlets, background):
    """While an address's export is queued, a different one from it answers 429, says to
    wait for the one in progress and links it; another address may start its own, and once
    the first is written the first address may ask again."""
    first = get(client, f"/quotes/export.csv?outlet={outlets[0].slug}")
    assert first.status_code == 303

    refused = get(client, f"/quotes/export.csv?outlet={outlets[1].slug}")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    message = refused.content.decode()
    assert "already being prepared" in message
    assert first["Location"] in message
    assert Export.objects.count() == 1
    assert DBTaskResult.objects.count() == 1

    # Asking again for the pending one is no new export: it is the same page.
    again = get(client, f"/quotes/export.csv?outlet={outlets[0].slug}")
    assert again["Location"] == first["Location"]
    assert get(client, f"/quotes/export.csv?outlet={outlets[1].slug}", OTHER).status_code == 303
    assert Export.objects.count() == 2

    run_worker()
    assert get(client, f"/quotes/export.csv?outlet={outlets[2].slug}").status_code == 303
    assert Export.objects.count() == 3


@pytest.mark.django_db(transaction=True)
def test_finishing_an_export_drops_the_oldest_files_beyond_the_disk_budget(
    client, outlets, background, blob_dir
):
    """When a new file takes the stored exports past EXPORT_DISK_BUDGET_BYTES, the oldest
    are deleted; their pages and links answer 410 saying so, and the newer files download."""
    everything = get(client, "/quotes/export.csv")["Location"]
    run_worker()
    second = get(client, f"/quotes/export.csv?outlet={outlets[0].slug}")["Location"]
    run_worker()
    oldest, kept = Export.objects.order_by("created_at")
    background.EXPORT_DISK_BUDGET_BYTES = oldest.size + kept.size
    assert (blob_dir / oldest.key).exists()

    third = get(client, f"/quotes/export.csv?outlet={outlets[1].slug}")["Location"]
    run_worker()

    assert not (blob_dir / oldest.key).exists()
    page = client.get(everything)
    assert page.status_code == 410
    assert "no longer kept" in page.content.decode()
    gone = client.get(f"/exports/{oldest.token}/file")
    assert gone.status_code == 410
    assert "Ask for it again" in gone.content.decode()
    for location in (second, third):
        assert "Your download is ready" in client.get(location).content.decode()
        token = location.strip("/").split("/")[-1]
        assert client.get(f"/exports/{token}/file").status_code == 200
    # Asking again for the dropped export starts a new one.
    assert get(client, "/quotes/export.csv")["Location"] != everything


@pytest.mark.django_db
def test_streamed_downloads_past_the_concurrency_limit_answer_429(client, outlets, settings):
    """With EXPORT_DIRECT_CONCURRENCY downloads streaming, the next one answers 429 with
    Retry-After; once one has been read to its end, downloads answer again."""
    settings.EXPORT_DIRECT_CONCURRENCY = 1
    streaming = get(client, "/quotes/export.csv")  # not read yet: it holds its slot
    assert streaming.status_code == 200

    refused = get(client, "/quotes/export.jsonl", OTHER)
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert "downloads are being sent" in refused.content.decode()
    assert not Export.objects.exists()

    body = b"".join(streaming.streaming_content).decode()
    assert body.count("she said") == 3
    again = get(client, "/quotes/export.jsonl", OTHER)
    assert again.status_code == 200
    assert b"".join(again.streaming_content).decode().count("\n") == 3


# Closing a response by hand sends request_finished, which ends the connection: not inside
# a test's transaction, then.
@pytest.mark.django_db(transaction=True)
def test_a_download_closed_unread_gives_its_slot_back(client, outlets, settings):
    """A reader who goes away before the first byte frees the slot all the same."""
    settings.EXPORT_DIRECT_CONCURRENCY = 1
    get(client, "/quotes/export.csv").close()
    assert get(client, "/quotes/export.csv").status_code == 200


@pytest.mark.django_db
def test_with_the_cache_away_streamed_downloads_are_not_refused(client, outlets, settings):
    """Nothing listens where the cache should be: the limit cannot count, so it lets the
    downloads through rather than refusing everyone."""
    settings.EXPORT_DIRECT_CONCURRENCY = 1
    settings.CACHES = {
        "default": {
            "BACKEND": "verbatim.cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_timeout": 0.5, "socket_connect_timeout": 0.5},
        }
    }
    first = get(client, "/quotes/export.csv")
    second = get(client, "/quotes/export.csv")
    assert (first.status_code, second.status_code) == (200, 200)
    assert b"".join(second.streaming_content).decode().count("she said") == 3
