"""Linking a newly printed statement to the quotes it repeats: its candidates compared with it
sentence by sentence."""

from ..models import Person, Quote
from ..names import may_be_one
from .candidates import Candidates, choose_candidates
from .sentences import printed_again, sentence_list
from .statements import SURE_MIN_WORDS, Comparison, compare

# A candidate quote's distinct sentences compared with a statement at most (its first, in
# listing order): what one statement costs to link is bounded, however many printings of
# look-alike sentences a quote has gathered.
MAX_COMPARED_SENTENCES = 100
# ...and the sentence pairs compared for one statement at most, over its candidates in the
# order they are read: about 25 ms of comparing, whatever look-alike quotes the archive holds.
MAX_COMPARED_PAIRS = 20_000


def compatible(person, quote: Quote) -> bool:
    """A named speaker's printing joins another named speaker's quote only when the words
    are strongly one statement (see `Comparison.strong`), or when the two names may be one
    person printed two ways (`names.may_be_one`: "Justice Goss", "Justice Gross"); the
    archivist is told either way, by the attribution conflict."""
    if person is None or quote.person_id is None or quote.person_id == person.pk:
        return True
    other = Person.objects.filter(pk=quote.person_id).values_list("name", flat=True).first()
    return other is not None and may_be_one(person.name, other)


def find_matches(
    texts: list[str],
    *,
    person,
    apart=frozenset(),
    candidates: Candidates | None = None,
) -> tuple[list[Quote], list[tuple[Quote, float]]]:
    """Quotes that the statement printed as `texts` surely repeats, best first, and quotes it
    may repeat, with a score, for an archivist to decide. A read: nothing is written.
    `candidates`: the quotes choose_candidates gave for `texts`, when the caller chose them
    first (an import writes the printings it holds back of those, and has them read again).

    A sure match with another named person's quote counts only when the words are strongly
    one statement (an outlet that credited the wrong person, or the agency); the caller
    keeps the quote's person and records the conflict.

    `apart`: ids of quotes the statement is another statement than, unless one prints the
    other's words again whole (an article's other statements: the article told them apart). Each
    sure quote says, as `found_sentences`, which of the new statement's sentences it holds."""
    if candidates is None:
        candidates = choose_candidates(texts)
    if not candidates.ids:
        return [], []
    read = candidates.read()  # id -> (quote, the sentences of its printings)
    new = [s for t in texts for s in sentence_list(t)]
    sure, possible = [], []
    budget = MAX_COMPARED_PAIRS
    for quote, printed in read.values():
        old = list(dict.fromkeys(printed))[:MAX_COMPARED_SENTENCES]
        budget -= len(new) * len(old)
        if budget < 0:
            break
        if quote.pk in apart:
            if printed_again(new, old):  # only then is it compared
                result = compare(new, old)
                sure.append((True, True, result.matched_words, -quote.pk, result, quote))
            continue
        result = compare(new, old)
        rank = _sure_rank(result, quote, person)
        if rank is not None:
            sure.append((*rank, -quote.pk, result, quote))
        elif result.possible:
            possible.append((quote, result.score))
    sure.sort(key=lambda item: item[:4], reverse=True)
    for *_, result, quote in sure:
        quote.found_sentences = result.matched  # which of the new sentences it holds
    return [quote for *_, quote in sure], possible


def _sure_rank(result: Comparison, quote: Quote, person) -> tuple[bool, bool, int] | None:
    """Where `quote` ranks among the quotes a statement of `person` surely repeats (the
    speaker's own quote first, then one whose speaker may be theirs, then the most words in
    common), or None when it is not sure."""
    # (Only surely one statement asks whether two names may be one person.)
    same_speaker = result.anchored and compatible(person, quote)
    # The same named person's quote needs only a sentence that ties the two: an outlet
    # may print one sentence of a long statement, another translate the rest apart.
    own = (
        person is not None
        and quote.person_id == person.pk
        and result.anchored
        and result.matched_words >= SURE_MIN_WORDS
    )
    if (result.sure or own) and (same_speaker or result.strong):
        theirs = person is not None and quote.person_id == person.pk
        return theirs, same_speaker, result.matched_words
    return None
