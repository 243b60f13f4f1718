"""A fetched page read for archiving: its article format, charset, text and metadata."""

import codecs
import re
from dataclasses import dataclass

import charset_normalizer

from .fetch import CaptureFailed, Exchange, Fetched
from .models import Article
from .services import ArticleRejected, read_source

HTML_TYPES = {"text/html", "application/xhtml+xml"}
PDF_TYPES = {"application/pdf", "application/x-pdf"}
# A PDF served without a useful type is recognised by its first bytes.
UNTYPED = {"", "application/octet-stream", "binary/octet-stream"}
# What a browser assumes these labels mean (WHATWG Encoding): bytes 0x80-0x9F are
# Windows-1252 punctuation, not control characters.
WINDOWS_1252_LABELS = {"ascii", "iso8859-1"}
META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([-\w.:]+)""", re.IGNORECASE)
HEADER_CHARSET = re.compile(r"""charset\s*=\s*["']?([-\w.:]+)""", re.IGNORECASE)


@dataclass
class Page:
    """A fetched page as read for archiving: its format, charset and what read_source found
    in it (its text and metadata), or for a PDF with no text, why it gives no article."""

    fetched: Fetched
    kind: str
    encoding: str | None
    found: dict
    content_sha256: str  # of the body, its Content-Encoding undone
    no_article: str = ""

    @property
    def final(self) -> Exchange:
        return self.fetched.exchanges[-1]

    @property
    def canonical_url(self) -> str:
        return self.found.get("canonical_url", "")


def read_page(fetched: Fetched) -> Page:
    """What the fetched page holds. ArticleRejected for a page whose text cannot be read,
    but a PDF without text is kept all the same (its WARC), with no article."""
    final = fetched.exchanges[-1]
    kind, encoding = kind_and_charset(final.content_type, fetched.body)
    content_sha256 = Article.digest(fetched.body)
    try:
        found = read_source(fetched.body, kind, encoding=encoding, url=final.url)
    except ArticleRejected as exc:
        if kind != Article.Format.PDF:
            raise
        # The PDF is kept (its WARC), but there is no text to find quotes in.
        return Page(fetched, kind, encoding, {"body": ""}, content_sha256, no_article=str(exc))
    return Page(fetched, kind, encoding, found, content_sha256)


def kind_and_charset(content_type: str, body: bytes) -> tuple[str, str | None]:
    """The article format a response's body is read in, and the charset it is written in
    (None for a PDF); CaptureFailed for a body that is no article."""
    kind = kind_of(content_type, body)
    return kind, None if kind == Article.Format.PDF else charset_of(content_type, body)


def kind_of(content_type: str, body: bytes) -> str:
    """The article format a response's body is read in; CaptureFailed for anything else."""
    mime = content_type.split(";")[0].strip().lower()
    if mime in HTML_TYPES:
        return Article.Format.HTML
    if mime in PDF_TYPES or (mime in UNTYPED and body.startswith(b"%PDF-")):
        return Article.Format.PDF
    if mime == "text/plain":
        return Article.Format.TEXT
    if not mime and re.match(rb"\s*(<!doctype html|<html)", body[:1024], re.IGNORECASE):
        return Article.Format.HTML
    raise CaptureFailed(f"not an article: {mime or 'no content type'}")


def charset_of(content_type: str, body: bytes) -> str:
    """The charset a page is written in: its byte order mark, else the Content-Type header's,
    else its own <meta charset> (or http-equiv), else what charset-normalizer finds."""
    for bom, name in (
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if body.startswith(bom):
            return name
    header = HEADER_CHARSET.search(content_type)
    if header and (name := codec_name(header.group(1))):
        return name
    meta = META_CHARSET.search(body[:4096])
    if meta and (name := codec_name(meta.group(1).decode("ascii", "ignore"))):
        # A page that could be read this far in ASCII is not UTF-16, whatever it says.
        return "utf-8" if name.startswith("utf-16") else name
    best = charset_normalizer.from_bytes(body).best()
    return codec_name(best.encoding) if best else "utf-8"


def codec_name(label: str) -> str:
    try:
        name = codecs.lookup(label.strip()).name
    except LookupError:
        return ""
    return "cp1252" if name in WINDOWS_1252_LABELS else name
