"""Fixtures for the admin tests."""

import pytest

from quotes.models import MergeSuggestion
from tests.factories import (
    AppearanceFactory,
    MembershipFactory,
    PersonAliasFactory,
    PersonFactory,
    QuoteFactory,
    UnitFactory,
)


def populate(n):
    """`n` rows of every model, each related to the others as the importer would relate them."""
    for _ in range(n):
        person = PersonFactory()
        PersonAliasFactory(person=person)
        quote = AppearanceFactory(quote__person=person).quote
        AppearanceFactory(quote=quote)
        unit = UnitFactory(parent=UnitFactory(), aliases=["an alias"])
        MembershipFactory(person=person, unit=unit, article=quote.appearances.first().article)
        MergeSuggestion.objects.create(
            quote=quote, candidate=QuoteFactory(person=person), score=0.8
        )


@pytest.fixture
def extraction():
    """Skip where the extractor is not in this checkout (it is built alongside the admin)."""
    try:
        import quotes.extraction.pipeline  # noqa: F401
    except ImportError as exc:
        pytest.skip(f"extraction pipeline not available: {exc}")
