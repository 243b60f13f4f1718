"""The archivist's decisions on the admin's preview (archive.suggestions), applied to the
extraction an import stores: what they left out is not stored, and a speaker or units they
gave are stored as given, as their decision rather than the machine's guess.

A decision names its quotation by its place among the preview's suggestions (the
extraction's quotations, in order: quotes.services.preview) and by its words. The text is
extracted again when it is archived, with the title and outlet then given: a decision whose
quotation is not there with the same words is ignored, marked with the reason."""

from dataclasses import dataclass, field, replace

from archive.text import clean_name

from ..extraction import Extraction, Quotation, Speaker

# What a quotation the archivist credited is marked with: no doubt left, as sure as can be.
DECIDED = {"confidence": 1.0, "doubt": "", "alternatives": []}
# The history's reason for what the archivist gave in the preview.
PREVIEW_NOTE = "given by the archivist in the preview"


@dataclass
class Decided:
    """An extraction as the archivist decided it, and the speakers whose units they gave
    (their memberships are the archivist's: ArticleImport.record_memberships)."""

    extraction: Extraction
    units_given: set[str] = field(default_factory=set)


def apply_decisions(extraction: Extraction, decisions) -> Decided:
    """`extraction` with the archivist's `decisions` applied (archive.suggestions gives their
    form); each one that cannot be is marked "ignored" with the reason, in place, for the
    admin to say so. The extraction given is left as it was (it may be shared)."""
    quotations: list[Quotation | None] = list(extraction.quotations)
    speakers = dict(extraction.speakers)
    credited_before = {q.speaker for q in quotations if q.speaker}
    given: dict[str, list[str]] = {}  # a speaker's name: the units given them
    for decision in decisions or ():
        index = decision.get("index")
        if not isinstance(index, int) or not 0 <= index < len(quotations):
            decision["ignored"] = "no such quotation when archived"
            continue
        quotation = quotations[index]
        if quotation is None or quotation.text != decision.get("text"):
            decision["ignored"] = "the quotation read differently when archived"
            continue
        if not decision.get("keep", True):
            quotations[index] = None
            continue
        quotations[index] = credited(quotation, decision, speakers, given)
    kept = [q for q in quotations if q is not None]
    for name, units in given.items():
        base = speakers.get(name) or Speaker(name=name)
        speakers[name] = replace(base, units=units, unit_doubts={})
    # Whom only the quotations left out or credited to another credited: nobody now.
    credited_now = {q.speaker for q in kept if q.speaker}
    for name in credited_before - credited_now:
        speakers.pop(name, None)
    return Decided(replace(extraction, quotations=kept, speakers=speakers), set(given))


def credited(quotation: Quotation, decision: dict, speakers: dict, given: dict) -> Quotation:
    """The quotation credited as the archivist decided: unchanged where they changed nothing;
    else to the name they gave (a named speaker stays named, an unnamed one is described),
    with the units they gave (collected in `given`, each speaker's in order)."""
    name = decision.get("speaker")
    name = clean_name(name) if name is not None else None
    if quotation.speaker is None:
        if name is None or name == quotation.speaker_description:
            return quotation
        return replace(quotation, speaker_description=name[:300], **DECIDED)
    speaker = speakers.get(quotation.speaker) or Speaker(name=quotation.speaker)
    units = decision.get("units")
    units = list(speaker.units) if units is None else [clean_name(u)[:200] for u in units]
    if name is None:
        name = quotation.speaker
    if name == quotation.speaker and units == list(speaker.units):
        return quotation
    if not name:
        return replace(quotation, speaker=None, speaker_description="", **DECIDED)
    if name != quotation.speaker and name not in speakers:
        # A new name for the same person as printed: their rank and role stay.
        speakers[name] = Speaker(
            name=name, description=speaker.description, rank=speaker.rank, role=speaker.role
        )
    theirs = given.setdefault(name, [])
    theirs += [unit for unit in units if unit not in theirs]
    return replace(quotation, speaker=name, **DECIDED)
