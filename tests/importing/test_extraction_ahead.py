"""An import of many articles has their quotations extracted ahead by a worker process while
it archives the ones before (quotes.services.ahead): it stores exactly what it stores without
one, takes every extraction from the worker, and still reports what it cannot read."""

import json
import os

import pytest
from django.core.management import call_command
from django.db import transaction

from quotes.models import Person, Printing
from quotes.services import ahead

pytestmark = pytest.mark.django_db

SPEAKERS = ["Ilse Vantongeren", "Runa Elvestad", "Oskar Thalberg", "Mira Kallastu"]
THINGS = ["the pier", "the slipway", "the ferry", "the lighthouse", "the harbour wall"]


def write_folder(folder, count, *, first=0):
    """`count` fictional articles (one of them HTML) with a manifest, numbered from `first`."""
    folder.mkdir(exist_ok=True)
    lines = []
    for i in range(first, first + count):
        speaker = SPEAKERS[i % len(SPEAKERS)]
        thing = THINGS[i % len(THINGS)]
        said = f"“{thing.capitalize()} will reopen in week {i}, whatever the council decides.”"
        body = (
            f"Harbour report {i}\n\n{speaker} spoke at the quay.\n\n"
            f"{said} {speaker.split()[-1]} said.\n\n“We counted {i + 3} boats,” she added.\n"
        )
        if i == first + 1:
            name = f"report-{i}.html"
            paragraphs = "".join(f"<p>{p}</p>" for p in body.split("\n\n")[1:])
            page = f"<html><head><title>Harbour report {i}</title></head><body><article>"
            (folder / name).write_text(page + paragraphs + "</article></body></html>")
        else:
            name = f"report-{i}.txt"
            (folder / name).write_text(body, encoding="utf-8")
        lines.append({"file": name, "outlet": f"Quay Post {i % 3}", "url": f"https://q.test/{i}"})
    (folder / "manifest.jsonl").write_text("\n".join(json.dumps(line) for line in lines))


def stored():
    """What the imports stored, without ids: each printing's words, place, quote and speaker."""
    return sorted(
        (a.article.url, a.start, a.end, a.text, a.quote.text, a.person.name if a.person else "")
        for a in Printing.objects.select_related("article", "quote", "person")
    ), sorted(Person.objects.values_list("name", flat=True))


@pytest.fixture
def extracted_here(monkeypatch):
    """The texts extracted in this process rather than taken from the worker."""
    here = []
    extract = ahead.extract

    def counted(body, *, title="", outlet=""):
        here.append(title)
        return extract(body, title=title, outlet=outlet)

    monkeypatch.setattr(ahead, "extract", counted)  # the worker, forked before, keeps its own
    return here


def import_folder(folder):
    call_command("import_articles", str(folder), "--publish", verbosity=0)


def test_many_articles_are_extracted_ahead_and_stored_as_without_a_worker(
    tmp_path, monkeypatch, extracted_here
):
    many, few = ahead.FEW + 2, ahead.FEW
    write_folder(tmp_path / "reports", many)
    with transaction.atomic():
        monkeypatch.setattr(ahead, "FEW", 10_000)  # no worker
        import_folder(tmp_path / "reports")
        alone = stored()
        transaction.set_rollback(True)
    assert len(extracted_here) == many
    assert len(alone[0]) == 2 * many  # two quotations an article, the HTML page's too

    extracted_here.clear()
    monkeypatch.setattr(ahead, "FEW", few)
    import_folder(tmp_path / "reports")

    assert stored() == alone
    assert extracted_here == []  # every extraction, the HTML page's too, came from the worker
    assert ahead._ahead is None  # the worker is gone with the import


def test_articles_archived_before_are_passed_over_and_the_rest_still_come_from_the_worker(
    tmp_path, extracted_here
):
    write_folder(tmp_path / "reports", ahead.FEW)
    import_folder(tmp_path / "reports")
    extracted_here.clear()
    write_folder(tmp_path / "reports", ahead.FEW + 4, first=ahead.FEW)  # the first ones stay

    import_folder(tmp_path / "reports")

    assert Printing.objects.count() == 2 * (2 * ahead.FEW + 4)
    # Past the window of articles archived already, one article is extracted here; the
    # worker, started again after it, gives the others.
    assert len(extracted_here) <= 1


def test_a_file_the_worker_cannot_read_is_reported_as_without_one(tmp_path, extracted_here):
    write_folder(tmp_path / "reports", ahead.FEW + 1)
    (tmp_path / "reports" / "report-3.txt").write_bytes(b"\xff\xfe\x00\xd8 broken")

    with pytest.raises(Exception, match="1 rejected"):
        import_folder(tmp_path / "reports")

    assert Printing.objects.values("article").distinct().count() == ahead.FEW
    assert extracted_here == []


def die(*args, **kwargs):
    os._exit(1)  # (in the worker) as when the system kills it


def test_a_worker_that_dies_leaves_the_extraction_to_the_import(
    tmp_path, monkeypatch, extracted_here
):
    """A worker killed (out of memory, say) breaks its pool: every article is then extracted
    in the importing process, and all are imported."""
    write_folder(tmp_path / "reports", ahead.FEW + 2)
    monkeypatch.setattr(ahead, "_extraction", die)

    import_folder(tmp_path / "reports")

    assert Printing.objects.values("article").distinct().count() == ahead.FEW + 2
    assert len(extracted_here) == ahead.FEW + 2
