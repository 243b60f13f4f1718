"""The permalink's first word on who carried a statement: "Carried by N outlets in M articles,
first on DATE by OUTLET", with the articles whose outlet is unknown counted apart."""

import datetime

import pytest

from tests.factories import OutletFactory, QuoteFactory
from tests.permalink.factories import printed_in_pieces
from tests.permalink.pages import carried, parse
from tests.public.factories import printed

APRIL = datetime.date(2031, 4, 1)


@pytest.fixture
def quote():
    return QuoteFactory(text="The breakwater will hold through the winter storms.")


def page(client, quote):
    return parse(client.get(quote.get_absolute_url()))


@pytest.mark.django_db
def test_several_outlets_counted_with_the_first_printing(client, quote):
    """Three outlets, one of them with two articles: three outlets in four articles, first
    printed by the outlet with the earliest date, which links to its page."""
    herald = OutletFactory(name="Later Herald")
    printed(quote, outlet=herald, published=APRIL + datetime.timedelta(days=2))
    printed(quote, outlet=herald, published=APRIL + datetime.timedelta(days=5))
    earliest = OutletFactory(name="Earlier Times")
    printed(quote, outlet=earliest, published=APRIL)
    printed(quote, outlet=OutletFactory(name="Undated Gazette"), published=None)
    tree = page(client, quote)
    assert carried(tree) == (
        "Carried by 3 outlets in 4 articles, first on 1 April 2031 by Earlier Times."
    )
    (link,) = tree.xpath('//p[@class="carried"]//a')
    assert link.get("href") == earliest.get_absolute_url()
    assert tree.xpath('//p[@class="carried"]//time/@datetime') == ["2031-04-01"]


@pytest.mark.django_db
def test_articles_whose_outlet_is_unknown_are_counted_apart(client, quote):
    """Articles with no outlet are not an outlet: they are counted as articles whose outlet is
    unknown, after the outlets."""
    printed(quote, outlet=OutletFactory(name="Quay Times"), published=APRIL)
    printed(quote, article__outlet=None, published=APRIL + datetime.timedelta(days=1))
    printed(quote, article__outlet=None, published=None)
    assert carried(page(client, quote)) == (
        "Carried by 1 outlet in 1 article and 2 articles whose outlet is unknown, "
        "first on 1 April 2031 by Quay Times."
    )


@pytest.mark.django_db
def test_all_outlets_unknown(client, quote):
    """Where no article names its outlet, the sentence says how many articles there are and
    when the first was printed, without pretending to know by whom."""
    printed(quote, article__outlet=None, published=APRIL + datetime.timedelta(days=3))
    printed(quote, article__outlet=None, published=APRIL)
    assert carried(page(client, quote)) == (
        "Carried by 2 articles whose outlet is unknown, first on 1 April 2031."
    )


@pytest.mark.django_db
def test_one_article_is_singular(client, quote):
    """One outlet, one article; one article whose outlet is unknown."""
    printed(quote, outlet=OutletFactory(name="Lone Ledger"), published=APRIL)
    assert carried(page(client, quote)) == (
        "Carried by 1 outlet in 1 article, first on 1 April 2031 by Lone Ledger."
    )
    other = QuoteFactory()
    printed(other, article__outlet=None, published=None)
    assert carried(page(client, other)) == (
        "Carried by 1 article whose outlet is unknown; no article gives its date."
    )


@pytest.mark.django_db
def test_first_printed_by_several_on_one_day(client, quote):
    """Outlets that printed it on the same first day are all named, with an unknown one."""
    printed(quote, outlet=OutletFactory(name="Dawn Post"), published=APRIL)
    printed(quote, outlet=OutletFactory(name="Morning Wire"), published=APRIL)
    printed(quote, article__outlet=None, published=APRIL)
    printed(quote, outlet=OutletFactory(name="Evening Star"), published=APRIL.replace(day=9))
    assert carried(page(client, quote)) == (
        "Carried by 3 outlets in 3 articles and 1 article whose outlet is unknown, first on "
        "1 April 2031 by Dawn Post, Morning Wire and an article whose outlet is unknown."
    )


@pytest.mark.django_db
def test_pieces_of_one_article_count_once(client, quote):
    """An article that printed the statement in three pieces is one article."""
    printed_in_pieces(
        quote,
        ["The breakwater will hold", "through the winter", "storms"],
        outlet=OutletFactory(name="Pieces Weekly"),
        published=APRIL,
    )
    assert carried(page(client, quote)) == (
        "Carried by 1 outlet in 1 article, first on 1 April 2031 by Pieces Weekly."
    )


@pytest.mark.django_db
def test_a_statement_found_in_no_article(client, quote):
    """A published statement with no printing yet says so instead of counting zeros."""
    assert carried(page(client, quote)) == "Not yet found in any article of the archive."
