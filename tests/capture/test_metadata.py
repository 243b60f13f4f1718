"""Page metadata (archive.metadata), read the same way for captured pages and uploaded HTML,
and outlets matched by name or domain."""

import datetime

import pytest

from archive.metadata import domain_of, page_metadata
from archive.models import Article, Outlet
from archive.outlets import outlet_named
from archive.services import archive_article
from tests.capture.conftest import article_page, json_ld


def test_opengraph_tags():
    """og:site_name, og:title and article:published_time give the outlet, title and date."""
    meta = page_metadata(
        article_page(
            title="Bridge closes | Lowmarsh Courier",
            head='<meta property="og:site_name" content="Lowmarsh Courier">'
            '<meta property="og:title" content="Lowmarsh bridge to close for repairs">'
            '<meta property="article:published_time" content="2025-03-05T09:30:00Z">'
            '<meta name="author" content="Greta Madeup">',
        )
    )
    assert meta.site_name == "Lowmarsh Courier"
    assert meta.title == "Lowmarsh bridge to close for repairs"
    assert meta.published == datetime.date(2025, 3, 5)
    assert meta.author == "Greta Madeup"


def test_json_ld_news_article():
    """A JSON-LD NewsArticle gives the headline, datePublished, author and publisher."""
    meta = page_metadata(
        article_page(
            title="Bridge",
            head=json_ld(
                {
                    "@context": "https://schema.org",
                    "@type": "NewsArticle",
                    "headline": "Council backs the new Lowmarsh bridge",
                    "datePublished": "2024-11-02T08:00:00+01:00",
                    "author": {"@type": "Person", "name": "Tomas Invented"},
                    "publisher": {"@type": "Organization", "name": "The Fenland Herald"},
                }
            ),
        )
    )
    assert meta.title == "Council backs the new Lowmarsh bridge"
    assert meta.published == datetime.date(2024, 11, 2)
    assert meta.author == "Tomas Invented"
    assert meta.site_name == "The Fenland Herald"


def test_canonical_link():
    """<link rel=canonical> gives the canonical URL, resolved against the page's address."""
    absolute = page_metadata(
        article_page(head='<link rel="canonical" href="https://courier.example/bridge-closes">')
    )
    assert absolute.canonical_url == "https://courier.example/bridge-closes"


def test_home_page_is_never_canonical():
    """A page that names the site's home page as its own address (a stray og:url) has no
    canonical URL: otherwise every page of the site would look like one article."""
    meta = page_metadata(
        article_page(head='<meta property="og:url" content="https://courier.example/">')
    )
    assert meta.canonical_url == ""


def test_dated_byline_only():
    """A page with no metadata but a dated byline gives its author and date (htmldate)."""
    meta = page_metadata(article_page(byline="By Greta Madeup, 14 June 2022"))
    assert meta.published == datetime.date(2022, 6, 14)
    assert meta.author == "Greta Madeup"


def test_html_lang():
    """<html lang> gives the language; og:locale and Content-Language are read without it."""
    assert page_metadata(article_page(html_attrs='lang="en-GB"')).language == "en-GB"
    assert page_metadata(article_page(html_attrs='xml:lang="nl"')).language == "nl"
    locale = page_metadata(article_page(head='<meta property="og:locale" content="uk_UA">'))
    assert locale.language == "uk-UA"
    assert page_metadata(article_page()).language == ""


def test_a_page_declaring_nothing():
    """A page without metadata gives its <title> and nothing made up."""
    meta = page_metadata(article_page(title="Lowmarsh bridge"))
    assert meta.title == "Lowmarsh bridge"
    assert (meta.site_name, meta.author, meta.canonical_url, meta.published) == ("", "", "", None)


def test_domain_of():
    """An outlet's domain is the host, lower case, without www. or a port."""
    assert domain_of("https://WWW.Courier.example:8443/a") == "courier.example"
    assert domain_of("not a url") == ""


@pytest.mark.django_db
def test_outlet_matched_by_name_then_domain():
    """An outlet is found by name in any case, else by domain, else made with its domain."""
    courier = Outlet.objects.create(name="Lowmarsh Courier", domain="courier.example")
    assert outlet_named("LOWMARSH courier") == courier
    assert outlet_named("The Lowmarsh Courier", domain="courier.example") == courier
    assert outlet_named("", domain="courier.example") == courier
    herald = outlet_named("Fenland Herald", domain="herald.example")
    assert (herald.name, herald.domain) == ("Fenland Herald", "herald.example")
    unnamed = outlet_named(None, domain="gazette.example")
    assert (unnamed.name, unnamed.domain) == ("gazette.example", "gazette.example")
    assert outlet_named(None) is None


@pytest.mark.django_db
def test_outlet_named_prefers_the_name_then_the_oldest_at_the_domain(django_assert_num_queries):
    """The name wins over another outlet's domain; of several outlets at a domain, the first
    made; both asked in one query."""
    oldest = Outlet.objects.create(name="Zed Courier", domain="courier.example")
    Outlet.objects.create(name="Alpha Courier", domain="courier.example")  # first by name
    herald = Outlet.objects.create(name="Fenland Herald", domain="herald.example")
    with django_assert_num_queries(1):
        assert outlet_named("fenland HERALD", domain="courier.example") == herald
    with django_assert_num_queries(1):
        assert outlet_named("Lowmarsh Post", domain="courier.example") == oldest
    with django_assert_num_queries(1):
        assert outlet_named("", domain="www.courier.example") == oldest


@pytest.mark.django_db
def test_uploaded_html_uses_the_same_metadata():
    """An uploaded HTML page is read with archive.metadata: its canonical URL, author,
    language and outlet (matched by the URL's domain) are stored on the article."""
    courier = Outlet.objects.create(name="Lowmarsh Courier", domain="courier.example")
    html = article_page(
        html_attrs='lang="en"',
        head='<link rel="canonical" href="https://www.courier.example/2025/bridge">'
        + json_ld(
            {
                "@context": "https://schema.org",
                "@type": "NewsArticle",
                "headline": "Lowmarsh bridge to close",
                "datePublished": "2025-02-01",
                "author": {"@type": "Person", "name": "Greta Madeup"},
            }
        ),
    )
    article, created = archive_article(raw=html.encode(), source_file="bridge.html")
    assert created
    article = Article.objects.get(pk=article.pk)
    assert article.url == "https://www.courier.example/2025/bridge"
    assert article.canonical_url == "https://www.courier.example/2025/bridge"
    assert article.author == "Greta Madeup"
    assert article.language == "en"
    assert article.published == datetime.date(2025, 2, 1)
    assert article.outlet == courier
    assert article.captured_at is None
    assert "rust in every second bolt" in article.body
