"""Morphology: Russian from pymorphy3 and its OpenCorpora dictionaries (shipped in pymorphy3-dicts-ru),
English from lemminflect (its dictionary of lemmas and, for unknown words, its inflection rules).

Lemmas and grammatical tags come from the dictionary, not from generated endings, so an inflected
word the rules never saw ("Нурофеном", "в Казани", "children", "teeth") still reduces to the form a
fact is stored under. Each loads in well under a second on first use; results are cached because
dialogue repeats its words.
"""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache

import lemminflect
import pymorphy3
from pymorphy3.analyzer import Parse


@cache
def analyzer() -> pymorphy3.MorphAnalyzer:
    return pymorphy3.MorphAnalyzer(lang="ru")


@lru_cache(maxsize=65536)
def parses(word: str) -> tuple[Parse, ...]:
    """Every reading of one word, most probable first (lower-cased; ё kept as the dictionary has it)."""
    word = word.lower()
    try:
        return tuple(analyzer().parse(word))
    except ValueError:
        # pymorphy3 asks unicodedata.name() of every letter to tell Latin words apart, and characters without
        # a name in Python's Unicode tables (e.g. Tangut ideographs) make it raise: read those as "_".
        return tuple(analyzer().parse("".join(ch if unicodedata.name(ch, "") else "_" for ch in word)))


def best(word: str) -> Parse:
    return parses(word)[0]


def lemma(word: str) -> str:
    """The dictionary form of the most probable reading: "таблетками" -> "таблетка"."""
    return best(word).normal_form


def has_tag(word: str, *grammemes: str) -> bool:
    """True when the most probable reading carries every grammeme, e.g. has_tag(w, "NOUN", "Geox")."""
    return set(grammemes) <= best(word).tag.grammemes


def any_reading_has(word: str, *grammemes: str) -> bool:
    """True when some reading carries every grammeme: "Бакс" may be a name even if a noun reading wins."""
    wanted = set(grammemes)
    return any(wanted <= parse.tag.grammemes for parse in parses(word))


@lru_cache(maxsize=65536)
def lemmas(word: str) -> tuple[str, ...]:
    """The dictionary forms of every reading, most probable first, ё written as е (lexicon spelling)."""
    return tuple(dict.fromkeys(parse.normal_form.replace("ё", "е") for parse in parses(word)))


def noun_lemma(word: str) -> str:
    """The dictionary form of the most probable noun reading ("Ксилоформом" -> "ксилоформ"), else of any reading.

    For a name the dictionary does not know, pymorphy3 predicts the paradigm from the word's ending, so an
    unknown brand in any case still reduces to one form.
    """
    nouns = [parse for parse in parses(word) if "NOUN" in parse.tag.grammemes]
    # An unknown word ending in a consonant is read as a nominative brand ("Ксилоформ"), not as the
    # genitive plural of an invented "ксилоформа", which is what the ending-based guess prefers.
    bare_unknown = (
        not is_known(word)
        and bool(nouns)
        and {"gent", "plur"} <= nouns[0].tag.grammemes
        and word[-1:].lower() in "бвгджзклмнпрстфхцчшщ"
    )
    if bare_unknown or any(parse.normal_form == word.lower() for parse in nouns):
        return word.lower().replace("ё", "е")  # already a dictionary form ("Ксилоформ", not "ксилоформа")
    for parse in nouns:
        return str(parse.normal_form).replace("ё", "е")
    return str(best(word).normal_form).replace("ё", "е")


@lru_cache(maxsize=65536)
def is_known(word: str) -> bool:
    """True when the dictionary itself has the word (not a reading predicted from its ending).

    Cached apart from `parses`: pymorphy3's `Parse.is_known` is no stored flag but a fresh walk of the
    dictionary's DAWG on every access, and the rules ask it of the same words many times a sentence."""
    return bool(best(word).is_known)


def pos(word: str) -> str | None:
    """The part of speech of the most probable reading (NOUN, ADJF, ADVB, NPRO, VERB, ...)."""
    return best(word).tag.POS


def nominative_phrase(words: list[str]) -> str:
    """ "атопическим дерматитом" -> "атопический дерматит": the head noun's lemma, adjectives agreeing with it.

    `words` is an adjective* + noun (+ genitive tail) phrase; the tail after the head noun stays as said
    ("синдромом раздраженного кишечника" -> "синдром раздраженного кишечника").
    """
    head = next((i for i, w in enumerate(words) if "NOUN" in best(w).tag.grammemes), len(words) - 1)
    noun = noun_lemma(words[head])
    noun_parse = next((p for p in parses(noun) if "NOUN" in p.tag.grammemes), best(noun))
    out = []
    for word in words[:head]:
        wanted = {"nomn", noun_parse.tag.number or "sing"}
        if noun_parse.tag.number != "plur" and noun_parse.tag.gender:
            wanted.add(noun_parse.tag.gender)
        inflected = best(word).inflect(wanted)
        out.append(inflected.word if inflected else word)
    return " ".join([*out, noun, *words[head + 1 :]]).replace("ё", "е")


NOMINAL = ("NOUN", "ADJF", "PRTF")


def object_as_nominative(words: list[str], governed: str = "accs") -> str | None:
    """ "гречку с грибами" -> "гречка с грибами", "итальянской кухни" -> "итальянская кухня": an object named as a
    dictionary would. Its leading adjective + noun group is read in the case its verb or preposition governs
    (`governed`: "accs" after «люблю», "gent" after «любитель», «без ума от»), else in the case and number its words
    share, and put in the nominative of its own number ("бездомных кошек" -> "бездомные кошки", not "кошка"). The
    words after the noun stay as said, and so does a phrase led by anything else (an infinitive: "кататься на
    лыжах"). None when the group can be no object ("всей душой": how, in the instrumental)."""
    group: list[list[Parse]] = []
    for word in words:
        readings = [p for p in parses(word) if p.tag.POS in NOMINAL]
        if not readings:
            break
        group.append(readings)
        if readings[0].tag.POS == "NOUN":
            break
    if not group:
        return " ".join(words)
    adjectives_may_be_nominative = all(any(p.tag.case == "nomn" for p in readings) for readings in group[:-1])
    if adjectives_may_be_nominative and any(p.tag.case == "nomn" and p.word == p.normal_form for p in group[-1]):
        return " ".join(words)  # the noun as said is its dictionary form: "старый джаз", an unknown "флуоксетин"
    shared = set.intersection(*({(p.tag.case, p.tag.number) for p in readings} for readings in group))
    # The forms the group shares, in the order of the noun's readings (most probable first), so that of two readings
    # in the governed case the likelier one is meant.
    ranked = [(p.tag.case, p.tag.number) for p in group[-1] if (p.tag.case, p.tag.number) in shared]
    form = next((pair for case in (governed, "nomn", "accs", "gent") for pair in ranked if pair[0] == case), None)
    if form is None:
        return None  # no object: "всей душой", the instrumental of how
    if form[0] == "nomn":
        return " ".join(words)
    out = list(words)
    for i, readings in enumerate(group):
        said = next(p for p in readings if (p.tag.case, p.tag.number) == form)
        inflected = said.inflect({"nomn"})
        if inflected and inflected.word != words[i].lower():
            out[i] = inflected.word.capitalize() if words[i][:1].isupper() else inflected.word
    return " ".join(out)


@lru_cache(maxsize=65536)
def english_word_classes(word: str) -> frozenset[str]:
    """The parts of speech lemminflect's dictionary knows an English word in ("sunny" -> ADJ; "reading" -> ADJ,
    NOUN, VERB); empty for a word the dictionary lacks, a proper name among them ("nashville")."""
    if not word.isalpha():
        return frozenset()
    return frozenset(lemminflect.getAllLemmas(word.lower()))


_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@lru_cache(maxsize=4096)
def unknown_english_word(word: str) -> bool:
    """Neither the word nor any word one slip from it (a letter added, dropped, changed, two swapped) is in the
    dictionary lemminflect reads: a name no list has ("jovannie", a brand written in lower case), not a misspelt
    word ("tird" is tired)."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    slips = {word}
    slips |= {a + b[1:] for a, b in splits if b}
    slips |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    slips |= {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    slips |= {a + c + b for a, b in splits for c in _LETTERS}
    return not any(english_word_classes(slip) for slip in slips)


@lru_cache(maxsize=4096)
def is_english_past_verb(word: str) -> bool:
    """A word the dictionary knows only as a verb, in its past form ("lost", "went", "played"; not "saw", a noun
    too, nor "touring")."""
    lemmas = lemminflect.getAllLemmas(word.lower())
    if set(lemmas) != {"VERB"}:
        return False
    return any(
        word.lower() in lemminflect.getInflection(lemma, tag=tag) for lemma in lemmas["VERB"] for tag in ("VBD", "VBN")
    )


@lru_cache(maxsize=4096)
def english_gerund(verb: str) -> str:
    """The -ing form of an English verb ("swim" -> "swimming"); the verb itself when the dictionary has none."""
    forms = lemminflect.getInflection(verb, tag="VBG")
    return forms[0] if forms else verb


@lru_cache(maxsize=65536)
def english_lemmas(word: str) -> tuple[str, ...]:
    """The dictionary forms of an English word in any part of speech ("children" -> child, "lives" -> life,
    live); a word the dictionary lacks gets the regular noun rules ("migraineurs" -> migraineur)."""
    if not word.isalpha():
        return ()  # a number or a token with digits ("10", "b12") has no lemma; nor does loading the tables pay
    found = lemminflect.getAllLemmas(word) or lemminflect.getAllLemmasOOV(word, "NOUN")
    return tuple(dict.fromkeys(lemma.lower() for lemmas in found.values() for lemma in lemmas))
