"""Direction overrides and control characters never reach a stored text: a quotation with a
right-to-left override in it would show its words backwards on every page that quotes it,
and a file name with terminal escapes would reach the admin and the logs as it came.
Invented text."""

import pytest

from archive.services import archive_article
from quotes.models import Printing

pytestmark = pytest.mark.django_db

ARTICLE = (
    "Ferry news\n\n"
    "\u201cThe ferry sails \u202eagain\u202c on Monday,\u2066 and the fares stay\u2069 as "
    "they are\x07,\u201d said Maren Oldcastle, the harbour master.\x0b\n"
)


@pytest.mark.parametrize("name, raw", [("ferry.txt", ARTICLE), ("ferry.html", None)])
def test_overrides_and_control_characters_are_dropped_from_the_text(name, raw):
    if raw is None:
        body = ARTICLE.split("\n\n", 1)[1]
        raw = f"<html><head><title>Ferry news</title></head><body><article><p>{body}</p>"
        raw += "<p>The harbour office opens at nine, as it has done for forty years.</p>"
        raw += "</article></body></html>"
    article, _ = archive_article(raw=raw.encode(), source_file=f"\x1b[31m{name}")
    for text in (article.body, *Printing.objects.values_list("text", flat=True)):
        assert not any(c in text for c in "\u202e\u202c\u2066\u2069\x07\x0b\x1b")
    (printing,) = Printing.objects.all()
    assert printing.text.startswith("The ferry sails again on Monday, and the fares stay as")
    assert printing.quote.person.name == "Maren Oldcastle"
    assert article.source_file == f"[31m{name}"
