"""Russian and Ukrainian text, read as a class of text: the words extraction reads in
Cyrillic (`words`: cue verbs in every form, "по словам X", roles, ranks, units), the
morphological analyser that brings an inflected name back to its nominative (`morphology`),
and the title, rank and unit printed before a name (`leads`)."""

from .leads import Lead, read_lead, unit_named_before, unit_nominative
from .morphology import (
    analyser,
    cue_forms,
    is_rank,
    is_role,
    name_kind,
    nominative,
    nominatives,
    same_role,
)
from .words import (
    ACCORDING,
    ACCORDING_START,
    BODY_BEFORE,
    CUE_FORMS,
    CUE_LEMMAS,
    CUE_VERB,
    CYRILLIC_PRONOUN,
    ONE_OF,
    QUOTED_NAME,
    RANK_LEMMAS,
    ROLE_LEMMAS,
    UNIT_LEMMAS,
    UNIT_PHRASE,
    is_cyrillic,
    language_of,
)

__all__ = [
    "ACCORDING",
    "ACCORDING_START",
    "BODY_BEFORE",
    "CUE_FORMS",
    "CUE_LEMMAS",
    "CUE_VERB",
    "CYRILLIC_PRONOUN",
    "ONE_OF",
    "QUOTED_NAME",
    "RANK_LEMMAS",
    "ROLE_LEMMAS",
    "UNIT_LEMMAS",
    "UNIT_PHRASE",
    "Lead",
    "analyser",
    "cue_forms",
    "is_cyrillic",
    "is_rank",
    "is_role",
    "language_of",
    "name_kind",
    "nominative",
    "nominatives",
    "read_lead",
    "same_role",
    "unit_named_before",
    "unit_nominative",
]
