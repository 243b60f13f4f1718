"""Fixtures of the search tests: factories write no search data, so tests index explicitly."""

import html
import re

import pytest
from django.utils.html import strip_tags

from quotes.models import Quote
from quotes.search import refresh_search

# A listed quote's text: what its blockquote holds before the speaker.
QUOTE_TEXT = re.compile(r'<article class="quote[^"]*">\s*<blockquote[^>]*>(.*?)<footer', re.S)


def listed(response):
    """The texts of the quotes on the page, in order, as a reader sees them (a page served
    from the page cache has no template context to read)."""
    assert response.status_code == 200, response.status_code
    blocks = QUOTE_TEXT.findall(response.content.decode())
    return [html.unescape(strip_tags(block)).strip() for block in blocks]


@pytest.fixture
def index():
    """Write the search data of every quote, as the import and merge services do for theirs;
    call it once the test's quotes and printings exist."""

    def index():
        refresh_search(Quote.objects.values_list("pk", flat=True))

    return index
