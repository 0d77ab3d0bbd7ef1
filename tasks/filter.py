"""The junk filter: which user text is worth an extraction call, which is a piece, which is nothing.

Three verdicts:

* **junk** carries nothing and is dropped: no letters and no digits ("!!!", "...", "??"), or a
  lone word nobody could build a statement from ("ыва", "asdf", "ок", "Привет"). An assistant
  reply inside a junk fragment is ignored too: it answers nothing the user said.
* **piece** is short but may start or finish a statement when glued to the messages around it:
  a bare number ("41", "123") or words from the short function-word list ("мне", "год", "лет",
  "my", "name", "is"). Pieces are buffered and glued, never extracted on their own.
* **content** is enough text to extract from.

Why these thresholds: the shortest real statements people write are two or three words with a
number ("мне 41 год", "Мне 34 года.", "I am 40"), so *content* is either ≥ 6 letters in ≥ 2
words, or up to three function words with a number among them. Up to three function words
without a number ("my name is", "я живу в") are still a piece: they announce a fact to come.
A single word is never content: alone it cannot say who or what it is about (the design's
"one word" rule). Keyboard mashing long enough to pass the letter count is caught by the vowel
check: real Russian and English words of four or more letters almost always have a vowel.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal, Protocol

from tasks.language.lexicon import function_words
from tasks.language.text import normalize

Verdict = Literal["content", "piece", "junk"]

MIN_CONTENT_LETTERS = 6
MIN_CONTENT_WORDS = 2
# Up to this many function words and numbers are a piece; more of them are a sentence ("у меня нет аллергии").
MAX_PIECE_WORDS = 3
WORD_RE = re.compile(r"[^\W_]+(?:['-][^\W_]+)*")
VOWELS = frozenset("аеёиоуыэюяaeiouy")


class MessageLike(Protocol):
    @property
    def role(self) -> str: ...
    @property
    def content(self) -> str: ...


def _looks_like_word(word: str) -> bool:
    letters = [ch for ch in word if ch.isalpha()]
    return len(letters) < 4 or any(ch in VOWELS for ch in letters)


def judge_text(text: str) -> Verdict:
    """Whether `text` (a user message, or several glued) is content, a piece to glue, or junk."""
    words = WORD_RE.findall(normalize(text))
    if not words:
        return "junk"  # only punctuation, symbols or nothing
    letters = sum(ch.isalpha() for word in words for ch in word)
    alpha_words = [w for w in words if not w.isdigit()]
    all_known = all(w.isdigit() or w in function_words() for w in words)
    if all_known and len(words) <= MAX_PIECE_WORDS:
        # "мне 41 год" is a statement; "my name is" or "41" alone still waits for the rest.
        if len(words) >= MIN_CONTENT_WORDS and alpha_words and len(alpha_words) < len(words):
            return "content"
        return "piece"
    looks_real = sum(map(_looks_like_word, alpha_words)) * 2 >= len(alpha_words)
    if len(words) >= MIN_CONTENT_WORDS and letters >= MIN_CONTENT_LETTERS and looks_real:
        return "content"
    return "junk"


def is_junk_dialogue(messages: Sequence[MessageLike]) -> bool:
    """True when the user's text of a whole fragment is junk; its assistant replies then count for nothing."""
    user_text = " ".join(m.content for m in messages if m.role == "user")
    return judge_text(user_text) == "junk"
