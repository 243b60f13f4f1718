"""A quote's citation in MLA 9: the sentence with "qtd. in" and the works-cited entry.

The sections followed: chapter 6 "Indirect sources" ("qtd. in"); chapter 5, the author
element ("Surname, Given"; two: "and"; three or more: "et al."), descriptions in place of a
title (plain words, sentence capitals), a second container (the archive the article was read
in, with the date it archived the article and its URL), and an
initial "The" left out of a periodical's name; Appendix 1 (months abbreviated). Where a
section's number could not be checked, the section is named instead."""

from .dates import mla_date
from .styled import IN_YOUR_TEXT, WORKS_CITED, Style, Styled
from .text import SITE_NAME, quoted, sentence


def authors(citation):
    if len(citation.authors) >= 3:
        return f"{citation.authors[0].inverted}, et al."
    names = [a.inverted if i == 0 else a.natural for i, a in enumerate(citation.authors)]
    return f"{names[0]}, and {names[1]}" if len(names) == 2 else "".join(names)


def in_text_source(citation):
    if citation.authors:
        short = [a.short for a in citation.authors]
        if len(short) >= 3:
            return f"{short[0]} et al."
        return " and ".join(short)
    if citation.title:
        return quoted(citation.headline)
    return citation.label


def style(citation):
    """MLA 9: the sentence with "qtd. in" (indirect sources) and the works-cited entry, with
    Verbatim as the second container holding the article."""
    in_text = Styled(
        [
            f"{citation.said()}{citation.quotation(citation_follows=True)} "
            f"(qtd. in {in_text_source(citation)})."
        ]
    )
    entry = Styled()
    if citation.authors:
        entry += [sentence(authors(citation)) + " "]
    entry += [quoted(citation.headline, ".") if citation.title else sentence(citation.label)]
    container = []
    if citation.outlet:
        container.append((citation.periodical, "i"))
    if citation.published:
        container.append(mla_date(citation.published))
    if container:
        entry += [" "]
        for i, piece in enumerate(container):
            entry += [piece] if i == 0 else [", ", piece]
        entry += ["."]
    # The second container, Verbatim, with its own date: the day it archived the article.
    archived = f"{mla_date(citation.archived)}, " if citation.archived else ""
    entry += [f" {SITE_NAME}, {archived}{citation.permalink}."]
    return Style("MLA", IN_YOUR_TEXT, in_text, WORKS_CITED, entry)
