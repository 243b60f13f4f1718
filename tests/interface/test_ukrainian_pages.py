"""The public pages in Ukrainian under /uk/: Ukrainian words, lang="uk", localised dates and
counts, and the English pages unchanged at their own addresses."""

import datetime
import re

import pytest

from tests.factories import MembershipFactory, PrintingFactory

pytestmark = pytest.mark.django_db

APRIL = datetime.date(2031, 4, 3)


@pytest.fixture
def printing():
    """A published quote by an invented speaker, printed on 3 April 2031."""
    return PrintingFactory(
        quote__text="The ferry will run again by the first frost.",
        quote__person__name="Ivanna Pryvoznyk",
        article__published=APRIL,
    )


def html_lang(html):
    return re.search(r'<html lang="([^"]+)">', html).group(1)


def test_the_ukrainian_home_page_is_in_ukrainian(client, printing):
    """/uk/ says what the archive is in Ukrainian, with Ukrainian counts and the search box
    leading to the Ukrainian quote list."""
    response = client.get("/uk/")
    html = response.content.decode()
    assert response.status_code == 200
    assert html_lang(html) == "uk"
    assert response["Content-Language"] == "uk"
    assert "Відкритий архів приписаних висловлювань у новинах" in html
    assert "<strong>1</strong> цитата" in html
    assert 'action="/uk/quotes/"' in html
    assert 'href="/uk/people/"' in html
    assert "Latest quotes" not in html


def test_the_ukrainian_quote_list_counts_in_ukrainian_plurals(client, no_page_cache):
    """One, two and five quotes take three of Ukrainian's plural forms (цитата, цитати,
    цитат), where English has two."""
    made = 0
    for n, words in [(1, "1 цитата"), (2, "2 цитати"), (5, "5 цитат")]:
        for _ in range(n - made):
            PrintingFactory()
        made = n
        html = client.get("/uk/quotes/").content.decode()
        assert f'<p class="result-count">{words}</p>' in html, words


def test_the_ukrainian_permalink_is_in_ukrainian_with_dates_in_the_genitive(client, printing):
    """A permalink under /uk/ names its parts in Ukrainian, writes "3 квітня 2031" and says
    who carried the statement in Ukrainian; the quoted words stay as printed."""
    path = printing.quote.get_absolute_url()
    response = client.get(f"/uk{path}")
    html = response.content.decode()
    assert response.status_code == 200
    assert html_lang(html) == "uk"
    assert "Висловлювання: Ivanna Pryvoznyk" in html
    assert "Що надрукувала кожна стаття" in html
    assert "3 квітня 2031" in html
    assert "Передруки: 1 видання, 1 стаття; уперше" in html
    assert "The ferry will run again by the first frost." in html
    assert "What each article printed" not in html


def test_a_ukrainian_permalink_cites_the_lasting_english_address(client, printing):
    """The citations on a Ukrainian page give the permalink every citation has always given
    (/q/<id>/), and the page names it canonical for its own language only."""
    path = printing.quote.get_absolute_url()
    html = client.get(f"/uk{path}").content.decode()
    assert f'"url": "http://testserver{path}"' in html
    assert f'<link rel="canonical" href="http://testserver/uk{path}">' in html


def test_the_ukrainian_person_page_is_in_ukrainian(client, printing):
    """A person's page under /uk/ counts their quotes and names their units in Ukrainian."""
    MembershipFactory(person=printing.quote.person, unit__name="Harbour Brigade")
    response = client.get(f"/uk{printing.quote.person.get_absolute_url()}")
    html = response.content.decode()
    assert response.status_code == 200
    assert html_lang(html) == "uk"
    assert "<h2>1 цитата</h2>" in html
    assert "Підрозділ:" in html
    assert "Шукати й фільтрувати ці цитати" in html


@pytest.mark.parametrize(
    "path", ["/", "/quotes/", "/people/", "/units/", "/outlets/", "/articles/", "/about/"]
)
def test_every_ukrainian_page_says_lang_uk_and_every_english_one_en_gb(client, printing, path):
    """<html lang> is the page's language on both sides, and each names the other as an
    hreflang alternate, English as the default."""
    english = client.get(path).content.decode()
    ukrainian = client.get(f"/uk{path}").content.decode()
    assert (html_lang(english), html_lang(ukrainian)) == ("en-gb", "uk")
    for html in (english, ukrainian):
        assert f'<link rel="alternate" hreflang="uk" href="http://testserver/uk{path}">' in html
        assert f'<link rel="alternate" hreflang="en-gb" href="http://testserver{path}">' in html
        assert f'<link rel="alternate" hreflang="x-default" href="http://testserver{path}">' in html


def test_english_pages_keep_their_addresses_and_words(client, printing):
    """The English pages are where they always were, in English, whatever the browser
    prefers: no redirect to /uk/ and no Vary on Accept-Language."""
    path = printing.quote.get_absolute_url()
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="uk,ru;q=0.8")
    html = response.content.decode()
    assert response.status_code == 200
    assert html_lang(html) == "en-gb"
    assert "What each article printed" in html
    assert "3 April 2031" in html
    assert "accept-language" not in response.get("Vary", "").lower()
    assert client.get("/", HTTP_ACCEPT_LANGUAGE="uk").status_code == 200


def test_the_api_and_feeds_stay_in_english_at_their_addresses(client, printing):
    """The API and the feeds answer at their own addresses in English, whatever the
    browser prefers."""
    api = client.get("/api/quotes/?speaker=nobody", HTTP_ACCEPT_LANGUAGE="uk")
    assert api.status_code == 400
    assert "No speaker is known as" in api.content.decode()
    feed = client.get("/feeds/quotes/", HTTP_ACCEPT_LANGUAGE="uk")
    assert feed.status_code == 200


def test_a_ukrainian_filter_error_is_in_ukrainian(client):
    """A bad filter value on the Ukrainian list is explained in Ukrainian."""
    html = client.get("/uk/quotes/?speaker=nobody-at-all").content.decode()
    assert "Немає мовця, відомого як «nobody-at-all»." in html
    assert "Деякі фільтри не вдалося застосувати" in html


def test_an_unknown_ukrainian_address_is_a_ukrainian_404(client):
    """/uk/ followed by nothing known is a 404 page in Ukrainian."""
    response = client.get("/uk/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert html_lang(html) == "uk"
    assert "Сторінку не знайдено" in html


def test_feeds_downloads_and_citation_files_keep_their_english_addresses(client, printing):
    """A Ukrainian page links the feeds, the sitemap, the downloads and the citation files at
    the addresses they have always had, not under /uk/."""
    quote, person = printing.quote, printing.quote.person
    # Worked out before any request: a request leaves its language active in this thread.
    person_path = person.get_absolute_url()
    permalink = client.get(f"/uk{quote.get_absolute_url()}").content.decode()
    assert f'href="/q/{quote.short_id}/cite.bib"' in permalink
    assert 'href="/feeds/quotes/"' in permalink
    assert 'href="/sitemap.xml"' in permalink
    assert "/uk/feeds/" not in permalink and "/uk/sitemap" not in permalink
    page = client.get(f"/uk{person_path}").content.decode()
    assert f'href="/people/{person.slug}/feed/"' in page
    assert f'href="/quotes/export.csv?speaker={person.slug}"' in page
    assert f'href="/uk/quotes/?speaker={person.slug}"' in page
    listing = client.get("/uk/quotes/").content.decode()
    assert 'href="/quotes/export.csv"' in listing


def test_words_in_another_language_than_the_page_say_their_language(client):
    """A printing in Ukrainian carries lang="uk" on an English permalink and none on the
    Ukrainian one; the article's text says its language on its page likewise."""
    printing = PrintingFactory(quote__text="Пором знову ходитиме до перших морозів.", language="uk")
    printing.article.language = "uk"
    printing.article.save()
    path, article_path = printing.quote.get_absolute_url(), printing.article.get_absolute_url()
    english = client.get(path).content.decode()
    assert '<blockquote class="printing__text" lang="uk">' in english
    ukrainian = client.get(f"/uk{path}").content.decode()
    assert '<blockquote class="printing__text">' in ukrainian
    assert (
        'class="article-body" aria-label="Article text" lang="uk"'
        in client.get(article_path).content.decode()
    )
