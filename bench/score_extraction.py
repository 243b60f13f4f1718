"""Scores quote extraction against the hand-made gold standard of the seeds corpus."""

import json
import sys
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from quotes.extraction import extract  # noqa: E402
from quotes.extraction.text import fold  # noqa: E402
from quotes.extraction.units import unit_key  # noqa: E402


@dataclass
class Score:
    """Counts behind each figure, and a line for each miss."""

    recall: list[int] = field(default_factory=lambda: [0, 0])  # found, gold quote sentences
    precision: list[int] = field(default_factory=lambda: [0, 0])  # matching, extracted
    speaker: list[int] = field(default_factory=lambda: [0, 0])
    unit: list[int] = field(default_factory=lambda: [0, 0])
    misses: list[str] = field(default_factory=list)

    @staticmethod
    def ratio(pair: list[int]) -> float:
        return pair[0] / pair[1] if pair[1] else 1.0

    def figures(self) -> dict[str, float]:
        return {
            name: self.ratio(getattr(self, name))
            for name in ("recall", "precision", "speaker", "unit")
        }


def load(corpus: Path = CORPUS):
    """(gold, [(file name, body, title)]) for the seeds corpus."""
    seeds = corpus / "seeds"
    gold = json.loads((seeds / "gold.json").read_text(encoding="utf-8"))
    titles = {}
    for line in (seeds / "manifest.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            titles[row["file"]] = row.get("title") or ""
    articles = [
        (a["file"], (seeds / a["file"]).read_text(encoding="utf-8"), titles.get(a["file"], ""))
        for a in gold["articles"]
    ]
    return gold, articles


def overlaps(a: str, b: str) -> bool:
    """Two quoted texts share a stretch: one holds the other, or a run of 20 characters."""
    a, b = fold(a), fold(b)
    if not a or not b:
        return False
    if a in b or b in a:
        return True
    match = SequenceMatcher(None, a, b, autojunk=False).find_longest_match()
    return match.size >= min(20, len(a), len(b))


def score(corpus: Path = CORPUS) -> Score:
    gold, articles = load(corpus)
    result = Score()
    occurrences = {a["file"]: a["occurrences"] for a in gold["articles"]}
    for name, body, title in articles:
        extraction = extract(body, title=title)
        quotations = extraction.quotations
        for occ in occurrences[name]:
            if occ["kind"] != "quote":
                continue
            result.recall[1] += 1
            hit = next((q for q in quotations if occ["text"] in q.text), None)
            if hit is None:
                result.misses.append(f"{name}: not found: {occ['text']!r}")
                continue
            result.recall[0] += 1
            speaker = gold["speakers"].get(occ["speaker"]) if occ["speaker"] else None
            result.speaker[1] += 1
            found = extraction.speakers.get(hit.speaker) if hit.speaker else None
            forms = " ".join([found.name, *found.aliases]).lower() if found else ""
            if speaker is None:
                ok = hit.speaker is None
            else:
                ok = bool(forms) and all(k.lower() in forms for k in speaker["keys"])
            if ok:
                result.speaker[0] += 1
            else:
                want = speaker["name"] if speaker else None
                result.misses.append(
                    f"{name}: speaker {hit.speaker!r} ({hit.speaker_description!r}), "
                    f"gold {want!r}: {occ['text'][:50]!r}"
                )
            if speaker and speaker["unit"]:
                unit = gold["units"][speaker["unit"]]
                result.unit[1] += 1
                keys = set(k.lower() for k in unit["keys"])
                units = found.units if found else []
                if any(keys <= set(unit_key(u).split()) for u in units):
                    result.unit[0] += 1
                else:
                    result.misses.append(
                        f"{name}: units {units!r} for {hit.speaker!r}, gold {unit['name']!r}"
                    )
        for q in quotations:
            if q.kind not in ("quote", "partial", "headline"):
                continue
            result.precision[1] += 1
            if any(overlaps(q.text, occ["text"]) for occ in occurrences[name]):
                result.precision[0] += 1
            else:
                result.misses.append(f"{name}: extra {q.kind}: {q.text[:70]!r}")
    return result


def main() -> None:
    if not (CORPUS / "seeds" / "gold.json").exists():
        print(f"no corpus at {CORPUS}")
        return
    result = score()
    for name, value in result.figures().items():
        print(f"{name:10} {value:.3f}")
    for miss in result.misses:
        print("  " + miss)
    if "-v" in sys.argv:
        _, articles = load()
        for name, body, title in articles:
            print("=" * 20, name)
            extraction = extract(body, title=title)
            for q in extraction.quotations:
                who = q.speaker or f"({q.speaker_description})"
                print(f"  [{q.statement}] {q.kind:8} {who:28} {q.attribution!r:28} {q.text[:60]!r}")
            for speaker in extraction.speakers.values():
                print("  ", speaker)


if __name__ == "__main__":
    main()
