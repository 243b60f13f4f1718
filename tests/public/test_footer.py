"""The footer of every public page leads to the research paths: the about page, the articles
list, the API docs, the feeds and the sitemap; each of them answers."""

import re
from html import unescape

import pytest
from django.utils import timezone

from quotes.models import Quote
from tests.factories import MembershipFactory, PrintingFactory, QuoteFactory

FOOTER_NAV = re.compile(
    r'<footer class="site-footer">.*?<nav class="site-footer__nav" aria-label="Research">'
    r"(.*?)</nav>.*?</footer>",
    re.S,
)
LINK = re.compile(r'<a href="([^"]+)">([^<]+)</a>')

FOOTER_LINKS = [
    ("About and how to cite", "/about/"),
    ("All articles", "/articles/"),
    ("API docs", "/api/docs/"),
    ("Feed: new quotes", "/feeds/quotes/"),
    ("Feed: corrections", "/feeds/corrections/"),
    ("Sitemap", "/sitemap.xml"),
]


def footer_links(html):
    found = FOOTER_NAV.findall(html)
    assert len(found) == 1, "one footer with its Research links"
    return [(unescape(text), unescape(href)) for href, text in LINK.findall(found[0])]


@pytest.fixture
def archive():
    """One published quote with its speaker, unit, outlet and article, and a withdrawn one."""
    printing = PrintingFactory(quote__text="The harbour stays open.")
    membership = MembershipFactory(person=printing.quote.person)
    withdrawn = QuoteFactory(
        status=Quote.Status.WITHDRAWN,
        withdrawal_reason=Quote.WithdrawalReason.LEGAL,
        withdrawn_at=timezone.now(),
    )
    return printing, membership, withdrawn


def public_pages(archive):
    """Every kind of public page, with the status it answers."""
    printing, membership, withdrawn = archive
    return [
        ("/", 200),
        ("/quotes/", 200),
        ("/quotes/?q=harbour", 200),
        ("/quotes/?q=zzzznothing", 200),
        (printing.quote.get_absolute_url(), 200),
        (membership.person.get_absolute_url(), 200),
        (membership.unit.get_absolute_url(), 200),
        (printing.article.outlet.get_absolute_url(), 200),
        (printing.article.get_absolute_url(), 200),
        ("/articles/", 200),
        ("/articles/?outlet=unknown", 200),
        ("/about/", 200),
        ("/people/", 200),
        ("/units/", 200),
        ("/outlets/", 200),
        ("/no-such-page/", 404),
        (withdrawn.get_absolute_url(), 410),
    ]


@pytest.mark.django_db
def test_every_public_page_type_has_the_research_footer(client, archive):
    """Home, lists, search, permalink, person, unit, outlet, article, articles list, about,
    a missing page and a withdrawn quote all end with the same research links."""
    for url, status in public_pages(archive):
        response = client.get(url)
        assert response.status_code == status, url
        assert footer_links(response.content.decode()) == FOOTER_LINKS, url


@pytest.mark.django_db
def test_every_footer_link_answers(client, archive):
    """Each footer link leads to a page that answers 200 with what it is named for."""
    expected = {
        "/about/": "evidence of reporting",
        "/articles/": archive[0].article.title,
        "/api/docs/": "Verbatim API",
        "/feeds/quotes/": "The harbour stays open.",
        "/feeds/corrections/": "<feed",
        "/sitemap.xml": "/articles/</loc>",
    }
    for _, url in FOOTER_LINKS:
        response = client.get(url)
        assert response.status_code == 200, url
        assert expected[url] in response.getvalue().decode(), url
