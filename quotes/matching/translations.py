"""Linking a statement to the quote it translates: the same person's quotes printed within
days in another language, each weighed by `evidence.weigh`. A read: nothing is written.

Fingerprints never meet across languages, so the candidates are chosen by what a
translation keeps: its speaker (one Person, whatever the script of the name) and its days.
"""

from dataclasses import dataclass, field
from datetime import date, timedelta

from archive.languages import CYRILLIC, CYRILLIC_IN_SQL, detect

from ..extraction.text import words
from ..models import Printing, Quote
from .canonical import joined
from .evidence import Evidence, is_cyrillic, weigh

# A translation is printed at most this many days before or after what it translates.
LINK_DAYS = 7
# The printings read for one statement at most: a busy speaker's week.
MAX_PRINTINGS = 200


@dataclass
class Translated:
    """A quote a statement may translate (or be translated by), with the evidence."""

    quote: Quote
    evidence: Evidence
    language: str  # the quote's printing compared
    new_language: str  # the statement's
    # Printings of the quote whose language was read from their text here (id -> code).
    detected: dict[int, str] = field(default_factory=dict)


def language_of(text: str, *, stored: str = "", fallback: str = "") -> str:
    """A printing's language: as stored, else read from its text, else its article's."""
    return stored or detect(text) or fallback


def crosses(a: str, b: str, text_a: str, text_b: str) -> bool:
    """Whether two printings are in two languages one of which is Cyrillic: Latin-script
    languages are told apart on a short text too unsurely (an English sentence read as
    Dutch) for two English printings ever to be weighed as a translation."""
    if not a or not b or a == b:
        return False
    cyrillic = (a in CYRILLIC, b in CYRILLIC)
    return any(cyrillic) and (all(cyrillic) or is_cyrillic(text_a) != is_cyrillic(text_b))


def find_translations(
    texts: list[str],
    *,
    person,
    printed_on: date | None,
    language: str = "",
    fallback: str = "",
    apart=frozenset(),
) -> list[Translated]:
    """The quotes of `person` that the statement printed as `texts` (in `language`, read
    from them when not given, else `fallback`, its article's) may translate or be a
    translation of, with the evidence, the strongest first: those with a printing in another
    language (one of the two Cyrillic) printed within LINK_DAYS of `printed_on`, and an
    anchor agreeing. `apart`: quotes it is surely not (its article's)."""
    if person is None or printed_on is None:
        return []
    new = joined(texts)
    cyrillic = is_cyrillic(new)
    # Two printings in one script are never read for their language here: the cost of an
    # import of English articles stays what it was.
    printed = {
        quote_id: [p for p in in_articles if cyrillic or is_cyrillic(p[1])]
        for quote_id, in_articles in _by_article(_near(person, printed_on, apart)).items()
    }
    if not any(printed.values()):
        return []
    language = language_of(new, stored=language, fallback=fallback)
    if not language:
        return []
    best = _weighed(printed, new, language)
    quotes = Quote.objects.in_bulk(list(best))
    found = []
    for quote_id, translated in best.items():
        if quote_id in quotes:
            translated.quote = quotes[quote_id]
            found.append(translated)
    return sorted(found, key=lambda t: (_rank(t.evidence), -t.quote.pk), reverse=True)


def printed_in_cyrillic(person, printed_on: date | None) -> bool:
    """Whether a printing of `person`'s printed within LINK_DAYS of `printed_on` holds a
    Cyrillic letter. Where none does, find_translations finds nothing for a statement of
    theirs in Latin script printed then (it weighs only Cyrillic printings against one), so
    one such question per speaker can stand for a long article's many readings."""
    if person is None or printed_on is None:
        return False
    window = timedelta(days=LINK_DAYS)
    return Printing.objects.filter(
        quote__person=person,
        printed_on__range=(printed_on - window, printed_on + window),
        text__regex=CYRILLIC_IN_SQL,
    ).exists()


def _near(person, printed_on: date, apart):
    """The printings of `person`'s live quotes printed within LINK_DAYS of `printed_on`,
    but those of `apart`: (id, quote id, article id, text, language, article's language)."""
    window = timedelta(days=LINK_DAYS)
    return (
        Printing.objects.filter(
            quote__person=person,
            quote__merged_into__isnull=True,
            printed_on__range=(printed_on - window, printed_on + window),
        )
        .exclude(quote__status=Quote.Status.REJECTED)
        .exclude(quote__in=list(apart))
        .order_by("quote_id", "article_id", "start")
        .values_list("pk", "quote_id", "article_id", "text", "language", "article__language")
    )[:MAX_PRINTINGS]


def _weighed(printed: dict, new: str, language: str) -> dict[int, Translated]:
    """Each quote's best evidence (its quote not read yet) among its articles in another
    language than `new`'s, where an anchor agrees. The original is the Cyrillic side, or
    `new` when both are: names missing are counted on its side."""
    best: dict[int, Translated] = {}
    for quote_id, in_articles in printed.items():
        for ids, text, stored, article_language in in_articles:
            other = language_of(text, stored=stored, fallback=article_language)
            if not crosses(language, other, new, text) or not words(text):
                continue
            original, translation = (new, text) if is_cyrillic(new) else (text, new)
            evidence = weigh(original, translation)
            if not evidence.possible:
                continue
            found = best.get(quote_id)
            if found is None or _rank(evidence) > _rank(found.evidence):
                detected = {} if stored else dict.fromkeys(ids, other)
                best[quote_id] = Translated(None, evidence, other, language, detected)
    return best


def _rank(evidence: Evidence) -> tuple:
    return evidence.strong, evidence.score, evidence.anchors


def _by_article(rows) -> dict[int, list[tuple[list[int], str, str, str]]]:
    """Each quote's printings, an article's pieces joined as one text: quote id ->
    [(printing ids, text, stored language, article's language)]."""
    grouped: dict[tuple[int, int], list] = {}
    for pk, quote_id, article_id, text, stored, article_language in rows:
        entry = grouped.setdefault((quote_id, article_id), [[], [], stored, article_language])
        entry[0].append(pk)
        entry[1].append(text)
        entry[2] = entry[2] or stored
    out: dict[int, list] = {}
    for (quote_id, _), (ids, pieces, stored, article_language) in grouped.items():
        out.setdefault(quote_id, []).append((ids, joined(pieces), stored, article_language))
    return out
