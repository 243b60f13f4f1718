"""The archivist's desk and the reader's pages this branch changed, in Chromium at desktop
and phone width: an editor (a role, not a superuser) finds what waits on the desk, reviews
the oldest suggested quote with the keyboard alone and publishes it; a reader searches from
the header, picks an outlet by name in the list's filters and reads the permalink with its
outlets beside it. Screenshots are kept; axe-core finds no serious or critical violation."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.urls import reverse

from quotes.models import Quote
from quotes.roles import EDITORS

from .pages import waiting_article, widest_quote
from .support import AXE, WIDTHS, axe_violations, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

EDITOR = {"username": "browser-editor", "password": "a long browser editor password"}


def editor():
    """An editor: a staff account holding the Editors role (load_demo has made the roles)."""
    user = get_user_model().objects.create_user(is_staff=True, **EDITOR)
    user.groups.add(Group.objects.get(name=EDITORS))
    return user


def log_in_as_editor(page, base_url):
    page.goto(base_url + reverse("admin:login"))
    page.get_by_label("Username").fill(EDITOR["username"])
    page.get_by_label("Password").fill(EDITOR["password"])
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def axe_clean(page, where):
    if not AXE.exists():
        return []
    return [f"{where}: {violation}" for violation in axe_violations(page)]


@pytest.mark.parametrize("width", list(WIDTHS))
def test_an_editor_reviews_the_oldest_suggestion_from_the_desk_by_keyboard(
    demo, new_context, width
):
    waiting_article()
    editor()
    oldest = Quote.objects.suggested().order_by("created_at", "pk").first()
    assert oldest is not None
    page = new_context(width, bypass_csp=True).new_page()
    log_in_as_editor(page, demo)

    desk = page.locator("#content-main")
    assert "Waiting for a decision" in desk.inner_text()
    assert "Suggested quotes" in desk.inner_text()
    assert page.get_by_role("link", name="Archive an article").is_visible()
    assert page.get_by_text("System: accounts").count() == 0  # an editor has none
    problems = axe_clean(page, f"desk at {width}")
    screenshot(page, f"desk-{width}-home")

    page.get_by_role("link", name="Review them one by one").click()
    page.wait_for_load_state()
    assert oldest.short_id in page.locator("#content-main").inner_text()
    assert "confidence" in page.locator("#content-main").inner_text()
    problems += axe_clean(page, f"review at {width}")
    screenshot(page, f"desk-{width}-review")
    with page.expect_navigation():
        page.keyboard.press("p")
    oldest.refresh_from_db()
    assert oldest.status == Quote.Status.PUBLISHED
    assert f"Quote {oldest.short_id} published." in page.locator("body").inner_text()
    screenshot(page, f"desk-{width}-published")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_reader_searches_from_the_header_and_filters_by_outlet(demo, new_context, width):
    quote = widest_quote()
    outlet = quote.printings.exclude(article__outlet=None).first().article.outlet
    page = new_context(width, bypass_csp=True).new_page()
    page.goto(demo + "/about/")
    page.get_by_label("Search the quotes").fill("dam")
    page.get_by_label("Search the quotes").press("Enter")
    page.wait_for_load_state()
    assert page.url.startswith(demo + "/quotes/?q=dam")
    problems = axe_clean(page, f"quote list at {width}")

    page.goto(demo + "/quotes/")
    page.locator("summary", has_text="More filters").click()
    page.get_by_label("Printed by (outlet)").fill(outlet.name)
    page.get_by_role("button", name="Apply filters").click()
    page.wait_for_load_state()
    listed = page.locator("main article")
    assert listed.count() >= 1
    screenshot(page, f"reader-{width}-outlet-filter")
    problems += axe_clean(page, f"outlet filter at {width}")

    page.goto(demo + quote.get_absolute_url())
    aside = page.locator("aside.quote-page__outlets")
    assert outlet.name in aside.inner_text()
    statement = page.locator(".quote-page__statement").bounding_box()
    beside = aside.bounding_box()
    if width == "desktop":
        assert beside["x"] > statement["x"] + statement["width"] - 1, "not beside"
    else:
        assert beside["y"] > statement["y"], "not below on a phone"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, f"reader-{width}-permalink")
    problems += axe_clean(page, f"permalink at {width}")
    assert not problems, "\n".join(problems)
