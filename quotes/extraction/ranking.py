"""Choosing a quotation's source among its candidates, by weights learned from the gold sets.

The weights live in attribution.json beside this module, written by `python manage.py
train_attribution` (quotes/training.py): a conditional logit over the features of
candidates.py, read here with no library. Each candidate gets a score; the highest wins, and
the winner's share of the candidates' softmax, with what kind of choice it was (EVIDENCE),
gives the attribution's confidence. Below the file's threshold (chosen from the
leave-one-set-out figures) the attribution waits for an archivist's review.
"""

import json
import math
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .candidates import FEATURES, Candidate

WEIGHTS = Path(__file__).with_name("attribution.json")


# What says how far to trust a choice, beside the choice's own share of the softmax: the
# kinds of choice that go wrong more often (a continuation past a paragraph, a choice the
# rules did not make, many people named near). A logistic regression over these, fitted on
# the leave-one-set-out choices (training.py), turns them into the confidence.
EVIDENCE = [
    "bias",
    "log_share",  # log of the winner's share of the softmax
    "margin",  # its score less the runner-up's, at most 10
    "agrees",  # the rules made the same choice
    "named",  # the attribution names the winner
    "pronoun",  # the attribution is "he" or "she"
    "continues",  # a quotation continuing the one before, unattributed
    "nobody",  # the winner is "no person"
    "crowded",  # more than one person is a candidate
]


def evidence(chosen: Candidate, share: float, margin: float, candidates: list) -> dict:
    f = chosen.features
    return {
        "bias": 1.0,
        "log_share": math.log(max(share, 1e-9)),
        "margin": min(margin, 10.0),
        "agrees": float(bool(f.get("rule") or f.get("none_rule"))),
        "named": float(bool(f.get("named_here"))),
        "pronoun": float(bool(f.get("pronoun_here") or f.get("pronoun_nearest"))),
        "continues": float(bool(f.get("continues"))),
        "nobody": float(chosen.person is None),
        "crowded": float(sum(c.person is not None for c in candidates) > 1),
    }


@dataclass(frozen=True)
class Model:
    weights: dict[str, float]
    bias: float = 0.0
    threshold: float = 0.5  # least confidence published without review
    about: dict = field(default_factory=dict, compare=False)  # how it was trained
    calibration: dict = field(default_factory=dict)  # EVIDENCE -> weight; none: the share

    def score(self, features: dict[str, float]) -> float:
        return self.bias + sum(self.weights.get(n, 0.0) * v for n, v in features.items() if v)

    def choose(self, candidates: list[Candidate]) -> "Choice":
        """The best candidate, its confidence, and the runner-up."""
        scored = sorted(
            ((self.score(c.features), i, c) for i, c in enumerate(candidates)),
            key=lambda t: (-t[0], t[1]),
        )
        top = scored[0][0]
        total = sum(math.exp(s - top) for s, _, _ in scored)
        runner_up = scored[1][2] if len(scored) > 1 else None
        share = 1.0 / total
        margin = top - scored[1][0] if len(scored) > 1 else 10.0
        found = evidence(scored[0][2], share, margin, candidates)
        confidence = self.calibrated(found) if self.calibration else share
        return Choice(scored[0][2], confidence, runner_up, confidence >= self.threshold, found)

    def calibrated(self, found: dict) -> float:
        z = sum(self.calibration.get(n, 0.0) * v for n, v in found.items())
        return 1.0 / (1.0 + math.exp(-z))

    def as_json(self) -> dict:
        return {
            "features": FEATURES,
            "weights": [round(self.weights.get(n, 0.0), 4) for n in FEATURES],
            "bias": round(self.bias, 4),
            "calibration": {n: round(self.calibration.get(n, 0.0), 4) for n in EVIDENCE},
            "threshold": self.threshold,
            "about": self.about,
        }

    @classmethod
    def from_json(cls, data: dict) -> "Model":
        weights = dict(zip(data["features"], data["weights"], strict=True))
        return cls(
            weights,
            data.get("bias", 0.0),
            data.get("threshold", 0.5),
            data.get("about", {}),
            data.get("calibration", {}),
        )


@dataclass
class Choice:
    candidate: Candidate
    confidence: float
    runner_up: Candidate | None = None
    sure: bool = True  # sure enough to publish without review
    evidence: dict = field(default_factory=dict)  # what the confidence was read from


# What the rules alone would credit: the model before any training, and what training's
# first pass reads articles with.
RULES = Model({"rule": 10.0, "none_rule": 10.0})

_override: list[Model] = []


@cache
def _stored() -> Model:
    if not WEIGHTS.is_file():
        return RULES
    return Model.from_json(json.loads(WEIGHTS.read_text(encoding="utf-8")))


def current() -> Model:
    """The model extraction uses: the stored weights, or one `using` put in their place."""
    return _override[-1] if _override else _stored()


@contextmanager
def using(model: Model):
    """Extract with `model` instead of the stored weights (training and the leave-one-set-out
    figures), in this process."""
    _override.append(model)
    try:
        yield model
    finally:
        _override.pop()
