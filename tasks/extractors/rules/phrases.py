"""Phrases several rules share: when something happened, since when, which relative, what can be a value."""

from __future__ import annotations

import re
from functools import lru_cache

from tasks.extractors.rules.sentence import Sentence
from tasks.language import lexicon, morphology
from tasks.language.text import NUMBER_WORD_RE, normalize, noun_forms, russian_years, to_int

_MONTHS_RU = r"(?:январе|феврале|марте|апреле|мае|июне|июле|августе|сентябре|октябре|ноябре|декабре)"
_MONTHS_EN = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
DATE_RE = re.compile(
    rf"\b(?:в\s+(?:прошлом|позапрошлом|этом)\s+(?:году|месяце)|на\s+(?:прошлой|этой)\s+неделе"
    rf"|(?:в|летом|зимой|весной|осенью)\s+\d{{4}}(?:\s+(?:году|г\.?))?|в\s+{_MONTHS_RU}(?:\s+\d{{4}}(?:\s+года)?)?"
    rf"|(?:летом|зимой|весной|осенью)(?:\s+\d{{4}})?"
    rf"|(?:\d+|{NUMBER_WORD_RE}|пару|несколько)\s+(?:лет|года?|месяц\w*|недел\w*|дн\w+)\s+назад"
    rf"|(?:месяц|год|неделю|полгода)\s+назад|a\s+(?:year|month|week)\s+ago|last\s+(?:{_MONTHS_EN})"
    rf"|в\s+детстве|в\s+юности|вчера|позавчера"
    rf"|last\s+(?:year|month|week|spring|summer|autumn|fall|winter)|(?:in|back\s+in)\s+(?:{_MONTHS_EN}\s+)?\d{{4}}"
    rf"|in\s+{_MONTHS_EN}|(?:\d+|{NUMBER_WORD_RE}|a\s+few|a\s+couple\s+of)\s+(?:years?|months?|weeks?|days?)\s+ago"
    rf"|as\s+a\s+(?:child|kid|teenager)|yesterday|this\s+year"
    # When a use lapsed or began: "haven't taken it since May", "on it since 2019", «не пью с 2024 года».
    rf"|since\s+(?:{_MONTHS_EN}(?:\s+\d{{4}})?|\d{{4}})|с\s+\d{{4}}\s+(?:года|г\.?))\b"
)

# How long something has lasted: "уже лет пять" → "5 лет", "с 2015 года", "for 3 years".
_SINCE_WORD_FIRST_RE = re.compile(rf"\bуже\s+(?:около\s+)?(?:лет|года?)\s+({NUMBER_WORD_RE}|\d+)\b")
_SINCE_NUMBER_FIRST_RE = re.compile(
    rf"\b(?:уже\s+|около\s+|почти\s+)?({NUMBER_WORD_RE}|\d+)\s+(?:лет|года?)\b(?!\s+назад)"
)
_SINCE_OTHER_RE = re.compile(
    rf"\bс\s+\d{{4}}(?:\s+года)?|\bс\s+детства|\bс\s+юности|\bс\s+рождения|\bsince\s+(?:\d{{4}}|childhood|birth)"
    rf"|\bfor\s+(?:about\s+)?(?:\d+|{NUMBER_WORD_RE}|a\s+few|many)\s+years"
    rf"|\bуже\s+(?:\d+\s+|{NUMBER_WORD_RE}\s+|пару\s+|несколько\s+)?(?:недел[юиь]|дн[яей]|месяц\w*|дней)"
    rf"|\b(?:второй|третий|четвертый|пятый|\d+-й)\s+день|\bс\s+утра|\bсо\s+вчера\w*|\bс\s+понедельника"
    rf"|\bsince\s+(?:yesterday|this\s+morning|last\s+\w+|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    rf"|\bfor\s+(?:about\s+)?(?:\d+|{NUMBER_WORD_RE}|a|a\s+few|a\s+couple\s+of|several)\s+(?:days?|weeks?|months?)"
)


def date_phrase(s: Sentence) -> str | None:
    m = DATE_RE.search(s.norm)
    return s.cut(m.start(), m.end()) if m else None


def since_phrase(s: Sentence, *, years_only: bool = False) -> str | None:
    m = _SINCE_WORD_FIRST_RE.search(s.norm) or _SINCE_NUMBER_FIRST_RE.search(s.norm)
    if m:
        n = to_int(m.group(1))
        if n is not None and 0 < n < 100:
            return russian_years(n) if re.search(r"[а-я]", m.group()) else m.group().strip()
    if years_only:
        return None
    m = _SINCE_OTHER_RE.search(s.norm)
    return s.cut(m.start(), m.end()) if m else None


# People other than the user whom a health statement may be about: children, a spouse, friends. A sentence
# naming one and nothing of the user ("ребенок болел гриппом", "my husband takes X") is about them.
OTHER_PEOPLE_RE = re.compile(
    r"\b(?:ребен\w*|ребят\w*|малыш\w*|дет(?:и|ей|ям|ьми|ях)|муж(?:а|у|ем|е)?|жен[аеуыой]|подруг\w*|друг[аеу]?|друз(?:ей|ьям|ьями|ьях)"
    r"|коллег\w*|сосед\w*|husband|wife|child|children|kids?|baby|boyfriend|girlfriend|partner|friend)\b"
)
# The user as a subject or an object ("мне назначили", "put me on"); "my" alone does not say whose it is.
FIRST_PERSON_RE = re.compile(r"\b(?:я|мне|меня|мной|i|i'm|i've|i'd|me)\b")


def about_someone_else(s: Sentence) -> bool:
    """True when the sentence names another person (a relative included) and nothing of the user."""
    if FIRST_PERSON_RE.search(s.norm):
        return False
    return relative(s) is not None or bool(OTHER_PEOPLE_RE.search(s.norm))


# Where the clause of a cue begins: a clause names its own subject.
CLAUSE_START_RE = re.compile(r"[,;:.!?()—–]|\s-\s|\b(?:but|and|because|since|а|но|и|потому\s+что)\s")
# The writer as the one something is true of: subject, experiencer («у меня», «мне») or owner ("my allergy").
WRITER_RE = re.compile(r"^(?:я|мне|меня|мной|мы|нас|нам|i|i'm|im|i've|i'd|me|my|we|we're|us|our)$")


def clause_start(s: Sentence, position: int) -> int:
    """Where the clause of `position` begins, as its subject is looked for ("and", "but" begin one too)."""
    return max((m.end() for m in CLAUSE_START_RE.finditer(s.norm, 0, position)), default=0)


def said_of_writer(s: Sentence, cue_start: int) -> bool:
    """Whether what the cue at `cue_start` says is said of the writer: the last person named in its clause before it
    is the writer, or nobody is named there ("Аллергия на пенициллин.", "allergic to latex"). Not when that person is
    someone else: "у сына аллергия на орехи", "my son is allergic to peanuts", "you're allergic to bananas", "he
    says he's lactose intolerant"."""
    start = clause_start(s, cue_start)
    others = lexicon.person_words()["other_people"]
    relatives = lexicon.person_words()["relatives"]
    for token in reversed([t for t in s.tokens if start <= t.start and t.end <= cue_start]):
        word = re.sub(r"'(?:s|re|m|ve|d|ll)$", "", token.text)
        if WRITER_RE.match(token.text) or WRITER_RE.match(word):
            return True
        lemma = morphology.lemma(word) if not word.isascii() and len(word) > 2 else word
        if any(form in others or form in relatives for form in (word, lemma)):
            return False
    return True


@lru_cache(maxsize=1024)
def relative(s: Sentence) -> tuple[str, int] | None:
    """The relative a sentence talks about ("у отца" → отец) and the token index where it is."""
    table: dict[str, str] = lexicon.person_words()["relatives"]
    for i, token in enumerate(s.tokens):
        word = token.text.removesuffix("'s")
        # A word the dictionary knows is a relative only by a noun reading («брать» is no «брат»); endings are
        # guessed only for words it does not know.
        if morphology.is_known(word):
            forms = [word, *(p.normal_form for p in morphology.parses(word) if p.tag.POS == "NOUN")]
        else:
            forms = [word, *morphology.lemmas(word), *noun_forms(word)]
        for form in forms:
            if form in table:
                return table[form], i
    return None


def is_content_word(word: str) -> bool:
    """No pronoun, adverb, particle or other closed-class word is ever stored as a value ("allergic to it")."""
    low = normalize(word).strip("'-")
    if not low or low in lexicon.person_words()["closed_class_en"]:
        return False
    if low.isascii():
        return low.isalpha() or "-" in low
    closed = {"NPRO", "ADVB", "PRCL", "CONJ", "PREP", "INTJ", "PRED", "NUMR"}
    return not (closed & morphology.best(low).tag.grammemes)
