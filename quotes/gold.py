"""Gold sets: articles marked by hand in the format of ../shared/corpus (see its README), read
for the quality figures (evaluation.py) and for training the attribution model (training.py).

What makes a speaker or a unit right is decided here, once for both."""

import json
from dataclasses import dataclass, field
from pathlib import Path

from archive.services import text_and_title
from archive.sources import collect

from .extraction.text import fold_typography, words
from .extraction.units import unit_key
from .names import spell


@dataclass
class GoldArticle:
    file: str
    body: str  # as archive_article stores it: what the quotations are read from
    title: str
    occurrences: list[dict]
    outlet: str = ""


@dataclass
class GoldSet:
    name: str
    folder: Path
    speakers: dict
    units: dict
    articles: list[GoldArticle] = field(default_factory=list)

    @property
    def raw(self) -> dict:
        return {"speakers": self.speakers, "units": self.units}


def read_set(folder: Path) -> GoldSet:
    """The gold set in `folder` (gold.json, manifest.jsonl and the articles), each article's
    text and title as an import reads them."""
    folder = Path(folder)
    gold = json.loads((folder / "gold.json").read_text(encoding="utf-8"))
    marked = {entry["file"]: entry["occurrences"] for entry in gold["articles"]}
    found = GoldSet(folder.name, folder, gold["speakers"], gold.get("units", {}))
    for source in collect([folder]):
        if source.error or source.skipped or source.source_file not in marked:
            continue
        body, title = text_and_title(
            source.raw,
            source_file=source.source_file,
            raw_format=source.raw_format,
            **source.metadata,
        )
        found.articles.append(
            GoldArticle(
                source.source_file,
                body,
                title,
                marked[source.source_file],
                source.metadata.get("outlet") or "",
            )
        )
    return found


def held(text: str, occurrences: list[dict], kinds=("quote",)) -> list[dict]:
    """The gold occurrences of these kinds a printed text holds (typography folded)."""
    folded = fold_typography(text)
    return [o for o in occurrences if o["kind"] in kinds and fold_typography(o["text"]) in folded]


def names_speaker(names: list[str], speaker: str | None, speakers: dict) -> bool:
    """Whether a person called by `names` (a name and its aliases; [] for no person) is the
    gold `speaker` (a key of `speakers`, or None for a speaker the article does not name).

    The keys are the spellings that identify the person: any one of them among the words of
    a name is the person, in any romanisation ("Hnatyuk" for "hnatiuk": names.spell). No
    person is right for an unnamed speaker, and for an institution marked `accept_none`
    ("the SBU said")."""
    if speaker is None:
        return not names
    wanted = speakers[speaker]
    if not names:
        return bool(wanted.get("accept_none"))
    tokens = {w for name in names for w in words(name)}
    spelt = {spell(w) for w in tokens}
    return any(key in tokens or spell(key) in spelt for key in wanted["keys"])


def names_unit(name: str, unit: dict) -> bool:
    """Whether a unit called `name` is the gold `unit`: every key starts a word of its name
    ("khart" of "Khartiia"); `also` lists words that may appear ("aviation")."""
    tokens = unit_key(name).split() + words(name)
    return all(any(token.startswith(key) for token in tokens) for key in unit["keys"])
