"""The canonical text of a statement: the fullest wording its printings give."""

from collections import Counter
from functools import lru_cache

from ..extraction.text import sentences, words
from .sentences import sentences_match

# The most sentences a statement's canonical text is built from: a longer one (a whole speech
# printed in parts) keeps its first sentences' wording and order for the rest.
MAX_CANONICAL_SENTENCES = 150


def joined(pieces: list[str]) -> str:
    """One article's quotations of a statement, in order, as one text. A quotation cut off
    by its attribution ends in a comma ("..., he said"), and a headline in no punctuation;
    before the next piece's capital either stood for a full stop."""
    out = ""
    for piece in (" ".join(p.split()) for p in pieces):
        if out and piece[:1].isupper():
            if out.endswith(","):
                out = out[:-1] + "."
            elif out[-1].isalnum():
                out += "."
        out = f"{out} {piece}" if out else piece
    return out


# Marks that end nothing when a text stops at them: a printing cut off by its attribution
# ("... the pier," she said) or at a semicolon or colon. Citations drop them too.
DANGLING_MARKS = ",;:"


def canonical_text(printings: list[list[str]]) -> str:
    """The fullest wording of a statement from its printings (each article's quotations of
    it, in order): the longest printing, with the sentences that only other printings carry
    inserted where they stood in those printings."""
    return _canonical_text(tuple(tuple(pieces) for pieces in printings))


# Remembered: an import makes each new quote's text from its printings, and its refresh then
# reads the same printings again, a thousand times for a long article.
@lru_cache(maxsize=1024)
def _canonical_text(printings: tuple[tuple[str, ...], ...]) -> str:
    texts = [joined(pieces) for pieces in printings if pieces]
    # Fullest first; printings as full as each other by their text, so that the wording does
    # not depend on which article was archived first.
    ordered = sorted(texts, key=lambda t: (-len(words(t)), t))
    base = [(t[s:e], words(t[s:e])) for t in ordered[:1] for s, e in sentences(t)]
    for text in ordered[1:]:
        position = 0
        for s, e in sentences(text):
            if len(base) >= MAX_CANONICAL_SENTENCES:
                break
            sentence = text[s:e]
            ws = words(sentence)
            if not ws:
                continue
            hit = next((i for i, (_, bws) in enumerate(base) if sentences_match(ws, bws)), None)
            if hit is None:
                base.insert(position, (sentence, ws))
                position += 1
            else:
                position = hit + 1
    # A headline or a clause quoting words the statement prints in full adds nothing to it.
    # (Each sentence's words as one string, spaced around, all of them in one: the words of
    # one inside a longer one's are a substring found there more often than it is printed
    # itself, counted at C speed among a long statement's sentences.)
    spaced = [f" {' '.join(ws)} " for _, ws in base]
    together = "\n".join(spaced)
    printed = Counter(spaced)
    longest = max((len(ws) for _, ws in base), default=0)
    base = [
        (sentence, ws)
        for (sentence, ws), alone in zip(base, spaced, strict=True)
        if not (together.count(alone) > printed[alone] if ws else longest > 0)
    ]
    text = " ".join(sentence for sentence, _ in base)
    # A printing stopped at a dangling mark: the statement ends there. A sentence takes the
    # full stop the attribution displaced (as `joined` does between pieces), a fragment ("a
    # disaster,") just loses the mark.
    ended = text.rstrip(DANGLING_MARKS + " ")
    if ended != text.rstrip() and ended[:1].isupper():
        ended += "."
    return ended
