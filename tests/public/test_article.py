"""The archived article page: metadata, plain text body, highlighted public quotes."""

import pytest

from quotes.models import Quote
from quotes.templatetags.verbatim import highlight
from tests.factories import ArticleFactory, PrintingFactory, QuoteFactory

BODY = "First paragraph.\n\n“We hold the line,” said Ivan.\nHe smiled.\n\nLast paragraph."


@pytest.fixture
def printing():
    return PrintingFactory(
        quote__text="We hold the line,",
        article__body=BODY,
        article__title="Line holds",
        article__url="https://news.test/line",
    )


@pytest.mark.django_db
def test_article_page_shows_metadata(client, printing):
    """The page gives title, outlet, date, original URL, archive time and SHA-256."""
    article = printing.article
    response = client.get(f"/articles/{article.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Line holds</h1>" in html
    assert article.outlet.name in html
    assert article.published.strftime("%-d %B %Y") in html
    assert '<a href="https://news.test/line" rel="nofollow noopener">' in html
    assert article.sha256 in html
    assert str(article.archived_at.year) in html


@pytest.mark.django_db
def test_body_is_plain_text_paragraphs_with_the_quote_highlighted(client, printing):
    """Each line that holds text is a paragraph (<p>), as extraction reads it, and the quote
    a <mark> linking to its page."""
    html = client.get(printing.article.get_absolute_url()).content.decode()
    assert "<p>First paragraph.</p>" in html
    assert (
        f'<p>“<mark id="a-{printing.pk}"><a href="{printing.quote.get_absolute_url()}">'
        "We hold the line,</a></mark>” said Ivan.</p>\n<p>He smiled.</p>"
    ) in html
    assert "<p>Last paragraph.</p>" in html


@pytest.mark.django_db
def test_html_in_the_body_is_never_rendered(client):
    """An article body holding markup is shown as text, quote or not."""
    body = "<script>alert(1)</script>\n\n“<b>bold</b> words” she said. <img src=x onerror=y>"
    printing = PrintingFactory(quote__text="<b>bold</b> words", article__body=body)
    html = client.get(printing.article.get_absolute_url()).content.decode()
    assert "<script>alert(1)" not in html
    assert "<b>bold" not in html
    assert "<img src=x" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;b&gt;bold&lt;/b&gt; words</a></mark>" in html


@pytest.mark.django_db
def test_quote_over_several_paragraphs_is_marked_piece_by_piece(client):
    """Each printed segment gets its own <mark>; the first carries the anchor id."""
    body = "“First half,” he said.\n\n“Second half.”"
    quote = QuoteFactory(text="First half, Second half.")
    article = ArticleFactory(body=body)
    printing = PrintingFactory(
        quote=quote,
        article=article,
        text="First half,\n\nSecond half.",
        start=1,
        end=len(body) - 1,
        segments=[[1, 12], [len(body) - 13, len(body) - 1]],
    )
    html = client.get(article.get_absolute_url()).content.decode()
    url = quote.get_absolute_url()
    assert f'<p>“<mark id="a-{printing.pk}"><a href="{url}">First half,</a></mark>' in html
    assert f'<p>“<mark><a href="{url}">Second half.</a></mark>”</p>' in html


@pytest.mark.django_db
def test_only_published_quotes_are_highlighted(client, printing):
    """Suggested and rejected quotes in a public article are not highlighted."""
    article = printing.article
    suggested = PrintingFactory(
        article=article, quote__status=Quote.Status.SUGGESTED, text="First", start=0, end=5
    )
    rejected = PrintingFactory(
        article=article,
        quote__status=Quote.Status.REJECTED,
        text="Last",
        start=BODY.index("Last"),
        end=BODY.index("Last") + 4,
    )
    html = client.get(article.get_absolute_url()).content.decode()
    assert f'id="a-{printing.pk}"' in html
    assert f'id="a-{suggested.pk}"' not in html
    assert f'id="a-{rejected.pk}"' not in html
    assert suggested.quote.get_absolute_url() not in html


@pytest.mark.django_db
@pytest.mark.parametrize("status", [Quote.Status.SUGGESTED, Quote.Status.REJECTED])
def test_article_without_published_quotes_is_404(client, status):
    """An article is public only while it carries a published quote."""
    printing = PrintingFactory(quote__status=status)
    assert client.get(printing.article.get_absolute_url()).status_code == 404
    assert client.get(ArticleFactory().get_absolute_url()).status_code == 404


@pytest.mark.django_db
def test_unknown_article_is_404(client):
    """An article id that does not exist is not found."""
    assert client.get("/articles/999999/").status_code == 404


class Piece:
    """Stands in for an Printing in the unit tests of `highlight`."""

    language = ""

    def __init__(self, pk, segments):
        self.pk, self.segments = pk, segments

    def pieces(self):
        return self.segments

    @property
    def quote(self):
        return self

    def get_absolute_url(self):
        return f"/q/{self.pk}/"


def test_highlight_escapes_text_inside_and_outside_marks():
    """Every piece of text is escaped, marked or not."""
    html = highlight("a<b> & \"c\" 'd'", [Piece(1, [[0, 4]])])
    assert html == (
        '<p><mark id="a-1"><a href="/q/1/">a&lt;b&gt;</a></mark>'
        " &amp; &quot;c&quot; &#x27;d&#x27;</p>"
    )


def test_highlight_ignores_offsets_outside_the_body_and_overlaps():
    """Pieces past the end are clipped and overlapping pieces never nest marks."""
    html = highlight("abcdef", [Piece(1, [[2, 5]]), Piece(2, [[4, 99]])])
    assert html == (
        '<p>ab<mark id="a-1"><a href="/q/1/">cde</a></mark>'
        '<mark id="a-2"><a href="/q/2/">f</a></mark></p>'
    )


def test_highlight_splits_a_mark_that_crosses_a_paragraph_break():
    """A piece running over a blank line is marked in each paragraph, anchored once."""
    html = highlight("ab\n\ncd", [Piece(1, [[1, 6]])])
    assert html == (
        '<p>a<mark id="a-1"><a href="/q/1/">b</a></mark></p>\n'
        '<p><mark><a href="/q/1/">cd</a></mark></p>'
    )


def test_highlight_drops_blank_paragraphs():
    """Runs of blank lines make one paragraph break, not empty paragraphs."""
    assert highlight("\n\none\n \n\n\ntwo\n", []) == "<p>one</p>\n<p>two</p>"


@pytest.mark.django_db
def test_article_with_no_outlet_or_title_says_what_is_known(client):
    """An article with no title and no outlet is named by the day it was archived (never by
    its internal file name), says its outlet is unknown, and leads to the other articles
    whose outlet is unknown."""
    printing = PrintingFactory(
        article__outlet=None, article__title="", article__source_file="pier-notice.txt"
    )
    PrintingFactory(article__outlet=None, article__title="Another orphan")
    html = client.get(printing.article.get_absolute_url()).content.decode()
    label = f"Untitled article archived on {printing.article.archived_at:%-d %B %Y}"
    assert f"<h1>{label}</h1>" in html
    assert "pier-notice" not in html
    assert "<dd>Outlet unknown (" in html
    link = '<a href="/articles/?outlet=unknown">other articles whose outlet is unknown</a>'
    assert link in html
    listed = client.get("/articles/?outlet=unknown").content.decode()
    assert "Another orphan" in listed
    assert label in listed and "pier-notice" not in listed


@pytest.mark.django_db
def test_article_page_leads_to_its_outlets_articles(client, printing):
    """An article's page links the articles list filtered to its outlet, which lists it."""
    outlet = printing.article.outlet
    html = client.get(printing.article.get_absolute_url()).content.decode()
    assert f'<a href="/articles/?outlet={outlet.slug}">its archived articles</a>' in html
    listed = client.get(f"/articles/?outlet={outlet.slug}").content.decode()
    assert f'<a href="{printing.article.get_absolute_url()}">Line holds</a>' in listed
