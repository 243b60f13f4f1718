"""Fixtures of the search tests: factories write no search data, so tests index explicitly."""

import pytest

from quotes.models import Quote
from quotes.search import refresh_search


def listed(response):
    """The texts of the quotes on the page, in order."""
    return [quote.text for quote in response.context["quotes"]]


@pytest.fixture
def index():
    """Write the search data of every quote, as the import and merge services do for theirs;
    call it once the test's quotes and appearances exist."""

    def index():
        refresh_search(Quote.objects.values_list("pk", flat=True))

    return index
