"""A keyset cursor that can be no quote's id ("?after=%00", as an attacker's probe sends it)
is answered as a cursor that left the list, never a server error: a NUL in the query fails
it on PostgreSQL."""

import pytest

from tests.factories import MembershipFactory, PrintingFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("cursor", ["\x00", "ab\x00cd", "x" * 40, "é"])
@pytest.mark.parametrize("direction", ["after", "before"])
def test_a_cursor_that_is_no_id_is_no_error(client, cursor, direction):
    printing = PrintingFactory(quote__status="published")
    person = printing.quote.person
    unit = MembershipFactory(person=person).unit
    for url in ("/quotes/", "/api/quotes/", person.get_absolute_url(), unit.get_absolute_url()):
        response = client.get(url, {direction: cursor})
        assert response.status_code in (200, 400, 404), (url, response.status_code)
