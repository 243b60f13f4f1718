"""Quotation spans: where quoted words start and end, whatever the marks and paragraphing."""

from bisect import bisect_left
from dataclasses import dataclass, field

import regex as re

from archive.languages import cyrillic
from archive.text import paragraph_spans

from .speech import SPEECH_VERB
from .text import words

DOUBLE = '"\u201c\u201d\u201e\u201f\u00ab\u00bb'
SINGLE = "'\u2018\u2019\u201a\u201b"
MARKS = DOUBLE + SINGLE
# A right single mark opening a quotation is almost always an elided year or word ('90s).
_NEVER_OPEN = "\u2019"
_BEFORE_OPEN = "([{\u2014\u2013-/"
_AFTER_CLOSE = ".,;:!?)]}\u2014\u2013-\u2026"
_SENTENCE_END = ".!?\u2026:;,"


@dataclass
class Span:
    """One quotation as printed: its inner pieces (marks excluded) and the marks around it."""

    segments: list[tuple[int, int]]
    opened: int  # offset of the first opening mark
    closed: int  # offset just past the closing mark, or the end of the last piece if unclosed
    family: str  # "double" or "single"
    paragraphs: list[int] = field(default_factory=list)  # indexes into the paragraph list
    headline: bool = False
    dash: bool = False  # direct speech opened by a dash, its attribution after the next one


def is_boilerplate(line: str) -> bool:
    """A site's furniture line ('See more', a lone digit, a section name): short, no
    quotation mark and no sentence punctuation at its end."""
    line = line.strip()
    if not line or any(c in MARKS for c in line):
        return False
    return len(words(line)) <= 8 and line[-1] not in _SENTENCE_END


def is_headline_like(line: str) -> bool:
    """A title line: not too long and not ending as a sentence does."""
    stripped = line.strip().rstrip(MARKS)
    return 0 < len(words(stripped)) <= 30 and stripped[-1:] not in ".!?\u2026:;,"


def _family(char: str) -> str:
    return "double" if char in DOUBLE else "single"


def _can_open(text: str, i: int, start: int, end: int) -> bool:
    char = text[i]
    if char in _NEVER_OPEN:
        return False
    prev = text[i - 1] if i > start else " "
    nxt = text[i + 1] if i + 1 < end else " "
    if nxt.isspace() and char != "\u00ab":
        # 'said in response, “ This can be seen ...': a left mark with a space after it,
        # right after the comma or colon that introduces a quotation.
        return char == "\u201c" and prev.isspace() and text[max(start, i - 2)] in ",:"
    return prev.isspace() or prev in _BEFORE_OPEN or prev in MARKS


def _can_close(text: str, i: int, start: int, end: int) -> bool:
    char = text[i]
    prev = text[i - 1] if i > start else " "
    nxt = text[i + 1] if i + 1 < end else " "
    if prev.isspace() and char != "\u00bb":
        return False
    return nxt.isspace() or nxt in _AFTER_CLOSE or nxt in MARKS


_MARK = re.compile("[" + MARKS + "]")
# A single mark that closes a quotation: after a word, before a space or punctuation.
_SINGLE_CLOSE = re.compile(r"\S[" + SINGLE + r"](?=[\s" + re.escape(_AFTER_CLOSE) + r"]|$)")


def _last_single_close(text: str, start: int, end: int) -> int:
    """Where the last closing single mark's word ends in text[start:end] (as _SINGLE_CLOSE
    finds it, the paragraph's end as the end of the text), or -1."""
    last = -1
    for match in _SINGLE_CLOSE.finditer(text[start:end]):
        last = start + match.start()
    return last


def _plural_possessive(text: str, i: int, last_close: int) -> bool:
    """'the soldiers' rifles' inside a single-quoted passage: the mark after an s, followed by a
    lower-case word, is an apostrophe when a proper closing mark follows later (`last_close`,
    from _last_single_close)."""
    if text[i - 1] not in "sS" or not re.match(r" [a-z]", text[i + 1 : i + 3]):
        return False
    return last_close > i


def _scan(text, start, end, carried, ignore):
    """Quotations closed inside text[start:end] as (depth, (family, open, content_start,
    close)), `depth` being how many quotations stay open around it, and those still open at
    the end, outermost first, as (family, open, content_start).

    One pass, mark by mark; what is still open is counted by family rather than listed each
    time, and where the last closing single mark is found once, so that a paragraph with many
    marks is read in time proportional to its length."""
    stack = []  # (family, open offset, content start)
    still_open = {"double": 0, "single": 0}
    if carried:
        stack.append(tuple(carried))
        still_open[carried[0]] += 1
    closes = []
    last_close = None
    for match in _MARK.finditer(text, start, end):
        i = match.start()
        if i in ignore:
            continue
        family = _family(text[i])
        if still_open[family] and _can_close(text, i, start, end):
            if family == "single":
                if last_close is None:
                    last_close = _last_single_close(text, start, end)
                if _plural_possessive(text, i, last_close):
                    continue
            while stack[-1][0] != family:
                still_open[stack.pop()[0]] -= 1
            entry = stack.pop()
            still_open[family] -= 1
            closes.append((len(stack), (entry[0], entry[1], entry[2], i)))
            continue
        if _can_open(text, i, start, end):
            stack.append((family, i, i + 1))
            still_open[family] += 1
    return closes, stack


def _trim(text: str, s: int, e: int) -> tuple[int, int]:
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    return s, e


def _reopens(text: str, para: tuple[int, int], family: str) -> bool:
    s, e = para
    return text[s] in MARKS and _family(text[s]) == family and _can_open(text, s, s, e)


def _continues(text: str, paras, index: int, family: str, headlines) -> int | None:
    """The paragraph where a quotation open at the end of paragraph `index` goes on: the next
    one, past furniture lines, if it re-opens the same kind of mark."""
    if index in headlines:
        return None
    nxt = index + 1
    while nxt < len(paras) and is_boilerplate(text[paras[nxt][0] : paras[nxt][1]]):
        nxt += 1
    if nxt < len(paras) and nxt not in headlines and _reopens(text, paras[nxt], family):
        return nxt
    return None


# How many paragraphs a quotation opened once and closed only at the end of a later paragraph
# may run over; past that an unclosed mark is a typo, not a long appeal.
RUN_ON_LIMIT = 12


# What may follow a quotation's closing mark at the end of its paragraph: its attribution
# (', said X.', ', he said.', '- told X.'), a few words with a speech verb and no mark.
_ATTRIBUTION_TAIL = re.compile(
    r"\s*[-\u2013\u2014]?\s*[^"
    + MARKS
    + r"\n]{0,80}?\b"
    + SPEECH_VERB.pattern
    + r"[^"
    + MARKS
    + r"\n]{0,80}$"
)


def _attributed_close(text: str, i: int, para_end: int) -> bool:
    """Whether the closing mark at `i` ends a sentence or clause and is followed by its
    attribution to the end of the paragraph: 'I am ashamed of what we did,” said X.'"""
    tail = text[i + 1 : para_end]
    return (
        text[i - 1] in ",.!?…"
        and tail[-1:] in ".!?"
        and len(words(tail)) <= 12
        and _ATTRIBUTION_TAIL.match(tail) is not None
    )


def _runs_on(
    text: str, paras, index: int, family: str, headlines, sentence: bool = False
) -> int | None:
    """The paragraph that closes a quotation left open at the end of paragraph `index` without
    any re-opening mark ('He said: "...' then paragraphs of plain text): the first later one
    ending with a closing mark of that family, or, for a quotation that opened on a sentence
    (`sentence`), with that mark and its attribution ('...,” said X.'); no mark of that
    family opening or closing anywhere in between, at most RUN_ON_LIMIT paragraphs on."""
    for j in range(index + 1, min(len(paras), index + RUN_ON_LIMIT)):
        if j in headlines:
            return None
        s, e = paras[j]
        end = e
        while end > s and text[end - 1] in _AFTER_CLOSE:
            end -= 1
        for i in range(s, end):
            if text[i] in MARKS and _family(text[i]) == family:
                if _can_open(text, i, s, e):
                    return None
                if _can_close(text, i, s, e):
                    if i == end - 1 and i > s:
                        return j
                    if sentence and i > s and _attributed_close(text, i, e):
                        return j
                    return None
    return None


def find_spans(text: str, headlines: set[int] = frozenset()) -> list[Span]:
    """All quotations in `text`, outermost only; `headlines` are paragraph indexes of title lines,
    whose quotations never run on into the next paragraph."""
    paras = paragraph_spans(text)
    spans = []
    carry = None  # the Span of a quotation running on into the next paragraph
    index = 0
    while index < len(paras):
        ps, pe = paras[index]
        carried = None
        ignore = set()
        if carry is not None:
            carried = (carry.family, ps, ps + 1)
            ignore.add(ps)  # the re-opening mark belongs to the running quotation
        closes, left_open = _scan(text, ps, pe, carried, ignore)
        strays, still_open = _strays(text, paras, index, left_open, headlines, carry is not None)
        done = [quote for depth, quote in closes if depth == bisect_left(strays, quote[3])]
        carry = _close(text, paras, index, done, carry, spans, headlines)
        if still_open is None:
            index += 1
        else:
            carry, index = _left_open(text, paras, index, still_open, carry, spans, headlines)
    if carry is not None:
        spans.append(carry)
    for span in spans:
        span.segments = [(s, e) for s, e in span.segments if s < e]
    spans = [span for span in spans if span.segments]
    dashed = dash_speech(text, paras, headlines)
    if dashed:
        # A quotation inside direct speech is part of it: «...» within "— ..., — said X".
        spans = [s for s in spans if not any(d.opened <= s.opened < d.closed for d in dashed)]
        spans = sorted(spans + dashed, key=lambda s: s.opened)
    return spans


# Direct speech as Russian and Ukrainian print it: a paragraph opened by a dash, the words up
# to a dash after a comma or an end mark, then the attribution in lower case ("— Текст, —
# сказав X."), and perhaps more words after a dash again ("— усміхається він. — Текст.").
_DASH = "\u2014\u2013-"
_SPEECH_OPEN = re.compile(r"[" + _DASH + r"][ \u00a0]+(?=[\p{Lu}\d«„\"…])")
_SPEECH_BREAK = re.compile(r"(?<=[,!?\u2026])[ \u00a0]+[" + _DASH + r"][ \u00a0]+(?=\p{Ll})")
_SPEECH_AGAIN = re.compile(r"(?<=[.!?\u2026])[ \u00a0]+[" + _DASH + r"][ \u00a0]+(?=\p{Lu})")


def dash_speech(text: str, paras, headlines=frozenset()) -> list[Span]:
    """The direct speech of Cyrillic paragraphs opened by a dash, one span per stretch of
    speech: up to the dash before its attribution, and again after the attribution's end
    when a dash reopens it. A paragraph opened by a dash is speech when such an attribution
    follows, or when the paragraph before ends with a colon ('сказав він:')."""
    out = []
    for index, (ps, pe) in enumerate(paras):
        opened = _SPEECH_OPEN.match(text, ps, pe)
        if index in headlines or opened is None:
            continue
        if not cyrillic(text[ps:pe]):
            continue
        after_colon = (
            index > 0 and text[paras[index - 1][0] : paras[index - 1][1]].rstrip()[-1:] == ":"
        )
        broken = _SPEECH_BREAK.search(text, opened.end(), pe)
        if broken is None and not after_colon:
            continue
        start, opening = opened.end(), opened.start()
        while start < pe:
            broken = _SPEECH_BREAK.search(text, start, pe)
            end = broken.start() if broken else pe
            content = _trim(text, start, end)
            if content[0] < content[1]:
                out.append(Span([content], opening, content[1], "double", [index], dash=True))
            if broken is None:
                break
            again = _SPEECH_AGAIN.search(text, broken.end(), pe)
            if again is None:
                break
            start = again.end()
            opening = again.start() + len(again.group()) - len(again.group().lstrip(" \u00a0"))
    return out


def _strays(text: str, paras, index: int, left_open, headlines, carrying: bool):
    """The marks left open in paragraph `index` that are stray apostrophes (where they open,
    in order), and the quotation left open at its end once they are read past, or None.
    `left_open` is what _scan leaves open, outermost first; `carrying`: a quotation runs on
    into the paragraph.

    The outermost quotation left open may be a stray apostrophe, and the paragraph is then
    read as if that mark were not there, and so on. Without it, the marks before it read the
    same, the stack was empty where it opened, and the marks after it open and close as they
    did above it (a mark it alone let close is a plural possessive, which never opens), so one
    reading gives every other: the next left open outermost is the next in `left_open`, and a
    quotation closes at the outside when no more stay open around it than the stray marks
    before it."""
    ps, pe = paras[index]
    strays = []
    continues = {}
    while True:
        still_open = left_open[len(strays)] if len(strays) < len(left_open) else None
        if still_open is None or index in headlines:
            return strays, still_open
        if still_open[0] not in continues:
            continues[still_open[0]] = _continues(text, paras, index, still_open[0], headlines)
        if continues[still_open[0]] is not None:
            return strays, still_open
        # Left open with nothing re-opened after it: a quotation the writer did not close,
        # unless it is a straight single mark on a few words, likely an apostrophe.
        inner = text[still_open[2] : pe]
        lenient = text[still_open[1]] != "'" and len(words(inner)) >= 4
        if lenient or (still_open[1] == ps and carrying):
            return strays, still_open
        strays.append(still_open[1])  # a stray apostrophe: read on without it


def _close(text: str, paras, index: int, done, carry, spans: list[Span], headlines):
    """Adds the quotations closed in paragraph `index` (`done`: family, opening mark, content
    start, closing mark) to `spans`, the running quotation `carry` first if one closes here;
    the quotation still running on, or None."""
    ps = paras[index][0]
    for family, opened, content, close in done:
        if carry is not None and opened == ps:
            carry.segments.append(_trim(text, content, close))
            carry.closed = close + 1
            carry.paragraphs.append(index)
            spans.append(carry)
            carry = None
            continue
        span = Span([_trim(text, content, close)], opened, close + 1, family, [index])
        span.headline = index in headlines
        spans.append(span)
    return carry


def _left_open(text: str, paras, index: int, still_open, carry, spans: list[Span], headlines):
    """A quotation left open at the end of paragraph `index`: it goes on in the paragraph that
    re-opens it, or runs on unmarked to one that closes it, or ends with its paragraph.
    Returns the quotation still running on (or None) and the next paragraph to read."""
    ps, pe = paras[index]
    family, opened, content = still_open
    piece = _trim(text, content, pe)
    if carry is not None and opened == ps:
        carry.segments.append(piece)
        carry.paragraphs.append(index)
    else:
        carry = Span([piece], opened, pe, family, [index], headline=index in headlines)
    carry.closed = pe
    nxt = _continues(text, paras, index, family, headlines)
    last = None
    if nxt is None and index not in headlines:
        sentence = text[content : content + 1].isupper()
        last = _runs_on(text, paras, index, family, headlines, sentence)
    if last is not None:
        for j in range(index + 1, last + 1):
            s, e = paras[j]
            if j < last and is_boilerplate(text[s:e]):
                continue
            close = e
            if j == last:
                while text[close - 1] not in MARKS:
                    close -= 1
                close -= 1
            carry.segments.append(_trim(text, s, close))
            carry.paragraphs.append(j)
            carry.closed = close + 1 if j == last else e
        spans.append(carry)
        return None, last + 1
    if nxt is None:
        spans.append(carry)
        return None, index + 1
    return carry, nxt
