"""On PostgreSQL, what q and the outlet and date filters ask can be answered from indexes
alone: the plans, with sequential scans priced out, read the full-text GIN index, the
speakers' and descriptions' trigram indexes and the printings' outlet-and-date index, never
every quote. (How fast, at scale: tests/long_lists/plans.py.)"""

import datetime

import pytest
from django.db import connection

from quotes import public
from quotes.filters import QuoteFilter
from tests.factories import OutletFactory, PersonFactory, PrintingFactory, QuoteFactory

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="PostgreSQL's plans; SQLite reads FTS5"
)


def plan(params):
    """The plan of the list's rows for `params`, unordered and uncounted (so that no index is
    read merely for its order), with sequential scans priced out."""
    filterset = QuoteFilter(params, queryset=public.quotes())
    assert filterset.is_valid(), filterset.errors
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
    return filterset.qs.order_by().explain()


@pytest.fixture
def archive(index):
    person = PersonFactory(name="Olena Harbourmaster")
    QuoteFactory(person=person, text="We hold the pier.")
    QuoteFactory(person=None, speaker_description="one harbour pilot", text="The tide is late.")
    outlet = OutletFactory(name="Harbour Gazette")
    PrintingFactory(article__outlet=outlet, article__published=datetime.date(2031, 3, 5))
    index()


@pytest.mark.django_db
def test_search_reads_the_full_text_and_description_indexes(archive):
    """q's condition alone ORs index scans: the words, the speakers found by name (by id),
    the description's trigrams."""
    from quotes.models import Quote
    from quotes.search import search_quotes

    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
    found = search_quotes(Quote.objects.all(), "harbourmaster harbour").order_by().explain()
    assert "Seq Scan" not in found
    assert "BitmapOr" in found
    assert "Bitmap Index Scan on quotes_quote_person_id" in found
    assert "Bitmap Index Scan on quote_search_vector" in found
    assert "Bitmap Index Scan on quote_description_trgm" in found
    assert "Bitmap Index Scan on quote_search_vector" in found
    assert "Bitmap Index Scan on quote_description_trgm" in found


@pytest.mark.django_db
def test_speakers_are_found_through_their_trigram_index(archive):
    """The speakers q adds are looked up in the people's own trigram index."""
    from quotes.search import people_like

    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
    found = people_like("Harbourmaster", strict=True).explain()
    assert "person_name_trgm" in found
    assert "Seq Scan on quotes_person " not in found


@pytest.mark.django_db
def test_outlet_and_dates_read_the_printings_index(archive):
    """Outlet and dates are one range of printing_outlet_published, no article joined."""
    found = plan({"outlet": "harbour-gazette", "from": "2031-03-01", "to": "2031-03-31"})
    assert "Seq Scan on quotes_printing" not in found
    assert "printing_" in found  # one of the printings' outlet and date indexes
    assert "archive_article" not in found


@pytest.mark.django_db
def test_language_reads_the_printings_language_index(archive):
    """A language, alone or with dates, is one range of printing_language_published."""
    for params in ({"language": "uk"}, {"language": "uk", "from": "2031-03-01"}):
        found = plan(params)
        assert "Seq Scan on quotes_printing" not in found
        assert "printing_language_published" in found
        assert "archive_article" not in found


@pytest.mark.django_db
@pytest.mark.parametrize("words", ["маяком", '"сказав доглядач"', "Voloshyn -pier"])
def test_cyrillic_and_cross_script_words_read_the_full_text_index(archive, words):
    """A Cyrillic query (its lemmas, the stems of its romanisations) and a Latin one (its
    stems, its keys) are answered from the two GIN indexes, never by reading every quote."""
    from quotes.models import Quote
    from quotes.search import search_quotes

    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
    found = search_quotes(Quote.objects.all(), words).order_by().explain()
    assert "Seq Scan on quotes_quote" not in found
    assert "Bitmap Index Scan on quote_search_vector" in found
    assert "Bitmap Index Scan on quote_lemma_vector" in found
