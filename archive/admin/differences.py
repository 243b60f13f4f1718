"""Two versions of an article's text compared, as escaped HTML for the admin.

Paragraph by paragraph, and within a changed paragraph word by word."""

import difflib

from django.utils.html import format_html, format_html_join

from ..text import paragraphs

# Unchanged paragraphs shown either side of a change between two versions of an article.
DIFF_CONTEXT = 1


def word_difference(old, new):
    """Two versions of a paragraph word by word, as escaped HTML: words only in the old in
    <del>, words only in the new in <ins>."""
    old_words, new_words = old.split(), new.split()
    matcher = difflib.SequenceMatcher(None, old_words, new_words, autojunk=False)
    pieces = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            pieces.append(format_html("{}", " ".join(old_words[i1:i2])))
            continue
        if i2 > i1:
            pieces.append(format_html("<del>{}</del>", " ".join(old_words[i1:i2])))
        if j2 > j1:
            pieces.append(format_html("<ins>{}</ins>", " ".join(new_words[j1:j2])))
    return format_html_join(" ", "{}", ((piece,) for piece in pieces))


def text_difference(archived, captured, context=DIFF_CONTEXT):
    """How a later version of an article's text differs from the archived one, as escaped
    HTML: paragraphs compared as lines, a changed paragraph word by word, and unchanged ones
    beyond `context` either side of a change folded into a count."""
    old, new = paragraphs(archived), paragraphs(captured)
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    rows = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            same = old[i1:i2]
            # Context is kept only on the sides where a change is.
            head = same[:context] if i1 > 0 or j1 > 0 else []
            tail = same[-context:] if context and (i2 < len(old) or j2 < len(new)) else []
            if len(head) + len(tail) >= len(same):
                rows.extend(format_html("<p>{}</p>", line) for line in same)
                continue
            rows.extend(format_html("<p>{}</p>", line) for line in head)
            folded = len(same) - len(head) - len(tail)
            rows.append(
                format_html(
                    '<p class="help">… {} unchanged paragraph{} …</p>',
                    folded,
                    "" if folded == 1 else "s",
                )
            )
            rows.extend(format_html("<p>{}</p>", line) for line in tail)
            continue
        removed, added = old[i1:i2], new[j1:j2]
        for before, after in zip(removed, added, strict=False):
            rows.append(format_html("<p>{}</p>", word_difference(before, after)))
        rows.extend(format_html("<p><del>{}</del></p>", line) for line in removed[len(added) :])
        rows.extend(format_html("<p><ins>{}</ins></p>", line) for line in added[len(removed) :])
    return format_html_join("\n", "{}", ((row,) for row in rows))
