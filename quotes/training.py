"""Training the attribution model on gold sets, and its leave-one-set-out figures.

Every article of a gold set is extracted with a teacher choosing each quotation's source:
where the gold names the speaker of what the quotation holds, the teacher takes a candidate
that is them (so that who the text is about afterwards is who it really is) and records
every candidate's features with whether it is right; elsewhere it takes what the rules
take. A conditional logit over those rows (each quotation's candidates a choice set,
fitted with scipy) gives the weights that ranking.py reads.

Leave one set out: the figure a set gets from a model fitted on the other sets alone is the
honest estimate for news none of them holds; the threshold of confidence below which an
attribution waits for review is chosen from those held-out figures.
"""

from dataclasses import dataclass, field, replace

import numpy as np
from scipy.optimize import minimize

from .extraction import extract
from .extraction.candidates import FEATURES
from .extraction.ranking import EVIDENCE, RULES, Model
from .gold import GoldSet, held, names_speaker

# The least share of held-out quotations a threshold must publish without review, and the
# speaker accuracy those must have (issue 25's bar for what publishes unreviewed).
LEAST_PUBLISHED = 0.80
SURE_ACCURACY = 0.97
# How far above LEAST_PUBLISHED a held set's share must stay in the pure figures, for the
# archive's own (evaluate_extraction) to keep above it too.
HELD_MARGIN = 0.05
# Regularisation: small sets, so a fairly strong prior towards weights of 0.
C = 1.0


@dataclass
class Example:
    """One quotation's candidates: their features, whether each is the gold speaker, and how
    many gold sentences the quotation holds (its weight)."""

    set_name: str
    file: str
    rows: list[list[float]]
    labels: list[bool]
    weight: int


@dataclass
class Reading:
    """What extraction credited one gold sentence with: right or wrong, how sure, and what
    the confidence is read from (ranking.EVIDENCE)."""

    set_name: str
    file: str
    text: str
    right: bool
    confidence: float
    weight: int
    evidence: dict = field(default_factory=dict)


@dataclass
class Examples:
    rows: list[Example] = field(default_factory=list)
    unreachable: int = 0  # gold sentences whose speaker was no candidate


def examples(gold: GoldSet) -> Examples:
    """The labelled candidates of every gold quotation in the set."""
    found = Examples()
    for article in gold.articles:

        def teacher(candidates, quotation, article=article):
            choice = RULES.choose(candidates)
            marked = held(quotation.text, article.occurrences)
            if not marked:
                return choice
            speaker = marked[0]["speaker"]
            labels = [names_speaker(c.names, speaker, gold.speakers) for c in candidates]
            if not any(labels):
                found.unreachable += len(marked)
                return choice
            found.rows.append(
                Example(
                    gold.name,
                    article.file,
                    [[c.features[n] for n in FEATURES] for c in candidates],
                    labels,
                    len(marked),
                )
            )
            # The rules' own choice when it is right, else the first right candidate.
            if labels[candidates.index(choice.candidate)]:
                return choice
            choice.candidate = candidates[labels.index(True)]
            return choice

        extract(article.body, title=article.title, outlet=article.outlet, decide=teacher)
    return found


def fit(
    rows: list[Example], *, threshold: float = 0.5, about: dict | None = None, c: float = C
) -> Model:
    """A model fitted on these examples: a conditional logit, the weights that make each
    quotation's right candidates the likeliest among its candidates (a softmax over them,
    as ranking.Model.choose reads it), with an L2 penalty of strength 1/C. Fitted by
    scipy's L-BFGS; deterministic for the same examples."""
    x = np.array([r for example in rows for r in example.rows], dtype=float)
    right = np.array([label for example in rows for label in example.labels], dtype=bool)
    sizes = [len(example.rows) for example in rows]
    starts = np.cumsum([0, *sizes[:-1]])
    group = np.repeat(np.arange(len(rows)), sizes)
    weight = np.array([example.weight for example in rows], dtype=float)

    def loss(beta):
        score = x @ beta
        top = np.maximum.reduceat(score, starts)[group]
        e = np.exp(score - top)
        every = np.add.reduceat(e, starts)
        chosen = np.add.reduceat(np.where(right, e, 0.0), starts)
        value = -(weight * np.log(chosen / every)).sum() + 0.5 / c * beta @ beta
        # The gradient: each quotation's expected features under the model less those
        # expected among its right candidates.
        p_every = e / every[group]
        p_right = np.where(right, e, 0.0) / chosen[group]
        grad = ((p_every - p_right) * weight[group]) @ x + beta / c
        return value, grad

    found = minimize(loss, np.zeros(x.shape[1]), jac=True, method="L-BFGS-B")
    return Model(dict(zip(FEATURES, map(float, found.x), strict=True)), 0.0, threshold, about or {})


def readings(gold: GoldSet, model: Model) -> list[Reading]:
    """Each gold sentence as extraction with `model` credits it, scored against the gold:
    the pure counterpart of evaluation.score's speaker accuracy (no archive involved)."""
    out = []
    for article in gold.articles:
        choices = {}

        def decide(candidates, quotation, choices=choices):
            choice = model.choose(candidates)
            choices[id(quotation)] = choice
            return choice

        extraction = extract(
            article.body, title=article.title, outlet=article.outlet, decide=decide
        )
        for quotation in extraction.quotations:
            marked = held(quotation.text, article.occurrences)
            if not marked or id(quotation) not in choices:
                continue
            speaker = extraction.speakers.get(quotation.speaker) if quotation.speaker else None
            names = [speaker.name, *speaker.aliases] if speaker else []
            found = choices[id(quotation)].evidence
            for occurrence in marked:
                right = names_speaker(names, occurrence["speaker"], gold.speakers)
                out.append(
                    Reading(
                        gold.name,
                        article.file,
                        quotation.text,
                        right,
                        quotation.confidence,
                        1,
                        found,
                    )
                )
    return out


def fit_calibration(readings: list[Reading]) -> dict:
    """The weights of ranking.EVIDENCE that give the chance a choice is right: a logistic
    regression over held-out choices, right or wrong, with an L2 penalty of 1/C."""
    x = np.array([[r.evidence[n] for n in EVIDENCE] for r in readings], dtype=float)
    y = np.array([r.right for r in readings], dtype=float)

    def loss(beta):
        z = x @ beta
        p = 1.0 / (1.0 + np.exp(-z))
        eps = 1e-12
        value = -(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps)).sum()
        value += 0.5 / C * beta[1:] @ beta[1:]  # the bias unpenalised
        grad = (p - y) @ x + np.concatenate([[0.0], beta[1:] / C])
        return value, grad

    found = minimize(loss, np.zeros(len(EVIDENCE)), jac=True, method="L-BFGS-B")
    return dict(zip(EVIDENCE, map(float, found.x), strict=True))


def calibrated(readings: list[Reading], calibration: dict) -> list[Reading]:
    model = Model({}, calibration=calibration)
    return [replace(r, confidence=model.calibrated(r.evidence)) for r in readings]


def leave_one_out(sets: list[GoldSet], examples_of: dict[str, Examples]) -> dict:
    """For each set, the model fitted on the others and its readings of that set."""
    out = {}
    for gold in sets:
        others = [e for name, ex in examples_of.items() if name != gold.name for e in ex.rows]
        model = fit(others)
        out[gold.name] = (model, readings(gold, model))
    return out


def accuracy(readings: list[Reading]) -> float:
    total = sum(r.weight for r in readings)
    return sum(r.weight for r in readings if r.right) / total if total else 1.0


def choose_threshold(
    readings: list[Reading], held: dict[str, list[Reading]] | None = None
) -> tuple[float, float, float]:
    """The lowest confidence at which what is at least that sure is right SURE_ACCURACY of
    the time over the held-out readings (pooled), with that accuracy and the share it
    publishes; the threshold with the best accuracy where none reaches it. No threshold may
    leave a set of `held` (the sets CI holds to the targets, by name) publishing less than
    LEAST_PUBLISHED and a margin, nor the pool less than LEAST_PUBLISHED."""
    total = sum(r.weight for r in readings) or 1
    best = None
    for threshold in sorted({round(r.confidence, 4) for r in readings}):
        sure = [r for r in readings if r.confidence >= threshold]
        share = sum(r.weight for r in sure) / total
        if share < LEAST_PUBLISHED or any(
            _share(rs, threshold) < LEAST_PUBLISHED + HELD_MARGIN for rs in (held or {}).values()
        ):
            break
        right = accuracy(sure)
        if right >= SURE_ACCURACY:
            return threshold, right, share
        if best is None or right > best[1]:
            best = (threshold, right, share)
    return best or (0.5, accuracy(readings), 1.0)


def _share(readings: list[Reading], threshold: float) -> float:
    total = sum(r.weight for r in readings) or 1
    return sum(r.weight for r in readings if r.confidence >= threshold) / total


def train(sets: list[GoldSet], *, hold: tuple[str, ...] = ()) -> tuple[Model, dict]:
    """The model fitted on every set, with its calibration and threshold, and the figures
    per set: accuracy with everything, and with the set left out of training.

    Each set's held-out choices are read by a model fitted on the other sets; their
    confidence by a calibration fitted on the other sets' held-out choices (so that no
    figure of a set comes from anything fitted on it); the threshold is the lowest at which
    what is at least that sure, pooled over the sets, is right SURE_ACCURACY of the time,
    short of leaving one of the `hold` sets publishing too little (choose_threshold)."""
    examples_of = {gold.name: examples(gold) for gold in sets}
    held_out = leave_one_out(sets, examples_of)
    honest = {}
    for gold in sets:
        others = [r for name, (_, rs) in held_out.items() if name != gold.name for r in rs]
        honest[gold.name] = calibrated(held_out[gold.name][1], fit_calibration(others))
    pooled = [r for rs in honest.values() for r in rs]
    threshold, sure_accuracy, share = choose_threshold(
        pooled, {name: honest[name] for name in hold if name in honest}
    )
    rows = [e for ex in examples_of.values() for e in ex.rows]
    calibration = fit_calibration([r for _, rs in held_out.values() for r in rs])
    model = fit(rows, threshold=threshold)
    model = Model(model.weights, model.bias, threshold, {}, calibration)
    figures = {}
    for gold in sets:
        left_out = honest[gold.name]
        sure = [r for r in left_out if r.confidence >= threshold]
        figures[gold.name] = {
            "speaker_accuracy": round(accuracy(readings(gold, model)), 3),
            "left_out_speaker_accuracy": round(accuracy(left_out), 3),
            "left_out_sure_accuracy": round(accuracy(sure), 3),
            "left_out_sure_share": round(
                sum(r.weight for r in sure) / (sum(r.weight for r in left_out) or 1), 3
            ),
            "quotations": len(examples_of[gold.name].rows),
            "unreachable_sentences": examples_of[gold.name].unreachable,
        }
    about = {
        "sets": [gold.name for gold in sets],
        "threshold_from": "leave one set out, pooled",
        "held": list(hold),
        "left_out_sure_accuracy": round(sure_accuracy, 3),
        "left_out_sure_share": round(share, 3),
        "figures": figures,
    }
    return Model(model.weights, model.bias, threshold, about, calibration), figures
