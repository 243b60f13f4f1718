"""The articles list (/articles/): every article with a public quote, by outlet or with its
outlet unknown, newest first, in a few queries whatever the page size."""

import datetime
import re
from html import unescape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from quotes import pagination
from quotes.models import Quote
from quotes.views.articles import ArticleListView
from tests.factories import ArticleFactory, OutletFactory, PrintingFactory, QuoteFactory

ROW = re.compile(r'<li>\s*<a href="/articles/(\d+)/">', re.S)


def listed(html):
    """The ids of the articles a list page shows, in order."""
    return [int(pk) for pk in ROW.findall(html)]


@pytest.fixture
def gazette():
    return OutletFactory(name="Harbour Gazette")


@pytest.mark.django_db
def test_lists_articles_with_public_quotes_only(client, gazette):
    """Articles carrying a published quote are listed; one whose quotes are all suggested,
    rejected, withdrawn or merged, or one without quotes, never is."""
    shown = PrintingFactory(article__outlet=gazette, article__title="Quay reopens")
    survivor = shown.quote
    for status in (Quote.Status.SUGGESTED, Quote.Status.REJECTED, Quote.Status.WITHDRAWN):
        PrintingFactory(quote__status=status, article__title=f"Hidden {status} story")
    PrintingFactory(quote__merged_into=survivor, article__title="Hidden merged story")
    ArticleFactory(title="Hidden story without quotes")
    response = client.get("/articles/")
    assert response.status_code == 200
    html = response.content.decode()
    assert listed(html) == [shown.article.pk]
    assert "Hidden" not in html
    assert "1 article" in html


@pytest.mark.django_db
def test_each_row_shows_label_outlet_date_and_public_quote_count(client, gazette):
    """A row names the article (its file where it has no title), its outlet ("Outlet
    unknown" where none), the day printed (or archived, where undated) and how many distinct
    published quotes it carries."""
    titled = PrintingFactory(
        article__outlet=gazette,
        article__title="Quay reopens",
        article__published=datetime.date(2031, 3, 4),
    ).article
    # A second published quote, one printed in two pieces, and a suggested one.
    body = "“One,” she said. “Two,” he said, “and three.” “Four,” they said."
    orphan = ArticleFactory(outlet=None, title="", source_file="notice.txt", published=None)
    orphan.body = body
    orphan.save(update_fields=["body"])
    published, split = QuoteFactory(), QuoteFactory()
    suggested = QuoteFactory(status=Quote.Status.SUGGESTED)
    for quote, piece in [(published, "One,"), (split, "Two,"), (split, "and three.")]:
        start = body.index(piece)
        PrintingFactory(quote=quote, article=orphan, text=piece, start=start)
    PrintingFactory(quote=suggested, article=orphan, text="Four,", start=body.index("Four,"))
    html = client.get("/articles/").content.decode()

    assert f'<a href="{titled.get_absolute_url()}">Quay reopens</a>' in html
    assert f'<a href="{gazette.get_absolute_url()}">Harbour Gazette</a>' in html
    assert '<time datetime="2031-03-04">4 March 2031</time>' in html
    assert "1 quote<" in html

    label = f"Untitled article archived on {orphan.archived_at:%-d %B %Y}"
    assert "notice.txt" not in html
    assert f'<a href="{orphan.get_absolute_url()}">{label}</a>' in html
    archived = orphan.archived_at
    assert (
        f"Outlet unknown · date unknown, archived <time datetime="
        f'"{archived:%Y-%m-%d}">{archived.day} {archived:%B %Y}</time>'
    ) in html
    assert "2 quotes<" in html


@pytest.mark.django_db
def test_newest_first_and_undated_last_by_archive_time(client, gazette):
    """Dated articles come newest first, then undated ones, the latest archived first."""
    old = PrintingFactory(article__published=datetime.date(2030, 1, 1)).article
    new = PrintingFactory(article__published=datetime.date(2032, 1, 1)).article
    undated_first = PrintingFactory(article__published=None).article
    undated_later = PrintingFactory(article__published=None).article
    html = client.get("/articles/").content.decode()
    assert listed(html) == [new.pk, old.pk, undated_later.pk, undated_first.pk]


@pytest.mark.django_db
def test_filter_by_outlet(client, gazette):
    """?outlet=SLUG keeps that outlet's articles; the heading names and links the outlet, and
    the form offers every outlet with a public article, the chosen one selected."""
    ours = PrintingFactory(article__outlet=gazette).article
    theirs = PrintingFactory(article__outlet=OutletFactory(name="Evening Star")).article
    PrintingFactory(article__outlet=None)
    PrintingFactory(
        article__outlet=OutletFactory(name="Rumour Weekly"), quote__status=Quote.Status.SUGGESTED
    )
    html = client.get("/articles/", {"outlet": gazette.slug}).content.decode()
    assert listed(html) == [ours.pk]
    assert f'Articles from <a href="{gazette.get_absolute_url()}">Harbour Gazette</a></h1>' in html
    assert f'<option value="{gazette.slug}" selected>Harbour Gazette</option>' in html
    assert '<option value="evening-star">Evening Star</option>' in html
    assert '<option value="unknown">Outlet unknown</option>' in html
    assert "Rumour Weekly" not in html
    assert theirs.pk not in listed(html)


@pytest.mark.django_db
def test_filter_by_unknown_outlet(client, gazette):
    """?outlet=unknown keeps the articles whose outlet is unknown, which no outlet page
    lists, so that every archived article is reachable."""
    PrintingFactory(article__outlet=gazette)
    orphans = [PrintingFactory(article__outlet=None).article for _ in range(2)]
    PrintingFactory(article__outlet=None, quote__status=Quote.Status.SUGGESTED)
    html = client.get("/articles/", {"outlet": "unknown"}).content.decode()
    assert sorted(listed(html)) == sorted(a.pk for a in orphans)
    assert "<h1>Articles whose outlet is unknown</h1>" in html
    assert "2 articles" in html


@pytest.mark.django_db
def test_unknown_outlet_slug_says_so_and_lists_nothing(client, gazette):
    """An outlet the list does not know is an error naming it, never the unfiltered list;
    an outlet with nothing public is unknown here too."""
    PrintingFactory(article__outlet=gazette)
    hidden = OutletFactory(name="Rumour Weekly")
    PrintingFactory(article__outlet=hidden, quote__status=Quote.Status.SUGGESTED)
    for slug in ("no-such-paper", hidden.slug):
        response = client.get("/articles/", {"outlet": slug})
        assert response.status_code == 200
        html = response.content.decode()
        assert f"No outlet is known as “{slug}”." in html
        assert listed(html) == []


@pytest.mark.django_db
def test_pages_keep_the_filter(client, gazette, monkeypatch):
    """The list is split into pages, and the next page keeps the outlet filter."""
    monkeypatch.setattr(ArticleListView, "paginate_by", 2)
    PrintingFactory.create_batch(3, article__outlet=gazette)
    PrintingFactory(article__outlet=None)
    first = client.get("/articles/", {"outlet": gazette.slug}).content.decode()
    assert len(listed(first)) == 2
    assert f'href="?outlet={gazette.slug}&amp;page=2"' in first
    second = client.get("/articles/", {"outlet": gazette.slug, "page": 2}).content.decode()
    assert len(listed(second)) == 1


@pytest.mark.django_db
def test_query_count_does_not_grow_with_the_page(client, monkeypatch, no_page_cache):
    """Showing 3, 12 or 15 rows (outlets, dates and counts included) costs the same few
    queries, dated and undated articles alike."""
    for n in range(20):
        outlet = OutletFactory(name=f"Paper {n % 7}") if n % 3 else None
        published = None if n % 4 == 0 else datetime.date(2031, 1, 1 + n)
        PrintingFactory.create_batch(
            1 + n % 2, article__outlet=outlet, article__published=published
        )

    def queries(page_size, page=1):
        monkeypatch.setattr(ArticleListView, "paginate_by", page_size)
        with CaptureQueriesContext(connection) as context:
            response = client.get("/articles/", {"page": page})
        assert len(listed(response.content.decode())) == page_size
        return len(context.captured_queries)

    # Only dated rows; then pages running on into the undated ones. PostgreSQL asks its
    # planner for an estimate before counting (one EXPLAIN).
    estimate = 1 if connection.vendor == "postgresql" else 0
    assert queries(3) == queries(15) <= 3 + estimate
    assert queries(16) == queries(20) <= 5 + estimate
    assert queries(3, page=6) <= 5 + estimate


@pytest.mark.django_db
def test_every_article_is_reached_page_by_page(client, monkeypatch):
    """Following "Next" from the first page reaches every listed article once, in order,
    across the dated and undated ones."""
    monkeypatch.setattr(ArticleListView, "paginate_by", 3)
    dated = [
        PrintingFactory(article__published=datetime.date(2031, 1, d)).article for d in (1, 2, 3, 4)
    ]
    undated = [PrintingFactory(article__published=None).article for _ in range(3)]
    seen, url = [], "/articles/"
    while url:
        html = client.get(url).content.decode()
        seen += listed(html)
        found = re.search(r'<a rel="next" href="([^"]+)"', html)
        url = "/articles/" + found.group(1).replace("&amp;", "&") if found else None
    expected = [a.pk for a in reversed(dated)] + [a.pk for a in reversed(undated)]
    assert seen == expected


@pytest.mark.django_db
def test_a_page_past_the_last_says_so_and_links_the_last(client, monkeypatch):
    """A page that does not exist answers 404 with the reason and a link to the last page,
    not a bare error page; a page that is not a number likewise."""
    monkeypatch.setattr(ArticleListView, "paginate_by", 2)
    PrintingFactory.create_batch(3)
    response = client.get("/articles/", {"page": 9})
    assert response.status_code == 404
    html = response.content.decode()
    assert "There are only 2 pages here." in html
    assert '<a href="?page=2">Go to page 2</a>' in html
    assert "No archived article" not in html
    for bad in ("0", "x", "-1"):
        response = client.get("/articles/", {"page": bad})
        assert response.status_code == 404
        assert "That is not a page number." in response.content.decode()


@pytest.mark.django_db
def test_past_the_counted_pages_the_list_goes_on_from_a_row(client, monkeypatch):
    """Where the articles are too many to count (here, more than 4), pages are numbered as
    far as the count goes (2 pages of 2), then go on from the last row shown, forward and
    back, through the dated and into the undated, so that every article stays reachable;
    a page number beyond the numbered ones, or a row no longer listed, says so."""
    monkeypatch.setattr(ArticleListView, "paginate_by", 2)
    monkeypatch.setattr(pagination, "COUNT_CAP", 4)
    dated = [
        PrintingFactory(article__published=datetime.date(2031, 1, day)).article
        for day in (1, 2, 3, 4, 5)
    ]
    undated = [PrintingFactory(article__published=None).article for _ in range(3)]
    order = [a.pk for a in reversed(dated)] + [a.pk for a in reversed(undated)]

    html = client.get("/articles/").content.decode()
    assert "more than 4 articles" in html or "about " in html
    pages, url = [], "/articles/"
    while url:
        html = client.get(url).content.decode()
        pages.append(listed(html))
        found = re.search(r'<a rel="next" href="([^"]+)"', html)
        url = "/articles/" + unescape(found.group(1)) if found else None
    assert [pk for page in pages for pk in page] == order
    assert pages[2] == order[4:6]  # the first page after the numbered ones
    # And back from the last page, to the first.
    back, url = [], f"/articles/?after={order[5]}"
    while url:
        html = client.get(url).content.decode()
        back.insert(0, listed(html))
        found = re.search(r'<a rel="prev" href="([^"]+)"', html)
        url = "/articles/" + unescape(found.group(1)) if found else None
    assert [pk for page in back for pk in page] == order

    response = client.get("/articles/", {"page": 3})
    assert response.status_code == 404
    assert "Page numbers go up to 2; from there, “Next” goes on" in response.content.decode()
    response = client.get("/articles/", {"after": 999999})
    assert response.status_code == 404
    assert "no longer in this list" in response.content.decode()
