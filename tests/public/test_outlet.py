"""Outlets: the list of outlets and each outlet's page of articles and quotes."""

import datetime

import pytest
from django.db import connection

from quotes.models import Quote
from tests.factories import ArticleFactory, OutletFactory, PrintingFactory, QuoteFactory
from tests.public.research import assert_only, follow, research_links


@pytest.fixture
def outlet():
    return OutletFactory(name="Harbour Gazette")


@pytest.mark.django_db
def test_outlet_page_lists_articles_with_their_published_quotes(client, outlet):
    """An outlet's page lists its articles that carry published quotes, with those quotes."""
    printing = PrintingFactory(
        article__outlet=outlet, article__title="Quay reopens", quote__text="The quay is open."
    )
    response = client.get(f"/outlets/{outlet.slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Harbour Gazette</h1>" in html
    assert f'<a href="{printing.article.get_absolute_url()}">Quay reopens</a>' in html
    assert "The quay is open." in html
    assert f'href="{printing.quote.get_absolute_url()}"' in html


@pytest.mark.django_db
def test_outlet_page_leaves_out_unpublished_quotes_and_their_articles(client, outlet):
    """Articles carrying only suggested quotes, and suggested quotes themselves, are left out."""
    PrintingFactory(
        article__outlet=outlet,
        article__title="Unreviewed story",
        quote__status=Quote.Status.SUGGESTED,
    )
    published = PrintingFactory(article__outlet=outlet, quote__text="Published words.")
    PrintingFactory(
        article=published.article,
        quote__text="Suggested words.",
        quote__status=Quote.Status.SUGGESTED,
        start=0,
        end=5,
    )
    ArticleFactory(outlet=outlet, title="Article without quotes")
    html = client.get(outlet.get_absolute_url()).content.decode()
    assert "Published words." in html
    assert "Suggested words." not in html
    assert "Unreviewed story" not in html
    assert "Article without quotes" not in html
    assert "1 article with published quotes" in html


@pytest.mark.django_db
def test_outlet_page_runs_a_fixed_number_of_queries(client, outlet, django_assert_max_num_queries):
    """Many articles do not cost a query each: the outlet, the count (on PostgreSQL, the
    planner's estimate first), the dated articles, the undated ones (read where the dated do
    not fill the page) and their printings."""
    PrintingFactory.create_batch(15, article__outlet=outlet)
    with django_assert_max_num_queries(6 if connection.vendor == "postgresql" else 5):
        assert client.get(outlet.get_absolute_url()).status_code == 200


@pytest.mark.django_db
def test_outlet_page_pages_through_articles_newest_first(client, outlet):
    """The outlet's articles are paged as the articles list is: newest first, undated last,
    and a page number past the last answers 404 and says how many there are."""
    for day in range(1, 22):
        PrintingFactory(
            article__outlet=outlet,
            article__title=f"Harbour day {day:02}",
            article__published=datetime.date(2031, 3, day),
        )
    PrintingFactory(
        article__outlet=outlet, article__title="Undated notice", article__published=None
    )
    first = client.get(outlet.get_absolute_url()).content.decode()
    assert "22 articles with published quotes" in first
    assert first.index("Harbour day 21") < first.index("Harbour day 02")
    assert "Harbour day 01" not in first and "Undated notice" not in first
    assert 'rel="next" href="?page=2"' in first
    second = client.get(outlet.get_absolute_url() + "?page=2").content.decode()
    assert second.index("Harbour day 01") < second.index("Undated notice")
    assert "Harbour day 02" not in second
    missing = client.get(outlet.get_absolute_url() + "?page=3")
    assert missing.status_code == 404
    assert "There are only 2 pages here." in missing.content.decode()


@pytest.mark.django_db
def test_unknown_outlet_is_404(client):
    """An outlet slug that does not exist is not found."""
    assert client.get("/outlets/no-such-outlet/").status_code == 404


@pytest.mark.django_db
def test_outlet_list_shows_outlets_with_published_quotes(client, outlet):
    """The outlet list holds outlets that printed published quotes, with counts."""
    PrintingFactory.create_batch(2, article__outlet=outlet)
    PrintingFactory(
        article__outlet=OutletFactory(name="Rumour Weekly"), quote__status=Quote.Status.SUGGESTED
    )
    response = client.get("/outlets/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<a href="{outlet.get_absolute_url()}">Harbour Gazette</a>' in html
    assert "2 quotes" in html
    assert "Rumour Weekly" not in html


@pytest.mark.django_db
def test_outlet_page_links_its_filtered_list_downloads_and_feed(client, outlet):
    """A visible Research box on an outlet's page leads to the quotes it printed only: the
    quote list filtered to the outlet, its CSV and JSON Lines downloads, and its feed."""
    PrintingFactory(article__outlet=outlet, quote__text="The ferry sails at noon.")
    PrintingFactory(quote__text="Another paper spoke.")
    html = client.get(outlet.get_absolute_url()).content.decode()
    links = research_links(html)
    query = f"?outlet={outlet.slug}"
    assert links == {
        "Search and filter the quotes it printed": f"/quotes/{query}",
        "CSV": f"/quotes/export.csv{query}",
        "JSON Lines": f"/quotes/export.jsonl{query}",
        "Atom feed": f"/outlets/{outlet.slug}/feed/",
    }
    assert_only(follow(client, links), ["The ferry sails at noon."], ["Another paper spoke."])


@pytest.mark.django_db
def test_outlet_page_lists_a_quote_once_per_article_however_many_pieces(client, outlet):
    """An article that prints one quote in two pieces (two printings) lists it once, beside
    the article's other quotes in the order they stand."""
    body = "“The quay,” she said, “is open.” Later: “Boats may dock.”"
    article = ArticleFactory(outlet=outlet, body=body, title="Quay news")
    split = QuoteFactory(text="The quay is open.")
    other = QuoteFactory(text="Boats may dock.")
    for quote, piece in [(split, "The quay,"), (split, "is open."), (other, "Boats may dock.")]:
        start = body.index(piece)
        PrintingFactory(
            quote=quote, article=article, text=piece, start=start, end=start + len(piece)
        )
    html = client.get(outlet.get_absolute_url()).content.decode()
    assert html.count(f'href="{split.get_absolute_url()}"') == 1
    assert html.count(f'href="{other.get_absolute_url()}"') == 1
    assert html.index("The quay is open.") < html.index("Boats may dock.")


@pytest.mark.django_db
def test_outlet_list_links_the_articles_list_and_articles_with_no_outlet(client, outlet):
    """The outlet list leads to every archived article, and to those whose outlet is unknown,
    which no outlet page lists."""
    PrintingFactory(article__outlet=outlet)
    PrintingFactory(article__outlet=None, article__title="Found on a noticeboard")
    html = client.get("/outlets/").content.decode()
    assert 'href="/articles/"' in html
    assert 'href="/articles/?outlet=unknown"' in html
    unknown = client.get("/articles/?outlet=unknown").content.decode()
    assert "Found on a noticeboard" in unknown
