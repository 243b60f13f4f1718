"""/quotes/export.csv and /quotes/export.jsonl: the quote list's results as files, streamed
when small, written by a background task (with a status page) when large."""

import csv
import datetime
import hashlib
import io
import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.http import StreamingHttpResponse
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from quotes import exporting, public
from quotes.filters import QuoteFilter
from quotes.models import Export, Quote
from quotes.search import refresh_search
from tests.factories import MembershipFactory, PrintingFactory, QuoteFactory


def content(response):
    assert isinstance(response, StreamingHttpResponse)
    return b"".join(response.streaming_content).decode()


def csv_rows(response):
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.DictReader(io.StringIO(content(response), newline="")))


def jsonl_records(response):
    assert response["Content-Type"] == "application/jsonl; charset=utf-8"
    return [json.loads(line) for line in content(response).splitlines()]


@pytest.mark.django_db
def test_csv_has_one_row_per_printing(client, archive):
    """Each printing of a published quote is one row; hidden quotes are not exported."""
    response = client.get("/quotes/export.csv")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="verbatim-quotes-')
    assert response["Content-Disposition"].endswith('.csv"')
    rows = csv_rows(response)
    assert sorted((r["quote_text"], r["outlet"]) for r in rows) == [
        ("The bridge held.", "Evening Star"),
        ("We hold the pier.", "Evening Star"),
        ("We hold the pier.", "Morning Post"),
    ]
    pier = next(r for r in rows if r["outlet"] == "Morning Post")
    short_id = archive["pier"].short_id
    assert pier == {
        "quote_id": short_id,
        "permalink": f"http://testserver/q/{short_id}/",
        "quote_text": "We hold the pier.",
        "speaker": "Olena Harbourmaster",
        "speaker_description": "",
        "units": "3rd Coastal Brigade",
        "outlet": "Morning Post",
        "article_title": pier["article_title"],
        "article_url": pier["article_url"],
        "published": "2031-03-05",
        "appearance_text": "We hold the pier.",
        "attribution": "she said",
        "language": "en",
        "speaker_wikidata": "",
        # Lineage (issue 31): a statement printed once has no source and no alterations.
        "derived_from": "",
        "derivation_evidence": "",
        "alterations": "",
    }
    assert pier["article_url"].startswith("https://news.test/story/")
    bridge = next(r for r in rows if r["quote_text"] == "The bridge held.")
    assert (bridge["speaker"], bridge["speaker_description"]) == ("", "one soldier")


@pytest.mark.django_db
def test_csv_round_trips_commas_quotes_and_newlines(client):
    """A cell with commas, double quotes and line breaks reads back exactly."""
    awkward = 'We said "no", then\nwe said, "yes".'
    PrintingFactory(quote__text=awkward, attribution='he said, "firmly"')
    [row] = csv_rows(client.get("/quotes/export.csv"))
    assert row["quote_text"] == awkward
    assert row["appearance_text"] == awkward
    assert row["attribution"] == 'he said, "firmly"'


@pytest.mark.django_db
@pytest.mark.parametrize("text", ["=HYPERLINK(1)", "+1+2", "-2+3", "@SUM(A1)"])
def test_csv_cells_never_start_a_formula(client, text):
    """A cell a spreadsheet would run as a formula is prefixed with a single quote."""
    PrintingFactory(quote__text=text, article__body=f"“{text}” she said.")
    [row] = csv_rows(client.get("/quotes/export.csv"))
    assert row["quote_text"] == "'" + text
    assert row["appearance_text"] == "'" + text


@pytest.mark.django_db
def test_jsonl_gives_the_stable_record_of_each_quote(client, archive):
    """One quote_record() a line, for published quotes only."""
    response = client.get("/quotes/export.jsonl")
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith('.jsonl"')
    records = {r["text"]: r for r in jsonl_records(response)}
    assert sorted(records) == ["The bridge held.", "We hold the pier."]
    pier = records["We hold the pier."]
    assert pier["id"] == archive["pier"].short_id
    assert pier["permalink"] == f"http://testserver/q/{archive['pier'].short_id}/"
    assert pier["status"] == "published"
    assert pier["speaker"] == {
        "name": "Olena Harbourmaster",
        "aliases": ["O. Harbourmaster"],
        "wikidata": "",
    }
    assert pier["units"] == [{"name": "3rd Coastal Brigade", "wikidata": ""}]
    assert sorted(a["article"]["outlet"] for a in pier["appearances"]) == [
        "Evening Star",
        "Morning Post",
    ]
    assert records["The bridge held."]["speaker"] is None


@pytest.mark.django_db
@pytest.mark.parametrize("extension", ["csv", "jsonl"])
@pytest.mark.parametrize(
    "query, expected",
    [
        ("speaker=olena-harbourmaster", {"We hold the pier."}),
        ("unit=3rd-coastal-brigade", {"We hold the pier."}),
        ("outlet=morning-post", {"We hold the pier."}),
        ("from=2031-04-01&outlet=evening-star", {"We hold the pier.", "The bridge held."}),
        ("to=2031-04-01", {"We hold the pier."}),
        ("page=2", {"We hold the pier.", "The bridge held."}),
    ],
)
def test_downloads_take_the_quote_lists_filters(client, archive, extension, query, expected):
    """The files hold the quotes the list shows for the same parameters (all pages)."""
    response = client.get(f"/quotes/export.{extension}?{query}")
    if extension == "csv":
        got = {row["quote_text"] for row in csv_rows(response)}
    else:
        got = {record["text"] for record in jsonl_records(response)}
    assert got == expected


@pytest.mark.django_db
@pytest.mark.parametrize("extension", ["csv", "jsonl"])
@pytest.mark.parametrize(
    "query, message",
    [
        ("speaker=nobody", "No speaker is known as “nobody”."),
        ("from=March", "Give the date as YYYY-MM-DD"),
        ("from=2031-06-01&to=2031-01-01", "The “from” date is after the “to” date."),
    ],
)
def test_bad_filter_value_is_400_as_text(client, archive, extension, query, message):
    """A filter value that cannot be used answers 400 with its message, and no file."""
    response = client.get(f"/quotes/export.{extension}?{query}")
    assert response.status_code == 400
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert "Content-Disposition" not in response
    assert message in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("extension", ["csv", "jsonl"])
def test_query_count_grows_by_chunk_not_by_row(client, extension, django_assert_max_num_queries):
    """Quotes are fetched a chunk at a time with their details, not a query a row."""
    for _ in range(20):
        printing = PrintingFactory()
        PrintingFactory(quote=printing.quote)
        MembershipFactory(person=printing.quote.person)
    QuoteFactory(person=None)  # printed nowhere: one row, blank article columns
    # Two of them read the chunk's lineage (derivations and alterations, quotes.spread).
    with django_assert_max_num_queries(8):
        response = client.get(f"/quotes/export.{extension}")
        body = content(response)
    assert len(body.splitlines()) == (42 if extension == "csv" else 21)


@pytest.mark.django_db(transaction=True)
def test_a_download_cut_off_part_way_leaves_no_transaction_open(client, archive, monkeypatch):
    """Rows stream inside a transaction of their own; a reader who cancels after the first
    row (the server closes the response) leaves the connection as it was, and the next
    download is whole."""
    monkeypatch.setattr(exporting, "CHUNK_SIZE", 1)
    response = client.get("/quotes/export.csv")
    stream = iter(response.streaming_content)
    assert next(stream).startswith(b"quote_id,")
    assert b"We hold the pier." in next(stream)
    response.close()
    assert connection.get_autocommit() and not connection.in_atomic_block
    assert len(csv_rows(client.get("/quotes/export.csv"))) == 3


@pytest.mark.django_db
def test_download_links_keep_the_filters_but_not_the_page():
    """The links partial points both downloads at the list's parameters, without `page`."""
    request = RequestFactory().get("/quotes/", {"speaker": "olena", "page": "3"})
    html = render_to_string("quotes/includes/downloads.html", request=request)
    assert 'href="/quotes/export.csv?speaker=olena"' in html
    assert 'href="/quotes/export.jsonl?speaker=olena"' in html
    assert "JSON Lines" in html


@pytest.mark.django_db
def test_no_download_links_when_the_filters_have_errors():
    """Where the list shows a filter error, the partial offers no files."""
    request = RequestFactory().get("/quotes/", {"speaker": "nobody"})
    filterset = QuoteFilter(request.GET, queryset=public.quotes())
    html = render_to_string(
        "quotes/includes/downloads.html", {"filter": filterset}, request=request
    )
    assert "export" not in html


# Large downloads: written by a background task, never a truncated 200 -----------------------

DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}


@pytest.fixture
def background(settings):
    """Exports of more than two quotes or printings go to the background, through the
    database task queue production uses, into the test's own storage (blob_dir)."""
    settings.EXPORT_DIRECT_MAX_ROWS = 2
    settings.TASKS = DATABASE_TASKS
    return settings


def run_worker():
    """The production worker (`run_worker`), until the queue is empty."""
    call_command("run_worker", "--batch", "--no-startup-delay", verbosity=0)


@pytest.mark.django_db
@pytest.mark.parametrize("extension", ["csv", "jsonl"])
def test_export_at_the_limit_answers_directly_with_every_row(client, archive, settings, extension):
    """A selection of as many quotes and printings as the limit streams back at once, whole."""
    settings.EXPORT_DIRECT_MAX_ROWS = 3  # two public quotes, three printings
    response = client.get(f"/quotes/export.{extension}")
    assert response.status_code == 200
    if extension == "csv":
        assert len(csv_rows(response)) == 3
    else:
        assert len(jsonl_records(response)) == 2
    assert not Export.objects.exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("extension", ["csv", "jsonl"])
def test_large_export_is_written_in_the_background_with_every_row(
    client, archive, background, blob_dir, extension
):
    """Over the limit, the researcher is sent (303) to a status page that says the export is
    queued and reloads itself; a worker writes the file; the page then links it, and the file
    holds every row the direct download would have."""
    settings = background
    response = client.get(f"/quotes/export.{extension}?from=2031-01-01")
    assert response.status_code == 303
    export = Export.objects.get()
    assert response["Location"] == f"/exports/{export.token}/"
    assert len(export.token) >= 40

    page = client.get(response["Location"])
    html = page.content.decode()
    assert page.status_code == 200
    assert "Your download is being prepared" in html
    assert "the export is queued" in html
    assert '<meta http-equiv="refresh" content="5">' in html
    assert "refreshes itself" in html
    assert "<script" not in html
    assert "no-cache" in page["Cache-Control"]

    run_worker()

    html = client.get(response["Location"]).content.decode()
    assert "Your download is ready" in html
    assert 'http-equiv="refresh"' not in html
    assert f'href="/exports/{export.token}/file"' in html
    download = client.get(f"/exports/{export.token}/file")
    assert download.status_code == 200
    assert download["Content-Disposition"].startswith('attachment; filename="verbatim-quotes-')
    body = b"".join(download.streaming_content).decode()
    # Kept in the archive's storage under its SHA-256, which its row records.
    export.refresh_from_db()
    assert export.sha256 == hashlib.sha256(body.encode()).hexdigest()
    assert export.key.endswith(export.sha256) and export.size == len(body.encode())
    assert (blob_dir / export.key).read_bytes() == body.encode()

    settings.EXPORT_DIRECT_MAX_ROWS = 1000
    direct = content(client.get(f"/quotes/export.{extension}?from=2031-01-01"))
    assert body == direct
    if extension == "csv":
        rows = list(csv.DictReader(io.StringIO(body, newline="")))
        assert sorted(r["quote_text"] for r in rows) == [
            "The bridge held.",
            "We hold the pier.",
            "We hold the pier.",
        ]
        assert "3 rows" in html
    else:
        texts = sorted(json.loads(line)["text"] for line in body.splitlines())
        assert texts == ["The bridge held.", "We hold the pier."]
        assert "2 quotes" in html


@pytest.mark.django_db(transaction=True)
def test_asking_again_shares_the_export_already_made(client, archive, background):
    """The same download asked for twice is one export and one task."""
    first = client.get("/quotes/export.csv?outlet=evening-star&from=2031-01-01")
    again = client.get("/quotes/export.csv?outlet=evening-star&from=2031-01-01")
    # From another address: one address waits for its export before starting another.
    other = client.get(
        "/quotes/export.jsonl?outlet=evening-star&from=2031-01-01", REMOTE_ADDR="198.51.100.20"
    )
    assert first["Location"] == again["Location"] != other["Location"]
    assert Export.objects.count() == 2
    assert DBTaskResult.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_failed_export_is_shown_as_failed(client, archive, background, tmp_path):
    """An export whose file cannot be written says so on its status page, which stops
    reloading, and offers no file."""
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the storage's folder should be")
    background.STORAGES = {
        **background.STORAGES,
        "archive": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": str(blocked)},
        },
    }
    location = client.get("/quotes/export.csv")["Location"]
    run_worker()
    page = client.get(location)
    html = page.content.decode()
    assert page.status_code == 200
    assert "This download failed" in html
    assert 'http-equiv="refresh"' not in html
    assert "/file" not in html
    assert str(tmp_path) not in html  # the error is logged, not shown
    export = Export.objects.get()
    assert export.status == Export.Status.FAILED and export.error
    assert client.get(f"/exports/{export.token}/file").status_code == 404
    assert DBTaskResult.objects.get().status == "FAILED"


@pytest.mark.django_db(transaction=True)
def test_expired_exports_are_gone_and_cleaned_up(client, archive, background, blob_dir):
    """Past its expiry an export's page answers 410, and the next export task deletes it
    and its file."""
    location = client.get("/quotes/export.csv")["Location"]
    run_worker()
    old = Export.objects.get()
    path = blob_dir / old.key
    assert path.exists()
    Export.objects.filter(pk=old.pk).update(expires_at=timezone.now() - datetime.timedelta(1))
    assert client.get(location).status_code == 410
    assert client.get(f"/exports/{old.token}/file").status_code == 410

    client.get("/quotes/export.jsonl")
    run_worker()
    assert list(Export.objects.values_list("format", flat=True)) == ["jsonl"]
    assert not path.exists()


@pytest.mark.django_db
def test_unknown_export_tokens_find_nothing(client):
    """A made-up token is a 404, for the page and the file."""
    assert client.get("/exports/not-a-real-token/").status_code == 404
    assert client.get("/exports/not-a-real-token/file").status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("extension", ["csv", "jsonl"])
def test_a_search_exports_every_printing_of_each_quote_it_finds(client, archive, extension):
    """A word search exports the quotes the list finds, each with all of its printings."""
    refresh_search(Quote.objects.all())
    response = client.get(f"/quotes/export.{extension}?q=pier")
    if extension == "csv":
        assert sorted(r["outlet"] for r in csv_rows(response)) == ["Evening Star", "Morning Post"]
    else:
        [record] = jsonl_records(response)
        assert record["text"] == "We hold the pier." and len(record["appearances"]) == 2
