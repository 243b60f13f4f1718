"""Pages read as Zotero's translators read them: every <meta name content> of the document
(Embedded Metadata), every span.Z3988 (COinS), every <link> in the head, with an HTML
parser rather than a pattern on our own markup."""

from html.parser import HTMLParser
from urllib.parse import parse_qs


class PageReader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.meta = {}  # lowercased name: [content, ...] in document order
        self.links = []  # attrs of each <link>
        self.coins = []  # parsed ContextObjects

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta" and attrs.get("name"):
            self.meta.setdefault(attrs["name"].lower(), []).append(attrs.get("content", ""))
        elif tag == "link":
            self.links.append(attrs)
        elif tag == "span" and "Z3988" in (attrs.get("class") or "").split():
            self.coins.append(parse_qs(attrs.get("title", ""), strict_parsing=True))


def read(html: str) -> PageReader:
    reader = PageReader()
    reader.feed(html)
    reader.close()
    return reader


def zotero_item(reader: PageReader) -> dict:
    """The item Zotero's Embedded Metadata translator builds from Highwire tags: the type
    from citation_journal_title, the title, creators, date, publication and URL."""
    meta = reader.meta
    first = lambda name: (meta.get(name) or [""])[0]  # noqa: E731
    return {
        "itemType": "journalArticle" if first("citation_journal_title") else "webpage",
        "title": first("citation_title"),
        "creators": meta.get("citation_author", []),
        "date": first("citation_publication_date"),
        "publicationTitle": first("citation_journal_title"),
        "language": first("citation_language"),
        "url": first("citation_public_url"),
    }
