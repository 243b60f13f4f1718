"""Memento (RFC 7089): the TimeGate, the TimeMaps and the headers of each archived copy,
asked as a Memento client asks (Accept-Datetime, link-format parsed)."""

import json
import re

import pytest
from django.utils.http import http_date

from .conftest import FIRST, ORIGINAL, SECOND

pytestmark = pytest.mark.django_db

SITE = "https://verbatim.test"
# One link-value of RFC 6690: <URI> then ;-separated parameters.
LINK_VALUE = re.compile(r'\s*<([^>]*)>((?:\s*;\s*[a-zA-Z]+="[^"]*")*)\s*(?:,|$)')
PARAM = re.compile(r'([a-zA-Z]+)="([^"]*)"')


def parse_links(text):
    """[(uri, {param: value})] of a link-format document or a Link header, all of it."""
    links, position = [], 0
    text = text.strip()
    while position < len(text):
        match = LINK_VALUE.match(text, position)
        assert match, f"not link-format at {position}: {text[position : position + 60]!r}"
        links.append((match.group(1), dict(PARAM.findall(match.group(2)))))
        position = match.end()
    return links


def rels(links):
    return {rel: uri for uri, params in links for rel in params["rel"].split()}


def replay_url(capture):
    return f"{SITE}/archive/captures/{capture.pk}/replay/"


def test_timegate_redirects_to_the_copy_nearest_the_asked_time(client, captures):
    """Asked with Accept-Datetime, the TimeGate answers 302 to the nearest capture, varies
    on the header and links the original and the TimeMap."""
    asked = http_date(FIRST.timestamp() + 3600)

    response = client.get(f"/timegate/{ORIGINAL}", HTTP_ACCEPT_DATETIME=asked)

    assert response.status_code == 302
    assert response["Location"] == replay_url(captures[0])
    assert "accept-datetime" in response["Vary"].lower()
    links = rels(parse_links(response["Link"]))
    assert links["original"] == ORIGINAL
    assert links["timemap"] == f"{SITE}/timemap/link/{ORIGINAL}"

    later = client.get(f"/timegate/{ORIGINAL}", HTTP_ACCEPT_DATETIME=http_date(SECOND.timestamp()))
    assert later["Location"] == replay_url(captures[1])


def test_timegate_without_a_time_gives_the_latest_and_refuses_a_bad_one(client, captures):
    assert client.get(f"/timegate/{ORIGINAL}")["Location"] == replay_url(captures[1])
    bad = client.get(f"/timegate/{ORIGINAL}", HTTP_ACCEPT_DATETIME="last Tuesday")
    assert bad.status_code == 400


def test_timegate_repairs_a_merged_double_slash(client, captures):
    """A proxy that merges "//" into "/" still reaches the page's TimeGate."""
    response = client.get("/timegate/https:/news.test/pier?id=7&view=full")
    assert response.status_code == 302


def test_timemap_lists_every_public_copy_in_link_format(client, captures):
    """The TimeMap parses as link-format: the original, the TimeGate, itself with its span,
    and each capture as a memento with its datetime, the first and last marked."""
    response = client.get(f"/timemap/link/{ORIGINAL}")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/link-format"
    links = parse_links(response.content.decode())
    assert links[0] == (ORIGINAL, {"rel": "original"})
    assert links[1] == (f"{SITE}/timegate/{ORIGINAL}", {"rel": "timegate"})
    assert links[2][1] == {
        "rel": "self",
        "type": "application/link-format",
        "from": http_date(FIRST.timestamp()),
        "until": http_date(SECOND.timestamp()),
    }
    first, last = http_date(FIRST.timestamp()), http_date(SECOND.timestamp())
    assert links[3:] == [
        (replay_url(captures[0]), {"rel": "first memento", "datetime": first}),
        (replay_url(captures[1]), {"rel": "last memento", "datetime": last}),
    ]


def test_json_timemap_gives_a_line_per_copy(client, captures):
    response = client.get(f"/timemap/json/{ORIGINAL}")

    rows = [json.loads(line) for line in response.content.decode().splitlines()]
    assert [(row["timestamp"], row["memento"], row["url"]) for row in rows] == [
        ("20310403100000", replay_url(captures[0]), ORIGINAL),
        ("20310405183000", replay_url(captures[1]), ORIGINAL),
    ]


def test_unpublished_material_has_no_timemap(client, hidden_capture):
    """A capture of an article with no public quote is in no TimeMap or TimeGate."""
    assert client.get(f"/timemap/link/{hidden_capture.url}").status_code == 404
    assert client.get(f"/timegate/{hidden_capture.url}").status_code == 404


def test_an_article_with_no_capture_is_its_own_memento(client, article):
    """A pasted article with an address: its page is the copy, dated when archived."""
    links = parse_links(client.get(f"/timemap/link/{ORIGINAL}").content.decode())
    assert links[3][0] == f"{SITE}{article.get_absolute_url()}"

    page = client.get(article.get_absolute_url())
    assert page["Memento-Datetime"] == http_date(article.archived_at.timestamp())


def test_each_copy_carries_memento_headers(client, captures):
    """The replay says when it was archived and links the original, TimeGate and TimeMap;
    the article's page links them too, in its headers and its head."""
    response = client.get(replay_url(captures[0]).removeprefix(SITE))

    assert response["Memento-Datetime"] == http_date(FIRST.timestamp())
    links = rels(parse_links(response["Link"]))
    assert links == {
        "original": ORIGINAL,
        "timegate": f"{SITE}/timegate/{ORIGINAL}",
        "timemap": f"{SITE}/timemap/link/{ORIGINAL}",
    }

    page = client.get(captures[0].article.get_absolute_url())
    assert "Memento-Datetime" not in page  # the captures are the copies
    assert rels(parse_links(page["Link"]))["timegate"] == f"{SITE}/timegate/{ORIGINAL}"
    html = page.content.decode()
    timegate = "/timegate/https://news.test/pier?id=7&amp;view=full"
    assert f'<link rel="timegate" href="{timegate}">' in html
