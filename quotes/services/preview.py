"""What archiving an article would suggest, read from its text before anything is stored:
the receiver of archive.signals.article_previewing, for the admin's preview."""

from ..extraction import extract


def preview_suggestions(sender, *, body: str, title: str, outlet: str, **kwargs) -> list[dict]:
    """Each quotation the extraction finds, as the import would file it (quotes.services.
    importing): its words, whom the article credits (a named speaker with their rank, role
    and units as printed, or an unnamed one's description), how sure the machine is and why
    not. Pure work on the text: nothing is read from the database or written to it.

    In the extraction's order, which the archivist's decisions on them name them by, with
    their words (quotes.services.decisions)."""
    extraction = extract(body, title=title, outlet=outlet)
    found = []
    for quotation in extraction.quotations:
        speaker = extraction.speakers.get(quotation.speaker) if quotation.speaker else None
        found.append(
            {
                "text": quotation.text,
                "speaker": quotation.speaker or "",
                "description": quotation.speaker_description,
                "title": ", ".join(t for t in (speaker.rank, speaker.role) if t) if speaker else "",
                "units": list(speaker.units) if speaker else [],
                "attribution": quotation.attribution,
                "confidence": quotation.confidence,
                "doubt": quotation.doubt,
            }
        )
    return found
