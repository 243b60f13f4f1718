"""A quote's citation in APA 7: the sentence with "as cited in" and the reference list entry.

The sections followed: §8.6 (secondary sources: "as cited in"), §9.8 and §10.1 example 16 (a
newspaper article: "Author, A. A. (Year, Month Day). Title in sentence case. *Newspaper*.
URL"), §9.12 (no author: the title moves to the author's place), §9.17 (no date: "n.d."),
§9.22 (no title: a description in square brackets), §8.14 (in-text, no author: the title in
quotation marks, title case), §9.16 (a date the copy was retrieved, given here as the day
Verbatim archived the article). Section numbers are those of the 7th edition."""

from .bylines import listed
from .dates import MONTHS, american_date
from .styled import IN_YOUR_TEXT, REFERENCE_LIST, Style, Styled
from .text import quoted, sentence


def authors(citation):
    names = [a.initials for a in citation.authors]
    if len(names) == 2:
        return f"{names[0]}, & {names[1]}"
    return listed(names, "&")


def year(citation):
    return str(citation.published.year) if citation.published else "n.d."


def in_text_source(citation):
    if citation.authors:
        short = [a.short for a in citation.authors]
        who = (
            short[0]
            if len(short) == 1
            else " & ".join(short)
            if len(short) == 2
            else f"{short[0]} et al."
        )
    elif citation.title:
        # §8.14: the title in title case, its comma inside the closing mark.
        return f"{quoted(citation.headline, ',')} {year(citation)}"
    else:
        who = f"[{citation.label}]"
    return f"{who}, {year(citation)}"


def style(citation):
    """APA 7: the sentence with its "as cited in" citation (§8.6) and the reference list
    entry of the newspaper article (§10.1, example 16)."""
    in_text = Styled(
        [
            f"{citation.said()}{citation.quotation(citation_follows=True)} "
            f"(as cited in {in_text_source(citation)})."
        ]
    )
    published = citation.published
    date = (
        f"{published.year}, {MONTHS[published.month - 1]} {published.day}" if published else "n.d."
    )
    title = sentence(citation.title_sentence_case) if citation.title else f"[{citation.label}]."
    entry = Styled()
    if citation.authors:
        entry += [f"{sentence(authors(citation))} ({date}). {title} "]
    else:
        # §9.12: no author, the title takes its place.
        entry += [f"{title} ({date}). "]
    if citation.outlet:
        entry += [(citation.outlet, "i"), ". "]
    if citation.archived:
        # The archived copy the URL leads to is dated as a retrieval date is (§9.16).
        entry += [f"Archived {american_date(citation.archived)}. "]
    entry += [citation.permalink]
    return Style("APA", IN_YOUR_TEXT, in_text, REFERENCE_LIST, entry)
