"""Finding direct quotations in an article's text and attributing them to speakers and units.

Pure Python over a string: no database. `extract(body)` returns an `Extraction`; the import
service (quotes/services/importing.py) turns it into people, units, quotes and printings.

Modules, one a step:
- quotations.py: what extraction gives (quotations, speakers, the two together)
- text.py: typography folding, word and sentence splitting (shared with matching)
- spans.py: quotation spans (marks of every style, multi-paragraph quotes, boilerplate)
- speech.py: speech verbs, the mask over quoted words, sentence starts (for spans and attribution)
- mentions.py: capitalised runs that may name people, with the ranks and titles before them
- memberships.py: patterns for the units, ranks and roles stated with a person
- affiliations.py: those patterns read around each mention; the units a text states
- people.py: an article's people (mentions resolved, short forms) and what it states of them
- descriptors.py: unnamed speakers, roles, institutions and publications as a verb's subject
- subjects.py: the subject of a speech verb: a name, a pronoun, a unit or institution, or an
  unnamed speaker described
- attribution.py: the attribution around a quotation, after its closing mark or before it
- narrative.py: who each narrative sentence is about
- entities.py: who a quotation is pinned on (a person or an unnamed speaker), following who
  the text is about
- candidates.py, ranking.py: the candidate sources of a quotation, and the learned ranking
- pipeline.py: the steps in order, from spans to speakers (`extract`)
- places.py, ranks.py: gazetteer of places and nationalities; military ranks and roles
- units.py: military units stated for a person, and the key that folds their spelling variants
- cyrillic/: Russian and Ukrainian as a class of text: its word lists (cue verbs in every
  form, "по словам X", roles, ranks, units), the analyser that brings names and units to the
  nominative, and the title, rank and unit printed before a name
"""

from .pipeline import extract
from .quotations import Extraction, Quotation, Speaker

__all__ = ["Extraction", "Quotation", "Speaker", "extract"]
