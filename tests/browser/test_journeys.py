"""The three journeys the archive exists for, in Chromium against the live server: a reader
follows a permalink and sees every outlet that carried the statement; a researcher searches by
speaker and by unit, filters by outlet and date, downloads the CSV and takes a citation; an
archivist adds an article in the admin, publishes its quotes and finds them on the public
site. What a page shows is compared with what the database holds, never with fixed counts."""

import csv
import re

import pytest
from django.urls import reverse

from quotes import public
from quotes.models import Printing, Quote

from .pages import (
    FERRY_ARTICLE,
    FERRY_QUOTE,
    FERRY_SPEAKER,
    FERRY_TITLE,
    archivist,
    log_in,
    unknown_outlet_quote,
    widest_quote,
)
from .support import screenshot

pytestmark = pytest.mark.django_db(transaction=True)

# The demo's fictional names (demo/articles), there in every archive the tests load.
SPEAKER = "Oskar Thalberg"
UNIT = "12th Separate Engineer Brigade"
OUTLET = "The Norland Courier (fictional)"
# The Courier printed on 3 and 6 April 2031: from the 5th, only the second article counts.
FROM_DATE = "2031-04-05"

CLIPBOARD = ["clipboard-read", "clipboard-write"]


def words(text):
    """The words of `text`, lower case, punctuation and quotation marks left out."""
    return re.findall(r"\w+", text.lower())


def holds_in_order(haystack, needle):
    """Whether the word list `needle` stands whole, in order, in the word list `haystack`."""
    n = len(needle)
    return any(haystack[i : i + n] == needle for i in range(len(haystack) - n + 1))


def printed_words(page):
    """The words the page's main content shows as printed: those a comparison marks as
    canonical words an article did not print (<del>) are left out."""
    return words(
        page.locator("main").evaluate(
            """main => {
                const copy = main.cloneNode(true);
                copy.querySelectorAll("del").forEach(d => d.remove());
                return copy.textContent;
            }"""
        )
    )


def short_ids(page):
    """The quotes a list page links to, by short id (its permalinks /q/ID/)."""
    hrefs = page.locator("main a[href^='/q/']").evaluate_all("links => links.map(a => a.href)")
    return {re.search(r"/q/([^/]+)/", href).group(1) for href in hrefs}


def ids_of(quotes):
    return set(quotes.values_list("short_id", flat=True))


def reveal(page, field):
    """The search form may fold into a <details> (on a phone): open it to reach `field`."""
    if not field.is_visible():
        page.locator("details", has=field).locator("summary").first.click()
    return field


# The list's filter boxes, by their labels: "Speaker’s name", "Unit’s name", "From" or
# "Printed from" (not the "Words or speaker" box, nor "until").
FILTERS = {
    "speaker": re.compile(r"^Speaker"),
    "unit": re.compile(r"^Unit"),
    "from": re.compile(r"\bfrom\b", re.IGNORECASE),
}


def search(page, **fields):
    """Fill the quote list's filters (speaker=, unit=, from=; the others emptied) and submit."""
    for name, label in FILTERS.items():
        reveal(page, page.get_by_label(label)).fill(fields.get(name, ""))
    # The list's own form (the header has a search of its own).
    page.locator("main").get_by_role("button", name=re.compile("search", re.I)).first.click()
    page.wait_for_load_state()


# A reader ---------------------------------------------------------------------------------


def carried_by(quote):
    """What the permalink must say of who carried `quote`: its outlets' names, how many
    articles printed it, and how many of those have no outlet, from its public printings."""
    printings = Printing.objects.filter(quote=quote).select_related("article__outlet")
    articles = {p.article_id: p.article for p in printings}
    outlets = {a.outlet.name for a in articles.values() if a.outlet_id}
    unknown = sum(1 for a in articles.values() if not a.outlet_id)
    return outlets, len(articles), unknown, list(printings)


def test_reader_follows_a_permalink_and_sees_every_outlet(archive, new_context):
    """The permalink states in one sentence how many outlets and articles carried the
    statement (and how many articles have no known outlet), names every outlet, shows the
    words each article printed, and copies its own address. On a phone, where the page is
    hardest to read (the axe-core test sees it at desktop width too)."""
    name, base_url = archive
    quotes = [q for q in (widest_quote(), unknown_outlet_quote()) if q is not None]
    expected = {quote.short_id: carried_by(quote) for quote in quotes}
    page = new_context("phone", permissions=CLIPBOARD).new_page()

    for quote in quotes:
        outlets, articles, unknown, printings = expected[quote.short_id]
        url = base_url + quote.get_absolute_url()
        page.goto(url)
        screenshot(page, f"journey-reader-{name}-{quote.short_id}")

        assert page.get_by_role("heading", level=1).first.is_visible()
        summary = page.get_by_text(re.compile(r"Carried by")).first
        assert summary.is_visible(), "no 'Carried by …' sentence"
        sentence = " ".join(summary.inner_text().split())
        if outlets:
            # M counts every article, or (when "and K articles whose outlet is unknown"
            # follows) those with a known outlet: both read right.
            counts = "|".join(str(n) for n in {articles, articles - unknown})
            plural = r"s?" if len(outlets) == 1 else "s"
            assert re.search(
                rf"Carried by {len(outlets)} outlet{plural} in ({counts}) articles?", sentence
            ), sentence
        if unknown:
            assert re.search(rf"\b{unknown} articles?\b.*\boutlet is unknown", sentence), sentence
        main_text = page.locator("main").inner_text()
        for outlet in outlets:
            assert outlet in main_text, f"{outlet} is not named on {url}"
        shown = printed_words(page)
        for printing in printings:
            assert holds_in_order(shown, words(printing.text)), (
                f"the words printed in {printing.article.label} are not shown: {printing.text}"
            )

        page.get_by_role("button", name="Copy permalink").click()
        assert page.evaluate("navigator.clipboard.readText()") == url


# A researcher -----------------------------------------------------------------------------


def test_researcher_searches_filters_downloads_and_cites(archive, new_context):
    """By speaker, then by unit, the list holds exactly the speaker's or the unit's public
    quotes; from an outlet's page its list, narrowed by a date, holds the quotes that outlet
    printed from then on; the CSV of that list has the same quotes with absolute permalinks;
    a quote's citation names the speaker and cites the permalink at this server's address."""
    name, base_url = archive
    by_speaker = ids_of(public.quotes().filter(person__name=SPEAKER))
    by_unit = ids_of(public.quotes().filter(person__memberships__unit__name=UNIT).distinct())
    printed = Printing.objects.filter(article__outlet__name=OUTLET)
    by_outlet = ids_of(public.quotes().filter(printings__in=printed).distinct())
    by_outlet_from = ids_of(
        public.quotes()
        .filter(printings__in=printed.filter(article__published__gte=FROM_DATE))
        .distinct()
    )
    outlet = public.outlets().get(name=OUTLET)
    cited = public.quotes().filter(short_id__in=by_outlet_from).order_by("pk").first()
    assert by_speaker and by_unit and by_outlet_from and by_outlet_from < by_outlet
    page = new_context("desktop", accept_downloads=True).new_page()

    page.goto(base_url + reverse("quotes:quote-list"))
    search(page, speaker=SPEAKER)
    screenshot(page, f"journey-researcher-{name}-speaker")
    assert short_ids(page) == by_speaker

    search(page, unit=UNIT)
    screenshot(page, f"journey-researcher-{name}-unit")
    assert short_ids(page) == by_unit

    page.goto(base_url + outlet.get_absolute_url())
    page.locator(f"main a[href^='/quotes/?'][href*='outlet={outlet.slug}']").first.click()
    page.wait_for_load_state()
    assert short_ids(page) == by_outlet
    search(page, **{"from": FROM_DATE})
    screenshot(page, f"journey-researcher-{name}-outlet-from")
    assert f"outlet={outlet.slug}" in page.url
    assert short_ids(page) == by_outlet_from

    with page.expect_download() as download:
        page.get_by_role("link", name="CSV").first.click()
    with open(download.value.path(), newline="", encoding="utf-8") as file:
        header, *rows = list(csv.reader(file))
    assert {row[0] for row in rows} == by_outlet_from
    for row in rows:
        assert f"{base_url}/q/{row[0]}/" in row, row

    page.goto(base_url + cited.get_absolute_url())
    citations = page.get_by_role("region", name="Cite this quote")
    screenshot(page, f"journey-researcher-{name}-citation")
    texts = [" ".join(t.split()) for t in citations.locator("blockquote").all_inner_texts()]
    assert texts, "no citation shown"
    surname = cited.person.name.split()[-1]
    permalink = base_url + cited.get_absolute_url()
    # The reference entry may lead with the article (APA without a byline); the speaker is
    # named in the text that quotes them.
    assert any(surname in text for text in texts), texts
    assert any(permalink in text for text in texts), texts
    for text in texts:
        # Every address cited is this server's (SITE_URL is unset in development).
        for address in re.findall(r"https?://[^\s”\"<>]+", text):
            assert address.startswith(base_url + "/"), text
        # Never two stops, a comma before a stop, or a stop after a comma ("pier,.”").
        plain = text.replace("...", "").replace("…", "")
        assert not re.search(r"[,;:]\W*[.]|\.\W*[,.]", plain), text


# An archivist -----------------------------------------------------------------------------


def test_archivist_adds_an_article_publishes_its_quotes_and_sees_them_live(demo, new_context):
    """Log in, paste an article, check the preview, archive it, publish the quote waiting on
    its page, and find it on the public site: in the list, and on its permalink under the
    outlet given."""
    archivist()
    admin = new_context("desktop").new_page()
    log_in(admin, demo)
    assert admin.get_by_role("button", name="Log out").is_visible(), "not logged in"

    admin.get_by_role("link", name="Articles", exact=True).first.click()
    admin.get_by_role("link", name=re.compile(r"^Add article")).first.click()
    admin.get_by_label("Article text").fill(FERRY_ARTICLE)
    admin.get_by_label("Outlet").fill("Harbour Gazette (fictional)")
    admin.get_by_label("Title").fill(FERRY_TITLE)
    admin.get_by_label("Publication date").fill("2031-04-12")
    admin.get_by_role("button", name="Preview").click()
    screenshot(admin, "journey-archivist-preview")
    assert "Harbour Gazette (fictional)" in admin.locator("#content").inner_text()

    admin.get_by_role("button", name="Archive this article").click()
    review = admin.locator("#review")
    screenshot(admin, "journey-archivist-review")
    assert FERRY_SPEAKER in review.inner_text()
    waiting = review.get_by_role("button", name="Publish")
    assert waiting.count() >= 1
    while waiting.count():
        with admin.expect_navigation():
            waiting.first.click()
    screenshot(admin, "journey-archivist-published")
    assert "Quotes waiting for review (0)" in admin.locator("#review").inner_text()
    quote = Quote.objects.get(text__contains="every crossing will be free")
    assert quote.status == Quote.Status.PUBLISHED

    reader = new_context("phone").new_page()
    reader.goto(demo + reverse("quotes:quote-list") + "?q=ferry+crossing")
    result = reader.locator("main article", has_text="every crossing will be free").first
    assert FERRY_SPEAKER in result.inner_text()
    result.get_by_role("link", name="Permalink").click()
    reader.wait_for_load_state()
    screenshot(reader, "journey-archivist-live")
    assert reader.url == demo + quote.get_absolute_url()
    text = reader.locator("main").inner_text()
    assert holds_in_order(words(text), words(FERRY_QUOTE))
    assert FERRY_SPEAKER in text
    assert "Harbour Gazette (fictional)" in text
