"""How to cite a quote: the facts a reference needs, and its APA, MLA, Chicago, BibTeX, RIS
and CSL-JSON forms.

What is cited is the statement as the news printed it: the speaker is the author, the quoted
words are the title, and the earliest article that printed them (outlet, date, headline) is
where it was "quoted in". Verbatim's permalink is the URL, and the day Verbatim archived that
article stands as the access date: it is the day the copy behind the permalink was taken, so
the reference stays the same whoever generates it and whenever. The text patterns are:

APA (7th ed., a news article, the speaker credited as author, "Quoted in" in brackets)::

    Speaker. (2031, June 1). “Words.” [Quoted in Headline]. Outlet.
    Retrieved June 3, 2031, from https://…/q/abcd2345/

MLA (9th ed., the quotation as the title of the source, "Quoted in" the container)::

    Speaker. “Words.” Quoted in “Headline.” Outlet, 1 June 2031.
    Verbatim, https://…/q/abcd2345/. Accessed 3 June 2031.

Chicago (17th ed., bibliography entry, "as quoted in" the article)::

    Speaker. “Words.” As quoted in “Headline.” Outlet, June 1, 2031.
    Verbatim. https://…/q/abcd2345/ (accessed June 3, 2031).

An unknown date gives "(n.d.)" in APA and "n.d." in the others; an unknown outlet or an
untitled article leaves that element out. Names are given as printed, never inverted to
"Surname, Given": the archive holds names from many languages, and a wrong split is worse
than none (CSL-JSON uses a `literal` name for the same reason).
"""

import datetime
import json
import re
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.encoding import iri_to_uri
from django.utils.text import slugify

from . import public
from .models import Appearance, Quote

SITE_NAME = "Verbatim"

MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]

MONTH_MACROS = "jan feb mar apr may jun jul aug sep oct nov dec".split()

# Inside a quotation the speaker's own double quotation marks become single ones.
NESTED_QUOTES = str.maketrans({"“": "‘", "”": "’", '"': "'"})
CLOSING_PUNCTUATION = ".?!…"


def site_url(request=None):
    """The site's origin for absolute links: SITE_URL, so that a citation or canonical link
    does not depend on the Host header it was asked for with; the request's own origin only
    where SITE_URL is empty."""
    if settings.SITE_URL or request is None:
        return settings.SITE_URL
    return request.build_absolute_uri("/").rstrip("/")


def absolute(path, request=None):
    return site_url(request) + path


def citable_quotes():
    """Quotes with what a citation of them reads, in a fixed number of queries."""
    return Quote.objects.select_related("person").prefetch_related(
        Prefetch("appearances", queryset=Appearance.objects.select_related("article__outlet"))
    )


def cited_appearance(appearances):
    """The appearance a citation points to: the earliest printed (undated ones last; then the
    first archived, then the first in its article), or None for a quote printed nowhere."""
    return min(appearances, key=public.printing_key, default=None)


def one_line(text):
    return " ".join(text.split())


def quoted(text, punctuation=""):
    """`text` in double quotation marks with `punctuation` inside the closing mark, American
    style, unless the text already ends a sentence."""
    text = one_line(text).translate(NESTED_QUOTES)
    if punctuation and not text.endswith(tuple(CLOSING_PUNCTUATION)):
        text += punctuation
    return f"“{text}”"


def sentence(text):
    """`text` ending with a full stop, unless it already ends with closing punctuation."""
    return text if text.endswith(tuple(CLOSING_PUNCTUATION)) else text + "."


@dataclass(frozen=True)
class Citation:
    """The facts a reference to a quote needs; each format is a method."""

    short_id: str
    speaker: str
    named: bool
    text: str
    outlet: str
    published: datetime.date | None
    title: str
    article_url: str
    permalink: str
    archived: datetime.date | None

    @classmethod
    def of(cls, quote, *, appearances=None, request=None):
        """The citation of `quote`, cited from the earliest of `appearances` (by default its
        own, best prefetched with `citable_quotes`)."""
        if appearances is None:
            appearances = quote.appearances.all()
        appearance = cited_appearance(appearances)
        article = appearance.article if appearance else None
        if quote.person_id:
            speaker, named = quote.person.name, True
        elif quote.speaker_description:
            description = one_line(quote.speaker_description)
            speaker, named = f"{description[:1].upper()}{description[1:]} (unnamed)", False
        else:
            speaker, named = "Unnamed speaker", False
        return cls(
            short_id=quote.short_id,
            speaker=one_line(speaker),
            named=named,
            text=one_line(quote.text),
            outlet=one_line(article.outlet.name) if article and article.outlet else "",
            published=article.published if article else None,
            title=one_line(article.title) if article else "",
            article_url=(article.url or "") if article else "",
            permalink=absolute(quote.get_absolute_url(), request),
            archived=timezone.localdate(article.archived_at) if article else None,
        )

    # Text styles.

    @property
    def apa(self):
        date = (
            f"{self.published.year}, {MONTHS[self.published.month - 1]} {self.published.day}"
            if self.published
            else "n.d."
        )
        parts = [f"{sentence(self.speaker)} ({date}). {quoted(self.text, '.')}"]
        parts.append(f"[Quoted in {self.title or 'an untitled article'}].")
        if self.outlet:
            parts.append(sentence(self.outlet))
        retrieved = f"Retrieved {american_date(self.archived)}, from" if self.archived else ""
        parts.append(f"{retrieved} {self.permalink}".strip())
        return " ".join(parts)

    @property
    def mla(self):
        parts = [sentence(self.speaker), quoted(self.text, ".")]
        source = ["Quoted in " + (quoted(self.title, ".") if self.title else "an untitled article")]
        where = ", ".join(
            filter(None, [self.outlet, british_date(self.published) if self.published else ""])
        )
        if not self.title:
            source[0] += "," if where else "."
        parts.extend(source)
        if where:
            parts.append(where + ".")
        parts.append(f"{SITE_NAME}, {self.permalink}.")
        if self.archived:
            parts.append(f"Accessed {british_date(self.archived)}.")
        return " ".join(parts)

    @property
    def chicago(self):
        parts = [sentence(self.speaker), quoted(self.text, ".")]
        parts.append(
            "As quoted in " + (quoted(self.title, ".") if self.title else "an untitled article.")
        )
        date = american_date(self.published) if self.published else "n.d."
        parts.append(f"{self.outlet}, {date}." if self.outlet else sentence(date))
        accessed = f" (accessed {american_date(self.archived)})" if self.archived else ""
        parts.append(f"{SITE_NAME}. {self.permalink}{accessed}.")
        return " ".join(parts)

    # Files.

    @property
    def key(self):
        """A BibTeX key safe in any tool: ASCII letters and digits, the speaker's last name
        where it has any, the year and the permalink's id (which makes it unique)."""
        words = slugify(self.speaker if self.named else "").split("-")
        name = re.sub(r"[^a-z0-9]", "", words[-1]) or "quote"
        year = str(self.published.year) if self.published else "nd"
        return f"{name}{year}{re.sub(r'[^A-Za-z0-9]', '', self.short_id)}"

    @property
    def note(self):
        """Where the words were printed, for the formats with no field of their own for it."""
        headline = quoted(self.title) if self.title else "an untitled article"
        where = ", ".join(filter(None, [self.outlet, iso(self.published)]))
        note = f"Quoted in {headline}" + (f" ({where})" if where else "")
        if self.archived:
            note += f"; archived by {SITE_NAME} on {iso(self.archived)}"
        return note

    def bibtex(self):
        """A @misc entry (the form BibTeX and biblatex styles both take for a web source):
        every text field escaped for LaTeX, the URL percent-encoded."""
        author = bibtex_escape(self.speaker)
        fields = [
            # Braces keep an unnamed speaker's description from being parsed as a name.
            ("author", author if self.named else "{" + author + "}"),
            ("title", "{" + bibtex_escape(self.text) + "}"),
            ("howpublished", bibtex_escape(self.outlet)),
            ("year", str(self.published.year) if self.published else ""),
            ("month", MONTH_MACROS[self.published.month - 1] if self.published else ""),
            ("date", iso(self.published)),
            ("url", bibtex_url(self.permalink)),
            ("urldate", iso(self.archived)),
            ("note", bibtex_escape(self.note)),
        ]
        body = ",\n".join(
            # The month is BibTeX's own macro (jan, feb, ...), which styles print in full.
            f"  {name} = {value}" if name == "month" else f"  {name} = {{{value}}}"
            for name, value in fields
            if value
        )
        return f"@misc{{{self.key},\n{body}\n}}\n"

    def ris(self):
        """A RIS record (TY NEWS), one tag a line, CRLF line ends as the format asks."""
        lines = [("TY", "NEWS"), ("ID", self.short_id), ("AU", self.speaker), ("TI", self.text)]
        if self.outlet:
            lines.append(("T2", self.outlet))
        if self.published:
            lines.append(("PY", str(self.published.year)))
            lines.append(("DA", self.published.strftime("%Y/%m/%d")))
        lines.append(("UR", self.permalink))
        if self.archived:
            lines.append(("Y2", self.archived.strftime("%Y/%m/%d")))
        lines.append(("DB", SITE_NAME))
        lines.append(("N1", self.note))
        lines.append(("ER", ""))
        return "".join(f"{tag}  - {value}\r\n" for tag, value in lines)

    def csl(self):
        """The CSL-JSON item (article-newspaper) as a dict."""
        item = {
            "id": self.key,
            "type": "article-newspaper",
            "author": [{"literal": self.speaker}],
            "title": self.text,
            "URL": self.permalink,
            "note": self.note,
            "archive": SITE_NAME,
        }
        if self.outlet:
            item["container-title"] = self.outlet
        if self.published:
            item["issued"] = date_parts(self.published)
        if self.archived:
            item["accessed"] = date_parts(self.archived)
        return item

    def csl_json(self):
        """A CSL-JSON file: a list of items, here one."""
        return json.dumps([self.csl()], ensure_ascii=False, indent=2) + "\n"


def iso(date):
    return date.isoformat() if date else ""


def american_date(date):
    return f"{MONTHS[date.month - 1]} {date.day}, {date.year}"


def british_date(date):
    return f"{date.day} {MONTHS[date.month - 1]} {date.year}"


def date_parts(date):
    return {"date-parts": [[date.year, date.month, date.day]]}


BIBTEX_SPECIALS = {
    "\\": r"\textbackslash{}",
    # Not \{ and \}: BibTeX counts every brace, escaped or not, so a lone one would
    # unbalance the field.
    "{": r"\textbraceleft{}",
    "}": r"\textbraceright{}",
    "%": r"\%",
    "&": r"\&",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}
BIBTEX_SPECIAL = re.compile("|".join(re.escape(c) for c in BIBTEX_SPECIALS))


def bibtex_escape(text):
    """`text` with LaTeX's special characters escaped, in one pass so that the braces an
    escape adds are not escaped again."""
    return BIBTEX_SPECIAL.sub(lambda m: BIBTEX_SPECIALS[m.group()], text)


def bibtex_url(url):
    """A URL for BibTeX's verbatim url field: percent-encoded, so no brace or backslash can
    unbalance the entry; % and # are left as they are since the field is read verbatim."""
    return iri_to_uri(url).replace("{", "%7B").replace("}", "%7D").replace("\\", "%5C")


# The downloadable files: format name in the URL → (content type, method).
FILES = {
    "bib": ("application/x-bibtex; charset=utf-8", Citation.bibtex),
    "ris": ("application/x-research-info-systems; charset=utf-8", Citation.ris),
    "json": ("application/vnd.citationstyles.csl+json; charset=utf-8", Citation.csl_json),
}
