"""Finding direct quotations in an article's text and attributing them to speakers and units.

Pure Python over a string: no database. `extract(body)` returns an `Extraction`; the import
service (quotes/services/importing.py) turns it into people, units, quotes and printings.

Modules, one a step:
- text.py: typography folding, word and sentence splitting (shared with matching)
- spans.py: quotation spans (marks of every style, multi-paragraph quotes, boilerplate)
- speech.py: speech verbs, the mask over quoted words, sentence starts (for spans and attribution)
- mentions.py: capitalised runs that name people; an article's people and what it states of them
- memberships.py: patterns for the units, ranks and roles stated with a person
- descriptors.py: unnamed speakers, roles, institutions and publications as a verb's subject
- attribution.py: speakers named before, after or inside the quote, pronouns, unnamed speakers,
  and who the narrative is about
- pipeline.py: the steps in order, from spans to speakers
- places.py, ranks.py: gazetteer of places and nationalities; military ranks and roles
- units.py: military units stated for a person, and the key that folds their spelling variants
"""

from dataclasses import dataclass, field


@dataclass
class Quotation:
    """One direct quotation as printed: possibly several pieces over several paragraphs."""

    text: str  # the quoted words as printed, pieces joined by "\n"; marks and boilerplate left out
    segments: list[tuple[int, int]]  # body offsets of each printed piece (text == pieces joined)
    attribution: str = ""  # the attribution words as printed: "Mr Alekseevich said"
    speaker: str | None = None  # the person's full name as the article gives it, or None
    speaker_description: str = ""  # for an unnamed speaker: "one soldier", "the captured soldier"
    kind: str = "quote"  # "quote" (full direct quotation), "partial" (clause), "headline"
    statement: int = 0  # quotations with one number form one statement in this article
    # How sure the ranking (ranking.py) is of the speaker, 0-1; below the model's threshold
    # the attribution waits for review, with the reason and the other candidates' names.
    confidence: float = 1.0
    doubt: str = ""
    alternatives: list[str] = field(default_factory=list)

    @property
    def start(self) -> int:
        return self.segments[0][0]

    @property
    def end(self) -> int:
        return self.segments[-1][1]


@dataclass
class Speaker:
    """A named person as the article presents them."""

    name: str  # the fullest form of the name, no rank or title: "Galkin Sergey Alekseevich"
    aliases: list[str] = field(default_factory=list)  # shorter forms used: "Mr Alekseevich"
    units: list[str] = field(default_factory=list)  # unit names as printed for this person
    description: str = ""  # an appositive if given: "a signalman"
    rank: str = ""  # rank or title as printed, kept out of the name: "Lieutenant Colonel"
    role: str = ""  # role as printed: "deputy commander"
    # Units the article ties to them less surely, with why: {"35th Brigade": "unit stated
    # only inside the quotation"}. The others in `units` are stated with the person.
    unit_doubts: dict[str, str] = field(default_factory=dict)


@dataclass
class Extraction:
    quotations: list[Quotation]
    speakers: dict[str, Speaker]  # keyed by Speaker.name


def extract(body: str, *, title: str = "", outlet: str = "", decide=None) -> Extraction:
    """All direct quotations in `body` (and a quoted headline in `title`), attributed.
    `outlet`: the name of the outlet that printed it, whose words name nobody in it.
    `decide(candidates, quotation)` picks each quotation's source (pipeline.run); by default
    the learned ranking does."""
    from .pipeline import run

    return run(body, title=title, outlet=outlet, decide=decide)
