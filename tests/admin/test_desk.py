"""The archivist's desk, the admin's home: each queue with its count and its oldest items
first, the way to archive an article, the system's apps out of the way; and the review of
one suggested quote after another, each decision through the lifecycle."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from archive.models import Capture
from quotes.models import (
    AttributionConflict,
    Membership,
    MergeSuggestion,
    PersonMergeSuggestion,
    Quote,
)
from quotes.roles import ARCHIVISTS, EDITORS
from tests.factories import PersonFactory, PrintingFactory, QuoteFactory, UnitFactory

pytestmark = pytest.mark.django_db


def staff(role):
    user = get_user_model().objects.create_user(f"{role.lower()}-1", password="x", is_staff=True)
    user.groups.add(Group.objects.get(name=role))
    return user


@pytest.fixture
def waiting():
    """One of each thing that waits: suggested quotes (the older one first), a merge
    suggestion, a person merge, an attribution conflict and a failed capture."""
    older = PrintingFactory(
        quote__status=Quote.Status.SUGGESTED,
        quote__text="The older words.",
        confidence=0.41,
        doubt="two people named in the paragraph",
    ).quote
    Quote.objects.filter(pk=older.pk).update(
        created_at=datetime.datetime(2025, 1, 2, tzinfo=datetime.UTC)
    )
    newer = PrintingFactory(quote__status=Quote.Status.SUGGESTED, quote__text="Newer words.").quote
    a, b = QuoteFactory(), QuoteFactory()
    MergeSuggestion.objects.create(quote=a, candidate=b, score=0.9)
    PersonMergeSuggestion.objects.create(
        person=PersonFactory(), candidate=PersonFactory(), score=0.8
    )
    printing = PrintingFactory(person=PersonFactory(name="Other Speaker"))
    AttributionConflict.objects.create(quote=printing.quote, printing=printing)
    Capture.objects.create(
        url="https://news.test/gone", state=Capture.State.FAILED, reason="HTTP 404 Not Found"
    )
    return older, newer


def test_the_desk_shows_each_queue_with_its_count_oldest_first(client, waiting):
    older, newer = waiting
    client.force_login(staff(EDITORS))
    html = client.get("/admin/").content.decode()
    for title in [
        "Suggested quotes",
        "Merge suggestions",
        "Person merges",
        "Attribution conflicts",
        "Failed captures",
    ]:
        assert title in html
    assert html.index("The older words") < html.index("Newer words")
    assert '<span class="desk__count">2</span>' in html
    assert "Archive an article" in html
    assert "Review them one by one" in html
    assert "2025-01-02" in html


def test_the_system_apps_are_folded_away_for_a_superuser(admin_client, waiting):
    html = admin_client.get("/admin/").content.decode()
    system = html.index('<details class="desk__system">')
    assert html.index("Users") > system
    assert html.index("Quotes") < system


def test_an_archivist_sees_no_user_or_login_lock_admin(client, waiting):
    client.force_login(staff(ARCHIVISTS))
    html = client.get("/admin/").content.decode()
    assert "Suggested quotes" in html and "Archive an article" in html
    assert "Users" not in html and "Access attempts" not in html


def test_review_walks_the_suggestions_oldest_first_with_the_machines_doubt(client, waiting):
    older, newer = waiting
    client.force_login(staff(EDITORS))
    page = client.get("/admin/quotes/quote/review/").content.decode()
    assert "The older words" in page and "Newer words" not in page
    assert "confidence 0.41" in page
    assert "two people named in the paragraph" in page
    page = client.get(f"/admin/quotes/quote/review/?after={older.pk}").content.decode()
    assert "Newer words" in page


def test_review_publishes_and_goes_on_to_the_next(client, waiting):
    older, newer = waiting
    client.force_login(staff(EDITORS))
    review = f"/admin/quotes/quote/review/?after={older.pk}"
    response = client.post(f"/admin/quotes/quote/{older.pk}/curate/publish/", {"next": review})
    assert response["Location"] == review
    older.refresh_from_db()
    assert older.status == Quote.Status.PUBLISHED


def test_review_changes_speaker_unit_and_merges(client, waiting):
    older, newer = waiting
    client.force_login(staff(EDITORS))
    decide = f"/admin/quotes/quote/{older.pk}/review/"
    olena = PersonFactory(name="Olena Vartan")
    client.post(decide, {"decision": "speaker", "person": "Olena Vartan", "units": "move"})
    older.refresh_from_db()
    assert older.person == olena
    UnitFactory(name="3rd Harbour Battalion")
    client.post(decide, {"decision": "unit", "unit": "3rd Harbour Battalion"})
    assert Membership.objects.filter(person=olena, unit__name="3rd Harbour Battalion").exists()
    Quote.objects.filter(pk=newer.pk).update(person=olena)
    response = client.post(decide, {"decision": "merge", "target": newer.short_id})
    older.refresh_from_db()
    assert older.merged_into_id == newer.pk
    assert response["Location"] == f"/admin/quotes/quote/review/?after={older.pk}"


def test_an_archivist_reviews_but_may_not_publish_or_merge(client, waiting):
    older, _ = waiting
    client.force_login(staff(ARCHIVISTS))
    page = client.get("/admin/quotes/quote/review/").content.decode()
    assert "Change speaker" in page
    assert 'data-key="p"' not in page and "Merge into" not in page
    response = client.post(
        f"/admin/quotes/quote/{older.pk}/review/", {"decision": "merge", "target": "x"}
    )
    assert response.status_code == 403
