"""Text helpers for the rules extractor: normalising, splitting, tokens, numbers, Russian inflection.

Everything works on a *normalised* copy of the text (lower case, ё → е) that keeps the character
offsets of the original, so a match found in the normalised text can be cut from what the user
actually wrote (`name_raw`, `evidence`).

Russian nouns and adjectives change their endings with case ("эналаприла", "в Москве",
"врачом"). Instead of a morphology library we generate the few dictionary forms a word could
come from (`noun_forms`, `adjective_forms`) and keep the one a lexicon knows; callers fall back
to a conservative rule when no lexicon entry matches.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from tasks.language import morphology

WORD_RE = re.compile(r"[\w][\w'’-]*")
# A sentence ends at . ! ? … or a line break; a dot between digits ("7.1") is not an end, nor one inside an
# abbreviation of single letters ("y.o.", "u.s.", "e.g.", «т. д.»): its last dot may be; nor the dot of a web
# address or file name ("apteka.ru", "drugs.com/x.html"), nor one after a title ("Dr. Lee"). Russian web text ends a
# sentence with a bracket smiley too ("помогло))) Теперь", "тошнит(( Завтра"): a bracket, a space and a capital
# letter, or a run of brackets and a capital with no space ("помогло)))Теперь"; one bracket there is a gloss:
# "Нурофен(Ибупрофен)").
SENTENCE_END_RE = re.compile(
    r"(?<=[!?…])\s*"
    r"|(?<=[.])(?!\d)(?!(?<=\b\w\.)\s?\w\.)(?!(?:com|org|net|edu|gov|info|ru|рф|su|ua|by|kz|uk|de|ca|au|io|html?|php)\b)"
    r"(?<!\bwww\.)(?<!\b[DdMm]r\.)(?<!\b[Mm]rs\.)(?<!\b[Mm]s\.)(?<!\b[Pp]rof\.)\s*"
    r"|\n+|(?<=[()])\s+(?=[А-ЯЁ])|(?<=[()]{2})(?=[А-ЯЁ])"
)


def normalize(text: str) -> str:
    """Lower case with ё → е and typographic apostrophes made plain, same length as the input."""
    lowered = text.lower()
    if len(lowered) != len(text):  # rare letters whose lower case is longer ("İ"): keep them as they are
        lowered = "".join(ch.lower() if len(ch.lower()) == 1 else ch for ch in text)
    return lowered.replace("ё", "е").replace("’", "'")


# Chat text often ends a sentence with no stop at all: an emoji or a text emoticon before a capital letter
# ("помогло 🙏 Теперь сплю", "it stopped working :( Now I"), or a line break that the text lost and kept as two
# spaces ("пью флуоксетин  Ну и где эффект?"). Pictographs are the Unicode symbols (So/Sk) from the Arrows block on
# and in the emoji planes; a variation selector or joiner may close one. Not "°", "©", "№" (letters, units).
_PICTOGRAPHS = "".join(
    chr(code)
    for block in (range(0x2190, 0x2C00), range(0x1F000, 0x1FB00))
    for code in block
    if unicodedata.category(chr(code)) in ("So", "Sk")
)
# A Russian letter in normalised (lower-case) text: what tells a Russian word or sentence from an English one.
CYRILLIC_RE = re.compile(r"[а-я]")
_CAPITAL = r"(?=[A-ZА-ЯЁ])"
PICTOGRAPH_END_RE = re.compile(rf"(?<=[{_PICTOGRAPHS}\ufe0f\u200d])\s*{_CAPITAL}")
EMOTICON_END_RE = re.compile(rf"(?:(?<=[:;=][)(DPp/])|(?<=[:;=]-[)(DPp/])|(?<=\b[xX][DД])|(?<=\^\^))\s*{_CAPITAL}")
# Two spaces where a line break was; not after a comma, colon or dash (a list or a clause goes on: "пью:  Зорбекс"),
# nor after a word that needs one after it ("and  I", "как  Аспирин"): see `_needs_a_following_word`.
LOST_LINE_BREAK_RE = re.compile(rf"(?<=[^\s,;:(\-–—])[ \t\u3000]{{2,}}{_CAPITAL}")
TAGS_ONLY_RE = re.compile(r"\s*(?:[#@]\w+\s*)+")
# English words that cannot end a sentence: conjunctions, prepositions, articles, possessives (closed classes).
ENGLISH_GOES_ON_RE = re.compile(
    r"and|or|but|nor|so|because|as|than|that|which|who|whom|whose|if|when|while|though|although|like"
    r"|of|to|in|on|at|by|for|from|with|without|into|onto|about|after|before|since|until"
    r"|the|a|an|my|your|his|her|its|our|their|this|these|those|i|i'm|i've"
)
# What makes a Russian line a clause of its own (pymorphy3 parts of speech): a verb, an infinitive, a short
# participle or a predicative ("можно", "нельзя").
_PREDICATE_TAGS = ("VERB", "INFN", "PRTS", "PRED")


def _needs_a_following_word(word: str) -> bool:
    """A conjunction, preposition or particle (pymorphy3's CONJ/PREP/PRCL for Russian), or an English closed-class
    word that cannot close a sentence."""
    word = word.lower()
    if CYRILLIC_RE.search(word):
        return any(morphology.has_tag(word, grammeme) for grammeme in ("CONJ", "PREP", "PRCL"))
    return bool(ENGLISH_GOES_ON_RE.fullmatch(word))


def _is_clause(line: str) -> bool:
    """A line that can be a sentence by itself: a Russian line with a predicate of its own.

    A verbless Russian line goes with the line before it: a list of names under "прописали таблетки", an
    exclamation about it ("Ваще эйфория"), a thanks. English has no tagger here: a Latin line is a clause.
    """
    words = WORD_RE.findall(line.lower())
    if not any(CYRILLIC_RE.search(w) for w in words):
        return True
    # Any reading counts: an ambiguous verb is often read as a noun first ("колю" is also a name).
    return any(morphology.any_reading_has(w, tag) for w in words for tag in _PREDICATE_TAGS)


def _asks(line: str) -> bool:
    """A line that is a question: its question mark must not turn the line before it into one."""
    words = WORD_RE.findall(line.lower())
    return line.rstrip().endswith("?") or any(morphology.has_tag(w, "Ques") for w in words[:1])


def _split_unmarked_ends(part: str) -> list[str]:
    """Cut a stop-delimited part at an emoji, emoticon or lost line break that ends a sentence without a stop."""
    cuts = {m.start() for rx in (PICTOGRAPH_END_RE, EMOTICON_END_RE) for m in rx.finditer(part)}
    gaps = [m.start() for m in LOST_LINE_BREAK_RE.finditer(part)]
    for i, gap in enumerate(gaps):
        before = part[:gap]
        words = WORD_RE.findall(before)
        # After a colon the lines are a list the colon's verb governs ("принимаю:  Аспирин  Омепразол").
        if not words or ":" in before or _needs_a_following_word(words[-1]):
            continue
        line_before = part[max((c for c in cuts if c < gap), default=0) : gap]
        line_after = part[gap : gaps[i + 1] if i + 1 < len(gaps) else len(part)]
        if TAGS_ONLY_RE.fullmatch(line_before):  # "#астма  Чем лечите?": a topic label, no sentence of its own
            continue
        if _asks(line_after) or (_is_clause(line_before) and _is_clause(line_after)):
            cuts.add(gap)
    bounds = [0, *sorted(cuts), len(part)]
    return [part[a:b] for a, b in pairwise(bounds)]


def split_sentences(text: str) -> list[str]:
    """Sentences of a message, stripped, empty ones dropped; the end mark stays with its sentence."""
    parts = [piece for part in SENTENCE_END_RE.split(text) if part for piece in _split_unmarked_ends(part)]
    return [p.strip() for p in parts if p and p.strip(" \t.,;:!?…-—")]


@dataclass(frozen=True)
class Token:
    text: str  # normalised
    start: int
    end: int


def tokenize(norm: str) -> list[Token]:
    return [Token(m.group().replace("’", "'"), m.start(), m.end()) for m in WORD_RE.finditer(norm)]


# --- numbers ------------------------------------------------------------------------------------

NUMBER_WORDS: dict[str, int] = {
    "один": 1,
    "одного": 1,
    "одну": 1,
    "одна": 1,
    "два": 2,
    "две": 2,
    "двух": 2,
    "три": 3,
    "трех": 3,
    "четыре": 4,
    "четырех": 4,
    "пять": 5,
    "пяти": 5,
    "шесть": 6,
    "шести": 6,
    "семь": 7,
    "семи": 7,
    "восемь": 8,
    "восьми": 8,
    "девять": 9,
    "девяти": 9,
    "десять": 10,
    "десяти": 10,
    "пару": 2,
    "пара": 2,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "a couple of": 2,
}
NUMBER_WORD_RE = "|".join(sorted((re.escape(w) for w in NUMBER_WORDS), key=len, reverse=True))


def to_int(text: str) -> int | None:
    text = text.strip()
    if text.isdigit():
        return int(text)
    return NUMBER_WORDS.get(text)


def russian_years(n: int) -> str:
    """ "5 лет", "2 года", "1 год": the unit in the form that goes with the number."""
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} год"
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return f"{n} года"
    return f"{n} лет"


# --- Russian inflection ------------------------------------------------------------------------

# Case endings of nouns, longest first so "ами" is tried before "и".
_NOUN_ENDINGS = (
    "ами",
    "ями",
    "ов",
    "ев",
    "ей",
    "ом",
    "ем",
    "ой",
    "ою",
    "ах",
    "ях",
    "ам",
    "ям",
    "а",
    "я",
    "у",
    "ю",
    "е",
    "и",
    "ы",
    "о",
    "ь",
    "й",
)
# Endings a dictionary form (nominative singular or plural) may have.
_NOMINATIVE_ENDINGS = ("", "а", "я", "ь", "й", "о", "е", "и", "ы")
_ADJ_ENDINGS = (
    "ого",
    "его",
    "ому",
    "ему",
    "ыми",
    "ими",
    "ый",
    "ий",
    "ой",
    "ая",
    "яя",
    "ое",
    "ее",
    "ые",
    "ие",
    "ых",
    "их",
    "ым",
    "им",
    "ую",
    "юю",
    "ей",
    "ем",
    "ом",
)
_ADJ_NOMINATIVE = ("ый", "ий", "ой", "ая", "яя", "ое", "ее", "ые", "ие")
_VOWELS_AND_SIGNS = frozenset("аеиоуыэюяйьъ")


@lru_cache(maxsize=65536)
def noun_forms(word: str) -> tuple[str, ...]:
    """The word and every dictionary form it could be an inflection of, most literal first.

    Over-generates on purpose ("врачом" → "врач", "врача", "врачь", …): the caller keeps the
    form its lexicon knows. A fleeting vowel is restored too ("отца" → "отец", "кашля" → "кашель").
    """
    forms = [word]
    if not CYRILLIC_RE.search(word):
        return tuple(forms)
    if word[-1] not in _VOWELS_AND_SIGNS and len(word) >= 4:
        # A genitive plural has no ending, sometimes with a vowel put in: "пчел" → "пчелы",
        # "кошек" → "кошки".
        stems = [word] + ([word[:-2] + word[-1]] if word[-2] in "еоь" else [])
        forms.extend(stem + nom for stem in stems for nom in ("а", "ы", "и", "я", "о"))
    for ending in _NOUN_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            stem = word[: -len(ending)]
            forms.extend(stem + nom for nom in _NOMINATIVE_ENDINGS)
            if len(stem) >= 3:
                for vowel in ("е", "о"):
                    fleeting = stem[:-1] + vowel + stem[-1]
                    forms.extend((fleeting, fleeting + "ь"))
    return tuple(dict.fromkeys(forms))


@lru_cache(maxsize=65536)
def adjective_forms(word: str) -> tuple[str, ...]:
    forms = [word]
    if not CYRILLIC_RE.search(word):
        return tuple(forms)
    for ending in _ADJ_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            stem = word[: -len(ending)]
            forms.extend(stem + nom for nom in _ADJ_NOMINATIVE)
    return tuple(dict.fromkeys(forms))


@lru_cache(maxsize=65536)
def word_forms(word: str) -> frozenset[str]:
    """Noun and adjective dictionary forms together: what a word inside a phrase may stand for."""
    return frozenset(noun_forms(word)) | frozenset(adjective_forms(word))
