"""Printed names taken apart, put in natural order, and folded for matching (quotes.names)."""

import pytest

from quotes.names import likeness, name_key, name_word_key, parse_name, sort_name, split_title


@pytest.mark.parametrize(
    "printed, display, sort",
    [
        ("Tarasenko Bohdan Ivanovych", "Bohdan Tarasenko", "Tarasenko, Bohdan"),
        ("Lieutenant Colonel Galkin Sergey Alekseevich", "Sergey Galkin", "Galkin, Sergey"),
        ("Galkin Sergei", "Sergei Galkin", "Galkin, Sergei"),
        ("Galkin, Sergei", "Sergei Galkin", "Galkin, Sergei"),
        ("Sergei Alekseevich Galkin", "Sergei Galkin", "Galkin, Sergei"),
        ("Serhiy Kovalenkyy", "Serhiy Kovalenkyy", "Kovalenkyy, Serhiy"),
        ("Senior Lieutenant Oleh Marchuk", "Oleh Marchuk", "Marchuk, Oleh"),
        ("Colonel-General Yuriy Zhuravskyy", "Yuriy Zhuravskyy", "Zhuravskyy, Yuriy"),
        ("Maj. Gen. Dmytro Hrytsenko", "Dmytro Hrytsenko", "Hrytsenko, Dmytro"),
        ("Junior Sergeant Iryna Levchenko", "Iryna Levchenko", "Levchenko, Iryna"),
        ("Private Taras Bilyk", "Taras Bilyk", "Bilyk, Taras"),
        ("Mr Bilyk", "Bilyk", "Bilyk"),
        ("Ilse Maria Vantongeren", "Ilse Maria Vantongeren", "Vantongeren, Ilse Maria"),
    ],
)
def test_display_and_sort_names(printed, display, sort):
    """The display name is in natural order without rank or patronymic; the sort name puts
    the surname first, whichever order the outlet printed."""
    assert parse_name(printed).display == display
    assert sort_name(printed) == sort


def test_a_two_word_name_is_russian_order_only_when_the_second_is_a_given_name():
    """ "Galkin Sergei" is surname first; "Petra Galkin" and "Oskar Thalberg" are not."""
    assert parse_name("Galkin Sergei").russian_order
    assert not parse_name("Sergei Galkin").russian_order
    assert not parse_name("Oskar Thalberg").russian_order


@pytest.mark.parametrize(
    "printed, title, rest",
    [
        ("Lieutenant Colonel Ivan Bilyk", "Lieutenant Colonel", ["Ivan", "Bilyk"]),
        ("Colonel-General Bilyk", "Colonel-General", ["Bilyk"]),
        ("Senior Lieutenant Bilyk", "Senior Lieutenant", ["Bilyk"]),
        ("Sergeant Major Ivan Bilyk", "Sergeant Major", ["Ivan", "Bilyk"]),
        ("Mr Alekseevich", "Mr", ["Alekseevich"]),
        ("Lieutenant Colonel", "Lieutenant Colonel", []),
        ("Ivan Major", "", ["Ivan", "Major"]),
    ],
)
def test_ranks_and_honorifics_are_split_off(printed, title, rest):
    """Ranks, one word or several, hyphenated or not, are taken off the start of a name;
    a surname that is also a rank stays where it is."""
    assert split_title(printed) == (title, rest)


def test_a_patronymic_alone_is_no_surname():
    """ "Mr Alekseevich" names a patronymic only."""
    parsed = parse_name("Mr Alekseevich")
    assert parsed.patronymic == "Alekseevich"
    assert parsed.surname == ""


@pytest.mark.parametrize(
    "names",
    [
        [
            "Serhiy Kovalenkyy",
            "Serhii Kovalenkyi",
            "Kovalenkyi Serhii Petrovych",
            "Sergey Kovalenkyi",
        ],
        [
            "Oleksandr Zhuravskyi",
            "Aleksandr Zhuravsky",
            "Alexander Zhuravskiy",
            "Olexandr Zhuravskij",
        ],
        ["Dmytro Khomenko", "Dmitry Khomenko", "Dmitri Khomenko"],
        ["Mykhailo Yatsenko", "Mikhail Iatsenko", "Mykhaylo Yatsenko"],
        ["Yuriy Andreyev", "Iurii Andreev", "Yury Andreev", "Jurij Andrejev"],
        ["Maksym Zheleznyak", "Maxim Zhelezniak", "Maksim Zheleznyak"],
        ["Andriy Tsybulko", "Andrei Tzybulko", "Andrey Tsybulko"],
        ["Yevhen Bilous", "Evgeny Bilous", "Yevgeniy Bilous"],
        ["Volodymyr Petrenko", "Vladimir Petrenko", "Petrenko Vladimir Ivanovich"],
        ["Oleh Lysenko", "Oleg Lysenko"],
        ["Ihor Shpak", "Igor Shpak"],
        ["Сергій Коваленко", "Serhiy Kovalenko"],
        ["Zoë Brun", "Zoe Brun", "Brun Zoe"],
        ["Vitaliy Dyachenko", "Vitaly D'yachenko", "Vitalii Dyachenko"],
        ["Oleh Hrytsenko", "Oleg Gritsenko"],
        ["Iryna Zhovtyak", "Irina Jovtiak"],
        ["Mykola Hnatiuk", "Nikolai Gnatyuk", "Hnatyuk Mykola Petrovych"],
        ["Oleh Tymoshchuk", "Oleg Timoshchuk"],
    ],
)
def test_romanisations_of_one_name_give_one_key(names):
    """Spellings of one name by different romanisations, orders and with or without a
    patronymic give one key."""
    assert len({name_key(name) for name in names}) == 1, [name_key(n) for n in names]


@pytest.mark.parametrize(
    "a, b",
    [
        ("Ivan Petrov", "Ivan Petrova"),
        ("Ivan Marchuk", "Pavlo Marchuk"),
        ("Ivan Marchuk", "Ivan Martsuk"),
        ("Ivan Bilyk", "Ivan Bilak"),
        ("Jan Kowal", "Ian Kowal"),
        ("Serhiy Kovalenko", "Serhiy Kovalenkyy"),
        ("Olga Sydorenko", "Oleg Sydorenko"),
    ],
)
def test_different_names_do_not_fold_together(a, b):
    """Names of (possibly) different people keep different keys."""
    assert name_key(a) != name_key(b)


def test_given_names_fold_across_russian_and_ukrainian():
    """The common given names fold to one form; others only by spelling."""
    assert {
        name_word_key("Serhiy"),
        name_word_key("Sergei"),
        name_word_key("Sergiy"),
        name_word_key("Serhii"),
    } == {"sergei"}
    assert name_word_key("Oleksiy") == name_word_key("Alexei") == name_word_key("Aleksey")
    assert name_word_key("Pyotr") == name_word_key("Petro") == name_word_key("Petr")
    assert name_word_key("Olha") == name_word_key("Olga") != name_word_key("Oleg")


def test_the_same_name_in_any_romanisation_is_sure():
    """Same surname and first name, in any romanisation or order, is one person surely."""
    found = likeness(parse_name("Serhii Kovalenkyi"), parse_name("Kovalenkyy Serhiy Petrovych"))
    assert found.sure and found.score == 1.0


@pytest.mark.parametrize(
    "a, b, reason",
    [
        ("Marchuk", "Olha Marchuka", "another case or gender form"),
        ("Ivan Petrov", "Petrova", "another case or gender form"),
        ("Zhuravsky", "Halyna Zhuravskaya", "another case or gender form"),
        ("Ivan Marchuk", "Pavlo Marchuk", "same surname, different first names"),
        ("Marchuk", "Pavlo Marchuk", "surname alone"),
        ("I. Marchuk", "Ivan Marchuk", "same surname, matching initial"),
        ("Ivan Kovalenko", "Ivan Kovalenkyy", "surnames spelt alike"),
    ],
)
def test_doubtful_likenesses_are_never_sure(a, b, reason):
    """Another case or gender form of a surname, another first name, a surname alone, an
    initial or a surname spelt alike is a doubt, with a reason an archivist can read."""
    found = likeness(parse_name(a), parse_name(b))
    assert found is not None and not found.sure
    assert reason in found.reason
    assert 0 < found.score < 1


@pytest.mark.parametrize(
    "a, b",
    [("Ivan Marchuk", "Ivan Shevchuk"), ("Ivan Petrov", "Pavlo Petrova"), ("Galkin", "Bilyk")],
)
def test_unrelated_names_have_no_likeness(a, b):
    """Different surnames, or another form of a surname with another first name, are no
    match at all."""
    assert likeness(parse_name(a), parse_name(b)) is None


def test_names_that_may_be_one_person_printed_two_ways():
    """A surname spelt with a letter more or less, or alike, with no first names that
    differ, may be one person; another first name or another surname is not."""
    from quotes.names import may_be_one

    assert may_be_one("Justice Perrin", "Justice Perin")
    assert may_be_one("Perrin", "Perrinn")
    assert may_be_one("Oksana Hnatiuk", "Hnatyuk")
    assert not may_be_one("Oksana Perrin", "Marta Perrin")
    assert not may_be_one("Perrin", "Dovhan")
