"""Following the "Research" box of a person's, unit's or outlet's page, as a researcher would."""

import csv
import io
import json
import re
from html import unescape

RESEARCH_BOX = re.compile(r'<section class="research".*?</section>', re.S)
LINK = re.compile(r'<a href="([^"]+)"[^>]*>([^<]+)</a>')


def research_links(html):
    """The Research box's links, by their text: {"Search and filter these quotes": URL, ...}."""
    boxes = RESEARCH_BOX.findall(html)
    assert len(boxes) == 1, "the page has one Research box"
    assert '<h2 id="research-heading">Research</h2>' in boxes[0]
    return {unescape(text): unescape(href) for href, text in LINK.findall(boxes[0])}


def follow(client, links):
    """Each link of the Research box fetched: the filtered list's HTML, the CSV's rows, the
    JSON Lines' records and the feed's XML. Every one must answer 200."""
    by_kind = {}
    for text, url in links.items():
        response = client.get(url)
        assert response.status_code == 200, (text, url, response.status_code)
        body = response.getvalue().decode()
        if text == "CSV":
            by_kind["csv"] = list(csv.DictReader(io.StringIO(body)))
        elif text == "JSON Lines":
            by_kind["jsonl"] = [json.loads(line) for line in body.splitlines() if line]
        elif text == "Atom feed":
            assert response["Content-Type"].startswith("application/atom+xml")
            by_kind["feed"] = body
        else:
            by_kind["list"] = body
    assert set(by_kind) == {"list", "csv", "jsonl", "feed"}, links
    return by_kind


def assert_only(found, wanted, unwanted):
    """Each researcher's view (list, CSV, JSON Lines, feed) holds the `wanted` quote texts and
    none of the `unwanted` ones."""
    csv_texts = {row["quote_text"] for row in found["csv"]}
    jsonl_texts = {record["text"] for record in found["jsonl"]}
    assert csv_texts == set(wanted)
    assert jsonl_texts == set(wanted)
    for text in wanted:
        assert text in found["list"]
        assert text in found["feed"]
    for text in unwanted:
        assert text not in found["list"]
        assert text not in found["feed"]
