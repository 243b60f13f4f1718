"""The admin login lockout counts an IPv6 client by its /64 network, and locks an account
tried from too many addresses, however few guesses each of them made."""

import pytest
from django.contrib.auth import SESSION_KEY
from django.test import Client
from django.urls import reverse

from .conftest import ACCOUNT_FAILURE_LIMIT, COOLOFF, FAILURE_LIMIT

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("low_limits")]

PASSWORD = "correct horse battery staple"
ELSEWHERE = "198.51.100.20"


@pytest.fixture
def archivist(django_user_model, settings):
    # A cheap hasher: these tests make dozens of logins, and the hash is beside the point.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return django_user_model.objects.create_user(
        "archivist", password=PASSWORD, is_staff=True, is_superuser=True
    )


def log_in(password, ip):
    """A fresh browser's POST of the archivist's username to the admin login form."""
    client = Client()
    response = client.post(
        reverse("admin:login"),
        {"username": "archivist", "password": password, "next": reverse("admin:index")},
        REMOTE_ADDR=ip,
    )
    return client, response


def fail_from(addresses):
    """One wrong password from each address."""
    for ip in addresses:
        client, response = log_in("wrong password", ip)
        assert response.status_code in (200, 429)
        assert SESSION_KEY not in client.session


def assert_locked(client, response, failure_limit):
    """The existing lockout page: 429, how long and after how many failures, Retry-After."""
    assert response.status_code == 429
    assert SESSION_KEY not in client.session
    body = response.content.decode()
    assert "Login locked" in body
    assert f"locked for {COOLOFF.seconds // 60} minutes" in body
    assert f"after {failure_limit} failed logins" in body
    assert response["Retry-After"] == str(int(COOLOFF.total_seconds()))


def in_one_network(n):
    return [f"2001:db8:7:1:{i:x}::{i:x}" for i in range(1, n + 1)]


def distinct_ipv4(n):
    return [f"192.0.2.{i}" for i in range(1, n + 1)]


def test_wrong_passwords_from_addresses_of_one_64_lock_it(archivist):
    """The per-address limit holds a /64 as one address: a guess from each of its addresses
    counts together, and a new address in it is refused the right password."""
    fail_from(in_one_network(FAILURE_LIMIT))

    client, response = log_in(PASSWORD, "2001:db8:7:1:ffff::1")

    assert_locked(client, response, FAILURE_LIMIT)


def test_a_locked_64_leaves_the_archivist_another_network(archivist):
    """Below the account's limit the lockout holds the /64 alone."""
    fail_from(in_one_network(FAILURE_LIMIT))

    client, response = log_in(PASSWORD, ELSEWHERE)

    assert response.status_code == 302
    assert SESSION_KEY in client.session


def test_an_ipv4_mapped_address_counts_as_the_ipv4_one(archivist):
    """Guesses from ::ffff:a.b.c.d lock a.b.c.d: it is the same client."""
    fail_from(["::ffff:203.0.113.7"] * FAILURE_LIMIT)

    client, response = log_in(PASSWORD, "203.0.113.7")

    assert_locked(client, response, FAILURE_LIMIT)


def test_wrong_passwords_from_many_addresses_lock_the_account(archivist):
    """One guess each from as many IPv4 addresses as the account's limit locks the account
    everywhere: the right password from a fresh address of another network gets the lockout
    page, saying after how many failures."""
    fail_from(distinct_ipv4(ACCOUNT_FAILURE_LIMIT))

    client, response = log_in(PASSWORD, ELSEWHERE)

    assert_locked(client, response, ACCOUNT_FAILURE_LIMIT)


def test_guesses_from_many_64s_lock_the_account(archivist):
    """The account's limit counts guesses from every network, IPv6 ones too."""
    networks = [f"2001:db8:{i:x}::1" for i in range(1, ACCOUNT_FAILURE_LIMIT + 1)]
    fail_from(networks)

    client, response = log_in(PASSWORD, ELSEWHERE)

    assert_locked(client, response, ACCOUNT_FAILURE_LIMIT)


def test_fewer_guesses_than_the_account_limit_leave_it_open(archivist):
    """One failure fewer than the account's limit, spread over addresses, still lets the
    right password in from elsewhere."""
    fail_from(distinct_ipv4(ACCOUNT_FAILURE_LIMIT - 1))

    client, response = log_in(PASSWORD, ELSEWHERE)

    assert response.status_code == 302
    assert SESSION_KEY in client.session
