"""What the words before a Cyrillic name state of the person: title, rank and unit, each
brought to the nominative."""

from dataclasses import dataclass

import regex as re

from .morphology import analyser, gender_of, is_rank, is_role
from .words import ROLE_LEMMAS, UNIT_LEMMAS, UNIT_PHRASE, UNIT_STEMS

_POSSESSIVE = re.compile(r"(?i:^(?:його|її|їхній|его|ее|её|их)[ \u00a0]+)")
_NAMED_UNIT = re.compile(UNIT_PHRASE)


def unit_named_before(text: str, lead_words: str, language: str) -> str:
    """The unit "його командир" means: the last unit with a number or a name that `text`
    (the paragraph up to the lead) states, in the nominative; '' when the lead has no
    possessive, or no such unit is stated."""
    if not _POSSESSIVE.match(lead_words):
        return ""
    units = [m.group() for m in _NAMED_UNIT.finditer(text) if re.search(r"\d|«", m.group())]
    return unit_nominative(units[-1], language) if units else ""


@dataclass
class Lead:
    """What the words right before a name state of the person: "речник 419-ї окремої
    бригади «Лелека»" is the title "речник" and the unit "419-та окрема бригада «Лелека»";
    "командир полка полковник" also the rank "полковник"."""

    start: int  # where the words start, in the text they were read from
    title: str = ""
    rank: str = ""
    unit: str = ""


# A word of a lead: a word in lower case or capitalised (a place's genitive, "голова
# Стрия"), a number with its ending, or a name in quotation marks.
_LEAD_WORD = re.compile(r"(?:[\p{L}\d][\p{L}\d'’-]*|«[^«»\n]{1,40}»|\"[^\"\n]{1,40}\")[ \u00a0]+$")
_UNIT_IN_LEAD = re.compile(UNIT_PHRASE)
LEAD_WORDS = 10


def read_lead(before: str, language: str) -> Lead | None:
    """The title, rank and unit stated in the words that end `before` (the text of a
    sentence up to a name), when they start with a role or rank; None otherwise."""
    words = []  # (start, word), last first
    end = len(before)
    while len(words) < LEAD_WORDS:
        match = _LEAD_WORD.search(before, 0, end)
        if match is None:
            break
        words.append((match.start(), match.group().strip()))
        end = match.start()
    words.reverse()
    # The first role or rank among them starts the lead, with its qualifiers ("міський
    # голова", "старший лейтенант") before it.
    first = next(
        (i for i, (_, w) in enumerate(words) if is_role(w, language) or is_rank(w, language)),
        None,
    )
    if first is None:
        return None
    while first > 0 and _is_qualifier(words[first - 1][1], language):
        first -= 1
    start = words[first][0]
    lead = Lead(start)
    text = before[start:].rstrip()
    rank_words = []
    while words and is_rank(words[-1][1], language) and len(words) - len(rank_words) > first:
        rank_words.insert(0, words.pop()[1])
    if rank_words and len(words) > first:
        lead.rank = " ".join(rank_words)
        text = before[start : words[-1][0] + len(words[-1][1])]
    unit = _UNIT_IN_LEAD.search(text)
    if unit is not None:
        # The words the pattern let qualify the unit's noun that are no adjective or number
        # ("командир" of "командир батальйону") belong to the title.
        at = unit.start()
        noun = re.search(UNIT_STEMS, unit.group())
        for word in unit.group()[: noun.start()].split():
            if _NUMBER.match(word) or _is_qualifier(word, language):
                break
            at = text.index(word, at) + len(word)
        named = re.search(r"\d|«|\"|\p{Lu}", text[at : unit.end()])
        if at > 0 and named:  # "командир полка" names no unit: which regiment?
            lead.unit = unit_nominative(text[at : unit.end()], language)
            text = text[:at]
    lead.title = _title_nominative(text.split(), language)
    if not lead.title and not lead.rank:
        return None
    return lead


def _title_nominative(words: list[str], language: str) -> str:
    """A title printed in any case, its role and the adjectives before it in the nominative
    ("міського голови Стрия" gives "міський голова Стрия"); what follows the role stays as
    printed."""
    morph = analyser(language, " ".join(words))
    out = list(words)
    role = next((i for i, w in enumerate(words) if is_role(w, language)), None)
    if role is not None:
        parse = next(p for p in morph.parse(words[role].lower()) if p.normal_form in ROLE_LEMMAS)
        out[role] = parse.normal_form
        gender = gender_of(parse)
        for i in range(role):
            adjective = next(
                (p for p in morph.parse(words[i].lower()) if p.tag.POS == "ADJF"), None
            )
            form = adjective and (
                adjective.inflect({"nomn", "sing", gender}) or adjective.inflect({"nomn"})
            )
            out[i] = form.word if form else words[i].lower()
    title = " ".join(out)
    return title[:1].lower() + title[1:]


def _is_qualifier(word: str, language: str) -> bool:
    """An adjective that qualifies a role: "міський", "официальный", "старший"."""
    if _POSSESSIVE.match(word + " "):
        return False  # "його командир": whose, not what kind of
    return any(p.tag.POS == "ADJF" and p.is_known for p in analyser(language, word).parse(word))


# The endings of Ukrainian feminine and neuter ordinals by their last digit ("419-та",
# "27-ма", "3-тя"); every masculine one ends "-й", and Russian ones "-й", "-я", "-е".
_UK_ORDINAL = {
    "femn": dict(
        zip("1234567890", ["ша", "га", "тя", "та", "та", "та", "ма", "ма", "та", "та"], strict=True)
    ),
    "neut": dict(
        zip("1234567890", ["ше", "ге", "тє", "те", "те", "те", "ме", "ме", "те", "те"], strict=True)
    ),
}
_RU_ORDINAL = {"masc": "й", "femn": "я", "neut": "е"}
_NUMBER = re.compile(r"^(\d+)(?:-?\p{Ll}{1,3})?$")


def unit_nominative(phrase: str, language: str) -> str:
    """A unit printed in any case, brought to the nominative: "419-ї окремої бригади
    «Лелека»" gives "419-та окрема бригада «Лелека»", "512-го мотострелкового полка"
    "512-й мотострелковый полк". Its complement ("військ", "безпілотних систем") and its name
    in quotation marks are kept as printed."""
    morph = analyser(language, phrase)
    phrase = " ".join(phrase.split())
    noun_match = re.search(UNIT_STEMS, phrase)
    head = phrase[: noun_match.start()].split()
    noun = noun_match.group()
    tail = phrase[noun_match.end() :]
    parse = next(
        (p for p in morph.parse(noun) if p.normal_form in UNIT_LEMMAS), morph.parse(noun)[0]
    )
    gender = gender_of(parse) or "femn"
    nominal = parse.inflect({"nomn", "sing"}) or parse.inflect({"nomn"})
    out = []
    for word in head:
        number = _NUMBER.match(word)
        if number:
            digits = number.group(1)
            if language == "uk":
                ending = "й" if gender == "masc" else _UK_ORDINAL[gender][digits[-1]]
            else:
                ending = _RU_ORDINAL.get(gender, "й")
            out.append(f"{digits}-{ending}")
            continue
        adjective = next((p for p in morph.parse(word) if p.tag.POS == "ADJF"), None)
        form = adjective and (
            adjective.inflect({"nomn", "sing", gender}) or adjective.inflect({"nomn", gender})
        )
        out.append(form.word if form else word)
    out.append(nominal.word if nominal else noun)
    return (" ".join(out) + tail).strip()
