"""Titles in headline style (MLA, Chicago) and sentence case (APA)."""

import re

from .text import one_line

# Chicago 8.159 and MLA 9 (capitalisation of titles): articles, prepositions (whatever their
# length), coordinating conjunctions, "to" and "as" stay lower case inside a title unless first
# or last.
MINOR_WORDS = {
    "a", "an", "the", "and", "but", "or", "nor", "for", "so", "yet", "as", "to", "at", "by",
    "in", "of", "off", "on", "per", "up", "via", "from", "into", "onto", "over", "with",
    "than", "upon", "about", "above", "across", "after", "against", "along", "amid", "among",
    "around", "before", "behind", "below", "beneath", "beside", "besides", "between",
    "beyond", "despite", "down", "during", "except", "inside", "like", "near", "outside",
    "past", "since", "through", "throughout", "toward", "towards", "under", "underneath",
    "until", "unto", "within", "without",
}  # fmt: skip
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
# A title's own part break: the word after it starts a new part, capitalised.
PART_BREAK = (":", "—", "–", "?", "!")


def _words_of(title):
    """(start, end, word, first_of_part) for each word of `title`."""
    found = []
    part_start = True
    last_end = 0
    for match in WORD.finditer(title):
        between = title[last_end : match.start()]
        if any(mark in between for mark in PART_BREAK) or " - " in between:
            part_start = True
        found.append((match.start(), match.end(), match.group(), part_start))
        part_start = False
        last_end = match.end()
    return found


def _rewrite(title, change):
    """`title` with each word replaced by `change(word, part_start, last)`."""
    out, last = [], 0
    words = _words_of(title)
    for index, (start, end, word, part_start) in enumerate(words):
        out.append(title[last:start])
        if title[start - 1 : start].isdigit():
            out.append(word)  # the letters of "21st" or "0th" are not a word of their own
        else:
            out.append(change(word, part_start, index == len(words) - 1))
        last = end
    out.append(title[last:])
    return "".join(out)


def _mixed_case(word):
    """An acronym or a brand (NATO, iPhone, McDonald): its case is not the title's to change."""
    return any(c.isupper() for c in word[1:])


def title_case(title):
    """Headline style (Chicago 8.159; MLA 9, capitalisation of titles): principal words
    capitalised, minor ones lower case unless they open or close the title or one of its
    parts."""

    def change(word, part_start, last):
        if _mixed_case(word):
            return word
        if not (part_start or last) and word.lower() in MINOR_WORDS:
            return word.lower()
        return word[:1].upper() + word[1:]

    return _rewrite(one_line(title), change)


def sentence_case(title, body=""):
    """APA's sentence case (APA 7 §6.17): the first word of the title and of each part
    capitalised; a minor word (MINOR_WORDS) lowered, and another capitalised word only where
    the article's own text prints it in lower case and never capitalised within a sentence: a
    name ("Varra", "Lindmark") keeps its capital because the article shows it is one, and a
    word the article does not use keeps the case the headline gave it."""
    title = one_line(title)
    # The words only the article can settle: capitalised inside a part, neither minor nor
    # mixed case. A title with none is not looked up in the text at all.
    asked = {
        word.lower()
        for _, _, word, part_start in _words_of(title)
        if not part_start
        and word[:1].isupper()
        and not _mixed_case(word)
        and word.lower() not in MINOR_WORDS
    }
    lower, proper = _word_cases(body, asked) if asked else (set(), set())

    def change(word, part_start, last):
        if part_start:
            return word[:1].upper() + word[1:]
        if _mixed_case(word) or not word[:1].isupper():
            return word
        key = word.lower()
        if key in MINOR_WORDS or (key in lower and key not in proper):
            return key
        return word

    return _rewrite(title, change)


def _word_cases(body, asked):
    """Of the words `asked` (in lower case), those `body` prints in lower case, and those it
    capitalises inside a sentence (not after a full stop, a colon or an opening quotation
    mark)."""
    lower, proper = set(), set()
    for match in WORD.finditer(body or ""):
        word = match.group()
        if word.islower():
            if word in asked:
                lower.add(word)
            continue
        if word.lower() not in asked:
            continue
        if not word[:1].isupper() or _mixed_case(word):
            continue
        gap = body[max(0, match.start() - 20) : match.start()]
        before = gap.rstrip()
        opens = not before or "\n" in gap[len(before) :] or before[-1] in ".?!:;\"“‘'«—–-("
        if not opens:
            proper.add(word.lower())
    return lower, proper
