"""The API's next and previous links are on SITE_URL, whatever Host the request came with."""

import pytest

from tests.factories import MembershipFactory, PrintingFactory

SITE = "https://verbatim.example"
# A Host a permissive ALLOWED_HOSTS (as in development) lets through.
FORGED_HOST = "attacker.example"


@pytest.fixture
def three_of_everything():
    """Three published quotes, each by its own member of its own unit, printed in its own
    article of its own outlet: every list has three rows."""
    for _ in range(3):
        printing = PrintingFactory()
        MembershipFactory(person=printing.quote.person)


@pytest.mark.django_db
@pytest.mark.parametrize("endpoint", ["quotes", "people", "units", "outlets", "articles"])
def test_page_links_are_on_site_url(client, settings, three_of_everything, endpoint):
    """Page 2 of every list links to pages 1 and 3 on SITE_URL, not on the forged Host."""
    settings.SITE_URL = SITE
    settings.ALLOWED_HOSTS = ["*"]
    response = client.get(f"/api/{endpoint}/?page=2&page_size=1", HTTP_HOST=FORGED_HOST)
    assert response.status_code == 200, response.content
    data = response.json()
    assert data["next"] == f"{SITE}/api/{endpoint}/?page=3&page_size=1"
    # The quote list names page 1 (quotes.pagination); the others leave `page` out.
    assert data["previous"] in {
        f"{SITE}/api/{endpoint}/?page_size=1",
        f"{SITE}/api/{endpoint}/?page=1&page_size=1",
    }
