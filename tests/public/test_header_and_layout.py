"""Every public page's header leads to the articles, the about page and a search of the
quotes; the quote list puts its filters beside its results, the permalink its outlets beside
the statement (the CSS lays them out side by side on a wide screen, one column on a phone)."""

import pytest

from tests.factories import OutletFactory, PrintingFactory

pytestmark = pytest.mark.django_db


def test_the_header_has_articles_about_and_search(client):
    """Before: the header had no Articles, About or search."""
    printing = PrintingFactory()
    for url in ["/", "/quotes/", "/about/", printing.quote.get_absolute_url(), "/no/such/"]:
        html = client.get(url).content.decode()
        header = html[html.index('<header class="site-header">') : html.index("</header>")]
        assert 'href="/articles/"' in header and 'href="/about/"' in header, url
        assert 'action="/quotes/"' in header and 'name="q"' in header, url
        assert '<label class="visually-hidden" for="site-search-q">' in header


def test_the_list_and_the_permalink_have_their_side_columns(client):
    printing = PrintingFactory(article__outlet=OutletFactory(name="Harbour Gazette"))
    html = client.get("/quotes/").content.decode()
    assert html.index('class="list-layout__filters"') < html.index('class="list-layout__results"')
    page = client.get(printing.quote.get_absolute_url()).content.decode()
    aside = page[page.index('<aside class="quote-page__outlets"') :]
    assert "Harbour Gazette" in aside[: aside.index("</aside>")]
    assert f'href="#article-{printing.article.pk}"' in aside
