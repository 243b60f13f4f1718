"""The archivist's decisions on what the admin's preview suggests (the quotations and speakers
archiving will store), read from the form as posted and carried to archive_article unread:
the receivers of archive.signals.article_archived give them meaning."""

from django.utils.text import Truncator


def suggestion_decisions(data) -> list[dict] | None:
    """What the archivist decided of each suggestion the preview showed (page_preview.html
    gives each the fields suggestion-<n>-text, its words, by which it is found again, -leave,
    -speaker and -units, one unit a line), as posted; None where the preview had none. Not
    read here: they go to archive_article for article_archived's receivers to apply."""
    decisions = []
    while (prefix := f"suggestion-{len(decisions)}-") + "text" in data:
        speaker, units = data.get(prefix + "speaker"), data.get(prefix + "units")
        if units is not None:
            units = [unit for unit in map(str.strip, units.splitlines()) if unit]
        decisions.append(
            {
                "index": len(decisions),
                # Browsers send a value's line breaks as CRLF.
                "text": data[prefix + "text"].replace("\r\n", "\n"),
                "keep": not data.get(prefix + "leave"),
                "speaker": None if speaker is None else " ".join(speaker.split()),
                "units": units,
            }
        )
    return decisions or None


def ignored_decisions(decisions) -> str:
    """The decisions that archiving could not apply, in a sentence for the archivist, or ""."""
    ignored = [d for d in decisions or () if d.get("ignored")]
    if not ignored:
        return ""
    return "Not applied, as archived: " + "; ".join(
        f"“{Truncator(d['text']).words(8)}” ({d['ignored']})" for d in ignored
    )


def with_given(suggestion: dict, decision: dict | None) -> dict:
    """A suggestion as its row in the preview shows it: the machine's, or as the archivist
    gave it (a preview shown again after an error keeps what they typed)."""
    if decision is None or decision["text"] != suggestion.get("text"):
        decision = {}
    speaker = decision.get("speaker")
    units = decision.get("units")
    return {
        **suggestion,
        "leave": decision.get("keep") is False,
        "speaker_given": (suggestion.get("speaker") or suggestion.get("description") or "")
        if speaker is None
        else speaker,
        "units_given": "\n".join(suggestion.get("units") or () if units is None else units),
    }
