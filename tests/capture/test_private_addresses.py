"""A capture never reaches the archive's own network: hosts on private, loopback, link-local,
reserved or multicast addresses are refused, on every redirect hop, unless
CAPTURE_ALLOW_PRIVATE is set."""

import ipaddress
import socket

import pytest

from archive import fetch
from archive.fetch import refused_address
from archive.models import Capture
from archive.queueing import request_capture
from tests.capture.conftest import article_page, serve

pytestmark = pytest.mark.django_db

REAL_GETADDRINFO = socket.getaddrinfo


def resolving(monkeypatch, names):
    """Make `names` ({host: [addresses]}) resolve as given; other hosts as usual."""

    def getaddrinfo(host, port, *args, **kwargs):
        if host in names:
            return [
                (
                    socket.AF_INET6 if ":" in address else socket.AF_INET,
                    socket.SOCK_STREAM,
                    6,
                    "",
                    (address, port),
                )
                for address in names[host]
            ]
        return REAL_GETADDRINFO(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


def test_loopback_refused(httpserver, settings):
    """With CAPTURE_ALLOW_PRIVATE off, the local server is never contacted."""
    settings.CAPTURE_ALLOW_PRIVATE = False
    url = serve(httpserver, "/news", article_page())
    capture = request_capture(url)
    assert capture.state == Capture.State.FAILED
    assert capture.reason == "private address refused: localhost resolves to 127.0.0.1"
    assert httpserver.log == []


def test_literal_address_refused(settings):
    settings.CAPTURE_ALLOW_PRIVATE = False
    capture = request_capture("http://169.254.169.254/latest/meta-data/")
    assert capture.reason == "private address refused: 169.254.169.254 resolves to 169.254.169.254"


def test_any_private_address_of_a_host_refuses_it(monkeypatch, settings):
    """A host with a public and a private address is refused: the connection could go to
    either."""
    settings.CAPTURE_ALLOW_PRIVATE = False
    resolving(monkeypatch, {"mixed.lowmarsh.example": ["151.101.1.1", "10.1.2.3"]})
    capture = request_capture("http://mixed.lowmarsh.example/news")
    assert capture.reason == "private address refused: mixed.lowmarsh.example resolves to 10.1.2.3"


def test_every_redirect_hop_is_checked(httpserver, monkeypatch, settings):
    """A public page that redirects into the private network is refused at the hop. (Here
    127.0.0.1 stands for a public address and 127.0.0.2 for a private one.)"""
    settings.CAPTURE_ALLOW_PRIVATE = False
    monkeypatch.setattr(
        fetch, "refused_address", lambda ip: ip == ipaddress.ip_address("127.0.0.2")
    )
    inside = f"http://127.0.0.2:{httpserver.port}/admin"
    httpserver.expect_request("/outside").respond_with_data(
        "", status=302, headers={"Location": inside}
    )
    capture = request_capture(httpserver.url_for("/outside"))
    assert capture.state == Capture.State.FAILED
    assert capture.reason == "private address refused: 127.0.0.2 resolves to 127.0.0.2"
    assert len(httpserver.log) == 1


def test_connects_to_the_checked_address_with_the_host_name(httpserver, monkeypatch):
    """The host is resolved once, by the check, and the connection goes to that address; the
    request still names the host (Host header) and the URL keeps it."""
    resolving(monkeypatch, {"news.lowmarsh.example": ["127.0.0.1"]})
    url = f"http://news.lowmarsh.example:{httpserver.port}/bridge"
    serve(httpserver, "/bridge", article_page())
    capture = request_capture(url)
    assert capture.state == Capture.State.DONE, capture.reason
    assert capture.final_url == url
    assert httpserver.log[0][0].headers["Host"] == f"news.lowmarsh.example:{httpserver.port}"


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "10.0.0.8",
        "172.16.5.4",
        "192.168.1.1",
        "169.254.169.254",
        "100.64.0.1",
        "0.0.0.0",  # noqa: S104 - an address refused, not one bound to
        "224.0.0.251",
        "240.0.0.1",
        "255.255.255.255",
        "::1",
        "::",
        "fe80::1",
        "fc00::1",
        "ff02::1",
        "::ffff:127.0.0.1",
        "::ffff:10.0.0.1",
        "2002:0a00:0001::1",
        "64:ff9b::a00:1",
    ],
)
def test_refused_ranges(address):
    assert refused_address(ipaddress.ip_address(address))


@pytest.mark.parametrize("address", ["151.101.1.1", "8.8.4.4", "2a00:1450:4001:81a::200e"])
def test_public_addresses_pass(address):
    assert not refused_address(ipaddress.ip_address(address))
