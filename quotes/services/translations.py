"""An import's links across languages: a statement joined to the quote it translates when
the evidence is strong, else suggested beside it with the evidence for the archivist; and
the languages read on the way kept on the printings."""

from collections import defaultdict

from archive.languages import cyrillic

from ..matching.canonical import joined
from ..matching.translations import find_translations, printed_in_cyrillic
from ..models import Printing, Quote


class TranslationLinks:
    """For one article's import, statement after statement (`start` each)."""

    def __init__(self, article):
        self.article = article
        self.evidence: dict[int, dict] = {}  # candidate quote id -> what agreed and not
        self.language = ""  # the statement's, when it was read
        # Whether the article prints a quotation in Cyrillic, and for each speaker (person
        # id) whether a printing of theirs near its date holds a Cyrillic letter: where
        # neither, no statement of theirs in this article crosses languages (read_article).
        self.bilingual = True
        self.in_cyrillic: dict[int, bool] = {}

    def read_article(self, quotations) -> None:
        """Before the statements: whether any of the article's quotations is in Cyrillic.
        An article without one writes no Cyrillic printing, so what each speaker has printed
        in Cyrillic near its date is asked once and holds for the whole import (a live blog
        of a thousand quotations asks forty speakers, not a thousand statements)."""
        self.bilingual = any(cyrillic(quotation.text) for quotation in quotations)
        self.in_cyrillic.clear()

    def speakers_changed(self) -> None:
        """A quote of another article changed speaker or was merged: what a speaker has
        printed is asked again."""
        self.in_cyrillic.clear()

    def start(self) -> None:
        self.evidence = {}
        self.language = ""

    def link(
        self, texts: list[str], person, possible: list[tuple[Quote, float]], *, apart
    ) -> tuple[list[Quote], list[tuple[Quote, float]]]:
        """(find_matches' answer) for a statement no quote in its own language repeats: the
        quote it surely translates, or none and `possible` with the quotes it may."""
        if not self.may_cross(texts, person):
            return [], possible
        found = find_translations(
            texts,
            person=person,
            printed_on=self.article.published,
            fallback=self.article.language,
            apart=apart,
        )
        if not found:
            return [], possible
        self.language = found[0].new_language
        _keep_languages(found)
        for translated in found:
            record = translated.evidence.as_record()
            self.evidence[translated.quote.pk] = {
                "languages": [translated.new_language, translated.language],
                **record,
            }
        best = found[0]
        if best.evidence.strong:
            best.quote.found_sentences = frozenset()
            return [best.quote], possible
        known = {quote.pk for quote, _ in possible}
        more = [(t.quote, t.evidence.score) for t in found if t.quote.pk not in known]
        return [], possible + more

    def may_cross(self, texts: list[str], person) -> bool:
        """Whether find_translations can find anything for this statement (False only where
        it surely finds nothing: a Latin statement of a speaker with no Cyrillic printing
        near the article's date, in an article that prints none)."""
        if person is None or self.bilingual or cyrillic(joined(texts)):
            return True
        if person.pk not in self.in_cyrillic:
            self.in_cyrillic[person.pk] = printed_in_cyrillic(person, self.article.published)
        return self.in_cyrillic[person.pk]

    def set_language(self, printings: list[Printing]) -> None:
        """The statement's language, read while linking it, on its printings that have
        none (another reading of it may have set it)."""
        for printing in printings:
            printing.language = printing.language or self.language


def _keep_languages(found) -> None:
    """Keep on the candidates' printings the languages read from their text: the permalink
    and the canonical text tell the original from its translations by them."""
    by_language = defaultdict(list)
    for translated in found:
        for pk, language in translated.detected.items():
            by_language[language].append(pk)
    for language, ids in by_language.items():
        Printing.objects.filter(pk__in=ids, language="").update(language=language)
