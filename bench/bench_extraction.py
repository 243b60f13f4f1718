"""How extraction time grows with an article's length: it should grow in proportion.

    .venv/bin/python bench/bench_extraction.py            # 1 KB to 2 MB (the archive's limit)
    .venv/bin/python bench/bench_extraction.py --large    # and on to 10 MB (or BENCH_LARGE=1)

Builds deterministic synthetic articles of growing size from invented paragraphs (fictional
people, units and places; quotations in several mark styles, attributed before, after or
not at all; paragraphs of narrative with no quotation), times `extract()` on each (best of
--runs; CPU time of this process, so that other work on a shared machine counts for little),
and prints seconds per MB at each size. A linear pass over the same text (splitting
it into words, `text.words`) is timed in the same run as a baseline, so that figures from a
busy machine compare. Linear growth keeps the per-MB time, and its ratio to the smallest
size's, near 1; quadratic growth makes that ratio grow with the size. Results are also written
to var/bench/extraction.json.
"""

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from quotes.extraction import extract  # noqa: E402
from quotes.extraction.text import words  # noqa: E402

KB = 1024
MB = 1024 * KB
SIZES = [KB, 10 * KB, 100 * KB, MB, 2 * MB]
LARGE_SIZES = [5 * MB, 10 * MB]

SYLLABLES = (
    "ka lo mi ne ru sa to ve bri dan fel gor hal jin kor lum mar nor pel ras sen tor".split()
)
GLUE = "the a we they will not never always must should can our their this that and but".split()
RANKS = ["Sergeant", "Captain", "Lieutenant Colonel", "Private", "Major", "Junior Sergeant"]
ROLES = ["commander", "spokesman", "drone operator", "medic", "deputy commander", "gunner"]
UNIT_WORDS = ["separate", "mechanised", "mountain", "assault", "engineer", "marine"]
UNIT_NOUNS = ["Brigade", "Regiment", "Battalion"]
OPENERS = [("\u201c", "\u201d"), ('"', '"'), ("\u00ab", "\u00bb"), ("\u2018", "\u2019")]
FURNITURE = ["Read more", "Advertisement", "Share this article", "Related stories"]


class Inventor:
    """Invented words, people, places and units, drawn from one seeded generator."""

    def __init__(self, seed: int = 7):
        self.rng = random.Random(seed)
        self.vocab = sorted({self.word() for _ in range(3000)})
        self.people: list[tuple[str, str]] = []

    def word(self) -> str:
        return "".join(self.rng.choice(SYLLABLES) for _ in range(self.rng.randint(1, 3)))

    def proper(self) -> str:
        return (self.word() + self.rng.choice(SYLLABLES)).capitalize()

    def person(self) -> tuple[str, str]:
        """A recent person most of the time, else a new one: long texts name more people."""
        if self.people and self.rng.random() < 0.7:
            return self.rng.choice(self.people[-12:])
        person = (self.proper(), self.proper() + self.rng.choice(["enko", "ov", "ski", "ik"]))
        self.people.append(person)
        return person

    def unit(self) -> str:
        n = self.rng.randint(1, 199)
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix} {self.rng.choice(UNIT_WORDS)} {self.rng.choice(UNIT_NOUNS)}"

    def sentence(self, low: int = 6, high: int = 14) -> str:
        rng = self.rng
        n = rng.randint(low, high)
        ws = [rng.choice(self.vocab) if i % 2 else rng.choice(GLUE) for i in range(n)]
        return " ".join(ws).capitalize() + rng.choice([".", ".", ".", "!", "?"])

    def quote(self) -> str:
        return " ".join(self.sentence() for _ in range(self.rng.randint(1, 3)))

    def paragraph(self) -> str:
        rng = self.rng
        first, last = self.person()
        left, right = rng.choice(OPENERS)
        q = self.quote()
        clause = q.rstrip(".!?")
        kind = rng.randrange(12)
        if kind == 0:
            return (
                f"{rng.choice(RANKS)} {first} {last}, {rng.choice(ROLES)} of the "
                f"{self.unit()}, said: {left}{q}{right}"
            )
        if kind == 1:
            return f"{left}{clause},{right} {last} said."
        if kind == 2:
            return f"{left}{clause},{right} said {first} {last}, a resident of {self.proper()}."
        if kind == 3:
            return (
                f"{left}{clause}{right}, - told the {rng.choice(ROLES)} of the {self.unit()} "
                f"{last} {first}."
            )
        if kind == 4:
            return f"One soldier, who did not give his name, told reporters: {left}{q}{right}"
        if kind == 5:
            return f"He added: {left}{q}{right}"
        if kind == 6:
            # A quotation over two paragraphs, re-opened in the second.
            return f"{left}{q}\n\n{left}{self.quote()[:-1]},{right} {last} said."
        if kind == 7:
            word = rng.choice(self.vocab)
            return (
                f"{first} {last} said the {word} plan {left}{self.sentence().lower()[:-1]}"
                f"{right} and that the so-called {left}{rng.choice(self.vocab)}{right} "
                f"would not hold."
            )
        if kind == 8:
            return f"According to {first} {last}, {self.sentence().lower()}"
        if kind == 9:
            return rng.choice(FURNITURE)
        return " ".join(
            f"{self.sentence()[:-1]} near {self.proper()}."
            if rng.random() < 0.3
            else self.sentence()
            for _ in range(rng.randint(2, 5))
        )


def articles(sizes: list[int], seed: int = 7) -> dict[int, str]:
    """One article per size, each the start of one stream of paragraphs, cut at the first
    paragraph past the size; a headline first."""
    inventor = Inventor(seed)
    paragraphs = [f"{inventor.proper()} {inventor.proper()} says {inventor.sentence()[:-1]}"]
    length = len(paragraphs[0].encode())
    out = {}
    for size in sorted(sizes):
        while length < size:
            paragraph = inventor.paragraph()
            paragraphs.append(paragraph)
            length += len(paragraph.encode()) + 2
        out[size] = "\n\n".join(paragraphs)
    return out


def best_of(function, text: str, runs: int, budget: float) -> tuple[float, int, object]:
    """The fastest of `runs` calls in CPU seconds, stopping early once `budget` are spent."""
    best, spent, done, result = float("inf"), 0.0, 0, None
    while done < runs and (done == 0 or spent < budget):
        t0 = time.process_time()
        result = function(text)
        elapsed = time.process_time() - t0
        best, spent, done = min(best, elapsed), spent + elapsed, done + 1
    return best, done, result


def label(size: int) -> str:
    return f"{size // MB} MB" if size >= MB else f"{size // KB} KB"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--large",
        action="store_true",
        default=os.environ.get("BENCH_LARGE") == "1",
        help="also 5 and 10 MB, past the archive's limit (or BENCH_LARGE=1)",
    )
    parser.add_argument("--runs", type=int, default=3, help="best of this many runs per size")
    parser.add_argument(
        "--budget", type=float, default=60, help="seconds per size after which runs stop"
    )
    parser.add_argument("--max-size", type=float, help="stop at this size, in MB")
    parser.add_argument("--output", default=str(ROOT / "var" / "bench" / "extraction.json"))
    args = parser.parse_args()
    sizes = SIZES + (LARGE_SIZES if args.large else [])
    if args.max_size:
        sizes = [s for s in sizes if s <= args.max_size * MB]
    texts = articles(sizes)
    extract(texts[sizes[0]])  # load the gazetteers and compile the patterns once, untimed

    rows = []
    print(
        f"{'size':>6} {'bytes':>10} {'quotes':>7} {'runs':>4} {'seconds':>9} "
        f"{'s per MB':>9} {'x smallest':>10} {'words() s/MB':>12} {'x words()':>9}"
    )
    for size in sizes:
        text = texts[size]
        nbytes = len(text.encode())
        seconds, runs, result = best_of(extract, text, args.runs, args.budget)
        base, _, _ = best_of(words, text, args.runs, args.budget)
        per_mb = seconds / (nbytes / MB)
        row = {
            "size": label(size),
            "bytes": nbytes,
            "quotations": len(result.quotations),
            "speakers": len(result.speakers),
            "runs": runs,
            "seconds": seconds,
            "seconds_per_mb": per_mb,
            "baseline_seconds_per_mb": base / (nbytes / MB),
        }
        row["x_baseline"] = per_mb / row["baseline_seconds_per_mb"]
        row["x_smallest"] = per_mb / rows[0]["seconds_per_mb"] if rows else 1.0
        rows.append(row)
        print(
            f"{row['size']:>6} {nbytes:>10} {row['quotations']:>7} {runs:>4} {seconds:>9.3f} "
            f"{per_mb:>9.3f} {row['x_smallest']:>10.2f} "
            f"{row['baseline_seconds_per_mb']:>12.3f} {row['x_baseline']:>9.1f}",
            flush=True,
        )
    ratio = rows[-1]["seconds_per_mb"] / rows[0]["seconds_per_mb"]
    print(
        f"per-MB time at {rows[-1]['size']} / at {rows[0]['size']}: {ratio:.2f} "
        "(near 1: linear; growing with size: worse than linear)"
    )
    output = Path(args.output)
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(
        json.dumps(
            {
                "python": platform.python_version(),
                "machine": platform.machine(),
                "cpus": os.cpu_count(),
                "measured": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                "runs": args.runs,
                "ratio_largest_to_smallest": ratio,
                "sizes": rows,
            },
            indent=2,
        )
        + "\n"
    )
    print(f"written to {output.relative_to(ROOT) if output.is_relative_to(ROOT) else output}")


if __name__ == "__main__":
    main()
