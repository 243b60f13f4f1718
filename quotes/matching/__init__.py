"""Linking a newly printed statement to the quote it repeats, through a fingerprint index.

Every printing is indexed by hashed pairs of neighbouring content-word stems
(`Fingerprint`), and a short text of function words by its word trigrams as well: a reprint
and a translation both keep a statement's content words in order, whatever they do with the
little words around them. A new statement looks up the quotes sharing the rarer of its keys
with it, reading no key further than COMMON_KEY_POSTINGS printings, then each candidate is
compared sentence by sentence. Two sentences are one when their words are nearly the same
(changed words, punctuation, a cut) or when they share most of their content words in the
same order ("a hail of shelling" / "a storm of shelling"): independent translations of one
press conference do.

The modules, from the pure reading of text to the database:
- `stems`: content words, their English stems and the translators' synonyms;
- `sentences`: a text's sentences, and whether two printed sentences are one;
- `comparison`: two statements compared sentence by sentence;
- `canonical`: a statement's fullest wording from its printings;
- `index`: the fingerprint keys of a printing, and writing them;
- `candidates`: the SQL choosing and reading the quotes a statement may repeat;
- `lookup`: `find_matches`, the read a new statement runs to be linked;
- `evidence`: whether two printings in different languages are one statement translated;
- `translations`: `find_translations`, the read that finds the quote a statement translates;
- `originals`: which printings are in a statement's original language.
"""

from .candidates import (
    COMMON_KEY_POSTINGS,
    MAX_CANDIDATES,
    Candidates,
    Postings,
    choose_candidates,
)
from .canonical import DANGLING_MARKS, canonical_text, joined
from .evidence import Evidence, weigh
from .index import MIN_SHARED_KEYS, fingerprint_keys, index_printings
from .lookup import compatible, find_matches
from .originals import in_original, original_language, original_pieces
from .sentences import Sentence, printed_again, sentence_list, sentences_match, shared_content
from .statements import Comparison, compare
from .stems import content, english_stem

__all__ = [
    "COMMON_KEY_POSTINGS",
    "DANGLING_MARKS",
    "MAX_CANDIDATES",
    "MIN_SHARED_KEYS",
    "Postings",
    "Candidates",
    "Comparison",
    "Evidence",
    "Sentence",
    "canonical_text",
    "choose_candidates",
    "compare",
    "compatible",
    "content",
    "english_stem",
    "find_matches",
    "fingerprint_keys",
    "in_original",
    "index_printings",
    "joined",
    "original_language",
    "original_pieces",
    "printed_again",
    "sentence_list",
    "sentences_match",
    "shared_content",
    "weigh",
]
