"""The permalink's entries: one per article, grouped by outlet, holding every piece that
article printed and comparing them, together, with the canonical text."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import OutletFactory, QuoteFactory
from tests.permalink.factories import printed_in_pieces
from tests.permalink.pages import by_class, parse, text
from tests.public.factories import printed

APRIL = datetime.date(2031, 4, 1)
CANONICAL = (
    "We laid sandbags all night along the river wall. Nobody slept and nobody complained. "
    "The water stopped a hand's width from the top."
)


@pytest.fixture
def quote():
    return QuoteFactory(text=CANONICAL)


def entries(tree):
    return by_class(tree, "printing")


@pytest.mark.django_db
def test_one_entry_per_article_with_all_its_pieces_in_order(client, quote):
    """An article that printed the statement in three pieces has one entry, which shows the
    three pieces as printed, in the order the article printed them, each with its
    attribution."""
    article = printed_in_pieces(
        quote,
        [
            "We laid sandbags all night along the river wall.",
            "Nobody slept and nobody complained.",
            "The water stopped a hand's width from the top.",
        ],
        attributions=["she said", "she added", "the engineer went on"],
        outlet=OutletFactory(name="River Courier"),
        published=APRIL,
    )
    tree = parse(client.get(quote.get_absolute_url()))
    (entry,) = entries(tree)
    assert entry.get("id") == f"article-{article.pk}"
    pieces = [text(p) for p in entry.xpath('.//*[@class="printing__pieces"]/li/blockquote')]
    assert pieces == [
        "We laid sandbags all night along the river wall.",
        "Nobody slept and nobody complained.",
        "The water stopped a hand's width from the top.",
    ]
    attributions = [text(q) for q in entry.xpath('.//p[@class="printing__attribution"]/q')]
    assert attributions == ["she said", "she added", "the engineer went on"]
    assert "printed in 3 pieces" in text(by_class(entry, "printing__meta")[0])
    summary = text(by_class(entry, "comparison__summary")[0])
    assert summary == "Against the statement, its pieces together: Identical wording"


@pytest.mark.django_db
def test_words_not_printed_count_the_whole_article(client, quote):
    """Words are not printed only where the article as a whole left them out: an article
    that printed the first and last sentences misses the middle one (5 words), not the 10
    or more that each piece alone would miss."""
    printed_in_pieces(
        quote,
        [
            "We laid sandbags all night along the river wall.",
            "The water stopped a hand's width from the top.",
        ],
        outlet=OutletFactory(name="Half Herald"),
        published=APRIL,
    )
    tree = parse(client.get(quote.get_absolute_url()))
    (entry,) = entries(tree)
    summary = text(by_class(entry, "comparison__summary")[0])
    assert summary == "Against the statement, its pieces together: 5 words not printed"
    words = by_class(entry, "comparison__words")[0]
    assert [text(d) for d in words.xpath(".//del")] == ["Nobody slept and nobody complained."]


@pytest.mark.django_db
def test_entries_are_grouped_by_outlet_in_order_of_first_printing(client, quote):
    """Outlets come in the order they first printed the statement, each with its articles in
    date order; the articles whose outlet is unknown come last. Every entry names its outlet."""
    late, early = OutletFactory(name="Late Ledger"), OutletFactory(name="Early Echo")
    printed(quote, outlet=late, published=APRIL + datetime.timedelta(days=2))
    printed(quote, outlet=early, published=APRIL + datetime.timedelta(days=9))
    printed(quote, outlet=early, published=APRIL)
    printed(
        quote,
        article__outlet=None,
        article__source_file="",
        published=APRIL - datetime.timedelta(days=3),
    )
    tree = parse(client.get(quote.get_absolute_url()))
    groups = by_class(tree, "outlet-printings")
    assert [text(g.xpath(".//h3")[0]) for g in groups] == [
        "Early Echo 2 articles",
        "Late Ledger 1 article",
        "Outlet unknown 1 article",
    ]
    dates = [g.xpath(".//li[@class='printing']//time/@datetime") for g in groups]
    assert dates[:2] == [["2031-04-01", "2031-04-10"], ["2031-04-03"]]
    metas = [text(by_class(e, "printing__meta")[0]) for e in entries(tree)]
    assert [m.split(" · ")[0] for m in metas] == [
        "Early Echo",
        "Early Echo",
        "Late Ledger",
        "Outlet unknown",
    ]


@pytest.mark.django_db
def test_an_article_with_no_outlet_or_title_says_what_is_known(client, quote):
    """An untitled article is named by the day it was archived (never by the internal name
    of the file it came from), and an undated one dated by it; never a row of "Unknown"."""
    printed(
        quote,
        article__outlet=None,
        article__title="",
        article__url=None,
        article__source_file="clipping-0042.txt",
        article__raw=b"clipping 42",
        published=None,
    )
    nameless = printed(
        quote,
        article__outlet=None,
        article__title="",
        article__source_file="",
        article__url=None,
        article__raw=b"no name",
        published=None,
    )
    archived = f"{nameless.article.archived_at:%-d %B %Y}"
    html = client.get(quote.get_absolute_url()).content.decode()
    assert "clipping-0042" not in html
    tree = parse(client.get(quote.get_absolute_url()))
    titles = [text(by_class(e, "printing__title")[0]) for e in entries(tree)]
    assert titles == [
        f"Untitled article archived on {archived}",
        f"Untitled article archived on {archived}",
    ]
    meta = text(by_class(entries(tree)[0], "printing__meta")[0])
    assert meta == f"Outlet unknown · date unknown, archived on {archived}"
    assert "Unknown" not in html
    titled = QuoteFactory()
    printed(titled, article__outlet=None, article__source_file="wire-7.txt", published=None)
    meta = text(
        by_class(entries(parse(client.get(titled.get_absolute_url())))[0], "printing__meta")[0]
    )
    assert meta.startswith("Outlet unknown · date unknown")
    assert "wire-7" not in meta
    assert "Original article" not in html


@pytest.mark.django_db
def test_the_legend_is_given_once(client, quote):
    """However many articles differ from the canonical text, the marks are explained once,
    before the first entry; where every article printed it word for word there is none."""
    for n in range(3):
        printed(
            quote,
            outlet=OutletFactory(name=f"Loose Ledger {n}"),
            text=CANONICAL.replace("sandbags", "sacks"),
            article__body=CANONICAL.replace("sandbags", "sacks"),
        )
    tree = parse(client.get(quote.get_absolute_url()))
    (legend,) = by_class(tree, "comparison-legend")
    assert "How to read the comparisons" in text(legend)
    html = client.get(quote.get_absolute_url()).content.decode()
    assert html.count("How to read") == 1
    assert html.index("comparison-legend") < html.index('class="printing"')
    assert len(tree.xpath('//span[@class="changed"]')) == 3

    faithful = QuoteFactory(text=CANONICAL)
    printed(faithful, article__body=CANONICAL, text=CANONICAL)
    assert "How to read" not in client.get(faithful.get_absolute_url()).content.decode()


@pytest.mark.django_db
def test_heading_and_copy_button(client, quote):
    """The page has one h1 naming whose statement it is, and the permalink as a link (usable
    without script) beside a "Copy permalink" button that permalink.js reveals."""
    printed(quote)
    tree = parse(client.get(quote.get_absolute_url()))
    (h1,) = tree.xpath("//h1")
    assert text(h1) == f"Statement by {quote.person.name}"
    (button,) = tree.xpath('//button[@class="permalink__copy"]')
    assert text(button) == "Copy permalink"
    assert button.get("type") == "button"
    link = tree.xpath('//a[@class="permalink__url"]')[0]
    assert link.get("href") == quote.get_absolute_url()
    assert text(link).endswith(quote.get_absolute_url())
    assert button.get("data-copy") == text(link)
    assert tree.xpath("//script[@src]/@src") == ["/static/js/permalink.js"]
    assert not tree.xpath("//script[not(@src) and not(@type='application/ld+json')]")

    unnamed = QuoteFactory(person=None, speaker_description="one sapper")
    h1 = parse(client.get(unnamed.get_absolute_url())).xpath("//h1")[0]
    assert text(h1) == "Statement by one sapper"


@pytest.mark.django_db
def test_query_count_does_not_grow_with_printings(client, quote):
    """The page costs as many queries for twelve articles (one in three pieces) as for one."""

    def queries():
        with CaptureQueriesContext(connection) as context:
            assert client.get(quote.get_absolute_url()).status_code == 200
        return len(context.captured_queries)

    printed(quote, outlet=OutletFactory(name="First Flyer"))
    few = queries()
    for n in range(10):
        printed(quote, outlet=OutletFactory(name=f"Many Mercury {n}"))
    printed_in_pieces(quote, ["We laid sandbags", "all night"], outlet=None, published=None)
    assert queries() == few


@pytest.mark.django_db
def test_no_link_inside_an_image(client, quote):
    """No element the page marks role="img" holds a link (axe's nested-interactive): the
    timeline's dots are links in named groups, and every other image holds none."""
    for day in range(3):
        printed(quote, published=APRIL + datetime.timedelta(days=day))
    tree = parse(client.get(quote.get_absolute_url()))
    assert len(tree.xpath('//*[@role="group"]//a')) == 3
    assert tree.xpath('//*[@role="img"]//a') == []
    person = parse(client.get(quote.person.get_absolute_url()))
    assert len(person.xpath('//*[@role="img"]')) == 1
    assert person.xpath('//*[@role="img"]//a') == []


@pytest.mark.django_db
def test_each_entry_compares_its_own_words(client, quote):
    """Articles that printed the same words show the same comparison, and an article between
    them that printed other words shows its own: each entry is compared with what it printed."""
    changed = CANONICAL.replace("sandbags", "sacks")
    for day, words in enumerate([changed, CANONICAL, changed]):
        printed(
            quote,
            outlet=OutletFactory(name=f"Ledger {day}"),
            published=APRIL + datetime.timedelta(days=day),
            text=words,
            article__body=words,
        )
    tree = parse(client.get(quote.get_absolute_url()))
    summaries = [text(by_class(e, "comparison__summary")[0]) for e in entries(tree)]
    assert summaries == [
        "Against the statement: 1 word changed",
        "Against the statement: Identical wording",
        "Against the statement: 1 word changed",
    ]
    marked = [len(e.xpath('.//span[@class="changed"]')) for e in entries(tree)]
    assert marked == [1, 0, 1]


@pytest.mark.django_db
def test_an_entry_gives_the_day_it_was_printed(client, quote):
    """A dated article's entry names the day it was printed in words, with the date in ISO
    form for machines."""
    printed(quote, outlet=OutletFactory(name="Dated Daily"), published=datetime.date(2031, 4, 9))
    (entry,) = entries(parse(client.get(quote.get_absolute_url())))
    (day,) = by_class(entry, "printing__meta")[0].xpath(".//time")
    assert (day.get("datetime"), text(day)) == ("2031-04-09", "9 April 2031")
    assert text(by_class(entry, "printing__meta")[0]) == "Dated Daily · 9 April 2031"
