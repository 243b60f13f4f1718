"""oEmbed 1.0 (/oembed?url=<permalink>) and the card it frames (/q/<id>/embed/)."""

import json
from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest

from quotes.models import Quote

from .reading import read

pytestmark = pytest.mark.django_db

SITE = "https://verbatim.test"
# oEmbed 1.0, 2.3.4 and 2.3.4.4: every answer's and a rich answer's required fields.
REQUIRED = {"type", "version"}
RICH_REQUIRED = {"html", "width", "height"}


def oembed(client, url, **params):
    return client.get("/oembed?" + urlencode({"url": url, **params}))


class Frames(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def test_permalink_discovers_oembed_and_answers_a_rich_frame(client, printing):
    """The permalink names its oEmbed answer; the answer has the spec's required fields,
    and its html is one iframe of the card, with no script."""
    quote = printing.quote
    page = read(client.get(quote.get_absolute_url()).content.decode())
    [discovery] = [link for link in page.links if link.get("type") == "application/json+oembed"]
    assert discovery["rel"] == "alternate"
    endpoint = discovery["href"].removeprefix(SITE)

    response = client.get(endpoint)

    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    answer = json.loads(response.content)
    assert REQUIRED | RICH_REQUIRED <= set(answer)
    assert answer["type"] == "rich" and answer["version"] == "1.0"
    assert answer["author_name"] == "Iryna Lighthouse"
    assert answer["provider_name"] == "Verbatim"
    assert answer["provider_url"] == f"{SITE}/"
    assert isinstance(answer["width"], int) and isinstance(answer["height"], int)
    frames = Frames()
    frames.feed(answer["html"])
    assert [tag for tag, _ in frames.tags] == ["iframe"]
    assert frames.tags[0][1]["src"] == f"{SITE}/q/{quote.short_id}/embed/"


def test_maxwidth_is_respected(client, printing):
    answer = json.loads(
        oembed(client, f"{SITE}/q/{printing.quote.short_id}/", maxwidth="300").content
    )
    assert answer["width"] == 300


def test_a_permalink_in_another_language_is_the_same_quote(client, printing):
    quote = printing.quote
    answer = json.loads(oembed(client, f"{SITE}/uk/q/{quote.short_id}/").content)
    assert f"/q/{quote.short_id}/embed/" in answer["html"]


def test_anything_but_a_public_permalink_is_not_found(client, printing):
    quote = printing.quote
    assert oembed(client, f"{SITE}/people/").status_code == 404
    assert oembed(client, f"https://elsewhere.test/q/{quote.short_id}/").status_code == 404
    assert oembed(client, "javascript:alert(1)").status_code == 404
    Quote.objects.filter(pk=quote.pk).update(status=Quote.Status.SUGGESTED)
    assert oembed(client, f"{SITE}/q/{quote.short_id}/").status_code == 404


def test_xml_is_not_implemented(client, printing):
    url = f"{SITE}/q/{printing.quote.short_id}/"
    assert oembed(client, url, format="xml").status_code == 501


def test_card_shows_the_statement_and_may_be_framed_anywhere(client, printing):
    """The card holds the statement, its speaker, who carried it and a link back; it runs no
    script and only it may be framed by another site, read from the cache or not."""
    quote = printing.quote
    for _ in range(2):  # rendered, then (were it stored) from the page cache
        response = client.get(f"/q/{quote.short_id}/embed/")
        assert response.status_code == 200
        assert "X-Frame-Options" not in response
        assert "frame-ancestors *" in response["Content-Security-Policy"]
        assert "script-src" not in response["Content-Security-Policy"]
    html = response.content.decode()
    assert "The pier will reopen in May." in html
    assert "Iryna Lighthouse" in html
    assert "Carried by 1 outlet in 1 article" in html
    assert f'href="{SITE}/q/{quote.short_id}/"' in html
    assert "<script" not in html

    permalink = client.get(quote.get_absolute_url())
    assert permalink["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in permalink["Content-Security-Policy"]


def test_withdrawn_quote_card_is_gone(client, printing):
    quote = printing.quote
    Quote.objects.filter(pk=quote.pk).update(status=Quote.Status.WITHDRAWN)
    assert client.get(f"/q/{quote.short_id}/embed/").status_code == 410
