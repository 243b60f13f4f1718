"""How fast a large CSV or JSON Lines download is written.

    VERBATIM_DEV=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/verbatim_bench \\
        .venv/bin/python bench/bench_export.py --rows 100000

Builds a scratch database (as the test runner does, through bench_pages.build: published
quotes printed one to three times each) with about --rows printings, then times

- the streamed download, /quotes/export.csv and /quotes/export.jsonl through Django's test
  client with the direct limit raised so that it streams (every byte read);
- the background export: the same CSV written to a file by the task's code (run_export).

and prints rows a second, with the CPU time this process spent (the rest is the database's
and, on a shared machine, waiting for a core). The target (issue 11) is 100,000 CSV rows in
under 10 s.
"""

import argparse
import datetime
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "verbatim.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from django.utils import timezone  # noqa: E402

from bench.bench_matching import analyze  # noqa: E402
from bench.bench_pages import build  # noqa: E402
from quotes.export_files import run_export  # noqa: E402
from quotes.models import Export, Printing, Quote  # noqa: E402


def load():
    # The machine may be shared: a figure means little without how busy it was.
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def streamed(client, path):
    started, cpu = time.perf_counter(), time.process_time()
    response = client.get(path, HTTP_HOST="127.0.0.1")
    assert response.status_code == 200, (path, response.status_code)
    lines = sum(chunk.count(b"\n") for chunk in response.streaming_content)
    return lines, time.perf_counter() - started, time.process_time() - cpu


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=100_000, help="printings, about")
    parser.add_argument("--keep", action="store_true", help="keep the scratch database")
    parser.add_argument("--reuse", action="store_true", help="use the one --keep kept")
    args = parser.parse_args()
    real_name = connection.settings_dict["NAME"]
    started = time.perf_counter()
    if args.reuse:
        connection.close()
        connection.settings_dict["NAME"] = connection.creation._get_test_db_name()
    else:
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        if not args.reuse:
            # Quotes are printed twice on average.
            build(args.rows // 2, random.Random(11))
            analyze()
        printings = Printing.objects.count()
        print(
            f"{connection.vendor}: {Quote.objects.count()} quotes, {printings} printings, "
            f"built in {time.perf_counter() - started:.0f}s; {load()}"
        )
        client = Client()
        with override_settings(EXPORT_DIRECT_MAX_ROWS=10**9):
            for path in ("/quotes/export.csv", "/quotes/export.jsonl"):
                lines, seconds, cpu = streamed(client, path)
                print(
                    f"  streamed {path:22s} {lines:8d} lines in {seconds:6.2f} s "
                    f"= {lines / seconds:8.0f} lines/s (CPU here {cpu:.2f} s)"
                )
        with (
            tempfile.TemporaryDirectory() as folder,
            override_settings(STORAGES=blob_storages(folder)),
        ):
            export = Export.objects.create(
                format="csv",
                query="",
                site_url="http://bench.test",
                expires_at=timezone.now() + datetime.timedelta(days=1),
            )
            started, cpu = time.perf_counter(), time.process_time()
            export = run_export(export.pk)
            seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
            print(
                f"  background CSV file           {export.rows:8d} rows  in {seconds:6.2f} s "
                f"= {export.rows / seconds:8.0f} rows/s ({export.size / 1e6:.1f} MB, "
                f"CPU here {cpu:.2f} s)"
            )
        print(f"  {load()}")
    finally:
        Export.objects.all().delete()
        if not args.keep:
            connection.creation.destroy_test_db(real_name, verbosity=0)


if __name__ == "__main__":
    main()


def blob_storages(folder: str) -> dict:
    """STORAGES with the archive's storage (the export's file) in `folder`."""
    archive = {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": folder},
    }
    return {**settings.STORAGES, "archive": archive}
