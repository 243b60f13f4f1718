"""Bylines: the authors of an article as printed, and the forms of their names each style
lists (natural order, inverted, initials, surname)."""

import re
from dataclasses import dataclass

from ..names import parse_name
from .text import one_line

# Words that make a byline a group's (an agency, a desk), kept as printed, never inverted.
GROUP_WORDS = {
    "staff", "agency", "agencies", "press", "news", "newsroom", "desk", "reporter",
    "reporters", "correspondent", "correspondents", "editorial", "editors", "board", "service",
    "wire", "team", "bureau",
}  # fmt: skip
# Lower-case particles that belong with the surname ("Ilse van Tongeren": "van Tongeren").
PARTICLES = {"van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "la", "le"}


@dataclass(frozen=True)
class Author:
    """One name of a byline in the forms the styles need."""

    surname: str
    given: tuple[str, ...] = ()
    group: str = ""  # an agency or desk: printed as is in every form

    @classmethod
    def parse(cls, printed):
        printed = one_line(printed).strip(" ,;.")
        words = printed.split()
        if len(words) > 1 and any(w.lower().strip(".,") in GROUP_WORDS for w in words):
            return cls(surname="", group=printed)
        name = parse_name(printed)
        given = [*name.given, *([name.patronymic] if name.patronymic else [])]
        surname = name.surname
        # Russian order puts the patronymic after the given names already; in natural order
        # a particle printed before the surname is read as a given name: give it back.
        while given and given[-1] in PARTICLES and not name.russian_order:
            surname = f"{given.pop()} {surname}"
        if not surname:
            return cls(surname="", group=printed)
        return cls(surname=surname, given=tuple(given))

    @property
    def natural(self):
        """Given names first: "Sergei Alekseevich Galkin"."""
        return self.group or " ".join([*self.given, self.surname])

    @property
    def inverted(self):
        """Surname first, as listed: "Galkin, Sergei Alekseevich"."""
        if self.group or not self.given:
            return self.natural
        return f"{self.surname}, {' '.join(self.given)}"

    @property
    def initials(self):
        """APA's form: "Galkin, S. A."; a hyphenated given name keeps its hyphen ("J.-P.")."""
        if self.group or not self.given:
            return self.natural
        letters = " ".join(
            "-".join(f"{part[:1].upper()}." for part in name.split("-") if part)
            for name in self.given
        )
        return f"{self.surname}, {letters}"

    @property
    def short(self):
        """The surname, for in-text citations."""
        return self.group or self.surname


def byline(printed):
    """The authors of a byline ("By Anna Berg and Olek Sand", "Galkin Sergei Alekseevich",
    "Berg, Anna"): split on "and", "&" and ";", and on commas only between names of two or
    more words each, so that an index's "Galkin, Sergei" stays one name."""
    text = re.sub(r"^by\s+", "", one_line(printed or ""), flags=re.IGNORECASE)
    names = []
    for part in re.split(r"\s*(?:;|&|,?\s\band\b)\s*", text):
        pieces = [p.strip() for p in part.split(",")]
        if len(pieces) > 1 and all(len(p.split()) > 1 for p in pieces):
            names.extend(pieces)
        elif part.strip(" ,"):
            names.append(part)
    return tuple(Author.parse(name) for name in names if name.strip(" ,;."))


def listed(items, conjunction, *, serial=True):
    """ "a", "a and b", "a, b, and c" (serial comma; APA's "&" takes one after two names too)."""
    if len(items) < 2:
        return "".join(items)
    if len(items) == 2 and not serial:
        return f"{items[0]} {conjunction} {items[1]}"
    return f"{', '.join(items[:-1])}, {conjunction} {items[-1]}"
