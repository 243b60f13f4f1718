"""export_quotes: the JSON Lines file that others read."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from quotes.models import Quote
from tests.factories import (
    MembershipFactory,
    PersonAliasFactory,
    PrintingFactory,
    QuoteFactory,
)


def read(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.django_db
def test_export_fields(tmp_path, settings):
    """Each line carries the stable fields, with speaker, aliases, units and printings."""
    settings.SITE_URL = "https://verbatim.test"
    printing = PrintingFactory(
        article__source_file="pier.txt", article__title="Vantongeren Ilse on the pier"
    )
    quote = printing.quote
    PersonAliasFactory(person=quote.person, name="Vantongeren Ilse")
    MembershipFactory(person=quote.person, unit__name="3rd Coastal Pilot Brigade")
    out = tmp_path / "quotes.jsonl"
    call_command("export_quotes", output=str(out))
    [record] = read(out)
    assert set(record) == {
        "id",
        "permalink",
        "text",
        "status",
        "speaker",
        "speaker_description",
        "units",
        "appearances",
    }
    assert record["id"] == quote.short_id
    assert record["permalink"] == f"https://verbatim.test/q/{quote.short_id}/"
    assert record["speaker"] == {
        "name": quote.person.name,
        "aliases": ["Vantongeren Ilse"],
        "wikidata": "",
    }
    assert record["units"] == [{"name": "3rd Coastal Pilot Brigade", "wikidata": ""}]
    [a] = record["appearances"]
    assert a["article"] == {
        "source_file": "pier.txt",
        "url": printing.article.url,
        "outlet": printing.article.outlet.name,
        "title": printing.article.title,
        "published": printing.article.published.isoformat(),
    }
    assert (a["text"], a["start"], a["end"]) == (printing.text, printing.start, printing.end)


@pytest.mark.django_db
def test_only_published_unless_all(tmp_path):
    """Suggested and rejected quotes are exported only with --all; merged ones never."""
    published = QuoteFactory()
    suggested = QuoteFactory(status=Quote.Status.SUGGESTED)
    QuoteFactory(merged_into=published)
    out = tmp_path / "q.jsonl"
    call_command("export_quotes", output=str(out))
    assert [r["id"] for r in read(out)] == [published.short_id]
    call_command("export_quotes", "--all", output=str(out))
    assert {r["id"] for r in read(out)} == {published.short_id, suggested.short_id}


@pytest.mark.django_db
def test_unnamed_speaker_exports_null(tmp_path):
    """A quote by an unnamed speaker has speaker null and the article's own description."""
    QuoteFactory(person=None, speaker_description="one soldier")
    out = tmp_path / "q.jsonl"
    call_command("export_quotes", output=str(out))
    [record] = read(out)
    assert record["speaker"] is None
    assert record["speaker_description"] == "one soldier"
    assert record["units"] == []


@pytest.mark.django_db
def test_export_runs_a_fixed_number_of_queries(tmp_path, django_assert_max_num_queries):
    """Exporting does not run a query per quote."""
    for _ in range(30):
        PrintingFactory()
    with django_assert_max_num_queries(8):
        call_command("export_quotes", output=str(tmp_path / "q.jsonl"))


@pytest.mark.django_db
def test_permalinks_are_on_site_url_by_default(tmp_path, settings):
    """Without --site-url the permalinks are on SITE_URL (the command has no request)."""
    settings.SITE_URL = "https://verbatim.example"
    quote = QuoteFactory()
    out = tmp_path / "q.jsonl"
    call_command("export_quotes", output=str(out))
    assert read(out)[0]["permalink"] == f"https://verbatim.example/q/{quote.short_id}/"
    call_command("export_quotes", output=str(out), site_url="https://mirror.example/")
    assert read(out)[0]["permalink"] == f"https://mirror.example/q/{quote.short_id}/"


@pytest.mark.django_db
def test_without_site_url_development_uses_make_serves_address(tmp_path, settings):
    """In development an empty SITE_URL gives http://127.0.0.1:8000; in production the
    command stops with one sentence naming the setting."""
    settings.SITE_URL = ""
    quote = QuoteFactory()
    out = tmp_path / "q.jsonl"
    call_command("export_quotes", output=str(out))
    assert read(out)[0]["permalink"] == f"http://127.0.0.1:8000/q/{quote.short_id}/"
    settings.DEBUG = settings.DEV = False
    out.unlink()
    with pytest.raises(CommandError, match="SITE_URL is not set"):
        call_command("export_quotes", output=str(out))
    assert not out.exists()
