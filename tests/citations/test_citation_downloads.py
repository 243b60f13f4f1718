"""The citation files of a permalink: /q/<short_id>/cite.bib, .ris and .json."""

import json

import pytest

from archive.models import Article
from quotes.models import Quote
from tests.citations.parsing import latex_text, parse_bibtex, parse_ris
from tests.factories import PrintingFactory, QuoteFactory

CONTENT_TYPES = {
    "bib": "application/x-bibtex",
    "ris": "application/x-research-info-systems",
    "json": "application/vnd.citationstyles.csl+json",
}


def url(quote, format):
    return f"/q/{quote.short_id}/cite.{format}"


@pytest.mark.django_db
@pytest.mark.parametrize("format", CONTENT_TYPES)
def test_download_has_its_content_type_and_file_name(client, quote, format):
    """Each file comes with its registered content type, in UTF-8, as an attachment."""
    response = client.get(url(quote, format))
    assert response.status_code == 200
    assert response["Content-Type"] == f"{CONTENT_TYPES[format]}; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="verbatim-{quote.short_id}.{format}"'
    )


@pytest.mark.django_db
def test_bibtex_download_parses(client, quote):
    """The downloaded BibTeX entry is the article (its byline and headline), naming the
    speaker and the words in its note."""
    Article.objects.filter(title="Storm season ends").update(author="Oskar Thalberg")
    _, _, fields = parse_bibtex(client.get(url(quote, "bib")).content.decode())
    assert latex_text(fields["author"]) == "Thalberg, Oskar"
    assert latex_text(fields["title"]) == "Storm season ends"
    assert "Iryna Lighthouse, quoted: “The tide will turn.”" in latex_text(fields["note"])


@pytest.mark.django_db
def test_ris_download_parses(client, quote):
    """The downloaded RIS record keeps its CRLF lines and carries the permalink."""
    tags = dict(parse_ris(client.get(url(quote, "ris")).content.decode()))
    assert tags["UR"] == f"https://verbatim.test/q/{quote.short_id}/"
    assert tags["T2"] == "Harbour Gazette"


@pytest.mark.django_db
def test_csl_json_download_parses(client, quote):
    """The downloaded CSL-JSON is a list of one item: the article, the words in its note."""
    [item] = json.loads(client.get(url(quote, "json")).content)
    assert item["type"] == "article-newspaper"
    assert item["title"] == "Storm season ends"
    assert item["note"].startswith("Iryna Lighthouse, quoted: “The tide will turn.”")


@pytest.mark.django_db
@pytest.mark.parametrize("status", [Quote.Status.SUGGESTED, Quote.Status.REJECTED])
def test_unpublished_quote_has_no_citation(client, status):
    """A suggested or rejected quote's files are not found, like its page."""
    quote = PrintingFactory(quote__status=status).quote
    for format in CONTENT_TYPES:
        assert client.get(url(quote, format)).status_code == 404


@pytest.mark.django_db
def test_unknown_quote_and_unknown_format_are_404(client, quote):
    """Neither an id that does not exist nor a format not offered is found."""
    assert client.get("/q/zzzzzzzz/cite.bib").status_code == 404
    assert client.get(url(quote, "docx")).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("format", CONTENT_TYPES)
def test_merged_quote_redirects_to_the_survivors_file(client, quote, format):
    """A merged quote's file answers 301 to the survivor's file in the same format."""
    merged = QuoteFactory(merged_into=quote)
    response = client.get(url(merged, format))
    assert response.status_code == 301
    assert response["Location"] == url(quote, format)


@pytest.mark.django_db
def test_merged_into_an_unpublished_quote_is_404(client):
    """Merging into a quote that is not public leaves nothing to cite."""
    survivor = QuoteFactory(status=Quote.Status.REJECTED)
    merged = QuoteFactory(merged_into=survivor)
    assert client.get(url(merged, "bib")).status_code == 404


@pytest.mark.django_db
def test_upper_case_id_redirects_to_the_canonical_file(client, quote):
    """An id typed in capitals answers 301 to the lower-case file URL."""
    response = client.get(f"/q/{quote.short_id.upper()}/cite.ris")
    assert response.status_code == 301
    assert response["Location"] == url(quote, "ris")


@pytest.mark.django_db
def test_download_runs_a_fixed_number_of_queries(client, quote, django_assert_max_num_queries):
    """More printings do not cost more queries."""
    PrintingFactory.create_batch(5, quote=quote)
    with django_assert_max_num_queries(2):
        assert client.get(url(quote, "bib")).status_code == 200


@pytest.mark.django_db
def test_quote_page_shows_the_three_styles_and_the_downloads(client, quote):
    """The permalink's 'Cite this quote' section gives APA, MLA and Chicago, and links the
    three files."""
    html = client.get(quote.get_absolute_url()).content.decode()
    section = html[html.index('<section class="citations"') :]
    assert "Cite this quote" in section
    assert "“The tide will turn” (as cited in “Storm Season Ends,” 2031)." in section
    assert "Storm season ends. (2031, June 1). <i>Harbour Gazette</i>." in section
    assert "“Storm Season Ends.” <i>Harbour Gazette</i>, 1 June 2031. Verbatim," in section
    assert "<i>Harbour Gazette</i>. “Storm Season Ends.” June 1, 2031." in section
    for format in CONTENT_TYPES:
        assert f'href="{url(quote, format)}"' in section


@pytest.mark.django_db
def test_quote_page_escapes_the_citations(client, nasty_quote):
    """Markup in the words appears as text in the citations, never as elements."""
    html = client.get(nasty_quote.get_absolute_url()).content.decode()
    section = html[html.index('<section class="citations"') :]
    assert "</script>" not in section
    assert "&lt;/script&gt;&lt;script&gt;alert(1)" in section
