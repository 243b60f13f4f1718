"""Which of a statement's printings are in its original language, and which translate it.

The rule: the original language is the language of the earliest printing (printing order:
the earliest dated first, undated last), except that an English printing gives way to a
printing in another language printed no later than the next day (or undated). The people
this archive quotes mostly speak Ukrainian or Russian and English outlets translate them,
often within hours, and a time zone can date a translation the day before its original.
A printing whose language is unknown (too short to tell) counts with the original.
"""

from datetime import date

ENGLISH = "en"
# An English first printing gives way to another language's printed at most this many days
# after it.
GRACE_DAYS = 1


def original_language(printings: list[tuple[str, date | None]]) -> str:
    """The original language of a statement printed as `printings` ((language, day), in
    printing order), or "" when none has a known language."""
    known = [(language, day) for language, day in printings if language]
    if not known:
        return ""
    first, first_day = known[0]
    if first != ENGLISH:
        return first
    for language, day in known[1:]:
        if language == ENGLISH:
            continue
        if day is None or first_day is None or (day - first_day).days <= GRACE_DAYS:
            return language
        continue
    return first


def in_original(language: str, original: str) -> bool:
    """Whether a printing in `language` counts with the original (`original`, from
    original_language): the same language, or one unknown."""
    return not language or not original or language == original


def original_pieces(articles: list[tuple[date | None, str, list[str]]]) -> list[list[str]]:
    """The pieces of the articles (day, language, pieces) printing a statement in its
    original language, which its canonical text is made of: a translation's words never
    mix into the original's."""
    ordered = sorted(articles, key=lambda a: (a[0] is None, a[0] or date.min))
    original = original_language([(language, day) for day, language, _ in ordered])
    return [pieces for _, language, pieces in articles if in_original(language, original)]
