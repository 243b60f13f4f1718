"""Speech verbs, the mask over quoted words, and where a sentence starts in masked text."""

import regex as re

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
    r"|(?:called|calls|calling)\s+on|[Aa]ccording\s+to)\b"
    # A title-cased line: 'A Captured Soldier Said: "..."' (only before a colon, so that a
    # name such as Said stays a name).
    r"|(?<=\p{Lu}\p{Ll}*[ \u00a0])(?:Said|Says|Told|Added|Adds)(?=:)"
)


_SENTENCE_START = re.compile(r"(?:[.!?\u2026]['\"’”]?\s+|\n|^)(?=\S)")


def mask(body: str, spans) -> str:
    """`body` with every quotation, marks included, replaced by MASK (line breaks kept)."""
    chars = list(body)
    for span in spans:
        for i in range(span.opened, span.closed):
            if chars[i] != "\n":
                chars[i] = MASK
    return "".join(chars)


def sentence_start(text: str, pos: int, floor: int) -> int:
    start = floor
    # One character past `pos`, so that a sentence starting right at `pos` is seen.
    for match in _SENTENCE_START.finditer(text, floor, min(pos + 1, len(text))):
        if match.end() <= pos and not re.search(
            r"\b(?:" + TITLE_ABBREVIATIONS + r")\.\s+\S$"
            r"|\bNo\.\s*(?=\d)",
            text[max(0, match.end() - 8) : match.end() + 1],
        ):
            start = match.end()
    return start
