"""A quote's citation in each style, against examples worked by hand from the manuals.

The worked examples follow the sections named beside them: APA = Publication Manual of the
American Psychological Association, 7th ed.; MLA = MLA Handbook, 9th ed.; Chicago = The
Chicago Manual of Style, 17th ed. In all three the person quoted in a news article is not its
author: the article (its byline, headline, paper and date) is what is cited, and the speaker
is named in the researcher's own sentence (APA §8.6 "as cited in"; MLA, "Indirect sources":
"qtd. in"; Chicago §14.260 "quoted in"). MLA 9 sections are named rather than numbered
where their number could not be checked."""

import datetime
import itertools
import re

import pytest

from archive.models import Article
from quotes.citations.citation import Citation, citable_quotes
from quotes.citations.titles import sentence_case, title_case
from tests.citations.conftest import archived
from tests.factories import OutletFactory, PersonFactory, PrintingFactory, QuoteFactory

SITE = "https://verbatim.test"
# The day every article below was archived, as the styles give it.
A = "Archived June 3, 2031. "
NUMBERS = itertools.count()


def cite(quote):
    return Citation.of(citable_quotes().get(pk=quote.pk))


def printed(
    text="The tide will turn.",
    *,
    speaker="Iryna Lighthouse",
    author="",
    title="Storm season ends",
    outlet="Harbour Gazette",
    published=datetime.date(2031, 6, 1),
    body="",
    source_file="storm.txt",
):
    """A published quote printed once, in an article archived on 3 June 2031; its citation."""
    printing = archived(
        PrintingFactory(
            quote=QuoteFactory(text=text, person=PersonFactory(name=speaker) if speaker else None),
            article__author=author,
            article__title=title,
            article__outlet=OutletFactory(name=outlet) if outlet else None,
            article__published=published,
            article__body=body or f"{text} The harbour council met {next(NUMBERS)} times.",
            article__source_file=source_file,
        )
    )
    citation = cite(printing.quote)
    return citation, f"{SITE}/q/{printing.quote.short_id}/"


@pytest.mark.django_db
def test_a_signed_article_is_cited_under_its_byline_not_the_speaker():
    """A named byline is the author in every style; the speaker is named in the sentence."""
    citation, link = printed(author="Oskar Thalberg")
    apa, mla, chicago = citation.styles

    # APA §8.6 (as cited in), §10.1 example 16: Author, A. (Year, Month Day). Title in
    # sentence case. *Newspaper*. URL — no full stop after the URL (§9.34-9.35).
    assert apa.in_text.text == (
        "Iryna Lighthouse said, “The tide will turn” (as cited in Thalberg, 2031)."
    )
    assert apa.entry.text == (
        f"Thalberg, O. (2031, June 1). Storm season ends. Harbour Gazette. {A}{link}"
    )
    assert str(apa.entry.html) == (
        f"Thalberg, O. (2031, June 1). Storm season ends. <i>Harbour Gazette</i>. {A}{link}"
    )

    # MLA: indirect sources (qtd. in), the author element (Surname, Given.), title case, a
    # second container (Verbatim), Appendix 1 (1 June 2031: June is not abbreviated).
    assert mla.in_text.text == "Iryna Lighthouse said, “The tide will turn” (qtd. in Thalberg)."
    assert mla.entry.text == (
        "Thalberg, Oskar. “Storm Season Ends.” Harbour Gazette, 1 June 2031. "
        f"Verbatim, 3 June 2031, {link}."
    )
    assert "<i>Harbour Gazette</i>, 1 June 2031." in str(mla.entry.html)

    # Chicago §14.260 (quoted in); newspapers, from §14.191 (“Title,” *Paper*, Month Day,
    # Year).
    assert chicago.in_text.text == "Iryna Lighthouse said, “The tide will turn.”¹"
    assert chicago.note.text == (
        "1. Iryna Lighthouse, quoted in Oskar Thalberg, “Storm Season Ends,” Harbour Gazette, "
        f"June 1, 2031, archived June 3, 2031, {link}."
    )
    assert chicago.entry.text == (
        f"Thalberg, Oskar. “Storm Season Ends.” Harbour Gazette, June 1, 2031. {A}{link}."
    )
    assert "<i>Harbour Gazette</i>, June 1, 2031," in str(chicago.note.html)


@pytest.mark.django_db
def test_dates_and_paper_names_take_each_styles_form():
    """September and a paper called "The ...": APA keeps both as they are; MLA abbreviates the
    month (Appendix 1: "Sept.") and, like Chicago (newspapers, from §14.191), leaves out the
    paper's initial "The"."""
    citation, link = printed(
        author="Oskar Thalberg",
        outlet="The Norland Courier",
        published=datetime.date(2031, 9, 14),
    )
    assert citation.apa.entry.text == (
        f"Thalberg, O. (2031, September 14). Storm season ends. The Norland Courier. {A}{link}"
    )
    assert citation.mla.entry.text == (
        "Thalberg, Oskar. “Storm Season Ends.” Norland Courier, 14 Sept. 2031. "
        f"Verbatim, 3 June 2031, {link}."
    )
    assert citation.chicago.entry.text == (
        f"Thalberg, Oskar. “Storm Season Ends.” Norland Courier, September 14, 2031. {A}{link}."
    )


@pytest.mark.django_db
def test_an_unsigned_article_is_cited_by_its_title():
    """No byline: the title takes the author's place (APA, MLA) or the paper does (Chicago's
    bibliography); the speaker is never made the author."""
    citation, link = printed(author="")
    apa, mla, chicago = citation.styles

    # APA §9.12: the title moves to the author position; §8.14: in text, the title in title
    # case within quotation marks, the comma inside them.
    assert apa.in_text.text == (
        "Iryna Lighthouse said, “The tide will turn” (as cited in “Storm Season Ends,” 2031)."
    )
    assert apa.entry.text == f"Storm season ends. (2031, June 1). Harbour Gazette. {A}{link}"
    # MLA: with no author the entry begins with the title, and so does "qtd. in".
    assert mla.in_text.text == (
        "Iryna Lighthouse said, “The tide will turn” (qtd. in “Storm Season Ends”)."
    )
    assert mla.entry.text == (
        f"“Storm Season Ends.” Harbour Gazette, 1 June 2031. Verbatim, 3 June 2031, {link}."
    )
    # Chicago (newspapers, from §14.191): an unsigned article is listed under the paper's
    # name; the note starts with the title.
    assert chicago.note.text == (
        "1. Iryna Lighthouse, quoted in “Storm Season Ends,” Harbour Gazette, June 1, 2031, "
        f"archived June 3, 2031, {link}."
    )
    assert chicago.entry.text == (f"Harbour Gazette. “Storm Season Ends.” June 1, 2031. {A}{link}.")
    assert str(chicago.entry.html).startswith("<i>Harbour Gazette</i>. “Storm Season Ends.”")


@pytest.mark.django_db
def test_a_one_word_name_is_not_split():
    """A byline of one word (and a speaker known by one word) stays as it is: there are no
    initials to make and no surname to put first."""
    citation, link = printed(author="Halvard", speaker="Brannoc")
    apa, mla, chicago = citation.styles
    # APA §9.8 (a one-word name is given in full); MLA's author element; Chicago §14.76.
    assert (
        apa.entry.text == f"Halvard. (2031, June 1). Storm season ends. Harbour Gazette. {A}{link}"
    )
    assert apa.in_text.text == "Brannoc said, “The tide will turn” (as cited in Halvard, 2031)."
    assert mla.entry.text.startswith("Halvard. “Storm Season Ends.”")
    assert chicago.note.text.startswith("1. Brannoc, quoted in Halvard, “Storm Season Ends,”")
    assert chicago.entry.text.startswith("Halvard. “Storm Season Ends.”")


@pytest.mark.django_db
def test_a_name_in_russian_order_is_read_surname_first():
    """ "Galkin Sergei Alekseevich" is already surname first (quotes.names reads it so): APA
    gives the surname and the initials of the given name and patronymic, MLA and Chicago the
    surname then the rest, and a note the natural order."""
    citation, link = printed(author="Galkin Sergei Alekseevich")
    apa, mla, chicago = citation.styles
    # APA §9.8: "Surname, F. M." — the patronymic is a middle name's initial.
    assert apa.entry.text.startswith("Galkin, S. A. (2031, June 1). Storm season ends.")
    assert apa.in_text.text.endswith("(as cited in Galkin, 2031).")
    # MLA, the author element: "Surname, Given."
    assert mla.entry.text.startswith("Galkin, Sergei Alekseevich. “Storm Season Ends.”")
    assert mla.in_text.text.endswith("(qtd. in Galkin).")
    # Chicago §14.76: inverted in the bibliography, natural order in the note.
    assert chicago.entry.text.startswith("Galkin, Sergei Alekseevich. “Storm Season Ends.”")
    assert chicago.note.text.startswith(
        "1. Iryna Lighthouse, quoted in Sergei Alekseevich Galkin, “Storm Season Ends,”"
    )


@pytest.mark.django_db
def test_several_authors_follow_each_styles_list():
    """Two and three names in a byline, joined as each manual joins them."""
    two, _ = printed(author="By Anna Berg and Olek Sand")
    three, _ = printed(author="Anna Berg, Olek Sand and Ivo Lund")
    # APA §9.8: "Berg, A., & Sand, O."; §8.17: two names joined by "&", three "et al.".
    assert two.apa.entry.text.startswith("Berg, A., & Sand, O. (2031, June 1).")
    assert two.apa.in_text.text.endswith("(as cited in Berg & Sand, 2031).")
    assert three.apa.entry.text.startswith("Berg, A., Sand, O., & Lund, I. (2031, June 1).")
    assert three.apa.in_text.text.endswith("(as cited in Berg et al., 2031).")
    # MLA, two authors: "Berg, Anna, and Olek Sand."; three or more: "Berg, Anna, et al."
    assert two.mla.entry.text.startswith("Berg, Anna, and Olek Sand. “")
    assert two.mla.in_text.text.endswith("(qtd. in Berg and Sand).")
    assert three.mla.entry.text.startswith("Berg, Anna, et al. “")
    # Chicago §14.76: "Berg, Anna, and Olek Sand." (bibliography); "Anna Berg and Olek Sand"
    # (note); three names with a serial comma.
    assert two.chicago.entry.text.startswith("Berg, Anna, and Olek Sand. “")
    assert ", quoted in Anna Berg and Olek Sand, “" in two.chicago.note.text
    assert three.chicago.entry.text.startswith("Berg, Anna, Olek Sand, and Ivo Lund. “")


@pytest.mark.django_db
def test_a_quotation_cut_off_by_its_attribution_loses_its_comma():
    """“... the pier,” she said: the comma belonged to the outlet's sentence, so no style
    ends the quotation with ",." or ",”."""
    citation, _ = printed("We will rebuild the pier,", author="Oskar Thalberg")
    # APA §8.26, and MLA's chapter 6 on placing in-text citations: the sentence's full stop
    # follows the parenthetical citation.
    assert citation.apa.in_text.text == (
        "Iryna Lighthouse said, “We will rebuild the pier” (as cited in Thalberg, 2031)."
    )
    assert citation.mla.in_text.text == (
        "Iryna Lighthouse said, “We will rebuild the pier” (qtd. in Thalberg)."
    )
    # Chicago §6.9 and §13.7: the sentence's full stop inside the closing mark, then the note.
    assert citation.chicago.in_text.text == "Iryna Lighthouse said, “We will rebuild the pier.”¹"


@pytest.mark.django_db
@pytest.mark.parametrize("mark", ["?", "!"])
def test_a_question_or_exclamation_takes_no_extra_full_stop(mark):
    """A quotation ending in ? or ! keeps it; the sentence's full stop goes after the
    parenthetical (APA §8.26; MLA ch. 6, placing citations), and before a note there is none
    to add (Chicago §6.119)."""
    citation, _ = printed(f"Will the pier hold{mark}", author="Oskar Thalberg")
    assert citation.apa.in_text.text == (
        f"Iryna Lighthouse said, “Will the pier hold{mark}” (as cited in Thalberg, 2031)."
    )
    assert citation.mla.in_text.text == (
        f"Iryna Lighthouse said, “Will the pier hold{mark}” (qtd. in Thalberg)."
    )
    assert citation.chicago.in_text.text == f"Iryna Lighthouse said, “Will the pier hold{mark}”¹"


@pytest.mark.django_db
def test_a_headline_ending_in_a_question_mark_takes_no_extra_punctuation():
    """A title ending in ? takes neither the full stop of an entry nor the comma of a note
    (APA §9.19; MLA, punctuation of titles; Chicago §6.119)."""
    citation, link = printed(author="Oskar Thalberg", title="Will the pier hold?")
    assert "Will the pier hold? Harbour Gazette." in citation.apa.entry.text
    assert "“Will the Pier Hold?” Harbour Gazette, 1 June 2031." in citation.mla.entry.text
    assert "“Will the Pier Hold?” Harbour Gazette, June 1, 2031," in citation.chicago.note.text


@pytest.mark.django_db
def test_an_article_without_title_outlet_or_date_is_described():
    """An untitled article of no known outlet or date is described as Article.label describes
    it (the day it was archived, never the internal name of the file it came from), the
    outlet left out, and "n.d." for the date."""
    citation, link = printed(
        author="", title="", outlet="", published=None, source_file="clipping-7.txt"
    )
    label = "Untitled article archived on 3 June 2031"
    apa, mla, chicago = citation.styles
    # APA §9.22: no title, a description in square brackets in its place; §9.12 with no
    # author the description takes the author position; §9.17 "n.d."; §8.14 in text.
    assert apa.entry.text == f"[{label}]. (n.d.). {A}{link}"
    assert apa.in_text.text.endswith(f"(as cited in [{label}], n.d.).")
    # MLA, descriptions in place of titles: plain words, capitalised like a sentence; the
    # second container dated by the day Verbatim archived the article.
    assert mla.entry.text == f"{label}. Verbatim, 3 June 2031, {link}."
    # Chicago §14.207 (unsigned) and its "n.d." for an undated source: a description, lower
    # case within the note.
    assert chicago.note.text == (
        "1. Iryna Lighthouse, quoted in untitled article archived on 3 June 2031, n.d., "
        f"archived June 3, 2031, {link}."
    )
    assert chicago.entry.text == f"{label}. n.d. {A}{link}."
    assert Article.objects.get().label == label
    for style in citation.styles:
        assert "clipping-7" not in style.in_text.text + style.entry.text + style.note.text


@pytest.mark.django_db
def test_an_unnamed_speaker_is_described():
    """A speaker the article did not name is described, never made up."""
    printing = archived(
        PrintingFactory(
            quote__text="We held.", quote__person=None, quote__speaker_description="one soldier"
        )
    )
    citation = cite(printing.quote)
    assert citation.apa.in_text.text.startswith("One soldier (unnamed) said, “We held”")
    assert citation.chicago.note.text.startswith("1. One soldier (unnamed), quoted in")


@pytest.mark.django_db
def test_no_style_doubles_its_punctuation():
    """Whatever a quotation or headline ends with, no citation holds ",.", ";.", "?.",
    "!.", ".." (an ellipsis apart), ". ." or ", ,"."""
    endings = ["pier,", "pier;", "pier:", "pier.", "pier?", "pier!", "pier…", "pier"]
    doubled = re.compile(r"[,;:]\.|[?!]\.|(?<!\.)\.\.(?!\.)|\. \.|, ,|[,;:]”\.|[,;:]”¹")
    for i, ending in enumerate(endings):
        for title in ("Pier news.", "Pier news?", "Pier news", ""):
            citation, _ = printed(
                f"We will rebuild the {ending}",
                author="Oskar Thalberg" if i % 2 else "",
                title=title,
                outlet="Harbour Gazette" if i % 3 else "",
                published=datetime.date(2031, 6, 1) if i % 2 else None,
            )
            for style in citation.styles:
                for part in (style.in_text, style.note, style.entry):
                    assert not doubled.search(part.text), (ending, title, part.text)


def test_headlines_are_capitalised_as_each_style_asks():
    """MLA and Chicago capitalise principal words (Chicago §8.159, MLA's title case); APA uses
    sentence case (§6.17), lowering a word only where the article shows it is not a name."""
    assert title_case("engineers hold the Varra dam as flood waters rise") == (
        "Engineers Hold the Varra Dam as Flood Waters Rise"
    )
    assert title_case("'We will not leave this dam': soldiers speak after night on the Varra") == (
        "'We Will Not Leave This Dam': Soldiers Speak after Night on the Varra"
    )
    assert title_case("a twenty-first pier for NATO and iPhone users, the 21st") == (
        "A Twenty-First Pier for NATO and iPhone Users, the 21st"
    )
    body = "Engineers hold the dam on the Varra. They stay: the dam is old, and the Varra rises."
    assert sentence_case("Engineers Hold The Varra Dam As Waters Rise", body) == (
        # "Waters" and "Rise" do not occur in the article: their capitals are kept.
        "Engineers hold the Varra dam as Waters Rise"
    )
    # After a colon a title's new part starts with a capital (§6.17).
    assert sentence_case("Dam Holds: Engineers Stay", body) == "Dam Holds: Engineers stay"


@pytest.mark.django_db
def test_citation_cites_the_earliest_printing(quote):
    """The outlet, date, headline and archive date come from the earliest printing."""
    citation = cite(quote)
    assert citation.speaker == "Iryna Lighthouse"
    assert citation.outlet == "Harbour Gazette"
    assert citation.published == datetime.date(2031, 6, 1)
    assert citation.title == "Storm season ends"
    assert citation.archived == datetime.date(2031, 6, 3)
    assert citation.permalink == f"{SITE}/q/{quote.short_id}/"


@pytest.mark.django_db
def test_undated_articles_are_cited_only_when_no_article_has_a_date(quote):
    """An undated printing does not displace a dated one as the source cited."""
    PrintingFactory(quote=quote, article__published=None)
    assert cite(quote).outlet == "Harbour Gazette"


@pytest.mark.django_db
def test_a_quote_printed_nowhere_still_cites_its_permalink():
    """Without any printing there is no outlet or date, but the citation still stands."""
    citation = cite(QuoteFactory(text="Unprinted."))
    assert citation.outlet == "" and citation.published is None and citation.archived is None
    assert citation.apa.entry.text.endswith(f"{SITE}/q/{citation.short_id}/")


@pytest.mark.django_db
def test_speaker_quotation_marks_nest_as_single_ones():
    """Double quotation marks in the words become single ones inside the citation's own."""
    citation, _ = printed('He said “never” and "again".')
    assert "“He said ‘never’ and 'again'.”¹" in citation.chicago.in_text.text


@pytest.mark.django_db
def test_the_page_shows_each_style_with_italics_and_escapes_the_rest(client):
    """The permalink's citation block shows each style's sentence, note and entry, the paper
    in italics, and every archived word escaped."""
    citation, link = printed(
        "Close <b>it</b> & go,", author="Oskar <Thalberg>", outlet="Harbour <i>Gazette</i>"
    )
    html = client.get(f"/q/{citation.short_id}/").content.decode()
    assert "<i>Harbour &lt;i&gt;Gazette&lt;/i&gt;</i>" in html
    assert "“Close &lt;b&gt;it&lt;/b&gt; &amp; go” (as cited in" in html
    assert "<b>it</b>" not in html
    for heading in ("Reference list", "Works cited", "Note", "Bibliography"):
        assert heading in html
    assert f"{link}" in html


def test_site_url_falls_back_to_the_request_in_development(rf, settings):
    """With SITE_URL empty, the permalink is on the host the page was asked for with."""
    settings.SITE_URL = ""
    quote = QuoteFactory.build(short_id="abcd2345")
    citation = Citation.of(quote, printings=[], request=rf.get("/", HTTP_HOST="127.0.0.1"))
    assert citation.permalink == "http://127.0.0.1/q/abcd2345/"
