"""What a source lists: a feed's entries (feedparser), a sitemap's URLs (a Google News
sitemap's with their publication dates and titles), a sitemap index's sitemaps, or, for an
outlet's home page, the feeds it links to (`<link rel="alternate">`).

Sitemaps are parsed with defusedxml, which refuses entity declarations (no billion laughs, no
external entities); home pages with lxml's HTML parser, which reads no entities or DTDs.
"""

import datetime
import time
from dataclasses import dataclass, field
from urllib.parse import urljoin

import defusedxml.ElementTree
import feedparser
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.html import strip_tags
from lxml import etree
from lxml import html as lxml_html

from ..fetch import CaptureFailed, undo_content_encoding
from ..metadata import web_url
from .models import Source

FEED_TYPES = ("application/rss+xml", "application/atom+xml", "application/feed+json")
FEED_TAGS = (b"<rss", b"<feed", b"<rdf:rdf")


@dataclass
class Item:
    """One article a source lists, with what the source says of it. `problem` says why an
    item cannot be taken (no link, not a web address)."""

    url: str
    title: str = ""
    summary: str = ""
    published: datetime.datetime | None = None
    modified: datetime.datetime | None = None
    author: str = ""
    language: str = ""  # the item's own (a Google News sitemap's, a feed entry's)
    feed_language: str = ""  # the whole feed's, weaker than what its words read as
    problem: str = ""


@dataclass
class Listing:
    """What a source's body holds: its kind, its items, and the addresses of the sources it
    leads to (a sitemap index's sitemaps, newest first; a home page's feeds)."""

    kind: str
    items: list[Item] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)


def read_listing(body: bytes, content_type: str, url: str) -> Listing:
    """What the body fetched from `url` lists; CaptureFailed when it is none of a feed, a
    sitemap or an HTML page."""
    if body[:2] == b"\x1f\x8b":  # a gzipped sitemap (sitemap.xml.gz)
        body = undo_content_encoding(body, "gzip")
    head = body[:2048].lower()
    if b"<urlset" in head or b"<sitemapindex" in head:
        return read_sitemap(body)
    if any(tag in head for tag in FEED_TAGS):  # a feed, whatever type it is served as
        return read_feed(body, url)
    if b"<html" in head or "html" in content_type.split(";")[0]:
        return Listing(kind=Source.Kind.SITE, sources=feeds_linked(body, url))
    return read_feed(body, url)


def read_feed(body: bytes, url: str) -> Listing:
    parsed = feedparser.parse(body, response_headers={"content-location": url})
    if not parsed.get("version") and not parsed.entries:
        problem = parsed.get("bozo_exception") or "no feed, sitemap or page found"
        raise CaptureFailed(f"neither a feed nor a sitemap: {problem}")
    language = parsed.feed.get("language", "")
    return Listing(kind=Source.Kind.FEED, items=[entry_item(e, language) for e in parsed.entries])


def entry_item(entry, language: str) -> Item:
    """A feed entry as an Item, its dates from whichever the feed gives."""
    link = (entry.get("link") or "").strip()
    title = strip_tags(entry.get("title") or "").strip()
    item = Item(
        url=web_url(link),
        title=title[:500],
        summary=strip_tags(entry.get("summary") or "").strip(),
        # Read as a plain dict: feedparser's own get() answers a missing date with another.
        published=struct_time_of(dict.get(entry, "published_parsed")),
        modified=struct_time_of(dict.get(entry, "updated_parsed")),
        author=(entry.get("author") or "").strip()[:300],
        language=dict.get(entry, "language") or "",
        feed_language=language,
    )
    if not link:
        item.problem = "the item has no link"
    elif not item.url:
        item.problem = f"the item's link is not a web address: {link[:80]!r}"
    return item


def struct_time_of(value: time.struct_time | None) -> datetime.datetime | None:
    if not value:
        return None
    return datetime.datetime(*value[:6], tzinfo=datetime.UTC)


def read_sitemap(body: bytes) -> Listing:
    try:
        root = defusedxml.ElementTree.fromstring(body)
    except (defusedxml.DefusedXmlException, SyntaxError) as exc:
        raise CaptureFailed(f"the sitemap cannot be read: {exc}") from None
    if local(root.tag) == "sitemapindex":
        children = [(text_of(node, "loc"), when(text_of(node, "lastmod"))) for node in root]
        children = [(u, d) for u, d in children if web_url(u)]
        oldest = datetime.datetime.min.replace(tzinfo=datetime.UTC)
        children.sort(key=lambda child: child[1] or oldest, reverse=True)
        return Listing(kind=Source.Kind.SITEMAP_INDEX, sources=[u for u, _d in children])
    return Listing(kind=Source.Kind.SITEMAP, items=[sitemap_item(n) for n in root])


def sitemap_item(node) -> Item:
    """A sitemap's <url>, with its Google News title, date and language if it has them."""
    loc = text_of(node, "loc")
    news = next((child for child in node if local(child.tag) == "news"), None)
    news = news if news is not None else []
    publication = next((c for c in news if local(c.tag) == "publication"), None)
    item = Item(
        url=web_url(loc),
        title=text_of(news, "title")[:500],
        published=when(text_of(news, "publication_date")),
        modified=when(text_of(node, "lastmod")),
        language=text_of(publication, "language") if publication is not None else "",
    )
    if not loc:
        item.problem = "the <url> has no <loc>"
    elif not item.url:
        item.problem = f"the <loc> is not a web address: {loc[:80]!r}"
    return item


def local(tag) -> str:
    """A tag's name without its namespace."""
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def text_of(node, name: str) -> str:
    """The text of `node`'s child called `name` (any namespace); "" if none."""
    if node is None:
        return ""
    found = next((child for child in node if local(child.tag) == name), None)
    return (found.text or "").strip() if found is not None else ""


def when(value: str) -> datetime.datetime | None:
    """A W3C date or date-time (as sitemaps write them), aware; None if unreadable."""
    try:
        moment = parse_datetime(value)
        if moment is None and (day := parse_date(value)):
            moment = datetime.datetime.combine(day, datetime.time())
    except ValueError:
        return None
    if moment is not None and timezone.is_naive(moment):
        moment = moment.replace(tzinfo=datetime.UTC)
    return moment


def feeds_linked(body: bytes, url: str) -> list[str]:
    """The feeds a home page links to with <link rel="alternate" type="application/rss+xml">
    (or Atom), as absolute addresses."""
    try:
        document = lxml_html.fromstring(body)
    except (etree.ParserError, ValueError):
        return []
    found = []
    for link in document.iter("link"):
        rels = (link.get("rel") or "").lower().split()
        kind = (link.get("type") or "").lower().strip()
        href = web_url(urljoin(url, (link.get("href") or "").strip()))
        if "alternate" in rels and kind in FEED_TYPES and href and href not in found:
            found.append(href)
    return found
