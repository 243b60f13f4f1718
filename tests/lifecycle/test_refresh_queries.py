"""Refreshing and publishing many quotes at once (quotes.services.lifecycle, as an import
does): the same figures, printings and history as one quote at a time, in a fixed number of
queries however many quotes change."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from archive.models import Article
from quotes.models import MergeSuggestion, Printing, Quote
from quotes.services import lifecycle
from tests.factories import ArticleFactory, OutletFactory, PrintingFactory, QuoteFactory

pytestmark = pytest.mark.django_db

MAY = datetime.date(2031, 5, 2)
EARLIER = datetime.date(2030, 5, 2)  # than any ArticleFactory date


def statements(queries, start):
    return [q["sql"] for q in queries if q["sql"].startswith(start)]


def reprinted(quote, *, outlet, published):
    """A printing added as the import adds them: in bulk, with its article's outlet and
    date copied, and no save()."""
    article = ArticleFactory(outlet=outlet, published=published)
    printing = Printing(quote=quote, article=article, text=quote.text, start=0, end=1)
    printing.copy_article_fields()
    Printing.objects.bulk_create([printing])


def test_the_figures_of_many_quotes_are_written_at_once_with_a_history_row_each():
    """Three quotes reprinted by another outlet, earlier: their first publication and reach
    change in one UPDATE, each with a history row as a save records it, and no printing is
    rewritten (the import wrote their copies of the outlet and date already)."""
    quotes = [PrintingFactory().quote for _ in range(3)]
    star = OutletFactory(name="Evening Star")
    for quote in quotes:
        reprinted(quote, outlet=star, published=EARLIER)
    fresh = list(Quote.objects.filter(pk__in=[q.pk for q in quotes]).order_by("pk"))
    for quote in fresh:
        quote._history_user, quote._change_reason = None, "reprinted"

    with CaptureQueriesContext(connection) as captured:
        lifecycle.refresh_all(fresh)

    updates = statements(captured.captured_queries, 'UPDATE "quotes_quote"')
    assert len([sql for sql in updates if "first_published" in sql]) == 1
    assert statements(captured.captured_queries, 'UPDATE "quotes_printing"') == []
    for quote in Quote.objects.filter(pk__in=[q.pk for q in quotes]):
        assert (quote.first_published, quote.reach) == (EARLIER, 2)
        latest = quote.history.order_by("-history_id").first()
        assert (latest.history_type, latest.first_published) == ("~", EARLIER)
        assert latest.history_change_reason == "reprinted"


def test_a_quote_whose_figures_stand_is_not_written():
    """Refreshing a quote nothing changed writes neither the quote nor a history row."""
    quote = PrintingFactory().quote
    rows = quote.history.count()

    with CaptureQueriesContext(connection) as captured:
        lifecycle.refresh(Quote.objects.get(pk=quote.pk))

    assert statements(captured.captured_queries, 'UPDATE "quotes_quote" SET "first') == []
    assert quote.history.count() == rows


def test_a_corrected_article_outlet_and_date_reach_its_printings_on_refresh():
    """An article given another outlet and date (without a save of its printings): the
    refresh copies them onto its printings and counts them."""
    printing = PrintingFactory()
    star = OutletFactory(name="Evening Star")
    Article.objects.filter(pk=printing.article_id).update(outlet=star, published=MAY)

    lifecycle.refresh(Quote.objects.get(pk=printing.quote_id))

    printing.refresh_from_db()
    assert (printing.printed_by_id, printing.printed_on) == (star.pk, MAY)
    quote = Quote.objects.get(pk=printing.quote_id)
    assert (quote.first_published, quote.reach) == (MAY, 1)


def test_an_article_with_no_outlet_and_date_is_copied_too():
    """A printing that still names its article's old outlet after the article lost it."""
    printing = PrintingFactory()
    Article.objects.filter(pk=printing.article_id).update(outlet=None, published=None)

    lifecycle.refresh(Quote.objects.get(pk=printing.quote_id))

    printing.refresh_from_db()
    assert (printing.printed_by_id, printing.printed_on) == (None, None)
    quote = Quote.objects.get(pk=printing.quote_id)
    assert (quote.first_published, quote.reach) == (None, 0)


def test_a_sure_duplicate_is_merged_on_publication_without_reading_its_quotes_again():
    """Two quotes published together, each with a sure suggestion into a public quote: both
    are merged into it, each suggestion read with both its quotes (no quote read one by
    one: the merge reads its two quotes together, under a lock)."""
    public = PrintingFactory().quote
    first = PrintingFactory(quote__status=Quote.Status.SUGGESTED, quote__person=public.person)
    second = PrintingFactory(quote__status=Quote.Status.SUGGESTED, quote__person=public.person)
    for duplicate in (first.quote, second.quote):
        MergeSuggestion.objects.create(quote=duplicate, candidate=public, score=1.0)

    with CaptureQueriesContext(connection) as captured:
        lifecycle.publish([first.quote, second.quote])

    for duplicate in (first.quote, second.quote):
        duplicate.refresh_from_db()
        assert duplicate.merged_into_id == public.pk
    assert public.printings.count() == 3
    one_by_one = [
        sql
        for sql in statements(captured.captured_queries, 'SELECT "quotes_quote"."id"')
        if sql.endswith("LIMIT 21")
    ]
    assert one_by_one == []


def test_two_quotes_published_together_that_repeat_each_other_become_one():
    """Two quotes published together that a sure suggestion ties: one is published and the
    other merged into it, never each into the other nor both left public."""
    first = QuoteFactory(status=Quote.Status.SUGGESTED)
    second = QuoteFactory(status=Quote.Status.SUGGESTED, person=first.person)
    MergeSuggestion.objects.create(quote=first, candidate=second, score=1.0)

    assert lifecycle.publish(Quote.objects.filter(pk__in=[first.pk, second.pk])) == 2

    merged = [q for q in Quote.objects.filter(pk__in=[first.pk, second.pk]) if q.merged_into_id]
    assert len(merged) == 1
    assert Quote.objects.get(pk=merged[0].merged_into_id).is_public
