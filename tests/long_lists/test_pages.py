"""Long quote lists: capped and estimated counts, numbered pages then keyset pages that never
skip or repeat a quote, a query count that does not grow with the page's number or size,
and pages that do not exist answered with a reason and a link."""

import datetime
import re
from html import unescape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from quotes import pagination
from quotes.models import LIST_ORDER, OUTLETS_ORDER, Quote
from quotes.search import refresh_search
from tests.factories import OutletFactory, PrintingFactory

DAY = datetime.date(2031, 3, 5)


def listed(response):
    return [quote.text for quote in response.context["quotes"]]


def next_link(response, rel="next"):
    found = re.search(rf'<a rel="{rel}" href="([^"]+)"', response.content.decode())
    return unescape(found.group(1)) if found else None


@pytest.fixture
def small_pages(settings, monkeypatch):
    """Pages of 3 quotes; page numbers up to 2; exact counts up to 6 rows."""
    settings.QUOTES_PER_PAGE = 3
    monkeypatch.setattr(pagination, "NUMBERED_PAGES", 2)
    monkeypatch.setattr(pagination, "COUNT_CAP", 6)


@pytest.fixture
def ties():
    """14 quotes: 10 printed the same day (so ordered among themselves by id alone), 2 a day
    later, 2 never dated; some by two outlets."""
    quotes = []
    for n in range(14):
        published = None if n >= 12 else DAY + datetime.timedelta(days=n // 10)
        printing = PrintingFactory(quote__text=f"Tied words {n}.", article__published=published)
        if n % 3 == 0:
            PrintingFactory(quote=printing.quote, article__published=published)
        quotes.append(printing.quote)
    return quotes


def walk(client, params, rel="next"):
    """Every page from the first (or the given one), following `rel` links: their texts."""
    pages, response = [], client.get("/quotes/", params)
    while True:
        assert response.status_code == 200
        pages.append(listed(response))
        link = next_link(response, rel)
        if link is None:
            return pages
        response = client.get("/quotes/" + link)


@pytest.mark.django_db
@pytest.mark.parametrize("sort, order", [("newest", LIST_ORDER), ("outlets", OUTLETS_ORDER)])
def test_pages_never_skip_or_repeat_a_quote(client, small_pages, ties, sort, order):
    """Following "Next" from the first page to the last, past the numbered pages into keyset
    ones, lists every quote once, in the list's order, equal dates and counts included; and
    "Previous" from the last page back lists them all again."""
    expected = list(Quote.objects.order_by(*order).values_list("text", flat=True))
    pages = walk(client, {"sort": sort})
    assert len(pages) == 5  # 2 numbered, 3 by keyset
    assert [text for page in pages for text in page] == expected
    last = client.get("/quotes/", {"sort": sort, "after": ties[0].short_id})
    back = walk(
        client, {"sort": sort, "before": Quote.objects.order_by(*order).last().short_id}, "prev"
    )
    assert last.status_code == 200
    backwards = [text for page in reversed(back) for text in page]
    assert backwards == expected[:-1]


@pytest.mark.django_db
def test_keyset_links_follow_the_numbered_pages(client, small_pages, ties):
    """The last numbered page's "Next" names the quote it ends with; the keyset page links
    back by the quote it starts with and keeps the filters."""
    second = client.get("/quotes/", {"page": 2, "to": "2031-12-31"})
    last_shown = second.context["quotes"][-1]
    assert next_link(second) == f"?to=2031-12-31&after={last_shown.short_id}"
    third = client.get("/quotes/" + next_link(second))
    assert (
        next_link(third, "prev") == f"?to=2031-12-31&before={third.context['quotes'][0].short_id}"
    )
    assert "<span>Page" not in third.content.decode()  # a keyset page has no number


@pytest.mark.django_db
def test_count_is_exact_up_to_the_cap_then_estimated(client, small_pages, ties, no_page_cache):
    """Up to the cap the list gives the number; past it an estimate (PostgreSQL's planner) or
    a bound (SQLite), never an exact count of every row."""
    Quote.objects.exclude(pk__in=[q.pk for q in ties[:4]]).update(status=Quote.Status.SUGGESTED)
    assert "4 quotes" in client.get("/quotes/").content.decode()
    Quote.objects.update(status=Quote.Status.PUBLISHED)
    html = client.get("/quotes/").content.decode()
    if connection.vendor == "postgresql":
        assert re.search(r"about [\d,]+ quotes", html)
    else:
        assert "more than 6 quotes" in html
    data = client.get("/api/quotes/").json()
    assert data["count_exact"] is False and data["count"] >= 7


@pytest.mark.django_db
def test_queries_do_not_grow_with_page_number_or_size(client, settings, ties, no_page_cache):
    """The first page, a later numbered page and a keyset page, short or long, cost the same
    number of queries."""
    refresh_search(Quote.objects.values_list("pk", flat=True))
    # The filters' outlet names are read once and cached: the first visit pays for them.
    client.get("/quotes/")
    costs = set()
    for size in (2, 5):
        settings.QUOTES_PER_PAGE = size
        for params in ({}, {"page": 2}, {"after": ties[5].short_id}, {"q": "tied", "page": 2}):
            with CaptureQueriesContext(connection) as queries:
                assert client.get("/quotes/", params).status_code == 200
            costs.add((bool(params.get("after")), len(queries)))
    # A keyset page reads its cursor's row: one query more than a numbered one, always.
    assert len({cost for keyset, cost in costs if not keyset}) <= 2  # with or without q
    assert len({cost for keyset, cost in costs if keyset}) == 1


@pytest.mark.django_db
def test_a_page_past_the_end_says_so_and_links_the_last(client, small_pages, ties):
    """A page number past the last answers 404 with the reason and a link to the last page,
    in the list's own page rather than the site's not-found page."""
    Quote.objects.exclude(pk__in=[q.pk for q in ties[:4]]).update(status=Quote.Status.SUGGESTED)
    response = client.get("/quotes/", {"page": 7, "speaker": ""})
    assert response.status_code == 404
    html = response.content.decode()
    assert "There are only 2 pages here." in html
    assert 'href="?speaker=&amp;page=2">Go to page 2</a>' in html
    assert "No quotes match." not in html
    assert 'role="search"' in html  # the list's page, with its form


@pytest.mark.django_db
def test_numbers_past_the_numbered_pages_point_to_next(client, small_pages, ties):
    """Past the numbered pages a number is refused with the way on: "Next" from the last."""
    response = client.get("/quotes/", {"page": 3})
    assert response.status_code == 404
    assert "Page numbers go up to 2" in response.content.decode()
    assert 'href="?page=2"' in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("params", [{"page": "two"}, {"page": 0}, {"after": "zzzzzzzz"}])
def test_malformed_pages_are_not_found_with_a_reason(client, ties, params):
    """A page that is not a number, or a cursor naming no listed quote, is a 404 that says so."""
    response = client.get("/quotes/", params)
    assert response.status_code == 404
    assert 'class="notice notice--error"' in response.content.decode()


@pytest.mark.django_db
def test_api_pages_past_the_numbered_ones_by_cursor(client, small_pages, ties):
    """The API's `next` goes from page numbers to `after`, and its pages list every quote once."""
    url, seen = "/api/quotes/?page_size=3", []
    while url:
        data = client.get(url).json()
        seen += [quote["text"] for quote in data["results"]]
        url = data["next"]
    assert seen == list(Quote.objects.order_by(*LIST_ORDER).values_list("text", flat=True))
    data = client.get("/api/quotes/?page=2&page_size=3").json()
    assert "after=" in data["next"] and data["previous"].endswith("page=1&page_size=3")
    assert client.get("/api/quotes/?after=zzzzzzzz").status_code == 404


@pytest.mark.django_db
def test_outlet_and_date_filter_pages_by_keyset_too(client, small_pages):
    """Filtered lists page by keyset as the whole list does."""
    outlet = OutletFactory(name="Harbour Gazette")
    for n in range(8):
        PrintingFactory(quote__text=f"Gazette {n}.", article__outlet=outlet, article__published=DAY)
    PrintingFactory(quote__text="Elsewhere.", article__published=DAY)
    pages = walk(client, {"outlet": "harbour-gazette", "from": "2031-03-01"})
    texts = [text for page in pages for text in page]
    assert sorted(texts) == sorted(f"Gazette {n}." for n in range(8))
    assert len(set(texts)) == 8
