"""A citation quotes what the cited article printed, never the statement's canonical text
where that holds words the article did not print; and every style carries the day the
article was archived."""

import datetime
import re

import pytest

from quotes.citations.citation import Citation, citable_quotes
from quotes.citations.files import bibtex, ris
from quotes.citations.text import one_line
from tests.citations.conftest import archived
from tests.citations.parsing import latex_text, parse_bibtex, parse_ris
from tests.factories import OutletFactory, PersonFactory, PrintingFactory, QuoteFactory

FIRST = "The pier will be rebuilt."
SECOND = "The ferry runs again in May."
THIRD = "Nobody will be left on the island."
# The canonical text is the fullest reading, made of what three outlets printed in parts.
CANONICAL = f"{FIRST} {SECOND} {THIRD}"

# What each outlet printed, earliest first.
PRINTED = [
    ("Harbour Gazette", datetime.date(2031, 6, 1), FIRST),
    ("Island Post", datetime.date(2031, 6, 2), f"{FIRST} {SECOND}"),
    ("Ferry Times", datetime.date(2031, 6, 3), f"{SECOND} {THIRD}"),
]

# A quotation mark and what it closes: “...” in the styles, 'quoted: “...”' in the notes.
QUOTED = re.compile(r"“([^”]*)”")


@pytest.fixture
def statement():
    """A statement printed in parts by three outlets, each archived on 10 June 2031."""
    quote = QuoteFactory(person=PersonFactory(name="Iryna Lighthouse"), text=CANONICAL)
    for outlet, published, text in PRINTED:
        archived(
            PrintingFactory(
                quote=quote,
                text=text,
                article__title=f"News from {outlet}",
                article__outlet=OutletFactory(name=outlet),
                article__published=published,
                article__body=f"Council met. “{text}” she said.",
            ),
            when=datetime.datetime(2031, 6, 10, 12, tzinfo=datetime.UTC),
        )
    return quote


def quotations(text):
    """The words each pair of quotation marks holds in `text`, as the speaker printed them:
    the citation's full stop before a closing mark and its single marks for nested double
    ones are the style's, not the words'."""
    found = []
    for words in QUOTED.findall(text):
        if words.startswith("News from") or words.startswith("News From"):
            continue  # a headline in quotation marks (MLA, Chicago)
        found.append(words.rstrip("."))
    return found


def cited_strings(citation):
    """Every quoted string of every form of `citation`: the three styles' sentences, notes
    and entries, and the BibTeX and RIS notes."""
    texts = [
        part.text for style in citation.styles for part in (style.in_text, style.note, style.entry)
    ]
    _, _, fields = parse_bibtex(bibtex(citation))
    texts.append(latex_text(fields["note"]))
    texts.append(dict(parse_ris(ris(citation)))["N1"])
    return [q for text in texts for q in quotations(text)]


@pytest.mark.django_db
def test_the_default_citation_quotes_only_what_the_earliest_article_printed(statement):
    """The permalink's citation cites the earliest article, so it quotes its words: not the
    sentences only the two later outlets printed."""
    citation = Citation.of(citable_quotes().get(pk=statement.pk))
    assert citation.outlet == "Harbour Gazette"
    strings = cited_strings(citation)
    assert strings, "no quotation found in the citation"
    for quoted in strings:
        assert quoted in FIRST
        assert SECOND.rstrip(".") not in quoted


@pytest.mark.django_db
def test_every_cited_string_is_in_the_cited_articles_printing(statement):
    """Cited as printed in each of the three outlets, each form quotes words that outlet
    printed, and names that outlet."""
    quote = citable_quotes().get(pk=statement.pk)
    for printing in quote.printings.all():
        citation = Citation.of(quote, article=printing.article)
        assert citation.outlet == printing.article.outlet.name
        printed = one_line(printing.text)
        for quoted in cited_strings(citation):
            for piece in quoted.split(" … "):
                assert piece in printed, (printing.article.outlet.name, quoted)


@pytest.mark.django_db
def test_an_article_printing_several_pieces_is_quoted_with_an_ellipsis_between_them():
    """Two pieces of one article are quoted with "…" between them, never run together."""
    quote = QuoteFactory(text="We hold. We stay.")
    article = PrintingFactory(quote=quote, text="We hold.", start=0, end=8).article
    PrintingFactory(quote=quote, article=article, text="We stay.", start=40, end=48)
    citation = Citation.of(citable_quotes().get(pk=quote.pk))
    assert "“We hold. … We stay”" in citation.apa.in_text.text


@pytest.mark.django_db
def test_an_article_that_did_not_print_the_quote_cannot_be_cited_for_it(statement):
    other = PrintingFactory().article
    with pytest.raises(ValueError):
        Citation.of(citable_quotes().get(pk=statement.pk), article=other)


@pytest.mark.django_db
def test_apa_mla_and_chicago_carry_the_date_archived(statement):
    """The README and /about/ promise the date archived in every citation: 10 June 2031."""
    citation = Citation.of(citable_quotes().get(pk=statement.pk))
    assert "Archived June 10, 2031" in citation.apa.entry.text
    assert "Verbatim, 10 June 2031," in citation.mla.entry.text
    assert "archived June 10, 2031" in citation.chicago.note.text
    assert "Archived June 10, 2031" in citation.chicago.entry.text


@pytest.mark.django_db
def test_the_permalink_offers_a_citation_per_printing(client, statement):
    """The page cites the earliest article and links to the citation as printed in each of
    the others; following one cites that outlet's words, in the files as well."""
    html = client.get(f"/q/{statement.short_id}/").content.decode()
    assert "Cited as printed in" in html and "Harbour Gazette" in html
    ferry = statement.printings.get(article__outlet__name="Ferry Times").article
    assert f"?cite={ferry.pk}#cite-this-quote" in html
    html = client.get(f"/q/{statement.short_id}/?cite={ferry.pk}").content.decode()
    assert "Nobody will be left on the island” (as cited in" in html
    bib = client.get(f"/q/{statement.short_id}/cite.bib?cite={ferry.pk}").content.decode()
    assert "Ferry Times" in bib and "The pier will be rebuilt" not in bib
    assert client.get(f"/q/{statement.short_id}/cite.ris?cite=999999").status_code == 404
    assert client.get(f"/q/{statement.short_id}/?cite=nonsense").status_code == 404
