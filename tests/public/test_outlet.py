"""Outlets: the list of outlets and each outlet's page of articles and quotes."""

import pytest

from quotes.models import Quote
from tests.factories import AppearanceFactory, ArticleFactory, OutletFactory


@pytest.fixture
def outlet():
    return OutletFactory(name="Harbour Gazette")


@pytest.mark.django_db
def test_outlet_page_lists_articles_with_their_published_quotes(client, outlet):
    """An outlet's page lists its articles that carry published quotes, with those quotes."""
    appearance = AppearanceFactory(
        article__outlet=outlet, article__title="Quay reopens", quote__text="The quay is open."
    )
    response = client.get(f"/outlets/{outlet.slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Harbour Gazette</h1>" in html
    assert f'<a href="{appearance.article.get_absolute_url()}">Quay reopens</a>' in html
    assert "The quay is open." in html
    assert f'href="{appearance.quote.get_absolute_url()}"' in html


@pytest.mark.django_db
def test_outlet_page_leaves_out_unpublished_quotes_and_their_articles(client, outlet):
    """Articles carrying only suggested quotes, and suggested quotes themselves, are left out."""
    AppearanceFactory(
        article__outlet=outlet,
        article__title="Unreviewed story",
        quote__status=Quote.Status.SUGGESTED,
    )
    published = AppearanceFactory(article__outlet=outlet, quote__text="Published words.")
    AppearanceFactory(
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
    """Many articles do not cost a query each."""
    AppearanceFactory.create_batch(15, article__outlet=outlet)
    with django_assert_max_num_queries(4):
        assert client.get(outlet.get_absolute_url()).status_code == 200


@pytest.mark.django_db
def test_unknown_outlet_is_404(client):
    """An outlet slug that does not exist is not found."""
    assert client.get("/outlets/no-such-outlet/").status_code == 404


@pytest.mark.django_db
def test_outlet_list_shows_outlets_with_published_quotes(client, outlet):
    """The outlet list holds outlets that printed published quotes, with counts."""
    AppearanceFactory.create_batch(2, article__outlet=outlet)
    AppearanceFactory(
        article__outlet=OutletFactory(name="Rumour Weekly"), quote__status=Quote.Status.SUGGESTED
    )
    response = client.get("/outlets/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<a href="{outlet.get_absolute_url()}">Harbour Gazette</a>' in html
    assert "2 quotes" in html
    assert "Rumour Weekly" not in html
