"""Helpers on top of the shared factories for the public-page tests."""
import datetime

from tests.factories import AppearanceFactory, MembershipFactory


def printed(quote, *, outlet=None, published=None, **kwargs):
    """Another appearance of `quote`, in a new article from `outlet` on the day `published`
    (pass published=None with no_date=True for an undated article)."""
    article = {"article__published": published or datetime.date(2031, 6, 1)}
    if kwargs.pop("no_date", False):
        article["article__published"] = None
    if outlet is not None:
        article["article__outlet"] = outlet
    return AppearanceFactory(quote=quote, **article, **kwargs)


def member(person, unit):
    return MembershipFactory(person=person, unit=unit)
