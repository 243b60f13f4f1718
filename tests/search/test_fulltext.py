"""Full-text search of the quote list (?q=): stemming, phrases, exclusions, ranking, marks."""

import datetime
import importlib
from types import SimpleNamespace

import pytest
from django.db import connection

from archive.models import Article
from quotes.extraction import extract
from quotes.models import Printing, Quote
from quotes.search import refresh_search
from quotes.services.importing import import_extraction
from quotes.services.lifecycle import merge as merge_quotes
from tests.factories import PersonFactory, PrintingFactory, QuoteFactory
from tests.public.factories import printed

from .conftest import listed

pytestmark = pytest.mark.django_db


@pytest.fixture
def pier(index):
    reopen = PrintingFactory(quote__text="The pier will reopen in May.").quote
    apart = PrintingFactory(quote__text="The pier is shut, but the ferry will run.").quote
    PrintingFactory(quote__text="Nothing about the harbour here.")
    index()
    return reopen, apart


def test_words_are_stemmed(client, pier):
    """A search for “reopening” finds a quote that says “reopen”."""
    assert listed(client.get("/quotes/", {"q": "reopening"})) == ["The pier will reopen in May."]


def test_all_words_must_match_anywhere(client, pier):
    """Words outside quotation marks must all be in the quote, in any order."""
    assert sorted(listed(client.get("/quotes/", {"q": "will pier"}))) == [
        "The pier is shut, but the ferry will run.",
        "The pier will reopen in May.",
    ]


def test_phrase_in_double_quotes_needs_the_words_together(client, pier):
    """“pier will” in double quotes finds only the quote where the words stand together."""
    response = client.get("/quotes/", {"q": '"pier will"'})
    assert listed(response) == ["The pier will reopen in May."]
    # Marked word by word (PostgreSQL) or as one run (SQLite): the same to a reader.
    html = response.content.decode().replace("</mark> <mark>", " ")
    assert "The <mark>pier will</mark> reopen in May." in html


def test_minus_excludes_a_word(client, pier):
    """-ferry leaves out the quotes that mention a ferry."""
    assert listed(client.get("/quotes/", {"q": "pier -ferry"})) == ["The pier will reopen in May."]


def test_or_finds_either_word(client, pier):
    """`or` between two words finds quotes with either."""
    assert sorted(listed(client.get("/quotes/", {"q": "reopen or harbour"}))) == [
        "Nothing about the harbour here.",
        "The pier will reopen in May.",
    ]


def test_matches_are_marked(client, pier):
    """The matching words of each listed quote are highlighted with <mark>."""
    html = client.get("/quotes/", {"q": "reopening"}).content.decode()
    assert "The pier will <mark>reopen</mark> in May." in html


def test_quote_text_is_escaped_around_the_marks(client, index):
    """Markup in a matching quote is shown as text; only <mark> is added."""
    PrintingFactory(quote__text="<script>alert('x')</script> the harbour is & stays open")
    index()
    html = client.get("/quotes/", {"q": "harbour"}).content.decode()
    assert "<script>alert" not in html
    assert (
        "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; the <mark>harbour</mark> is "
        "&amp; stays open" in html
    )


def test_search_terms_are_escaped_in_the_page(client, pier):
    """A query holding markup is echoed as text."""
    html = client.get("/quotes/", {"q": "<b>pier</b>"}).content.decode()
    assert "<b>pier</b>" not in html
    assert "&lt;b&gt;pier&lt;/b&gt;" in html


def test_words_only_printed_in_an_printing_are_found(client, index):
    """An outlet's own wording is searched too."""
    quote = PrintingFactory(quote__text="The old bridge held.").quote
    printed(quote, text="The old stone bridge held firm against the flood.")
    index()
    assert listed(client.get("/quotes/", {"q": "flooding"})) == ["The old bridge held."]


def test_more_relevant_quotes_come_first(client, index):
    """A quote that is about the searched word ranks above one that mentions it in passing."""
    passing = PrintingFactory(
        quote__text="The council discussed parking, budgets, a ferry and the weather at length."
    ).quote
    about = PrintingFactory(quote__text="The ferry, the ferry: this ferry is all we have.").quote
    # The passing mention is printed later, so date order alone would put it first.
    printed(passing, published=datetime.date(2040, 1, 1))
    index()
    assert listed(client.get("/quotes/", {"q": "ferry"})) == [about.text, passing.text]


def test_quotes_are_found_by_the_speakers_name(client, index):
    """q also finds the quotes of a speaker it names, ranked after those whose words match."""
    ilse = PersonFactory(name="Ilse Vantongeren")
    PrintingFactory(quote__person=ilse, quote__text="The dunes are moving inland.")
    PrintingFactory(quote__text="Ask Vantongeren about the dunes.")
    PrintingFactory(quote__text="Nothing to do with her.")
    index()
    assert listed(client.get("/quotes/", {"q": "Vantongeren"})) == [
        "Ask Vantongeren about the dunes.",
        "The dunes are moving inland.",
    ]


def test_search_never_shows_unpublished_or_merged_quotes(client, index):
    """Suggested, rejected and merged quotes stay out of search results."""
    survivor = PrintingFactory(quote__text="The lock gates are repaired.").quote
    PrintingFactory(quote__text="Lock gates suggested.", quote__status=Quote.Status.SUGGESTED)
    PrintingFactory(quote__text="Lock gates rejected.", quote__status=Quote.Status.REJECTED)
    PrintingFactory(quote__text="Lock gates merged.", quote__merged_into=survivor)
    index()
    response = client.get("/quotes/", {"q": "gates"})
    assert listed(response) == ["The lock gates are repaired."]
    html = response.content.decode()
    assert "Lock gates suggested." not in html
    assert "Lock gates rejected." not in html
    assert "Lock gates merged." not in html


def test_a_query_of_punctuation_only_matches_nothing(client, pier):
    """A q with no words in it shows no quotes rather than all of them."""
    response = client.get("/quotes/", {"q": '" - "'})
    assert listed(response) == []
    assert "No quotes match." in response.content.decode()


def test_importing_an_article_indexes_its_quotes(client):
    """Quotes stored by the import service are searchable at once."""
    body = "Harbour news.\n\n“The breakwater will hold all winter,” said Ilse Vantongeren.\n"
    article = Article.objects.create(
        title="Breakwater", body=body, raw=body.encode(), sha256=Article.digest(body.encode())
    )
    import_extraction(article=article, extraction=extract(body), publish=True)
    # The canonical text ends in a full stop, not the comma before "said" (issue 9).
    assert listed(client.get("/quotes/", {"q": "breakwaters"})) == [
        "The breakwater will hold all winter."
    ]


def test_merging_quotes_indexes_the_survivor(client, index):
    """After a merge the survivor is found by words only the merged quote's printing had."""
    survivor = PrintingFactory(quote__text="The dyke will hold.").quote
    merged = PrintingFactory(
        quote__text="The sea dyke will hold, the engineers say.", quote__person=survivor.person
    ).quote
    index()
    merge_quotes(source=merged, target=survivor)
    survivor.refresh_from_db()  # its canonical text now gathers both printings
    assert survivor.text.startswith("The dyke will hold.")
    assert listed(client.get("/quotes/", {"q": "engineers"})) == [survivor.text]


def test_the_data_migration_indexes_existing_quotes(client):
    """Quotes stored before search existed are indexed by migration 0003."""
    QuoteFactory(text="The lighthouse keeper retired.")
    migration = importlib.import_module("quotes.migrations.0003_quote_search_data")
    # Today's tables under the names that migration knew them by (a printing was then an
    # appearance).
    models = {"Quote": Quote, "Appearance": Printing}
    then = SimpleNamespace(get_model=lambda app, name: models[name])
    migration.index_quotes(then, SimpleNamespace(connection=connection))
    assert listed(client.get("/quotes/", {"q": "lighthouses"})) == [
        "The lighthouse keeper retired."
    ]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's search vectors")
def test_printings_words_keep_their_order_whatever_the_disk_order():
    """A quote's search data reads its printings in the order they were archived: moving the
    first printing to another quote and back, which gives it new rows on disk and in the
    index after the second's, changes nothing."""
    quote, other = QuoteFactory(text="Harbour."), QuoteFactory()
    first = PrintingFactory(quote=quote, text="Alpha words first.")
    PrintingFactory(quote=quote, text="Bravo words second.")
    refresh_search([quote])
    vector = Quote.objects.values_list("search_vector", flat=True).get(pk=quote.pk)
    Printing.objects.filter(pk=first.pk).update(quote=other)
    Printing.objects.filter(pk=first.pk).update(quote=quote)
    refresh_search([quote])
    assert Quote.objects.values_list("search_vector", flat=True).get(pk=quote.pk) == vector
    assert "'alpha':2B" in vector and "'bravo':5B" in vector
