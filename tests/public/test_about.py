"""The about page: what the archive is and is not, how to cite, how to take the data away."""

import re
from html import unescape

import pytest

from tests.factories import PrintingFactory

LINK = re.compile(r'<a href="([^"]+)"')


@pytest.mark.django_db
def test_about_page_says_what_the_archive_is_and_is_not(client):
    """It says that a quote is evidence of reporting, not of truth; that quotes are found by
    machine and checked by archivists; how corrections and withdrawals work; how to cite;
    how to take the data away; and that the demonstration archive is fictional."""
    response = client.get("/about/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>About Verbatim</h1>" in html
    for said in [
        "A quote in Verbatim is evidence of reporting",
        "It is not evidence that the person said them, and not evidence that what they said "
        "is true.",
        "A program finds the quotations",
        "Archivists review what the program suggests",
        "Every change to a published quote",
        "A quote withdrawn",
        "permanent address of the form <code>/q/<var>id</var>/</code>",
        "APA, MLA and Chicago",
        "BibTeX (<code>cite.bib</code>), RIS (<code>cite.ris</code>) and CSL-JSON",
        "CSV (a row per printing) or JSON Lines",
        "The demonstration archive that comes with Verbatim’s code is fictional",
    ]:
        assert said in html, said
    for href in [
        "/feeds/corrections/",
        "/feeds/quotes/",
        "/api/",
        "/api/schema/",
        "/api/docs/",
        "/sitemap.xml",
        "/articles/",
        "/quotes/",
    ]:
        assert f'href="{href}"' in html, href


@pytest.mark.django_db
def test_every_link_on_the_about_page_answers(client):
    """No link on the about page leads nowhere."""
    PrintingFactory()
    html = client.get("/about/").content.decode()
    links = {unescape(href) for href in LINK.findall(html)}
    assert "/about/" in links
    for href in links - {"#content"}:
        assert client.get(href).status_code == 200, href


@pytest.mark.django_db
def test_sitemap_lists_the_about_page_and_the_articles_list(client, settings):
    """Search engines find the about page and the articles list from the sitemap."""
    settings.SITE_URL = "https://verbatim.example"
    PrintingFactory()
    xml = client.get("/sitemap.xml").content.decode()
    assert "<loc>https://verbatim.example/about/</loc>" in xml
    assert "<loc>https://verbatim.example/articles/</loc>" in xml
