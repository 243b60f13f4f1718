"""Military units: the matching key that folds spelling variants of one unit's name."""

import re

from .text import fold

# British and American spellings of words common in unit names, folded to one form.
_VARIANTS = {
    "motorised": "motorized",
    "mechanised": "mechanized",
    "armoured": "armored",
    "defence": "defense",
    "organisation": "organization",
    "centre": "center",
    "honour": "honor",
    "separate": "separate",
}

_ORDINAL = re.compile(r"\b(\d+)(?:st|nd|rd|th)\b")


def unit_key(name: str) -> str:
    """'126th Separate Coastal Defence Brigade' and '126 separate coastal defense brigade'
    give the same key."""
    text = fold(name).lower()
    text = _ORDINAL.sub(r"\1", text)
    text = re.sub(r"^the\s+", "", text)
    tokens = re.findall(r"[a-z0-9]+", text)
    return " ".join(_VARIANTS.get(t, t) for t in tokens)
