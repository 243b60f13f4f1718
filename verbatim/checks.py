"""System checks of Verbatim's own settings, run by `manage.py check --deploy`."""

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.core.checks import Error, Warning

# Host names that only ever mean the machine itself: a permalink on them leads nowhere.
LOCAL_HOSTS = {"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"}

HINT = "Set SITE_URL to the site's public address, scheme and host, e.g. https://verbatim.example."


def is_local(host):
    """Whether `host` names this machine or no machine (localhost, 127.0.0.1, ::1, 0.0.0.0)."""
    host = host.lower().rstrip(".")
    if host in LOCAL_HOSTS or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def check_site_url(app_configs=None, **kwargs):
    """SITE_URL is the origin of every permalink, citation, feed and export a deployment hands
    out: in production it must be set, and to an address others can reach."""
    url = settings.SITE_URL
    if not url:
        return [Error("SITE_URL is not set.", hint=HINT, id="verbatim.E001")]
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        parts, host = None, ""
    if parts is None or parts.scheme not in ("http", "https") or not host:
        return [
            Error(
                f"SITE_URL={url!r} is not an http or https address.", hint=HINT, id="verbatim.E002"
            )
        ]
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return [
            Error(
                f"SITE_URL={url!r} has a path: it must be the scheme and host only.",
                hint=HINT,
                id="verbatim.E003",
            )
        ]
    if is_local(host):
        return [
            Error(
                f"SITE_URL={url!r} points at this machine ({host}): every permalink, citation "
                "and feed would lead readers to their own computer.",
                hint=HINT,
                id="verbatim.E004",
            )
        ]
    if parts.scheme != "https":
        return [
            Warning(
                f"SITE_URL={url!r} is not https: citations would send readers to an "
                "unencrypted address.",
                hint="Serve the site over TLS and give SITE_URL as https://...",
                id="verbatim.W001",
            )
        ]
    return []
