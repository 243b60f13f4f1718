"""Inline SVG timelines: when each outlet printed a quote, and a person's or a unit's quotes
over time."""

import datetime
import xml.etree.ElementTree as ET
from datetime import timedelta

import pytest

from quotes import public
from quotes.models import Quote
from quotes.templatetags.comparison import person_timeline, unit_timeline
from quotes.timeline import MAX_BAR, Printing, histogram, quote_strip
from tests.factories import (
    MembershipFactory,
    OutletFactory,
    PersonFactory,
    PrintingFactory,
    QuoteFactory,
    UnitFactory,
)

SVG = "{http://www.w3.org/2000/svg}"
APRIL = datetime.date(2031, 4, 1)


def svg_in(html):
    """The first inline <svg> of the page, parsed as XML."""
    start = html.index("<svg")
    # Our own rendered page, not untrusted input.
    return ET.fromstring(html[start : html.index("</svg>", start) + len("</svg>")])  # noqa: S314


def of_class(svg, cls):
    return [el for el in svg.iter() if el.get("class") == cls]


# Positions (pure)


def test_strip_places_dots_on_a_shared_date_axis():
    """The first printing is at the left of the axis (0 %), the last at the right (100 %),
    one row per outlet in order of first printing; undated printings are kept apart."""
    strip = quote_strip(
        [
            Printing(APRIL + datetime.timedelta(days=10), "Late Ledger"),
            Printing(APRIL, "Early Echo"),
            Printing(APRIL + datetime.timedelta(days=5), "Early Echo"),
            Printing(None, "Lost Leaflet"),
        ]
    )
    assert [row.label for row in strip.rows] == ["Early Echo", "Late Ledger"]
    first, middle = strip.rows[0].dots
    (last,) = strip.rows[1].dots
    assert (first.x, middle.x, last.x) == (0, 50, 100)
    assert [p.outlet for p in strip.undated] == ["Lost Leaflet"]
    assert [t.label for t in strip.ticks] == ["1 Apr 2031", "6 Apr 2031", "11 Apr 2031"]
    assert [t.anchor for t in strip.ticks] == ["start", "middle", "end"]


def test_strip_of_one_day_centres_its_dots_and_needs_a_date():
    """Printings all on one day sit mid-axis; with no dated printing there is no strip."""
    strip = quote_strip([Printing(APRIL, "A"), Printing(APRIL, "B")])
    assert {dot.x for row in strip.rows for dot in row.dots} == {50}
    assert [t.label for t in strip.ticks] == ["1 Apr 2031"]
    assert quote_strip([Printing(None, "A")]) is None


def test_stacked_dots_are_merged_with_a_count():
    """One outlet's printings on one day, or on days too close to tell apart, are one dot
    that counts them; other outlets' dots and distant days stay apart."""
    strip = quote_strip(
        [
            Printing(APRIL, "Echo", "One"),
            Printing(APRIL, "Echo", "Two"),
            Printing(APRIL + datetime.timedelta(days=1), "Echo", "Three"),
            Printing(APRIL, "Ledger", "Four"),
            Printing(APRIL + datetime.timedelta(days=60), "Echo", "Five"),
        ]
    )
    echo, ledger = strip.rows
    assert [dot.count for dot in echo.dots] == [3, 1]
    assert echo.dots[0].label == "Echo, 1 April 2031 to 2 April 2031: 3 articles"
    assert echo.dots[1].label == "Echo, 31 May 2031: Five"
    assert [dot.count for dot in ledger.dots] == [1]
    assert strip.merged


def test_histogram_counts_per_day_over_a_short_span():
    """Over a few weeks, bars are per day, empty days leave gaps and the tallest bar is the
    busiest day."""
    dates = [APRIL, APRIL, APRIL + datetime.timedelta(days=20), None]
    hist = histogram(dates)
    assert hist.period == "day"
    assert [(bar.label, bar.count) for bar in hist.bars] == [
        ("1 April 2031", 2),
        ("21 April 2031", 1),
    ]
    assert hist.bars[0].height == 2 * hist.bars[1].height
    assert hist.bars[0].x < hist.bars[1].x
    assert hist.undated == 1 and hist.total == 3


def test_histogram_of_counted_days_is_the_histogram_of_the_days():
    """The counts per day a database returns draw what the days one by one draw."""
    dates = [APRIL, APRIL, APRIL + datetime.timedelta(days=20), None, None]
    counted = {APRIL: 2, APRIL + datetime.timedelta(days=20): 1, None: 2}
    assert histogram(counted) == histogram(dates)
    assert histogram(counted).undated == 2 and histogram(counted).total == 3


def test_histogram_counts_per_month_over_a_long_span():
    """Over years, bars are per month."""
    hist = histogram([datetime.date(2030, 1, 5), datetime.date(2030, 1, 20), APRIL])
    assert hist.period == "month"
    assert [(bar.label, bar.count) for bar in hist.bars] == [
        ("January 2030", 2),
        ("April 2031", 1),
    ]
    assert histogram([None]) is None


def test_a_short_period_keeps_bars_narrow_and_one_day_is_a_dot():
    """Three days do not make three walls: no bar is wider than MAX_BAR % of the axis. Quotes
    all on one day are one period, drawn as a dot."""
    hist = histogram([APRIL, APRIL + datetime.timedelta(days=1), APRIL + datetime.timedelta(2)])
    assert not hist.single
    assert [bar.width for bar in hist.bars] == [MAX_BAR] * 3
    assert [bar.centre for bar in hist.bars] == pytest.approx([100 / 6, 50, 500 / 6], abs=0.01)
    one_day = histogram([APRIL, APRIL, APRIL])
    assert one_day.single
    assert [(bar.label, bar.count) for bar in one_day.bars] == [("1 April 2031", 3)]


# The quote page


def strip_of(html):
    """The quote page's strip: its figure, parsed."""
    start = html.index('<figure class="timeline-figure strip">')
    # Our own rendered page, not untrusted input.
    return ET.fromstring(html[start : html.index("</figure>", start) + len("</figure>")])  # noqa: S314


@pytest.mark.django_db
def test_quote_page_strip_has_a_dot_per_dated_article(client):
    """The quote's strip has a row per outlet, named in full as HTML text, with a dot per
    dated article that links to the article's entry on the page and names it; the undated
    articles are named under it."""
    quote = QuoteFactory(text="The tide will turn & the boats will return.")
    rows = [
        ("Harbour <Herald>", APRIL),
        ("The Evening Star of the Northern Harbour Towns (fictional)", APRIL + timedelta(3)),
        ("The Evening Star of the Northern Harbour Towns (fictional)", APRIL + timedelta(9)),
        ("Drifting Digest", None),
    ]
    printings = [
        PrintingFactory(
            quote=quote, article__outlet=OutletFactory(name=outlet), article__published=published
        )
        for outlet, published in rows
    ]
    html = client.get(quote.get_absolute_url()).content.decode()
    figure = strip_of(html)
    names = [el.text for el in figure.iter("span") if el.get("class") == "strip__outlet"]
    assert names == [
        "Harbour <Herald>",
        "The Evening Star of the Northern Harbour Towns (fictional)",
    ]
    assert "…" not in html[html.index("<figure") : html.index("</figure>")]
    links = list(figure.iter(f"{SVG}a"))
    assert [link.get("href") for link in links] == [
        f"#article-{a.article.pk}" for a in printings[:3]
    ]
    assert links[0].find(f"{SVG}title").text == (
        f"Harbour <Herald>, 1 April 2031: {printings[0].article.title}"
    )
    assert all(f'id="article-{a.article.pk}"' in html for a in printings)
    assert "Harbour &lt;Herald&gt;" in html and "<Herald>" not in html
    undated = [el for el in figure.iter("p") if el.get("class") == "timeline__undated"]
    assert undated[0].text == "Date unknown, so not shown: Drifting Digest."
    assert "style=" not in html[html.index("<figure") : html.index("</figure>")]


@pytest.mark.django_db
def test_quote_page_strip_is_accessible_and_legible_at_any_width(client):
    """No link sits inside an element with role="img" (each dot is a link in a named group);
    every dot has a 24 px target; the SVGs have no viewBox, so their 12 px text is 12 px on a
    phone too; the axis, which repeats what the links say, is hidden from screen readers."""
    quote = QuoteFactory()
    for day in (0, 0, 4):
        PrintingFactory(
            quote=quote,
            article__outlet=OutletFactory(name="Quay Times"),
            article__published=APRIL + timedelta(day),
        )
    html = client.get(quote.get_absolute_url()).content.decode()
    figure = strip_of(html)
    assert not [el for el in figure.iter() if el.get("role") == "img"]
    svgs = list(figure.iter(f"{SVG}svg"))
    assert all(svg.get("viewBox") is None for svg in svgs)
    (track,) = [svg for svg in svgs if svg.get("role") == "group"]
    assert track.get("aria-label") == "Printed by Quay Times"
    links = list(track.iter(f"{SVG}a"))
    assert len(links) == 2  # the two printings of 1 April are one dot
    targets = [c for c in track.iter(f"{SVG}circle") if c.get("class") == "timeline__target"]
    assert [c.get("r") for c in targets] == ["12", "12"]
    counts = [t.text for t in track.iter(f"{SVG}text") if t.get("class") == "timeline__count"]
    assert counts == ["2"]
    assert links[0].find(f"{SVG}title").text == "Quay Times, 1 April 2031: 2 articles"
    axis = [el for el in figure.iter("div") if "strip__row--axis" in el.get("class", "")]
    assert axis[0].get("aria-hidden") == "true"
    assert not list(axis[0].iter(f"{SVG}a"))


@pytest.mark.django_db
def test_quote_page_without_dates_has_no_strip(client):
    """A quote printed only by undated articles has no strip: its entries say it all."""
    quote = QuoteFactory()
    PrintingFactory(
        quote=quote, article__outlet=OutletFactory(name="Timeless Tract"), article__published=None
    )
    html = client.get(quote.get_absolute_url()).content.decode()
    assert "<svg" not in html
    assert "When it was printed" not in html
    assert "Timeless Tract" in html


# Person and unit pages


def quotes_by(person, count, *, start=APRIL):
    for n in range(count):
        PrintingFactory(
            quote=QuoteFactory(person=person, text=f"The pier will hold, said for the {n}th time."),
            article__published=start + datetime.timedelta(days=n % 7),
        )


@pytest.mark.django_db
def test_person_timeline_counts_public_quotes_per_day(client):
    """A person's page has bars of their published quotes by first printing; suggested
    quotes, merged quotes and later reprints do not count."""
    person = PersonFactory(name="Oona Example")
    quotes_by(person, 3)  # 1, 2 and 3 April
    reprinted = Quote.objects.filter(person=person).first()
    PrintingFactory(quote=reprinted, article__published=APRIL + datetime.timedelta(days=30))
    PrintingFactory(
        quote=QuoteFactory(person=person, status=Quote.Status.SUGGESTED),
        article__published=APRIL,
    )
    PrintingFactory(
        quote=QuoteFactory(person=person, merged_into=reprinted), article__published=APRIL
    )
    QuoteFactory(person=person)  # published but never printed: no date
    html = client.get(person.get_absolute_url()).content.decode()
    svg = svg_in(html)
    assert svg.get("role") == "img"
    assert svg.find(f"{SVG}title").text == "Quotes by Oona Example over time"
    assert "4 quotes" not in svg.find(f"{SVG}desc").text
    assert svg.find(f"{SVG}desc").text.startswith(
        "3 quotes with a known date, from 1 April 2031 to 3 April 2031, counted by day."
    )
    bars = of_class(svg, "timeline__bar")
    assert [bar.find(f"{SVG}title").text for bar in bars] == [
        "1 April 2031: 1 quote",
        "2 April 2031: 1 quote",
        "3 April 2031: 1 quote",
    ]
    assert "per day; 1 with no known date" in html


@pytest.mark.django_db
def test_person_timeline_is_one_query(
    django_assert_num_queries, django_assert_max_num_queries, client
):
    """The timeline costs one query however many quotes there are, which totals the list
    too, and the page's query count does not grow with them."""
    person = PersonFactory()
    quotes_by(person, 25)
    with django_assert_num_queries(1):
        counts = public.per_day(public.quotes().by_speaker(person))
    assert sum(counts.values()) == 25
    with django_assert_num_queries(0):
        person_timeline(person, counts)
    # The page's own queries (person, units, aliases, count, quotes and their prefetches),
    # the same for one quote or for a page of them, and the timeline's one.
    with django_assert_max_num_queries(9):
        assert client.get(person.get_absolute_url()).status_code == 200


@pytest.mark.django_db
def test_unit_timeline_counts_members_quotes_once_each(
    django_assert_num_queries, django_assert_max_num_queries, client
):
    """A unit's page shows its members' published quotes over time, each quote once even
    where its speaker is recorded in the unit by several articles, in one query once its
    members are known."""
    unit = UnitFactory(name="3rd Breakwater Watch")
    first, second = PersonFactory(), PersonFactory()
    MembershipFactory(person=first, unit=unit)
    MembershipFactory(person=first, unit=unit, article=PrintingFactory().article)
    MembershipFactory(person=second, unit=unit)
    quotes_by(first, 4)
    quotes_by(second, 2, start=datetime.date(2031, 9, 1))
    public.members_of(unit)  # read by the unit's page before its timeline
    with django_assert_num_queries(1):
        html = unit_timeline(unit, public.per_day(public.in_unit(public.quotes(), unit)))
    svg = svg_in(html)
    assert svg.find(f"{SVG}title").text == "Quotes by members of 3rd Breakwater Watch over time"
    bars = of_class(svg, "timeline__bar")
    assert [bar.find(f"{SVG}title").text for bar in bars] == [
        "April 2031: 4 quotes",
        "September 2031: 2 quotes",
    ]
    with django_assert_max_num_queries(9):  # as tests/public/test_unit.py counts them
        page = client.get(unit.get_absolute_url()).content.decode()
    assert "Quotes by members of 3rd Breakwater Watch over time" in page


@pytest.mark.django_db
def test_quotes_on_one_day_are_a_dot_not_a_wall(client):
    """A person quoted only on one day gets one dot with its count, not a full-width bar;
    the image holds no link and is named by its title and description."""
    person = PersonFactory(name="Una Day")
    for n in range(3):
        PrintingFactory(
            quote=QuoteFactory(person=person, text=f"Only today, said for the {n}th time."),
            article__published=APRIL,
        )
    html = client.get(person.get_absolute_url()).content.decode()
    svg = svg_in(html)
    assert svg.get("role") == "img" and svg.get("viewBox") is None
    assert not list(svg.iter(f"{SVG}a"))
    assert not of_class(svg, "timeline__bar")
    (dot,) = of_class(svg, "timeline__dot")
    assert dot.get("cx") == "50%"
    assert dot.find(f"{SVG}title").text == "1 April 2031: 3 quotes"
    assert [el.text for el in of_class(svg, "timeline__count-label")] == ["3 quotes"]
    assert "Quotes by first printing, all on one day" in html


@pytest.mark.django_db
def test_a_short_period_draws_narrow_bars(client):
    """Quotes over three days are three narrow bars, not three thirds of the width."""
    person = PersonFactory()
    quotes_by(person, 3)
    svg = svg_in(client.get(person.get_absolute_url()).content.decode())
    widths = [float(bar.get("width").rstrip("%")) for bar in of_class(svg, "timeline__bar")]
    assert widths == [MAX_BAR] * 3
