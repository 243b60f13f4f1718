"""/sitemap.xml: every public page, and nothing that is not public."""

import xml.etree.ElementTree as ET

import pytest

from quotes.models import Quote
from tests.factories import (
    ArticleFactory,
    MembershipFactory,
    OutletFactory,
    PersonFactory,
    PrintingFactory,
    QuoteFactory,
    UnitFactory,
)

SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
ORIGIN = "https://verbatim.test"  # SITE_URL (conftest), whatever the Host asked for


def sitemap(client):
    """{path: lastmod or None} of the sitemap's URLs."""
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/xml")
    urlset = ET.fromstring(response.content)  # noqa: S314 - our own output, under test
    assert urlset.tag == f"{SITEMAP}urlset"
    urls = {}
    for url in urlset.findall(f"{SITEMAP}url"):
        location = url.findtext(f"{SITEMAP}loc")
        assert location.startswith(ORIGIN)
        urls[location.removeprefix(ORIGIN)] = url.findtext(f"{SITEMAP}lastmod")
    return urls


@pytest.fixture
def public():
    """A published quote of a unit member, printed by an outlet."""
    printing = PrintingFactory(quote__person=PersonFactory(name="Ada Pier"))
    MembershipFactory(person=printing.quote.person, unit=UnitFactory(name="7th Pier Guard"))
    return printing


@pytest.mark.django_db
def test_sitemap_lists_every_public_page(client, public):
    """Home, the lists, the quote's permalink, its speaker, unit, outlet and article."""
    urls = sitemap(client)
    quote = public.quote
    for path in ["/", "/quotes/", "/people/", "/units/", "/outlets/"]:
        assert path in urls
    assert quote.get_absolute_url() in urls
    assert quote.person.get_absolute_url() in urls
    assert quote.person.memberships.get().unit.get_absolute_url() in urls
    assert public.article.outlet.get_absolute_url() in urls
    assert public.article.get_absolute_url() in urls


@pytest.mark.django_db
def test_sitemap_gives_last_modified_dates(client, public):
    """Quotes, people, units, outlets and articles carry a lastmod date."""
    urls = sitemap(client)
    quote = public.quote
    assert urls[quote.get_absolute_url()] == quote.updated_at.date().isoformat()
    assert urls[public.article.get_absolute_url()] == public.article.archived_at.date().isoformat()
    for obj in [quote.person, public.article.outlet, quote.person.memberships.get().unit]:
        assert urls[obj.get_absolute_url()]
    assert urls["/"] == quote.updated_at.date().isoformat()


@pytest.mark.django_db
@pytest.mark.parametrize("status", [Quote.Status.SUGGESTED, Quote.Status.REJECTED])
def test_sitemap_leaves_out_unpublished_quotes_and_what_only_they_reach(client, status):
    """An unpublished quote, its speaker, unit, outlet and article are all left out."""
    printing = PrintingFactory(quote__status=status)
    unit = MembershipFactory(person=printing.quote.person).unit
    urls = sitemap(client)
    for obj in [
        printing.quote,
        printing.quote.person,
        unit,
        printing.article.outlet,
        printing.article,
    ]:
        assert obj.get_absolute_url() not in urls


@pytest.mark.django_db
def test_sitemap_leaves_out_merged_quotes_and_people(client, public):
    """A merged quote and a merged person appear only as their survivors."""
    merged = PrintingFactory(quote__merged_into=public.quote).quote
    merged_person = PersonFactory(merged_into=public.quote.person)
    QuoteFactory(person=merged_person)
    urls = sitemap(client)
    assert merged.get_absolute_url() not in urls
    assert merged_person.get_absolute_url() not in urls
    assert public.quote.get_absolute_url() in urls


@pytest.mark.django_db
def test_sitemap_leaves_out_articles_outlets_and_units_without_public_quotes(client, public):
    """An article with no quotes, an outlet that printed none and an empty unit are left out."""
    article = ArticleFactory(outlet=OutletFactory(name="Quiet Weekly"))
    unit = UnitFactory(name="Empty Brigade")
    urls = sitemap(client)
    assert article.get_absolute_url() not in urls
    assert article.outlet.get_absolute_url() not in urls
    assert unit.get_absolute_url() not in urls


@pytest.mark.django_db
def test_sitemap_runs_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    """Many quotes, people and articles do not cost a query each."""
    for _ in range(10):
        MembershipFactory(person=PrintingFactory().quote.person)
    with django_assert_max_num_queries(12):
        urls = sitemap(client)
    assert sum(path.startswith("/q/") for path in urls) == 10
