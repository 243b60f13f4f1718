"""Content words and their stems: what two printings of one statement keep of it, whatever
a translator does with the little words around them."""

from functools import lru_cache

import snowballstemmer

# Function words a translator adds, drops or swaps freely. Negations are not among them:
# "we will not" and "we will" are different statements.
STOP_WORDS = frozenset(
    """
    a about above after again against all am an and any are as at be because been before
    being below between both but by could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is
    it its itself just me more most my myself of off on once only or other ought our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we
    were what when where which while who whom why will with would you your yours yourself
    yourselves also even still well us s t can may might must shall upon whether yet single
    whole entire within around nearly almost approximately
    """.split()
)
NEGATIONS = frozenset("not no never nobody nothing none neither nor cannot without".split())
NUMBERS = {
    word: str(n)
    for n, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
} | {"thirty": "30", "forty": "40", "fifty": "50", "hundred": "100", "thousand": "1000"}
# "wasn't" is folded to "wasnt" by `words`.
CONTRACTED_NEGATIONS = frozenset(
    "dont doesnt didnt cant couldnt wont wouldnt shouldnt isnt arent wasnt werent havent "
    "hasnt hadnt mustnt neednt aint".split()
)
CONTRACTIONS = frozenset(
    "im ive id ill youre youve theyre theyve weve wed itll thats theres lets hes shes".split()
)
_STEMMER = snowballstemmer.stemmer("english")

# Words that two translators of one statement swap for each other (from Ukrainian and Russian
# into English above all: a "hail"/"storm" of shelling, "permission"/"allowed", a "task" or a
# "mission"), folded to one stem. Only words of one sense go together; nothing that could
# turn one statement into another ("attack"/"defend" never).
SYNONYMS = [
    "storm hail barrage flurry",
    "attack assault offensive onslaught",
    "repel repulse",
    "destroy eliminate annihilate obliterate",
    "troops forces",
    "city town",
    "residents inhabitants",
    "task mission assignment",
    "realize understand understood",
    "allowed permission permitted permit authorized",
    "capture seize",
    "big large huge",
    "fight battle combat",
    "shelling bombardment",
    "weapons arms",
    "mother mom mum",
    "father dad",
    "children kids",
    "enemy foe adversary",
    "ask request",
    "begin start",
    "help assist",
    "want wish",
    "kill murder",
    "homes houses",
    "afraid scared frightened",
    "lie lies lying",
    "say tell",
    "anyone anybody",
    "everyone everybody",
    "someone somebody",
    "forest wood woods",
    "flee escape",
    "leave abandon",
    "captivity prison",
    "television tv",
    "village settlement",
    "send throw",
    "past last",
    "prisoner captive",
    "speak talk",
]

# Past forms that an English stemmer leaves apart from their verb ("held"/"hold"): two
# translators put one verb in different tenses as often as in different words.
IRREGULAR = dict(
    pair.split(":")
    for pair in """
    said:say told:tell held:hold gave:give given:give came:come ran:run fled:flee left:leave
    lost:lose sent:send took:take taken:take knew:know known:know thought:think
    brought:bring fought:fight began:begin begun:begin got:get gotten:get went:go gone:go
    saw:see seen:see made:make found:find kept:keep shot:shoot felt:feel stood:stand
    understood:understand spoke:speak spoken:speak wrote:write written:write met:meet
    paid:pay built:build burnt:burn caught:catch taught:teach sold:sell won:win led:lead
    fell:fall fallen:fall shown:show threw:throw thrown:throw drove:drive driven:drive
    hid:hide hidden:hide forgot:forget forgotten:forget chose:choose chosen:choose
    broke:break broken:break spent:spend struck:strike hung:hang sought:seek bought:buy
    heard:hear sat:sit slept:sleep fed:feed meant:mean laid:lay rode:ride rose:rise
    risen:rise wore:wear worn:wear tore:tear torn:tear flew:fly flown:fly grew:grow
    grown:grow drew:draw drawn:draw ate:eat eaten:eat withdrew:withdraw withdrawn:withdraw
    beaten:beat bit:bite bitten:bite stole:steal stolen:steal froze:freeze frozen:freeze
    blew:blow blown:blow sank:sink sunk:sink shook:shake shaken:shake overran:overrun
    bent:bend lent:lend swore:swear sworn:swear woke:wake
    """.split()
)


@lru_cache(maxsize=50_000)
def english_stem(word: str) -> str:
    """An English word's Snowball stem, British and American spellings folded
    ("realised"/"realized", "defence"/"defense", "honour"/"honor")."""
    s = _STEMMER.stemWord(IRREGULAR.get(word, word))
    if s.endswith("is") and len(s) > 4:
        s = s[:-2] + "iz"
    elif s.endswith("our") and len(s) > 4:
        s = s[:-3] + "or"
    elif s.endswith("nc") and len(s) > 4:
        s = s[:-1] + "s"
    return s


@lru_cache(maxsize=1)
def _synonyms() -> dict[str, str]:
    table = {}
    for group in SYNONYMS:
        first, *others = (english_stem(w) for w in group.split())
        table.update((other, first) for other in others)
    return table


def content(ws) -> tuple[str, ...]:
    """The stems of the words that carry a sentence's meaning, in order: no function words;
    every negation is "not" and every small number a numeral."""
    out = []
    for w in ws:
        if w in NEGATIONS or w in CONTRACTED_NEGATIONS:
            out.append("not")
        elif w in NUMBERS:
            out.append(NUMBERS[w])
        elif w.isdigit():  # "7" is as much a number as "seven" or "17"
            out.append(w)
        elif w not in STOP_WORDS and w not in CONTRACTIONS and len(w) > 1:
            out.append(_synonyms().get(english_stem(w), english_stem(w)))
    return tuple(out)
