"""Lineage and alterations scored against invented gold sets (tests/corpus/lineage-*/): each
statement's printings with the source each truly took its words from and the alterations
each truly makes (see tests/corpus/README.md)."""

import json
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from .alterations import flag
from .inference import infer
from .readings import PrintingIn

# The targets of issue 31.
TARGETS = {"edge_accuracy": 0.8, "later_edges": 0, "recall": 0.9, "precision": 0.9}


@dataclass
class Figures:
    edges: int = 0  # printings whose source the evidence decides
    right: int = 0
    later: int = 0  # inferred edges to a printing printed after its copy
    true_flags: int = 0
    found_flags: int = 0
    right_flags: int = 0
    misses: list = field(default_factory=list)

    @property
    def edge_accuracy(self) -> float:
        return self.right / self.edges if self.edges else 1.0

    @property
    def recall(self) -> float:
        return self.right_flags / self.true_flags if self.true_flags else 1.0

    @property
    def precision(self) -> float:
        return self.right_flags / self.found_flags if self.found_flags else 1.0

    def passes(self) -> bool:
        return (
            self.edge_accuracy >= TARGETS["edge_accuracy"]
            and self.later == TARGETS["later_edges"]
            and self.recall >= TARGETS["recall"]
            and self.precision >= TARGETS["precision"]
        )

    def add(self, other: "Figures") -> None:
        for name in ("edges", "right", "later", "true_flags", "found_flags", "right_flags"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.misses.extend(other.misses)


def _moment(printing: dict) -> datetime:
    return datetime.fromisoformat(f"{printing['published']}T{printing.get('time', '00:00')}")


def _inputs(statement: dict) -> list[PrintingIn]:
    """The printings as the archive knows them: the day printed, not the hour."""
    return [
        PrintingIn(
            key=p["id"],
            text=p["text"],
            printed=date.fromisoformat(p["published"]),
            outlet=p["outlet"],
            language=p["language"],
            speaker=p.get("speaker", ""),
            order=n,
        )
        for n, p in enumerate(statement["printings"])
    ]


def score_statement(statement: dict, elsewhere: list[str]) -> Figures:
    figures = Figures()
    printings = {p["id"]: p for p in statement["printings"]}
    inputs = _inputs(statement)
    for edge in infer(inputs):
        truth = printings[edge.copy]
        if edge.source is not None and _moment(printings[edge.source]) > _moment(truth):
            figures.later += 1
        if truth.get("decidable", True):
            figures.edges += 1
            if edge.source == truth["source"]:
                figures.right += 1
            else:
                figures.misses.append(f"edge {edge.copy}: {edge.source} ({edge.evidence})")
    wanted = {(p["id"], a["kind"]) for p in statement["printings"] for a in p["alterations"]}
    found = {(f.printing, f.kind) for f in flag(inputs, elsewhere=elsewhere)}
    figures.true_flags, figures.found_flags = len(wanted), len(found)
    figures.right_flags = len(wanted & found)
    figures.misses += [f"missed {p} {k}" for p, k in sorted(wanted - found)]
    figures.misses += [f"wrong {p} {k}" for p, k in sorted(found - wanted)]
    return figures


def score_set(folder: Path) -> Figures:
    """The figures of the gold set in `folder` (its lineage.json)."""
    gold = json.loads((Path(folder) / "lineage.json").read_text(encoding="utf-8"))
    by_id = {s["id"]: s for s in gold["statements"]}
    figures = Figures()
    for statement in gold["statements"]:
        elsewhere = [
            p["text"] for other in statement.get("elsewhere", []) for p in by_id[other]["printings"]
        ]
        figures.add(score_statement(statement, elsewhere))
    return figures
