"""What a web page says about itself: title, date, outlet, author, language, canonical URL.

Uploaded HTML and captured pages are read the same way. trafilatura's `extract_metadata`
reads the meta tags (OpenGraph, Dublin Core, `<meta name=author>`), JSON-LD (`NewsArticle`
with `datePublished`, `author`, `publisher`), `<link rel=canonical>`, and, through htmldate,
dates in bylines and URLs; only the page's language (which it does not read) is taken here
from `<html lang>` or its meta equivalents.
"""

import datetime
import re
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from django.core.exceptions import ValidationError
from trafilatura.metadata import extract_metadata
from trafilatura.utils import load_html

from .models import validate_web_url

# A language tag as BCP 47 writes it ("en", "en-GB", "sr-Latn"), and as Article.language holds it.
LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*")
LANGUAGE_SOURCES = (
    "/html/@lang",
    "/html/@*[name()='xml:lang']",
    "//meta[translate(@http-equiv, 'CONTENT-LANGUAGE', 'content-language')"
    "='content-language']/@content",
    "//meta[@property='og:locale']/@content",
)


@dataclass(frozen=True)
class PageMetadata:
    """What the page declares; empty strings and None where it declares nothing."""

    title: str = ""
    published: datetime.date | None = None
    site_name: str = ""
    author: str = ""
    language: str = ""
    canonical_url: str = ""


def page_metadata(html: str, url: str | None = None) -> PageMetadata:
    """Read the metadata of an HTML page. `url` is where the page was found, used only to
    resolve a relative canonical link; the canonical URL is never made up from it."""
    tree = load_html(html)
    if tree is None:
        return PageMetadata()
    # Read before trafilatura, whose date search may clean the tree it is given.
    language = page_language(tree)
    # trafilatura takes <base href> for the page's address when it has no canonical link, but
    # it only says where relative links point: pages sharing one are not one article.
    for base in list(tree.iter("base")):
        base.drop_tree()
    document = extract_metadata(tree)
    return PageMetadata(
        title=clean(document.title, 500),
        published=iso_date(document.date),
        site_name=clean(document.sitename, 200),
        author=clean(document.author, 300),
        language=language,
        canonical_url=canonical(document.url, url),
    )


def canonical(declared: str | None, url: str | None) -> str:
    """The page's own address for itself, resolved against where it was found. A site's home
    page is never an article's canonical URL: pages that give it (a stray `og:url`) would
    otherwise all look like one article."""
    address = web_url(urljoin(url, declared) if url and declared else declared)
    parts = urlsplit(address)
    return address if parts.path.strip("/") or parts.query else ""


def page_language(tree) -> str:
    for path in LANGUAGE_SOURCES:
        for value in tree.xpath(path):
            tag = str(value).strip().split(",")[0].strip().replace("_", "-")
            if LANGUAGE_TAG.fullmatch(tag) and len(tag) <= 20:
                return tag
    return ""


def domain_of(url: str | None) -> str:
    """An address's host as Outlet.domain holds it: lower case, without 'www.' or a port."""
    host = (urlsplit(url or "").hostname or "").rstrip(".")
    return host.removeprefix("www.")


def web_url(value: str | None) -> str:
    """`value` if it is an http or https address that fits the URL columns, else ''."""
    value = (value or "").strip()
    if not value or len(value) > 1000:
        return ""
    try:
        validate_web_url(value)
    except ValidationError:
        return ""
    return value


def clean(value: str | None, length: int) -> str:
    return " ".join((value or "").split())[:length]


def iso_date(value: str | None) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(value[:10]) if value else None
    except ValueError:
        return None
