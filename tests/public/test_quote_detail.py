"""The quote permalink /q/<short_id>/: the statement and every printing of it."""

import datetime

import pytest

from quotes.models import Correction, Quote
from tests.factories import (
    MembershipFactory,
    OutletFactory,
    PersonFactory,
    PrintingFactory,
    QuoteFactory,
    UnitFactory,
)
from tests.public.factories import printed


@pytest.fixture
def quote():
    person = PersonFactory(name="Iryna Lighthouse", description="Harbour master")
    MembershipFactory(person=person, unit=UnitFactory(name="7th Pier Guard"))
    return QuoteFactory(person=person, text="The tide will turn.")


@pytest.mark.django_db
def test_permalink_shows_speaker_unit_and_text(client, quote):
    """The page shows the canonical text, the speaker (linked) and their unit."""
    printed(quote)
    response = client.get(f"/q/{quote.short_id}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<blockquote" in html and "<cite>" in html
    assert "The tide will turn." in html
    assert f'<a href="{quote.person.get_absolute_url()}">Iryna Lighthouse</a>' in html
    assert "Harbour master" in html
    assert "7th Pier Guard" in html


@pytest.mark.django_db
def test_printings_are_in_date_order_with_unknown_dates_last(client, quote):
    """Printings run oldest first; those with no date come last, marked 'date unknown'."""
    printed(quote, outlet=OutletFactory(name="Undated Gazette"), published=None)
    printed(quote, outlet=OutletFactory(name="Later Herald"), published=datetime.date(2031, 4, 2))
    printed(quote, outlet=OutletFactory(name="Earlier Times"), published=datetime.date(2031, 4, 1))
    html = client.get(quote.get_absolute_url()).content.decode()
    assert html.index("Earlier Times") < html.index("Later Herald") < html.index("Undated Gazette")
    assert "1 April 2031" in html
    assert "date unknown" in html
    assert "Carried by 3 outlets in 3 articles" in html


@pytest.mark.django_db
def test_printing_shows_headline_wording_attribution_and_links(client, quote):
    """Each printing gives the headline, the words as printed (line breaks kept), the
    attribution as printed, the archived copy and the original article."""
    printing = printed(
        quote,
        text="The tide\nwill turn.",
        attribution="said the harbour master",
        article__title="Storm season ends",
        article__url="https://news.test/storm",
        article__body="Intro.\n\n“The tide\nwill turn.” said the harbour master.",
    )
    html = client.get(quote.get_absolute_url()).content.decode()
    assert "Storm season ends" in html
    assert "The tide<br>will turn." in html
    assert "said the harbour master" in html
    assert f'href="/articles/{printing.article.pk}/#a-{printing.pk}"' in html
    assert '<a href="https://news.test/storm" rel="nofollow noopener">' in html


@pytest.mark.django_db
def test_untitled_article_without_url_or_outlet(client, quote):
    """An article with no title, URL or outlet is named by the day it was archived, under
    'Outlet unknown': the name of the file it came from is the archivist's, not the reader's."""
    printing = printed(quote, article__title="", article__url=None, article__outlet=None)
    html = client.get(quote.get_absolute_url()).content.decode()
    assert f"Untitled article archived on {printing.article.archived_at:%-d %B %Y}" in html
    assert printing.article.source_file not in html
    assert "Outlet unknown" in html
    assert "Original article" not in html


@pytest.mark.django_db
def test_unnamed_speaker_in_italics(client):
    """An unnamed speaker is shown by their description, in italics."""
    printing = PrintingFactory(quote__person=None, quote__speaker_description="one soldier")
    html = client.get(printing.quote.get_absolute_url()).content.decode()
    assert "<em>one soldier (unnamed)</em>" in html


@pytest.mark.django_db
def test_markup_in_quote_and_printing_is_escaped(client):
    """Text with markup is shown escaped, in the quote and in every printing."""
    printing = PrintingFactory(
        quote__text="<script>alert(1)</script>", attribution="<img src=x onerror=alert(2)>"
    )
    html = client.get(printing.quote.get_absolute_url()).content.decode()
    assert "<script>alert(1)" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<img src=x" not in html


@pytest.mark.django_db
def test_merged_quote_redirects_to_survivor(client, quote):
    """A merged quote's old permalink redirects permanently to the survivor."""
    old = QuoteFactory(merged_into=quote)
    response = client.get(f"/q/{old.short_id}/")
    assert response.status_code == 301
    assert response["Location"] == quote.get_absolute_url()


@pytest.mark.django_db
def test_merge_chain_redirects_straight_to_the_last_survivor(client, quote):
    """A quote merged into a merged quote redirects in one hop to where the chain ends."""
    middle = QuoteFactory(merged_into=quote)
    oldest = QuoteFactory(merged_into=middle)
    response = client.get(oldest.get_absolute_url())
    assert response.status_code == 301
    assert response["Location"] == quote.get_absolute_url()


@pytest.mark.django_db
def test_merged_into_unpublished_quote_is_404(client):
    """A quote merged into one that is not published has no public page."""
    hidden = QuoteFactory(status=Quote.Status.REJECTED)
    old = QuoteFactory(merged_into=hidden)
    assert client.get(old.get_absolute_url()).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("status", [Quote.Status.SUGGESTED, Quote.Status.REJECTED])
def test_unpublished_quote_is_404(client, status):
    """Suggested and rejected quotes have no public page."""
    quote = QuoteFactory(status=status)
    assert client.get(quote.get_absolute_url()).status_code == 404


@pytest.mark.django_db
def test_short_id_in_the_wrong_case_redirects_to_the_canonical_one(client, quote):
    """/q/ABCD2345/ answers 301 to /q/abcd2345/."""
    response = client.get(f"/q/{quote.short_id.upper()}/")
    assert response.status_code == 301
    assert response["Location"] == f"/q/{quote.short_id}/"


@pytest.mark.django_db
def test_unknown_short_id_is_404(client):
    """A short id that was never issued is not found."""
    assert client.get("/q/zzzzzzzz/").status_code == 404


@pytest.mark.django_db
def test_permalink_runs_a_fixed_number_of_queries(client, quote, django_assert_max_num_queries):
    """Many printings do not cost a query each (the quote, its printings with their
    articles and outlets, the speaker's units, the corrections record)."""
    for _ in range(10):
        printed(quote)
    with django_assert_max_num_queries(5):
        assert client.get(quote.get_absolute_url()).status_code == 200


@pytest.mark.django_db
def test_corrections_are_listed_and_asked_for_only_when_there_are_some(
    client, quote, django_assert_max_num_queries
):
    """A quote's corrections are on its permalink; whether it has any comes with the quote,
    so that a quote without corrections is shown without a query for them."""
    printed(quote)
    with django_assert_max_num_queries(3):  # the quote, its printings, the speaker's units
        response = client.get(quote.get_absolute_url())
    assert 'id="corrections-heading"' not in response.content.decode()
    correction = Correction.objects.create(
        quote=quote, kind=Correction.Kind.TEXT, summary="A word was misread.", note="Scan"
    )
    with django_assert_max_num_queries(4):
        page = client.get(quote.get_absolute_url()).content.decode()
    assert 'id="corrections-heading"' in page
    assert f'id="correction-{correction.pk}"' in page
    assert "A word was misread." in page and "(Scan)" in page


@pytest.mark.django_db
def test_units_are_asked_for_only_when_the_speaker_serves_in_one(client, django_assert_num_queries):
    """Whether the speaker serves in a unit comes with the quote, as whether it has
    corrections does: a civilian's quote, or an unnamed speaker's, is shown in two queries."""
    civilian = QuoteFactory(person=PersonFactory(name="Oskar Quayside"), text="Nets are dry.")
    unnamed = QuoteFactory(person=None, speaker_description="a ferryman", text="Fog again.")
    for quote in (civilian, unnamed):
        printed(quote)
        with django_assert_num_queries(2):  # the quote, its printings
            page = client.get(quote.get_absolute_url()).content.decode()
        assert quote.text in page and 'class="units"' not in page
    MembershipFactory(person=civilian.person, unit=UnitFactory(name="3rd Dune Watch"))
    with django_assert_num_queries(3):  # and the speaker's units
        page = client.get(civilian.get_absolute_url()).content.decode()
    assert 'class="units"' in page and "3rd Dune Watch" in page


@pytest.mark.parametrize("path", ["/q/%00/", "/q/ab%00cd/", "/q/%00/cite.bib", "/people/%00/"])
def test_a_nul_in_an_address_is_not_found(client, db, path):
    """PostgreSQL refuses text holding NUL: such an address is a plain 404, never a 500."""
    assert client.get(path).status_code == 404
