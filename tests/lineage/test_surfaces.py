"""Lineage where readers and researchers see it: the permalink's tree and table, the altered
printings marked, the quote list's filter and facet, the feed, the API's quote detail and the
downloads. Invented text."""

import json

import pytest

from quotes.models import Alteration, Decision
from quotes.services.lifecycle import decide_lineage as decide

pytestmark = pytest.mark.django_db


def test_the_permalink_draws_the_tree_and_says_it_in_a_table(client, statement):
    page = client.get(statement.get_absolute_url()).content.decode()
    assert "Who copied whom" in page
    assert '<svg class="spread__tree"' in page
    # The evidence on hover (an SVG title) and in the table.
    assert "<title>Northshore Daily: the same" in page
    assert "the same misspelling “Dunmaren”" in page
    table = page.split('<table class="spread__table">')[1].split("</table>")[0]
    assert table.count("<tr>") == 5  # the head and four articles
    assert "independent or unknown" in table
    # The altered printings are marked on their entries, with the words on both sides.
    assert page.count("printing--altered") == 2
    assert "Changes the meaning:" in page and "Negation dropped" in page


def test_a_statement_printed_once_has_no_tree(client):
    from tests.factories import PrintingFactory

    quote = PrintingFactory().quote
    page = client.get(quote.get_absolute_url()).content.decode()
    assert "Who copied whom" not in page


def test_the_list_filters_and_counts_altered_printings(client, statement):
    from tests.factories import PrintingFactory

    PrintingFactory()  # a quote printed once, unaltered
    page = client.get("/quotes/").content.decode()
    assert "Altered printings: 1 of these quotes has a printing that changes the meaning." in page
    only = client.get("/quotes/?altered=yes")
    assert [q.pk for q in only.context["quotes"]] == [statement.pk]
    assert client.get("/quotes/?altered=maybe").context["quotes"] == []


def test_a_dismissed_flag_is_shown_nowhere(client, statement, django_capture_on_commit_callbacks):
    """Dismissed, even on a permalink read (and cached) before the decision."""
    assert "printing--altered" in client.get(statement.get_absolute_url()).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        for flagged in Alteration.objects.filter(quote=statement):
            decide(flagged, confirm=False)
    assert "printing--altered" not in client.get(statement.get_absolute_url()).content.decode()
    assert list(client.get("/quotes/?altered=yes").context["quotes"]) == []


def test_the_feed_lists_newly_flagged_printings(client, statement):
    feed = client.get("/feeds/altered/").content.decode()
    assert feed.count("<entry>") == 2
    assert "Dunmarren Evening: Negation dropped" in feed
    assert f"{statement.get_absolute_url()}#article-" in feed


def test_the_api_detail_gives_each_printing_its_source_and_alterations(client, statement):
    data = client.get(f"/api/quotes/{statement.short_id}/").json()
    by_outlet = {p["article"]["outlet"]["name"]: p for p in data["appearances"]}
    wire = by_outlet["Coastline Wire"]
    assert wire["derived_from"] is None and wire["alterations"] == []
    again = by_outlet["Northshore Daily"]
    rewrite = by_outlet["Dunmarren Evening"]
    # The source's article is given exactly as that printing's own article object.
    assert again["derived_from"]["article"] == rewrite["article"]
    assert "misspelling" in again["derived_from"]["evidence"]
    assert 0 < again["derived_from"]["strength"] <= 1
    assert [a["kind"] for a in again["alterations"]] == ["negation_dropped"]
    assert set(again["alterations"][0]) == {"kind", "others", "printed"}


def test_the_api_list_keeps_its_fields(client, statement):
    appearance = client.get("/api/quotes/").json()["results"][0]["appearances"][0]
    assert "derived_from" not in appearance


def test_the_jsonl_download_gives_each_printing_its_lineage(client, statement):
    body = b"".join(client.get("/quotes/export.jsonl").streaming_content).decode()
    record = json.loads(body.splitlines()[0])
    by_outlet = {p["article"]["outlet"]: p for p in record["appearances"]}
    again = by_outlet["Northshore Daily"]
    assert again["derived_from"]["article"] == by_outlet["Dunmarren Evening"]["article"]
    assert again["alterations"][0]["kind"] == "negation_dropped"
    assert by_outlet["Coastline Wire"]["derived_from"] is None


def test_a_confirmed_edge_says_so_on_the_permalink(client, statement, no_page_cache):
    from quotes.models import Derivation

    edge = Derivation.objects.get(quote=statement, article=statement.by_name["copy"].article)
    decide(edge, confirm=True)
    assert Derivation.objects.get(pk=edge.pk).decision == Decision.CONFIRMED
    assert "confirmed by an archivist" in client.get(statement.get_absolute_url()).content.decode()
