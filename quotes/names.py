"""People's names as printed: parts, order, ranks, and keys that fold transliteration variants.

Pure Python, no database. A printed name ("Lieutenant Colonel Galkin Sergey Alekseevich") is
taken apart into its title, given names, patronymic and surname; Russian order (surname,
first name, patronymic) is recognised, so that the display name ("Sergey Galkin") and the
sort name ("Galkin, Sergey") come out the same whichever order an outlet printed.

Keys fold the ways one Cyrillic name is romanised ("Serhiy Kovalenkyy", "Serhii Kovalenkyi",
"Sergey Kovalenkyi" give one key); `likeness` says whether two names are surely one person's,
possibly one person's (for an archivist to decide), or not.
"""

import re
from dataclasses import dataclass, field
from functools import cache, lru_cache

from anyascii import anyascii
from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from archive.romanise import romanise

HONORIFICS = {
    "mr", "mrs", "ms", "miss", "mister", "madam", "dr", "doctor", "prof", "professor",
    "sir", "dame", "lord", "lady", "rev", "reverend",
}  # fmt: skip

# Ranks and titles printed before a name, as lower-case words (a hyphen counts as a space).
# Longer phrases are tried first, so "Lieutenant Colonel" is one title, not two.
TITLES = {
    "private", "private first class", "pte", "pvt", "soldier", "senior soldier", "rifleman",
    "corporal", "lance corporal", "cpl", "sergeant", "junior sergeant", "senior sergeant",
    "staff sergeant", "master sergeant", "chief sergeant", "sergeant major", "sgt",
    "starshina", "chief master sergeant", "warrant officer", "senior warrant officer",
    "ensign", "praporshchik", "petty officer", "chief petty officer",
    "lieutenant", "junior lieutenant", "senior lieutenant", "first lieutenant",
    "second lieutenant", "lt", "captain", "capt", "captain lieutenant", "major", "maj",
    "lieutenant colonel", "lt col", "colonel", "col", "brigadier", "brigadier general",
    "major general", "maj gen", "lieutenant general", "lt gen", "colonel general", "general",
    "gen", "general of the army", "army general", "marshal", "commander", "cmdr", "commodore",
    "rear admiral", "vice admiral", "admiral", "adm", "commander in chief",
    "president", "vice president", "prime minister", "minister", "deputy minister",
    "defence minister", "defense minister", "foreign minister", "governor", "mayor",
    "senator", "ambassador", "spokesman", "spokeswoman", "spokesperson", "chief", "deputy",
    "commissioner", "deputy commander", "head", "chairman", "chairwoman",
}  # fmt: skip
_TITLE_WORDS = {tuple(t.split()) for t in TITLES | HONORIFICS}
_LONGEST_TITLE = max(len(t) for t in _TITLE_WORDS)

# -ovich/-evich/-ych (his father's name), -ovna/-evna/-ivna/-ichna (hers).
_PATRONYMIC = re.compile(
    r"(?:ovich|evich|ovych|evych|yevych|ievych|ich|ych|ovna|evna|ivna|yivna|ichna|inichna)$"
)


# Common Slavic given names, each row the Russian, Ukrainian and English romanisations of one
# name; the first spelling of a row stands for all of it in keys. Rows are compared after the
# spelling rules of `name_word_key`, so "Serhii" and "Serhiy" need not both be written out.
GIVEN_NAMES = [
    "Sergei Sergey Serhiy Sergiy Serhij Serge",
    "Aleksandr Alexander Oleksandr Olexandr Alexandr Aleksander Oleksander Alexandre",
    "Aleksei Alexei Alexey Aleksey Oleksiy Olexiy Alexis",
    "Dmitri Dmitry Dmytro Dimitri Dimitry",
    "Mikhail Mykhailo Mykhaylo Michail Mihail Mikhailo",
    "Yuri Yuriy Iurii Yury Jurij Juri",
    "Maksim Maxim Maksym",
    "Andrei Andrey Andriy Andrij",
    "Vladimir Volodymyr Wladimir Volodimir",
    "Nikolai Nikolay Mykola Mikola Nicolai",
    "Pavel Pavlo",
    "Ivan",
    "Petr Petro Pyotr Pjotr Piotr",
    "Yevgeni Yevgeny Yevhen Evgeny Evgeniy Yevgeniy Ievgen Yevgen Evhen Ievgenii Eugene",
    "Viktor Victor",
    "Vitali Vitaly Vitaliy Vitalij",
    "Oleg Oleh",
    "Igor Ihor",
    "Anatoli Anatoly Anatoliy",
    "Vasili Vasily Vasyl Vasiliy Vassily Vasil",
    "Grigori Grigory Hryhoriy Grigoriy Hryhorij",
    "Georgi Georgy Heorhiy Georgiy Heorhij",
    "Fyodor Fedor Fedir Feodor",
    "Kirill Kyrylo Kirilo",
    "Bogdan Bohdan",
    "Denis Denys",
    "Artyom Artem Artiom",
    "Konstantin Kostiantyn Kostyantyn Kostjantyn",
    "Valeri Valery Valeriy",
    "Vyacheslav Viacheslav",
    "Yaroslav Iaroslav Jaroslav",
    "Stanislav Stanislaw",
    "Olga Olha Olgha",
    "Natalia Nataliya Natalya Natalija",
    "Yelena Olena Elena Jelena",
    "Tatiana Tetiana Tatyana Tetyana Tatjana",
    "Irina Iryna",
    "Svetlana Svitlana",
    "Yulia Yuliya Iuliia Julia Yuliia",
    "Anna Hanna Ganna",
    "Maria Mariya Mariia Marija",
    "Lyudmila Liudmyla Ludmila Lyudmyla",
    "Galina Halyna",
    "Yekaterina Kateryna Ekaterina Katerina",
]  # fmt: skip


@cache
def _given_names():
    table = {}
    for row in GIVEN_NAMES:
        spellings = [spell(w) for w in row.split()]
        for s in spellings:
            table.setdefault(s, spellings[0])
    return table


_VOWELS = "aeiou"


@lru_cache(maxsize=1 << 16)  # names recur: in an article, and across an import's articles
def spell(token: str) -> str:
    """`token` with the spelling differences of romanisation folded: lower case, ASCII,
    letters only; kh/h, Ukrainian h/Russian g, zh/j, ts/tz, ck/k, x/ks, w/v; ye/e after a
    vowel or at the start; y/i; -iy/-ii/-yy/-ij endings; doubled letters; ie/e and io/e.

    Cyrillic is first romanised by its language's official scheme (archive.romanise), so
    that "Олександр Гнатюк", "Александр Гнатюк", "Oleksandr Hnatiuk" and "Aleksandr
    Gnatyuk" fold alike."""
    s = re.sub(r"[^a-z]", "", anyascii(romanise(token)).lower())
    # Kh stays apart from the h that Ukrainian writes for Russian g (Hrytsenko, Gritsenko).
    for old, new in (("kh", "_"), ("tch", "ch"), ("tz", "ts"), ("ck", "k"), ("x", "ks")):
        s = s.replace(old, new)
    s = s.replace("w", "v")
    s = re.sub(r"^ye", "e", s)
    s = re.sub(rf"(?<=[{_VOWELS}y])[yj]e", "e", s)
    s = re.sub(rf"(?<=[{_VOWELS}y])j(?=[aou])", "y", s)
    s = re.sub(r"ij$", "i", s)
    s = s.replace("zh", "j")  # Zhovtyak, Jovtiak
    s = re.sub(r"(?<![scz])h", "g", s).replace("_", "h")
    s = re.sub(r"(.)\1+", r"\1", s.replace("y", "i"))
    # Ukrainian є where Russian writes е ("Pieskov", "Peskov"; "Serhieiev", "Sergeyev"), and
    # Russian ё printed as yo, io or e ("Korolyov", "Korolev"; "Solovyov", "Solovyev").
    s = re.sub(rf"(?<=[^{_VOWELS}])io(?=[^{_VOWELS}])", "e", s.replace("ie", "e"))
    return re.sub(r"(.)\1+", r"\1", s)


def name_word_key(token: str) -> str:
    """The matching key of one name word: its spelling folded, and a common given name
    brought to one form of it ("Serhii", "Sergei" and "Sergiy" all give "sergei")."""
    s = spell(token)
    return _given_names().get(s, s)


def is_given_name(token: str) -> bool:
    """Whether `token` is one of the common given names of GIVEN_NAMES, in any spelling."""
    return spell(token) in _given_names()


def is_patronymic(token: str) -> bool:
    """Whether `token` is shaped like a Slavic patronymic (Alekseevich, Petrivna, Petrovych)."""
    s = re.sub(r"[^a-z]", "", anyascii(token).lower())
    return len(s) >= 6 and bool(_PATRONYMIC.search(s))


def split_title(printed: str) -> tuple[str, list[str]]:
    """The ranks and titles at the start of `printed`, as printed, and the words left
    ("Lieutenant Colonel Serhiy Kovalenkyy" -> ("Lieutenant Colonel", ["Serhiy", ...]))."""
    tokens = [t.strip(",;:") for t in printed.split()]
    tokens = [t for t in tokens if t]
    taken = 0
    while taken < len(tokens):
        # The words from `taken` on, each hyphenated word counted as its parts.
        parts, owner = [], []
        for i, token in enumerate(tokens[taken:], start=taken):
            for part in token.lower().replace(".", "").split("-"):
                if part:
                    parts.append(part)
                    owner.append(i)
            if len(parts) > _LONGEST_TITLE:
                break
        step = 0
        for size in range(min(_LONGEST_TITLE, len(parts)), 0, -1):
            # A title must end at the end of a printed word, never inside a hyphenated one.
            ends_word = size == len(parts) or owner[size] != owner[size - 1]
            if ends_word and tuple(parts[:size]) in _TITLE_WORDS:
                step = owner[size - 1] + 1 - taken
                break
        if not step:
            break
        taken += step
    return " ".join(tokens[:taken]), tokens[taken:]


@dataclass
class ParsedName:
    """A printed name taken apart."""

    printed: str
    title: str = ""
    given: list[str] = field(default_factory=list)
    patronymic: str = ""
    surname: str = ""
    russian_order: bool = False

    @property
    def display(self) -> str:
        """Natural order, without title or patronymic: "Sergey Galkin"."""
        return " ".join([*self.given, self.surname]).strip()

    @property
    def sort_name(self) -> str:
        """Surname first, as in an index: "Galkin, Sergey"."""
        if self.surname and self.given:
            return f"{self.surname}, {' '.join(self.given)}"
        return self.surname or " ".join(self.given)

    @property
    def surname_key(self) -> str:
        return "".join(name_word_key(p) for p in self.surname.split("-"))

    @property
    def given_key(self) -> str:
        """The first given name folded ("" for an initial or none)."""
        first = self.given[0].rstrip(".") if self.given else ""
        return name_word_key(first) if len(first) > 1 else ""

    @property
    def initial(self) -> str:
        return spell(self.given[0])[:1] if self.given else ""

    @property
    def key(self) -> str:
        """The words of the name folded and sorted, title and patronymic left out."""
        words = [*self.given, self.surname] if (self.given or self.surname) else [self.patronymic]
        folded = [name_word_key(p) for w in words for p in w.split("-")]
        return " ".join(sorted(f for f in folded if f))


def parse_name(printed: str) -> ParsedName:
    """`printed` taken apart into title, given names, patronymic and surname.

    "Galkin Sergey Alekseevich" and "Galkin, Sergey" are in Russian order (surname first);
    "Galkin Sergey" is read so only when the second word is a common given name and the
    first is not; "Mr Alekseevich" is a patronymic alone.
    """
    title, tokens = split_title(" ".join(printed.split()))
    name = ParsedName(printed=printed, title=title)
    if not tokens:
        return name
    if len(tokens) == 1:
        if is_patronymic(tokens[0]):
            name.patronymic = tokens[0]
        else:
            name.surname = tokens[0]
        return name
    comma = f"{tokens[0]}," in printed  # "Galkin, Sergey": an index's order
    if comma or (len(tokens) >= 3 and is_patronymic(tokens[-1]) and not is_patronymic(tokens[1])):
        name.russian_order = True
        name.surname, rest = tokens[0], tokens[1:]
        if len(rest) >= 2 and is_patronymic(rest[-1]):
            rest, name.patronymic = rest[:-1], rest[-1]
        name.given = rest
        return name
    if len(tokens) >= 3 and is_patronymic(tokens[-2]):
        name.given, name.patronymic, name.surname = tokens[:-2], tokens[-2], tokens[-1]
        return name
    if len(tokens) == 2 and is_given_name(tokens[1]) and not is_given_name(tokens[0]):
        name.russian_order = True
        name.surname, name.given = tokens[0], [tokens[1]]
        return name
    name.given, name.surname = tokens[:-1], tokens[-1]
    return name


def display_name(printed: str) -> str:
    """The name in natural order without title or patronymic ("Sergey Galkin"), or the
    printed words where nothing is left of them."""
    return parse_name(printed).display or " ".join(printed.split())


def sort_name(printed: str) -> str:
    """The name as an index sorts it: "Galkin, Sergey"."""
    return parse_name(printed).sort_name or " ".join(printed.split())


def name_key(printed: str) -> str:
    """A person's name folded for matching: case, accents, script, transliteration, titles,
    patronymic and word order ("Serhiy Kovalenkyy" and "Kovalenkyi Serhii Petrovych" give
    one key)."""
    return parse_name(printed).key


def name_keys(printed: str) -> tuple[str, str]:
    """What a person's name or alias is stored with for finding: its `name_key`, and its
    surname folded as `likeness` compares surnames ("Kovalenkyi Serhii" gives
    "kovalenkyi serhii" and "kovalenkyi")."""
    parsed = parse_name(printed)
    return parsed.key, parsed.surname_key


# Slavic case and gender endings, as folded by `spell`: "Marchuka" (of Marchuk), "Ivanova"
# (his wife or daughter), "Zhuravskaya" (of the Zhuravsky family). Longest first.
_ENDINGS = [
    ("skaia", "sk"),
    ("ski", "sk"),
    ("aia", ""),
    ("ovi", ""),
    ("om", ""),
    ("im", ""),
    ("oi", ""),
    ("ei", ""),
    ("a", ""),
    ("u", ""),
    ("e", ""),
    ("o", ""),
]


@lru_cache(maxsize=1 << 16)
def surname_stem(key: str) -> str:
    """A folded surname without one case or gender ending, keeping at least four letters."""
    for ending, replacement in _ENDINGS:
        if key.endswith(ending) and len(key) - len(ending) >= 4:
            return key[: -len(ending)] + replacement
    return key


def other_form(a: str, b: str) -> bool:
    """Whether two different folded surnames may be one surname in another case or gender
    ("marchuk"/"marchuka", "ivanov"/"ivanova"): the same person or a relative, sure only with
    the same first name."""
    return a != b and (
        surname_stem(a) == surname_stem(b) or surname_stem(a) == b or surname_stem(b) == a
    )


def similarity(a: str, b: str) -> float:
    """How alike two folded keys are, from 0 to 100 (rapidfuzz's normalised Indel ratio)."""
    return fuzz.ratio(a, b)


# Two surnames at least this alike (0 to 100) may be one surname misspelt.
CLOSE_SURNAME = 85


@lru_cache(maxsize=1 << 16)
def surnames_alike(a: str, b: str) -> str | None:
    """How two folded surnames relate, as `likeness` reads them: "same", "form" (another
    case or gender form), "close" (spelt a little differently), or None (two surnames).
    Names whose surnames are None here never resemble, whatever their first names."""
    if not a or not b:
        return None
    if a == b:
        return "same"
    if other_form(a, b):
        return "form"
    if min(len(a), len(b)) >= 5 and similarity(a, b) >= CLOSE_SURNAME:
        return "close"
    return None


def may_be_one(a: str, b: str) -> bool:
    """Whether two printed names may be one person printed two ways: no first names that
    differ, and surnames alike (`surnames_alike`) or a short one with a letter more or less
    ("Justice Goss", "Justice Gross"). For words that are surely one statement, never to
    join two people."""
    one, other = parse_name(a), parse_name(b)
    if one.given_key and other.given_key and one.given_key != other.given_key:
        return False
    x, y = one.surname_key, other.surname_key
    if surnames_alike(x, y):
        return True
    return min(len(x), len(y)) >= 3 and x[0] == y[0] and Levenshtein.distance(x, y) == 1


@dataclass(frozen=True)
class Likeness:
    """How two names relate: `sure` joins them silently; otherwise an archivist decides."""

    sure: bool
    score: float  # 0 to 1
    reason: str


def likeness(a: ParsedName, b: ParsedName) -> Likeness | None:
    """Whether `a` and `b` may name one person, and how surely; None where they do not.

    Sure only for the same first name (in any romanisation) with the same surname, or with
    the surname in another case. A surname alone, another first name, an initial, another
    case or gender form of a surname printed alone, or a surname spelt a little differently
    is a doubt for an archivist."""
    sa, sb = a.surname_key, b.surname_key
    surname = surnames_alike(sa, sb)
    if surname is None:
        return None
    ga, gb = a.given_key, b.given_key
    if not a.given or not b.given:
        given = "missing"
    elif ga and gb:
        if ga == gb:
            given = "same"
        elif similarity(ga, gb) >= CLOSE_SURNAME:
            given = "close"
        else:
            given = "different"
    else:
        given = "initial" if a.initial == b.initial else "different"

    pair = f"{a.surname} / {b.surname}"
    if surname == "same":
        return {
            "same": Likeness(True, 1.0, "same name"),
            "close": Likeness(False, 0.85, "same surname, first names spelt alike"),
            "initial": Likeness(False, 0.8, "same surname, matching initial"),
            "missing": Likeness(False, 0.6, "surname alone"),
            "different": Likeness(False, 0.5, "same surname, different first names"),
        }[given]
    if given == "different":
        return None
    if surname == "form":
        if given == "same":
            # "Andriy Marchuka" is Andriy Marchuk in a translator's leftover case ending: a
            # relative would not share the first name as well.
            return Likeness(True, 0.95, f"same first name, surname in another case ({pair})")
        return Likeness(False, 0.7, f"surname in another case or gender form ({pair})")
    score = similarity(sa, sb) / 100 * (0.9 if given == "same" else 0.7)
    return Likeness(False, round(score, 2), f"surnames spelt alike ({pair})")
