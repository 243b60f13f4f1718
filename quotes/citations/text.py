"""The text rules every form of a citation follows: one line, quotation marks and full stops,
and the archive's name as a reference gives it."""

from ..matching import DANGLING_MARKS

SITE_NAME = "Verbatim"

# Inside a quotation the speaker's own double quotation marks become single ones.
NESTED_QUOTES = str.maketrans({"“": "‘", "”": "’", '"': "'"})
CLOSING_PUNCTUATION = ".?!…"
# A quotation cited ends at no dangling mark (matching.DANGLING_MARKS): texts stored before
# canonical_text dropped them may still hold one.


def one_line(text):
    return " ".join(text.split())


def trimmed(text):
    """The words of a quotation without a dangling comma, semicolon or colon at their end."""
    return one_line(text).rstrip(DANGLING_MARKS + " ")


def quoted(text, punctuation=""):
    """`text` in double quotation marks with `punctuation` inside the closing mark, American
    style, unless the text already ends a sentence (never "?." or ",.")."""
    text = trimmed(text).translate(NESTED_QUOTES)
    if punctuation and not text.endswith(tuple(CLOSING_PUNCTUATION)):
        text += punctuation
    return f"“{text}”"


def sentence(text):
    """`text` ending with a full stop, unless it already ends with closing punctuation."""
    text = text.rstrip(DANGLING_MARKS + " ")
    return text if text.endswith(tuple(CLOSING_PUNCTUATION)) else text + "."
