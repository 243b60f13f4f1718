"""Each printing's language on the public pages, the quote list's language filter, the API,
the downloads and the admin. Invented text."""

import csv
import io
import json
import re

import pytest
from django.urls import reverse

from tests.factories import ArticleFactory, PrintingFactory, QuoteFactory
from tests.search.conftest import listed

pytestmark = pytest.mark.django_db

UKRAINIAN = "Міст через затоку відремонтують до зими, а порт працюватиме як завжди."
ENGLISH = "The bridge over the bay will be repaired before winter."


@pytest.fixture
def printings(index):
    """A Ukrainian quotation printed in an English article, and an English quote in
    another."""
    mixed = ArticleFactory(
        title="Harbour repairs begin",
        body=f"The mayor spoke in Ukrainian.\n\n“{UKRAINIAN}” she said.",
        language="en",
    )
    ukrainian = PrintingFactory(quote__text=UKRAINIAN, article=mixed, text=UKRAINIAN, language="uk")
    english = PrintingFactory(
        quote__text=ENGLISH, article__language="en", language="en", article__title="Bay works"
    )
    index()
    return {"uk": ukrainian, "en": english}


def test_the_list_filters_by_the_printings_language(client, printings):
    assert listed(client.get("/quotes/?language=uk")) == [UKRAINIAN]
    assert listed(client.get("/quotes/?language=en")) == [ENGLISH]
    assert listed(client.get("/quotes/?language=ru")) == []


def test_a_language_that_is_no_code_is_an_error_not_every_quote(client, printings):
    html = client.get("/quotes/?language=ukrainian").content.decode()
    assert "is not a language code" in html
    assert "Some filters could not be used, so no quotes are shown." in html


def test_the_filter_form_offers_languages_by_name(client, printings):
    html = client.get("/quotes/").content.decode()
    assert '<option value="uk">Ukrainian</option>' in html


def test_the_language_filter_goes_with_the_outlet_on_one_printing(client, printings):
    """An outlet and a language hold for one printing: the outlet that printed the English
    quote printed nothing in Ukrainian."""
    outlet = printings["en"].article.outlet
    assert listed(client.get(f"/quotes/?outlet={outlet.slug}&language=en")) == [ENGLISH]
    assert listed(client.get(f"/quotes/?outlet={outlet.slug}&language=uk")) == []


def test_the_api_filters_by_language_and_carries_it(client, printings):
    response = client.get("/api/quotes/?language=uk")
    [quote] = response.json()["results"]
    assert quote["text"] == UKRAINIAN
    assert [a["language"] for a in quote["appearances"]] == ["uk"]
    assert client.get("/api/quotes/?language=nothing").status_code == 400


def test_the_api_article_carries_its_language_and_its_quotes(client, printings):
    article = printings["uk"].article
    found = client.get(f"/api/articles/{article.pk}/").json()
    assert found["language"] == "en"
    assert [q["language"] for q in found["quotes"]] == ["uk"]


def test_the_csv_download_has_each_printings_language(client, printings):
    response = client.get("/quotes/export.csv?language=uk")
    content = b"".join(response.streaming_content).decode()
    # After the columns published before it (the Wikidata and lineage columns follow it), so
    # that a reader of the earlier columns by position reads the same file.
    header = content.splitlines()[0]
    assert ",appearance_text,attribution,language,speaker_wikidata,derived_from," in header
    [row] = list(csv.DictReader(io.StringIO(content, newline="")))
    assert (row["quote_text"], row["language"]) == (UKRAINIAN, "uk")


def test_the_json_lines_download_has_each_printings_language(client, printings):
    response = client.get("/quotes/export.jsonl")
    records = [json.loads(line) for line in b"".join(response.streaming_content).splitlines()]
    languages = {r["text"]: [a["language"] for a in r["appearances"]] for r in records}
    assert languages == {UKRAINIAN: ["uk"], ENGLISH: ["en"]}


def test_a_quotation_in_another_language_says_so_in_the_list(client, printings):
    html = client.get("/quotes/").content.decode()
    assert re.search(r'<blockquote lang="uk">\s*<p>Міст', html)
    assert re.search(r"<blockquote>\s*<p>The bridge", html)  # the page's own language


def test_the_permalink_names_the_language_and_marks_the_words(client, printings):
    html = client.get(printings["uk"].quote.get_absolute_url()).content.decode()
    assert re.search(r'<blockquote class="quote quote--large" lang="uk">\s*<p>Міст', html)
    assert re.search(r'<blockquote class="printing__text" lang="uk"><p>Міст', html)
    assert "· in Ukrainian</p>" in html
    english = client.get(printings["en"].quote.get_absolute_url()).content.decode()
    assert "· in English</p>" in english
    assert 'lang="en"' not in english


def test_the_article_page_names_its_language_and_marks_the_quotation(client, printings):
    html = client.get(printings["uk"].article.get_absolute_url()).content.decode()
    assert "<dt>Language</dt><dd>English</dd>" in html
    assert re.search(r'<mark id="a-\d+" lang="uk"><a href="[^"]+">Міст', html)
    assert "(in Ukrainian)" in html


def test_a_ukrainian_articles_text_carries_its_language(client):
    printing = PrintingFactory(
        quote__text=UKRAINIAN, text=UKRAINIAN, language="uk", article__language="uk"
    )
    html = client.get(printing.article.get_absolute_url()).content.decode()
    assert '<section class="article-body" aria-label="Article text" lang="uk">' in html
    assert re.search(r'<mark id="a-\d+"><a href="[^"]+">Міст', html)  # the article's own


def test_the_admin_lists_and_filters_printings_and_articles_by_language(admin_client, printings):
    url = reverse("admin:quotes_printing_changelist")
    response = admin_client.get(url, {"language": "uk"})
    assert list(response.context["cl"].queryset) == [printings["uk"]]
    assert "Ukrainian" in response.content.decode()
    articles = admin_client.get(reverse("admin:archive_article_changelist"), {"language": "en"})
    assert set(articles.context["cl"].queryset) == {p.article for p in printings.values()}


def test_a_quote_printed_in_two_languages_reads_its_own_text(client, index):
    """A quote whose printings are in Ukrainian and in English (a translation linked to its
    original) marks its canonical text with the language that text is in."""
    quote = QuoteFactory(text=UKRAINIAN)
    PrintingFactory(quote=quote, text=UKRAINIAN, language="uk")
    PrintingFactory(quote=quote, text=ENGLISH, language="en")
    index()
    html = client.get(quote.get_absolute_url()).content.decode()
    assert re.search(r'<blockquote class="quote quote--large" lang="uk">', html)


def test_the_lang_attribute_follows_the_pages_language():
    """A page in Ukrainian (the interface's other language) marks English words, not
    Ukrainian ones."""
    from django.utils import translation

    from quotes.templatetags.verbatim import lang

    with translation.override("uk"):
        assert (lang("uk"), lang("en"), lang("")) == ("", ' lang="en"', "")
    with translation.override("en-gb"):
        assert (lang("uk"), lang("en")) == (' lang="uk"', "")


def test_a_background_export_is_keyed_by_its_language():
    """Two large downloads in two languages are two files, not one."""
    from quotes.export_files import export_query

    assert export_query("language=uk&sort=newest&unknown=1") == "language=uk"
    assert export_query("language=uk") != export_query("language=ru")
