"""What the quote lists filter and sort by, kept on the printings and quotes themselves: each
printing's copy of its article's outlet and date, each quote's reach (how many outlets
printed it); kept current when an article is edited or a printing moves."""

import datetime

import pytest

from quotes.models import Printing, Quote
from quotes.services import lifecycle
from tests.admin.conftest import posted_back
from tests.factories import OutletFactory, PrintingFactory, QuoteFactory

MAY = datetime.date(2031, 5, 10)
JULY = datetime.date(2031, 7, 20)


def listed(response):
    return [quote.text for quote in response.context["quotes"]]


@pytest.mark.django_db
def test_a_printing_copies_its_articles_outlet_and_date():
    """A new printing carries its article's outlet and publication date."""
    outlet = OutletFactory(name="Harbour Gazette")
    printing = PrintingFactory(article__outlet=outlet, article__published=MAY)
    stored = Printing.objects.get(pk=printing.pk)
    assert (stored.printed_by_id, stored.printed_on) == (outlet.pk, MAY)


@pytest.mark.django_db
def test_reach_counts_different_outlets_only():
    """Two articles of one outlet count once; an article with no outlet does not count."""
    gazette, star = OutletFactory(name="Harbour Gazette"), OutletFactory(name="Evening Star")
    quote = QuoteFactory(text="We hold the pier.")
    for outlet in (gazette, gazette, star, None):
        PrintingFactory(quote=quote, article__outlet=outlet)
    assert Quote.objects.get(pk=quote.pk).reach == 2


@pytest.mark.django_db
def test_editing_an_articles_outlet_and_date_shows_on_the_list_filters(admin_client):
    """An archivist who corrects an article's outlet and date in the admin sees the quote
    under the new outlet and date in the list's filters and in the "most outlets" order."""
    gazette, star = OutletFactory(name="Harbour Gazette"), OutletFactory(name="Evening Star")
    moved = QuoteFactory(text="We hold the pier.")
    PrintingFactory(quote=moved, article__outlet=star, article__published=MAY)
    article = PrintingFactory(quote=moved, article__outlet=star, article__published=MAY).article
    other = QuoteFactory(text="The bridge held.")
    PrintingFactory(quote=other, article__outlet=star, article__published=MAY)
    before = {"outlet": "harbour-gazette", "from": "2031-07-01", "to": "2031-07-31"}
    assert listed(admin_client.get("/quotes/", before)) == []
    assert listed(admin_client.get("/quotes/", {"min_outlets": 2})) == []

    url = f"/admin/archive/article/{article.pk}/change/"
    data = posted_back(admin_client.get(url), outlet=gazette.pk)  # the outlet alone
    assert admin_client.post(url, data).status_code == 302
    in_may = {"outlet": "harbour-gazette", "to": "2031-05-31"}
    assert listed(admin_client.get("/quotes/", in_may)) == ["We hold the pier."]
    assert listed(admin_client.get("/quotes/", {"min_outlets": 2})) == ["We hold the pier."]

    data = posted_back(admin_client.get(url), published="2031-07-20")  # then the date
    assert admin_client.post(url, data).status_code == 302
    assert listed(admin_client.get("/quotes/", in_may)) == []
    assert listed(admin_client.get("/quotes/", before)) == ["We hold the pier."]
    assert listed(admin_client.get("/quotes/", {"outlet": "evening-star", "to": "2031-05-31"})) == [
        "The bridge held.",
        "We hold the pier.",
    ]
    assert listed(admin_client.get("/quotes/", {"min_outlets": 2})) == ["We hold the pier."]
    assert listed(admin_client.get("/quotes/", {"sort": "outlets"}))[0] == "We hold the pier."


@pytest.mark.django_db
def test_moving_a_printing_recounts_both_quotes_outlets():
    """A printing moved to another quote moves its outlet from one count to the other."""
    gazette, star = OutletFactory(name="Harbour Gazette"), OutletFactory(name="Evening Star")
    first = QuoteFactory(text="We hold the pier.")
    PrintingFactory(quote=first, article__outlet=gazette)
    moving = PrintingFactory(quote=first, article__outlet=star)
    second = QuoteFactory(text="We hold the pier!")
    PrintingFactory(quote=second, article__outlet=gazette)
    lifecycle.move_printing(moving, to=second)
    assert Quote.objects.get(pk=first.pk).reach == 1
    assert Quote.objects.get(pk=second.pk).reach == 2
    printed_in = Quote.objects.printed(outlet=star)
    assert list(printed_in.values_list("text", flat=True)) == ["We hold the pier!"]


@pytest.mark.django_db
def test_outlet_and_dates_hold_for_one_printing():
    """Outlet, from and to must all hold for the same printing, read from the copies."""
    gazette = OutletFactory(name="Harbour Gazette")
    quote = QuoteFactory(text="Printed twice.")
    PrintingFactory(quote=quote, article__outlet=gazette, article__published=MAY)
    PrintingFactory(quote=quote, article__published=JULY)
    assert not Quote.objects.printed(outlet=gazette, since=JULY).exists()
    assert Quote.objects.printed(outlet=gazette, until=MAY).get() == quote
