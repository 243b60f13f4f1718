"""quotes.paths.page_path: each public page's address, remembered per process."""

import pytest
from django.urls import set_script_prefix

from quotes import paths
from tests.factories import MembershipFactory, PrintingFactory


@pytest.mark.django_db
def test_page_path_is_the_address_get_absolute_url_gives():
    """A quote's, person's, unit's, outlet's and article's path is its get_absolute_url."""
    printing = PrintingFactory()
    membership = MembershipFactory(person=printing.quote.person)
    records = [
        printing.quote,
        printing.quote.person,
        membership.unit,
        printing.article.outlet,
        printing.article,
    ]
    for record in records:
        assert paths.page_path(record) == record.get_absolute_url()
        # Asked again, from the memo.
        assert paths.page_path(record) == record.get_absolute_url()


@pytest.mark.django_db
def test_a_new_slug_gets_its_new_address():
    """The memo is keyed by the address's own field: a renamed slug is never given the old
    path."""
    person = PrintingFactory().quote.person
    old = paths.page_path(person)
    person.slug = "someone-renamed"
    assert paths.page_path(person) == "/people/someone-renamed/" != old


@pytest.mark.django_db
def test_page_path_follows_the_script_prefix():
    """A site served under a path prefix gets its pages' paths under it."""
    quote = PrintingFactory().quote
    plain = paths.page_path(quote)
    set_script_prefix("/archive/")
    try:
        assert paths.page_path(quote) == "/archive" + plain
    finally:
        set_script_prefix("/")


@pytest.mark.django_db
def test_page_path_in_another_language_and_for_an_address_reverse_quotes():
    """In Ukrainian a path carries the language's prefix, as get_absolute_url's does; an
    address reverse() would quote (a character beyond letters, digits, - and _) is quoted
    as it quotes it."""
    from django.utils.translation import override

    quote = PrintingFactory().quote
    with override("uk"):
        assert paths.page_path(quote) == quote.get_absolute_url() == f"/uk/q/{quote.short_id}/"
        assert paths.page_path(quote.person) == quote.person.get_absolute_url()
    quote.short_id = "kü 7"
    assert paths.page_path(quote) == quote.get_absolute_url() == "/q/k%C3%BC%207/"
