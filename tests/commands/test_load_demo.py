"""`make serve` (load_demo) prints the address the server listens on and the demo accounts'
credentials every time, and the demo's archivist is no superuser."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

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
