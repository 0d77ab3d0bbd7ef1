"""Word lists the rules extractor looks names up in, loaded once on first use.

The data lives in plain files under `tasks/language/lexicons/` so that adding a drug or an
allergen is a one-line change reviewed as data. Entries are written in the dictionary form;
`Lexicon.find` matches inflected text against them ("эналаприла" → эналаприл,
"головной боли" → головная боль) using the forms from `text.noun_forms`/`adjective_forms`.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from tasks.language import morphology
from tasks.language.text import Token, adjective_forms, normalize, noun_forms, tokenize, word_forms

LEXICON_PACKAGE = "tasks.language.lexicons"
# Inflected lookups of very short words collide with unrelated words ("сна" → "сан"), so a word
# is only de-inflected when it has at least this many letters; exact matches need no minimum.
MIN_INFLECTED_LEN = 3


@dataclass(frozen=True)
class Term:
    name: str  # the lexicon entry, normalised
    normalized: str
    kind: str = ""


@dataclass(frozen=True)
class Match:
    first: int  # token index
    last: int  # token index, inclusive
    start: int  # char offsets in the sentence
    end: int
    term: Term


def _english_forms(word: str) -> tuple[str, ...]:
    forms = [word]
    if word.endswith("ies"):
        forms.append(word[:-3] + "y")
    if word.endswith("es"):
        forms.append(word[:-2])
    if word.endswith("s"):
        forms.append(word[:-1])
    return tuple(forms)


@lru_cache(maxsize=65536)
def forms_of(word: str) -> tuple[str, ...]:
    """The word, then its dictionary lemmas (pymorphy3), then generated forms for words it cannot parse."""
    if len(word) < MIN_INFLECTED_LEN:
        return (word,)
    if word.isascii():
        return _english_forms(word)
    return tuple(dict.fromkeys((word, *morphology.lemmas(word), *noun_forms(word), *adjective_forms(word)[1:])))


@lru_cache(maxsize=65536)
def phrase_word_forms(word: str) -> frozenset[str]:
    """What a word inside a phrase may stand for: itself, its lemmas, generated noun and adjective forms."""
    if len(word) < MIN_INFLECTED_LEN:
        return frozenset((word,))
    lemmas = morphology.lemmas(word) if not word.isascii() else ()
    return frozenset((word, *lemmas)) | word_forms(word)


class Lexicon:
    """Dictionary-form terms, single words and phrases, matched against inflected tokens."""

    def __init__(self, terms: Iterable[Term]) -> None:
        self.single: dict[str, Term] = {}
        # Phrases indexed by (word count, first word): a lookup tries only the first word's possible
        # dictionary forms, so its cost does not grow with the lexicon (10k drug names).
        self.phrases: dict[tuple[int, str], list[tuple[int, tuple[str, ...], Term]]] = defaultdict(list)
        self.max_words = 1
        for order, term in enumerate(terms):
            words = tuple(term.name.split())
            if len(words) == 1:
                self.single.setdefault(term.name, term)
            else:
                self.phrases[(len(words), words[0])].append((order, words, term))
                self.max_words = max(self.max_words, len(words))

    def __contains__(self, name: str) -> bool:
        return name in self.single

    def lookup(self, word: str) -> Term | None:
        """The term a single (possibly inflected) word stands for."""
        for form in forms_of(word):
            term = self.single.get(form)
            if term is not None:
                return term
        return None

    def _phrase_at(self, tokens: Sequence[Token], i: int, n: int) -> Term | None:
        words = [t.text for t in tokens[i : i + n]]
        best: tuple[int, Term] | None = None  # the first-listed entry wins, as in the file
        for first in phrase_word_forms(words[0]):
            for order, entry, term in self.phrases.get((n, first), ()):
                if (best is None or order < best[0]) and all(
                    w == e or e in phrase_word_forms(w) for w, e in zip(words[1:], entry[1:], strict=True)
                ):
                    best = (order, term)
        return best[1] if best else None

    def find(self, tokens: Sequence[Token]) -> list[Match]:
        """Every term in the token sequence, longest phrase first, without overlaps."""
        found: list[Match] = []
        i = 0
        while i < len(tokens):
            match = None
            for n in range(min(self.max_words, len(tokens) - i), 1, -1):
                term = self._phrase_at(tokens, i, n)
                if term is not None:
                    match = Match(i, i + n - 1, tokens[i].start, tokens[i + n - 1].end, term)
                    break
            if match is None:
                term = self.lookup(tokens[i].text)
                if term is not None:
                    match = Match(i, i, tokens[i].start, tokens[i].end, term)
            if match is not None:
                found.append(match)
                i = match.last + 1
            else:
                i += 1
        return found


def _data_lines(filename: str) -> Iterable[list[str]]:
    text = resources.files(LEXICON_PACKAGE).joinpath(filename).read_text(encoding="utf-8")
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            yield [normalize(col.strip()) for col in line.split("\t")]


def _load(*filenames: str) -> Lexicon:
    """One lexicon from several files; a name listed twice keeps its first file's meaning."""
    terms = []
    for filename in filenames:
        for cols in _data_lines(filename):
            name = cols[0]
            normalized = cols[1] if len(cols) > 1 and cols[1] else name
            kind = cols[2] if len(cols) > 2 else ""
            terms.append(Term(name, normalized, kind))
    return Lexicon(terms)


@lru_cache(maxsize=1)
def drugs() -> Lexicon:
    """Hand-checked names first, then the Russian OTC list, then the generated English reference list."""
    return _load("drugs.tsv", "drugs_ru_otc.tsv", "drugs_en_reference.tsv")


@lru_cache(maxsize=1)
def not_drugs() -> Lexicon:
    """Generic medicine words, dosage forms, foods and time words: never a drug's name (`kind` says which)."""
    return _load("not_drugs.tsv")


@lru_cache(maxsize=1)
def allergens() -> Lexicon:
    return _load("allergens.tsv")


@lru_cache(maxsize=1)
def conditions() -> Lexicon:
    return _load("conditions.tsv")


@lru_cache(maxsize=1)
def symptoms() -> Lexicon:
    return _load("symptoms.tsv")


@lru_cache(maxsize=1)
def vaccines() -> Lexicon:
    return _load("vaccines.tsv")


@lru_cache(maxsize=1)
def professions() -> Lexicon:
    return _load("professions.tsv")


@dataclass(frozen=True)
class BodyPart:
    nominative: str
    accusative: str
    genitive: str
    prepositional: str
    pain: str


@lru_cache(maxsize=1)
def body_parts() -> tuple[Lexicon, dict[str, BodyPart]]:
    """Body parts as a lexicon over every case form written in the file, plus their full record."""
    records: dict[str, BodyPart] = {}
    terms = []
    for cols in _data_lines("bodyparts.tsv"):
        part = BodyPart(*cols[:5])
        records[part.nominative] = part
        for form in dict.fromkeys(cols[:4]):
            terms.append(Term(form, part.nominative))
    return Lexicon(terms), records


@lru_cache(maxsize=1)
def places() -> dict[str, tuple[str, str]]:
    """Normalised nominative → (the name as written in the file, city | country)."""
    text = resources.files(LEXICON_PACKAGE).joinpath("places.tsv").read_text(encoding="utf-8")
    out: dict[str, tuple[str, str]] = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            name, kind = line.split("\t")
            out.setdefault(normalize(name), (name, kind))
    return out


@lru_cache(maxsize=1)
def function_words() -> frozenset[str]:
    return frozenset(cols[0] for cols in _data_lines("function_words.txt"))


@lru_cache(maxsize=1)
def person_words() -> dict[str, Any]:
    raw = resources.files(LEXICON_PACKAGE).joinpath("person.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(raw)
    return data


# The lexicons that name the things of each entity section, in the order they are consulted.
NAME_LEXICONS: dict[str, tuple[Callable[[], Lexicon], ...]] = {
    "medications": (drugs,),
    "allergies": (allergens, drugs),
    "chronic_conditions": (conditions,),
    "diagnoses": (conditions,),
    "family_history": (conditions,),
    "symptoms": (symptoms,),
    "vaccinations": (vaccines,),
}


def canonical_name(section: str, name: str) -> str | None:
    """The lexicon's name when the whole of `name` is one known term ("Энап", "эналаприла" → эналаприл)."""
    tokens = tokenize(normalize(name))
    for lexicon in NAME_LEXICONS.get(section, ()):
        found = lexicon().find(tokens)
        if len(found) == 1 and found[0].first == 0 and found[0].last == len(tokens) - 1:
            return found[0].term.normalized
    return None
