"""A quote's or an archived article's reference as reference managers read it from the page
itself (Zotero's Embedded Metadata and COinS translators, Mendeley, Google Scholar): Highwire
Press `citation_*` tags, Dublin Core `DC.*` tags and a COinS OpenURL ContextObject.

A quote is recorded "as quoted in" its earliest printing: its speaker is the author, the
outlet that printed it the periodical. An article is recorded as the outlet printed it: its
byline's authors, its headline, its outlet."""

from dataclasses import dataclass
from urllib.parse import urlencode

from .. import paths
from ..absolute_urls import absolute
from .bylines import byline
from .citation import cited_printing
from .text import one_line


@dataclass(frozen=True)
class Record:
    """The fields every form of embedded metadata is written from."""

    title: str
    authors: tuple[str, ...]  # "Surname, Given" where the name splits, else as printed
    date: object  # datetime.date or None
    periodical: str
    archive_url: str
    original_url: str
    language: str


def of_quote(quote, printings=None, *, language="", request=None) -> Record:
    """The quote's record, from its earliest printing (as its citation is: cited_printing).
    Written from the facts directly rather than through Citation.of, whose title casing
    reads the article's text: on a permalink that doubled the time the head took."""
    if printings is None:
        printings = quote.printings.all()
    printing = cited_printing(printings)
    article = printing.article if printing else None
    return Record(
        title=f"“{one_line(quote.text)}”",
        # The speaker is the author only when named: a description is no one's name.
        authors=(one_line(quote.person.name),) if quote.person_id else (),
        date=article.published if article else None,
        periodical=one_line(article.outlet.name) if article and article.outlet else "",
        archive_url=absolute(paths.cited_path(quote), request),
        original_url=(article.url or "") if article else "",
        language=language,
    )


def of_article(article, *, request=None) -> Record:
    return Record(
        title=one_line(article.label),
        authors=tuple(author.inverted for author in byline(article.author)),
        date=article.published,
        periodical=one_line(article.outlet.name) if article.outlet_id else "",
        archive_url=absolute(paths.cited_path(article), request),
        original_url=article.url or "",
        language=article.language,
    )


def highwire(record: Record) -> list[tuple[str, str]]:
    """Highwire Press tags, as Google Scholar's inclusion guidelines name them."""
    tags = [("citation_title", record.title)]
    tags += [("citation_author", author) for author in record.authors]
    if record.date:
        tags.append(("citation_publication_date", record.date.strftime("%Y/%m/%d")))
    if record.periodical:
        tags.append(("citation_journal_title", record.periodical))
        tags.append(("citation_publisher", record.periodical))
    if record.language:
        tags.append(("citation_language", record.language))
    tags.append(("citation_public_url", record.archive_url))
    tags.append(("citation_fulltext_html_url", record.archive_url))
    return tags


def dublin_core(record: Record) -> list[tuple[str, str]]:
    tags = [("DC.title", record.title), ("DC.type", "Text")]
    tags += [("DC.creator", author) for author in record.authors]
    if record.date:
        tags.append(("DC.date", record.date.isoformat()))
    if record.periodical:
        tags.append(("DC.publisher", record.periodical))
    if record.language:
        tags.append(("DC.language", record.language))
    tags.append(("DC.identifier", record.archive_url))
    if record.original_url:
        tags.append(("DC.source", record.original_url))
    return tags


def coins(record: Record) -> str:
    """The OpenURL ContextObject (Z39.88-2004, key/encoded-value) of a COinS span's title:
    an article in a periodical."""
    fields = [
        ("ctx_ver", "Z39.88-2004"),
        ("rft_val_fmt", "info:ofi/fmt:kev:mtx:journal"),
        ("rfr_id", "info:sid/verbatim"),
        ("rft_id", record.archive_url),
        ("rft.genre", "article"),
        ("rft.atitle", record.title),
    ]
    if record.periodical:
        fields.append(("rft.jtitle", record.periodical))
    if record.date:
        fields.append(("rft.date", record.date.isoformat()))
    fields += [("rft.au", author) for author in record.authors]
    if record.language:
        fields.append(("rft.language", record.language))
    return urlencode(fields)
