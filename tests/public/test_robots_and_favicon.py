"""robots.txt and the favicon: what crawlers and browsers ask every site for."""

import urllib.request

import pytest
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.urls import reverse

ROBOTS = """User-agent: *
Allow: /
Disallow: /admin/
Disallow: /quotes/export.csv
Disallow: /quotes/export.jsonl
Disallow: /exports/
Disallow: /q/*/cite.
Disallow: /archive/captures/

Sitemap: {site}/sitemap.xml
"""


@pytest.mark.django_db
def test_robots_txt_allows_public_pages_and_points_to_the_sitemap(client, settings):
    """Crawlers may read the public pages but not the admin, the downloads (background
    exports included), the citation files or the captured copies of outlets' pages; the
    sitemap is at the site's absolute address (SITE_URL)."""
    settings.SITE_URL = "https://verbatim.example"
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == ROBOTS.format(site="https://verbatim.example")


@pytest.mark.django_db
def test_robots_txt_disallows_addresses_that_exist(client):
    """Each disallowed path is one of the site's addresses, so that the rules keep up."""
    for path in ["/admin/", "/quotes/export.csv", "/quotes/export.jsonl"]:
        assert client.get(path).status_code in (200, 302), path
    # A large download's status page and file (background exports).
    assert reverse("quotes:export-status", kwargs={"token": "t"}).startswith("/exports/")
    assert reverse("quotes:export-file", kwargs={"token": "t"}).startswith("/exports/")


@pytest.mark.django_db
def test_favicon_ico_leads_to_the_svg_icon_the_pages_link(client):
    """/favicon.ico answers with a redirect to the icon every page links in its head."""
    icon = static("img/favicon.svg")
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"] == icon
    page = client.get("/about/").content.decode()
    assert f'<link rel="icon" href="{icon}" type="image/svg+xml">' in page
    assert finders.find("img/favicon.svg")


@pytest.mark.django_db(transaction=True)
def test_favicon_ico_answers_a_browser_with_the_svg(live_server):
    """Followed as a browser does, /favicon.ico ends in the SVG image, 200."""
    with urllib.request.urlopen(f"{live_server.url}/favicon.ico", timeout=10) as answer:  # noqa: S310
        assert answer.status == 200
        assert answer.headers["Content-Type"].startswith("image/svg+xml")
        assert answer.read().lstrip().startswith(b"<svg")
