"""Text normalisation shared by extraction and matching: typography folding, sentence splits."""

import re
import unicodedata

# Typographic variants folded to one plain form for comparison (never for storage).
_FOLD = str.maketrans(
    {
        "\u00a0": " ",  # no-break space
        "\u2009": " ",
        "\u202f": " ",
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2012": "-",
        "\u2212": "-",
        "\u2026": "...",
    }
)

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)


def fold_typography(text: str) -> str:
    """`text` with its typography folded for comparison: NFKC, plain ASCII-ish punctuation
    and single spaces, case kept."""
    text = unicodedata.normalize("NFKC", text).translate(_FOLD)
    return re.sub(r"\s+", " ", text).strip()


def words(text: str) -> list[str]:
    """Lower-cased words with typography folded: the unit of comparison between outlets."""
    return [w.replace("'", "") for w in _WORD.findall(fold_typography(text).lower())]


# A sentence ends at . ! ? or an ellipsis, optionally followed by closing marks, then space
# and a capital, digit or opening mark; or at a paragraph break.
_SENTENCE_END = re.compile(
    r"""(?:[.!?]+|\.\.\.|…)["'”’)\]]*(?=\s+["'“‘(\[]?[A-Z0-9\u0400-\u042f])|\n+"""
)


# Titles and ranks printed with a full stop before a name, which does not end a sentence.
TITLE_ABBREVIATIONS = (
    "Mr|Mrs|Ms|Dr|Prof|St|Gen|Lt|Col|Maj|Capt|Sgt|Cpl|Pte|Pvt|Brig|Adm|Rev|Snr|Jnr|Sr|Jr|Sen|Jun"
    "|Gov|Rep|Supt|Insp|Det|Amb|Atty|Hon|Cllr"
)
_ABBREVIATION = re.compile(r"(?:\b(?:" + TITLE_ABBREVIATIONS + r"|No|vs|etc)|\b[A-Z])\.$")


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of the sentences in `text`, whitespace trimmed."""
    spans = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        if match.group() != "\n" * len(match.group()) and _ABBREVIATION.search(
            text[start : match.end()]
        ):
            continue
        spans.append((start, match.end()))
        start = match.end()
    spans.append((start, len(text)))
    out = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if s < e:
            out.append((s, e))
    return out
