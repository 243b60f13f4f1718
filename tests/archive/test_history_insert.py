"""HistoryManager.bulk_history_insert, which the import writes its history rows with, records
what django-simple-history's bulk_history_create records: the same rows, users and reasons."""

import pytest
from django.contrib.auth import get_user_model

from quotes.models import Printing, Quote
from tests.factories import PrintingFactory, QuoteFactory

pytestmark = pytest.mark.django_db

SKIP = {"history_id", "history_date"}


def history_rows(model, ids):
    history = model.history.model
    rows = history.objects.filter(id__in=ids).order_by("id", "history_type", "history_id")
    fields = [f.attname for f in history._meta.concrete_fields if f.attname not in SKIP]
    return [tuple(getattr(row, name) for name in fields) for row in rows]


def test_the_rows_are_those_bulk_history_create_writes():
    """Quotes with their own user and reason, with a reason only and with neither, recorded
    as an update, and printings recorded as created: the rows each method writes are alike
    but for their id and date."""
    editor = get_user_model().objects.create_user("editor")
    quotes = [QuoteFactory(status=Quote.Status.PUBLISHED) for _ in range(3)]
    quotes[0]._history_user, quotes[0]._change_reason = editor, "published with a note"
    quotes[1]._change_reason = "a reason alone"
    printings = [PrintingFactory(quote=quotes[2]) for _ in range(2)]
    ids = [q.pk for q in quotes]
    Quote.history.all().delete()
    Printing.history.all().delete()

    Quote.history.bulk_history_create(quotes, update=True, default_change_reason=None)
    Printing.history.bulk_history_create(printings, default_change_reason=None)
    expected = history_rows(Quote, ids), history_rows(Printing, [a.pk for a in printings])
    Quote.history.all().delete()
    Printing.history.all().delete()

    Quote.history.bulk_history_insert(quotes, update=True, default_change_reason=None)
    Printing.history.bulk_history_insert(printings, default_change_reason=None)
    written = history_rows(Quote, ids), history_rows(Printing, [a.pk for a in printings])

    assert written == expected
    assert len(written[0]) == 3 and len(written[1]) == 2
    first = Quote.history.filter(id=quotes[0].pk).get()
    assert (first.history_user, first.history_change_reason) == (editor, "published with a note")
    assert first.history_type == "~"
    assert {h.history_type for h in Printing.history.all()} == {"+"}
