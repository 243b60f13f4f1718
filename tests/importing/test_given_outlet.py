"""The outlet an archivist or a manifest names is the article's outlet, even where its URL's
domain is another outlet's (a syndicated copy, a shared host); with no name given, the
domain says which outlet printed it. Invented outlets and text."""

import pytest

from archive.models import Outlet
from archive.services import archive_article

pytestmark = pytest.mark.django_db

TEXT = "\u201cThe ferry sails again on Monday,\u201d said Maren Oldcastle, the harbour master.\n"


def test_a_given_outlet_name_wins_over_the_domain():
    courier = Outlet.objects.create(name="Lowmarsh Courier", domain="courier.example")
    given, _ = archive_article(
        raw=TEXT.encode(), outlet="Fenland Herald", url="https://courier.example/ferry"
    )
    assert given.outlet.name == "Fenland Herald"
    assert given.outlet.domain == "courier.example"
    unnamed, _ = archive_article(
        raw=(TEXT + "More soon.\n").encode(), url="https://courier.example/ferry-2"
    )
    assert unnamed.outlet == courier
    again, _ = archive_article(
        raw=(TEXT + "Later.\n").encode(), outlet="lowmarsh COURIER", url="https://x.example/f"
    )
    assert again.outlet == courier
