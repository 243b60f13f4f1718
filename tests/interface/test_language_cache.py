"""The shared page cache keeps the languages apart: an English reader never gets a cached
Ukrainian page, nor a Ukrainian reader an English one, whatever their browsers prefer."""

import pytest
from django.core.cache import cache

from tests.factories import PrintingFactory

pytestmark = pytest.mark.django_db


def served(response):
    return response.get("X-Page-Cache")


def lang(response):
    return response.content.decode().split('<html lang="', 1)[1].split('"', 1)[0]


@pytest.mark.parametrize("path", ["/", "/quotes/", "/people/"])
def test_english_and_ukrainian_pages_are_cached_apart(client, path):
    """Each language's page is stored and served as itself; a browser preferring the other
    language changes neither."""
    PrintingFactory()
    # The home page's first visit has its figures counted, which is a change: cached from
    # the next on.
    client.get(path)
    cache.clear()
    first_uk = client.get(f"/uk{path}", HTTP_ACCEPT_LANGUAGE="en")
    first_en = client.get(path, HTTP_ACCEPT_LANGUAGE="uk")
    assert (served(first_uk), served(first_en)) == ("miss", "miss")
    again_en = client.get(path, HTTP_ACCEPT_LANGUAGE="uk,en;q=0.5")
    again_uk = client.get(f"/uk{path}", HTTP_ACCEPT_LANGUAGE="en-GB")
    assert (served(again_en), served(again_uk)) == ("hit", "hit")
    assert (lang(again_en), lang(again_uk)) == ("en-gb", "uk")
    assert again_en.content == first_en.content
    assert again_uk.content == first_uk.content


def test_a_permalink_is_cached_once_per_language(client):
    """A permalink's English and Ukrainian pages are two entries; with a language cookie
    set too, the English address still gives the English page."""
    path = PrintingFactory().quote.get_absolute_url()
    client.get(path)
    client.get(f"/uk{path}")
    client.cookies["django_language"] = "uk"
    english = client.get(path)
    assert served(english) == "hit"
    assert lang(english) == "en-gb"
    assert "What each article printed" in english.content.decode()


def test_the_admin_follows_the_browser_and_says_so(client, admin_user):
    """The admin is in the reader's language, and its answers vary on Accept-Language and
    the cookie so that no cache between the site and the reader mixes them up."""
    client.force_login(admin_user)
    ukrainian = client.get("/admin/", HTTP_ACCEPT_LANGUAGE="uk")
    english = client.get("/admin/", HTTP_ACCEPT_LANGUAGE="en")
    assert '<html lang="uk"' in ukrainian.content.decode()
    assert "Адміністрування архіву" in ukrainian.content.decode()
    assert "Вийти" in ukrainian.content.decode()
    assert '<html lang="en-gb"' in english.content.decode()
    assert "Archive administration" in english.content.decode()
    vary = {v.strip().lower() for v in ukrainian["Vary"].split(",")}
    assert {"accept-language", "cookie"} <= vary
