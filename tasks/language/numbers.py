"""Numbers written as words, Russian and English: "thirty-two" → 32, «сорок один» → 41, «двое» → 2.

Cardinals are read by number-parser (its own RU/EN vocabularies and composition rules); it costs
~0.1–1 ms a call, so callers pass it only the few words a cue points at, never whole sentences,
and the results are cached. Russian collective numerals («двое детей», «троих сыновей») are
outside number-parser's vocabulary; pymorphy3 tags them `NUMR,Coll`, and their lemmas are the
closed class below.
"""

from __future__ import annotations

from functools import lru_cache

from number_parser import parse_number
from number_parser.parser import LanguageData, _normalize_tokens, _tokenize  # private: pinned <0.4 (pyproject)

from tasks.language import morphology
from tasks.language.text import CYRILLIC_RE, normalize

# Every Russian collective numeral (a closed class of the grammar), by lemma. "оба" is the dual.
COLLECTIVE: dict[str, int] = {
    "двое": 2,
    "трое": 3,
    "четверо": 4,
    "пятеро": 5,
    "шестеро": 6,
    "семеро": 7,
    "восьмеро": 8,
    "девятеро": 9,
    "десятеро": 10,
    "оба": 2,
}
# Words that say "one" or "a pair" without being numerals.
ARTICLES: dict[str, int] = {"a": 1, "an": 1, "couple": 2, "pair": 2, "пара": 2, "пару": 2}
# One token of a number as people write it: digits, or letters (a hyphenated "thirty-two" is one).
NUMBER_TOKEN = r"(?:\d{1,3}|[a-zа-яё]+(?:-[a-zа-яё]+)?)"


@lru_cache(maxsize=4096)
def number_value(text: str) -> int | None:
    """The integer a number phrase of one to three words stands for; None when it is not one."""
    words = normalize(text).replace("-", " ").split()
    if not words or len(words) > 4:
        return None
    if len(words) == 1:
        word = words[0]
        if word.isdigit():
            return int(word)
        if word in ARTICLES:
            return ARTICLES[word]
        if CYRILLIC_RE.search(word):
            reading = morphology.best(word)
            if "NUMR" in reading.tag.grammemes and reading.normal_form in COLLECTIVE:
                return COLLECTIVE[reading.normal_form]
    if any(w.isdigit() for w in words):
        return None
    language = "ru" if CYRILLIC_RE.search(text) else "en"
    phrase = " ".join(words)
    if not phrase.strip().isnumeric() and not _only_number_words(phrase, language):
        return None
    value = parse_number(phrase, language=language)
    return value if isinstance(value, int) else None


@lru_cache(maxsize=2)
def _number_words(language: str) -> frozenset[str]:
    """The words number-parser reads inside a number: its numerals and the words it skips ("and", «и»)."""
    data = LanguageData(language)
    return frozenset(data.all_numbers) | frozenset(data.skip_tokens)


def _only_number_words(phrase: str, language: str) -> bool:
    """False when `parse_number` would refuse the phrase for a word outside its vocabulary, told without calling it:
    each call rebuilds the vocabulary (about a millisecond), and most phrases asked about are no numbers. The
    phrase is cut and normalised by number-parser's own functions, as `parse_number` does."""
    vocabulary = _number_words(language)
    return all(not token.strip() or token in vocabulary for token in _normalize_tokens(_tokenize(phrase, language)))


def leading_number(words: list[str]) -> tuple[int, int] | None:
    """(value, words used) for the longest number at the start of `words` ("сорок один год" → 41, 2)."""
    for n in range(min(3, len(words)), 0, -1):
        value = number_value(" ".join(words[:n]))
        if value is not None:
            return value, n
    return None
