"""Unknown and non-public pages answer 404 with the site's own page."""

import pytest

from quotes.models import Quote
from tests.factories import QuoteFactory


@pytest.fixture
def production(settings):
    settings.DEBUG = False
    return settings


@pytest.mark.django_db
def test_unknown_page_renders_the_site_404_template(client, production):
    """An unknown address shows Verbatim's 404 page, inside the site layout."""
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Page not found" in html
    assert "/no/such/page/" in html
    assert 'href="/quotes/"' in html
    assert "Verbatim is an archive" in html


@pytest.mark.django_db
def test_unpublished_quote_renders_the_site_404_template(client, production):
    """A suggested quote's permalink is a plain 404, showing nothing of the quote."""
    quote = QuoteFactory(status=Quote.Status.SUGGESTED, text="Not yet reviewed words")
    response = client.get(quote.get_absolute_url())
    assert response.status_code == 404
    html = response.content.decode()
    assert "Page not found" in html
    assert "Not yet reviewed words" not in html


@pytest.mark.django_db
def test_404_path_is_escaped(client, production):
    """The requested path shown on the 404 page is escaped."""
    response = client.get("/%3Cscript%3Ealert(1)%3C/script%3E/")
    assert response.status_code == 404
    assert b"<script>alert(1)" not in response.content


@pytest.mark.django_db
def test_development_shows_the_site_404_not_the_debug_page(client, settings):
    """Before: with DEBUG on (make serve) an unknown page was Django's yellow debug page."""
    settings.DEBUG = True
    for path in ["/no/such/page/", "/q/zzzzzzzz/"]:
        response = client.get(path)
        assert response.status_code == 404
        html = response.content.decode()
        assert "Page not found" in html and "Verbatim is an archive" in html, path
        assert "NONE,NOARCHIVE" not in html and "URLconf" not in html


def test_the_500_page_is_in_the_site_style_with_the_request_id(rf, settings):
    """A server error shows the site's own page (its header and footer), with the request
    id to quote, and the status 500."""
    from verbatim import service

    settings.DEBUG = False
    token = service.request_id.set("abcd1234efgh")
    try:
        response = service.server_error(rf.get("/quotes/"))
    finally:
        service.request_id.reset(token)
    html = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong" in html and "abcd1234efgh" in html
    assert "Verbatim is an archive" in html
