"""A quote merged into another is gone from every queue: it is no longer a suggestion
anyone could publish, only a redirect kept for its old address."""

import pytest

from quotes.models import Quote
from quotes.services import lifecycle
from tests.factories import PrintingFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def merged():
    """Two suggested quotes of the same words, the first merged into the second."""
    source = PrintingFactory(quote__status=Quote.Status.SUGGESTED).quote
    target = PrintingFactory(
        quote__status=Quote.Status.SUGGESTED, quote__text=source.text, quote__person=source.person
    ).quote
    lifecycle.merge(source=source, target=target)
    source.refresh_from_db()
    assert source.merged_into == target
    return source, target


def test_a_merged_quote_leaves_the_suggested_queue(admin_client, merged):
    """Before: it stayed in the list filtered to "Suggested", inviting a publish."""
    source, target = merged
    page = admin_client.get("/admin/quotes/quote/?status__exact=suggested").text
    assert target.short_id in page
    assert source.short_id not in page


def test_a_merged_quote_leaves_the_default_list_but_can_be_asked_for(admin_client, merged):
    source, target = merged
    assert source.short_id not in admin_client.get("/admin/quotes/quote/").text
    assert source.short_id in admin_client.get("/admin/quotes/quote/?merged=yes").text


def test_the_queue_read_counts_live_suggestions_only(merged):
    source, target = merged
    assert list(Quote.objects.suggested()) == [target]
