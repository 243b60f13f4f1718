"""The front page: what Verbatim is, a search box, counts, latest quotes, most-quoted people."""

import pytest

from quotes.models import Quote
from tests.factories import AppearanceFactory, PersonFactory, QuoteFactory


@pytest.mark.django_db
def test_home_says_what_verbatim_is_and_offers_search(client):
    """The front page explains the site in a sentence and searches the quote list by q."""
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Verbatim is an open archive" in html
    assert 'action="/quotes/"' in html
    assert 'name="q"' in html


@pytest.mark.django_db
def test_home_shows_site_navigation_and_archive_footer(client):
    """Every page carries the nav (Quotes, People, Units, Outlets) and the archive footer."""
    html = client.get("/").content.decode()
    nav = [("/quotes/", "Quotes"), ("/people/", "People"), ("/units/", "Units")]
    for href, label in [*nav, ("/outlets/", "Outlets")]:
        assert f'href="{href}"' in html
        assert f">{label}</a>" in html
    assert "Verbatim is an archive" in html
    assert "css/site.css" in html


@pytest.mark.django_db
def test_home_has_no_inline_styles_or_scripts(client):
    """The CSP allows only the site's own stylesheet: pages carry no inline style or script."""
    AppearanceFactory()
    html = client.get("/").content.decode()
    assert "style=" not in html
    assert "<style" not in html
    assert "<script" not in html


@pytest.mark.django_db
def test_home_lists_latest_published_quotes_only(client):
    """Latest quotes are published ones; suggestions and rejections stay off the front page."""
    AppearanceFactory(quote__text="Published words about the harbour.")
    AppearanceFactory(quote__text="Suggested words.", quote__status=Quote.Status.SUGGESTED)
    AppearanceFactory(quote__text="Rejected words.", quote__status=Quote.Status.REJECTED)
    html = client.get("/").content.decode()
    assert "Published words about the harbour." in html
    assert "Suggested words." not in html
    assert "Rejected words." not in html


@pytest.mark.django_db
def test_home_counts_public_quotes_and_people(client):
    """The counts cover published quotes and the people who said them."""
    person = PersonFactory()
    AppearanceFactory.create_batch(3, quote__person=person)
    QuoteFactory(status=Quote.Status.SUGGESTED)
    html = client.get("/").content.decode()
    assert "<strong>3</strong> quotes" in html
    assert "<strong>1</strong> person quoted" in html


@pytest.mark.django_db
def test_home_ranks_the_most_quoted_people(client):
    """Most-quoted people come first, with their number of published quotes."""
    often = PersonFactory(name="Often Quoted")
    rarely = PersonFactory(name="Rarely Quoted")
    never = PersonFactory(name="Never Published")
    QuoteFactory.create_batch(3, person=often)
    QuoteFactory(person=rarely)
    QuoteFactory(person=never, status=Quote.Status.SUGGESTED)
    html = client.get("/").content.decode()
    ranking = html[html.index("Most quoted") :]
    assert ranking.index("Often Quoted") < ranking.index("Rarely Quoted")
    assert "3 quotes" in html
    assert "Never Published" not in html


@pytest.mark.django_db
def test_archive_counts_are_reused_for_a_minute(client, django_assert_max_num_queries):
    """The archive-wide counts are computed once and reused, so a busy home page does not
    rescan the archive on every request; the latest quotes are always current."""
    AppearanceFactory()
    client.get("/")
    newest = AppearanceFactory().quote
    with django_assert_max_num_queries(3):
        page = client.get("/").content.decode()
    assert newest.get_absolute_url() in page
