"""Units, ranks and roles stated with a person: the patterns that read them around a name."""

import regex as re

from .ranks import RANK, ROLE
from .units import SERVICE, SERVICE_OWNER, UNIT, UNIT_NOUNS


class EndAnchored:
    """A pattern that must end where its search ends (its last token is `$`): what a name
    is called just before it. Searched forwards, the engine tries each start in the window,
    each a whole attempt at a long alternation of ranks, roles and units, which is most of an
    extraction's time on a long article; read backwards (`regex`'s REVERSE), the one place a
    match can end decides at once whether any exists. So `search` reads backwards first, and
    forwards, for the same leftmost match and groups as before, only where one exists."""

    def __init__(self, pattern: str):
        self.forwards = re.compile(pattern)
        self.backwards = re.compile(pattern, re.REVERSE)
        self.pattern = pattern

    def search(self, text: str, pos: int, endpos: int):
        if self.backwards.search(text, pos, endpos) is None:
            return None
        return self.forwards.search(text, pos, endpos)


# The unit's owner country, left out of the unit's name: "Russia's 47th aviation regiment".
_OWNER = (
    r"(?:(?:\p{Lu}\p{Ll}+[ \u00a0]){0,2}\p{Lu}\p{Ll}+['’]s?[ \u00a0]+"
    # "the Ukrainian 36th Marine Brigade": a nationality before a numbered unit.
    r"|\p{Lu}\p{Ll}+(?:ian|ese|ish|an)[ \u00a0]+(?=\d))?"
)
# A unit, or a service or command ("the Ukrainian Navy", "Operational Command South") where a
# role apposition states it as the person's.
_STATED_UNIT = r"(?:" + SERVICE_OWNER + r"(?P<unit>" + SERVICE + r")|(?P<unit>" + UNIT + r"))"
_IN_UNIT = (
    r"\s+(?:of|from|in|with|for|at)\s+(?:the\s+(?=\p{Lu}\p{Ll}+(?:ian|ese|ish|an)\s+\d))?"
    + _OWNER
    + r"(?:the\s+)?"
    + _STATED_UNIT
)
RANK_I = r"(?i:" + RANK + r")"
# A role narrowed to a part of the unit: "head of the press service (of the 10th Army Corps)",
# "commander of the reconnaissance company (of the 5th Brigade)".
_DUTY = (
    ROLE + r"(?:\s+of\s+(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?"
    r"(?=\s+(?:of|from|in|with|for|at)\s+(?:the\s+)?[\p{Lu}\d]))?"
)
# A person's age between their name and an apposition: "X, 27, of the ...", "X, aged 27, a ...".
_AGE = (
    r"(?:\s*,\s*(?:aged\s+)?\d{1,3}(?=\s*,)"
    # "X, 2001 year of birth, private of ...", "X, born in 1999, a ..."
    r"|\s*,\s*(?:born\s+(?:in\s+)?)?\d{4}(?:\s+year\s+of\s+birth)?(?=\s*,))?"
)
# ", a lieutenant colonel and deputy commander of the ...", ", commander of the ...",
# ", a radio operator of the ...", ", who serves in the ...", " of the ...".
UNIT_AFTER = re.compile(
    _AGE
    + r"\s*(?:,\s*(?P<role>(?:(?:a|an|the)\s+)?(?:(?P<rank>"
    + RANK_I
    + r")(?:\s+and|\s*,)?\s+)?"
    r"(?:(?P<duty>"
    + _DUTY
    + r")|(?<=\b(?:a|an)\s+)[\w-]+(?:\s+[\w-]+){0,2}?)"
    # A bare rank, as translated copy prints it: "X, private of the 12th regiment".
    + r"|(?P<rank>"
    + RANK_I
    + r"))"
    + _IN_UNIT
    + r"|,?\s*who\s+(?:(?:served|serves|is\s+serving|fought|fights|was|is)"
    r"(?:\s+as\s+(?:(?:a|an|the)\s+)?(?P<duty>" + ROLE + r"))?"
    # "who is a member of", "who commands a company in", "who heads the press service of"
    r"|(?:is|was)\s+(?:a\s+)?member"
    r"|(?P<leads>commands|commanded|leads|led|heads|headed)\s+(?:a|an|the|his|her)\s+"
    r"(?P<part>[a-z][\w-]*(?:\s+[a-z][\w-]*)?))"
    r"\s+(?:with|in|of|from)\s+"
    + _OWNER
    + r"(?:the\s+)?"
    + _STATED_UNIT
    # "X, who leads the Kraken unit", "X, who commands the 47th Brigade"
    + r"|,?\s*who\s+(?P<commands>commands|commanded|leads|led|heads|headed|founded)\s+"
    + _OWNER
    + r"(?:the\s+)?(?P<unit>"
    + UNIT
    + r")"
    # "X was introduced as the spokesman of the Navy"
    + r"|\s+(?:was|is|had\s+been)\s+(?:introduced|presented|identified)\s+as\s+(?:(?:a|an|the)\s+)?"
    r"(?P<duty>"
    + _DUTY
    + r")"
    + _IN_UNIT
    # "of the 59th Brigade", "of a neighboring unit known as the Sokil Regiment"
    + r"|,?\s*(?:of|from)\s+(?:(?:a|an|the)\s+(?:[\w-]+\s+){0,3}?(?:known\s+as|called|named)\s+)?"
    + _OWNER
    + r"(?:the\s+)?(?P<unit>"
    + UNIT
    + r")"
    # ", the 101st Airborne Division (Air Assault) deputy commanding general,", ", the Azov
    # Regiment's commander,": the unit, then the role.
    + r"|\s*,\s*(?:the\s+)?(?P<unit>"
    + UNIT
    + r")(?:\s*\([^)\n]{1,30}\))?(?:['’]s)?\s+(?P<duty>(?:[a-z][\w-]*\s+){0,2}?(?:"
    + ROLE
    + r"|general|commanding\s+general)))"
)
# "deputy commander of Russia's 47th aviation regiment, Lieutenant Colonel X": the mention
# starts at the rank. Without the comma too: "- told the drone operator of the 139th brigade
# Petrenko Bohdan"; capitalised ("Deputy Commander of the Y, X"); with the unit's owner after
# it ("commander of the Y battalion of the Z Republic (ZR), X").
_DUTY_ANY_CASE = (
    r"(?i:" + ROLE + r")(?:\s+of\s+(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?"
    r"(?=\s+(?:of|from|in|with|for|at)\s+(?:the\s+)?[\p{Lu}\d]))?"
)
_OWNER_AFTER = r"(?:\s+of\s+(?:the\s+)?\p{Lu}[^,;:.!?\n\x01()]{1,60}?)?(?:\s*\([^)\n]{1,20}\))?"
# ... and the unit's name in quotation marks (masked) or a rank in lower case between:
# 'Commander of the 212th battalion «Vovkulaka» lieutenant colonel X'.
UNIT_BEFORE = EndAnchored(
    r"\b(?P<duty>"
    + _DUTY_ANY_CASE
    # a rank in its place: "sergeant of the 164th brigade X"
    + r"|(?i:"
    + RANK
    + r"))"
    + _IN_UNIT
    + r"(?:[ \u00a0]*\x01+)?"
    + _OWNER_AFTER
    + r"(?:\s*,)?\s*(?:(?i:"
    + RANK
    + r")\s+)?$"
)
# "X, commander of brigade Y,", "X, a spokeswoman for the port authority,": the role an
# apposition states, whatever the body.
DUTY_AFTER = re.compile(
    _AGE + r"\s*,\s*(?:(?:a|an|the)\s+)?(?P<duty>" + _DUTY + r")"
    r"(?:\s+(?:of|for|at|in|with)\s+[^,;:.!?\n\x01]{1,60}?)?\s*[,.;:]"
)
# "Commander of the Ground Forces, Colonel-General X": a role of a body that is no unit.
DUTY_BEFORE = EndAnchored(
    r"\b(?P<duty>" + _DUTY_ANY_CASE + r")\s+(?:of|for|at)\s+(?:the\s+)?\p{Lu}[^,;:.!?\n\x01]{1,60}?"
    r"\s*,\s*(?:(?i:" + RANK + r")\s+)?$"
)
# "The Azov Regiment commander, Major X", "Vostok battalion commander X": the unit, then the
# role, right before the name.
UNIT_ROLE_BEFORE = EndAnchored(
    r"(?:\b(?:the|The)\s+)?(?P<unit>" + UNIT + r")(?:['’]s)?\s+(?P<duty>(?i:" + ROLE + r"))"
    r"\s*,?\s*$"
)
# "Navy spokesman X", "the Air Force's spokesman, X": a service named by its role's holder.
SERVICE_BEFORE = EndAnchored(
    r"(?<![\w-])(?:(?:the|The)\s+)?"
    + SERVICE_OWNER
    + r"(?P<unit>"
    + SERVICE
    + r")(?:['’]s)?\s+(?P<duty>"
    + ROLE
    + r")\s*,?\s*$"
)
# A unit called by its noun is the last one of that kind stated before: "X, the brigade's
# commander,", "X, brigade spokesman,", "X, a spokesman for the brigade,", "the brigade's
# commander, X,", "said brigade spokesman X".
_NOUN = r"(?P<noun>(?i:" + UNIT_NOUNS + r"))"
UNIT_OWNED = re.compile(
    _AGE + r"(?:\s*,\s*(?:(?:the|its|their)\s+" + _NOUN + r"['’]s?|(?:the\s+)?" + _NOUN + r")"
    r"\s+(?P<duty>" + _DUTY + r")\b"
    r"|\s*,\s*(?:(?:a|an|the)\s+)?(?:" + RANK_I + r"(?:\s+and|\s*,)?\s+)?(?P<duty>" + _DUTY + r")"
    r"\s+(?:of|for|in|with|at)\s+(?:the|this|that)\s+"
    + _NOUN
    + r"\b(?!['’]|[ \u00a0]*(?:No\b|\u2116|\d)))"
)
UNIT_OWNED_BEFORE = EndAnchored(
    # "spokesman of the brigade, X", "Spokesman of the group captain X"
    r"(?:\b(?P<duty>"
    + _DUTY_ANY_CASE
    + r")\s+(?:of|for)\s+the\s+"
    + _NOUN
    + r"(?:\s*,|\s+(?i:"
    + RANK
    + r"))"
    # Not "a brigade commander" nor "Russian army officer": some unit of that kind.
    r"|(?<!\b(?:[Aa]n?|\d\w*|\p{Lu}\w*)\s+)\b(?:(?:the|its|The|Its)\s+)?" + _NOUN + r"(?:['’]s)?"
    r"\s+(?P<duty>" + _DUTY + r")\s*,?)\s*$"
)
ANY_UNIT = re.compile(UNIT)
# "Its spokesman, Captain X": the unit (or body) the sentence before was about.
ITS_ROLE_BEFORE = re.compile(
    r"\b(?:Its|its|Their|their)\s+(?P<duty>" + ROLE + r")\s*,?\s*(?:(?i:" + RANK + r")\s+)?$"
)
# A unit its speaker states inside their own words: "I am serving in the 36th Marine
# Brigade", "We are fighters of the Kraken unit", "my unit, the 12th Brigade".
UNIT_SPOKEN = re.compile(
    r"\b(?:(?:I|[Ww]e)\s+(?:am\s+|are\s+|'m\s+|’m\s+|'re\s+|’re\s+|have\s+been\s+)?"
    r"(?:(?:currently|now|still|also)\s+)?"
    r"(?:serv(?:e|ing|ed)|fight(?:ing)?|fought)\s+(?:in|with|for)\s+"
    r"|(?:I\s+am|I['’]m|[Ww]e\s+are)\s+(?:a\s+|the\s+)?(?:commander|soldier|member|fighter|"
    r"serviceman|servicemen|marine|marines|soldiers|fighters|members|defenders?)"
    r"\s+(?:of|in|with|from)\s+"
    r"|\b(?:[Mm]y|[Oo]ur)\s+(?:unit|brigade|battalion|regiment|company),\s+)"
    r"(?:the\s+)?(?P<unit>" + UNIT + r")"
)
# After a possessive name: "X's Vostok battalion", "X's own 47th Brigade".
UNIT_POSSESSED = re.compile(r"['’]s?\s+(?:own\s+)?(?P<unit>" + UNIT + r")")


# A role and perhaps its unit between a verb and the name it precedes: " the drone operator
# of the 139th brigade ".
ROLE_LEAD = re.compile(
    r"\s+(?:(?:the|a|an)\s+)?(?:[\w'’-]+\s+){0,2}?(?i:" + ROLE + r")"
    r"(?:\s+(?:of|for|from|in|with|at)\s+[^,;:.!?\n\x01]{1,120}?)?(?:\s*,)?\s+"
)
# The role in such words, up to the unit: "head of the press service", "drone operator".
LEAD_DUTY = re.compile(
    r"(?<![\w-])(?P<duty>(?:(?!(?:the|an?|to|of|as|for|in|at)\b)[a-z][\w-]*\s+){0,2}?"
    + ROLE
    + r"(?:\s+of\s+(?:the\s+)?[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*){0,2}?)?)(?=\s+(?:(?:of|for|from|in|with|at)\s+\S|\p{Lu})|\s*,?\s*$)"
)
# "who served with the same unit", "who commands a company of the same brigade".
SAME_UNIT = re.compile(
    _AGE + r"\s*,?\s*(?:who\s+[^,.;:\n]*?\s+)?(?:of|with|in|from)\s+the\s+same\s+"
    r"(?P<noun>" + UNIT_NOUNS + r")\b"
)
UNIT_LATER = re.compile(
    r"(?:\b(?:He|She)\s+(?:serves|served|is\s+serving|fought|fights|was|is)\s+"
    r"(?:(?:a|an|the)\s+)?(?:(?P<rank>"
    + RANK_I
    + r")(?:\s+and)?\s+)?(?:(?P<duty>"
    + ROLE
    + r")\s+)?(?:in|with|of|for)\s+"
    + _OWNER
    + r"(?:the\s+)?(?P<unit>"
    + UNIT
    + r")"
    r"|\b(?:His|Her)\s+unit,\s+(?:the\s+)?(?P<unit>" + UNIT + r"))"
)
