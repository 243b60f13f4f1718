"""Extraction in time proportional to the text: the lookups that replaced scans of the whole
text give what the scans gave, and a text four times longer takes about four times as long."""

import time

import pytest
import regex as re

from archive.text import paragraph_spans
from bench.bench_extraction import articles
from quotes.extraction import extract, memberships
from quotes.extraction.memberships import ANY_UNIT
from quotes.extraction.people import Names
from quotes.extraction.spans import find_spans
from quotes.extraction.speech import _SENTENCE_START, SentenceStarts, _starts_sentence

TRICKY = [
    "",
    ". Mr. Petrenko said.\n\n  \nNo. 21 brigade. Gen. X\nspoke.  She left.",
    '"Go," he said. "Now!"\n\u201cWait.\u201d\nThen  \n\n Lt. Col. Ivan Marchuk of brigade 21'
    "\n\nMarchuk said.",
    "He joined the 5th Tank Brigade.\nIvanov, the brigade's commander, spoke.\n\n"
    "Ivanov of the same brigade said: 'We hold.'\nThe Brigade said so.\n regiment 4\n\nPetrov,"
    " a gunner of the regiment, added.",
]


def texts():
    yield from TRICKY
    yield articles([20_000], seed=3)[20_000]


def positions(text: str, count: int) -> range:
    return range(0, len(text) + 1, max(1, len(text) // count))


def scanned_sentence_start(text: str, pos: int, floor: int) -> int:
    """The scan SentenceStarts replaces: from `floor` up to `pos` each time."""
    start = floor
    for match in _SENTENCE_START.finditer(text, floor, min(pos + 1, len(text))):
        if match.end() <= pos and _starts_sentence(text, match.end()):
            start = match.end()
    return start


def scanned_unit(text: str, noun: str, pos: int) -> str:
    """The scan TextUnits.stated replaces: every unit from the text's start up to `pos`."""
    found = ""
    for match in ANY_UNIT.finditer(text, 0, pos):
        name = " ".join(match.group().split())
        named = re.search(r"\d", name) or len(name.split()) > 2 or not name.startswith("The")
        if named and (noun == "unit" or name.lower().rstrip("s").endswith(noun)):
            found = name
    return found


@pytest.mark.parametrize("text", list(texts()), ids=lambda t: f"{len(t)} chars")
def test_sentence_starts_are_those_a_scan_finds(text):
    """Where a sentence starts, for every position and paragraph floor, is what a scan from
    the floor finds."""
    starts = SentenceStarts(text)
    paras = [s for s, _ in paragraph_spans(text)]
    for pos in positions(text, 600):
        own = max((s for s in paras if s <= pos), default=0)
        for floor in (0, own, max(0, pos - 3), pos):
            assert starts.start(pos, floor) == scanned_sentence_start(text, pos, floor)


@pytest.mark.parametrize("text", list(texts()), ids=lambda t: f"{len(t)} chars")
def test_names_lookups_are_those_a_scan_finds(text):
    """The units stated before a position, the mentions inside a stretch and whether a word
    stands in the text are what reading the whole text each time gives."""
    names = Names(text, paragraph_spans(text), set())
    for pos in positions(text, 150):
        for noun in ("brigade", "regiment", "unit"):
            assert names.units.stated(noun, pos) == scanned_unit(text, noun, pos)
        end = min(len(text), pos + 200)
        assert names.mentions_in(pos, end) == [
            m for m in names.mentions if pos <= m.start and m.end <= end
        ]
        assert names.covers(pos) == any(m.start <= pos < m.end for m in names.mentions)
    for word in {w.lower() for w in re.findall(r"[\w'’-]+", text)} | {"ex-", "o'neil"}:
        assert names.has_word(word) == bool(re.search(r"\b" + re.escape(word) + r"\b", text))


def test_stray_apostrophes_in_one_long_paragraph():
    """A paragraph with two thousand apostrophes that open nothing ('rock 'n roll') is read
    once, not again for each, and its quotation is still found."""
    text = (
        "We played rock 'n roll in the 'old hall. " * 1000
        + "\u201cWe will hold the line,\u201d he said."
    )
    started = time.process_time()
    spans = find_spans(text)
    assert time.process_time() - started < 2
    assert [text[s:e] for span in spans for s, e in span.segments] == ["We will hold the line,"]


def cpu_seconds(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        extract(text)
        best = min(best, time.process_time() - started)
    return best


def test_extraction_time_grows_in_proportion_to_the_text():
    """Four times the text takes about four times as long (bench/bench_extraction.py measures
    up to 10 MB); a scan of the text for each name or quotation would make it sixteen."""
    small, large = 40 * 1024, 160 * 1024
    made = articles([small, large], seed=11)
    extract(made[small])  # the gazetteers load once
    ratio = cpu_seconds(made[large]) / cpu_seconds(made[small])
    assert ratio < 8, f"four times the text took {ratio:.1f} times as long"


# A role or unit stated right before a name, as each end-anchored pattern reads one.
STATED_BEFORE = (
    "The deputy commander of the 47th Coastal Brigade, Colonel Ivo Marsh, spoke first.\n\n"
    "Commander of the Lowland Forces, Colonel-General Aster Quill said the line held.\n\n"
    "The Kestrel Regiment commander, Major Edda Fenwick, disagreed.\n\n"
    "Navy spokesman Oren Valdt said the ships stayed in port.\n\n"
    "A spokesman of the brigade, Teo Brannock, said nothing more."
)
END_ANCHORED = [
    "UNIT_BEFORE",
    "DUTY_BEFORE",
    "UNIT_ROLE_BEFORE",
    "SERVICE_BEFORE",
    "UNIT_OWNED_BEFORE",
]


@pytest.mark.parametrize("name", END_ANCHORED)
def test_patterns_read_backwards_first_find_what_the_forward_search_finds(name):
    """Each pattern stated before a name (memberships.EndAnchored) finds, before every
    capitalised word, exactly the match the forward search alone finds: the same span and
    groups, and nothing where it finds nothing."""
    pattern = getattr(memberships, name)
    forwards = re.compile(pattern.pattern)
    found = 0
    for text in [*texts(), STATED_BEFORE]:
        for word in re.finditer(r"\p{Lu}", text):
            end = word.start()
            for window in (60, 120, 200):
                expected = forwards.search(text, max(0, end - window), end)
                got = pattern.search(text, max(0, end - window), end)
                assert (got and (got.span(), got.groupdict())) == (
                    expected and (expected.span(), expected.groupdict())
                )
                found += expected is not None
    assert found  # the texts state each kind at least once
