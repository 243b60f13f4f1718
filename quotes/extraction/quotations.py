"""What extraction gives: the quotations an article prints, the speakers it names, and the
two together."""

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
class TitleQuotation(Quotation):
    """A quotation in the title passed to extract() when the body does not print the title:
    its segments are offsets into the title, not the body."""

    in_title: bool = True


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
    """What extract() finds in one article."""

    quotations: list[Quotation]
    speakers: dict[str, Speaker]  # keyed by Speaker.name
