"""Archiving an article: decoding its raw source, storing it once, and announcing it."""

import codecs
import datetime
import io
from pathlib import PurePath

import charset_normalizer
import pypdf
import regex
import trafilatura
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.utils.text import Truncator
from trafilatura.utils import load_html

from .languages import article_language
from .metadata import domain_of, page_metadata
from .models import Article, Outlet, validate_web_url
from .outlets import outlet_name, outlet_named
from .signals import article_archived, article_reading
from .text import clean_name, clean_text

FORMATS = {
    ".txt": Article.Format.TEXT,
    ".text": Article.Format.TEXT,
    ".html": Article.Format.HTML,
    ".htm": Article.Format.HTML,
}
MAX_BYTES = 10 * 1024 * 1024


class ArticleRejected(ValueError):
    """A clear one-line reason an article was not archived; nothing was written."""


# The PostgreSQL advisory lock imports take (any number of our own, the same everywhere).
IMPORT_LOCK = 7_410_231


def one_import_at_a_time() -> None:
    """Wait until no other transaction is importing, and keep the others waiting until this
    one ends. An import reads the archive's outlets, people, units and quotes and adds to
    them: two at once, each blind to what the other has not committed yet, would make one
    speaker two people and one statement two quotes, unlinked (web hosts and task workers
    import side by side). Called first in the transaction, before it writes a row, so that
    no import holds the lock while waiting for a row another import holds.

    PostgreSQL's transaction-level advisory lock, released at commit or rollback. SQLite,
    the one-process development database, takes nothing."""
    if not connection.in_atomic_block:
        raise RuntimeError(
            "one_import_at_a_time() holds until the transaction ends: call it in one"
        )
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [IMPORT_LOCK])


def format_for(filename: str) -> str:
    suffix = PurePath(filename).suffix.lower()
    if suffix not in FORMATS:
        raise ArticleRejected(f"unsupported file type {suffix or '(none)'}: use .txt or .html")
    return FORMATS[suffix]


BINARY = "this looks like a binary file, not text (it holds NUL characters)"

# Byte order marks, and the UTF each begins. UTF-32's little-endian mark starts with UTF-16's,
# so it is looked for first.
BYTE_ORDER_MARKS = (
    (codecs.BOM_UTF32_LE, "UTF-32-LE"),
    (codecs.BOM_UTF32_BE, "UTF-32-BE"),
    (codecs.BOM_UTF8, "UTF-8"),
    (codecs.BOM_UTF16_LE, "UTF-16-LE"),
    (codecs.BOM_UTF16_BE, "UTF-16-BE"),
)

# What text that is not UTF-8 and has no byte order mark may be in; charset-normalizer picks
# the likeliest. Windows-1252 reads Latin-1 text as browsers do.
GUESSED = ["cp1252", "cp1251", "utf_16_le", "utf_16_be"]

# What no text holds: control characters other than whitespace, surrogates, private-use and
# unassigned code points.
NOT_TEXT = regex.compile(r"[^\t\n\r\f\v\P{Cc}]|[\p{Cs}\p{Co}\p{Cn}]")


def decode(raw: bytes, encoding: str | None = None) -> str:
    """Text from bytes. A captured page comes with the `encoding` it was served in
    (archive.capture finds it), and is read in it; a stray byte that does not fit becomes
    U+FFFD, as in a browser. Otherwise a byte order mark says which UTF it is in; else NUL
    bytes mean UTF-16 where their places show it (`utf16_unmarked`), binary data where not;
    else it is UTF-8, or else the likeliest of the code pages in GUESSED, or refused. Text
    holding a NUL is refused whatever its encoding: no database column may hold one."""
    if encoding:
        try:
            codecs.lookup(encoding)
        except LookupError:
            raise ArticleRejected(f"unknown character encoding {encoding!r}") from None
        text = raw.decode(encoding, errors="replace")
    else:
        text = decode_unlabelled(raw)
    if "\x00" in text:
        raise ArticleRejected(BINARY)
    return text


def decode_unlabelled(raw: bytes) -> str:
    for mark, name in BYTE_ORDER_MARKS:
        if raw.startswith(mark):
            try:
                return raw[len(mark) :].decode(name)
            except UnicodeDecodeError as exc:
                raise ArticleRejected(
                    f"starts with a {name} byte order mark but is not {name} text ({exc.reason})"
                ) from None
    if b"\x00" in raw:
        text = utf16_unmarked(raw)
        if text is None:
            raise ArticleRejected(BINARY)
        return text
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    best = charset_normalizer.from_bytes(raw, cp_isolation=GUESSED).best()
    if best is None:
        raise ArticleRejected(
            "cannot tell which character encoding this text is in (not UTF-8, Windows-1252, "
            "Windows-1251 or UTF-16): save it as UTF-8"
        )
    return str(best)


def utf16_unmarked(raw: bytes) -> str | None:
    """UTF-16 text without a byte order mark, told by its zero bytes: the high byte of a
    Latin letter, a digit or a space is 0, the second of each pair little-endian, the first
    big-endian. Zeros in at least one pair in ten, nearly all on one side, and text when
    read so; else None (a stray NUL in other text, or binary data)."""
    if len(raw) % 2:
        return None
    zeros = {"UTF-16-BE": raw[0::2].count(0), "UTF-16-LE": raw[1::2].count(0)}
    name, other = sorted(zeros, key=zeros.get, reverse=True)
    if zeros[name] * 10 < len(raw) // 2 or zeros[other] * 10 > zeros[name]:
        return None
    try:
        text = raw.decode(name)
    except UnicodeDecodeError:
        return None
    return None if NOT_TEXT.search(text) else text


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


def format_of(raw_format: str | None, source_file: str = "") -> str:
    """The format an article is archived in: `raw_format`, else its file's, else text."""
    return raw_format or (format_for(source_file) if source_file else Article.Format.TEXT)


def title_of(title: str | None, found: dict) -> str:
    """The title an article is archived with: the one given, else its source's (read_source)."""
    return clean_name(clean_name(title) or found.get("title"))[:500]


def text_and_title(
    raw: bytes,
    *,
    source_file: str = "",
    raw_format: str | None = None,
    url: str | None = None,
    title: str = "",
    encoding: str | None = None,
    **metadata,
) -> tuple[str, str]:
    """The text and the title archive_article gives an article given so (its arguments but
    `raw` by name, e.g. an archive.sources item's metadata): what its quotes are read from.
    Raises what read_source raises for a source it cannot read."""
    found = read_source(raw, format_of(raw_format, source_file), encoding=encoding, url=url)
    return found["body"], title_of(title, found)


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
        found = read_pdf(raw)
        return {**found, "body": clean_text(found["body"])}
    text = decode(raw, encoding).replace("\r\n", "\n").replace("\r", "\n")
    if raw_format == Article.Format.TEXT:
        body = clean_text(text).strip("\n")
        return {"body": body, "title": headline_of(body)}
    body = clean_text(article_text(text))
    metadata = page_metadata(text, url)
    return {
        "body": body,
        "title": metadata.title,
        "outlet": metadata.site_name,
        "url": metadata.canonical_url or None,
        "published": metadata.published,
        "canonical_url": metadata.canonical_url,
        "author": metadata.author,
        "language": metadata.language,
    }


# Where a page's words are links and navigation rather than its article.
NAVIGATION = ("a", "nav", "header", "footer", "menu", "button", "select", "form")
WORD = regex.compile(r"\w+")
# libxml2 reads HTML no deeper than this; what is nested deeper is lost.
MAX_DEPTH = 255


def article_text(html: str) -> str:
    """The article text trafilatura finds in an HTML page. Finding none, trafilatura falls
    back on whatever text there is, such as a menu's "Home": text made only of the words of
    links and navigation is refused as no article text too."""
    document = trafilatura.bare_extraction(
        html, with_metadata=False, include_comments=False, include_tables=False
    )
    body = (document.text or "").strip("\n") if document is not None else ""
    tree = load_html(html)
    if tree is None and body.strip():
        return body
    if body.strip():
        navigation = " ".join(" ".join(e.itertext()) for e in tree.iter(*NAVIGATION))
        if set(WORD.findall(body.casefold())) - set(WORD.findall(navigation.casefold())):
            return body
    if tree is not None and any(len(list(e.iterancestors())) >= MAX_DEPTH for e in tree.iter()):
        raise ArticleRejected(
            f"this HTML page is nested more than {MAX_DEPTH} elements deep: "
            "its article text cannot be read"
        )
    raise ArticleRejected("no article text found in this HTML page")


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


def fits(url: str) -> bool:
    """Whether a web address fits an article's URL columns."""
    return len(url) <= Article._meta.get_field("url").max_length


def is_web_url(url) -> bool:
    try:
        validate_web_url(url)
    except ValidationError:
        return False
    return True


def refuse_overlong(*, outlet: str, url, canonical_url, title: str, source_file: str) -> None:
    """Refuse metadata longer than the column it goes in, here rather than in the database,
    so that SQLite (which would keep it whole) and PostgreSQL (which would fail) agree."""
    for what, value, column in (
        ("outlet name", outlet, Outlet._meta.get_field("name")),
        ("URL", url, Article._meta.get_field("url")),
        ("canonical URL", canonical_url, Article._meta.get_field("canonical_url")),
        ("title", title, Article._meta.get_field("title")),
        ("file name", source_file, Article._meta.get_field("source_file")),
    ):
        if value and len(value) > column.max_length:
            raise ArticleRejected(
                f"the {what} is {len(value):,} characters long; at most {column.max_length:,} fit"
            )


def refuse_non_web(*, url, canonical_url) -> None:
    """Refuse a URL or canonical URL given that is not an http or https address."""
    if url and not is_web_url(url):
        shown = Truncator(str(url)).chars(80)
        raise ArticleRejected(f"the URL {shown!r} is not an http:// or https:// web address")
    if canonical_url and not is_web_url(canonical_url):
        shown = Truncator(str(canonical_url)).chars(80)
        raise ArticleRejected(
            f"the canonical URL {shown!r} is not an http:// or https:// web address"
        )


def checked_metadata(
    raw: bytes, *, outlet: str | None, url, canonical_url, title: str, source_file: str
) -> tuple[str, str, str]:
    """The outlet name, title and file name an article is stored with, cleaned; refused,
    before its source is read, when the source is empty or larger than MAX_BYTES, a value is
    longer than its column, or an address given is not a web address."""
    if not raw or not raw.strip():
        raise ArticleRejected("the article is empty")
    if len(raw) > MAX_BYTES:
        raise ArticleRejected(f"the article is larger than {MAX_BYTES // 1024 // 1024} MB")
    outlet, title = clean_name(outlet), clean_name(title)
    source_name = clean_name(PurePath(source_file).name) if source_file else ""
    refuse_overlong(
        outlet=outlet, url=url, canonical_url=canonical_url, title=title, source_file=source_name
    )
    refuse_non_web(url=url, canonical_url=canonical_url)
    return outlet, title, source_name


def article_source(raw: bytes, raw_format: str, *, encoding: str | None, url: str | None) -> dict:
    """What read_source finds in an article's source, refused when it holds no text or more
    text than extraction is given."""
    found = read_source(raw, raw_format, encoding=encoding, url=url)
    if not found["body"].strip():
        raise ArticleRejected("the article has no text")
    # Extraction reads the whole text at once, in time that grows with its length: a text past
    # MAX_ARTICLE_TEXT_BYTES (UTF-8) is refused rather than left to run for minutes.
    limit = settings.MAX_ARTICLE_TEXT_BYTES
    if len(found["body"].encode("utf-8")) > limit:
        size = f"{limit / 1024 / 1024:g} MB" if limit >= 1024 * 1024 else f"{limit} bytes"
        raise ArticleRejected(
            f"the article's text is larger than the {size} limit (MAX_ARTICLE_TEXT_BYTES)"
        )
    return found


def addresses(found: dict, *, url: str | None, canonical_url: str | None) -> tuple:
    """(URL, canonical URL) of an article: those given, else the source's own that fit. A
    canonical URL given as "" keeps none."""
    # A page's own idea of its address is kept only when it is a web address: a bad one is
    # the page's fault, not a reason to refuse the article.
    found_url = found.get("url")
    url = url or (found_url if found_url and is_web_url(found_url) and fits(found_url) else None)
    if canonical_url is None:
        found_canonical = found.get("canonical_url") or ""
        canonical_url = found_canonical if fits(found_canonical) else ""
    return url, canonical_url


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
    canonical_url: str | None = None,
    author: str = "",
    language: str = "",
    captured_at: datetime.datetime | None = None,
    encoding: str | None = None,
    decisions: list[dict] | None = None,
) -> tuple[Article, bool]:
    """Store one article atomically, then send `article_archived` inside the same transaction
    so that its quotes are extracted; a failure anywhere leaves the database as it was.
    `publish` publishes them at once, on behalf of `user` (an editor; None on the command line).

    Metadata given here wins over what the source says about itself (archive.metadata); the
    outlet is found by name, else by the domain of the URL. A captured page (archive.capture)
    gives its body with the Content-Encoding undone as `raw`, the charset it was served in as
    `encoding`, when it was fetched as `captured_at`, and the canonical URL it may keep as
    `canonical_url` ("" for none: a canonical link the capture ignored); without one the
    source's own is kept. `decisions` are the archivist's on the preview's suggestions, for
    `article_archived`'s receivers.

    Returns (article, created). The same raw bytes again return the stored article unchanged.
    (Long for its keyword arguments, one for each thing an importer may say of an article;
    each step is a function of its own.)
    """
    outlet, title, source_name = checked_metadata(
        raw,
        outlet=outlet,
        url=url,
        canonical_url=canonical_url,
        title=title,
        source_file=source_file,
    )
    raw_format = format_of(raw_format, source_file)
    sha256 = Article.digest(raw)
    existing = Article.objects.filter(sha256=sha256).first()
    if existing:
        return existing, False

    found = article_source(raw, raw_format, encoding=encoding, url=url)
    url, canonical_url = addresses(found, url=url, canonical_url=canonical_url)
    printer = outlet or found.get("outlet")
    domain = domain_of(url or canonical_url)
    title = title_of(title, found)
    # Its quotations are extracted now, before the lock that the transaction takes: an import
    # holds the archive for the time it takes to store and link them, not to find them.
    article_reading.send(
        sender=Article,
        body=found["body"],
        title=title,
        outlet=outlet_name(printer, domain=domain, given=bool(outlet)),
    )
    fields = {
        "title": title,
        "url": url,
        "published": parse_date(published or found.get("published")),
        "body": found["body"],
        **Article.raw_fields(raw),
        "raw_format": raw_format,
        "sha256": sha256,
        "source_file": source_name,
        "canonical_url": canonical_url,
        "author": clean_name(author or found.get("author"))[:300],
        "language": article_language(language or found.get("language") or "", found["body"]),
        "captured_at": captured_at,
    }
    return insert_article(
        fields,
        printer=printer,
        domain=domain,
        given=bool(outlet),
        publish=publish,
        user=user,
        decisions=decisions,
    )


def insert_article(
    fields: dict, *, printer, domain: str, given: bool, publish: bool, user, decisions=None
) -> tuple[Article, bool]:
    """Insert the article with `fields`, filed under the outlet `printer` names (found or made,
    in the same transaction), and send `article_archived` before the transaction commits;
    (article, created). The import lock is held from before the first row is written."""
    try:
        with transaction.atomic():
            one_import_at_a_time()
            article = Article.objects.create(
                outlet=outlet_named(printer, domain=domain, given=given), **fields
            )
            article_archived.send(
                sender=Article, article=article, publish=publish, user=user, decisions=decisions
            )
    except IntegrityError:
        # Another process archived the same bytes a moment ago: idempotent all the same.
        existing = Article.objects.filter(sha256=fields["sha256"]).first()
        if existing:
            return existing, False
        # Other bytes at the URL of an archived article, which the unique URL refused: asked
        # here rather than before every insert, which nearly always finds none.
        url = fields["url"]
        if url and Article.objects.filter(url=url).exists():
            raise ArticleRejected(f"another version of {url} is already archived") from None
        raise
    return article, True
