"""`make serve` (load_demo) prints the address the server listens on and the demo accounts'
credentials every time, the demo's archivist is no superuser, and the demo archive gives
every list and queue something to show."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from archive.models import Article
from quotes.models import (
    AttributionConflict,
    MergeSuggestion,
    Person,
    PersonMergeSuggestion,
    Printing,
    Quote,
)
from quotes.roles import ARCHIVISTS, EDITORS

pytestmark = pytest.mark.django_db


def load(**options):
    out = io.StringIO()
    call_command("load_demo", stdout=out, **options)
    return out.getvalue()


def test_the_address_and_the_credentials_are_printed_every_time(settings):
    """Before: port 8000 whatever PORT was, and nothing at all the second time."""
    settings.DEV = True
    for _ in range(2):
        said = load(address="http://127.0.0.1:8201")
        assert "http://127.0.0.1:8201/admin/" in said
        assert ":8000" not in said
        assert "user archivist, password archivist" in said
        assert "user editor, password editor" in said


def test_the_demo_accounts_hold_roles_not_superuser_rights(settings):
    settings.DEV = True
    load()
    User = get_user_model()
    archivist, editor = User.objects.get(username="archivist"), User.objects.get(username="editor")
    assert archivist.is_staff and not archivist.is_superuser
    assert list(archivist.groups.values_list("name", flat=True)) == [ARCHIVISTS]
    assert editor.is_staff and not editor.is_superuser
    assert list(editor.groups.values_list("name", flat=True)) == [EDITORS]
    assert editor.has_perm("quotes.publish_quote") and not archivist.has_perm(
        "quotes.publish_quote"
    )


def test_no_account_outside_development(settings):
    settings.DEV = False
    said = load()
    assert not get_user_model().objects.exists()
    assert "password" not in said


def snapshot():
    """What a run of load_demo leaves: every quote's state and printings, and each queue."""

    def rows(model, *fields):
        return list(model.objects.order_by("pk").values_list(*fields))

    return {
        "articles": rows(Article, "url", "outlet__name"),
        "quotes": rows(Quote, "short_id", "status", "text", "person_id"),
        "printings": rows(Printing, "quote_id", "article_id", "text"),
        "people": rows(Person, "name"),
        "merge": rows(MergeSuggestion, "quote_id", "candidate_id", "status"),
        "person_merge": rows(PersonMergeSuggestion, "person_id", "candidate_id", "status"),
        "conflicts": rows(AttributionConflict, "quote_id", "printing_id", "status"),
    }


def test_the_demo_fills_every_list_and_queue_and_a_second_run_changes_nothing():
    """Before: five articles from three outlets and no queue item waiting."""
    load()
    first = snapshot()
    outlets = {outlet for _, outlet in first["articles"] if outlet}
    assert len(first["articles"]) >= 40
    assert len(outlets) >= 10
    open_ = MergeSuggestion.Status.OPEN
    assert MergeSuggestion.objects.filter(status=open_).exists()
    person_merge = PersonMergeSuggestion.objects.filter(status=PersonMergeSuggestion.Status.OPEN)
    assert ("P. J. Aalgaard", "Pieter Aalgaard") in {
        (s.person.name, s.candidate.name) for s in person_merge
    }
    conflict = AttributionConflict.objects.get(status=AttributionConflict.Status.OPEN)
    assert conflict.quote.person.name == "Tomas Ravn"
    assert conflict.printing.person.name == "Katrin Holm"
    withdrawn = Quote.objects.get(status=Quote.Status.WITHDRAWN)
    assert withdrawn.person.name == "Viktor Sand"
    assert withdrawn.withdrawal_reason == Quote.WithdrawalReason.WRONG_ATTRIBUTION
    # Several outlets printed the same statements, some of them in Ukrainian too.
    assert any(q.printings.count() >= 4 for q in Quote.objects.all())
    assert Quote.objects.filter(printings__text__contains="Триста родин").exists()
    load()
    assert snapshot() == first
