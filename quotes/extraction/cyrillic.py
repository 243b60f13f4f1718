"""Russian and Ukrainian text: the words extraction reads in Cyrillic (speech verbs, "по
словам X", roles, ranks, units) and the morphological analyser (pymorphy3, whose dictionaries
ship as packages) that brings an inflected name or unit back to its nominative.

One module for both languages, so that every Cyrillic word list lives in one place. The
analysers are loaded the first time a Cyrillic name needs one (about a fifth of a second and
a few tens of megabytes each), never for English text.
"""

from dataclasses import dataclass
from functools import cache

import regex as re

# The verbs that credit direct speech, by their lemma. Every past and third-person form of
# them is in CUE_FORMS (both genders, both aspects' tenses); cue_forms() gives them again
# from the analyser, and a test keeps the two the same.
CUE_LEMMAS = {
    "ru": tuple(
        (
            "заявить заявлять сказать говорить отметить отмечать подчеркнуть подчёркивать "
            "написать писать сообщить сообщать добавить добавлять пояснить пояснять "
            "рассказать рассказывать уточнить уточнять считать ответить отвечать пообещать "
            "пожаловаться жаловаться признать признаться заверить заверять напомнить "
            "напоминать подтвердить подтверждать призвать заметить предупредить объяснить"
        ).split()
    ),
    "uk": tuple(
        (
            "заявити заявляти сказати казати говорити зазначити зазначати підкреслити "
            "підкреслювати написати писати повідомити повідомляти додати додавати пояснити "
            "пояснювати розповісти розповідати наголосити наголошувати уточнити уточнювати "
            "відповісти відповідати пообіцяти поскаржитися скаржитися визнати запевнити "
            "нагадати підтвердити закликати зауважити попередити вважати"
        ).split()
    ),
}
# What cue_forms() gives for CUE_LEMMAS ("ё" written "е", as most news sites print it).
CUE_FORMS = {
    "ru": """
говорил говорила говорили говорило говорит говорят добавил добавила добавили добавило
добавит добавляет добавлял добавляла добавляли добавляло добавляют добавят жаловалась
жаловались жаловалось жаловался жалуется жалуются заверил заверила заверили заверило заверит
заверяет заверял заверяла заверяли заверяло заверят заверяют заметил заметила заметили
заметило заметит заметят заявил заявила заявили заявило заявит заявляет заявлял заявляла
заявляли заявляло заявляют заявят написал написала написали написало напишет напишут
напоминает напоминал напоминала напоминали напоминало напоминают напомнил напомнила
напомнили напомнило напомнит напомнят объяснил объяснила объяснили объяснило объяснит
объяснят ответил ответила ответили ответило ответит ответят отвечает отвечал отвечала
отвечали отвечало отвечают отметил отметила отметили отметило отметит отметят отмечает
отмечал отмечала отмечали отмечало отмечают писал писала писали писало пишет пишут
подтвердил подтвердила подтвердили подтвердило подтвердит подтвердят подтверждает
подтверждал подтверждала подтверждали подтверждало подтверждают подчеркивает подчеркивал
подчеркивала подчеркивали подчеркивало подчеркивают подчеркнет подчеркнул подчеркнула
подчеркнули подчеркнуло подчеркнут пожаловалась пожаловались пожаловалось пожаловался
пожалуется пожалуются пообещает пообещал пообещала пообещали пообещало пообещают пояснил
пояснила пояснили пояснило пояснит поясняет пояснял поясняла поясняли поясняло пояснят
поясняют предупредил предупредила предупредили предупредило предупредит предупредят призвал
призвала призвали призвало признает признается признал признала призналась признали
признались признало призналось признался признают признаются призовет призовут расскажет
расскажут рассказал рассказала рассказали рассказало рассказывает рассказывал рассказывала
рассказывали рассказывало рассказывают скажет скажут сказал сказала сказали сказало сообщает
сообщал сообщала сообщали сообщало сообщат сообщают сообщил сообщила сообщили сообщило
сообщит считает считал считала считали считало считают уточнил уточнила уточнили уточнило
уточнит уточняет уточнял уточняла уточняли уточняло уточнят уточняют
""".split(),
    "uk": """
вважа вважав вважала вважали вважало вважатиме вважатимуть вважають вважає визнав визнала
визнали визнало визнають визнає відповів відповіда відповідав відповідала відповідали
відповідало відповідатиме відповідатимуть відповідають відповідає відповідять відповіла
відповіли відповіло відповість говоре говорив говорила говорили говорило говоритиме
говоритимуть говорить говорять додав додавав додавала додавали додавало додаватиме
додаватимуть додадуть додала додали додало додасть додають додає зазначав зазначала
зазначали зазначало зазначатиме зазначатимуть зазначать зазначають зазначає зазначив
зазначила зазначили зазначило зазначить закликав закликала закликали закликало закличе
закличуть запевнив запевнила запевнили запевнило запевнить запевнять зауважать зауважив
зауважила зауважили зауважило зауважить заявив заявила заявили заявило заявить заявляв
заявляла заявляли заявляло заявлятиме заявлятимуть заявлять заявляють заявляє каже кажуть
казав казала казали казало казатиме казатимуть нагада нагадав нагадала нагадали нагадало
нагадають нагадає наголосив наголосила наголосили наголосило наголосить наголосять
наголошував наголошувала наголошували наголошувало наголошуватиме наголошуватимуть
наголошують наголошує написав написала написали написало напише напишуть писав писала писали
писало писатиме писатимуть пише пишуть повідомив повідомила повідомили повідомило повідомить
повідомляв повідомляла повідомляли повідомляло повідомлятиме повідомлятимуть повідомлять
повідомляють повідомляє пообіцяв пообіцяла пообіцяли пообіцяло пообіцяють пообіцяє попередив
попередила попередили попередило попередить попередять поскаржаться поскарживсь поскаржився
поскаржилась поскаржилася поскаржились поскаржилися поскаржилось поскаржилося поскаржиться
пояснив пояснила пояснили пояснило пояснить пояснював пояснювала пояснювали пояснювало
пояснюватиме пояснюватимуть пояснюють пояснює пояснять підкреслив підкреслила підкреслили
підкреслило підкреслить підкреслював підкреслювала підкреслювали підкреслювало
підкреслюватиме підкреслюватимуть підкреслюють підкреслює підкреслять підтвердив підтвердила
підтвердили підтвердило підтвердить підтвердять розповів розповіда розповідав розповідала
розповідали розповідало розповідатиме розповідатимуть розповідають розповідає розповідять
розповіла розповіли розповіло розповість скаже скажуть сказав сказала сказали сказало
скаржаться скарживсь скаржився скаржилась скаржилася скаржились скаржилися скаржилось
скаржилося скаржитиметься скаржитимуться скаржиться уточнив уточнила уточнили уточнило
уточнить уточнював уточнювала уточнювали уточнювало уточнюватиме уточнюватимуть уточнюють
уточнює уточнять
""".split(),
}

# A cue verb in any of its forms, as a pattern for speech.SPEECH_VERB; with the adjectives
# that credit an opinion the same way ("..., уверен командир").
CUE_VERB = (
    r"(?:"
    + "|".join(sorted({f for forms in CUE_FORMS.values() for f in forms}, key=len, reverse=True))
    + r"|уверен[аоы]?|переконан(?:ий|а|і))"
)
# "По словам X, ..." and "За словами X, ...": the source follows, as after "according to".
ACCORDING = r"(?:[Пп]о\s+словам|[Зз]а\s+словами)"
ACCORDING_START = re.compile(r"(?i:по|за)\s")

# A name in quotation marks, of a unit or an operation: «Лелека», «Кедр», "Дубрава".
QUOTED_NAME = re.compile(r"[«\"„]\p{Lu}[\p{L}\d'’ -]{0,30}[»\"“]")
# "сказала вона", "добавил он": a pronoun after a verb.
CYRILLIC_PRONOUN = re.compile(r"[ \u00a0]+(він|вона|вони|он|она|они)(?![\p{L}])")
# "одна из жительниц", "один із бійців": someone unnamed.
ONE_OF = re.compile(
    r"[ \u00a0]+((?:один|одна|одно|одни|одне)[ \u00a0]+(?:из|із|з)[ \u00a0]+\p{Ll}+)"
)
# An institution in the locative before a verb, at a sentence's start or after a comma: "В
# министерстве обороны заявили", "У Стрийській обласній військовій адміністрації повідомили".
BODY_BEFORE = re.compile(
    r"(?:^|(?<=\s))(?:[ВвУу]|[Вв]о)[ \u00a0]+(?P<body>(?:[\p{L}\d-]+[ \u00a0]+){1,6}?)"
    r"(?=(?:(?:также|також|уже|вже|ранее|раніше|официально|офіційно)[ \u00a0]+)?$)"
)

# Roles and titles printed before a name, by lemma: they describe the person and are no part
# of the name ("речниця угруповання Олена X", "пресс-секретарь Ирина X").
ROLE_LEMMAS = frozenset(
    (
        "речник речниця спікер спикер пресс-секретарь прес-секретар представитель представник "
        "командир комбат командувач командующий заступник заместитель начальник голова глава "
        "мер мэр губернатор міністр министр очільник керівник руководитель директор помічник "
        "помощник радник советник оператор операторка пілот пилот військовий военный "
        "військовослужбовець военнослужащий боєць боец снайпер розвідник разведчик сапер "
        "офіцер офицер посол депутат прокурор суддя судья журналіст журналист кореспондент "
        "корреспондент блогер волонтер лікар врач мешканець житель жителька мешканка "
        "військовослужбовиця медик парамедик стрілець стрелок кулеметник пулеметчик "
        "артилерист артиллерист навідник наводчик механік механик водій водитель зв'язківець "
        "связист"
    ).split()
)
# Military ranks printed before a name, by lemma ("полковник Геннадий X").
RANK_LEMMAS = frozenset(
    (
        "генерал генерал-лейтенант генерал-майор генерал-полковник полковник підполковник "
        "подполковник майор капітан капитан лейтенант старший молодший сержант старшина "
        "прапорщик солдат рядовий рядовой єфрейтор ефрейтор мічман мичман"
    ).split()
)
# The nouns units are named by, by lemma, and the stems their forms start with.
UNIT_LEMMAS = frozenset(
    (
        "бригада полк батальйон батальон дивізія дивизия корпус армія армия рота угруповання "
        "группировка загін отряд група группа флот ескадрилья эскадрилья центр"
    ).split()
)
UNIT_STEMS = (
    r"(?<![\p{L}'’-])(?i:бригад|полк|батальй?он|дивізі|дивизи|корпус|армі|арми|рот|угрупован|группировк"
    r"|группировок|загон|загін|отряд|груп|эскадрил|ескадрил)\p{Ll}*"
)
# A unit as printed in any case: its number (with or without the ordinal's ending), words
# that qualify its noun, the noun, what it is of ("військ", "безпілотних систем") and its
# name in quotation marks. 'of' words are at most two, lower case, after the noun.
UNIT_PHRASE = (
    r"(?:\d+(?:-?\p{Ll}{1,3})?[ \u00a0]+)?(?:\p{Ll}[\p{Ll}'’-]*[ \u00a0]+){0,3}?"
    + UNIT_STEMS
    + r"(?:[ \u00a0]+(?:військ|войск|безпілотних[ \u00a0]+систем|беспилотных[ \u00a0]+систем"
    r"|спеціального[ \u00a0]+призначення|специального[ \u00a0]+назначения))?"
    r"(?:[ \u00a0]+«[^«»\n]{1,40}»|[ \u00a0]+\"[^\"\n]{1,40}\")?"
)

_UKRAINIAN = re.compile(r"[іїєґІЇЄҐ]")
_RUSSIAN = re.compile(r"[ыэъёЫЭЪЁ]")
_CYRILLIC = re.compile(r"\p{Cyrillic}")


def is_cyrillic(word: str) -> bool:
    """Whether `word` is written in Cyrillic (its first letter is)."""
    letter = next((c for c in word if c.isalpha()), "")
    return bool(letter) and bool(_CYRILLIC.match(letter))


def language_of(text: str) -> str:
    """'uk' or 'ru' for Cyrillic `text`, by the letters only one of them has; '' for text
    with no Cyrillic. (archive.languages reads the language properly; extraction needs only
    which analyser to ask, and stays free of that model.)"""
    if not _CYRILLIC.search(text):
        return ""
    return "uk" if len(_UKRAINIAN.findall(text)) >= len(_RUSSIAN.findall(text)) else "ru"


def analyser(language: str, word: str = ""):
    """pymorphy3's analyser of `language` ('ru' or 'uk'), or of the language `word` is
    plainly written in (a Russian name quoted in a Ukrainian article)."""
    if _UKRAINIAN.search(word):
        language = "uk"
    elif _RUSSIAN.search(word):
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
            _SAME_ROLE.get(lemma, lemma)
            for w in t.split()
            for lemma in _lemma(w, language)
            if lemma in ROLE_LEMMAS or lemma in RANK_LEMMAS
        }
        for t in (title, other)
    ]
    return bool(lemmas[0] & lemmas[1])


# Roles one word of which stands for another's: a battalion's commander is its "комбат".
_SAME_ROLE = {"комбат": "командир", "мэр": "глава", "мер": "голова", "спикер": "спикер"}
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
    parses = analyser(language, word).parse(word.lower())
    named = [p for p in parses if any(t in p.tag for t in _NAME_TAGS)]
    adjectives = [p for p in parses if p.tag.POS in ("ADJF",) and p.tag.gender in ("masc", "femn")]
    nouns = [p for p in parses if p.tag.POS == "NOUN" and p.tag.case is not None]
    return named + adjectives + nouns


def _gender(parse) -> str:
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
    # The case and gender all the words share, the given name's first: pymorphy's normal
    # form of "Захаровой" is "захаров", but inflected to the nominative in its own gender it
    # is "захарова".
    best = None
    for first in readings[0] or [None]:
        case = str(first.tag.case) if first is not None else None
        gender = _gender(first) if first is not None else None
        chosen = []
        for word_readings in readings:
            fit = [
                p
                for p in word_readings
                if (case is None or str(p.tag.case) == case)
                and (not gender or _gender(p) in (gender, "ms-f", ""))
            ]
            chosen.append(fit[0] if fit else None)
        if all(c is not None for c in chosen):
            best = (chosen, gender)
            break
    if best is None:
        chosen, gender = [r[0] if r else None for r in readings], None
    else:
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
        nominal = _nominative(parse, _gender(parse))
        if nominal:
            out.add(_cased(nominal, word))
    return out


def name_kind(word: str, language: str) -> str:
    """What a capitalised word can be in a name: "given" (the analyser knows it as a given
    name), "surname" (a surname or patronymic, one declined as an adjective, or a word it
    does not know), or "other" (a word it knows as no name: "Бійці", "Нагадаємо", "Стрия")."""
    parses = analyser(language, word).parse(word.lower())
    if any("Name" in p.tag for p in parses):
        return "given"
    if any("Surn" in p.tag or "Patr" in p.tag for p in parses):
        return "surname"
    if not any(p.is_known for p in parses) or any(p.tag.POS == "ADJF" for p in parses):
        return "surname"
    return "other"


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
        if at > 0:
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
        gender = _gender(parse)
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
    gender = _gender(parse) or "femn"
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
