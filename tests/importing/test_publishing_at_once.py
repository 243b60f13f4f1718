"""An import for publication publishes every quote of an article at once: each quote's history
still says who published it and why, and sure duplicates merge as if published one by one."""

import datetime

import pytest
from django.contrib.auth import get_user_model

from archive.services import archive_article
from quotes.models import MergeSuggestion, Quote
from quotes.services import lifecycle
from tests.factories import PersonFactory, PrintingFactory

pytestmark = pytest.mark.django_db

ARTICLE = (
    "Harbour council delays pier decision\n\n"
    "Harbour master Ilse Vantongeren spoke after the vote.\n\n"
    "“The pier will reopen in May, whatever the council decides,” Vantongeren said.\n\n"
    "Oskar Thalberg, a spokesman for the harbour office, spoke later.\n\n"
    "“The slipway stays shut until the gale has passed,” Thalberg said.\n"
)


def test_each_imported_quote_is_created_then_published_by_the_editor():
    """Each quote of an article imported for publication has two history entries: its
    creation, with its final wording, date and outlet count, and its publication, naming
    the editor and the reason."""
    editor = get_user_model().objects.create_user("editor", is_staff=True)

    article, _ = archive_article(
        raw=ARTICLE.encode(),
        source_file="pier.txt",
        outlet="Harbour Gazette",
        published="2025-03-04",
        publish=True,
        user=editor,
    )

    quotes = Quote.objects.filter(printings__article=article).order_by("pk")
    assert [q.person.name for q in quotes] == ["Ilse Vantongeren", "Oskar Thalberg"]
    for quote in quotes:
        assert quote.is_public
        assert (quote.first_published, quote.reach) == (datetime.date(2025, 3, 4), 1)
        created, published = quote.history.order_by("history_date", "history_id")
        assert (created.history_type, created.text, created.first_published) == (
            "+",
            quote.text,
            datetime.date(2025, 3, 4),
        )
        assert (published.status, published.history_user, published.history_change_reason) == (
            Quote.Status.PUBLISHED,
            editor,
            "imported for publication",
        )


def test_sure_duplicates_published_together_merge_as_one_by_one():
    """Of two suggested copies of one statement published together, the one published second
    merges into the first, which stays public, as if they had been published in turn."""
    person = PersonFactory()
    older = PrintingFactory(quote__status=Quote.Status.SUGGESTED, quote__person=person).quote
    newer = PrintingFactory(quote__status=Quote.Status.SUGGESTED, quote__person=person).quote
    MergeSuggestion.objects.create(quote=older, candidate=newer, score=1.0)
    # The order publish takes them in: the quotes' own (newest first).
    first, second = Quote.objects.filter(pk__in=[older.pk, newer.pk])

    assert lifecycle.publish(Quote.objects.filter(pk__in=[older.pk, newer.pk])) == 2

    first.refresh_from_db()
    second.refresh_from_db()
    assert first.is_public and first.merged_into is None
    assert second.merged_into == first
    assert first.printings.count() == 2
    assert MergeSuggestion.objects.get().status == MergeSuggestion.Status.MERGED
    entries = [(h.status, h.merged_into_id) for h in second.history.order_by("history_date")]
    assert entries[-2:] == [(Quote.Status.PUBLISHED, None), (Quote.Status.PUBLISHED, first.pk)]
