"""A quote's citation in Chicago 17 (notes and bibliography): the sentence with its note
number, the note and the bibliography entry.

The sections followed: §14.260 ("quoted in"), the newspaper sections from §14.191 (the title
in quotation marks, the paper in italics without an initial "The", "Month Day, Year"; an
unsigned article listed under the paper in the bibliography), §8.159 (headline-style
capitalisation), §14.76 (authors), §14.12 (no access date for a dated source). Section
numbers are those of the 17th edition."""

from .bylines import listed
from .dates import american_date
from .styled import BIBLIOGRAPHY, IN_YOUR_TEXT, NOTE, Style, Styled
from .text import quoted, sentence


def note_authors(citation):
    names = [a.natural for a in citation.authors]
    if len(names) >= 4:
        return f"{names[0]} et al."
    return listed(names, "and", serial=len(names) > 2)


def bibliography_authors(citation):
    # §14.76: "Ward, Geoffrey C., and Ken Burns": a comma closes the inverted name.
    names = [a.inverted if i == 0 else a.natural for i, a in enumerate(citation.authors)]
    return listed(names, "and")


def date(citation):
    return american_date(citation.published) if citation.published else "n.d."


def archived(citation):
    """The day Verbatim archived the article, as the note gives it (a copy's date, like an
    access date, §14.12), before the URL; nothing when unknown."""
    return f"archived {american_date(citation.archived)}, " if citation.archived else ""


def note(citation, title):
    """The note: one sentence of commas. A title ending in ? or ! takes no comma (§6.119)."""
    note = Styled([f"1. {citation.speaker}, quoted in "])
    if citation.authors:
        note += [f"{note_authors(citation)}, "]
    if title:
        note += [quoted(title, ",") + " "]
    else:
        # A description, not a title: lower case within the note.
        note += [f"{citation.label[:1].lower()}{citation.label[1:]}, "]
    if citation.outlet:
        note += [(citation.periodical, "i"), ", "]
    note += [f"{date(citation)}, {archived(citation)}{citation.permalink}."]
    return note


def bibliography_entry(citation, title):
    entry = Styled()
    if citation.authors:
        entry += [sentence(bibliography_authors(citation)) + " "]
    elif citation.outlet:
        entry += [(citation.periodical, "i"), ". "]
    entry += [(quoted(title, ".") if title else sentence(citation.label)) + " "]
    if citation.outlet and citation.authors:
        entry += [(citation.periodical, "i"), f", {date(citation)}. "]
    else:
        entry += [f"{sentence(date(citation))} "]
    if citation.archived:
        entry += [f"Archived {american_date(citation.archived)}. "]
    entry += [f"{citation.permalink}."]
    return entry


def style(citation):
    """Chicago 17: the sentence with its note number, the note ("quoted in", §14.260) and
    the bibliography entry (newspapers, from §14.191; an unsigned article under the
    paper's name)."""
    in_text = Styled([f"{citation.said()}{citation.quotation(citation_follows=False)}¹"])
    title = citation.headline if citation.title else ""
    return Style(
        "Chicago",
        IN_YOUR_TEXT,
        in_text,
        BIBLIOGRAPHY,
        bibliography_entry(citation, title),
        NOTE,
        note(citation, title),
    )
