"""Speech verbs, the mask over quoted words, and where a sentence starts in masked text."""

from bisect import bisect_right

import regex as re

from .cyrillic import ACCORDING, CUE_VERB
from .text import TITLE_ABBREVIATIONS

MASK = "\x01"  # stands in for quoted text, so that names inside quotations are never speakers

SPEECH_VERB = re.compile(
    # Not the end of a compound: "well-informed", "self-described".
    r"(?<![-\u2010\u2011])\b(?:informs|informed|underlined|underlines|emphasi[sz]ed"
    r"|emphasi[sz]es|stresses|said|says|say|told|tells|added|adds|adding|urged|urges|pleaded|pleads|pleading"
    r"|asked|asks|insisted|insists|warned|warns|explained|explains|claimed|claims|stated"
    r"|states|continued|continues|went\s+on|goes\s+on|vowed|vows|declared|declares|replied"
    r"|replies|admitted|admits|recalled|recalls|wrote|writes|shouted|begged|begs|demanded"
    r"|noted|notes|remarked|announced|announces|confirmed|revealed|reported|reports"
    r"|saying|telling|stressed|argued|argues|agreed|conceded|cautioned|sobbed|whispered"
    r"|reads|spoke|speaks|speak|speaking|appealed|appeals|complained|complains|described"
    r"|describes|describing|recounted|recounts|joked|jokes|wept|weeps|laughed|sighed|boasted"
    r"|testified|confessed|lamented|muttered|exclaimed|commented|responded|responds"
    r"|tweeted|tweets"
    r"|(?:called|calls|calling)\s+on|[Aa]ccording\s+to)\b"
    # A title-cased line: 'A Captured Soldier Said: "..."' (only before a colon, so that a
    # name such as Said stays a name).
    r"|(?<=\p{Lu}\p{Ll}*[ \u00a0])(?:Said|Says|Told|Added|Adds)(?=:)"
    # Russian and Ukrainian: every form of the cue verbs, and "по словам" / "за словами".
    r"|(?<![\p{L}-])(?:" + CUE_VERB + "|" + ACCORDING + r")(?![\p{L}])"
)


_SENTENCE_START = re.compile(r"(?:[.!?\u2026]['\"’”]?\s+|\n|^)(?=\S)")
# A full stop after a title or "No." ends no sentence: "Maj. Gen. X", "No. 21".
_NOT_A_START = re.compile(r"\b(?:" + TITLE_ABBREVIATIONS + r")\.\s+\S$" r"|\bNo\.\s*(?=\d)")


def mask(body: str, spans) -> str:
    """`body` with every quotation, marks included, replaced by MASK (line breaks kept)."""
    chars = list(body)
    for span in spans:
        for i in range(span.opened, span.closed):
            if chars[i] != "\n":
                chars[i] = MASK
    return "".join(chars)


def _starts_sentence(text: str, end: int) -> bool:
    return not _NOT_A_START.search(text[max(0, end - 8) : end + 1])


class SentenceStarts:
    """Where the sentence holding a position starts, for one text, from one pass over it.

    start(pos, floor) is where the last sentence start that _SENTENCE_START finds scanning
    text[floor:pos + 1] ends, or `floor`; but a scan from `floor` for every name and verb (from
    the article's start, for a name's run) made extraction grow with the square of the text.
    Every match ends right before the next non-space after a sentence's end or a line break,
    and whatever the scan starts from, it finds the same ends but for one whose whole match
    starts before `floor`. So the answer is the last valid end at or before `pos` when the
    latest match that ends there (a line break right before it, else the sentence's end mark)
    starts at `floor` or after, and `floor` otherwise."""

    def __init__(self, text: str):
        self.ends: list[int] = []
        self.opened: list[int] = []  # where the latest match ending at each end starts
        for match in _SENTENCE_START.finditer(text):
            end = match.end()
            if _starts_sentence(text, end):
                self.ends.append(end)
                self.opened.append(end - 1 if end and text[end - 1] == "\n" else match.start())

    def start(self, pos: int, floor: int) -> int:
        i = bisect_right(self.ends, pos) - 1
        if i >= 0 and self.opened[i] >= floor:
            return self.ends[i]
        return floor
