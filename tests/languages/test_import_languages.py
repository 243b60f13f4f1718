"""An imported article gets its language, from its page's declaration or its text, and each
printing gets its article's language unless its own words are in another. Invented text."""

import pytest

from archive.languages import language_within, normalised
from archive.services import archive_article

ENGLISH = (
    "Harbour repairs begin in Pristan\n\n"
    "Mayor Olena Dovzhenko addressed the council on Tuesday about the harbour and its bridge.\n\n"
    "“The bridge over the bay will be repaired before winter, and the port will work as "
    "always,” Dovzhenko said.\n"
)
MIXED = (
    "Harbour repairs begin in Pristan\n\n"
    "Mayor Olena Dovzhenko addressed the council on Tuesday about the harbour and its bridge.\n\n"
    '"Міст через затоку відремонтують до зими, а порт працюватиме як завжди", Dovzhenko '
    "said in Ukrainian.\n\n"
    '"We will keep the ferries running while the work goes on," she added.\n'
)
UKRAINIAN = (
    "Міст через затоку відремонтують до зими\n\n"
    "Мер Олена Довженко виступила перед радою у вівторок і розповіла про гавань.\n\n"
    "«Міст через затоку відремонтують до зими, а порт працюватиме як завжди», — сказала "
    "Довженко.\n"
)


def page(body: str, lang: str) -> bytes:
    paragraphs = "".join(f"<p>{p}</p>" for p in body.split("\n\n")[1:])
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{body.splitlines()[0]}</title></head><body><article><h1>"
        f"{body.splitlines()[0]}</h1>{paragraphs}</article></body></html>"
    ).encode()


@pytest.mark.django_db
def test_a_ukrainian_article_is_ukrainian_and_so_are_its_printings():
    article, _ = archive_article(raw=UKRAINIAN.encode(), source_file="mist.txt")
    assert article.language == "uk"
    assert [p.language for p in article.printings.all()] == ["uk"]


@pytest.mark.django_db
def test_an_english_article_is_english_and_so_are_its_printings():
    article, _ = archive_article(raw=ENGLISH.encode(), source_file="bridge.txt")
    assert article.language == "en"
    assert {p.language for p in article.printings.all()} == {"en"}


@pytest.mark.django_db
def test_a_ukrainian_quotation_in_an_english_article_is_ukrainian():
    article, _ = archive_article(raw=MIXED.encode(), source_file="mixed.txt")
    assert article.language == "en"
    printed = {p.text[:4]: p.language for p in article.printings.all()}
    assert printed == {"Міст": "uk", "We w": "en"}


@pytest.mark.django_db
def test_the_language_a_page_declares_wins_normalised():
    """A page declaring uk-UA is filed as Ukrainian ('uk'); one declaring ru over Ukrainian
    text is filed as Russian, as it says, while its quotation's own words read as Ukrainian."""
    ukrainian, _ = archive_article(raw=page(UKRAINIAN, "uk-UA"), raw_format="html")
    russian, _ = archive_article(raw=page(UKRAINIAN + " ", "ru"), raw_format="html")
    assert (ukrainian.language, russian.language) == ("uk", "ru")
    assert {p.language for p in russian.printings.all()} == {"uk"}  # its words, read


@pytest.mark.django_db
def test_a_declaration_the_script_contradicts_is_not_believed():
    """A Ukrainian page whose template says lang="en" is Ukrainian."""
    article, _ = archive_article(raw=page(UKRAINIAN, "en"), raw_format="html")
    assert article.language == "uk"


@pytest.mark.django_db
def test_the_language_given_at_import_is_normalised():
    article, _ = archive_article(raw=ENGLISH.encode(), source_file="b.txt", language="en_GB")
    assert article.language == "en"


@pytest.mark.parametrize(
    ("tag", "code"),
    [("uk-UA", "uk"), ("en_GB", "en"), ("UKR", "uk"), ("ua", "uk"), ("und", ""), ("", "")],
)
def test_declared_tags_are_normalised_to_iso_639_1(tag, code):
    assert normalised(tag) == code


def test_a_short_quotation_in_the_articles_script_is_not_read(monkeypatch):
    """What costs nothing: a short English quotation in an English article is English
    without a detector being asked (and one that would call it French is not asked)."""
    monkeypatch.setattr("archive.languages.detect", lambda text: pytest.fail("read"))
    assert language_within("Glory to the harbour!", "en") == "en"


def test_a_short_quotation_in_another_script_has_no_language_rather_than_a_wrong_one():
    assert language_within("Так", "en") == ""


@pytest.mark.django_db
def test_a_russian_quotation_in_a_ukrainian_article_is_russian():
    """Within one script the words are read too: Ukrainian is told from Russian."""
    text = (
        "Мер Олена Довженко виступила перед радою у вівторок і розповіла про гавань та міст.\n\n"
        "«Мы удержим этот порт до весны, что бы ни случилось с мостом», — сказал капитан "
        "Гнат Сорока російською.\n\n"
        "«Міст через затоку відремонтують до зими», — сказала Довженко.\n"
    )
    article, _ = archive_article(raw=text.encode(), source_file="port.txt")
    assert article.language == "uk"
    printed = {p.text[:2]: p.language for p in article.printings.all()}
    assert printed == {"Мы": "ru", "Мі": "uk"}
