"""Capturing a page from its URL: the article archived with the page's metadata, redirects,
charsets, gzip, PDFs, and the same article never archived twice."""

import datetime
import gzip
import itertools

import pytest
from django.contrib.auth import get_user_model
from werkzeug import Response

from archive.capture import archive_reviewed, outcome, run_capture
from archive.models import Article, Capture, Outlet
from archive.queueing import request_capture
from archive.services import archive_article
from quotes.models import Quote
from tests.capture.conftest import (
    BRIDGE_TEXT,
    article_page,
    blank_pdf,
    json_ld,
    pdf_with_text,
    serve,
)

pytestmark = pytest.mark.django_db

COURIER_HEAD = (
    '<meta property="og:site_name" content="Lowmarsh Courier">'
    '<meta property="article:published_time" content="2025-09-14T07:00:00Z">'
    '<meta name="author" content="Greta Madeup">'
)


def test_page_archived_with_its_metadata(httpserver, settings):
    """A captured page becomes an article with the page's title, outlet, date, author and
    language; the capture records the final URL, status, type, text and hashes."""
    url = serve(httpserver, "/news/bridge", article_page(head=COURIER_HEAD, html_attrs='lang="en"'))
    capture = request_capture(url)

    assert capture.state == Capture.State.DONE, capture.reason
    assert capture.reason == ""
    article = capture.article
    assert article.url == url
    assert article.title == "Lowmarsh bridge to close for repairs"
    assert article.outlet.name == "Lowmarsh Courier"
    assert article.outlet.domain == "localhost"
    assert article.published == datetime.date(2025, 9, 14)
    assert article.author == "Greta Madeup"
    assert article.language == "en"
    assert article.raw_format == Article.Format.HTML
    assert article.captured_at == capture.captured_at
    assert "rust in every second bolt" in article.body
    assert (capture.final_url, capture.status_code) == (url, 200)
    assert capture.content_type == "text/html; charset=utf-8"
    assert capture.body == article.body
    assert capture.content_sha256 == article.sha256 == Article.digest(article.read_raw())
    assert capture.has_warc and capture.warc_sha256
    assert capture.attempts == 1 and capture.task_id
    assert outcome(capture) == f"archived as article {article.pk}"
    request = httpserver.log[0][0]
    assert request.headers["User-Agent"] == settings.CAPTURE_USER_AGENT


def test_quotes_published_for_the_requesting_editor(httpserver):
    """publish=True publishes the quotes found, and the capture records who asked."""
    editor = get_user_model().objects.create_user("editor", is_staff=True, is_superuser=True)
    url = serve(httpserver, "/news/bridge", article_page(head=COURIER_HEAD))
    capture = request_capture(url, publish=True, user=editor)
    assert capture.requested_by == editor and capture.publish
    quotes = Quote.objects.filter(printings__article=capture.article)
    assert quotes.exists()
    assert set(quotes.values_list("status", flat=True)) == {Quote.Status.PUBLISHED}


def test_redirects_are_followed_and_the_final_url_kept(httpserver):
    """A page that moved is archived under the address redirects end at."""
    final = serve(httpserver, "/2025/09/bridge", article_page())
    httpserver.expect_request("/moved").respond_with_data(
        "", status=302, headers={"Location": "/2025/09/bridge#top"}
    )
    httpserver.expect_request("/old").respond_with_data(
        "", status=301, headers={"Location": httpserver.url_for("/moved")}
    )
    capture = request_capture(httpserver.url_for("/old"))
    assert capture.state == Capture.State.DONE, capture.reason
    assert capture.url == httpserver.url_for("/old")
    assert capture.final_url == final
    assert capture.article.url == final


def test_canonical_link_is_stored(httpserver):
    """The page's canonical link is kept beside the address it was fetched from."""
    url = serve(
        httpserver,
        "/amp/bridge",
        article_page(head='<link rel="canonical" href="https://courier.example/2025/bridge">'),
    )
    article = request_capture(url).article
    assert article.url == url
    assert article.canonical_url == "https://courier.example/2025/bridge"


CYRILLIC = (
    "Міст у Лоумарші закриють на ремонт у понеділок, повідомив окружний інженер.",
    "«Ми знайшли іржу в кожному другому болті й не чекатимемо зимових штормів», — сказала "
    "Одиль Фенвік, яка очолює дорожній відділ округу.",
    "Пороми ходитимуть щопівгодини, поки міст закритий, а роботи триватимуть шість тижнів.",
)


def test_charset_from_meta(httpserver):
    """A Windows-1251 page that says so only in <meta charset> is read in Windows-1251; the
    article keeps the bytes as served."""
    page = article_page(title="Міст закриють", paragraphs=CYRILLIC, charset="windows-1251")
    raw = page.encode("cp1251")
    url = serve(httpserver, "/uk/mist", raw, content_type="text/html")
    capture = request_capture(url)
    assert capture.state == Capture.State.DONE, capture.reason
    assert "іржу в кожному другому болті" in capture.article.body
    assert capture.article.title == "Міст закриють"
    assert capture.article.read_raw() == raw


def test_charset_from_header(httpserver):
    """A page declared ISO-8859-1 by its Content-Type header only is read as browsers read
    it (Windows-1252, so its curly quotes survive)."""
    paragraphs = (
        "The café on the quay will stay open through the works, its owner said.",
        "\u201cWe served coffee through the last flood and we will serve it now,\u201d said "
        "Zoë Brandvold, who has run the café since the bridge was new.",
        "The county said pedestrians could still use the footway on the east side.",
    )
    raw = article_page(paragraphs=paragraphs, charset=None).encode("cp1252")
    url = serve(httpserver, "/cafe", raw, content_type="text/html; charset=iso-8859-1")
    body = request_capture(url).article.body
    assert "\u201cWe served coffee" in body
    assert "Zoë Brandvold" in body


def test_undeclared_charset_is_detected(httpserver):
    """A page that declares no charset at all is read in the one charset-normalizer finds."""
    raw = article_page(title="Міст", paragraphs=CYRILLIC * 3, charset=None).encode("cp1251")
    url = serve(httpserver, "/uk/bez", raw, content_type="text/html")
    capture = request_capture(url)
    assert capture.state == Capture.State.DONE, capture.reason
    assert "Одиль Фенвік" in capture.article.body


def test_gzip_body_is_stored_decoded(httpserver):
    """A gzipped response is archived as the page's own bytes (the WARC keeps the gzip)."""
    page = article_page(head=COURIER_HEAD).encode()
    url = serve(
        httpserver,
        "/zipped",
        gzip.compress(page),
        headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"},
    )
    capture = request_capture(url)
    assert capture.state == Capture.State.DONE, capture.reason
    assert capture.article.read_raw() == page
    assert capture.content_sha256 == Article.digest(page)
    assert "gzip" in httpserver.log[0][0].headers["Accept-Encoding"]


def test_same_page_twice_is_one_article(httpserver):
    """Capturing an unchanged page again archives nothing new: the second capture points at
    the article, with its own WARC."""
    url = serve(httpserver, "/news/bridge", article_page(head=COURIER_HEAD))
    first = request_capture(url)
    second = request_capture(url)
    assert second.state == Capture.State.DONE
    assert second.article == first.article
    assert Article.objects.count() == 1
    assert Outlet.objects.count() == 1
    assert second.has_warc and second.warc_sha256
    assert second.body == first.body
    assert outcome(second) == f"already archived (article {first.article.pk})"


def test_changed_page_is_a_new_version(httpserver):
    """A page whose text changed between captures is one article with two versions: the
    article keeps its first text, exactly; the later capture holds the new one."""
    versions = itertools.chain(
        [
            article_page(),
            article_page(paragraphs=(*BRIDGE_TEXT, "Update: the work will start a week later.")),
        ],
        itertools.repeat(
            article_page(paragraphs=(*BRIDGE_TEXT, "Update: the work will start a week later."))
        ),
    )
    httpserver.expect_request("/news/bridge").respond_with_handler(
        lambda request: Response(next(versions), content_type="text/html; charset=utf-8")
    )
    url = httpserver.url_for("/news/bridge")
    first = request_capture(url)
    article = Article.objects.get()
    raw, sha256, body = article.read_raw(), article.sha256, article.body

    second = request_capture(url)
    assert second.state == Capture.State.DONE, second.reason
    assert second.article == first.article
    assert "a week later" in second.body and "a week later" not in body
    assert second.content_sha256 != sha256
    assert outcome(second) == f"new version of article {article.pk}"
    article.refresh_from_db()
    assert (article.read_raw(), article.sha256, article.body) == (raw, sha256, body)
    assert Article.objects.count() == 1

    third = request_capture(url)
    assert outcome(third) == f"already archived (article {article.pk})"


def test_same_article_under_another_address(httpserver):
    """Two addresses of one article on its site (a print view naming the article as
    canonical) are one article, found by the canonical URL, once an archivist has reviewed
    the second (tests/capture/test_canonical_claims.py)."""
    canonical = '<link rel="canonical" href="https://courier.example/2025/bridge">'
    first = request_capture(serve(httpserver, "/bridge", article_page(head=canonical)))
    second = request_capture(
        serve(httpserver, "/bridge/print", article_page(head=canonical, title="Print view"))
    )
    assert second.state == Capture.State.REVIEW
    assert archive_reviewed(second).article == first.article
    assert Article.objects.count() == 1


def test_uploaded_article_is_found_by_its_bytes(httpserver):
    """A page already archived from an upload of the same bytes is not archived again."""
    page = article_page(head=COURIER_HEAD)
    uploaded, _ = archive_article(raw=page.encode(), source_file="bridge.html")
    capture = request_capture(serve(httpserver, "/news/bridge", page))
    assert capture.article == uploaded
    assert outcome(capture) == f"already archived (article {uploaded.pk})"
    uploaded.refresh_from_db()
    assert uploaded.captured_at is None


def test_running_a_capture_twice_archives_once(httpserver):
    """run_capture leaves a finished capture as it is."""
    capture = request_capture(serve(httpserver, "/news/bridge", article_page()))
    warc = capture.read_warc()
    assert run_capture(capture.pk).warc_sha256 == capture.warc_sha256
    capture.refresh_from_db()
    assert capture.read_warc() == warc
    assert Article.objects.count() == 1
    assert len(httpserver.log) == 1


def test_plain_text_page(httpserver):
    """A text/plain page is archived as plain text."""
    text = "\n\n".join(("Lowmarsh bridge to close", *BRIDGE_TEXT))
    capture = request_capture(
        serve(httpserver, "/bridge.txt", text, content_type="text/plain; charset=utf-8")
    )
    assert capture.article.raw_format == Article.Format.TEXT
    assert capture.article.title == "Lowmarsh bridge to close"


def test_pdf_with_text_is_archived(httpserver):
    """A PDF is archived as it was served, its text read with pypdf."""
    pdf = pdf_with_text(
        "The Lowmarsh bridge will close for repairs on Monday.",
        '"We found rust in every second bolt," said Odile Fenwick.',
    )
    capture = request_capture(serve(httpserver, "/notice.pdf", pdf, content_type="application/pdf"))
    assert capture.state == Capture.State.DONE, capture.reason
    article = capture.article
    assert article.raw_format == Article.Format.PDF
    assert article.read_raw() == pdf
    assert "rust in every second bolt" in article.body
    assert article.title == "Lowmarsh bridge repairs"
    assert article.author == "County roads office"


def test_pdf_without_text_is_kept_without_an_article(httpserver):
    """A PDF with no text (a scan) is kept in its WARC; the capture is done, with no article
    and the reason."""
    capture = request_capture(
        serve(httpserver, "/scan.pdf", blank_pdf(), content_type="application/octet-stream")
    )
    assert capture.state == Capture.State.DONE
    assert capture.article is None
    assert capture.reason == "PDF with no extractable text"
    assert capture.has_warc and capture.content_sha256
    assert Article.objects.count() == 0
    assert outcome(capture) == "captured, no article: PDF with no extractable text"


def test_json_ld_page_through_a_capture(httpserver):
    """JSON-LD metadata reaches the article when the page is captured."""
    head = json_ld(
        {
            "@context": "https://schema.org",
            "@type": "NewsArticle",
            "headline": "Lowmarsh bridge shuts for six weeks",
            "datePublished": "2025-10-01T06:00:00Z",
            "author": [{"@type": "Person", "name": "Tomas Invented"}],
            "publisher": {"@type": "Organization", "name": "The Fenland Herald"},
        }
    )
    article = request_capture(serve(httpserver, "/herald/bridge", article_page(head=head))).article
    assert article.title == "Lowmarsh bridge shuts for six weeks"
    assert article.outlet.name == "The Fenland Herald"
    assert article.published == datetime.date(2025, 10, 1)
    assert article.author == "Tomas Invented"
