"""People, military units, quotes and their printings in archived articles.

One module a concern, each importing only those listed before it:
- people.py: people, their aliases, and the surnames an import looks people up by
- units.py: military units and people's memberships of them
- printings.py: a quote as one article printed it, its fingerprints, the printings' order
- quotes.py: quotes, their permalink ids, the order of quote lists, dates kept from printings
- lineage.py: which printing each printing took its words from, printings that alter it
- queues.py: what waits for an archivist (merge suggestions, attribution conflicts)
- corrections.py: the public record of changes to public quotes
- exports.py, figures.py: background exports and the home page's archive-wide figures

Every model and the names other modules use are presented here: import them from
`quotes.models`. Migrations 0001, 0010 and 0014 name `quotes.models.new_short_id` and
`quotes.models.new_export_token` as field defaults.
"""

# In the order of the concerns above, not the alphabet's: models register in the order their
# modules run, and Django walks each model's reverse relations (to delete or list related
# rows) in that order: it stays the order of one models module, but that Printing, which
# quotes.py imports, registers before Quote.
# isort: off
from .people import Person, PersonAlias, Surname
from .units import Membership, Unit
from .printings import PRINTING_ORDER, Fingerprint, Printing
from .quotes import (
    LIST_ORDER,
    OUTLETS_ORDER,
    SHORT_ID_ALPHABET,
    SHORT_ID_LENGTH,
    Quote,
    new_short_id,
)
from .lineage import Alteration, Decision, Derivation
from .queues import AttributionConflict, MergeSuggestion, PersonMergeSuggestion
from .corrections import Correction
from .exports import Export, new_export_token
from .figures import ArchiveFigures
# isort: on

__all__ = [
    "LIST_ORDER",
    "OUTLETS_ORDER",
    "PRINTING_ORDER",
    "SHORT_ID_ALPHABET",
    "SHORT_ID_LENGTH",
    "Alteration",
    "ArchiveFigures",
    "AttributionConflict",
    "Correction",
    "Decision",
    "Derivation",
    "Export",
    "Fingerprint",
    "Membership",
    "MergeSuggestion",
    "Person",
    "PersonAlias",
    "PersonMergeSuggestion",
    "Printing",
    "Quote",
    "Surname",
    "Unit",
    "new_export_token",
    "new_short_id",
]
