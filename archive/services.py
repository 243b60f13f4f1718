"""Archiving an article: decoding its raw source, storing it once, and announcing it."""

import codecs
import datetime
import io
from pathlib import PurePath

import pypdf
import trafilatura
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import Truncator

from .metadata import domain_of, page_metadata
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


def decode(raw: bytes, encoding: str | None = None) -> str:
    """Text from bytes: UTF-8 (with or without BOM), else Windows-1252, which old sites use.
    A captured page comes with the `encoding` it was served in (archive.capture finds it), and
    is read in it; a stray byte that does not fit becomes U+FFFD, as in a browser."""
    if encoding:
        try:
            codecs.lookup(encoding)
        except LookupError:
            raise ArticleRejected(f"unknown character encoding {encoding!r}") from None
        return raw.decode(encoding, errors="replace")
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


def read_source(
    raw: bytes, raw_format: str, *, encoding: str | None = None, url: str | None = None
) -> dict:
    """The body text, and whatever metadata the source itself carries (archive.metadata reads
    an HTML page's). `encoding` is the charset a captured page was served in; `url` is where
    it was found, to resolve a relative canonical link."""
    if raw_format == Article.Format.PDF:
        return read_pdf(raw)
    text = decode(raw, encoding).replace("\r\n", "\n").replace("\r", "\n")
    if raw_format == Article.Format.TEXT:
        body = text.strip("\n")
        return {"body": body, "title": headline_of(body)}
    document = trafilatura.bare_extraction(
        text, with_metadata=False, include_comments=False, include_tables=False
    )
    if document is None or not (document.text or "").strip():
        raise ArticleRejected("no article text found in this HTML page")
    metadata = page_metadata(text, url)
    return {
        "body": document.text.strip("\n"),
        "title": metadata.title,
        "outlet": metadata.site_name,
        "url": metadata.canonical_url or None,
        "published": metadata.published,
        "canonical_url": metadata.canonical_url,
        "author": metadata.author,
        "language": metadata.language,
    }


def read_pdf(raw: bytes) -> dict:
    """The text of a PDF's pages (pypdf), with the title and author its document information
    gives. A scanned PDF has no text to find quotes in: that is refused."""
    try:
        reader = pypdf.PdfReader(io.BytesIO(raw))
        if reader.is_encrypted and not reader.decrypt(""):
            raise ArticleRejected("this PDF is protected by a password")
        pages = [(page.extract_text() or "").strip() for page in reader.pages]
        info = reader.metadata
    except ArticleRejected:
        raise
    except Exception as exc:  # noqa: BLE001 - pypdf raises many kinds on a damaged file
        raise ArticleRejected(f"cannot read this PDF: {exc}") from None
    body = "\n\n".join(page for page in pages if page).replace("\r\n", "\n").replace("\r", "\n")
    if not body.strip():
        raise ArticleRejected("PDF with no extractable text")
    return {
        "body": body,
        "title": " ".join(str((info and info.title) or "").split()),
        "author": " ".join(str((info and info.author) or "").split()),
    }


def is_web_url(url) -> bool:
    try:
        validate_web_url(url)
    except ValidationError:
        return False
    return True


def outlet_named(name: str | None, *, domain: str = "") -> Outlet | None:
    """The outlet called `name` (in any case), else the one at `domain` (a host without
    'www.', as Outlet.domain holds it), else a new outlet with that name (or the domain for
    want of one) and domain. None when neither is known."""
    name = " ".join((name or "").split())[:200]
    domain = domain.lower().removeprefix("www.")[:253]
    if name:
        outlet = Outlet.objects.filter(name__iexact=name).first()
        if outlet:
            return outlet
    if domain:
        outlet = Outlet.objects.filter(domain=domain).order_by("pk").first()
        if outlet:
            return outlet
    if not (name or domain):
        return None
    return Outlet.objects.create(name=name or domain, domain=domain)


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
    canonical_url: str = "",
    author: str = "",
    language: str = "",
    captured_at: datetime.datetime | None = None,
    encoding: str | None = None,
) -> tuple[Article, bool]:
    """Store one article atomically, then send `article_archived` inside the same transaction
    so that its quotes are extracted; a failure anywhere leaves the database as it was.
    `publish` publishes them at once, on behalf of `user` (an editor; None on the command line).

    Metadata given here wins over what the source says about itself (archive.metadata); the
    outlet is found by name, else by the domain of the URL. A captured page (archive.capture)
    gives its body with the Content-Encoding undone as `raw`, the charset it was served in as
    `encoding`, and when it was fetched as `captured_at`.

    Returns (article, created). The same raw bytes again return the stored article unchanged.
    """
    if not raw or not raw.strip():
        raise ArticleRejected("the article is empty")
    if len(raw) > MAX_BYTES:
        raise ArticleRejected(f"the article is larger than {MAX_BYTES // 1024 // 1024} MB")
    if url and not is_web_url(url):
        shown = Truncator(str(url)).chars(80)
        raise ArticleRejected(f"the URL {shown!r} is not an http:// or https:// web address")
    if canonical_url and not is_web_url(canonical_url):
        shown = Truncator(str(canonical_url)).chars(80)
        raise ArticleRejected(
            f"the canonical URL {shown!r} is not an http:// or https:// web address"
        )
    raw_format = raw_format or (format_for(source_file) if source_file else Article.Format.TEXT)
    sha256 = Article.digest(raw)
    existing = Article.objects.filter(sha256=sha256).first()
    if existing:
        return existing, False

    found = read_source(raw, raw_format, encoding=encoding, url=url)
    if not found["body"].strip():
        raise ArticleRejected("the article has no text")
    # A page's own idea of its address is kept only when it is a web address: a bad one is
    # the page's fault, not a reason to refuse the article.
    found_url = found.get("url")
    url = url or (found_url if found_url and is_web_url(found_url) else None)
    if url and Article.objects.filter(url=url).exists():
        raise ArticleRejected(f"another version of {url} is already archived")
    canonical_url = canonical_url or found.get("canonical_url") or ""
    try:
        with transaction.atomic():
            article = Article.objects.create(
                outlet=outlet_named(
                    outlet or found.get("outlet"), domain=domain_of(url or canonical_url)
                ),
                title=(title or found.get("title") or "").strip()[:500],
                url=url,
                published=parse_date(published or found.get("published")),
                body=found["body"],
                raw=raw,
                raw_format=raw_format,
                sha256=sha256,
                source_file=PurePath(source_file).name if source_file else "",
                canonical_url=canonical_url,
                author=(author or found.get("author") or "").strip()[:300],
                language=(language or found.get("language") or "").strip()[:20],
                captured_at=captured_at,
            )
            article_archived.send(sender=Article, article=article, publish=publish, user=user)
    except IntegrityError:
        # Another process archived the same bytes a moment ago: idempotent all the same.
        existing = Article.objects.filter(sha256=sha256).first()
        if existing:
            return existing, False
        raise
    return article, True
