"""A unit's name printed in Cyrillic, in the English words its key is made of: "47-ма окрема
механізована бригада" is the "47 separate mechanized brigade", in any case ("47-ї окремої
механізованої бригади"), and a name of its own is romanised ("«Таврія»" -> "Tavriia")."""

import re

from archive.romanise import is_cyrillic, letters_language, romanise

# The beginnings of the Ukrainian and Russian words of unit names, each with its English
# word (or words; "" for a word the English names leave out). A word is read by the longest
# beginning it has, followed by at most MAX_ENDING more letters: its case and gender
# ("бригада", "бригади", "бригадою"), never a longer word ("полковник" is no regiment).
STEMS = {
    "бригад": "brigade",
    "полк": "regiment",
    "батальйон": "battalion",
    "батальон": "battalion",
    "дивізіон": "battalion",
    "дивизион": "battalion",
    "дивізі": "division",
    "дивизи": "division",
    "армі": "army",
    "арми": "army",
    "корпус": "corps",
    "рот": "company",
    "груп": "group",
    "групп": "group",
    "угрупованн": "grouping",
    "угрупуванн": "grouping",
    "группировк": "grouping",
    "військов": "military",
    "военн": "military",
    "військ": "troops",
    "войск": "troops",
    "сил": "forces",
    "загін": "detachment",
    "загон": "detachment",
    "ескадрил": "squadron",
    "эскадрил": "squadron",
    "батаре": "battery",
    "взвод": "platoon",
    "командуванн": "command",
    "командовани": "command",
    "окрем": "separate",
    "отдельн": "separate",
    "механізован": "mechanized",
    "механизированн": "mechanized",
    "моторизован": "motorized",
    "мотопіхот": "motorized infantry",
    "мотострілецьк": "motorized rifle",
    "мотострелков": "motorized rifle",
    "штурмов": "assault",
    "десантн": "air",
    "аеромобільн": "airmobile",
    "аэромобильн": "airmobile",
    "танков": "tank",
    "артилерійськ": "artillery",
    "артиллерийск": "artillery",
    "гвардійськ": "guards",
    "гвардейск": "guards",
    "гвард": "guard",
    "гірськ": "mountain",
    "горн": "mountain",
    "піхот": "infantry",
    "пехот": "infantry",
    "морськ": "marine",
    "морск": "marine",
    "оперативн": "operational",
    "стратегічн": "strategic",
    "стратегическ": "strategic",
    "тактичн": "tactical",
    "тактическ": "tactical",
    "територіальн": "territorial",
    "территориальн": "territorial",
    "оборон": "defense",
    "національн": "national",
    "национальн": "national",
    "спеціальн": "special",
    "специальн": "special",
    "призначенн": "purpose",
    "назначени": "purpose",
    "єгерськ": "jaeger",
    "егерск": "jaeger",
    "центр": "center",
    "осув": "operational strategic grouping troops",
    "оту": "operational tactical grouping",
    "і": "and",
    "и": "and",
    "та": "and",
}
MAX_ENDING = 3
_LONGEST = max(map(len, STEMS))

# "47-ма", "47-ї", "12-й", "3-го": a number with its case ending, which the key leaves out.
_ORDINAL = re.compile(r"(\d+)\s?-\s?[а-яіїєґё]{1,3}(?![\w])", re.IGNORECASE)
# "... бригада імені Чорних Запорожців": the name it is given in honour of someone, which
# English outlets leave out.
_NAMED_AFTER = re.compile(r"\s+(?:імені|имени)\s.*$", re.IGNORECASE | re.DOTALL)
_WORD = re.compile(r"[^\W\d_]+(?:['’ʼ][^\W\d_]+)*")


def english_word(word: str, language: str = "") -> str:
    """One Cyrillic word of a unit's name in English (lower case), or romanised where it is
    none of the unit words (a name of its own)."""
    lower = word.lower()
    for size in range(min(_LONGEST, len(lower)), 0, -1):
        stem = lower[:size]
        if stem in STEMS and len(lower) - size <= MAX_ENDING:
            return STEMS[stem]
    return romanise(word, language)


def in_english(name: str) -> str:
    """A unit's name with its Cyrillic words in English and its own name romanised; a name in
    Latin letters as it is."""
    if not is_cyrillic(name):
        return name
    # Where the letters could be either language's, Ukrainian: the units this archive
    # quotes are mostly Ukrainian, and English outlets print their names by Ukrainian
    # spelling ("Гайворон" is "Haivoron").
    language = letters_language(name) or "uk"
    name = _NAMED_AFTER.sub("", _ORDINAL.sub(r"\1", name))
    return _WORD.sub(
        lambda m: english_word(m.group(), language) if is_cyrillic(m.group()) else m.group(),
        name,
    )
