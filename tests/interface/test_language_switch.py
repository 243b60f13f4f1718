"""The header's language switch: the same page, with the same query string, in the other
language, on every page; error pages offer the other language's front page."""

import re

import pytest

from tests.factories import PrintingFactory

pytestmark = pytest.mark.django_db


def switch_links(html):
    """The switch's links, as {language code: href}, and the language it marks current."""
    nav = re.search(r'<nav class="language-switch".*?</nav>', html, re.S).group(0)
    links = dict(re.findall(r'<a href="([^"]+)" hreflang="([^"]+)"', nav))
    current = re.search(r'<strong lang="([^"]+)" aria-current="true">', nav).group(1)
    return {code: href for href, code in links.items()}, current


@pytest.mark.parametrize(
    "english",
    [
        "/",
        "/quotes/?q=ferry&amp;sort=newest",
        "/people/",
        "/about/",
        "/articles/?outlet=unknown",
    ],
)
def test_the_switch_keeps_the_page_and_its_query(client, english):
    """From an English page the switch leads to the same page and query under /uk/, and
    from there back to the English page."""
    PrintingFactory(quote__text="The ferry will run again.")
    url = english.replace("&amp;", "&")
    links, current = switch_links(client.get(url).content.decode())
    assert current == "en-gb"
    assert links == {"uk": f"/uk{english}"}
    links, current = switch_links(client.get(f"/uk{url}").content.decode())
    assert current == "uk"
    assert links == {"en-gb": english}


def test_the_switch_on_a_permalink_and_a_person_page(client):
    """A permalink's and a person's page switch to their own other-language pages."""
    printing = PrintingFactory()
    for path in (printing.quote.get_absolute_url(), printing.quote.person.get_absolute_url()):
        links, _ = switch_links(client.get(path).content.decode())
        assert links == {"uk": f"/uk{path}"}
        followed = client.get(links["uk"])
        assert followed.status_code == 200
        assert switch_links(followed.content.decode())[0] == {"en-gb": path}


def test_a_not_found_page_offers_the_other_front_page(client):
    """A 404 does not offer its own address again under another prefix."""
    links, current = switch_links(client.get("/q/nosuchid/").content.decode())
    assert (current, links) == ("en-gb", {"uk": "/uk/"})
    links, current = switch_links(client.get("/uk/q/nosuchid/").content.decode())
    assert (current, links) == ("uk", {"en-gb": "/"})


def test_the_switch_names_each_language_in_itself(client):
    """The switch says "Українська" on the English page and "English" on the Ukrainian one,
    each marked with its own lang so that a screen reader says it right."""
    english = client.get("/").content.decode()
    ukrainian = client.get("/uk/").content.decode()
    assert 'lang="uk">Українська</a>' in english
    assert 'lang="en-gb">English</a>' in ukrainian
