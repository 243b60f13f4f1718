"""Inline SVG timelines: when each outlet printed a quote, and a person's or a unit's quotes
over time."""

import datetime
import xml.etree.ElementTree as ET

import pytest

from quotes.models import Quote
from quotes.templatetags.comparison import person_timeline, unit_timeline
from quotes.timeline import Printing, histogram, quote_strip
from tests.factories import (
    AppearanceFactory,
    MembershipFactory,
    OutletFactory,
    PersonFactory,
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
    """The first printing is at the left of the axis, the last at the right, one row per
    outlet in order of first printing; undated printings are kept apart."""
    strip = quote_strip(
        [
            Printing(APRIL + datetime.timedelta(days=10), "Late Ledger"),
            Printing(APRIL, "Early Echo"),
            Printing(APRIL + datetime.timedelta(days=5), "Early Echo"),
            Printing(None, "Lost Leaflet"),
        ]
    )
    assert [row.full_label for row in strip.rows] == ["Early Echo", "Late Ledger"]
    first, middle = strip.rows[0].dots
    (last,) = strip.rows[1].dots
    assert first.x == strip.plot_left and last.x == strip.plot_right
    assert middle.x == pytest.approx((strip.plot_left + strip.plot_right) / 2)
    assert [p.outlet for p in strip.undated] == ["Lost Leaflet"]
    assert "1 more with the date unknown" in strip.summary


def test_strip_of_one_day_centres_its_dots_and_needs_a_date():
    """Printings all on one day sit mid-axis; with no dated printing there is no strip."""
    strip = quote_strip([Printing(APRIL, "A"), Printing(APRIL, "B")])
    assert {dot.x for row in strip.rows for dot in row.dots} == {
        (strip.plot_left + strip.plot_right) / 2
    }
    assert strip.summary.startswith("Printed 2 times by 2 outlets on 1 April 2031")
    assert quote_strip([Printing(None, "A")]) is None


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


def test_histogram_counts_per_month_over_a_long_span():
    """Over years, bars are per month."""
    hist = histogram([datetime.date(2030, 1, 5), datetime.date(2030, 1, 20), APRIL])
    assert hist.period == "month"
    assert [(bar.label, bar.count) for bar in hist.bars] == [
        ("January 2030", 2),
        ("April 2031", 1),
    ]
    assert histogram([None]) is None


# The quote page


@pytest.mark.django_db
def test_quote_page_strip_has_a_dot_per_dated_appearance(client):
    """The quote's strip parses as SVG, is an image with a title and a text description,
    shows one dot per dated appearance with a tooltip, labels the outlets, and lists the
    undated appearances beside it."""
    quote = QuoteFactory(text="The tide will turn & the boats will return.")
    for outlet, published in [
        ("Harbour <Herald>", APRIL),
        ("Quay Times", APRIL + datetime.timedelta(days=3)),
        ("Quay Times", APRIL + datetime.timedelta(days=9)),
        ("Drifting Digest", None),
    ]:
        AppearanceFactory(
            quote=quote, article__outlet=OutletFactory(name=outlet), article__published=published
        )
    html = client.get(quote.get_absolute_url()).content.decode()
    svg = svg_in(html)
    assert svg.get("role") == "img"
    assert svg.find(f"{SVG}title").text == "When each outlet printed this quote"
    desc = svg.find(f"{SVG}desc").text
    assert "Printed 3 times by 2 outlets between 1 April 2031 and 10 April 2031" in desc
    dots = of_class(svg, "timeline__dot")
    assert len(dots) == 3
    assert dots[0].find(f"{SVG}title").text.startswith("Harbour <Herald>, 1 April 2031")
    assert [el.text for el in of_class(svg, "timeline__outlet")] == [
        "Harbour <Herald>",
        "Quay Times",
    ]
    assert "Harbour &lt;Herald&gt;" in html and "<Herald>" not in html
    assert '<p class="timeline__undated">Date unknown: Drifting Digest</p>' in html
    assert "style=" not in html[html.index("<svg") : html.index("</svg>")]


@pytest.mark.django_db
def test_quote_page_without_dates_lists_them_only(client):
    """A quote printed only by undated articles has no strip, just the list."""
    quote = QuoteFactory()
    AppearanceFactory(
        quote=quote, article__outlet=OutletFactory(name="Timeless Tract"), article__published=None
    )
    html = client.get(quote.get_absolute_url()).content.decode()
    assert "<svg" not in html
    assert "Date unknown: Timeless Tract" in html


# Person and unit pages


def quotes_by(person, count, *, start=APRIL):
    for n in range(count):
        AppearanceFactory(
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
    AppearanceFactory(quote=reprinted, article__published=APRIL + datetime.timedelta(days=30))
    AppearanceFactory(
        quote=QuoteFactory(person=person, status=Quote.Status.SUGGESTED),
        article__published=APRIL,
    )
    AppearanceFactory(
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
    """The timeline costs one query however many quotes there are, and the page's query
    count does not grow with them."""
    person = PersonFactory()
    quotes_by(person, 25)
    with django_assert_num_queries(1):
        person_timeline(person)
    # The page's own queries (person, units, aliases, count, quotes and their prefetches),
    # the same for one quote or for a page of them, and the timeline's one.
    with django_assert_max_num_queries(9):
        assert client.get(person.get_absolute_url()).status_code == 200


@pytest.mark.django_db
def test_unit_timeline_counts_members_quotes_once_each(
    django_assert_num_queries, django_assert_max_num_queries, client
):
    """A unit's page shows its members' published quotes over time, each quote once even
    where its speaker is recorded in the unit by several articles, in one query."""
    unit = UnitFactory(name="3rd Breakwater Watch")
    first, second = PersonFactory(), PersonFactory()
    MembershipFactory(person=first, unit=unit)
    MembershipFactory(person=first, unit=unit, article=AppearanceFactory().article)
    MembershipFactory(person=second, unit=unit)
    quotes_by(first, 4)
    quotes_by(second, 2, start=datetime.date(2031, 9, 1))
    with django_assert_num_queries(1):
        html = unit_timeline(unit)
    svg = svg_in(html)
    assert svg.find(f"{SVG}title").text == "Quotes by members of 3rd Breakwater Watch over time"
    bars = of_class(svg, "timeline__bar")
    assert [bar.find(f"{SVG}title").text for bar in bars] == [
        "April 2031: 4 quotes",
        "September 2031: 2 quotes",
    ]
    with django_assert_max_num_queries(8):
        page = client.get(unit.get_absolute_url()).content.decode()
    assert "Quotes by members of 3rd Breakwater Watch over time" in page
