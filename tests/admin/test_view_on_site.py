"""The admin's "View on site" is offered only where the public page exists: an article,
person or unit with no published quote has none (before, the link led to a 404)."""

import pytest

from quotes.models import Quote
from tests.factories import MembershipFactory, PrintingFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("status", [Quote.Status.SUGGESTED, Quote.Status.PUBLISHED])
def test_view_on_site_only_where_the_page_answers(admin_client, client, status):
    printing = PrintingFactory(quote__status=status)
    membership = MembershipFactory(person=printing.quote.person, article=printing.article)
    for obj, admin_url in [
        (printing.article, f"/admin/archive/article/{printing.article.pk}/change/"),
        (printing.quote.person, f"/admin/quotes/person/{printing.quote.person.pk}/change/"),
        (membership.unit, f"/admin/quotes/unit/{membership.unit.pk}/change/"),
        (printing.quote, f"/admin/quotes/quote/{printing.quote.pk}/change/"),
    ]:
        html = admin_client.get(admin_url).content.decode()
        public = client.get(obj.get_absolute_url()).status_code
        offered = "View on site" in html
        assert offered == (status == Quote.Status.PUBLISHED), (obj, admin_url)
        assert public == (200 if offered else 404), (obj, public)
