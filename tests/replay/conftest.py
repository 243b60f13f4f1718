"""Fixtures for the replay tests: public and unpublished articles with captures, staff users."""

import pytest

from quotes.models import Quote
from tests.factories import PrintingFactory

from .warcs import make_capture


@pytest.fixture
def public_article():
    """An article with a published quote, which anyone may read."""
    return PrintingFactory(article__url="https://news.test/pier").article


@pytest.fixture
def hidden_article():
    """An article whose only quote waits for review: not public."""
    return PrintingFactory(
        quote__status=Quote.Status.SUGGESTED, article__url="https://news.test/hidden"
    ).article


@pytest.fixture
def public_capture(public_article):
    return make_capture(public_article)


@pytest.fixture
def hidden_capture(hidden_article):
    return make_capture(hidden_article)


@pytest.fixture
def staff_user(django_user_model):
    """A staff account with no permission at all: staff may look at any capture."""
    return django_user_model.objects.create_user("sam", password="unused", is_staff=True)


@pytest.fixture
def staff_client(client, staff_user):
    client.force_login(staff_user)
    return client
