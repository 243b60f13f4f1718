"""Fixtures for the capture tests: invented pages served by a local HTTP server
(pytest-httpserver), which the capture service may reach because the tests allow private
addresses (the refusal has tests of its own)."""

import io
import json
import threading

import pytest
from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

IMMEDIATE = {
    "default": {
        "BACKEND": "django_tasks.backends.immediate.ImmediateBackend",
        "QUEUES": ["default"],
    }
}

BRIDGE_TEXT = (
    "The Lowmarsh bridge will close for repairs on Monday, the county engineer said.",
    "“We found rust in every second bolt, and we will not wait for the winter storms,” "
    "said Odile Fenwick, who leads the county's roads department.",
    "Ferries will run every half hour while the bridge is closed, and the work should take "
    "six weeks, she added. Shopkeepers on the north bank said they feared a quiet autumn.",
)


@pytest.fixture(autouse=True)
def capture_settings(settings):
    """Captures may reach the local test server, finish quickly, and run at once."""
    settings.CAPTURE_ALLOW_PRIVATE = True
    settings.CAPTURE_TIMEOUT_SECONDS = 5
    settings.CAPTURE_MAX_REDIRECTS = 10
    settings.CAPTURE_MAX_BYTES = 10 * 1024 * 1024
    settings.TASKS = IMMEDIATE
    return settings


def article_page(
    *,
    head: str = "",
    title: str = "Lowmarsh bridge to close for repairs",
    paragraphs=BRIDGE_TEXT,
    html_attrs: str = "",
    byline: str = "",
    charset: str | None = "utf-8",
) -> str:
    """An invented news page: a head with the given metadata, and an article body long enough
    for trafilatura to take as the article."""
    body = "\n".join(f"<p>{paragraph}</p>" for paragraph in paragraphs)
    byline = f'<p class="byline">{byline}</p>' if byline else ""
    meta = f'<meta charset="{charset}">' if charset else ""
    return (
        f"<!DOCTYPE html>\n<html{' ' + html_attrs if html_attrs else ''}><head>"
        f"{meta}<title>{title}</title>{head}</head>"
        f"<body><nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
        f"<article><h1>{title}</h1>{byline}{body}</article>"
        f"<footer>Copyright the publisher</footer></body></html>"
    )


def json_ld(data: dict) -> str:
    return f'<script type="application/ld+json">{json.dumps(data)}</script>'


def serve(httpserver, path, body, *, content_type="text/html; charset=utf-8", **kwargs):
    """Serve `body` at `path` (every time it is asked for) and return its URL."""
    data = body.encode() if isinstance(body, str) else body
    httpserver.expect_request(path).respond_with_data(data, content_type=content_type, **kwargs)
    return httpserver.url_for(path)


def pdf_with_text(*lines: str) -> bytes:
    """A one-page PDF whose text pypdf can read back."""
    writer = PdfWriter()
    page = writer.add_blank_page(width=595, height=842)
    font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/BaseFont"): NameObject("/Helvetica"),
        }
    )
    page[NameObject("/Resources")] = DictionaryObject(
        {NameObject("/Font"): DictionaryObject({NameObject("/F1"): writer._add_object(font)})}
    )
    text = " ".join(f"({line.replace('(', '[').replace(')', ']')}) Tj 0 -16 Td" for line in lines)
    stream = DecodedStreamObject()
    stream.set_data(f"BT /F1 11 Tf 50 780 Td {text} ET".encode("latin-1"))
    page[NameObject("/Contents")] = writer._add_object(stream)
    writer.add_metadata({"/Title": "Lowmarsh bridge repairs", "/Author": "County roads office"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def blank_pdf() -> bytes:
    """A PDF with a page and no text on it, as a scan without OCR is."""
    writer = PdfWriter()
    writer.add_blank_page(width=595, height=842)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.fixture
def stalled(httpserver):
    """A URL whose server takes its time: the handler waits (up to five seconds) for the test
    to end, so the test server is free again at once."""
    released = threading.Event()

    def handler(request):
        from werkzeug import Response

        released.wait(5)
        return Response("late", content_type="text/html")

    httpserver.expect_request("/slow").respond_with_handler(handler)
    yield httpserver.url_for("/slow")
    released.set()
