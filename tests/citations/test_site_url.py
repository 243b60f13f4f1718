"""One absolute-URL rule for the whole site (quotes.absolute_urls.site_url): SITE_URL when set,
whatever Host a request came with; in development, without it, the host asked for; in
production, SITE_URL is required, and check --deploy says so."""

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from quotes.absolute_urls import site_url
from tests.factories import PersonFactory, PrintingFactory
from verbatim.checks import check_site_url

ROOT = Path(__file__).resolve().parents[2]
SITE = "https://verbatim.example"
# A Host the site answers to but is not its public address (a proxy's upstream, say).
OTHER_HOST = "127.0.0.1:8000"
ATOM = "{http://www.w3.org/2005/Atom}"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


@pytest.fixture
def quote():
    person = PersonFactory(name="Iryna Lighthouse")
    return PrintingFactory(quote__person=person, article__author="Oskar Thalberg").quote


def absolute_links(html):
    """The canonical link, og:url, JSON-LD URLs and the permalinks in the citations."""
    canonical = re.search(r'<link rel="canonical" href="([^"]+)"', html).group(1)
    og_url = re.search(r'<meta property="og:url" content="([^"]+)"', html).group(1)
    jsonld = json.loads(
        re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S).group(1)
    )
    links = [canonical, og_url, jsonld["@id"], jsonld["url"], jsonld["creator"]["url"]]
    links += [article["archivedAt"] for article in jsonld["citation"]]
    section = html[html.index('<section class="citations"') :]
    links += re.findall(r"https?://[^\s<\"]+/q/[^\s<\"]+/", section)
    return links


@pytest.mark.django_db
def test_a_permalink_page_links_to_site_url_whatever_host_it_was_asked_for(client, settings, quote):
    """Canonical link, og:url, JSON-LD and every citation style use SITE_URL."""
    settings.SITE_URL = SITE
    html = client.get(quote.get_absolute_url(), HTTP_HOST=OTHER_HOST).content.decode()
    links = absolute_links(html)
    assert len(links) >= 8
    assert all(link.startswith(f"{SITE}/") for link in links), links
    assert f"{SITE}/q/{quote.short_id}/" in links


@pytest.mark.django_db
def test_in_development_without_site_url_links_use_the_host_asked_for(client, settings, quote):
    """Development, SITE_URL empty: the page's links are on the host the browser used."""
    settings.SITE_URL = ""
    html = client.get(quote.get_absolute_url(), HTTP_HOST=OTHER_HOST).content.decode()
    links = absolute_links(html)
    assert all(link.startswith(f"http://{OTHER_HOST}/") for link in links), links


@pytest.mark.django_db
@pytest.mark.parametrize("site, origin", [(SITE, SITE), ("", f"http://{OTHER_HOST}")])
def test_feeds_link_to_the_site(client, settings, quote, site, origin):
    """The feed's own link, its self link and each entry's link and id follow the rule."""
    settings.SITE_URL = site
    for path in ("/feeds/quotes/", quote.person.get_absolute_url() + "feed/"):
        feed = ET.fromstring(client.get(path, HTTP_HOST=OTHER_HOST).content)  # noqa: S314
        hrefs = [link.get("href") for link in feed.iter(f"{ATOM}link")]
        ids = [element.text for element in feed.iter(f"{ATOM}id")]
        assert f"{origin}{path}" in hrefs
        assert f"{origin}/q/{quote.short_id}/" in hrefs
        assert all(url.startswith(f"{origin}/") for url in hrefs + ids), hrefs + ids


@pytest.mark.django_db
@pytest.mark.parametrize("site, origin", [(SITE, SITE), ("", f"http://{OTHER_HOST}")])
def test_the_sitemap_lists_pages_on_the_site(client, settings, quote, site, origin):
    """Every <loc> of the sitemap is on SITE_URL, or in development on the host asked for."""
    settings.SITE_URL = site
    sitemap = ET.fromstring(client.get("/sitemap.xml", HTTP_HOST=OTHER_HOST).content)  # noqa: S314
    locations = [loc.text for loc in sitemap.iter(f"{SITEMAP}loc")]
    assert f"{origin}/q/{quote.short_id}/" in locations
    assert all(url.startswith(f"{origin}/") for url in locations), locations


@pytest.mark.django_db
def test_the_api_gives_permalinks_on_site_url(client, settings, quote):
    """The API's page URLs are on SITE_URL, not on the Host of the API request."""
    settings.SITE_URL = SITE
    data = client.get(f"/api/quotes/{quote.short_id}/", HTTP_HOST=OTHER_HOST).json()
    assert data["permalink"] == f"{SITE}/q/{quote.short_id}/"
    urls = re.findall(r'"(https?://[^"]+)"', json.dumps(data))
    own = [url for url in urls if "news.test" not in url]  # the articles' own addresses
    assert own and all(url.startswith(f"{SITE}/") for url in own), own


def test_commands_use_site_url_and_a_development_default(settings):
    """Without a request: SITE_URL; in development without it, make serve's address; in
    production without it, a one-sentence error naming the setting."""
    settings.SITE_URL = SITE
    assert site_url() == SITE
    settings.SITE_URL = ""
    assert site_url() == "http://127.0.0.1:8000"  # the tests run with VERBATIM_DEV=1
    settings.DEBUG = settings.DEV = False
    with pytest.raises(Exception, match="SITE_URL is not set: set it to"):
        site_url()


@pytest.mark.parametrize(
    "value, code",
    [
        ("", "verbatim.E001"),
        ("verbatim.example", "verbatim.E002"),
        ("ftp://verbatim.example", "verbatim.E002"),
        ("https://verbatim.example/archive", "verbatim.E003"),
        ("http://127.0.0.1:8000", "verbatim.E004"),
        ("http://localhost:8000", "verbatim.E004"),
        ("http://[::1]:8000", "verbatim.E004"),
        ("http://0.0.0.0:8000", "verbatim.E004"),
        ("https://LOCALHOST", "verbatim.E004"),
        ("http://verbatim.example", "verbatim.W001"),
    ],
)
def test_the_deploy_check_refuses_a_missing_or_local_site_url(settings, value, code):
    """Each kind of wrong SITE_URL gets its own message and id."""
    settings.SITE_URL = value
    [message] = check_site_url()
    assert message.id == code
    assert "SITE_URL" in message.msg and "https://" in message.hint


def test_the_deploy_check_accepts_a_public_https_address(settings):
    settings.SITE_URL = SITE
    assert check_site_url() == []


def manage(*args, **env):
    """Run manage.py with production settings (no VERBATIM_DEV) and `env`."""
    environment = {k: v for k, v in os.environ.items() if k not in ("VERBATIM_DEV", "DEBUG")}
    environment.pop("SITE_URL", None)
    environment.update(SECRET_KEY="deploy-check-" + "x" * 50, ALLOWED_HOSTS="verbatim.example")
    environment.update(env)
    return subprocess.run(  # noqa: S603 - this project's own manage.py
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "env, message",
    [
        ({}, "SITE_URL is not set."),
        ({"SITE_URL": "http://127.0.0.1:8000"}, "points at this machine"),
    ],
)
def test_check_deploy_fails_in_production_without_a_public_site_url(env, message):
    """`manage.py check --deploy --fail-level WARNING`, as CI runs it, fails and says why."""
    result = manage("check", "--deploy", "--fail-level", "WARNING", **env)
    assert result.returncode != 0
    assert message in result.stderr


def test_check_deploy_passes_with_site_url_and_names_it_in_the_user_agent():
    """With SITE_URL set as CI sets it the check is clean, and captures name the site."""
    result = manage("check", "--deploy", "--fail-level", "WARNING", SITE_URL=SITE)
    assert result.returncode == 0, result.stderr
    result = manage(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.CAPTURE_USER_AGENT)",
        SITE_URL=SITE,
    )
    assert result.stdout.strip().splitlines()[-1] == f"VerbatimArchive/0.1 (+{SITE})"
