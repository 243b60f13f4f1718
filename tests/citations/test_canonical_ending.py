"""A quote's canonical text never ends in a stray comma, semicolon or colon: the mark an
attribution or a cut left behind is settled where the canonical text is chosen
(quotes.matching.canonical_text, which lifecycle.refresh runs for every new or changed
quote and re-extraction runs for every quote it redoes)."""

import pytest

from archive.models import Article
from archive.services import archive_article
from quotes.citations.citation import Citation, citable_quotes
from quotes.matching import canonical_text
from quotes.models import Printing, Quote
from quotes.services.reextraction import reextract_article

PIER = (
    "Pier to be rebuilt\n\n"
    "Harbour master Ilse Vantongeren spoke after the storm.\n\n"
    "“We will rebuild the pier before the summer,” Ilse Vantongeren said.\n"
)


@pytest.mark.parametrize("mark", [",", ";", ":", ", "])
def test_a_sentence_cut_by_its_attribution_ends_with_a_full_stop(mark):
    """“We will rebuild the pier,” she said: the statement ended there."""
    assert canonical_text([[f"We will rebuild the pier{mark}"]]) == "We will rebuild the pier."


def test_a_fragment_loses_the_mark_without_becoming_a_sentence():
    """called the plan “a disaster,” : a lower-case fragment gets no full stop of its own."""
    assert canonical_text([["a disaster,"]]) == "a disaster"


def test_the_last_of_several_pieces_is_settled_too():
    text = canonical_text([["The tide is high,", "We sail at dawn,"], ["The tide is high."]])
    assert text == "The tide is high. We sail at dawn."


def test_a_question_or_a_full_stop_is_left_as_printed():
    assert canonical_text([["Will the pier hold?"]]) == "Will the pier hold?"
    assert canonical_text([["The pier holds."]]) == "The pier holds."


@pytest.mark.django_db
def test_an_imported_quote_and_its_citation_end_cleanly():
    """An article printing “... the pier,” she said gives a quote ending "pier." and
    citations that quote it with no ",." or ",”"."""
    archive_article(
        raw=PIER.encode(),
        source_file="pier.txt",
        author="Oskar Thalberg",
        publish=True,
    )
    quote = Quote.objects.get()
    assert quote.text == "We will rebuild the pier before the summer."
    citation = Citation.of(citable_quotes().get(pk=quote.pk))
    for style in citation.styles:
        # (A note's “Title,” is Chicago's own comma, not the quotation's.)
        assert ",”" not in style.in_text.text
        for part in (style.in_text, style.note, style.entry):
            assert ",." not in part.text
    assert citation.apa.in_text.text == (
        "Ilse Vantongeren said, “We will rebuild the pier before the summer” "
        "(as cited in Thalberg, n.d.)."
    )


@pytest.mark.django_db
def test_reextraction_gives_a_redone_quote_the_clean_ending():
    """A quote stored by older rules with the comma, whose printing the current rules read
    differently, is redone by `reextract` through the same canonical text: no comma."""
    article, _ = archive_article(raw=PIER.encode(), source_file="pier.txt")
    # As an older extractor might have left it: the printing read short, the quote's text
    # ending in the comma.
    Printing.objects.update(text="We will rebuild the pier,")
    Quote.objects.update(text="We will rebuild the pier,")
    reextract_article(article=Article.objects.get(pk=article.pk))
    assert list(Quote.objects.values_list("text", flat=True)) == [
        "We will rebuild the pier before the summer."
    ]
