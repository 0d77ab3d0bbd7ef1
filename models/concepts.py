"""Concepts: crude word stems shared by the read path (notes, records, associations) and the
write path (learning associations), so both sides cut a word the same way.

A concept is the first five letters of a content word: "гемоглобин"/"гемоглобина" and
"cholesterol"/"cholesterin" meet, "марафон"/"марафону" too. Stop words, numbers and words
shorter than four letters are ignored.
"""

from __future__ import annotations

import re

STEM_LENGTH = 5
MIN_WORD_LENGTH = 4

_WORD = re.compile(r"\w+")
# Words too common to tie a question to a record, a note or a section. Only words of 4+ letters matter.
_STOPWORD_TEXT = """
    какой какая какое какие каких каким какую когда нужно надо сейчас меня мной тебя тебе себя было была были
    будет быть этот этого этой эти это очень можно нельзя почему зачем сколько который которые также только
    если чтобы после перед через всегда никогда теперь снова ещё еще уже просто вообще нибудь пожалуйста
    мой моей моего моих мои свой своей свои есть лучше где-то
    сегодня завтра вчера хочу хотел хотела хотим могу может можешь спасибо привет здравствуй здравствуйте
    скажи подскажи подскажите расскажи помоги помогите посоветуй посоветуйте порекомендуй
    what which when where have should would could about your with from this that there their them they then
    than been does doing into over some something anything please tell know want need much many
    today tomorrow yesterday thanks thank hello just really
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())


def fold_text(text: str) -> str:
    """Case-folded with ё → е: the form every concept and query pattern is matched on."""
    return text.casefold().replace("ё", "е")


def word_stems(text: str) -> frozenset[str]:
    """The concepts of a text: first five letters of each content word of four letters or more."""
    words = _WORD.findall(fold_text(text).replace("-", " "))
    return frozenset(
        word[:STEM_LENGTH]
        for word in words
        if len(word) >= MIN_WORD_LENGTH and word not in STOPWORDS and not word.isdigit()
    )
