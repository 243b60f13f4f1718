"""A captured page replayed in a real browser (Debian's Chromium, driven by Playwright): its
scripts do not run and nothing is fetched from anywhere but the archive itself."""

from urllib.parse import urlsplit

import pytest
from django.urls import reverse

from tests.factories import PrintingFactory
from tests.replay.warcs import make_capture

from .support import AXE, CHROMIUM, SCREENSHOTS, WIDTHS, axe_violations, screenshot

pytestmark = [
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium; "
        "CI installs it)",
    ),
    pytest.mark.django_db(transaction=True),
]

TITLE = "Pier to reopen in May"
# A page as an outlet serves it: a script that would retitle the page and add a paragraph, an
# inline handler, a picture, a style sheet and a frame from elsewhere, and a style of its own.
HOSTILE_PAGE = f"""<!doctype html>
<html><head><meta charset="utf-8"><title>{TITLE}</title>
<link rel=stylesheet href="https://cdn.example/x.css">
<style>h1 {{ color: rgb(0, 0, 128); }}</style>
</head><body>
<h1>{TITLE}</h1>
<p>“The pier will reopen in May,” said the harbour master.</p>
<img src="http://198.51.100.7/x.png" alt="The pier">
<img src="data:image/png;base64,broken" alt="" onerror="document.body.dataset.handler = 'ran'">
<iframe src="https://ads.example/frame"></iframe>
<script>
  document.title = "Script ran";
  var added = document.createElement("p");
  added.id = "added-by-script";
  added.textContent = "This paragraph was added by a script.";
  document.body.appendChild(added);
  fetch("https://tracker.example/ping");
</script>
</body></html>""".encode()


class Traffic:
    """What a page asked for. `requested`: every request event, including loads Chromium
    refused before sending them (it reports those too, then fails them with "csp");
    `failures`: why a request failed; `sent`: what reached the network layer, where the test's
    router passes the live server's requests and stops any other one."""

    def __init__(self, page, origin):
        self.origin = origin
        self.requested, self.failures, self.sent = [], {}, []
        page.on("request", lambda request: self.requested.append(request.url))
        page.on("requestfailed", self.failed)
        page.route("**/*", self.route)

    def failed(self, request):
        self.failures[request.url] = request.failure

    def route(self, route):
        self.sent.append(route.request.url)
        if self.is_local(route.request.url):
            route.continue_()
        else:
            route.abort()

    def is_local(self, url):
        return url.startswith(self.origin + "/")

    def outside(self, urls):
        return [url for url in urls if not self.is_local(url)]


def open_page(browser, url, *, origin):
    """A new page at `url` (or blank), and its Traffic."""
    page = browser.new_page()
    traffic = Traffic(page, origin)
    if url is not None:
        page.goto(url)
        page.wait_for_load_state("networkidle")
    return page, traffic


@pytest.fixture
def replayed(live_server):
    """The replay address of a capture of a public article holding HOSTILE_PAGE, the article's
    page and the live server's origin."""
    article = PrintingFactory(article__url="https://news.test/pier").article
    capture = make_capture(article, HOSTILE_PAGE)
    return {
        "replay": live_server.url + reverse("quotes:capture-replay", args=[capture.pk]),
        "page": live_server.url + reverse("quotes:capture-page", args=[capture.pk]),
        "when": capture.captured_at,
        "article": live_server.url + article.get_absolute_url(),
        "origin": live_server.url,
    }


def test_scripts_do_not_run_and_nothing_leaves_the_archive(browser, replayed):
    """The replay shows the page's text and its own inline style, while its script, its
    inline handler and every outside picture, style sheet, frame and fetch stay inert."""
    page, traffic = open_page(browser, replayed["replay"], origin=replayed["origin"])

    assert page.title() == TITLE
    assert page.locator("h1").inner_text() == TITLE
    assert "The pier will reopen in May" in page.inner_text("body")
    assert page.locator("#added-by-script").count() == 0
    assert "added by a script" not in page.inner_text("body")
    assert page.evaluate("document.body.dataset.handler") is None
    # The page's own <style> applies ('unsafe-inline' styles, which cannot run anything).
    assert page.locator("h1").evaluate("h => getComputedStyle(h).color") == "rgb(0, 0, 128)"

    # Nothing went out: every request that reached the network was the live server's...
    assert traffic.sent and traffic.outside(traffic.sent) == []
    # ...and the outside loads the page asked for (Chromium reports them) were refused by the
    # policy inside the browser.
    outside = traffic.outside(traffic.requested)
    assert {url: traffic.failures.get(url) for url in outside} == dict.fromkeys(outside, "csp")

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "replay.png"), full_page=True)


def test_the_same_page_outside_the_replay_would_run_and_reach_out(browser, replayed):
    """The check above can fail: the same markup loaded without the replay's headers runs its
    script and asks for the outside picture and style sheet (stopped by the test's router)."""
    page, traffic = open_page(browser, None, origin=replayed["origin"])
    page.set_content(HOSTILE_PAGE.decode())
    page.wait_for_load_state("networkidle")

    assert page.title() == "Script ran"
    assert page.locator("#added-by-script").count() == 1
    hosts = {urlsplit(url).hostname for url in traffic.sent}
    assert {"198.51.100.7", "cdn.example", "ads.example", "tracker.example"} <= hosts


def test_article_page_links_to_the_replay(browser, replayed):
    """From the article page, 'View the page as captured' opens the replay under its banner."""
    page, traffic = open_page(browser, replayed["article"], origin=replayed["origin"])

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "article-with-capture.png"), full_page=True)
    page.get_by_role("link", name="View the page as captured").click()
    page.wait_for_load_state("networkidle")

    assert page.url == replayed["page"]
    frame = page.frame_locator("iframe.replay-frame")
    assert frame.locator("h1").inner_text() == TITLE
    assert frame.locator("#added-by-script").count() == 0
    assert traffic.outside(traffic.sent) == []


@pytest.mark.parametrize("width", WIDTHS)
def test_banner_above_the_framed_replay(new_context, replayed, width):
    """At 1280 and 390 px the banner says whose copy it is and when it was captured, the
    replay below it fills the rest of the window with its script inert, nothing leaves the
    archive, and axe-core finds no serious or critical violation."""
    if not AXE.exists():
        pytest.skip(f"axe-core is not installed at {AXE}: run `make browser-deps` (npm ci)")
    page = new_context(width).new_page()
    traffic = Traffic(page, replayed["origin"])
    page.goto(replayed["page"])
    page.wait_for_load_state("networkidle")

    when = replayed["when"].strftime("%Y-%m-%d %H:%M")
    heading = page.get_by_role("heading", level=1)
    assert heading.inner_text() == (
        f"Archived copy of https://news.test/pier, captured on {when} UTC"
    )
    assert page.get_by_role("link", name="The archived article in Verbatim").is_visible()
    frame = page.frame_locator("iframe[title='The archived copy of https://news.test/pier']")
    assert frame.locator("h1").inner_text() == TITLE
    assert frame.locator("#added-by-script").count() == 0
    assert traffic.outside(traffic.sent) == []
    # The frame starts below the banner and reaches at least the bottom of the window.
    viewport = WIDTHS[width]
    box = page.locator("iframe.replay-frame").bounding_box()
    banner = page.locator(".replay-banner").bounding_box()
    assert box["y"] >= banner["y"] + banner["height"]
    assert box["width"] >= viewport["width"] * 0.9
    assert box["y"] + box["height"] >= viewport["height"]
    # Nothing overflows sideways at phone width.
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    screenshot(page, f"replay-banner-{width}")

    checked = new_context(width, bypass_csp=True).new_page()
    checked.goto(replayed["page"])
    checked.wait_for_load_state("networkidle")
    assert axe_violations(checked) == []
