"""Helpers on top of the shared factories for the public-page tests."""

import datetime

from tests.factories import PrintingFactory

JUNE = datetime.date(2031, 6, 1)


def printed(quote, *, outlet=None, published=JUNE, **kwargs):
    """Another printing of `quote`, in a new article of `outlet` (a new outlet where none
    is given) printed on `published` (None for an undated article)."""
    if outlet is not None:
        kwargs["article__outlet"] = outlet
    return PrintingFactory(quote=quote, article__published=published, **kwargs)
