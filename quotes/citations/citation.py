"""The facts a reference to a quote needs, read from the earliest article that printed it,
and the quote's citation in each style."""

import datetime
import re
from dataclasses import dataclass
from functools import cached_property

from django.db.models import Prefetch
from django.utils import timezone

from .. import paths, public
from ..absolute_urls import absolute
from ..models import Printing, Quote
from . import apa7, chicago17, mla9
from .bylines import Author, byline
from .text import NESTED_QUOTES, one_line, quoted, trimmed
from .titles import sentence_case, title_case

# How much of an article's text sentence_case reads for the case of its headline's words.
SENTENCE_CASE_EVIDENCE = 20_000


def citable_quotes():
    """Quotes with what a citation of them reads, in a fixed number of queries."""
    return Quote.objects.select_related("person").prefetch_related(
        Prefetch("printings", queryset=Printing.objects.with_articles(body=True))
    )


def cited_printing(printings):
    """The printing a citation points to: the earliest printed (undated ones last; then the
    first archived, then the first in its article), or None for a quote printed nowhere."""
    return min(printings, key=public.printing_key, default=None)


def printed_words(printings, article_id):
    """What the article `article_id` printed of a quote: its pieces in the order they stand,
    one line each, with "…" between pieces (a citation may not run them together)."""
    pieces = sorted((p for p in printings if p.article_id == article_id), key=lambda p: p.start)
    return " … ".join(one_line(p.text) for p in pieces)


@dataclass(frozen=True)
class Citation:
    """The facts a reference to a quote needs; each style is a property (apa7, mla9 and
    chicago17 write them) and each file a function of quotes.citations.files."""

    short_id: str
    article_id: int | None
    speaker: str
    named: bool
    text: str
    authors: tuple[Author, ...]
    outlet: str
    published: datetime.date | None
    title: str
    title_sentence_case: str
    label: str
    article_url: str
    permalink: str
    archived: datetime.date | None

    @classmethod
    def of(cls, quote, *, printings=None, article=None, request=None):
        """The citation of `quote` as printed in `article`, by default the earliest of
        `printings` (by default its own, best prefetched with `citable_quotes`). The words
        quoted are the article's own, never the statement's canonical text, which may hold
        sentences only another outlet printed. ValueError if `article` did not print it."""
        if printings is None:
            printings = quote.printings.all()
        printings = list(printings)
        if article is not None:
            printings_there = [p for p in printings if p.article_id == article.pk]
            if not printings_there:
                raise ValueError(f"Quote {quote.short_id} is not printed in article {article.pk}.")
            printing = printings_there[0]
        else:
            printing = cited_printing(printings)
        article = printing.article if printing else None
        if quote.person_id:
            speaker, named = quote.person.name, True
        elif quote.speaker_description:
            description = one_line(quote.speaker_description)
            speaker, named = f"{description[:1].upper()}{description[1:]} (unnamed)", False
        else:
            speaker, named = "Unnamed speaker", False
        title = one_line(article.title) if article else ""
        return cls(
            short_id=quote.short_id,
            article_id=article.pk if article else None,
            speaker=one_line(speaker),
            named=named,
            # A quote printed nowhere has only its own words to give.
            text=printed_words(printings, article.pk) if article else one_line(quote.text),
            authors=byline(article.author) if article else (),
            outlet=one_line(article.outlet.name) if article and article.outlet else "",
            published=article.published if article else None,
            title=title,
            # A headline's words are in the article's opening; the rest of a long text
            # would only cost time on every page view.
            title_sentence_case=sentence_case(title, article.body[:SENTENCE_CASE_EVIDENCE])
            if title
            else "",
            label=one_line(article.label) if article else "Untitled article",
            article_url=(article.url or "") if article else "",
            permalink=absolute(paths.cited_path(quote), request),
            archived=timezone.localdate(article.archived_at) if article else None,
        )

    # What the styles share.

    def said(self):
        """The start of the researcher's sentence: who said it."""
        return f"{self.speaker} said, "

    def quotation(self, *, citation_follows):
        """The words in quotation marks, ending as the style's sentence needs: where a
        parenthetical citation follows (APA, MLA), the sentence's full stop moves after it,
        so a closing full stop is dropped (a ?, ! or … stays); before a note number
        (Chicago) the sentence ends inside the marks."""
        words = trimmed(self.text).translate(NESTED_QUOTES)
        if citation_follows:
            return f"“{words[:-1] if words.endswith('.') and not words.endswith('..') else words}”"
        return quoted(words, ".")

    @cached_property
    def headline(self):
        """The title in headline style (title_case), as MLA and Chicago print it and as
        APA's in-text citation of an unsigned article does; worked out once for all styles."""
        return title_case(self.title)

    @property
    def periodical(self):
        """The outlet as MLA and Chicago name a periodical: without an initial "The" (The
        Norland Courier: *Norland Courier*). APA keeps the name as the outlet gives it."""
        return re.sub(r"^the\s+(?=\S)", "", self.outlet, flags=re.IGNORECASE)

    # The styles.

    @property
    def apa(self):
        return apa7.style(self)

    @property
    def mla(self):
        return mla9.style(self)

    @property
    def chicago(self):
        return chicago17.style(self)

    @property
    def styles(self):
        return [self.apa, self.mla, self.chicago]
