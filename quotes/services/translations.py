"""An import's links across languages: a statement joined to the quote it translates when
the evidence is strong, else suggested beside it with the evidence for the archivist; and
the languages read on the way kept on the printings."""

from collections import defaultdict

from ..matching.translations import find_translations
from ..models import Printing, Quote


class TranslationLinks:
    """For one article's import, statement after statement (`start` each)."""

    def __init__(self, article):
        self.article = article
        self.evidence: dict[int, dict] = {}  # candidate quote id -> what agreed and not
        self.language = ""  # the statement's, when it was read

    def start(self) -> None:
        self.evidence = {}
        self.language = ""

    def link(
        self, texts: list[str], person, possible: list[tuple[Quote, float]], *, apart
    ) -> tuple[list[Quote], list[tuple[Quote, float]]]:
        """(find_matches' answer) for a statement no quote in its own language repeats: the
        quote it surely translates, or none and `possible` with the quotes it may."""
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
