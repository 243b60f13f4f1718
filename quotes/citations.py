"""How to cite a quote: the facts a reference needs, and its APA, MLA, Chicago, BibTeX, RIS
and CSL-JSON forms.

What a researcher cites is the news article that printed the words, not the speaker: in all
three manuals a person quoted in a source is not its author. The speaker is named in the
researcher's own sentence, the quotation is credited to the article it was read in, and only
that article goes into the reference list:

- APA 7 §8.6 (secondary sources: "as cited in"), §9.8 and §10.1 example 16 (a newspaper
  article: "Author, A. A. (Year, Month Day). Title in sentence case. *Newspaper*. URL"),
  §9.12 (no author: the title moves to the author's place), §9.17 (no date: "n.d."), §9.22
  (no title: a description in square brackets), §8.14 (in-text, no author: the title in
  quotation marks, title case).
- MLA 9, chapter 6 "Indirect sources" ("qtd. in"); chapter 5, the author element ("Surname,
  Given"; two: "and"; three or more: "et al."), descriptions in place of a title (plain
  words, sentence capitals), a second container (the archive the article was read in, with
  its URL), the optional date of access (given where the source has no date), and an
  initial "The" left out of a periodical's name; Appendix 1 (months abbreviated).
- Chicago 17 §14.260 ("quoted in"), the newspaper sections from §14.191 (the title in
  quotation marks, the paper in italics without an initial "The", "Month Day, Year"; an
  unsigned article listed under the paper in the bibliography), §8.159 (headline-style
  capitalisation), §14.76 (authors), §14.12 (no access date for a dated source).

Section numbers are those of the editions named; where a number could not be checked the
section is named instead.

The article cited is the earliest that printed the words (outlet, date, headline, byline),
and the URL is Verbatim's permalink, where the reader finds that article's archived copy.
"""

import datetime
import json
import re
from dataclasses import dataclass, field
from functools import cached_property

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.encoding import iri_to_uri
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.text import slugify

from . import public
from .absolute_urls import absolute
from .matching import DANGLING_MARKS
from .models import Printing, Quote
from .names import parse_name

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
# MLA 9, Appendix 1: month names longer than four letters are abbreviated in works cited.
MLA_MONTHS = "Jan. Feb. Mar. Apr. May June July Aug. Sept. Oct. Nov. Dec.".split()

MONTH_MACROS = "jan feb mar apr may jun jul aug sep oct nov dec".split()

# Inside a quotation the speaker's own double quotation marks become single ones.
NESTED_QUOTES = str.maketrans({"“": "‘", "”": "’", '"': "'"})
CLOSING_PUNCTUATION = ".?!…"
# A quotation cited ends at no dangling mark (matching.DANGLING_MARKS): texts stored before
# canonical_text dropped them may still hold one.
# How much of an article's text sentence_case reads for the case of its headline's words.
SENTENCE_CASE_EVIDENCE = 20_000


# Reading quotes -------------------------------------------------------------------------------


def citable_quotes():
    """Quotes with what a citation of them reads, in a fixed number of queries."""
    return Quote.objects.select_related("person").prefetch_related(
        Prefetch("printings", queryset=Printing.objects.with_articles(body=True))
    )


def cited_printing(printings):
    """The printing a citation points to: the earliest printed (undated ones last; then the
    first archived, then the first in its article), or None for a quote printed nowhere."""
    return min(printings, key=public.printing_key, default=None)


def one_line(text):
    return " ".join(text.split())


def trimmed(text):
    """The words of a quotation without a dangling comma, semicolon or colon at their end."""
    return one_line(text).rstrip(DANGLING_MARKS + " ")


def quoted(text, punctuation=""):
    """`text` in double quotation marks with `punctuation` inside the closing mark, American
    style, unless the text already ends a sentence (never "?." or ",.")."""
    text = trimmed(text).translate(NESTED_QUOTES)
    if punctuation and not text.endswith(tuple(CLOSING_PUNCTUATION)):
        text += punctuation
    return f"“{text}”"


def sentence(text):
    """`text` ending with a full stop, unless it already ends with closing punctuation."""
    text = text.rstrip(DANGLING_MARKS + " ")
    return text if text.endswith(tuple(CLOSING_PUNCTUATION)) else text + "."


# Names ----------------------------------------------------------------------------------------

# Words that make a byline a group's (an agency, a desk), kept as printed, never inverted.
GROUP_WORDS = {
    "staff", "agency", "agencies", "press", "news", "newsroom", "desk", "reporter",
    "reporters", "correspondent", "correspondents", "editorial", "editors", "board", "service",
    "wire", "team", "bureau",
}  # fmt: skip
# Lower-case particles that belong with the surname ("Ilse van Tongeren": "van Tongeren").
PARTICLES = {"van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "la", "le"}


@dataclass(frozen=True)
class Author:
    """One name of a byline in the forms the styles need."""

    surname: str
    given: tuple[str, ...] = ()
    group: str = ""  # an agency or desk: printed as is in every form

    @classmethod
    def parse(cls, printed):
        printed = one_line(printed).strip(" ,;.")
        words = printed.split()
        if len(words) > 1 and any(w.lower().strip(".,") in GROUP_WORDS for w in words):
            return cls(surname="", group=printed)
        name = parse_name(printed)
        given = [*name.given, *([name.patronymic] if name.patronymic else [])]
        surname = name.surname
        # Russian order puts the patronymic after the given names already; in natural order
        # a particle printed before the surname is read as a given name: give it back.
        while given and given[-1] in PARTICLES and not name.russian_order:
            surname = f"{given.pop()} {surname}"
        if not surname:
            return cls(surname="", group=printed)
        return cls(surname=surname, given=tuple(given))

    @property
    def natural(self):
        """Given names first: "Sergei Alekseevich Galkin"."""
        return self.group or " ".join([*self.given, self.surname])

    @property
    def inverted(self):
        """Surname first, as listed: "Galkin, Sergei Alekseevich"."""
        if self.group or not self.given:
            return self.natural
        return f"{self.surname}, {' '.join(self.given)}"

    @property
    def initials(self):
        """APA's form: "Galkin, S. A."; a hyphenated given name keeps its hyphen ("J.-P.")."""
        if self.group or not self.given:
            return self.natural
        letters = " ".join(
            "-".join(f"{part[:1].upper()}." for part in name.split("-") if part)
            for name in self.given
        )
        return f"{self.surname}, {letters}"

    @property
    def short(self):
        """The surname, for in-text citations."""
        return self.group or self.surname


def byline(printed):
    """The authors of a byline ("By Anna Berg and Olek Sand", "Galkin Sergei Alekseevich",
    "Berg, Anna"): split on "and", "&" and ";", and on commas only between names of two or
    more words each, so that an index's "Galkin, Sergei" stays one name."""
    text = re.sub(r"^by\s+", "", one_line(printed or ""), flags=re.IGNORECASE)
    names = []
    for part in re.split(r"\s*(?:;|&|,?\s\band\b)\s*", text):
        pieces = [p.strip() for p in part.split(",")]
        if len(pieces) > 1 and all(len(p.split()) > 1 for p in pieces):
            names.extend(pieces)
        elif part.strip(" ,"):
            names.append(part)
    return tuple(Author.parse(name) for name in names if name.strip(" ,;."))


def listed(items, conjunction, *, serial=True):
    """ "a", "a and b", "a, b, and c" (serial comma; APA's "&" takes one after two names too)."""
    if len(items) < 2:
        return "".join(items)
    if len(items) == 2 and not serial:
        return f"{items[0]} {conjunction} {items[1]}"
    return f"{', '.join(items[:-1])}, {conjunction} {items[-1]}"


# Titles ---------------------------------------------------------------------------------------

# Chicago 8.159 and MLA 9 (capitalisation of titles): articles, prepositions (whatever their
# length), coordinating conjunctions, "to" and "as" stay lower case inside a title unless first
# or last.
MINOR_WORDS = {
    "a", "an", "the", "and", "but", "or", "nor", "for", "so", "yet", "as", "to", "at", "by",
    "in", "of", "off", "on", "per", "up", "via", "from", "into", "onto", "over", "with",
    "than", "upon", "about", "above", "across", "after", "against", "along", "amid", "among",
    "around", "before", "behind", "below", "beneath", "beside", "besides", "between",
    "beyond", "despite", "down", "during", "except", "inside", "like", "near", "outside",
    "past", "since", "through", "throughout", "toward", "towards", "under", "underneath",
    "until", "unto", "within", "without",
}  # fmt: skip
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
# A title's own part break: the word after it starts a new part, capitalised.
PART_BREAK = (":", "—", "–", "?", "!")


def _words_of(title):
    """(start, end, word, first_of_part) for each word of `title`."""
    found = []
    part_start = True
    last_end = 0
    for match in WORD.finditer(title):
        between = title[last_end : match.start()]
        if any(mark in between for mark in PART_BREAK) or " - " in between:
            part_start = True
        found.append((match.start(), match.end(), match.group(), part_start))
        part_start = False
        last_end = match.end()
    return found


def _rewrite(title, change):
    """`title` with each word replaced by `change(word, part_start, last)`."""
    out, last = [], 0
    words = _words_of(title)
    for index, (start, end, word, part_start) in enumerate(words):
        out.append(title[last:start])
        if title[start - 1 : start].isdigit():
            out.append(word)  # the letters of "21st" or "0th" are not a word of their own
        else:
            out.append(change(word, part_start, index == len(words) - 1))
        last = end
    out.append(title[last:])
    return "".join(out)


def _mixed_case(word):
    """An acronym or a brand (NATO, iPhone, McDonald): its case is not the title's to change."""
    return any(c.isupper() for c in word[1:])


def title_case(title):
    """Headline style (Chicago 8.159; MLA 9, capitalisation of titles): principal words
    capitalised, minor ones lower case unless they open or close the title or one of its
    parts."""

    def change(word, part_start, last):
        if _mixed_case(word):
            return word
        if not (part_start or last) and word.lower() in MINOR_WORDS:
            return word.lower()
        return word[:1].upper() + word[1:]

    return _rewrite(one_line(title), change)


def sentence_case(title, body=""):
    """APA's sentence case (APA 7 §6.17): the first word of the title and of each part
    capitalised; a minor word (MINOR_WORDS) lowered, and another capitalised word only where
    the article's own text prints it in lower case and never capitalised within a sentence: a
    name ("Varra", "Lindmark") keeps its capital because the article shows it is one, and a
    word the article does not use keeps the case the headline gave it."""
    title = one_line(title)
    # The words only the article can settle: capitalised inside a part, neither minor nor
    # mixed case. A title with none is not looked up in the text at all.
    asked = {
        word.lower()
        for _, _, word, part_start in _words_of(title)
        if not part_start
        and word[:1].isupper()
        and not _mixed_case(word)
        and word.lower() not in MINOR_WORDS
    }
    lower, proper = _word_cases(body, asked) if asked else (set(), set())

    def change(word, part_start, last):
        if part_start:
            return word[:1].upper() + word[1:]
        if _mixed_case(word) or not word[:1].isupper():
            return word
        key = word.lower()
        if key in MINOR_WORDS or (key in lower and key not in proper):
            return key
        return word

    return _rewrite(title, change)


def _word_cases(body, asked):
    """Of the words `asked` (in lower case), those `body` prints in lower case, and those it
    capitalises inside a sentence (not after a full stop, a colon or an opening quotation
    mark)."""
    lower, proper = set(), set()
    for match in WORD.finditer(body or ""):
        word = match.group()
        if word.islower():
            if word in asked:
                lower.add(word)
            continue
        if word.lower() not in asked:
            continue
        if not word[:1].isupper() or _mixed_case(word):
            continue
        gap = body[max(0, match.start() - 20) : match.start()]
        before = gap.rstrip()
        opens = not before or "\n" in gap[len(before) :] or before[-1] in ".?!:;\"“‘'«—–-("
        if not opens:
            proper.add(word.lower())
    return lower, proper


# Dates ----------------------------------------------------------------------------------------


def iso(date):
    return date.isoformat() if date else ""


def american_date(date):
    return f"{MONTHS[date.month - 1]} {date.day}, {date.year}"


def british_date(date):
    return f"{date.day} {MONTHS[date.month - 1]} {date.year}"


def mla_date(date):
    return f"{date.day} {MLA_MONTHS[date.month - 1]} {date.year}"


def date_parts(date):
    return {"date-parts": [[date.year, date.month, date.day]]}


# Text with italics ----------------------------------------------------------------------------


class Styled(list):
    """Pieces of a citation, plain strings or (text, "i") for italics, so that one list
    gives both the plain text to copy and the HTML to show."""

    @property
    def text(self):
        return "".join(p if isinstance(p, str) else p[0] for p in self)

    @property
    def html(self):
        return mark_safe(  # noqa: S308 - every piece escaped here
            "".join(
                conditional_escape(p) if isinstance(p, str) else format_html("<i>{}</i>", p[0])
                for p in self
            )
        )


@dataclass(frozen=True)
class Style:
    """One style's citation: the researcher's sentence quoting the words with its in-text
    citation (or note), and the reference list entry."""

    name: str
    in_text_label: str
    in_text: Styled
    entry_label: str
    entry: Styled
    note_label: str = ""
    note: Styled = field(default_factory=Styled)

    def __str__(self):
        return self.entry.text


# The citation ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Citation:
    """The facts a reference to a quote needs; each format is a property or method."""

    short_id: str
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
    def of(cls, quote, *, printings=None, request=None):
        """The citation of `quote`, cited from the earliest of `printings` (by default its
        own, best prefetched with `citable_quotes`)."""
        if printings is None:
            printings = quote.printings.all()
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
            speaker=one_line(speaker),
            named=named,
            text=one_line(quote.text),
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
            permalink=absolute(public.page_path(quote), request),
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

    # APA 7.

    def apa_authors(self):
        names = [a.initials for a in self.authors]
        if len(names) == 2:
            return f"{names[0]}, & {names[1]}"
        return listed(names, "&")

    def apa_in_text_source(self):
        if self.authors:
            short = [a.short for a in self.authors]
            who = (
                short[0]
                if len(short) == 1
                else " & ".join(short)
                if len(short) == 2
                else f"{short[0]} et al."
            )
        elif self.title:
            # §8.14: the title in title case, its comma inside the closing mark.
            return f"{quoted(self.headline, ',')} {self.apa_year}"
        else:
            who = f"[{self.label}]"
        return f"{who}, {self.apa_year}"

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

    @property
    def apa_year(self):
        return str(self.published.year) if self.published else "n.d."

    @property
    def apa(self):
        """APA 7: the sentence with its "as cited in" citation (§8.6) and the reference list
        entry of the newspaper article (§10.1, example 16)."""
        in_text = Styled(
            [
                f"{self.said()}{self.quotation(citation_follows=True)} "
                f"(as cited in {self.apa_in_text_source()})."
            ]
        )
        date = (
            f"{self.published.year}, {MONTHS[self.published.month - 1]} {self.published.day}"
            if self.published
            else "n.d."
        )
        title = sentence(self.title_sentence_case) if self.title else f"[{self.label}]."
        entry = Styled()
        if self.authors:
            entry += [f"{sentence(self.apa_authors())} ({date}). {title} "]
        else:
            # §9.12: no author, the title takes its place.
            entry += [f"{title} ({date}). "]
        if self.outlet:
            entry += [(self.outlet, "i"), ". "]
        entry += [self.permalink]
        return Style("APA", "In your text", in_text, "Reference list", entry)

    # MLA 9.

    def mla_authors(self):
        if len(self.authors) >= 3:
            return f"{self.authors[0].inverted}, et al."
        names = [a.inverted if i == 0 else a.natural for i, a in enumerate(self.authors)]
        return f"{names[0]}, and {names[1]}" if len(names) == 2 else "".join(names)

    def mla_in_text_source(self):
        if self.authors:
            short = [a.short for a in self.authors]
            if len(short) >= 3:
                return f"{short[0]} et al."
            return " and ".join(short)
        if self.title:
            return quoted(self.headline)
        return self.label

    @property
    def mla(self):
        """MLA 9: the sentence with "qtd. in" (indirect sources) and the works-cited entry, with
        Verbatim as the second container holding the article."""
        in_text = Styled(
            [
                f"{self.said()}{self.quotation(citation_follows=True)} "
                f"(qtd. in {self.mla_in_text_source()})."
            ]
        )
        entry = Styled()
        if self.authors:
            entry += [sentence(self.mla_authors()) + " "]
        entry += [quoted(self.headline, ".") if self.title else sentence(self.label)]
        container = []
        if self.outlet:
            container.append((self.periodical, "i"))
        if self.published:
            container.append(mla_date(self.published))
        if container:
            entry += [" "]
            for i, piece in enumerate(container):
                entry += [piece] if i == 0 else [", ", piece]
            entry += ["."]
        entry += [f" {SITE_NAME}, {self.permalink}."]
        if not self.published and self.archived:
            # An undated source is dated by when it was consulted (MLA's optional date of
            # access, recommended for undated sources): here, the day Verbatim archived it.
            entry += [f" Accessed {mla_date(self.archived)}."]
        return Style("MLA", "In your text", in_text, "Works cited", entry)

    # Chicago 17, notes and bibliography.

    def chicago_note_authors(self):
        names = [a.natural for a in self.authors]
        if len(names) >= 4:
            return f"{names[0]} et al."
        return listed(names, "and", serial=len(names) > 2)

    def chicago_bibliography_authors(self):
        # §14.76: "Ward, Geoffrey C., and Ken Burns": a comma closes the inverted name.
        names = [a.inverted if i == 0 else a.natural for i, a in enumerate(self.authors)]
        return listed(names, "and")

    @property
    def chicago_date(self):
        return american_date(self.published) if self.published else "n.d."

    @property
    def chicago(self):
        """Chicago 17: the sentence with its note number, the note ("quoted in", §14.260) and
        the bibliography entry (newspapers, from §14.191; an unsigned article under the
        paper's name)."""
        in_text = Styled([f"{self.said()}{self.quotation(citation_follows=False)}¹"])
        title = self.headline if self.title else ""
        # The note: one sentence of commas. A title ending in ? or ! takes no comma (§6.119).
        note = Styled([f"1. {self.speaker}, quoted in "])
        if self.authors:
            note += [f"{self.chicago_note_authors()}, "]
        if title:
            note += [quoted(title, ",") + " "]
        else:
            # A description, not a title: lower case within the note.
            note += [f"{self.label[:1].lower()}{self.label[1:]}, "]
        if self.outlet:
            note += [(self.periodical, "i"), ", "]
        note += [f"{self.chicago_date}, {self.permalink}."]

        entry = Styled()
        if self.authors:
            entry += [sentence(self.chicago_bibliography_authors()) + " "]
        elif self.outlet:
            entry += [(self.periodical, "i"), ". "]
        entry += [(quoted(title, ".") if title else sentence(self.label)) + " "]
        if self.outlet and self.authors:
            entry += [(self.periodical, "i"), f", {self.chicago_date}. "]
        else:
            entry += [f"{sentence(self.chicago_date)} "]
        entry += [f"{self.permalink}."]
        return Style("Chicago", "In your text", in_text, "Bibliography", entry, "Note", note)

    @property
    def styles(self):
        return [self.apa, self.mla, self.chicago]

    # Files: the article, with the quotation in a note.

    @property
    def key(self):
        """A BibTeX key safe in any tool: ASCII letters and digits, the first author's
        surname (or the speaker's last name, or "quote"), the year and the permalink's id
        (which makes it unique)."""
        source = self.authors[0].short if self.authors else (self.speaker if self.named else "")
        words = slugify(source).split("-")
        name = re.sub(r"[^a-z0-9]", "", words[-1]) or "quote"
        year = str(self.published.year) if self.published else "nd"
        return f"{name}{year}{re.sub(r'[^A-Za-z0-9]', '', self.short_id)}"

    @property
    def file_title(self):
        """The article's title, or its description in brackets (APA §9.22)."""
        return self.title or f"[{self.label}]"

    @property
    def note(self):
        """Who said what, and where it is archived: the formats have no field of their own
        for a quotation inside the work they describe."""
        note = f"{self.speaker}, quoted: {quoted(self.text)}"
        if self.archived:
            note += f"; archived by {SITE_NAME} on {iso(self.archived)}"
        return note

    def bibtex(self):
        """A @misc entry (the form BibTeX and biblatex styles both take for a web source):
        every text field escaped for LaTeX, the URL percent-encoded."""
        authors = " and ".join(
            "{" + bibtex_escape(a.group) + "}"
            if a.group
            else bibtex_escape(a.inverted)
            if a.given
            # Braces keep a one-word name whole: BibTeX would read it as a surname anyway.
            else "{" + bibtex_escape(a.surname) + "}"
            for a in self.authors
        )
        fields = [
            ("author", authors),
            ("title", "{" + bibtex_escape(self.file_title) + "}"),
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
        lines = [("TY", "NEWS"), ("ID", self.short_id)]
        lines += [("AU", a.inverted) for a in self.authors]
        lines.append(("TI", self.file_title))
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
        return "".join(f"{tag}  - {one_line(value)}\r\n" for tag, value in lines)

    def csl(self):
        """The CSL-JSON item (article-newspaper) as a dict."""
        item = {
            "id": self.key,
            "type": "article-newspaper",
            "title": self.file_title,
            "URL": self.permalink,
            "note": self.note,
            "archive": SITE_NAME,
        }
        if self.authors:
            item["author"] = [
                {"literal": a.group}
                if a.group
                else {"family": a.surname, **({"given": " ".join(a.given)} if a.given else {})}
                for a in self.authors
            ]
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
