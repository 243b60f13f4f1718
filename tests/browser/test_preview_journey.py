"""An archivist corrects the preview's suggestions before anything is saved, in Chromium at
desktop and phone width, with the keyboard: leaves out what is no quotation, gives a speaker's
right name and another unit, archives, and finds the article's quotes stored so. Screenshots
are kept; axe-core finds no serious or critical violation on the preview."""

import pytest
from django.urls import reverse

from quotes.models import Membership, Quote

from .pages import archivist, log_in
from .support import AXE, WIDTHS, axe_violations, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

# Invented: no such town, brigade or people.
ARTICLE = "\n\n".join(
    (
        "Storm closes the Ostmark pier",
        "Captain Ilse Vantongeren, commander of the 14th Separate Coastal Brigade, spoke in "
        "Ostmark on Monday.",
        "“We will rebuild the pier before the summer,” Captain Vantongeren said.",
        "Sergeant Pieter Malfait of the 57th Engineer Battalion described the damage.",
        "“The railings were torn off in a single night,” Sergeant Malfait said.",
        "The harbour council said in a statement: “No ferry will sail until the pier is "
        "inspected.”",
    )
)


@pytest.mark.parametrize("width", list(WIDTHS))
def test_an_archivist_corrects_the_suggestions_before_archiving(live_server, new_context, width):
    archivist()
    page = new_context(width, bypass_csp=True).new_page()
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("admin:archive_article_add"))
    page.get_by_label("Article text").fill(ARTICLE)
    page.get_by_label("Outlet").fill("Ostmark Tidings (fictional)")
    page.get_by_role("button", name="Preview").click()
    page.wait_for_load_state()

    rows = page.locator("tr.page-preview-suggestion")
    ferry = rows.filter(has_text="No ferry will sail")
    railings = rows.filter(has_text="The railings were torn off")
    pier = rows.filter(has_text="We will rebuild the pier")
    assert railings.get_by_label("Speaker's name").input_value() == "Pieter Malfait"
    problems = [] if not AXE.exists() else axe_violations(page)
    assert not problems, "\n".join(problems)

    # The keyboard alone: a box ticked with the space bar, names typed into their fields.
    leave = ferry.get_by_label("Leave out (not a quotation)")
    leave.focus()
    page.keyboard.press("Space")
    assert leave.is_checked()
    speaker = railings.get_by_label("Speaker's name")
    speaker.focus()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("Pieter Malfaict")
    units = pier.get_by_label("Units, one a line")
    units.focus()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("15th Separate Coastal Brigade")
    screenshot(page, f"preview-corrected-{width}")

    page.get_by_role("button", name="Archive this article").focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    screenshot(page, f"preview-archived-{width}")
    assert "2 quote(s) found" in page.locator(".messagelist").inner_text()

    quotes = {q.text: q for q in Quote.objects.select_related("person")}
    assert len(quotes) == 2
    assert not any("No ferry" in text for text in quotes)
    railings_quote = next(q for t, q in quotes.items() if "railings" in t)
    assert railings_quote.person.name == "Pieter Malfaict"
    pier_quote = next(q for t, q in quotes.items() if "rebuild the pier" in t)
    stated = Membership.objects.filter(person=pier_quote.person).values_list(
        "unit__name", flat=True
    )
    assert [name.casefold() for name in stated] == ["15th separate coastal brigade"]
    assert "Pieter Malfaict" in page.locator("#content").inner_text()
