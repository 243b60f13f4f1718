"""The admin login locks a username at one address after too many wrong passwords
(django-axes), and only that pair, for the cool-off time."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import SESSION_KEY
from django.core.management import call_command
from django.http import HttpRequest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from .conftest import COOLOFF, FAILURE_LIMIT

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("low_limits")]

PASSWORD = "correct horse battery staple"
ATTACKER = "203.0.113.7"
ELSEWHERE = "198.51.100.20"


@pytest.fixture
def archivist(django_user_model):
    return django_user_model.objects.create_user(
        "archivist", password=PASSWORD, is_staff=True, is_superuser=True
    )


def log_in(username, password, ip=ATTACKER):
    """A fresh browser's POST to the admin login form from `ip`."""
    client = Client()
    response = client.post(
        reverse("admin:login"),
        {"username": username, "password": password, "next": reverse("admin:index")},
        REMOTE_ADDR=ip,
    )
    return client, response


def logged_in(client):
    return SESSION_KEY in client.session


def fail(username, times, ip=ATTACKER):
    for _ in range(times):
        client, response = log_in(username, "wrong password", ip)
        assert response.status_code in (200, 429)
        assert not logged_in(client)


def test_wrong_passwords_then_the_right_one_is_refused(archivist):
    """After the limit of wrong passwords even the right one gets the lockout page, with the
    minutes to wait and Retry-After, and no session."""
    fail("archivist", FAILURE_LIMIT)

    client, response = log_in("archivist", PASSWORD)

    assert response.status_code == 429
    assert not logged_in(client)
    body = response.content.decode()
    assert "Login locked" in body
    assert f"locked for {COOLOFF.seconds // 60} minutes" in body
    assert f"after {FAILURE_LIMIT} failed logins" in body
    assert response["Retry-After"] == str(int(COOLOFF.total_seconds()))
    assert response["Content-Type"].startswith("text/html")


def test_wrong_passwords_below_the_limit_do_not_lock(archivist):
    """One wrong password fewer than the limit still lets the right one in."""
    fail("archivist", FAILURE_LIMIT - 1)

    client, response = log_in("archivist", PASSWORD)

    assert response.status_code == 302
    assert logged_in(client)


def test_a_success_resets_the_count(archivist):
    """A successful login forgets the wrong passwords before it (AXES_RESET_ON_SUCCESS)."""
    fail("archivist", FAILURE_LIMIT - 1)
    log_in("archivist", PASSWORD)
    fail("archivist", FAILURE_LIMIT - 1)

    client, response = log_in("archivist", PASSWORD)

    assert response.status_code == 302
    assert logged_in(client)


def test_another_user_at_another_address_is_unaffected(archivist, django_user_model):
    """A lockout holds one username at one address: another archivist elsewhere logs in."""
    django_user_model.objects.create_user("editor", password=PASSWORD, is_staff=True)
    fail("archivist", FAILURE_LIMIT)

    client, response = log_in("editor", PASSWORD, ip=ELSEWHERE)

    assert response.status_code == 302
    assert logged_in(client)


def test_the_locked_user_can_still_log_in_from_another_address(archivist):
    """Someone guessing an archivist's password from one address does not lock the archivist
    out everywhere: the lockout is by username and address together."""
    fail("archivist", FAILURE_LIMIT)

    client, response = log_in("archivist", PASSWORD, ip=ELSEWHERE)

    assert response.status_code == 302
    assert logged_in(client)


def test_the_right_password_works_after_the_cool_off(archivist):
    """Once the cool-off time has passed since the failures, the right password works."""
    fail("archivist", FAILURE_LIMIT)
    assert log_in("archivist", PASSWORD)[1].status_code == 429
    AccessAttempt.objects.update(attempt_time=timezone.now() - COOLOFF - timedelta(minutes=1))

    client, response = log_in("archivist", PASSWORD)

    assert response.status_code == 302
    assert logged_in(client)


def test_the_right_password_works_after_a_reset(archivist):
    """An administrator's `axes_reset_username` lifts the lockout at once."""
    fail("archivist", FAILURE_LIMIT)
    assert log_in("archivist", PASSWORD)[1].status_code == 429

    call_command("axes_reset_username", "archivist")
    client, response = log_in("archivist", PASSWORD)

    assert response.status_code == 302
    assert logged_in(client)


def test_tests_log_in_with_force_login_or_a_request(archivist, client):
    """The lockout backend needs the request: tests log in with force_login(), or pass
    client.login() a request."""
    client.force_login(archivist)
    assert client.get(reverse("admin:index")).status_code == 200
    client.logout()

    assert client.login(request=HttpRequest(), username="archivist", password=PASSWORD)
    assert client.get(reverse("admin:index")).status_code == 200
