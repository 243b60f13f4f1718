"""Choosing a quotation's source among its candidates, by weights learned from the gold sets.

The weights live in attribution.json beside this module, written by `python manage.py
train_attribution` (quotes/training.py): a conditional logit over the features of
candidates.py, read here with no library. Each candidate gets a score; the highest wins, and
the share of the winner in the candidates' softmax is the attribution's confidence. Below the
file's threshold (chosen from the leave-one-set-out figures) the attribution waits for an
archivist's review.
"""

import json
import math
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .candidates import FEATURES, Candidate

WEIGHTS = Path(__file__).with_name("attribution.json")


@dataclass(frozen=True)
class Model:
    weights: dict[str, float]
    bias: float = 0.0
    threshold: float = 0.5  # least confidence published without review
    about: dict = field(default_factory=dict, compare=False)  # how it was trained

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
        confidence = 1.0 / total
        return Choice(scored[0][2], confidence, runner_up, confidence >= self.threshold)

    def as_json(self) -> dict:
        return {
            "features": FEATURES,
            "weights": [round(self.weights.get(n, 0.0), 4) for n in FEATURES],
            "bias": round(self.bias, 4),
            "threshold": self.threshold,
            "about": self.about,
        }

    @classmethod
    def from_json(cls, data: dict) -> "Model":
        weights = dict(zip(data["features"], data["weights"], strict=True))
        return cls(
            weights, data.get("bias", 0.0), data.get("threshold", 0.5), data.get("about", {})
        )


@dataclass
class Choice:
    candidate: Candidate
    confidence: float
    runner_up: Candidate | None = None
    sure: bool = True  # sure enough to publish without review


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
