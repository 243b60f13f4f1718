"""A quote's citation as a file to download: BibTeX, RIS or CSL-JSON. Each describes the
article, with the quotation in a note."""

import json
import re

from django.utils.encoding import iri_to_uri
from django.utils.text import slugify

from .dates import date_parts, iso
from .text import SITE_NAME, one_line, quoted

MONTH_MACROS = "jan feb mar apr may jun jul aug sep oct nov dec".split()

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


def key(citation):
    """A BibTeX key safe in any tool: ASCII letters and digits, the first author's
    surname (or the speaker's last name, or "quote"), the year and the permalink's id
    (which makes it unique)."""
    authors = citation.authors
    source = authors[0].short if authors else (citation.speaker if citation.named else "")
    words = slugify(source).split("-")
    name = re.sub(r"[^a-z0-9]", "", words[-1]) or "quote"
    year = str(citation.published.year) if citation.published else "nd"
    return f"{name}{year}{re.sub(r'[^A-Za-z0-9]', '', citation.short_id)}"


def file_title(citation):
    """The article's title, or its description in brackets (APA §9.22)."""
    return citation.title or f"[{citation.label}]"


def note(citation):
    """Who said what, and where it is archived: the formats have no field of their own
    for a quotation inside the work they describe."""
    note = f"{citation.speaker}, quoted: {quoted(citation.text)}"
    if citation.archived:
        note += f"; archived by {SITE_NAME} on {iso(citation.archived)}"
    return note


def bibtex(citation):
    """A @misc entry (the form BibTeX and biblatex styles both take for a web source):
    every text field escaped for LaTeX, the URL percent-encoded."""
    authors = " and ".join(
        "{" + bibtex_escape(a.group) + "}"
        if a.group
        else bibtex_escape(a.inverted)
        if a.given
        # Braces keep a one-word name whole: BibTeX would read it as a surname anyway.
        else "{" + bibtex_escape(a.surname) + "}"
        for a in citation.authors
    )
    published = citation.published
    fields = [
        ("author", authors),
        ("title", "{" + bibtex_escape(file_title(citation)) + "}"),
        ("howpublished", bibtex_escape(citation.outlet)),
        ("year", str(published.year) if published else ""),
        ("month", MONTH_MACROS[published.month - 1] if published else ""),
        ("date", iso(published)),
        ("url", bibtex_url(citation.permalink)),
        ("urldate", iso(citation.archived)),
        ("note", bibtex_escape(note(citation))),
    ]
    body = ",\n".join(
        # The month is BibTeX's own macro (jan, feb, ...), which styles print in full.
        f"  {name} = {value}" if name == "month" else f"  {name} = {{{value}}}"
        for name, value in fields
        if value
    )
    return f"@misc{{{key(citation)},\n{body}\n}}\n"


def ris(citation):
    """A RIS record (TY NEWS), one tag a line, CRLF line ends as the format asks."""
    lines = [("TY", "NEWS"), ("ID", citation.short_id)]
    lines += [("AU", a.inverted) for a in citation.authors]
    lines.append(("TI", file_title(citation)))
    if citation.outlet:
        lines.append(("T2", citation.outlet))
    if citation.published:
        lines.append(("PY", str(citation.published.year)))
        lines.append(("DA", citation.published.strftime("%Y/%m/%d")))
    lines.append(("UR", citation.permalink))
    if citation.archived:
        lines.append(("Y2", citation.archived.strftime("%Y/%m/%d")))
    lines.append(("DB", SITE_NAME))
    lines.append(("N1", note(citation)))
    lines.append(("ER", ""))
    return "".join(f"{tag}  - {one_line(value)}\r\n" for tag, value in lines)


def csl(citation):
    """The CSL-JSON item (article-newspaper) as a dict."""
    item = {
        "id": key(citation),
        "type": "article-newspaper",
        "title": file_title(citation),
        "URL": citation.permalink,
        "note": note(citation),
        "archive": SITE_NAME,
    }
    if citation.authors:
        item["author"] = [
            {"literal": a.group}
            if a.group
            else {"family": a.surname, **({"given": " ".join(a.given)} if a.given else {})}
            for a in citation.authors
        ]
    if citation.outlet:
        item["container-title"] = citation.outlet
    if citation.published:
        item["issued"] = date_parts(citation.published)
    if citation.archived:
        item["accessed"] = date_parts(citation.archived)
    return item


def csl_json(citation):
    """A CSL-JSON file: a list of items, here one."""
    return json.dumps([csl(citation)], ensure_ascii=False, indent=2) + "\n"


# The downloadable files: format name in the URL → (content type, function of a Citation).
FILES = {
    "bib": ("application/x-bibtex; charset=utf-8", bibtex),
    "ris": ("application/x-research-info-systems; charset=utf-8", ris),
    "json": ("application/vnd.citationstyles.csl+json; charset=utf-8", csl_json),
}
