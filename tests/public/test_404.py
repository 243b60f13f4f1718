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
