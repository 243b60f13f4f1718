"""What the browser tests share: where Chromium, axe-core and the screenshots are, the two
widths a page is tried at, and the checks run in the page (axe-core, console errors)."""

import re
from pathlib import Path

from django.conf import settings

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(settings.BASE_DIR)
# Outside git (/var/ is ignored): looked at by people, never compared by the tests.
SCREENSHOTS = ROOT / "var" / "screenshots"
# Pinned in package.json, installed by `make browser-deps` (npm ci).
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

# A desktop window and a phone (an iPhone 12-15's CSS pixels).
WIDTHS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
# What the issue holds the pages to: no violation of these impacts.
BLOCKING_IMPACTS = ("serious", "critical")


def screenshot(page, name):
    """Save the whole page as var/screenshots/NAME.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def axe_violations(page):
    """axe-core's serious and critical violations on the page as loaded, one line each: rule
    id, impact and the first selectors it names. The page must come from a context opened
    with bypass_csp=True, since the site's CSP refuses an injected script."""
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    violations = page.evaluate(
        """async () => {
            const results = await axe.run(document, {resultTypes: ["violations"]});
            return results.violations.map(v => ({
                id: v.id,
                impact: v.impact,
                help: v.help,
                targets: v.nodes.map(n => n.target.join(" ")),
            }));
        }"""
    )
    return [
        f"{v['id']} ({v['impact']}: {v['help']}) at {', '.join(v['targets'][:4])}"
        + (f" and {len(v['targets']) - 4} more" if len(v["targets"]) > 4 else "")
        for v in violations
        if v["impact"] in BLOCKING_IMPACTS
    ]


class Console:
    """A page's console errors and uncaught exceptions. Chromium reports a load the CSP
    refused as a console error too ("Refused to load ... Content Security Policy"), so a CSP
    violation lands here. The failed load of a page expected to answer an error status (its
    404 or 410 is the point) is not an error of the page."""

    def __init__(self, page):
        self.errors = []
        self.expected_failures = set()
        page.on("console", self.message)
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))

    def expect_status(self, url):
        self.expected_failures.add(url)

    def message(self, message):
        if message.type != "error":
            return
        location = message.location.get("url", "")
        if message.text.startswith("Failed to load resource") and (
            location in self.expected_failures
        ):
            return
        self.errors.append(f"{message.text} ({location})")

    def csp_violations(self):
        return [error for error in self.errors if "Content Security Policy" in error]
