"""Numbers and months written in words, in English, Ukrainian and Russian, read as the one
form a translation keeps: "two hundred", «двісті» and «двести» are 200; "March", «березня»
and «марте» are the month March. Pure: words in, forms out."""

import regex as re

_ONES = {
    **dict.fromkeys(("one",), 1),
    **dict.fromkeys(("two", "два", "дві", "две", "двох", "двух", "двома", "двумя"), 2),
    **dict.fromkeys(("three", "три", "трьох", "трех", "трёх", "трьома", "тремя"), 3),
    **dict.fromkeys(("four", "чотири", "четыре", "чотирьох", "четырех", "четырёх"), 4),
    **dict.fromkeys(("five", "п'ять", "пять", "п'яти", "пяти"), 5),
    **dict.fromkeys(("six", "шість", "шесть", "шести"), 6),
    **dict.fromkeys(("seven", "сім", "семь", "семи"), 7),
    **dict.fromkeys(("eight", "вісім", "восемь", "восьми"), 8),
    **dict.fromkeys(("nine", "дев'ять", "девять", "дев'яти", "девяти"), 9),
    **dict.fromkeys(("ten", "десять", "десяти"), 10),
    **dict.fromkeys(("eleven", "одинадцять", "одиннадцать"), 11),
    **dict.fromkeys(("twelve", "дванадцять", "двенадцать"), 12),
    **dict.fromkeys(("thirteen", "тринадцять", "тринадцать"), 13),
    **dict.fromkeys(("fourteen", "чотирнадцять", "четырнадцать"), 14),
    **dict.fromkeys(("fifteen", "п'ятнадцять", "пятнадцать"), 15),
    **dict.fromkeys(("sixteen", "шістнадцять", "шестнадцать"), 16),
    **dict.fromkeys(("seventeen", "сімнадцять", "семнадцать"), 17),
    **dict.fromkeys(("eighteen", "вісімнадцять", "восемнадцать"), 18),
    **dict.fromkeys(("nineteen", "дев'ятнадцять", "девятнадцать"), 19),
    **dict.fromkeys(("twenty", "двадцять", "двадцать"), 20),
    **dict.fromkeys(("thirty", "тридцять", "тридцать"), 30),
    **dict.fromkeys(("forty", "сорок", "сорока"), 40),
    **dict.fromkeys(("fifty", "п'ятдесят", "пятьдесят"), 50),
    **dict.fromkeys(("sixty", "шістдесят", "шестьдесят"), 60),
    **dict.fromkeys(("seventy", "сімдесят", "семьдесят"), 70),
    **dict.fromkeys(("eighty", "вісімдесят", "восемьдесят"), 80),
    **dict.fromkeys(("ninety", "дев'яносто", "девяносто"), 90),
    **dict.fromkeys(("сто", "сотні", "сотни", "сотню"), 100),
    **dict.fromkeys(("двісті", "двести", "двохсот", "двухсот"), 200),
    **dict.fromkeys(("триста", "трьохсот", "трехсот", "трёхсот"), 300),
    **dict.fromkeys(("чотириста", "четыреста", "чотирьохсот", "четырехсот"), 400),
    **dict.fromkeys(("п'ятсот", "пятьсот", "п'ятисот", "пятисот"), 500),
    **dict.fromkeys(("шістсот", "шестьсот", "шестисот"), 600),
    **dict.fromkeys(("сімсот", "семьсот", "семисот"), 700),
    **dict.fromkeys(("вісімсот", "восемьсот", "восьмисот"), 800),
    **dict.fromkeys(("дев'ятсот", "девятьсот", "девятисот"), 900),
}
# Words that multiply what comes before them ("two hundred", "три тисячі").
_SCALES = {
    "hundred": 100,
    **dict.fromkeys(("thousand", "тисяча", "тисячі", "тисяч", "тысяча", "тысячи", "тысяч"), 1000),
    **dict.fromkeys(
        ("million", "мільйон", "мільйона", "мільйонів", "миллион", "миллиона", "миллионов"),
        1_000_000,
    ),
}
_ENGLISH_MONTHS = (
    "january february march april may june july august september october november december"
).split()
# Each month's forms, as news prints them ("в марте", "2 березня", "у березні").
_MONTH_FORMS = (
    "січень січня січні январь января январе",
    "лютого лютому февраль февраля феврале",
    "березень березня березні март марта марте",
    "квітень квітня квітні апрель апреля апреле",
    "травень травня травні май мая мае",
    "червень червня червні июнь июня июне",
    "липень липня липні июль июля июле",
    "серпень серпня серпні август августа августе",
    "вересень вересня вересні сентябрь сентября сентябре",
    "жовтень жовтня жовтні октябрь октября октябре",
    "листопад листопада листопаді ноябрь ноября ноябре",
    "грудень грудня грудні декабрь декабря декабре",
)
_MONTHS = {
    form: english.capitalize()
    for english, forms in zip(_ENGLISH_MONTHS, _MONTH_FORMS, strict=True)
    for form in forms.split()
}
_MONTHS.update({english: english.capitalize() for english in _ENGLISH_MONTHS if english != "may"})
_APOSTROPHES = re.compile(r"[’ʼ`]")


def _folded(word: str) -> str:
    return _APOSTROPHES.sub("'", word.lower())


def numbers_in(words: list[str]) -> set[str]:
    """The numbers `words` write out ("two hundred and fifty" -> "250"; a lone "one", as in
    "one of us", says no number), as digits."""
    found, total, current, read = set(), 0, 0, []

    def close():
        value = total + current
        if read and read != ["one"]:
            found.add(str(value))

    for word in map(_folded, words):
        if word in _ONES:
            current += _ONES[word]
        elif word in _SCALES and read:
            scale = _SCALES[word]
            if scale == 100:
                current = (current or 1) * 100
            else:
                total, current = total + (current or 1) * scale, 0
        elif word in ("and", "і", "и") and read and read[-1] in _SCALES:
            continue  # "two hundred and fifty"
        else:
            close()
            total, current, read = 0, 0, []
            continue
        read.append(word)
    close()
    return found


def months_in(words: list[str]) -> set[str]:
    """The months `words` name, by their English names ("березня" -> "March"); "May" only
    with its capital, as "may" is mostly a verb."""
    months = {_MONTHS[w] for w in map(_folded, words) if w in _MONTHS}
    return months | {"May" for w in words if w == "May"}
