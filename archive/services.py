"""Archiving an article: decoding its raw source, storing it once, and announcing it."""

import datetime
from pathlib import PurePath

import trafilatura
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import Truncator

from .models import Article, Outlet, validate_web_url
from .signals import article_archived

FORMATS = {
    ".txt": Article.Format.TEXT,
    ".text": Article.Format.TEXT,
    ".html": Article.Format.HTML,
    ".htm": Article.Format.HTML,
}
MAX_BYTES = 10 * 1024 * 1024


class ArticleRejected(ValueError):
    """A clear one-line reason an article was not archived; nothing was written."""


def format_for(filename: str) -> str:
    suffix = PurePath(filename).suffix.lower()
    if suffix not in FORMATS:
        raise ArticleRejected(f"unsupported file type {suffix or '(none)'}: use .txt or .html")
    return FORMATS[suffix]


def decode(raw: bytes) -> str:
    """Text from bytes: UTF-8 (with or without BOM), else Windows-1252, which old sites use."""
    if b"\x00" in raw[:4096]:
        raise ArticleRejected("this looks like a binary file, not text")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError as exc:
        raise ArticleRejected(f"cannot decode as UTF-8 or Windows-1252: {exc.reason}") from None


def parse_date(value) -> datetime.date | None:
    if value in (None, ""):
        return None
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    try:
        return datetime.date.fromisoformat(str(value)[:10])
    except ValueError:
        raise ArticleRejected(
            f"publication date {value!r} is not an ISO date (YYYY-MM-DD)"
        ) from None


SENTENCE_ENDS = (".", ",", ":", ";", "\u2026")


def headline_of(body: str) -> str:
    """A plain-text article's first line when it reads as a headline: short, on its own, and
    not a sentence."""
    first, _, rest = body.partition("\n")
    first = first.strip()
    ending = first.rstrip("\"'\u2019\u201d\u00bb)")
    if rest.strip() and 0 < len(first) <= 200 and not ending.endswith(SENTENCE_ENDS):
        return first
    return ""


def read_source(raw: bytes, raw_format: str) -> dict:
    """The body text, and whatever metadata the source itself carries."""
    text = decode(raw).replace("\r\n", "\n").replace("\r", "\n")
    if raw_format == Article.Format.TEXT:
        body = text.strip("\n")
        return {"body": body, "title": headline_of(body)}
    document = trafilatura.bare_extraction(
        text, with_metadata=True, include_comments=False, include_tables=False
    )
    if document is None or not (document.text or "").strip():
        raise ArticleRejected("no article text found in this HTML page")
    return {
        "body": document.text.strip("\n"),
        "title": document.title or "",
        "outlet": document.sitename or "",
        "url": document.url or None,
        "published": document.date or None,
    }


def is_web_url(url) -> bool:
    try:
        validate_web_url(url)
    except ValidationError:
        return False
    return True


def outlet_named(name: str | None) -> Outlet | None:
    name = " ".join((name or "").split())
    if not name:
        return None
    outlet = Outlet.objects.filter(name__iexact=name).first()
    return outlet or Outlet.objects.create(name=name)


def archive_article(
    *,
    raw: bytes,
    source_file: str = "",
    raw_format: str | None = None,
    outlet: str | None = None,
    url: str | None = None,
    title: str = "",
    published: datetime.date | str | None = None,
    publish: bool = False,
    user=None,
) -> tuple[Article, bool]:
    """Store one article atomically, then send `article_archived` inside the same transaction
    so that its quotes are extracted; a failure anywhere leaves the database as it was.
    `publish` publishes them at once, on behalf of `user` (an editor; None on the command line).

    Returns (article, created). The same raw bytes again return the stored article unchanged.
    """
    if not raw or not raw.strip():
        raise ArticleRejected("the article is empty")
    if len(raw) > MAX_BYTES:
        raise ArticleRejected(f"the article is larger than {MAX_BYTES // 1024 // 1024} MB")
    if url and not is_web_url(url):
        shown = Truncator(str(url)).chars(80)
        raise ArticleRejected(f"the URL {shown!r} is not an http:// or https:// web address")
    raw_format = raw_format or (format_for(source_file) if source_file else Article.Format.TEXT)
    sha256 = Article.digest(raw)
    existing = Article.objects.filter(sha256=sha256).first()
    if existing:
        return existing, False

    found = read_source(raw, raw_format)
    if not found["body"].strip():
        raise ArticleRejected("the article has no text")
    # A page's own idea of its address is kept only when it is a web address: a bad one is
    # the page's fault, not a reason to refuse the article.
    found_url = found.get("url")
    url = url or (found_url if found_url and is_web_url(found_url) else None)
    if url and Article.objects.filter(url=url).exists():
        raise ArticleRejected(f"another version of {url} is already archived")
    try:
        with transaction.atomic():
            article = Article.objects.create(
                outlet=outlet_named(outlet or found.get("outlet")),
                title=(title or found.get("title") or "").strip()[:500],
                url=url,
                published=parse_date(published or found.get("published")),
                body=found["body"],
                raw=raw,
                raw_format=raw_format,
                sha256=sha256,
                source_file=PurePath(source_file).name if source_file else "",
            )
            article_archived.send(sender=Article, article=article, publish=publish, user=user)
    except IntegrityError:
        # Another process archived the same bytes a moment ago: idempotent all the same.
        existing = Article.objects.filter(sha256=sha256).first()
        if existing:
            return existing, False
        raise
    return article, True
