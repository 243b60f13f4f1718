"""The morphological analyser (pymorphy3, whose dictionaries ship as packages): cue verbs'
forms, roles and ranks by lemma, and names printed in any case brought to the nominative.

The analysers are loaded the first time a Cyrillic word needs one (about a fifth of a second
and a few tens of megabytes each), never for English text."""

from functools import cache

from .words import (
    CUE_LEMMAS,
    RANK_LEMMAS,
    ROLE_LEMMAS,
    RUSSIAN_LETTER,
    SAME_ROLE,
    UKRAINIAN_LETTER,
    is_cyrillic,
    language_of,
)


def analyser(language: str, word: str = ""):
    """pymorphy3's analyser of `language` ('ru' or 'uk'), or of the language `word` is
    plainly written in (a Russian name quoted in a Ukrainian article)."""
    if UKRAINIAN_LETTER.search(word):
        language = "uk"
    elif RUSSIAN_LETTER.search(word):
        language = "ru"
    return _analyser("uk" if language == "uk" else "ru")


@cache
def _analyser(language: str):
    """pymorphy3's analyser of `language`, loaded once, when first needed."""
    import pymorphy3  # here, so that importing extraction loads no dictionary

    return pymorphy3.MorphAnalyzer(lang=language)


def cue_forms(language: str) -> list[str]:
    """Every past and third-person form of the cue verbs of `language`, from the analyser:
    what CUE_FORMS holds."""
    morph = analyser(language)
    out = set()
    for lemma in CUE_LEMMAS[language]:
        for parse in morph.parse(lemma):
            tag = str(parse.tag)
            if parse.normal_form == lemma and ("VERB" in tag or "INFN" in tag):
                for form in parse.lexeme:
                    tag = str(form.tag)
                    if "VERB" in tag and ("past" in tag or "3per" in tag):
                        out.add(form.word.replace("ё", "е"))
                break
    return sorted(out)


def _lemma(word: str, language: str) -> set[str]:
    return {p.normal_form for p in analyser(language, word).parse(word.lower())}


def is_role(word: str, language: str) -> bool:
    """Whether `word`, in any case, is a role or title ("Речниці", "командира")."""
    return is_cyrillic(word) and bool(_lemma(word, language) & ROLE_LEMMAS)


def same_role(title: str, other: str) -> bool:
    """Whether two titles name one role ("міський голова Стрия" and "міського голови";
    "речниця угруповання" and "речниця"): they share a role's lemma."""
    if not title or not other:
        return False
    language = language_of(title + " " + other)
    lemmas = [
        {
            SAME_ROLE.get(lemma, lemma)
            for w in t.split()
            for lemma in _lemma(w, language)
            if lemma in ROLE_LEMMAS or lemma in RANK_LEMMAS
        }
        for t in (title, other)
    ]
    return bool(lemmas[0] & lemmas[1])


def is_rank(word: str, language: str) -> bool:
    return is_cyrillic(word) and bool(_lemma(word, language) & RANK_LEMMAS)


_NAME_TAGS = ("Name", "Surn", "Patr")


def _cased(word: str, printed: str) -> str:
    """`word` (lower case, from the analyser) in the capitalisation of `printed`."""
    if printed.isupper() and len(printed) > 1:
        return word.upper()
    parts = word.split("-")
    printed_parts = printed.split("-")
    if len(parts) == len(printed_parts):
        return "-".join(
            p[:1].upper() + p[1:] if q[:1].isupper() else p
            for p, q in zip(parts, printed_parts, strict=True)
        )
    return word[:1].upper() + word[1:]


def _name_parses(word: str, language: str) -> list:
    """The analyser's readings of `word` as a name: a given name, surname or patronymic, or
    a surname declined as an adjective (Лисогорский, Білоцерківська), best first."""
    # One person's name is singular: "Песочников" is no genitive plural of "песочник".
    parses = [p for p in analyser(language, word).parse(word.lower()) if "plur" not in p.tag]
    named = [p for p in parses if any(t in p.tag for t in _NAME_TAGS)]
    adjectives = [p for p in parses if p.tag.POS in ("ADJF",) and p.tag.gender in ("masc", "femn")]
    # A common noun only where it names a living being ("Богдан", which the Ukrainian
    # dictionary lacks as a name); "Песочников" is no plural of a sandbox.
    nouns = [
        p for p in parses if p.tag.POS == "NOUN" and p.tag.case is not None and "anim" in p.tag
    ]
    return named + adjectives + nouns


def gender_of(parse) -> str:
    return str(parse.tag.gender or "")


def _nominative(parse, gender: str | None) -> str | None:
    """The nominative singular of `parse`, an adjective in `gender` (a surname declined as
    one keeps the person's gender)."""
    grammemes = {"nomn"}
    if gender in ("masc", "femn") and parse.tag.POS == "ADJF":
        grammemes.add(gender)
    form = parse.inflect(grammemes | {"sing"}) or parse.inflect(grammemes)
    return form.word if form is not None else None


def nominative(tokens: list[str], language: str) -> list[str]:
    """The words of a person's name printed in any case, brought to the nominative with the
    gender and case that fit all of them ("Ирины Воронцовой" gives "Ирина Воронцова",
    "Вербицького" "Вербицький"), in their printed capitalisation. Words the analyser cannot
    read as a name are kept as printed."""
    readings = [_name_parses(t, language) for t in tokens]
    if not any(readings):
        return tokens
    if len(tokens) == 1 and any(str(p.tag.case) == "nomn" for p in readings[0]):
        # A lone word that may be a nominative is kept: "Песочников" is a surname, not the
        # genitive plural of a noun; the person named in full resolves it (people.py).
        return tokens
    # The case and gender all the words share, the given name's first: pymorphy's normal
    # form of "Захаровой" is "захаров", but inflected to the nominative in its own gender it
    # is "захарова".
    best = None
    for first in readings[0] or [None]:
        case = str(first.tag.case) if first is not None else None
        gender = gender_of(first) if first is not None else None
        chosen = []
        for word_readings in readings:
            fit = [
                p
                for p in word_readings
                if (case is None or str(p.tag.case) == case)
                and (not gender or gender_of(p) in (gender, "ms-f", ""))
            ]
            chosen.append(fit[0] if fit else None)
        if all(c is not None for c in chosen):
            best = (chosen, gender)
            break
    if best is None:
        return tokens  # no reading fits them all: as printed
    chosen, gender = best
    out = []
    for token, parse in zip(tokens, chosen, strict=True):
        word = _nominative(parse, gender) if parse is not None else None
        out.append(_cased(word, token) if word else token)
    return out


def nominatives(word: str, language: str) -> set[str]:
    """Every nominative a name word may be an inflected form of, printed capitalised: the
    names an article's earlier mention may have given it."""
    out = set()
    for parse in _name_parses(word, language):
        nominal = _nominative(parse, gender_of(parse))
        if nominal:
            out.add(_cased(nominal, word))
    return out


def name_kind(word: str, language: str) -> str:
    """What a capitalised word can be in a name: "given" (the analyser knows it as a given
    name), "surname" (a surname or patronymic, one declined as an adjective, or a word it
    does not know), "other" (a word it knows as a living being's noun and no name: "Бійці",
    but also "Богдан", which the Ukrainian dictionary lacks as a name), or "none" (a word it
    knows and no person can be called: "Нагадаємо", "Повітряних", "Стрия")."""
    everything = analyser(language, word).parse(word.lower())
    # A person is one: a word read only in the plural ("Повітряних сил") names nobody.
    parses = [p for p in everything if "plur" not in p.tag]
    if any("Name" in p.tag for p in parses):
        return "given"
    if any("Surn" in p.tag or "Patr" in p.tag for p in parses):
        return "surname"
    if parses and (not any(p.is_known for p in parses) or any(p.tag.POS == "ADJF" for p in parses)):
        return "surname"
    if any(p.tag.POS == "NOUN" and "anim" in p.tag for p in parses):
        return "other"
    return "none"


def name_gender(name: str, language: str) -> str:
    """'m' or 'f' for a Cyrillic name whose first word the analyser reads as a given name or
    a surname of one gender in the nominative ("Ирина Воронцова", "Остап Вербицький"), else
    ''."""
    for word in name.split():
        genders = {
            gender_of(p)
            for p in _name_parses(word, language)
            if str(p.tag.case) == "nomn" and gender_of(p) in ("masc", "femn")
        }
        if len(genders) == 1:
            return "m" if genders == {"masc"} else "f"
    return ""
