"""A quote's citation in each format: APA, MLA, Chicago, BibTeX, RIS and CSL-JSON."""

import datetime
import json

import pytest

from quotes.citations import Citation, bibtex_escape, citable_quotes
from tests.citations.conftest import NASTY_TEXT, archived
from tests.citations.parsing import latex_text, parse_bibtex, parse_ris
from tests.factories import AppearanceFactory, ArticleFactory, QuoteFactory


def cite(quote):
    return Citation.of(citable_quotes().get(pk=quote.pk))


@pytest.mark.django_db
def test_citation_cites_the_earliest_appearance(quote):
    """The outlet, date, headline and archive date come from the earliest printing."""
    citation = cite(quote)
    assert citation.speaker == "Iryna Lighthouse"
    assert citation.outlet == "Harbour Gazette"
    assert citation.published == datetime.date(2031, 6, 1)
    assert citation.title == "Storm season ends"
    assert citation.archived == datetime.date(2031, 6, 3)
    assert citation.permalink == f"https://verbatim.test/q/{quote.short_id}/"


@pytest.mark.django_db
def test_apa_mla_and_chicago_follow_their_patterns(quote):
    """Each text style gives speaker, words, 'quoted in' the article, and the permalink."""
    citation = cite(quote)
    link = f"https://verbatim.test/q/{quote.short_id}/"
    assert citation.apa == (
        "Iryna Lighthouse. (2031, June 1). “The tide will turn.” [Quoted in Storm season ends]. "
        f"Harbour Gazette. Retrieved June 3, 2031, from {link}"
    )
    assert citation.mla == (
        "Iryna Lighthouse. “The tide will turn.” Quoted in “Storm season ends.” "
        f"Harbour Gazette, 1 June 2031. Verbatim, {link}. Accessed 3 June 2031."
    )
    assert citation.chicago == (
        "Iryna Lighthouse. “The tide will turn.” As quoted in “Storm season ends.” "
        f"Harbour Gazette, June 1, 2031. Verbatim. {link} (accessed June 3, 2031)."
    )


@pytest.mark.django_db
def test_unknown_date_outlet_and_title_are_left_out_gracefully():
    """An undated, untitled article of no outlet gives 'n.d.' and no empty elements."""
    appearance = archived(
        AppearanceFactory(
            quote__text="Words\n\nover two paragraphs",
            quote__person=None,
            quote__speaker_description="one soldier",
            article__outlet=None,
            article__title="",
            article__published=None,
        )
    )
    citation = cite(appearance.quote)
    assert citation.speaker == "One soldier (unnamed)"
    assert citation.text == "Words over two paragraphs"
    assert citation.apa.startswith(
        "One soldier (unnamed). (n.d.). “Words over two paragraphs.” [Quoted in an untitled "
        "article]. Retrieved June 3, 2031, from https://verbatim.test/q/"
    )
    assert "Quoted in an untitled article. Verbatim, https://" in citation.mla
    assert "As quoted in an untitled article. n.d. Verbatim. https://" in citation.chicago
    for text in (citation.apa, citation.mla, citation.chicago):
        assert "None" not in text and ", ," not in text and ". ." not in text
    _, _, fields = parse_bibtex(citation.bibtex())
    assert "year" not in fields and "howpublished" not in fields
    assert fields["author"] == "{One soldier (unnamed)}"
    tags = dict(parse_ris(citation.ris()))
    assert "PY" not in tags and "T2" not in tags
    item = json.loads(citation.csl_json())[0]
    assert "issued" not in item and "container-title" not in item


@pytest.mark.django_db
def test_a_quote_printed_nowhere_still_cites_its_permalink():
    """Without any appearance there is no outlet or date, but the citation still stands."""
    citation = cite(QuoteFactory(text="Unprinted."))
    assert citation.outlet == "" and citation.published is None and citation.archived is None
    assert citation.apa.endswith(f"https://verbatim.test/q/{citation.short_id}/")
    parse_bibtex(citation.bibtex())
    parse_ris(citation.ris())


@pytest.mark.django_db
def test_undated_articles_are_cited_only_when_no_article_has_a_date(quote):
    """An undated printing does not displace a dated one as the source cited."""
    AppearanceFactory(quote=quote, article__published=None)
    assert cite(quote).outlet == "Harbour Gazette"


@pytest.mark.django_db
def test_speaker_quotation_marks_nest_as_single_ones():
    """Double quotation marks in the words become single ones inside the citation's own."""
    citation = cite(QuoteFactory(text='He said “never” and "again"'))
    assert "“He said ‘never’ and 'again'.”" in citation.apa


@pytest.mark.django_db
def test_bibtex_entry_parses_with_its_fields(quote):
    """The BibTeX entry is a @misc with a safe key, the speaker, words, outlet, dates and URL."""
    entry_type, key, fields = parse_bibtex(cite(quote).bibtex())
    assert entry_type == "misc"
    assert key == f"lighthouse2031{quote.short_id}"
    assert latex_text(fields["author"]) == "Iryna Lighthouse"
    assert latex_text(fields["title"]) == "The tide will turn."
    assert latex_text(fields["howpublished"]) == "Harbour Gazette"
    assert fields["year"] == "2031" and fields["month"] == "jun" and fields["date"] == "2031-06-01"
    assert fields["url"] == f"https://verbatim.test/q/{quote.short_id}/"
    assert fields["urldate"] == "2031-06-03"
    assert "Storm season ends" in latex_text(fields["note"])


@pytest.mark.django_db
def test_bibtex_escapes_every_special_character(nasty_quote):
    """Braces, %, &, $, #, _, ~, ^ and backslashes are escaped, so the entry still parses,
    its braces balance and each field reads back as the original text."""
    _, key, fields = parse_bibtex(cite(nasty_quote).bibtex())
    assert key.isalnum()
    assert latex_text(fields["title"]) == NASTY_TEXT
    assert latex_text(fields["author"]) == "Ana {Brace} 50% & Co"
    assert latex_text(fields["howpublished"]) == "News & Co_"


def test_bibtex_escape_does_not_escape_its_own_escapes():
    """A backslash becomes \\textbackslash{} whose braces are left as they are."""
    assert bibtex_escape("\\{}") == r"\textbackslash{}\textbraceleft{}\textbraceright{}"


@pytest.mark.django_db
def test_bibtex_key_for_a_name_without_latin_letters():
    """A speaker whose name slugifies to nothing still gets a key of letters and digits."""
    appearance = AppearanceFactory(quote__person__name="Ірина Маяк")
    _, key, fields = parse_bibtex(cite(appearance.quote).bibtex())
    assert key.startswith("quote") and key.isalnum()
    assert latex_text(fields["author"]) == "Ірина Маяк"


@pytest.mark.django_db
def test_ris_record_has_its_tags(quote):
    """The RIS record is TY NEWS to ER, with CRLF lines and the citation's fields."""
    pairs = parse_ris(cite(quote).ris())
    tags = dict(pairs)
    assert tags["AU"] == "Iryna Lighthouse"
    assert tags["TI"] == "The tide will turn."
    assert tags["T2"] == "Harbour Gazette"
    assert tags["PY"] == "2031" and tags["DA"] == "2031/06/01"
    assert tags["UR"] == f"https://verbatim.test/q/{quote.short_id}/"
    assert tags["Y2"] == "2031/06/03"


@pytest.mark.django_db
def test_ris_keeps_a_multi_paragraph_quote_on_one_line():
    """Line breaks in the words cannot start a bogus tag line."""
    quote = QuoteFactory(text="First.\r\nER  - \nSecond.")
    tags = parse_ris(cite(quote).ris())
    assert ("TI", "First. ER - Second.") in tags
    assert [tag for tag, _ in tags].count("ER") == 1


@pytest.mark.django_db
def test_csl_json_item_has_its_fields(quote):
    """The CSL-JSON file is a list of one article-newspaper item with dates as date-parts."""
    [item] = json.loads(cite(quote).csl_json())
    assert item["type"] == "article-newspaper"
    assert item["author"] == [{"literal": "Iryna Lighthouse"}]
    assert item["title"] == "The tide will turn."
    assert item["container-title"] == "Harbour Gazette"
    assert item["issued"] == {"date-parts": [[2031, 6, 1]]}
    assert item["accessed"] == {"date-parts": [[2031, 6, 3]]}
    assert item["URL"] == f"https://verbatim.test/q/{quote.short_id}/"


@pytest.mark.django_db
def test_csl_json_keeps_special_characters_as_they_are(nasty_quote):
    """JSON needs no LaTeX escapes: the words read back exactly."""
    [item] = json.loads(cite(nasty_quote).csl_json())
    assert item["title"] == NASTY_TEXT
    assert item["container-title"] == "News & Co_"


@pytest.mark.django_db
def test_site_url_falls_back_to_the_request(rf, settings):
    """With SITE_URL empty, the permalink is on the host the page was asked for with."""
    settings.SITE_URL = ""
    quote = ArticleFactory() and QuoteFactory()
    citation = Citation.of(quote, request=rf.get("/", HTTP_HOST="127.0.0.1"))
    assert citation.permalink == f"http://127.0.0.1/q/{quote.short_id}/"
