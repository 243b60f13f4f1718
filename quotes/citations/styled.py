"""A citation's text in pieces, plain or italic, and one style's citation made of them."""

from dataclasses import dataclass, field

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

# The labels a citation's parts are shown under, in the page's language (the citations
# themselves are in the style's English).
IN_YOUR_TEXT = _("In your text")
REFERENCE_LIST = _("Reference list")
WORKS_CITED = _("Works cited")
BIBLIOGRAPHY = _("Bibliography")
NOTE = _("Note")


class Styled(list):
    """Pieces of a citation, plain strings or (text, "i") for italics, so that one list
    gives both the plain text to copy and the HTML to show."""

    @property
    def text(self):
        return "".join(p if isinstance(p, str) else p[0] for p in self)

    @property
    def html(self):
        return mark_safe(  # noqa: S308 - every piece escaped here
            "".join(
                conditional_escape(p) if isinstance(p, str) else format_html("<i>{}</i>", p[0])
                for p in self
            )
        )


@dataclass(frozen=True)
class Style:
    """One style's citation: the researcher's sentence quoting the words with its in-text
    citation (or note), and the reference list entry."""

    name: str
    in_text_label: str
    in_text: Styled
    entry_label: str
    entry: Styled
    note_label: str = ""
    note: Styled = field(default_factory=Styled)

    def __str__(self):
        return self.entry.text
