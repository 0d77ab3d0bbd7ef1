"""Person sections: profile (name, age, city, profession), preferences, style, instructions, notes.

Names and places are read from the text as written, because capitalisation is the best
offline signal that "Катя" in "я Катя" is a name while "думаю" in "я думаю" is not.
"""

from __future__ import annotations

import calendar
import itertools
import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import lru_cache
from typing import Any

import lemminflect

from tasks.extractors.rules.events import framing_a_complaint
from tasks.extractors.rules.phrases import is_content_word
from tasks.extractors.rules.sentence import Finding, Sentence
from tasks.language import given_names, lexicon, morphology, numbers, places
from tasks.language.patterns import compile_cues
from tasks.language.places import Place
from tasks.language.text import (
    CYRILLIC_RE,
    Token,
    adjective_forms,
    normalize,
    noun_forms,
    split_sentences,
    tokenize,
)

# --- notes: explicit commands --------------------------------------------------------------------

EXPLICIT_RE = re.compile(
    r"^\W*(?:(?:и|а|also|and)\s+)?(?:пожалуйста,?\s+|please,?\s+)?"
    r"(?:запомни(?:те)?|не\s+забудь(?:те)?|заметка|сохрани(?:те)?|remember|note|don't\s+forget|save)"
    r"(?:\s*(?:,\s*)?(?:пожалуйста|please))?\s*(?:[:,—-]\s*)?(?:(?:что|that)\s+)?"
)
NOT_A_COMMAND_RE = re.compile(r"^(?:when|how|what|if|where|когда|как|что\s+я|ли\b|me\b|this\b|это\b)")


def explicit_note(s: Sentence) -> Finding | None:
    """ "Запомни: X" → a note with X in the user's own words; None when it is not such a command."""
    m = EXPLICIT_RE.match(s.norm)
    if not m:
        return None
    rest = s.norm[m.end() :]
    if not rest.strip() or NOT_A_COMMAND_RE.match(rest):
        return None
    value = s.raw[m.end() :].strip().rstrip(".!;").strip()
    if len(value) < 3:
        return None
    return Finding("notes", {"value": value}, s, explicit=True)


# --- whose life, and is it a fact -------------------------------------------------------------------

# Within the clause of a finding: a wish, a plan or a condition is not a fact about the user.
WISH_RE = re.compile(
    r"\b(?:хочу|хотим|хочется|хотел[аи]?\s+бы|хотелось\s+бы|мечта\w*|планир\w*|собира\w*|подумыва\w*"
    r"|думаю\s+(?:о|об|над|завести|купить|начать|переехать|пойти)|если|бы|чтобы|стоит\s+ли|может\s+быть"
    # the conditional said with the imperative: «будь я в Москве» ("were I in Moscow")
    r"|будь\s+(?:я|мы)"
    r"|want|wanna|wants|wish|would|'d|hope|hoping|plan|plans|planning|thinking\s+(?:about|of)|considering"
    # "maybe that is why i am still single" doubts the reason, not the fact it explains
    r"|if|should|might|maybe(?!\s+(?:that's|thats|that\s+is|this\s+is)\s+why\b)|going\s+to|gonna|someday|one\s+day"
    r"|dream\w*|aspiring|wannabe|till|until"
    # make-believe: "in my fantasy world i am a singer", "i pretend i am a pilot", "imagine i lived in paris"
    r"|in\s+my\s+(?:fantasy|fantasies|imagination)|pretend(?:ing)?\s+(?:to\s+be|(?:that\s+)?(?:i|i'm|we))"
    r"|imagine\s+(?:(?:that\s+)?(?:i|i'm|we|me)|if))\b"
)
# Reported speech: what someone says about the user is theirs to say, not the user's statement.
REPORTED_RE = re.compile(
    r"\b(?:говорит|говорят|сказал[аи]?|считает|считают|думает|пишет|утверждает"
    r"|says|said|told|tells|thinks|claims|asked)\b|[«\"“]"
)
# The writer reporting their own words says them still: "as i said, i am a teacher", "i told her we live in ohio", "i
# would be like yes mom i still live in ohio" (a quotative "like" before an interjection opens the quote). Not what
# was said then, in a clause of time or condition ("when i said i moved to panama i meant…"), nor asked.
WRITER_SAYS_RE = re.compile(
    r"(?<!\bwhen\s)(?<!\bif\s)(?<!\bonce\s)(?<!\bbefore\s)(?<!\bafter\s)"
    r"\bi(?:'ve|\s+have|\s+had)?\s+(?:just\s+|already\s+|always\s+)?(?:said|told)\b"
    r"(?:\s+(?:you|him|her|them|everyone|everybody|(?:my|our)\s+[a-z]+)\b)?(?:\s+(?:already|before|above|earlier))?"
    r"|\b(?:i'd|i\s+would|i\s+was|i'm|i\s+am|im)\s+(?:be\s+)?like\s*,?\s+"
    r"(?=(?:yes|yeah|yep|no|nope|oh|ok|okay|well|hey|wow|um|uh|dude|omg|lol)\b)"
)
CLAUSE_BREAK_RE = re.compile(r"[,;:—–]|\s-\s|\b(?:but|а|но)\b")
# Who a clause is about: the last person named before the fact. "Мы с женой", "my wife and I", "me and my wife" are
# the user; "my" names the user as the owner of what follows ("you asked, but my favourite is…"); "am" has no other
# subject, said once for two verbs ("i have two kids and am married") or with the "i" left out ("that's why am still
# single").
SELF_RE = re.compile(
    r"\bмы\s+с\s+\w+|\b\w+\s+and\s+i\b|\bme\s+and\s+(?:my|the)\s+\w+|\bam\b(?!\s+i\b)"
    r"|\b(?:i|i'm|i've|i'd|me|my|mine|we|we're|we've|us|я|мы|мне|меня|нас|нам)\b"
)


# A person named after «с», "with" keeps the subject company and is not the subject: «с друзьями играем в футбол»,
# «по субботам с коллегами гоняем в волейбол» say what the writer does.
COMPANION_PREPOSITIONS = frozenset({"с", "со", "with"})


def _others_before(s: Sentence, end: int) -> int:
    """The end offset of the last word before `end` that names someone other than the user, or -1."""
    people = lexicon.person_words()
    last = -1
    for i, token in enumerate(s.tokens):
        if token.end > end:
            break
        word = token.text.removesuffix("'s")
        if not (word in people["other_people"] or word in people["relatives"]):
            if len(word) <= 2:
                continue
            # a plural or case form: "sisters", «сестры». Not the writer's own children ("i have 3 daughters, a
            # rabbit"), whose plurals were never read as someone else.
            lemmas = morphology.english_lemmas(word) if word.isascii() else (morphology.lemma(word),)
            others = [lemma for lemma in lemmas if lemma in people["other_people"] or lemma in people["relatives"]]
            if not others or (word.isascii() and any(lemma in _EN_CHILD_NOUNS for lemma in others)):
                continue
        if not _a_companion(s, i) and not _listed_in_the_writers_household(s, i):
            last = token.end
    return last


# The writer's own list of the people and animals they live with: «у меня муж, двое детей и собака», "i have a wife
# and three kids", "my husband, two kids and our dog". A person listed there is an item, not a new subject, so what
# follows in the list is the writer's too. Only a partner: "i have a son, married" may say the son is married.
WRITERS_PARTNER_RE = re.compile(
    r"(?:\bу\s+меня\s+(?:есть\s+)?|\bi\s+(?:have|have\s+got|got)\s+|\bi've\s+got\s+|\b(?:my|мой|моя)\s+)"
    r"(?:(?:a|an|my)\s+)?(?:[\w-]+\s+)?(?:husband|wife|partner|fianc[eé]e?|boyfriend|girlfriend|муж|жена|супруга?)$"
)
LIST_GOES_ON_RE = re.compile(r"\s*(?:,|&|(?:и|and)\b)")


def _listed_in_the_writers_household(s: Sentence, i: int) -> bool:
    """Whether the person word at token i is the writer's partner listed as such an item: owned by «у меня», "i
    have" or "my", and followed by the list's next item (a comma, «и», "and")."""
    return bool(LIST_GOES_ON_RE.match(s.norm, s.tokens[i].end) and WRITERS_PARTNER_RE.search(s.norm[: s.tokens[i].end]))


def _a_companion(s: Sentence, i: int) -> bool:
    """Whether the person word at token i follows «с», "with", right before it or before one word that is no
    person of its own («с моими друзьями», "with some friends"; not "with her husband")."""
    before = [t.text for t in s.tokens[max(0, i - 2) : i]]
    if before[-1:] and before[-1] in COMPANION_PREPOSITIONS:
        return True
    people = lexicon.person_words()
    return (
        len(before) == 2
        and before[0] in COMPANION_PREPOSITIONS
        and before[1] not in people["other_people"]
        and before[1] not in people["relatives"]
    )


@lru_cache(maxsize=1024)
def _writer_says(norm: str) -> tuple[tuple[int, int], ...]:
    """Where the writer reports their own words in a sentence ("i told her"), each cue's span; cached, since every
    cue of the sentence asks."""
    return tuple(m.span() for m in WRITER_SAYS_RE.finditer(norm))


def _reported(s: Sentence, start: int) -> bool:
    """Whether someone's words are reported before s.norm[start]: a reporting verb not the writer's, or a quote."""
    by_writer = _writer_says(s.norm)
    return any(
        not any(begin <= m.start() < stop for begin, stop in by_writer) for m in REPORTED_RE.finditer(s.norm, 0, start)
    )


def _own_statement(s: Sentence, start: int, end: int, *, deictic: bool = False) -> bool:
    """Whether s.norm[start:end] (a cue) states something about the user, as a fact.

    Not when its clause is a wish, plan or condition ("хочу завести кота", "if I had a dog"), when the
    sentence reports someone's words, or when the last person named before it is someone else
    ("у сестры три кошки", "my sister's dog") and the user is not named after them. A `deictic` cue ("here in
    X") points at where the speaker is as they speak, so a wish before it in its clause does not move it: "i wish
    i lived by a barn here in nashville" still says the user is in Nashville.
    """
    clause_start = start if deictic else 0
    for m in CLAUSE_BREAK_RE.finditer(s.norm, 0, start):
        clause_start = max(clause_start, m.end())
    for _, said_end in _writer_says(s.norm):
        if said_end <= start:
            clause_start = max(clause_start, said_end)  # the writer's words begin after "i told her", "i'd be like"
    if WISH_RE.search(s.norm, clause_start, end) or _reported(s, start):
        return False
    other = _others_before(s, end)
    if other < 0:
        return True
    own = [m.end() for m in SELF_RE.finditer(s.norm, 0, end)]
    return bool(own) and own[-1] >= other


CAPITALISED_RE = re.compile(r"[A-ZА-ЯЁ]")
# "I am" as people type it in chat: "i'm", "i am", "im", "i m".
I_AM = r"(?:i'm|i\s+am|im|i\s+m)"


# --- profile.age -----------------------------------------------------------------------------------

_AGE_FILLER = (
    r"(?:(?:уже|только|на\s+самом\s+деле|сейчас|вообще-то|вообще|ведь|же|почти|ровно|исполнилось"
    r"|стукнуло|всего)\s*,?\s+)"
)
# "years old", "yrs", and the chat abbreviations "yo", "y/o", "y.o." ("\b" cannot close "y.o.": it ends in a stop).
# A bare "years" is an age only where the statement ends: "i'm 30 years, married", not "i'm three years sober" or
# "i'm 2 years clean", which count the time since something.
_AGE_STATEMENT_END = r"(?=\s*(?:[,.!;?]|$|and\b|but\b|now\b))"
_AGE_UNIT = rf"(?:(?:years?|yrs?)[\s-]*old\b|(?:years?|yrs?)\b{_AGE_STATEMENT_END}|y[./]?o\b\.?)"
AGE_RES = (
    re.compile(
        rf"\bмне\s+{_AGE_FILLER}{{0,3}}(\d{{1,3}})(?:\s*(?:год|года|лет)\b)?"
        r"(?!\s*(?:мг|кг|см|мл|%|раз|числа|час|мин|дн|недел|месяц|лет\s+назад|года\s+назад|год\s+назад))"
        r"(?!\d|[.,:/]\d|\s+назад)"
    ),
    re.compile(r"\b(?:мне\s+)?(?:исполнил(?:ось|ся|ась)|стукнуло)\s+(?:уже\s+)?(\d{1,3})\b(?!\d|[.,:/]\d)"),
    re.compile(r"\b(?:мой\s+)?возраст\s*[:—-]?\s*(?:у\s+меня\s+)?(\d{1,3})\b(?!\d|[.,:/]\d)"),
    re.compile(
        rf"\b{I_AM}\s+(?:now\s+|actually\s+|only\s+|just\s+)?(\d{{1,3}})"
        rf"(?:\s*{_AGE_UNIT}|(?=\s*(?:[,.!;]|$|and\b|but\b)))"
    ),
    # "i just turned 26", "i just turn 26" (the past typed without its ending: "just" says it is done), "i turn 26
    # today"; not "i turn 26 next week", an age still to come
    re.compile(r"\bi\s+(?:just\s+turn(?:ed)?|turned|turn(?=\s+\d{1,3}\s+today\b))\s+(\d{1,3})\b"),
    # the subject left out at the head of a clause: "just turned 60 and retired", "ok, turned 41 yesterday"
    re.compile(
        r"(?:^|[,;.]\s*)(?:(?:well|so|and|but|ok|okay)\s+)?(?:just\s+|recently\s+|finally\s+)?"
        r"turned\s+(\d{1,3})\b"
        r"(?!\s*(?:degrees?|°|%|percent|pages?|miles?|mph|times?|points?|pounds?|lbs?|years?\s+ago)\b)(?![.,:/]\d)"
    ),
    # "i'm a 35 year old teacher", "i am a 49 yr old man": the age as what the user is.
    re.compile(
        rf"\b{I_AM}\s+(?:now\s+|just\s+)?an?\s+(\d{{1,3}})[\s-]*(?:(?:years?|yrs?)[\s-]*old\b|y[./]?o\b)(?!['’]s)"
    ),
    re.compile(r"\bmy\s+age\s+is\s+(\d{1,3})\b"),
    # The age as what the writer speaks as: «в свои 45 я…», "as a 45-year-old i find…"; a grown-up's age only, and
    # not in a sentence told in the past ("as a 10 year old i loved…", "as a 20 year old i was reckless").
    re.compile(r"\bв\s+(?:свои|мои)\s+(\d{1,3})(?!\d|[.,:/]\d|\s*(?:(?:год|года|лет)\s+)?назад)"),
    re.compile(r"\b(?:as|being)\s+an?\s+(\d{1,3})[\s-]*(?:years?|yrs?)[\s-]*old\b(?!['’]s)"),
)
PAST_TOLD_RE = re.compile(r"\bi\s+(?:[a-z]+ly\s+)?(?P<verb>[a-z]+)\b|\bi'd\b")
PAST_AUXILIARIES = frozenset({"was", "were", "had", "did", "would", "used"})
# Ages before these are mostly childhood recalled ("as a 12 year old"): the "as a …-year-old" frame keeps a grown-up's.
GROWN_UP = 18


# The same cues with the number in words: "I'm thirty-two", «мне сорок один год», «исполнилось пятьдесят».
_N = numbers.NUMBER_TOKEN
AGE_WORD_RES = (
    re.compile(rf"\bмне\s+{_AGE_FILLER}{{0,3}}({_N}(?:\s+{_N}){{0,2}}?)\s+(?:год|года|лет)\b(?!\s+назад)"),
    re.compile(rf"\b(?:исполнил(?:ось|ся|ась)|стукнуло)\s+(?:уже\s+|мне\s+)*({_N}(?:\s+{_N})?)\b"),
    re.compile(
        rf"\b{I_AM}\s+(?:now\s+|actually\s+|only\s+|just\s+|almost\s+|nearly\s+)?({_N}(?:\s+{_N})?)"
        rf"(?:\s*(?:years?|yrs?)\s*old\b|\s*(?:years?|yrs?)\b{_AGE_STATEMENT_END}|{_AGE_STATEMENT_END})"
    ),
    re.compile(rf"\bi\s+(?:just\s+turn(?:ed)?|turned)\s+({_N}(?:\s+{_N})?)\b"),
    re.compile(r"(?:^|[,;]\s*)(?:and\s+)?(\d{1,3})\s*(?:years?\s+old\b|y[./]?o\b)"),
)
# "мне не 43, а 34", "I'm not 34, I'm 43": the number after the negated one is the age.
AGE_NOT_RE = re.compile(rf"\b(?:не|not)\s+({_N}(?:\s+{_N})?)\s*(?:,\s*)?(?:а|but|i'm|i\s+am)\s+({_N}(?:\s+{_N})?)\b")

AGE_SUBJECT_RE = re.compile(rf"\bмне\b|\b{I_AM}\s+$")
# An age the user was: "when i was 6, 7 and 8 years old", "since i was 5", «когда мне было 5».
PAST_AGE_RE = re.compile(r"\b(?:when|since|till|until|after|before)\s+(?:i|we)\s+(?:was|were)\b|\bкогда\s+мне\s+было\b")


def _said_of_the_past(s: Sentence, start: int) -> bool:
    """Whether the age at `start` continues a "when i was" said before it, with no "now" or "i am" between."""
    past = [m.end() for m in PAST_AGE_RE.finditer(s.norm, 0, start)]
    return bool(past) and not re.search(rf"\bnow\b|\b{I_AM}\b|\bмне\s+(?!было)", s.norm[past[-1] : start])


def _age_finding(s: Sentence, value: int | None) -> list[Finding]:
    if value is None or not 1 <= value <= 130:
        return []
    action = "correct" if s.correcting else "assert"
    return [Finding("profile", {"value": value}, s, action=action, slot="age")]


def _anothers_age(s: Sentence, start: int) -> bool:
    """«компании исполнилось 40 лет», «дочке стукнуло 5»: a noun in the dative before the verb says whose age it
    is; with none («вчера стукнуло 40») the writer's own, as «мне» is left out."""
    before = s.norm[:start].split()
    if not before or before[-1].isascii() or before[-1] in ("мне", "уже", "вот", "наконец"):
        return False
    return any({"datv"} <= p.tag.grammemes and p.tag.POS in ("NOUN", "NPRO") for p in morphology.parses(before[-1]))


def _told_in_the_past(s: Sentence, start: int) -> bool:
    """ "as a 20 year old i was reckless", "… i partied": the sentence after `start` tells a past."""
    clause = re.split(r"[.!?]", s.norm[start:], maxsplit=1)[0]
    return any(
        not m.group("verb") or m.group("verb") in PAST_AUXILIARIES or morphology.is_english_past_verb(m.group("verb"))
        for m in PAST_TOLD_RE.finditer(clause)
    )


def age(s: Sentence) -> list[Finding]:
    m = AGE_NOT_RE.search(s.norm)
    if m and AGE_SUBJECT_RE.search(s.norm[: m.start()]):
        return _age_finding(s, numbers.number_value(m.group(2)))
    for pattern in AGE_RES:
        m = pattern.search(s.norm)
        if m and 1 <= int(m.group(1)) <= 130 and _own_statement(s, m.start(), m.start() + 1):
            if _anothers_age(s, m.start()):
                continue
            if m.group().startswith(("as", "being")) and (int(m.group(1)) < GROWN_UP or _told_in_the_past(s, m.end())):
                continue
            return _age_finding(s, int(m.group(1)))
    for pattern in AGE_WORD_RES:
        for m in pattern.finditer(s.norm):
            if m.group(1).split()[0] in numbers.ARTICLES:
                continue  # "I'm a nurse": an article is no age
            if _said_of_the_past(s, m.start()) or _anothers_age(s, m.start()):
                continue
            found = _age_finding(s, numbers.number_value(m.group(1)))
            if found and _own_statement(s, m.start(), m.start() + 1):
                return found
    return []


# --- profile.name ----------------------------------------------------------------------------------

_CAP = r"[A-ZА-ЯЁ][a-zа-яё]+(?:-[A-ZА-ЯЁ][a-zа-яё]+)?"
_WORD = r"[^\W\d_]+(?:-[^\W\d_]+)?"
NAME_STRONG_RE = re.compile(
    r"(?i:меня\s+(?:тоже\s+|также\s+)?зовут|мо[её]\s+имя|my\s+(?:first\s+|given\s+|real\s+|full\s+)?name\s+is|my\s+name'?s"
    # "name's Jake", "the name's Bond"; not another's: "her name's Mittens", "my dog's name's Rex".
    r"|(?<!\w)(?<!her\s)(?<!his\s)(?<!its\s)(?<!your\s)(?<!their\s)(?<!'s\s)name's"
    # "sorry, i forgot my name, it's tom"
    r"|my\s+name\s*[,?]\s*(?:it's|its|it\s+is)"
    r"|i\s+have\s+the\s+name)\s*[:—-]?\s*(?:(?i:really|actually|just|simply)\s+)?(?P<name>[^\W\d_]+)"
)
# "Frank is my name": the name before the cue, at the start of a clause.
NAME_BEFORE_RE = re.compile(
    rf"(?:^|[,;:.!]\s*|\b(?i:but|and|so)\s+)(?P<name>{_WORD})\s+(?i:is\s+my\s+name|is\s+the\s+name|это\s+мо[её]\s+имя)\b"
    r"(?!\s+(?i:of)\b)"
)
# The name put before its verb: «меня Лена зовут».
NAME_INVERTED_RE = re.compile(rf"(?:^|[,;:.!]\s*|\s)(?i:меня)\s+(?P<name>{_WORD})\s+(?i:зовут)\b")
# The name to address the user by: "call me Alex", "people call me dave", "named me Omar", "I go by Bill".
NAME_CALL_RE = re.compile(
    rf"(?i:зови(?:те)?\s+меня|называй(?:те)?\s+меня|call\s+me|calls\s+me|called\s+me|named\s+me|i\s+go\s+by"
    # "i'm called rosa"; "name is bob", "the name is ellen" with no owner before them: the speaker's
    # "i am a 10 year old named arnold", "i'm a guy called Bob"; not "a fan of a band called Queen"
    rf"|{I_AM}\s+(?:an?\s+(?:(?!(?:of|from|with|in|at|for|by|to|the|my|your|his|her|their|our)\b)[\w-]+\s+){{1,4}}?)?"
    r"(?:called|named)|(?<![\w'’])(?<!\w\s)(?:the\s+)?name\s+is)"
    rf"\s+(?P<name>{_WORD})\b(?!['’-])"
)
NAME_SELF_RE = re.compile(rf"(?:^|[,;:]\s*|\s)(?i:я|{I_AM})\s+(?:—\s+|-\s+)?(?P<name>{_WORD})\b(?!['’-])")
# A speaker who names themself as a caller does: "nina here", "hi, this is karen", "hey it's megan", «привет, это
# Оля». "this is"/"it's" names the speaker only after a greeting that opens the message: "it's sunny here" is weather.
# "here" closes what it says: "a guy here told me" is someone else.
HERE_END = r"\s+(?i:here)\s*(?:$|[,.;:!?)—-]|(?i:and|but|i|i'm|im|too|as\s+well|again|now)\b)"
NAME_HERE_RE = re.compile(rf"(?:^|[,;:.!]\s*)(?P<name>{_WORD}){HERE_END}")
NAME_THIS_IS_RE = re.compile(
    rf"^\W*(?i:hi|hello|hey|hiya|howdy|greetings|привет|здравствуйте|добрый\s+(?:день|вечер))\b(?:\s+(?i:all|everyone|there))?[\s,!.]*"
    rf"(?i:this\s+is|it's|its|it\s+is|это)\s+(?P<name>{_WORD})\b(?!['’-])"
)
# After a name said in lower case the clause ends or a new one starts ("i am nancy, nice to meet you",
# "hi i am todd and i go to school", "i am jake 25 years old", "i am grace a nurse"): "i am frank about it" goes
# on, and is no introduction.
NAME_END_RE = re.compile(
    r"\s*(?:$|[,.;:!?)—-]|\d|(?:and|but|i|i'm|im|how|what|nice|thanks|thank|pleased|glad|from|here|by|aka|an?|и|а|но"
    r"|мне|из|живу)\b)"
)
NEGATED_BEFORE_RE = re.compile(r"(?:\bне|don't|do\s+not|never|stop)\s*$")


def _name_ok(name: str) -> bool:
    words = lexicon.person_words()
    low = normalize(name)
    return (
        low not in words["name_stop_ru"]
        and low not in words["name_stop_en"]
        and low not in words["closed_class_en"]
        # "Georgia", "Jordan": a country only when no list of given names has the word
        and (not places.is_country_or_state(low) or given_names.is_given_name(low))
        and low not in lexicon.professions()
        and lexicon.drugs().lookup(low) is None
    )


def _written_as_name(s: Sentence, m: re.Match[str], introduced: bool) -> bool:
    """A capitalised word, or a word a given-name list knows; after "I am", a lower-case one must end its clause."""
    word = m.group("name")
    if CAPITALISED_RE.match(word) and not word.isupper():
        return True
    if len(word) < 3 or not given_names.is_given_name(word) or _is_other_person_word(word):
        return False
    if (
        not introduced
        and "ADJ" in morphology.english_word_classes(word)
        and STATE_CHANGE_BEFORE_RE.search(s.norm, 0, m.start("name"))
    ):
        return False  # "now i am rich", "finally i am free": a name is not what one has become
    return introduced or bool(NAME_END_RE.match(s.norm, m.end("name")))


# A change or a degree said just before "i am": what follows is a state the user is in, not who they are.
STATE_CHANGE_BEFORE_RE = re.compile(
    r"\b(?:now|finally|still|already|so|very|really|too|just|always|never|not)\s+(?:that\s+)?(?:i\s+am|i'm|im)\s+$"
)


def _is_other_person_word(word: str) -> bool:
    """A word the person lexicons use for something else ("guy", "son", "single"): never a lower-case name."""
    words = lexicon.person_words()
    low = normalize(word)
    return low in GENDER_VALUES or any(low in words[k] for k in ("relatives", "other_people", "family_status", "pets"))


def _from_address_form(name: str) -> str:
    """ "зови меня Сашей" → Саша: the instrumental of a name, back to the nominative."""
    reading = (
        next((p for p in morphology.parses(name) if "Name" in p.tag.grammemes), None) if not name.isascii() else None
    )
    if reading is not None:  # pymorphy3 knows the name: its dictionary form
        return _capitalised(reading.normal_form) if name[:1].isupper() else reading.normal_form
    if name.endswith("ей") and len(name) > 4:
        return name[:-2] + "я"
    if name.endswith("ой") and len(name) > 4:
        return name[:-2] + "а"
    if name.endswith("ом") and len(name) > 4:
        return name[:-2]
    return name


# "what's your name? mine is Gerald": the user's own question says whose name "mine" is.
ASKED_NAME_RE = re.compile(r"\bwhat(?:'s|\s+is|s)\s+your\s+(?:first\s+)?name\b|\byour\s+name\s*\?")
MINE_IS_RE = re.compile(rf"^\W*(?:(?i:and|well|oh)\W+)?(?i:mine\s+is|mine's)\s+(?P<name>{_WORD})\b(?!['’-])")
MINE_IN_MESSAGE_RE = re.compile(
    rf"(?:^|[.!?]\s*)(?:(?:and|well|oh)\W+)?(?:mine\s+is|mine's)\s+(?P<name>{_WORD})\b(?!['’-])"
)


def _stated_name(s: Sentence) -> str | None:
    stated = NAME_STRONG_RE.search(s.raw)
    if stated:
        return stated.group("name")
    mine = MINE_IS_RE.match(s.raw) if s.asked and ASKED_NAME_RE.search(s.asked) else None
    return mine.group("name") if mine and _written_as_name(s, mine, introduced=True) else None


def _stated_earlier_in_message(s: Sentence) -> str | None:
    """ "mine is gerald. my friends call me gerry": the name stated in a sentence of the message before this one."""
    at = s.message.find(s.norm)
    earlier = s.message[:at] if at > 0 else ""
    stated = NAME_STRONG_RE.search(earlier)
    if stated is None and ASKED_NAME_RE.search(earlier):
        stated = MINE_IN_MESSAGE_RE.search(earlier)
    if stated is None or not given_names.is_given_name(stated.group("name")) or not _name_ok(stated.group("name")):
        return None
    return stated.group("name")


def _name_candidate(s: Sentence) -> str | None:
    # "Don't call me Tom, call me Thomas": the first "call me" that is not negated names the user; with a
    # stated name in the same sentence both are kept, the stated one first; so with one stated earlier in the
    # message: "mine is gerald. my friends call me gerry" is Gerald (Gerry), the name and the one to use.
    stated = _stated_name(s)
    called = next(
        (
            _from_address_form(m.group("name"))
            for m in NAME_CALL_RE.finditer(s.raw)
            if not NEGATED_BEFORE_RE.search(s.norm[: m.start()]) and _written_as_name(s, m, introduced=True)
        ),
        None,
    )
    if called and not stated and (earlier := _stated_earlier_in_message(s)) and normalize(earlier) != normalize(called):
        stated = earlier
    if stated and called and normalize(called) != normalize(stated) and _name_ok(called):
        # "My name is David, but call me Dave": both are the user's, the one to use in brackets.
        return f"{_capitalised(stated)} ({_capitalised(called)})"
    if stated:
        return stated
    if called:
        return called
    for pattern, introduced in (
        (NAME_BEFORE_RE, True),
        (NAME_INVERTED_RE, True),
        (NAME_SELF_RE, False),
        (NAME_HERE_RE, True),
    ):
        for m in pattern.finditer(s.raw):
            if pattern is NAME_HERE_RE and _a_place_not_a_name(m.group("name")):
                continue  # "Chicago here": where the caller is
            if _written_as_name(s, m, introduced) and _own_statement(s, m.start("name"), m.start("name")):
                return m.group("name")
    opening = NAME_THIS_IS_RE.match(s.raw)
    if opening and s.first_in_message and _written_as_name(s, opening, introduced=False):
        return opening.group("name")
    return _unlisted_name_introduced(s)


# "hi, i am jovannie and i am 19 years old": a name no list has, said first and followed by the user's next clause.
INTRODUCED_RE = re.compile(rf"\b{I_AM}\s+(?P<name>[a-z]{{4,}})\s*(?:,\s*|\s+and\s+)(?:i|i'm|im|my)\b")
# How English makes words of words ("unvaccinated", "vaxxed", "sleepless"): a word built so is no given name.
DERIVED_PREFIX_RE = re.compile(r"^(?:un|non|de|re|dis|pre|over|under|anti|mis|in|im|self)(?=[a-z]{4})")
DERIVED_SUFFIX_RE = re.compile(r"(?:ed|ing|ness|less|ful|able|ible|ous|ive|ism|ist|ish|ly|ize|ise)$")


def _unlisted_name_introduced(s: Sentence) -> str | None:
    """An introduction's word that no English dictionary knows, nor as a slip of one of its words ("i am tird and
    i…" is tired): a given name the lists lack. An adjective or a noun ("i am tired and…", "i am good and…") never
    is one."""
    for m in INTRODUCED_RE.finditer(s.norm):
        word = m.group("name")
        if (
            not morphology.unknown_english_word(word)
            or _derived_word(word)
            or not _name_ok(word)
            or places.lookup([word])
        ):
            continue
        if re.search(r"(\w)\1\1", word) or not _own_statement(s, m.start(), m.start() + 1):
            continue  # "i am soooo and i…": a word drawn out
        return word
    return None


def _derived_word(word: str) -> bool:
    prefix = DERIVED_PREFIX_RE.match(word)
    if prefix and morphology.english_word_classes(word[prefix.end() :]):
        return True  # "unvaccinated": "vaccinated" is a word
    return bool(DERIVED_SUFFIX_RE.search(word))


def _a_place_not_a_name(word: str) -> bool:
    found = places.lookup([word])
    return found is not None and found[1] == 1 and not given_names.is_given_name(word)


def _capitalised(name: str) -> str:
    return name[:1].upper() + name[1:]


def name(s: Sentence) -> list[Finding]:
    candidate = _name_candidate(s)
    if not candidate or not _name_ok(candidate) or len(candidate) < 2:
        return []
    value = _capitalised(candidate)
    return [Finding("profile", {"value": value}, s, action="correct" if s.correcting else "assert", slot="name")]


# --- a self-introduction's list ------------------------------------------------------------------

# People introduce themselves with a list of verbless items after their name, the subject and its verb said once: "I'm
# Nadia, 29, a nurse from Leeds", «Я Олег, 52 года, из Твери», «Олег, 52 года, Тверь», or in the short sentence right
# after the introduction ("hi, I'm Nadia. 29, living in Leeds"). Each item is what the writer is: an age, where they
# come from or live, a job, a family state. Only in such a list is a bare number an age.
INTRODUCED_AS_RE = re.compile(
    rf"(?:^|[,;:.!]\s*|\s)(?:{I_AM}|my\s+(?:first\s+)?name\s+is|my\s+name's|(?:the\s+)?name's|names|меня\s+зовут"
    rf"|мо[её]\s+имя|я)\s+(?:—\s+|-\s+)?(?P<name>{_WORD})(?=\s*,)"
)
# A message that opens with the writer's given name and the list after it: "Nadia, 29, Leeds".
NAME_OPENS_LIST_RE = re.compile(rf"^\W*(?P<name>{_WORD})\s*,")
# The sentence before, an introduction ending with the name or its list: "hi, i'm nadia." before "29, in leeds".
INTRODUCTION_BEFORE_RE = re.compile(
    rf"(?:^|[.!?]\s*)(?:(?:hi|hello|hey|hiya|привет|здравствуйте)\W+)?(?:{I_AM}|my\s+name\s+is|меня\s+зовут|я)"
    rf"\s+(?P<name>{_WORD})(?:\s*,[^.!?]*)?\s*[.!?]+\s*$"
)
# Items are cut at commas; "and" joins the last one ("29 and from leeds").
LIST_ITEM_RE = re.compile(r"[^,;]+")
ITEM_AND_RE = re.compile(r"\s+(?:and|и)\s+")
ITEM_EDGES = " \t.!?…)"
# An age as a list item: "29", "29 y/o", "twenty-nine", «52 года», «пятьдесят два»; no other word beside it ("2 kids",
# "5 pm", "10 years married" count or time something else).
LISTED_AGE_RE = re.compile(
    rf"(?:aged?\s+)?(?P<age>{_N}(?:[\s-]+{_N}){{0,2}}?)\s*(?:(?:years?|yrs?)(?:[\s-]*old)?|y[./]?o\.?|год|года|лет)?"
)
OLDEST = 120
# Where the writer comes from or lives, as an item or after a job: "from leeds", "living in leeds", «из Твери».
LISTED_PLACE_CUE_RE = re.compile(
    r"(?P<origin>(?:originally\s+)?from|(?:родом\s+)?из)\s+"
    r"|(?:(?:currently|now)\s+)?(?:(?:living|live|based|residing|located)\s+)?in\s+|(?:живу\s+|проживаю\s+)?в\s+"
)
ITEM_END_RE = re.compile(r"\s*(?:$|[,;.!?…)]|(?:and|и)\b)")
# Where the place said after a job begins: "nurse from leeds", «врач из Твери».
JOB_THEN_PLACE_RE = re.compile(r"\s+(?=(?:(?:originally\s+)?from|(?:living\s+|based\s+)?in|(?:родом\s+)?из|в)\s)")
# A question that asks who the writer is: a list given in answer to it introduces them ("tell me about yourself").
ASKED_WHO_YOU_ARE_RE = re.compile(
    r"\b(?:yourself|your\s+(?:first\s+|full\s+)?name|who\s+(?:are|r)\s+(?:you|u)|introduce|о\s+себе|кто\s+(?:вы|ты)\b"
    r"|как\s+(?:вас|тебя)\s+зовут|ваше\s+имя|представ\w+)"
)


def introduction(s: Sentence) -> list[Finding]:
    """The facts of a self-introduction's list; a fact another rule reads from the sentence is left to it."""
    listed = _introduced_list(s)
    if listed is None:
        return []
    said_name, start, whole = listed
    found = _listed_facts(s, start, whole, at_least=2 if said_name else 1)
    if said_name and found:
        action = "correct" if s.correcting else "assert"
        found.insert(0, Finding("profile", {"value": _capitalised(said_name)}, s, action=action, slot="name"))
    slots = {f.slot for f in found}
    readers = ((name, {"name"}), (age, {"age"}), (profession, {"profession"}), (place, PLACE_SLOTS))
    taken = set().union(*(owned for reader, owned in readers if slots & owned and reader(s)))
    return [f for f in found if f.slot not in taken]


def _introduced_list(s: Sentence) -> tuple[str | None, int, bool] | None:
    """Where the list of a self-introduction begins in the sentence, the name said only by opening the message with it,
    and whether the list must be the whole sentence (after a bare name, or in the sentence after an introduction)."""
    introduced = INTRODUCED_AS_RE.search(s.norm)
    if introduced is not None:
        named = name(s)
        if named and normalize(named[0].attributes["value"]) == introduced.group("name"):
            return (None, introduced.end(), False) if _own_statement(s, introduced.start(), introduced.end()) else None
    opening = NAME_OPENS_LIST_RE.match(s.raw)
    if opening is not None and s.first_in_message:
        word = opening.group("name")
        if given_names.is_given_name(word) and _name_ok(word) and not _a_place_not_a_name(word):
            return (word, opening.end(), True) if not s.prompt or ASKED_WHO_YOU_ARE_RE.search(s.prompt) else None
    at = s.message.find(s.norm)
    before = INTRODUCTION_BEFORE_RE.search(s.message, 0, at) if at > 0 and not s.first_in_message else None
    if before is not None and given_names.is_given_name(before.group("name")) and _name_ok(before.group("name")):
        return None, 0, True
    return None


def _list_items(s: Sentence, start: int) -> list[tuple[int, int]]:
    """The spans of the comma-separated items from s.norm[start:] to the end of the sentence."""
    spans = []
    for m in LIST_ITEM_RE.finditer(s.norm, start):
        joins = itertools.chain.from_iterable(j.span() for j in ITEM_AND_RE.finditer(s.norm, m.start(), m.end()))
        cuts = [m.start(), *joins, m.end()]
        for begin, end in zip(cuts[::2], cuts[1::2], strict=True):
            item = s.norm[begin:end]
            spans.append((begin + len(item) - len(item.lstrip(ITEM_EDGES)), begin + len(item.rstrip(ITEM_EDGES))))
    return [(a, b) for a, b in spans if a < b]


def _listed_facts(s: Sentence, start: int, whole: bool, at_least: int) -> list[Finding]:
    """The writer's facts in the items of the list, up to the first item that is none of them (or nothing, when the
    list must be `whole`). Two bare numbers leave the age unsaid ("34, 180, 85" may be height and weight); a bare place
    after a place qualifies it ("dallas, tx")."""
    found: list[Finding] = []
    ages: list[Finding] = []
    items = 0
    after_place = False
    for a, b in _list_items(s, start):
        if (years := _listed_age(s.norm[a:b])) is not None:
            ages += _age_finding(s, years)
            after_place = False
        elif (placed := _listed_place(s, a, b)) is not None:
            bare = LISTED_PLACE_CUE_RE.match(s.norm, a) is None
            found += [] if after_place and bare else placed
            after_place = True
        elif (job := _listed_job(s, a, b)) is not None:
            found += job
            after_place = False
        elif s.norm[a:b] in lexicon.person_words()["family_status"]:
            after_place = False  # the family state's own rule reads it from the list
        elif whole:
            return []
        else:
            break
        items += 1
    if items < at_least:
        return []
    return found + ages if len(ages) == 1 else found


def _listed_age(item: str) -> int | None:
    """The age a list item says alone: "29", "29 y/o", «52 года»; not an article, nor more years than anyone lives."""
    said = LISTED_AGE_RE.fullmatch(item)
    if said is None or said.group("age").split()[0] in numbers.ARTICLES:
        return None
    years = numbers.number_value(said.group("age"))
    return years if years is not None and 1 <= years <= OLDEST else None


def _listed_place(s: Sentence, start: int, end: int) -> list[Finding] | None:
    """The place the item s.norm[start:end] names whole, with its cue if any: "from leeds", «из Твери», "leeds", "from
    austin texas"."""
    cue = LISTED_PLACE_CUE_RE.match(s.norm, start)
    at = cue.end() if cue else start
    if not _names_a_whole_place(s, at, ITEM_END_RE) and not _town_and_its_region(s, at, end):
        return None
    found = _place_findings(s, at, guess=False)
    if not found:
        return None
    return _as_origin(found) if cue and cue.group("origin") else found


def _town_and_its_region(s: Sentence, start: int, end: int) -> bool:
    """s.raw[start:end] is a known town and the state or country it is in, no comma between: "austin texas"."""
    words = list(re.finditer(r"\S+", s.raw[start:end]))
    for i in range(1, len(words)):
        town = places.lookup([w.group() for w in words[:i]])
        region = _region_after(s, start + words[i].start(), after_comma=False)
        if town is not None and town[1] == i and region is not None and region[1] == len(words) - i:
            return _names_a_whole_place(s, start)
    return False


def _listed_job(s: Sentence, start: int, end: int) -> list[Finding] | None:
    """A known job that is the whole item, or is followed by a place: "a nurse", "nurse from leeds", «врач из Твери»."""
    item = s.norm[start:end]
    place_at = JOB_THEN_PLACE_RE.search(item)
    words = re.sub(r"^an?\s+", "", item[: place_at.start()] if place_at else item)
    if words.isascii():
        job = _english_profession(words, require_known=True)
    else:
        parts = words.split()  # «бухгалтер», «главный бухгалтер»
        second = parts[1] if len(parts) == 2 else None
        job = _russian_profession(parts[0], second, instrumental=False) if 1 <= len(parts) <= 2 else None
    if job is None or len(job.split()) != len(words.split()) or any(_closed_class(w) for w in words.split()):
        return None  # "is a teacher" says something of someone named before it
    placed = _listed_place(s, start + place_at.end(), end) if place_at else []
    if placed is None:
        return None
    action = "correct" if s.correcting else "assert"
    return [Finding("profile", {"value": job}, s, action=action, slot="profession"), *placed]


# --- profile.city / country / region ---------------------------------------------------------------

# Where the user comes from, which is not always where they live now: "i'm from ohio", «я родом из Твери», "born and
# raised in Texas", "i was born in Peru". Home when the dialogue says no other; a home said in it replaces them
# (without_origins_beside_a_home). Growing up somewhere is not among them: "i grew up on a farm in Iowa" tells a past.
RU_FROM_RE = re.compile(r"\bя\s+(?:сейчас\s+|сам\w*\s+|родом\s+|тоже\s+)?из\s+(?:города\s+)?")
# How one is, answered before the origin with one subject for both: "i am fine, from alabama", "im good from ohio".
EN_FROM_RE = re.compile(
    rf"\b{I_AM}\s+(?:(?:fine|good|great|well|ok|okay|alright|doing\s+(?:fine|good|great|well|ok|okay))\s*,?\s+"
    r"(?:and\s+|just\s+)?)?(?:originally\s+)?from\s+"
)
# Where the user came or moved from is where they come from: "i came from sterling heights michigan", "we just moved
# here from germany", "i have just arrived from poland". A place the gazetteer knows only ("i came from work").
CAME_FROM_RE = re.compile(
    r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|originally\s+)?(?:came|come|moved|relocated|immigrated"
    r"|emigrated|arrived|got\s+here)\s+(?:here\s+|over\s+(?:here\s+)?)?from\s+"
    # "here" says the move is made, whatever verb form carries it: "i decided to pack up and move here from germany"
    r"|\b(?:move|moved|come|came|relocate|relocated)\s+(?:over\s+|all\s+the\s+way\s+)?here\s+from\s+"
)
# A move said with both ends: the place after "to" is the home ("i moved from germany to the usa").
MOVED_FROM_TO_RE = re.compile(
    r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated|came|immigrated|emigrated)"
    r"\s+(?:here\s+|over\s+)?from\s+(?:the\s+)?(?:[\w'.-]+\s+){1,3}?to\s+"
)
BORN_AND_RAISED_RE = re.compile(r"\bborn\s+(?:and|&|n)\s+(?:raised|bred)\s+(?:in|on)\s+")
# A birthplace says less than "from": a place only when the gazetteer knows it ("born in a taxi", "born in May").
BORN_IN_RE = re.compile(
    r"(?:\b(?:i|we)\s+(?:was|were)\s+(?:\w+\s+)?|(?:^|[,;]\s*)(?:and\s+)?)born\s+(?:(?:here|over|out|down|up)\s+)?in\s+"
)
ORIGIN_CUES = frozenset({RU_FROM_RE, EN_FROM_RE, BORN_AND_RAISED_RE, BORN_IN_RE, CAME_FROM_RE})

# A life begun in the place and going on there: "where i grew up and still live", "where we were born and now live".
STILL_THERE = r"(?:grew\s+up|was\s+born|were\s+born|was\s+raised|were\s+raised)\s+and\s+(?:still\s+|now\s+)?"
THE_PLACE_I_LIVE_IS_RE = re.compile(
    r"\bthe\s+(?:[a-z]+\s+)?(?:place|city|town|village|state|country|area)\s+(?:where\s+|that\s+|which\s+)?(?:i|we)\s+"
    rf"(?:(?:still|now|currently)\s+|{STILL_THERE})?(?:live|reside)(?:\s+in)?\s+is\s+(?:called\s+|named\s+)?(?:in\s+)?"
)
PLACE_CUES: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"\b(?:живу|живем|проживаю|проживаем|обитаю|обосновал\w*|осел|осела|осели)\s+(?:я\s+|мы\s+)?"
        r"(?:(?:сейчас|теперь|уже|пока|тоже|также|давно)\s+)*в\s+(?:городе\s+|г\.\s*)?"
    ),
    # Near a town, the town is home (as "near Boston" is): «живу под Москвой», «недалеко от Казани», «рядом с Тверью».
    re.compile(
        r"\b(?:живу|живем|живём|проживаю|проживаем)\s+(?:я\s+|мы\s+)?(?:(?:сейчас|теперь|уже|тоже|давно)\s+)*"
        r"(?:под|около|возле|(?:недалеко|неподалеку|неподалёку)\s+от|рядом\s+с)\s+"
    ),
    MOVED_FROM_TO_RE,
    re.compile(r"\b(?:переех|перебрал|перебра|эмигрир|релоцир)\w*\s+(?:\w+\s+){0,2}?(?:в|во)\s+(?:город\s+)?"),
    RU_FROM_RE,
    re.compile(
        r"\b(?:i|we)(?:'m|\s+am|'re|\s+are|'ve\s+been|\s+have\s+been)?\s+(?:now\s+|currently\s+|also\s+|recently\s+"
        r"|just\s+|finally\s+|started\s+|began\s+)*(?:live|living|based|located|stationed|moved|relocated|reside|residing|settled|stay"
        r"|staying)\s+"
        r"(?:now\s+|back\s+|here\s+|over\s+|out\s+|down\s+|up\s+)?(?:in|to|out\s+of)\s+"
    ),
    # Present perfect of a whole life: "i've always lived in Ohio", "we have lived here in Leeds all along".
    re.compile(r"\b(?:i|we)(?:'ve|\s+have|\s+ve)\s+always\s+lived\s+(?:here\s+)?in\s+"),
    # Present perfect with a time that reaches now: "i have lived in seattle for years", "we've lived in ohio since
    # 2010", "i've lived in leeds my whole life". Without one it may be one place of several ("i've lived in paris").
    re.compile(
        r"\b(?:i|we)(?:'ve|\s+have|\s+ve)\s+(?:(?:now|already|actually|also)\s+)?lived\s+(?:here\s+)?in\s+"
        r"(?=[^,.;!?]{1,40}?\s(?:for\s+(?:(?:over|about|almost|nearly|more\s+than|like|some)\s+)?(?:[\w-]+\s+){0,2}?"
        r"(?:years?|decades?|ages|while|time)|since|all\s+(?:my|our)\s+li(?:fe|ves)|(?:my|our)\s+(?:whole|entire)\s+"
        r"li(?:fe|ves)|forever)\b)"
    ),
    # In a list the subject is said once: "I'm pescatarian, based in Oslo, and allergic to kiwi", "living in
    # Ohio now, it is cold", "yeah, living in Utah i ski a lot", "since living in Texas i…".
    re.compile(
        r"(?:^|[,;]\s*)(?:(?:and|и|yeah|yes|well|oh|so|since)\s+)*(?:currently\s+|now\s+|still\s+)?(?:been\s+)?"
        r"(?:based|living|residing|located"
        r"|stationed)\s+"
        r"(?:in|out\s+of)\s+"
    ),
    # The subject said once for two verbs: "originally from mexico but live in texas now", "i just turned 20 and am
    # stationed in Japan".
    re.compile(
        r"\b(?:and|but)\s+(?:(?:am|are)\s+)?(?:now\s+|currently\s+)?(?:live|reside|living|residing|based|located"
        r"|stationed)\s+(?:now\s+)?in\s+"
    ),
    EN_FROM_RE,
    re.compile(r"\bmy\s+(?:home\s*town|home|home\s+state|home\s+country)\s+(?:is\s+(?:in\s+)?|of\s+)"),
    # Home by birth and by staying: "born and raised in Ohio", "a native of Georgia", "a resident of Canada".
    BORN_AND_RAISED_RE,
    re.compile(r"\b(?:a\s+|an\s+)(?:\w+\s+)?(?:native|resident|citizen)\s+of\s+"),
    # The home as the subject of a copula: "the town where i live is Hope", "the state we live in is ohio".
    THE_PLACE_I_LIVE_IS_RE,
)
# A word of a place's name, or an abbreviation written with stops ("u.s.", "u.k."), which are one word; spaced as chat
# transcripts space it ("u. s."), its letters are the words the gazetteer lists it by.
_PLACE_WORD = r"(?:(?:[A-Za-z]\.){2,3}(?!\w)|[A-Za-z]\.(?:\s[A-Za-z]\.){1,2}(?!\w)|[\w'-]+)"
PLACE_WORDS_RE = re.compile(rf"(?:the\s+)?{_PLACE_WORD}(?:\s+{_PLACE_WORD}){{0,2}}")
# The case a Russian preposition governs: a capitalised word the gazetteer does not know is kept
# only when pymorphy3 reads it in that case ("в Лапландии": loct; "переехал в Лапландию": accs).
_CASES_AFTER = {
    "в": ("loct", "accs"),
    "во": ("loct", "accs"),
    "из": ("gent",),
    "под": ("ablt",),
    "с": ("ablt",),
    "от": ("gent",),
    "около": ("gent",),
    "возле": ("gent",),
}


# Capitalised words that name a time, not a place: "I moved in May", "we moved on Friday".
CALENDAR_WORDS = frozenset(
    w.lower() for w in (*calendar.month_name, *calendar.month_abbr, *calendar.day_name, *calendar.day_abbr) if w
)


def _unknown_place(words: list[str], preposition: str) -> str | None:
    """A capitalised place no gazetteer lists: English as written, Russian in the nominative."""
    if words and words[0].lower() in CALENDAR_WORDS:
        return None
    kept = []
    for word in words:
        if not CAPITALISED_RE.match(word) or normalize(word) in lexicon.function_words():
            break
        kept.append(word)
    if not kept or kept[0].isupper():
        return None  # an abbreviation ("UK", «США») is not guessed: better no place than a wrong one
    if kept[0].isascii():
        return " ".join(kept)
    cases = _CASES_AFTER.get(preposition, ("loct", "accs", "gent"))
    nominative = []
    for word in kept[:2]:
        reading = next(
            (p for p in morphology.parses(word) if {"NOUN", "ADJF"} & p.tag.grammemes and p.tag.case in cases), None
        )
        if reading is None:
            break
        inflected = reading.inflect({"nomn"})
        nominative.append((inflected.word if inflected else reading.normal_form).capitalize())
    # A region of Russia by its adjective: «в Краснодарском крае», «в Московскую область».
    following = words[len(kept)] if len(words) > len(kept) else ""
    if nominative and len(nominative) == len(kept[:2]) and _region_noun(following):
        nominative.append(morphology.lemma(following))
    return " ".join(nominative) or None


RU_REGION_NOUNS = frozenset({"край", "область", "округ"})


def _region_noun(word: str) -> bool:
    """«крае», «области», «округа»: the noun that makes the adjective before it a region of Russia."""
    return bool(word) and morphology.lemma(word) in RU_REGION_NOUNS


def _guessed_kind(place: str) -> str:
    return "state" if place.split()[-1] in RU_REGION_NOUNS else "city"  # a state of its country: the region slot


# «у нас в Казани», «здесь в Самаре», «тут у нас в Твери»: the Russian "here in", where the writer is as they write.
HERE_IN_RE = re.compile(
    r"\b(?:here|out\s+here|back\s+home)\s+in\s+"
    r"|\b(?:у\s+нас|здесь|тут)\s*,?\s+(?:(?:у\s+нас|тоже|сейчас|сегодня|опять|уже)\s+)*(?:в|во)\s+"
)
# "my native colorado": the land one is native to, whatever the clause says of it ("a trip through my native russia").
MY_NATIVE_RE = re.compile(r"\b(?:my|our)\s+native\s+")
# Where the user studies or serves is where they are: "i am in college in louisiana", "i'm in the army in Germany".
IN_SCHOOL_OR_SERVICE_IN_RE = re.compile(
    rf"\b(?:{I_AM}|we're|we\s+are)\s+(?:now\s+|currently\s+|still\s+)?(?:in|at)\s+(?:college|school|high\s+school"
    r"|grad\s+school|university|med\s+school|law\s+school|the\s+army|the\s+navy|the\s+air\s+force|the\s+marines"
    r"|the\s+military)\s+in\s+"
)
# Weaker cues: a place only when the gazetteer knows it ("I'm in Canada", "here in Chicago"), never a guess
# ("I'm in college", "here in the kitchen").
# "I'm in Canada", "we are back in Ohio": where the writer is, unless a time says the stay ends (_passing_stay).
I_AM_IN_RE = re.compile(
    # the writer and company as one subject: "my dog and i are in chicago", "me and my kids are in ohio"
    rf"\b(?:{I_AM}|we're|we\s+are|were|and\s+(?:i|me)\s+are|me\s+and\s+(?:my|the)\s+(?:[\w-]+\s+){{1,2}}?are)\s+"
    r"(?:(?:currently|now|still|stationed|based|living|normally|usually"
    r"|all\s+the\s+way|right)\s+)?(?:(?:down|up|out|over|back)\s+(?:here\s+)?)?in\s+"
)
# The weather "we" live with is the home's: "all the snow we get in maine", "we get so much rain here in seattle".
_WEATHER = (
    r"(?:weather|snow|snowfall|rain|rainfall|sun|sunshine|heat|humidity|wind|winds|storms?|thunderstorms|hurricanes"
    r"|tornadoes|blizzards|hail|fog|frost|ice|cold|winters|summers|earthquakes|floods|droughts|wildfires)"
)
WEATHER_WE_GET_RE = re.compile(
    rf"\b(?:the|all\s+the|so\s+much|such|this|that)\s+(?:[a-z]+\s+)?{_WEATHER}\s+(?:that\s+)?we\s+(?:get|have)"
    r"\s+(?:(?:up|down|out|over)\s+)?(?:here\s+)?in\s+"
    r"|\bwe\s+(?:always\s+|usually\s+|often\s+|never\s+|rarely\s+)?(?:get|have)\s+(?:(?:a\s+lot|lots|plenty|tons|a\s+ton)"
    rf"\s+of\s+|so\s+much\s+|little\s+|no\s+|much\s+)?(?:[a-z]+\s+)?{_WEATHER}\s+(?:(?:up|down|out|over)\s+)?"
    r"(?:here\s+)?in\s+"
)
# A time of day spent in the place, said in the present: "it is a lovely night in texas", "what a cold morning in
# denver". In the past it may be a trip remembered ("it was a lovely day in paris").
DAY_IN_PLACE_RE = re.compile(
    r"\b(?:it\s+is|it's|its|it\s+s|what|such)\s+an?\s+(?:[a-z]+\s+){0,2}?(?:night|day|morning|evening|afternoon)"
    r"\s+(?:(?:here|out\s+here)\s+)?in\s+"
)
# The writer's own part of a place: "in my corner of nashville", "folks in our part of maine"; a known place only, so
# "my side of the family" names none.
MY_PART_OF_RE = re.compile(
    r"\b(?:my|our)\s+(?:(?:little|own|small|quiet|lovely|sleepy)\s+)?(?:corner|part|area|side|end|patch|stretch)"
    r"\s+of\s+"
)
# The time since the move or the stay is the time one has lived there: "since living in texas i see them a lot", "ever
# since moving to ohio". A clause of its own, so a wish before it does not reach it ("i wish i could, since…").
SINCE_LIVING_RE = re.compile(
    r"\bsince\s+(?:living|residing|moving|relocating)\s+(?:here\s+|over\s+|out\s+)?(?:in|to)\s+"
)
# The Russian "I'm in", said without a verb: «я сейчас в Казани», «мы в Твери уже пять лет» (_said_then: not «я в
# Казани был», «мы в Казани будем завтра»).
RU_I_AM_IN_RE = re.compile(r"\b(?:я|мы)\s+(?:(?:сейчас|теперь|уже|тоже|пока|давно|постоянно|все\s+еще)\s+)*(?:в|во)\s+")
# A letter says where it is written from: "writing from ohio", «пишу из Новосибирска».
WRITING_FROM_RE = re.compile(
    r"\b(?:(?:i'm|i\s+am|im)\s+)?writing\s+(?:to\s+you\s+)?from\s+|\bпиш(?:у|ем)\s+(?:вам\s+)?из\s+"
)
KNOWN_PLACE_CUES: tuple[re.Pattern[str], ...] = (
    I_AM_IN_RE,
    RU_I_AM_IN_RE,
    WRITING_FROM_RE,
    SINCE_LIVING_RE,
    DAY_IN_PLACE_RE,
    MY_PART_OF_RE,
    WEATHER_WE_GET_RE,
    HERE_IN_RE,
    IN_SCHOOL_OR_SERVICE_IN_RE,
    BORN_IN_RE,
    CAME_FROM_RE,
    # The subject said once: "i'm in the army. currently in south korea".
    re.compile(r"(?:^|[,;]\s*)(?:and\s+|but\s+)?(?:currently|now)\s+(?:living\s+|based\s+)?in\s+"),
    # The subject left out as a profile line leaves it: "names jon, live in colorado", "29, living in ohio now".
    re.compile(r"(?:^|[,;]\s*)(?:and\s+|but\s+)?(?:currently\s+|now\s+|still\s+)?(?:live|living)\s+in\s+"),
    # Near a place is in its area: "i live near las vegas", "we live just outside of Boston".
    re.compile(
        rf"(?:\b(?:i|we)\s+(?:\w+\s+)?(?:live|living|reside|residing)|\b{I_AM}|\bwe're|\bwe\s+are)\s+"
        r"(?:just\s+|right\s+|very\s+|a\s+(?:little|bit|few\s+miles)\s+)?(?:near|outside(?:\s+of)?|close\s+to|nearby)\s+"
    ),
    # A coast, a shore, an island is lived "on": "i live on the east coast, maryland", "we're on the coast of Maine".
    re.compile(rf"\b(?:(?:i|we)\s+(?:\w+\s+){{0,2}}?(?:live|living|reside|residing)|{I_AM}|we're|we\s+are)\s+on\s+"),
    # "my native colorado": the land one is native to.
    MY_NATIVE_RE,
    # Retiring to a place is moving there for good: "i retired to arizona", "we retired down to Florida".
    re.compile(r"\b(?:i|we)\s+(?:\w+\s+)?retired\s+(?:down\s+|out\s+|up\s+)?to\s+"),
    # A greeting says where it comes from: "hi from Canada", "greetings from Ohio".
    re.compile(
        r"(?:^|[,;.!]\s*)(?:(?:hi|hello|hey|howdy|greetings)\s+(?:all\s+|there\s+|everyone\s+)?from"
        r"|(?:привет|приветствую|здравствуйте)\s+(?:всем\s+)?из)\s+"
    ),
    # Never having left a place is living there: "I've never been out of Ohio", "never left Texas".
    re.compile(
        r"\b(?:i|we)(?:'ve|\s+have|\s+ve)?\s+never\s+(?:ever\s+)?(?:been\s+|lived\s+|gone\s+|travel\w*\s+)?"
        r"(?:out\s+of|outside(?:\s+of)?|left)\s+"
    ),
    # A newcomer lives there: "I'm new to the United States", «я недавно в Казани» is said with a place cue.
    re.compile(r"\b(?:i|we)(?:'m|\s+am|'re|\s+are)\s+(?:fairly\s+|pretty\s+|still\s+|quite\s+)?new\s+to\s+"),
    # A part of a place: "I'm from the suburbs of Boston", "we live in the north of Norway".
    re.compile(
        r"\b(?:i|we)(?:'m|\s+am|'re|\s+are)?\s+(?:\w+\s+)?(?:from|live\s+in|living\s+in)\s+(?:an?\s+|the\s+)?"
        r"(?:[\w-]+\s+){0,2}?(?:part|parts|suburbs?|outskirts|area|side|north|south|east|west|middle|center|centre)"
        r"\s+of\s+"
    ),
    # An appositive after a settlement: "I am from a big city, Chicago", "I live in a small town called Hope".
    re.compile(
        r"\b(?:i|we)(?:'m|\s+am|'re|\s+are)?\s+(?:\w+\s+)?(?:from|live\s+in|living\s+in)\s+(?:an?|the)\s+"
        r"(?:\w+\s+){0,2}?(?:city|town|village|state|country|suburb|place)\s*(?:,|called|named|of)\s*"
    ),
)
# The weather or the time of day around the writer, named by its place: "this texas heat", "these north dakota nights",
# "i am enjoying the florida sunshine". "This" points at what is around the writer as they write.
PLACE_WEATHER_HERE_RE = re.compile(
    r"\b(?:this|these|(?:enjoying|enjoy|soaking\s+up|braving|surviving|melting\s+in)\s+(?:the|this|these|our))\s+"
    rf"(?P<place>(?:[\w'-]+\s+){{1,3}}?)(?:{_WEATHER}|nights|evenings|mornings|days|skies|sunsets)\b"
)
# "In texas we hear mostly country music": a "we" whose ways are the place's, said in the present, is its people.
FRONTED_IN_PLACE_RE = re.compile(
    r"(?:^|[,;:.!]\s*)(?:(?:but|and|so|well|yes|yeah|here|now|of\s+course|at\s+least)\s*,?\s+)*(?:over\s+)?in\s+"
)
WE_THEN_RE = re.compile(r"\s*,?\s+we\s+(?P<next>[a-z']+)")
# What a "we" of the present may say first besides a verb in its plain form ("we have", "we eat").
WE_PRESENT_WORDS = frozenset(
    {"always", "usually", "often", "sometimes", "never", "mostly", "all", "just", "also", "really", "only", "still",
     "even", "generally", "normally", "typically", "don't", "dont", "are", "do", "can", "get", "have"}
)  # fmt: skip
WE_NOT_PRESENT_WORDS = frozenset({"will", "would", "could", "should", "might", "must", "shall", "may", "used"})
# The Russian "here" said right after the place: «в Казани у нас жара», «в Твери сейчас тоже холодно здесь» is not.
HERE_AFTER_PLACE_RU_RE = re.compile(
    r"\s*,?\s+(?:(?:сейчас|сегодня|тоже|опять|уже)\s+)?(?:у\s+нас|здесь|тут)\b", re.IGNORECASE
)
# Where the user's home is, said anywhere in the clause: "I live with my dog in a house in California",
# "I share an apartment with my brothers in Chicago", "lots of them in California, where I live".
LIVES_CLAUSE_RE = re.compile(
    r"\b(?:i|we)\s+(?:(?!used\b)\w+\s+){0,2}?(?:live|lives|living|reside|stay)\b"
    r"|\b(?:i|we)\s+(?:\w+\s+)?(?:have|own|rent|share|bought)\s+(?:an?|my|our|the)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:apartment|house|home|flat|condo|farm|ranch|cabin|place)\b"
    r"|\b(?:my|our)\s+(?:[\w-]+\s+){0,2}?(?:apartment|house|home|flat|condo|farm|ranch)\b"
    r"|\b(?:живу|живем|живём|проживаю|проживаем)\b"
    r"|\b(?:у\s+(?:меня|нас)\s+(?:есть\s+)?|мо[яй]\s+|наш[аи]?\s+)(?:[\w-]+\s+)?(?:квартира|дом)\b"
)
IN_RE = re.compile(r"\b(?:in|в|во)\s+")
# Where in the clause of the user's home the place is: "i live in my car just outside los angeles".
HOME_AT_RE = re.compile(r"\b(?:in|near|outside(?:\s+of)?|в|во)\s+")
# The writer's home said right after its place: "in seattle in my apartment" (not "in my old house").
IN_MY_HOME_RE = re.compile(
    r"\s*,?\s+in\s+(?:my|our)\s+(?:(?!old\b|former\b|previous\b|childhood\b|first\b|vacation\b|holiday\b|summer\b)"
    r"[a-z]+\s+)?(?:apartment|house|home|flat|condo)\b"
)
LEFT_OR_PAST_RE = re.compile(
    r"\b(?:miss\w*|left|leav\w*|sold|sell\w*|visit\w*|used\s+to|back\s+when|born|grew\s+up|raised)\b"
)
WHERE_I_LIVE_RE = re.compile(r"\s*,?\s+where\s+(?:i|we)\s+(?:\w+\s+)?(?:live|reside)\b")
# A city named before its state or country: "Portland, Oregon", "Portland Oregon".
QUALIFIER_RE = re.compile(r"\s*,?\s*")
SLOT_OF_KIND = {"country": "country", "state": "region", "city": "city"}


# A place named before what makes it home: "texas born and raised", "a chicago native", "austin is home for me".
# Only a place the gazetteer knows, and not "a native speaker", "Boston is home to…".
PLACE_BEFORE_CUE_RE = re.compile(
    r"\s+(?:born\s+(?:and|&|n)\s+(?:raised|bred)|native|is\s+(?:my\s+|our\s+)?(?:home(?:land|town)?|birthplace)"
    rf"|is\s+where\s+(?:i|we)\s+(?:\w+\s+|{STILL_THERE})?(?:live|reside|stay|call\s+home)"
    r"|is\s+where\s+(?:i'm|i\s+am|im)\s+from"
    # "walking around new york city where i live", "colorado is the state i live in"
    rf"|where\s+(?:i|we)\s+(?:\w+\s+|{STILL_THERE})?(?:live|reside)"
    r"|where\s+(?:i'm|i\s+am|im|we're|we\s+are)\s+(?:originally\s+)?from"
    r"|(?:is\s+)?where\s+(?:i|we)\s+(?:was|were)\s+born"
    # an appositive: "i learned to ski in norway, the place i was born", "lima, the city where we live"
    r"|the\s+(?:place|city|town|country|state)\s+(?:where\s+)?(?:i|we)\s+(?:(?:was|were)\s+born|live|reside)"
    r"|is\s+the\s+(?:state|city|town|country)\s+(?:i|we)\s+(?:\w+\s+)?"
    r"(?:live|reside)\s+in)\b"
    r"(?!\s+(?:to|of|speaker|speakers|language|tongue|plant|plants|species|american|americans)\b)"
)
# The cues above that say where the user comes from ("texas born and raised", "where i'm from", "my homeland"), unless
# the user lives there still ("where i was born and still live").
ORIGIN_WORDS_RE = re.compile(r"\b(?:born|native|from|birthplace|homeland)\b(?!.*\b(?:live|reside)\b)")
# A place said as a caller says a name: "california here", "ohio here, hi all".
PLACE_HERE_RE = re.compile(rf"(?:^|[,;:.!]\s*)(?P<place>[\w'-]+(?:\s+[\w'-]+){{0,2}}?){HERE_END}")
# The writer as a person of the place: "i am just an ohio mom", "i'm a texas girl", "i am a proud chicago guy".
I_AM_A_PLACE_PERSON_RE = re.compile(
    rf"\b{I_AM}\s+(?:just\s+|only\s+|still\s+)?an?\s+(?:(?:proud|true|real|simple)\s+)?"
    r"(?P<place>(?:[\w'-]+\s+){1,3}?)(?:mom|mum|mother|dad|father|grandma|grandpa|girl|boy|guy|gal|man|woman|lady"
    r"|kid|local|resident|transplant)\b"
)
# The user's home named by its place: "i love my ohio farm", "my texas home", "our new york apartment"; a whole known
# place only, so "my florida vacation home" (not where one lives) and "my beach house" name none.
MY_PLACE_HOME_RE = re.compile(
    r"\b(?:my|our)\s+(?P<place>(?:[\w'-]+\s+){1,3}?)(?:home|house|apartment|flat|condo|farm|ranch)\b(?!\s+(?:is|was)\s+in\b)"
)
# A home the user has left, is leaving or only visits: "we sold our new york apartment", "i miss my texas home".
HOME_LEFT_BEFORE_RE = re.compile(
    r"\b(?:sold|sell\w*|miss\w*|left|leav\w*|lost|losing|out\s+of|visit\w*|back\s+to|return\w*\s+to|away\s+from)\s+$"
)
# "i call denver home", "we now call the UK home".
CALL_HOME_RE = re.compile(r"\b(?:i|we)\s+(?:\w+\s+)?call\s+(?P<place>(?:[\w'-]+\s+){1,3}?)home\b")
# "living in Ohio must be fun": a gerund subject names no home; the list frame holds only without a verb after it.
GERUND_SUBJECT_RE = re.compile(
    r"^\W*(?:\w+\s+)?(?:living|residing)\s+in\s+(?:[\w'-]+\s+){1,3}?(?:is|was|must|sounds|seems|would|could|can|will"
    r"|has|looks|gets|makes|might|should)\b"
)


def place(s: Sentence) -> list[Finding]:
    exact = _place_said_exactly(s)
    if exact:
        return exact
    found = _place_after(s, PLACE_CUES, guess=True)
    if found and not found[0].extra.get("origin"):
        # "i'm from italy but live in rome": the origin said beside the home, kept in its own slot when the home lies
        # in it (without_origins_beside_a_home)
        origin = _place_after(s, tuple(cue for cue in PLACE_CUES if cue in ORIGIN_CUES), guess=True)
        found += [f for f in origin if f.slot not in {home.slot for home in found}]
    return (
        found
        or _place_after(s, KNOWN_PLACE_CUES, guess=False)
        or _place_where_i_am_somehow(s)
        or _place_after_where_i_live(s)
        or _place_in_home_clause(s)
        or _place_before_home_cue(s)
        or _place_of_the_weather_here(s)
        or _place_of_our_ways(s)
        or _place_of_work(s)
        or _place_of_who_i_am(s)
        or _origin_said_alone(s)
        or _place_named_before_its_proform(s)
        or _place_arrived_at(s)
        or _origin_left_behind(s)
        or _home_taken_for_granted(s)
    )


# Where the writer is, said with how they are there: "i'm too busy in austria", "i am good, just freezing in alaska".
# The words between "I am" and "in" say how the writer is (adverbs, adjectives), never where they go
# ("i am off to", "i'm heading in to"), what they take part in ("interested in"), or that they are not there.
I_AM_SOMEHOW_IN_RE = re.compile(rf"\b{I_AM}\s+(?P<how>(?:[a-z]+\s*,?\s+){{1,3}}?)in\s+")
NOT_HOW_ONE_IS = frozenset(
    {"not", "never", "no", "off", "away", "interested", "involved", "engaged", "fluent", "born", "raised", "lost",
     "believer", "big", "rich", "lacking", "majoring", "participating", "competing", "playing", "performing",
     "investing", "specializing", "trained"}
)  # fmt: skip
# Verbs of going somewhere: their participle says a trip, not where one is ("i'm heading in to boston").
MOTION_VERBS = frozenset(
    {"go", "head", "travel", "fly", "drive", "move", "visit", "vacation", "come", "return", "leave", "tour", "arrive",
     "relocate", "plan", "stop", "pass", "walk", "ride", "sail", "land", "check", "book", "stay", "spend"}
)  # fmt: skip
# A stay that ends: "i am in paris for a week", "i'm busy in boston next month", "in denver in two weeks".
PASSING_STAY_RE = re.compile(
    r"\s+(?:for\s+(?:a|an|the|\d+|two|three|few|couple|some)\b|next\b|tomorrow\b|soon\b|tonight\b|later\b"
    r"|this\s+(?:week|weekend|month|summer|winter|spring|fall)\b|in\s+(?:a|an|\d+|two|three|few|couple)\s+"
    # «я в Казани на выходных», «мы в Москве проездом», «я в Твери в командировке», «до пятницы»
    r"|на\s+(?:выходны[хе]|недел[юе]|месяц|пару|несколько|день|два|три|праздник\w*|каникул\w*|лето)\b"
    r"|проездом\b|в\s+(?:командировке|отпуске|гостях)\b|до\s+\w+|завтра\b|скоро\b)"
)


def _how_one_is(word: str) -> bool:
    """A word that says how the writer is: an adverb or an adjective ("freezing", "retired" among them), not of a
    verb of motion. A participle that is only a verb says what one does, often away from home ("i am hiking in
    colorado", "i'm getting married in vegas")."""
    if word in NOT_HOW_ONE_IS or word in lexicon.function_words():
        return False
    classes = morphology.english_word_classes(word)
    return ("ADV" in classes or "ADJ" in classes) and not set(morphology.english_lemmas(word)) & MOTION_VERBS


# Being somewhere said as the second of two things the writer is: "i am a nurse and in boston", "i'm retired and now
# in florida".
I_AM_THIS_AND_IN_RE = re.compile(
    rf"\b{I_AM}\s+(?P<article>an?\s+)?(?P<what>[a-z]+(?:\s+[a-z]+)?)\s+and\s+(?:now\s+|currently\s+|still\s+|also\s+)?"
    r"in\s+"
)


def _place_where_i_am_somehow(s: Sentence) -> list[Finding]:
    for m in (*I_AM_SOMEHOW_IN_RE.finditer(s.norm), *I_AM_THIS_AND_IN_RE.finditer(s.norm)):
        if m.re is I_AM_SOMEHOW_IN_RE and not all(_how_one_is(w) for w in re.findall(r"[a-z]+", m.group("how"))):
            continue
        if m.re is I_AM_THIS_AND_IN_RE and (
            not all(_what_one_is(w, after_article=bool(m.group("article"))) for w in m.group("what").split())
            or _opens_a_clause(s, m.end())
        ):
            continue
        if not _own_statement(s, m.start(), m.end()) or not _names_a_whole_place(s, m.end()):
            continue
        found = _place_findings(s, m.end(), guess=False)
        if found and not _passing_stay(s, m.end()):
            return found
    return []


# A subject after the place: "in boston" opens the next clause ("i am a fan and in boston they love baseball").
SUBJECT_NEXT_RE = re.compile(r"\s*,?\s+(?:i|we|they|he|she|you|it|people|everyone|everybody)\b")


def _opens_a_clause(s: Sentence, start: int) -> bool:
    end = _known_place_end(s, start)
    return end is not None and bool(SUBJECT_NEXT_RE.match(s.norm, end))


# People who are somewhere away from home: "i am a tourist and in rome this week".
AWAY_FROM_HOME = frozenset({"tourist", "visitor", "guest", "traveler", "traveller", "backpacker", "stranger"})


def _what_one_is(word: str, *, after_article: bool) -> bool:
    """A word of what the writer is, before "and in": a noun or adjective ("retired"), any word but a closed-class one
    after an article ("a nurse", "a jew"), never a word of going ("i'm leaving and in boston by noon") nor a
    negation."""
    if word in NOT_HOW_ONE_IS or word in AWAY_FROM_HOME or _closed_class(word):
        return False
    if set(morphology.english_lemmas(word)) & MOTION_VERBS:
        return False
    return after_article or bool({"NOUN", "ADJ"} & morphology.english_word_classes(word))


def _passing_stay(s: Sentence, start: int) -> bool:
    """Whether the place at s.norm[start:] is followed by how long or when the writer is there."""
    end = _known_place_end(s, start)
    return end is not None and bool(PASSING_STAY_RE.match(s.norm, end))


def _known_place_end(s: Sentence, start: int) -> int | None:
    """Where the known place named at s.norm[start:] ends ("the united states" with its article), or None."""
    words_m = PLACE_WORDS_RE.match(s.norm, start)
    if words_m is None:
        return None
    words = words_m.group().split()
    after_the = words[0] == "the" and len(words) > 1
    found = places.lookup(words[after_the:], after_the=after_the)
    if found is None:
        return None
    return start + len(" ".join(words[: found[1] + after_the]))


# A home described before it is named: "i live where marijuana is legal, colorado", "we live in a state that has no
# income tax, nevada". The place closes the description after a comma and ends its clause.
LIVE_WHERE_THEN_PLACE_RE = re.compile(
    r"\b(?:i|we)\s+(?:(?:still|now|currently|also|actually)\s+)?(?:live|reside)\s+(?:in\s+)?(?:(?:a|the)\s+"
    r"(?:[a-z]+\s+)?(?:place|state|city|town|country|part)\s+|somewhere\s+)?(?:where|that|which)\s+[^,.;!?]{3,60},\s*"
)


def _place_after_where_i_live(s: Sentence) -> list[Finding]:
    for m in LIVE_WHERE_THEN_PLACE_RE.finditer(s.norm):
        if _own_statement(s, m.start(), m.start() + 2) and _names_a_whole_place(s, m.end(), ORIGIN_END_RE):
            return _place_findings(s, m.end(), guess=False)
    return []


# The exact place after a vaguer one: "i am from the other side of the us, michigan to be exact", "i reside in the
# north. alaska specifically". The home or origin cue may be in an earlier sentence of the message.
PLACE_SAID_EXACTLY_RE = re.compile(
    r"(?:^|[,;:.!]\s*)(?:(?:well|so)\s+)?(?P<place>(?:the\s+)?[\w'.-]+(?:\s+[\w'.-]+){0,2}?)\s*,?\s+"
    r"(?:to\s+be\s+(?:exact|precise|specific)|specifically|exactly|precisely|in\s+particular)\b"
)
HOME_OR_ORIGIN_CUE_RE = re.compile(
    rf"\b(?:(?:i|we)\s+(?:\w+\s+)?(?:live|reside|living|residing)\b|{I_AM}\s+(?:originally\s+)?(?:from|in)\b"
    r"|(?:i|we)\s+(?:\w+\s+)?(?:moved|relocated)\b)"
)


# Arriving to stay is a move: "i immigrated to canada", "my aunt helped me escape to the united states", "we fled to
# sweden". "Came" arrives for a visit as often, so it is a move only to a country, and only said as the time since or
# before which life has gone on ("since i came to the us", "before we came to canada", "when i first came to
# america") or with when in one's life ("i came to canada in 1998", "we came to the us when i was five").
SETTLED_TO_RE = re.compile(
    r"\b(?:i|we|me|us)\s+(?:(?:first|finally|eventually|later|then|just)\s+)?(?:immigrated|emigrated|migrated|fled"
    r"|flee|escaped|escape)\s+(?:here\s+|over\s+)?to\s+"
)
CAME_TO_RE = re.compile(
    r"\b(?:(?:since|before|after|when|once|until|till)\s+(?P<when>(?:i|we))|(?:i|we))\s+(?:first\s+|finally\s+)?"
    r"came\s+(?:over\s+|here\s+)?to\s+"
)
ARRIVED_WHEN_RE = re.compile(
    r"\s+(?:in\s+(?:19|20)\d\d|when\s+(?:i|we)\s+(?:was|were)|as\s+an?\s+(?:child|kid|baby|teen|teenager|refugee))\b"
)
# A visit said after the place: "i came to france to visit my aunt", "we fled to the coast on holiday".
VISIT_AFTER_RE = re.compile(
    r"\s*,?\s+(?:to\s+(?:visit|see|study|work\s+for\s+a)|on\s+(?:a\s+)?(?:vacation|holiday|trip|business|tour)"
    r"|for\s+(?:a\s+|the\s+)?(?:vacation|holiday|trip|visit|week|weekend|month|conference|wedding))\b"
)


def _place_arrived_at(s: Sentence) -> list[Finding]:
    for m in (*SETTLED_TO_RE.finditer(s.norm), *CAME_TO_RE.finditer(s.norm)):
        if not _own_statement(s, m.start(), m.end()) or not _names_a_whole_place(s, m.end()):
            continue
        end = _known_place_end(s, m.end())
        if end is None or PASSING_STAY_RE.match(s.norm, end) or VISIT_AFTER_RE.match(s.norm, end):
            continue
        found = _place_findings(s, m.end(), guess=False)
        if found and (m.re is SETTLED_TO_RE or _came_to_stay(s, m, found[0], end)):
            return found
    return []


def _came_to_stay(s: Sentence, m: re.Match[str], found: Finding, end: int) -> bool:
    """Whether "came to" the place found says a move: a country, the arrival as a time in one's life."""
    return found.slot == "country" and bool(m.group("when") or ARRIVED_WHEN_RE.match(s.norm, end))


# Where the user comes from, said through the people left there or the going back: "i miss my parents back in
# australia", "i have a girlfriend back home in poland", "i go back to russia a lot", "we fly back home to ireland
# every summer".
PERSON_BACK_IN_RE = re.compile(r"\b(?P<person>[a-z]+)\s+back\s+(?:home\s+)?in\s+")
GO_BACK_TO_RE = re.compile(
    r"\b(?:i|we)\s+(?:(?:also|still|often|usually|sometimes|always|regularly)\s+)*(?:go|fly|travel|head|drive)"
    r"\s+back\s+(?:home\s+)?to\s+"
)

# What may follow a place gone to or left: the clause's end, how often or when ("to russia a lot", "every summer",
# "from tulsa soon"), or where to ("from alabama to somewhere else").
PLACE_THEN_WHEN_END_RE = re.compile(
    r"\s*(?:$|[,.;:!?)]|(?:every|each|a\s+lot|often|sometimes|twice|once|soon|someday|now|when|whenever|for|in|at|on"
    r"|this|next|to|and|but|so|too|though)\b)"
)


# A wish or plan that takes the home for granted: leaving it ("i am looking to move from alabama", "we're moving away
# from denver") or wishing for another in its place ("i wish i lived in maine instead of texas"). Not staying on
# somewhere ("i want to stay in paris"), which a visitor says as often.
MOVE_AWAY_FROM_RE = re.compile(
    r"\b(?:i|we)(?:\s+am|'m|\s+are|'re)?\s+(?:(?:really|just|also|still)\s+)?(?:(?:want|wanna|would\s+like|'d\s+like"
    r"|hope|hoping|plan|planning|looking|going|need|intend|trying)\s+to\s+move|moving)\s+(?:away\s+)?(?:from|out\s+of)\s+"
)
INSTEAD_OF_RE = re.compile(
    r"\b(?:i|we)\s+(?:(?:could|would)\s+)?(?:lived|live)\s+in\s+[^,.;!?]{1,40}?\s+(?:instead\s+of|rather\s+than)\s+"
)


def _home_taken_for_granted(s: Sentence) -> list[Finding]:
    for m in (*MOVE_AWAY_FROM_RE.finditer(s.norm), *INSTEAD_OF_RE.finditer(s.norm)):
        # a wish or condition around the frame takes the home for granted too ("if we move away from denver"): only
        # whose words these are is read
        if not _own_statement(s, m.start(), m.start() + 1, deictic=True):
            continue
        if not _names_a_whole_place(s, m.end(), PLACE_THEN_WHEN_END_RE):
            continue
        found = _place_findings(s, m.end(), guess=False)
        if found:
            return found
    return []


def _origin_left_behind(s: Sentence) -> list[Finding]:
    people = lexicon.person_words()
    for m in (*PERSON_BACK_IN_RE.finditer(s.norm), *GO_BACK_TO_RE.finditer(s.norm)):
        if m.re is PERSON_BACK_IN_RE:
            person = m.group("person")
            singular = person.removesuffix("s")
            if _closed_class(person) or not any(
                w in people["relatives"] or w in people["other_people"] for w in {person, singular}
            ):
                continue
        end_re = PLACE_THEN_WHEN_END_RE if m.re is GO_BACK_TO_RE else None
        if not _own_statement(s, m.start(), m.start() + 1) or not _names_a_whole_place(s, m.end(), end_re):
            continue
        found = _place_findings(s, m.end(), guess=False)
        if found:
            return _as_origin(found)
    return []


def _place_said_exactly(s: Sentence) -> list[Finding]:
    m = PLACE_SAID_EXACTLY_RE.search(s.norm)
    if m is None:
        return []
    words = m.group("place").split()
    after_the = words[0] == "the" and len(words) > 1
    found_place = places.lookup(words[after_the:], after_the=after_the)
    if found_place is None or found_place[1] != len(words) - after_the:
        return []  # the words before "to be exact" are the place, all of them
    before = s.message.find(s.norm)
    said = f"{s.message[:before]} {s.norm[: m.start()]}" if before > 0 else s.norm[: m.start()]
    cues = list(HOME_OR_ORIGIN_CUE_RE.finditer(said))
    if not cues or WISH_RE.search(said, cues[-1].start()) or REPORTED_RE.search(said):
        return []
    if len(re.findall(r"[.!?]", said[cues[-1].end() :])) > 1:
        return []  # the vaguer place is said in this sentence or the one before
    if cues[-1].start() < len(said) - m.start() and m.start() > 0:
        return []  # said after the cue's sentence, it opens the next: not "i love cities, paris specifically"
    found = _place_findings(s, m.start("place"), guess=False)
    town = words[after_the:]
    if found_place[0].kind == "city" and len(found) == 1 and "," not in found[0].attributes["value"]:
        # "i am in missouri. springfield to be exact": the state said first tells which Springfield
        for state in _states_named(said[cues[-1].start() :]):
            if places.is_us_city_in(town, state):
                value = f"{found[0].attributes['value']}, {state}"
                found = [replace(found[0], attributes={**found[0].attributes, "value": value})]
                break
    return _as_origin(found) if "from" in cues[-1].group() else found


def _states_named(text: str) -> list[str]:
    """The US states named in a text, by their names ("missouri", "new york")."""
    words = re.findall(r"[\w'-]+", text)
    named = []
    for i in range(len(words)):
        found = places.lookup(words[i : i + places.MAX_WORDS])
        if found is not None and found[0].kind == "state":
            named.append(found[0].name)
    return named


# A home said with "here", "there" or "that is where" after its place was named: "chicago is great. i live there",
# "sweden, i recently moved here", "been to peru? i am from there", "alabama. i love it here". Not "lived there"
# (the past) nor "i would love to live there" (a wish: no adverb but these between the subject and the verb).
HOME_PROFORM_RE = re.compile(
    r"\b(?:i|we)\s+(?:(?:still|now|currently|also|actually|recently|just|both|all)\s+)*(?:live|reside|moved"
    r"|(?:am|'m|are|'re)\s+(?:originally\s+)?from)\s+(?:over\s+|out\s+|down\s+|up\s+|right\s+)?(?:here|there)\b"
    # the subject said once for a past and a present: "i grew up in canada and still live there"
    r"|\band\s+(?:still|now)\s+(?:live|reside)\s+(?:here|there)\b"
    r"|\bthat(?:'s|\s+is|s)\s+where\s+(?:i|we)\s+(?:live|reside|am|'m|are|'re)\b"
    r"|\b(?:i|we)\s+love\s+(?:it\s+here|living\s+(?:here|there))\b"
)


LANDMARK_BEFORE_RE = re.compile(r"\b(?:near|nearby|outside(?:\s+of)?|close\s+to|not\s+far\s+from)\s+(?:the\s+)?$")


def _place_named_before_its_proform(s: Sentence) -> list[Finding]:
    """The last known place named in the message before a home said with a pro-form; the evidence is the message up
    to that sentence, which holds both."""
    m = HOME_PROFORM_RE.search(s.norm)
    if m is None or not _own_statement(s, m.start(), m.end()):
        return []
    before = s.message.find(s.norm)
    said = f"{s.message[:before]}{s.norm}" if before > 0 else s.norm
    whole = replace(s, raw=said, norm=said, tokens=tuple(tokenize(said)))
    cue_start = len(said) - len(s.norm) + m.start()
    last = None
    words = list(re.finditer(r"[\w'-]+", said[:cue_start]))
    i = 0
    while i < len(words):
        known = places.lookup([w.group() for w in words[i : i + places.MAX_WORDS]])
        if known is not None and _names_a_whole_place(whole, words[i].start()):
            # "in canada, near ontario. that is where i live": a place "near" another locates it, the home is the first
            if last is None or not LANDMARK_BEFORE_RE.search(said, 0, words[i].start()):
                last = words[i].start()
            i += known[1]
        else:
            i += 1
    if last is None:
        return []
    found = _place_findings(whole, last, guess=False)
    return _as_origin(found) if ORIGIN_WORDS_RE.search(m.group()) else found


# Where the user is from, said as chat says it with the subject left out: at the start of a message ("from beijing.",
# "originally, from cheyenne") or after the user has introduced themself ("hi. i am michelle, from vienna, austria",
# "my age is 29, from boston"). After any other clause "from" may say where a thing came from ("i got this rug, from
# turkey"), so only these.
ORIGIN_ALONE_RE = re.compile(r"(?:^|[,;]\s*)(?:and\s+)?(?:originally\s+)?from\s+")
SELF_INTRODUCTION_RE = re.compile(
    rf"(?:^|[,;.!?]\s*)(?:(?:hi|hello|hey|well|yes|yeah|originally|me|{I_AM}\s+[\w-]+|my\s+name\s+is\s+[\w-]+"
    r"|my\s+age\s+is\s+\d{1,3}|names?\s+[\w-]+|\d{1,3}|male|female)\W*\s*)+$"
)


def _origin_said_alone(s: Sentence) -> list[Finding]:
    for m in ORIGIN_ALONE_RE.finditer(s.norm):
        if m.start() == 0 and not s.first_in_message:
            continue  # "i married one. from italy": after a sentence of the message, it says where that came from
        if m.start() > 0 and not SELF_INTRODUCTION_RE.search(s.norm, 0, m.start() + 1):
            continue
        if not _own_statement(s, m.start(), m.end()) or not _names_a_whole_place(s, m.end(), ORIGIN_END_RE):
            continue
        found = _place_findings(s, m.end(), guess=False)
        if found:
            return _as_origin(found)
    return []


# Where the person the writer says they are comes from or lives: "i'm a teacher from kazan", "i'm jake, a plumber from
# dallas", "i am a 30 year old guy from seattle", "i'm a nurse living in denver", «я учительница из Самары». Not how far
# one is from a place ("i'm a long way from boston", "a few miles from dallas"); a place the gazetteer knows only, and
# in Russian only after a job or a person's noun («я ушла из Самары» is a move).
EN_WHO_FROM_RE = re.compile(
    rf"\b{I_AM}\s+(?:[a-z]+\s*,\s*)?an?\s+(?P<who>(?:[\w-]+\s+){{1,4}}?)"
    r"(?:(?P<origin>from)|living\s+in|based\s+in|residing\s+in|located\s+in)\s+"
)
DISTANCE_WORDS = frozenset(
    {"way", "away", "miles", "mile", "hours", "hour", "minutes", "drive", "walk", "step", "steps", "far", "distance",
     "days", "km", "kilometers", "blocks", "block", "flight"}
)  # fmt: skip
RU_WHO_FROM_RE = re.compile(r"\bя\s+(?:[а-яё-]+\s+)?(?P<who>[а-яё-]+)\s+(?P<origin>из)\s+")
RU_PERSON_NOUNS = frozenset(
    {"девушка", "парень", "женщина", "мужчина", "мама", "папа", "бабушка", "дедушка", "пенсионерка", "пенсионер",
     "студентка", "студент", "школьник", "школьница"}
)  # fmt: skip


def _place_of_who_i_am(s: Sentence) -> list[Finding]:
    for m in itertools.chain(EN_WHO_FROM_RE.finditer(s.norm), RU_WHO_FROM_RE.finditer(s.norm)):
        who = m.group("who").split()
        if DISTANCE_WORDS & set(who):
            continue
        if "of" in who and not numbers.number_value(who[who.index("of") + 1 :][:1][0] if who[-1] != "of" else ""):
            continue  # "a huge fan of pizza from chicago": the pizza's town; "a mom of two from ohio" is the writer's
        if not who[-1].isascii() and not (
            _russian_profession(who[-1], None, instrumental=False) or morphology.lemma(who[-1]) in RU_PERSON_NOUNS
        ):
            continue
        if not _own_statement(s, m.start(), m.start() + 1) or not _names_a_whole_place(s, m.end()):
            continue
        found = _place_findings(s, m.end(), guess=False)
        if found:
            return _as_origin(found) if m.group("origin") else found
    return []


# What ends a place said alone: the sentence or clause ("from beijing.", "from cheyenne where my family is"), not
# more words ("from paris with love" signs a letter).
# "from boston live in the suburbs": the next clause, its subject left out, ends the origin too.
ORIGIN_END_RE = re.compile(r"\s*(?:$|[,.;:!?)]|(?:where|and|but|so|too|originally|though|live|living)\b)")


# Where the user works or studies is the town they live in, when nothing in the sentence says where they live: "i
# work in portland", "i work at a junior college in nashville", "i teach third grade in seattle", "i am a librarian,
# in pittsburgh", "i go to school in kentucky". The job must be a known profession ("i am a fan in boston" is no
# job), and the place one the gazetteer knows.
WORK_IN_PLACE_RE = re.compile(
    r"\b(?:i|we)\s+(?:now\s+|currently\s+|still\s+|also\s+|only\s+)?(?:work|teach|study"
    r"|(?:go\s+to|attend)\s+(?:a\s+|the\s+)?(?:school|college|university|high\s+school|grad\s+school|med\s+school"
    r"|law\s+school|community\s+college))\b"
    rf"|\b{I_AM}\s+(?:now\s+|currently\s+|also\s+|actually\s+)?an?\s+(?P<job>[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}}?)"
    r"(?=\s*,?\s+(?:in|at)\s)"
    # a new job: "i got a job as a nurse in boston", "i just started a new job at a bank in leeds"
    r"|\bi\s+(?:just\s+|recently\s+|finally\s+)?(?:got|started|landed|took|found|accepted)\s+(?:a|my|the)\s+"
    r"(?:new\s+)?job\b"
    # «работаю медсестрой в Твери», «преподаю в школе в Самаре», «я учительница в Самаре»
    r"|\b(?:я\s+)?(?:работаю|тружусь|преподаю|учусь|служу)\b"
    r"|\bя\s+(?P<ru_job>[а-яё-]+)(?=\s+(?:в|во)\s)"
)
# The words a workplace may take before its town: "i work at a small bakery in", "i teach third grade in".
WORKPLACE_WORDS = 6


def _place_of_work(s: Sentence) -> list[Finding]:
    for m in WORK_IN_PLACE_RE.finditer(s.norm):
        if m.group("job") and _english_profession(m.group("job"), require_known=True) is None:
            continue
        if m.group("ru_job") and _russian_profession(m.group("ru_job"), None, instrumental=False) is None:
            continue
        if PAST_JOB_RE.search(s.norm, _clause_start(s, m.start()), m.start()):
            continue  # "i used to work in boston"
        clause_end = re.search(r"[.;!?]|\b(?:but|though|although|because|но|хотя|потому|а)\b", s.norm[m.end() :])
        end = m.end() + clause_end.start() if clause_end else len(s.norm)
        for place_in in IN_RE.finditer(s.norm, m.end(), end):
            if len(s.norm[m.end() : place_in.start()].split()) > WORKPLACE_WORDS:
                break
            if not _own_statement(s, m.start(), place_in.end()) or not _names_a_whole_place(s, place_in.end()):
                continue
            found = _place_findings(s, place_in.end(), guess=False)
            if found:
                return found
    return []


def _a_word_first(words: list[str]) -> bool:
    """A place's name written in lower case that is first a word of the dictionary: "mobile", "reading"."""
    return all(w.islower() and morphology.english_word_classes(w) for w in words)


def _names_a_whole_place(s: Sentence, start: int, end_re: re.Pattern[str] | None = None) -> bool:
    """A known place begins at s.raw[start:] and ends its phrase, and is no common word in lower case: "in
    seattle." but not "in turkey farming", "in reading" or "in mobile" (towns, and first words)."""
    words_m = PLACE_WORDS_RE.match(s.raw, start)
    if words_m is None:
        return False
    words = words_m.group().split()
    after_the = words[0].lower() == "the" and len(words) > 1
    if after_the:
        start, words = start + len(words[0]) + 1, words[1:]
    found = places.lookup(words, after_the=after_the)
    if found is None:
        return False
    named = words[: found[1]]
    if found[0].kind == "city" and _a_word_first(named):
        return False
    end = start + sum(map(len, named)) + len(named) - 1
    return bool(end_re.match(s.raw, end)) if end_re else _ends_a_place(s, end)


def _ends_a_place(s: Sentence, end: int) -> bool:
    """Whether a place said up to s.raw[end] is the whole name of what is meant: the clause ends, a closed-class word
    or its state follows ("sunny california, where…", "portland oregon"); not a noun that makes the place describe
    something else ("cold chicago winters", "good new york pizza")."""
    after = DESCRIBED_PLACE_END_RE.match(s.raw, end)
    if after is None:
        return False
    following = normalize(after.group("word")) if after.group("word") else ""
    classes = morphology.english_word_classes(following)
    return (
        not following
        or _closed_class(following)
        or ("VERB" in classes and "NOUN" not in classes)  # the next clause, its subject left out: "boston, live in…"
        or _region_after(s, after.start("word"), after_comma=False) is not None
    )


MODAL_RE = re.compile(r"\b(?:could|can|would|will|might|may|should|must|used|'d|'ll)\b")


def _place_before_home_cue(s: Sentence) -> list[Finding]:
    """A known place said just before the words that make it the user's home, between "I call" and "home", between
    "my" and the home ("my ohio farm"), as a caller says a name ("Ohio here"), or before the writer as a person
    ("i am just an ohio mom")."""
    for m in (
        CALL_HOME_RE.search(s.norm),
        MY_PLACE_HOME_RE.search(s.norm),
        PLACE_HERE_RE.search(s.norm),
        I_AM_A_PLACE_PERSON_RE.search(s.norm),
    ):
        # "i am an ohio mom": the person is the writer, not another before the place
        if m is None or not _own_statement(
            s, m.start(), m.end() if m.re is not I_AM_A_PLACE_PERSON_RE else m.start("place")
        ):
            continue
        words = m.group("place").split()
        found = places.lookup(words)
        if found is None or found[1] != len(words):
            continue
        if m.re in {MY_PLACE_HOME_RE, I_AM_A_PLACE_PERSON_RE} and (
            (found[0].kind == "city" and _a_word_first(words)) or HOME_LEFT_BEFORE_RE.search(s.norm, 0, m.start())
        ):
            continue  # "my mobile home" is a trailer, not a house in Mobile; "i miss my texas home" is left behind
        if m.re is PLACE_HERE_RE and (
            given_names.is_given_name(words[0])
            or (found[0].kind == "city" and not CAPITALISED_RE.match(s.raw[m.start("place")]))
        ):
            continue  # "tracy here" is a name; "same here" agrees: a town in lower case is too often a word
        return _place_findings(s, m.start("place"), guess=False)
    for m in PLACE_BEFORE_CUE_RE.finditer(s.norm):
        # "where i live" is a clause of its own: "you should visit colorado, where i live" states a home the wish
        # before it does not touch, and the comma before it does not end the place's clause.
        relative = m.group().lstrip().startswith(("where", "the "))
        if relative:
            rest = re.match(r"[^,.;!?]*", s.norm[m.start() :])
            if MODAL_RE.search(m.group()) or (rest and WISH_RE.search(rest.group())):
                continue  # "a town where i could live", "where i used to live", "where i will live someday"
        end = m.start() - 1 if relative and s.norm[: m.start()].endswith(",") else m.start()
        before = s.norm[_clause_start(s, end) : end].split()
        for n in range(min(places.MAX_WORDS, len(before)), 0, -1):
            found = places.lookup(before[-n:])
            start = end - len(" ".join(before[-n:]))
            if found is None or found[1] != n:
                continue
            if _own_statement(s, m.start(), m.end(), deictic=True) if relative else _own_statement(s, start, m.end()):
                said = _place_findings(s, _town_before_its_state(s, start, found[0]), guess=False)
                return _as_origin(said) if ORIGIN_WORDS_RE.search(m.group()) else said
    return []


def _place_of_the_weather_here(s: Sentence) -> list[Finding]:
    """The place whose weather or day the writer is in ("this texas heat is killer", «в Казани у нас жара»); not one
    missed or left ("i miss the florida sunshine"), nor a trip's ("enjoying the florida sunshine on our vacation")."""
    if TRIP_RE.search(s.norm):
        return []
    for m in PLACE_WEATHER_HERE_RE.finditer(s.norm):
        words = m.group("place").split()
        found = places.lookup(words)
        if found is None or found[1] != len(words) or (found[0].kind == "city" and _a_word_first(words)):
            continue
        if LEFT_OR_PAST_RE.search(s.norm, _clause_start(s, m.start()), m.start()):
            continue
        if _own_statement(s, m.start(), m.end(), deictic=True):
            return _place_findings(s, m.start("place"), guess=False)
    for m in IN_RE.finditer(s.norm):
        if _names_a_whole_place(s, m.end(), HERE_AFTER_PLACE_RU_RE) and not REPORTED_RE.search(s.norm, 0, m.start()):
            return _place_findings(s, m.end(), guess=False)
    return []


def _place_of_our_ways(s: Sentence) -> list[Finding]:
    """The place a present "we" speaks for, said before it: "in texas, we hear mostly country music", "in the us we
    call it soccer". Not a past or a plan ("in paris we visited the louvre", "in rome we will eat pasta"), nor a
    trip's."""
    if TRIP_RE.search(s.norm):
        return []
    for m in FRONTED_IN_PLACE_RE.finditer(s.norm):
        end = _known_place_end(s, m.end())
        we = WE_THEN_RE.match(s.norm, end) if end is not None else None
        if we is None or not _names_a_whole_place(s, m.end(), WE_THEN_RE) or not _present_of_we(we.group("next")):
            continue
        if _own_statement(s, we.start(), we.end(), deictic=True):
            return _place_findings(s, m.end(), guess=False)
    return []


def _present_of_we(word: str) -> bool:
    """Whether the word after "we" opens a present: an adverb of habit, or a verb in its plain form ("have", not
    "had"; "eat", not "ate")."""
    if word in WE_PRESENT_WORDS:
        return True
    if word in WE_NOT_PRESENT_WORDS:
        return False
    return "VERB" in morphology.english_word_classes(word) and word in morphology.english_lemmas(word)


STATE_AFTER_COMMA_RE = re.compile(r",\s*$")


def _town_before_its_state(s: Sentence, start: int, place: Place) -> int:
    """Where the address begins when the state at `start` follows a known town and a comma ("portland, maine is my
    home"): the comma that ends a clause elsewhere is part of the address here."""
    comma = STATE_AFTER_COMMA_RE.search(s.norm, 0, start)
    if place.kind == "city" or comma is None:
        return start
    words = s.norm[: comma.start()].split()
    for n in range(min(places.MAX_WORDS, len(words)), 0, -1):
        town = places.lookup(words[-n:])
        if town is not None and town[0].kind == "city" and town[1] == n:
            return comma.start() - len(" ".join(words[-n:]))
    return start


# Words said before a place's name that only say what kind of place, or which part of it: "the state of Vermont",
# "the great state of Texas", "the suburbs of Boston", "the coast of Maine", "the east coast, Maryland", "a small town
# in Russia", "a big city, Tampa", "a town called Hope".
# Words before the kind are its description only after an article: in "new york city, ny" or "japan part of the
# year" they are the place.
PLACE_KIND_OF_RE = re.compile(
    r"(?:(?:the|an?)\s+(?:[a-z]+\s+){0,2}?)?(?:state|city|town|country|province|commonwealth|part|parts|suburbs?"
    r"|outskirts|area|side|north|south|east|west|middle|center|centre|coast|shore)\s+of\s+"
    r"|(?:the|an?)\s+(?:[a-z]+\s+){0,2}?(?:city|town|village|suburb|coast|shore)\s*(?:,|in\b|called\b|named\b)\s*"
    r"|an?\s+(?:[a-z]+\s+){0,2}?place\s+(?:called|named)\s+"
    # a home that is a holding, in a place: "i am on a small farm in ohio", "we're on a ranch in montana"
    r"|(?:the|an?)\s+(?:[a-z]+\s+){0,2}?(?:farm|ranch|homestead)\s+in\s+",
    re.IGNORECASE,
)
# A side of a place the gazetteer knows by its name alone: "northern california", "upstate new york".
REGION_OF_PLACE_WORDS = frozenset(
    {"northern", "southern", "eastern", "western", "central", "upstate", "downstate", "rural", "coastal", "east",
     "west", "north", "south"}
)  # fmt: skip
# "grand rapids in michigan": the state a town is in, said with "in".
IN_QUALIFIER_RE = re.compile(r"\s+in\s+")
# A USPS state code ends the address it qualifies: "raleigh nc", "dallas, tx. we have…", "boise id and", "in pa now".
STATE_CODE_END_RE = re.compile(r"\s*(?:$|[,.;:!?)]|(?:and|but|so|though|now|too)\b)")


def _region_after(s: Sentence, position: int, *, after_comma: bool) -> tuple[Place, int] | None:
    """The state or country that qualifies a place, said at s.raw[position:] (after a comma, when `after_comma`):
    "Portland, Oregon", "tucson arizona", "raleigh nc", "Dallas, TX". Returns it and how many words it took."""
    if after_comma:
        after = QUALIFIER_RE.match(s.raw, position)
        if after is None or "," not in after.group():
            return None
        position = after.end()
    rest_m = PLACE_WORDS_RE.match(s.raw, position)
    if rest_m is None:
        return None
    rest = rest_m.group().split()
    region = places.lookup(rest)
    if region is not None and region[0].kind != "city":
        return region
    states = {state.name: state for state in places.us_state_codes().values()}
    if region is not None and region[0].name in states:
        return states[region[0].name], region[1]  # after a town, "New York" is the state
    code = places.us_state_codes().get(rest[0].lower())
    if code is None:
        return None
    if not rest[0].isupper() and (
        rest[0].lower() in lexicon.person_words()["closed_class_en"]
        or rest[0].lower() in lexicon.function_words()
        or not STATE_CODE_END_RE.match(s.norm, position + len(rest[0]))
    ):
        return None  # "in", "or", "me" are words first; a lower-case code must close the address
    return code, 1


def _called_a_state(kind_of: re.Match[str] | None, name: str) -> bool:
    """A country's name that is also a US state's, said after "the state of" (Georgia)."""
    return bool(kind_of and re.search(r"\bstate\s+of\b", kind_of.group(), re.IGNORECASE)) and (
        name in places.us_state_names()
    )


def _place_findings(s: Sentence, start: int, guess: bool, preposition: str = "") -> list[Finding]:
    """The place named at s.raw[start:], and the state or country that may follow it ("Portland, Oregon")."""
    kind_of = PLACE_KIND_OF_RE.match(s.raw, start)
    start = kind_of.end() if kind_of else start
    words_m = PLACE_WORDS_RE.match(s.raw, start)
    if not words_m:
        return []
    words = words_m.group().split()
    starts = [words_m.start() + w.start() for w in re.finditer(r"\S+", words_m.group())]
    after_the = words[0].lower() == "the" and len(words) > 1
    if after_the:
        words, starts = words[1:], starts[1:]
    if places.is_world_region(words):
        return []  # "south america", "latin america": no country of its own, though it ends in one's everyday name
    found = places.lookup(words, after_the=after_the)
    if found is not None and found[0].kind == "country" and _called_a_state(kind_of, found[0].name):
        found = (replace(found[0], kind="state"), found[1])  # "the great state of georgia": the US state
    if after_the and found is not None and places.named_with_its_article(words[: found[1]]):
        following = normalize(words[found[1]]) if len(words) > found[1] else ""
        if "NOUN" in morphology.english_word_classes(following) and not _closed_class(following):
            found = None  # "the us army", "the uk team": the country describes the noun after it
    if found is not None and len(words) > found[1] and _region_noun(words[found[1]]):
        found = None  # «в Московской области» is the region, not the town Московский
    if after_the and found is not None and found[0].kind == "city" and found[1] == 1 and words[0].islower():
        # "in the same boat", "in the reading room": a word with a noun after it, not "the Bronx"
        following = normalize(words[1]) if len(words) > 1 else ""
        if following and not _closed_class(following):
            found = None
    if found is None and len(words) > 1 and words[0].lower() in REGION_OF_PLACE_WORDS:
        found = places.lookup(words[1:])
        words, starts = words[1:], starts[1:]
    if found is None and (described := _described_place(s, words, starts)) is not None:
        return _place_findings(s, described, guess=False, preposition=preposition)
    if found is not None and found[0].kind == "state" and (town := _town_of_the_state(s, words, starts, found)):
        action = "correct" if s.correcting else "assert"
        return [Finding("profile", {"value": f"{town}, {found[0].name}"}, s, action=action, slot="city")]
    named: list[tuple[str, str]] = []
    used = 0
    if found is not None:
        named.append((found[0].name, found[0].kind))
        used = found[1]
    elif len(words) > 1 and (region := places.lookup(words[1:])) is not None and region[0].kind != "city":
        # "Celebration Florida": a town no gazetteer lists, then its state; the state is certain.
        named.append((region[0].name, region[0].kind))
        used = len(words)
    elif words[0].lower() != "la" and (state := _region_after(s, starts[0], after_comma=False)) is not None:
        # "i live in nc", "i'm from PA": a state code standing alone ("la" is Los Angeles as often as Louisiana).
        named.append((state[0].name, state[0].kind))
        used = state[1]
    elif (town := _town_of_an_address(s, words, words_m.end())) is not None:
        named.append((town, "city"))
        used = len(words)
    elif guess:
        guessed = _unknown_place(words, preposition)
        if guessed is None:
            return []
        named.append((guessed, _guessed_kind(guessed)))
        used = len(guessed.split())
    else:
        return []
    if named[0][1] != "country" and "," not in named[0][0]:
        qualifier = (
            _region_after(s, starts[used], after_comma=False)
            if used < len(words)
            else _region_after(s, words_m.end(), after_comma=True)
        )
        in_state = IN_QUALIFIER_RE.match(s.norm, starts[used - 1] + len(words[used - 1])) if used else None
        if qualifier is None and in_state is not None and named[0][1] == "city":
            qualifier = _region_after(s, in_state.end(), after_comma=False)
        if qualifier is None and named[0][1] == "city" and found is not None:
            longer = _longer_town_before_its_state(s, words, starts, used, words_m.end())
            if longer is not None:
                named[0], qualifier = (longer[0], "city"), longer[1]
        if qualifier is not None and qualifier[0].kind != named[0][1]:
            # One home, said the way addresses say it: "Portland, Oregon" tells which Portland; a state
            # after a state-less guess stands alone.
            value, kind = named[0]
            named[0] = (f"{value}, {qualifier[0].name}", kind) if kind == "city" else named[0]
            if kind != "city":
                named.append((qualifier[0].name, qualifier[0].kind))
    action = "correct" if s.correcting else "assert"
    return [
        Finding("profile", {"value": value}, s, action=action, slot=SLOT_OF_KIND.get(kind, "city"))
        for value, kind in named
    ]


def _town_of_the_state(s: Sentence, words: list[str], starts: list[int], state: tuple[Place, int]) -> str | None:
    """A town of the state said right after it, as some write an address from the largest part: "i live in nevada,
    las vegas", "in nevada las vegas nevada" → "Las Vegas". Only a town the gazetteer has in that state, and
    whole ("in texas houston traffic" names the traffic)."""
    end = starts[state[1] - 1] + len(words[state[1] - 1])
    after = QUALIFIER_RE.match(s.raw, end)
    town_m = PLACE_WORDS_RE.match(s.raw, after.end()) if after else None
    if town_m is None:
        return None
    town_words = town_m.group().split()
    town = places.lookup(town_words)
    if town is None or town[0].kind != "city" or not places.is_us_city_in(town_words[: town[1]], state[0].name):
        return None
    named = town_words[: town[1]]
    if not _ends_a_place(s, town_m.start() + len(" ".join(named))):
        return None
    return town[0].name


# Words that say which part of a place is meant, not a longer name of it: "boston area, massachusetts".
PLACE_PART_WORDS = frozenset(
    {"area", "suburb", "suburbs", "outskirts", "side", "north", "south", "east", "west", "center", "centre",
     "downtown", "metro", "region", "coast", "shore", "part", "parts", "county"}
)  # fmt: skip


def _longer_town_before_its_state(
    s: Sentence, words: list[str], starts: list[int], used: int, words_end: int
) -> tuple[str, tuple[Place, int]] | None:
    """A town no gazetteer lists whose name begins with a known town's, said with its state: "panama city beach
    florida" is Panama City Beach, not Panama City. Returns the town's name as written and its state."""
    for k in range(len(words), used, -1):
        extra = words[used:k]
        if any(not w.isalpha() or _closed_class(normalize(w)) or normalize(w) in PLACE_PART_WORDS for w in extra):
            continue
        end = starts[k - 1] + len(words[k - 1]) if k < len(words) else words_end
        after = QUALIFIER_RE.match(s.raw, end)
        region = _region_after(s, after.end(), after_comma=False) if after else None
        if region is not None and region[0].kind == "state":
            return " ".join(_capitalised(w) for w in words[:k]), region
    return None


# What may follow a place said after words describing it, so that the place is the whole name: the end of a clause,
# a closed-class word, or its state ("sunny california, where…", "beautiful portland oregon"); not a noun that makes
# the place a description of something else ("cold chicago winters", "good new york pizza").
DESCRIBED_PLACE_END_RE = re.compile(r"\s*(?:$|[,.;:!?)(]|(?P<word>[\w'-]+))")


def _described_place(s: Sentence, words: list[str], starts: list[int]) -> int | None:
    """Where a known place begins after one or two adjectives that only describe it: "i live in sunny california",
    "i am in good old new york", "the cold barren wisconsin". None when the words are not so."""
    for skip in (1, 2):
        said = words[skip - 1] if skip < len(words) else ""
        word = normalize(said)
        # Not the function words list: it holds "old" for ages ("30 years old"), which here only describes.
        if not word or word in lexicon.person_words()["closed_class_en"]:
            return None
        if "ADJ" not in morphology.english_word_classes(word):
            return None
        if CAPITALISED_RE.match(said):
            return None  # "Big Sur", "Little Rock": a capitalised word is part of the name
        if places.lookup([word]) is not None:
            return None  # "reading", "mobile": a word that is itself a town is not a description
        rest_m = PLACE_WORDS_RE.match(s.raw, starts[skip])
        if rest_m is None:
            return None
        rest = rest_m.group().split()
        found = places.lookup(rest)
        if found is None:
            continue
        end = starts[skip] + sum(len(w) for w in rest[: found[1]]) + found[1] - 1
        return starts[skip] if _ends_a_place(s, end) else None
    return None


def _closed_class(word: str) -> bool:
    return word in lexicon.function_words() or word in lexicon.person_words()["closed_class_en"]


def _town_of_an_address(s: Sentence, words: list[str], end: int) -> str | None:
    """A town no gazetteer lists, said the way addresses say it, with its state after a comma:
    "cape hatteras, nc", "millbrook, new york" → "Cape Hatteras, North Carolina". The comma and the state
    make the words before them a place name even in lower case."""
    if not s.raw[end:].lstrip().startswith(","):
        return None
    if any(_closed_class(normalize(w)) or not w.isalpha() for w in words):
        return None  # "the other side of the us, michigan": a pronoun is no town
    region = _region_after(s, end, after_comma=True)
    if region is None or region[0].kind != "state":
        return None
    return f"{' '.join(_capitalised(w) for w in words)}, {region[0].name}"


# A trip said anywhere in the sentence makes "we" the travellers: "when we visit, we get lots of sun in florida".
TRIP_RE = re.compile(r"\b(?:visit\w*|trips?|vacation\w*|holidays?|travel\w*|tour\w*|cruise)\b")
# Cues that point at the writer's place from where they stand, so that a wish or a clause before them does not reach
# them: "a trip through my native russia", "i wish i could, since living in texas…".
DEICTIC_CUES = frozenset({MY_NATIVE_RE, MY_PART_OF_RE, SINCE_LIVING_RE})
# Cues of being somewhere that a time may make a stay ("we get snow in aspen this week").
PASSING_CUES = frozenset({I_AM_IN_RE, RU_I_AM_IN_RE, WEATHER_WE_GET_RE, DAY_IN_PLACE_RE})
# Russian cues of being somewhere that name no verb of their own: the clause's verb may put it in the past or the future
# («я в Казани был»), and «у нас» may be "we have" («у нас в Казани живет бабушка»).
RUSSIAN_HERE_CUES = frozenset({RU_I_AM_IN_RE, HERE_IN_RE})
# Cues of the weather or the day where the writer is, which a traveller says as often ("a lovely night in rome, we are
# on vacation").
TRAVELLERS_CUES = frozenset({WEATHER_WE_GET_RE, DAY_IN_PLACE_RE})


def _place_after(s: Sentence, cues: tuple[re.Pattern[str], ...], guess: bool) -> list[Finding]:
    for cue in cues:
        for m in cue.finditer(s.norm):
            if cue is HERE_IN_RE and not REPORTED_RE.search(s.norm, 0, m.start()):
                pass  # "here" is where the writer is, whoever the clause is about: "my friends here in Ohio"
            elif not _own_statement(s, m.start(), m.end(), deictic=cue in DEICTIC_CUES):
                continue
            if GERUND_SUBJECT_RE.match(s.norm) or (cue in PASSING_CUES and _passing_stay(s, m.end())):
                continue  # "living in ohio must be fun"; "i am in paris for a week"
            if cue in TRAVELLERS_CUES and TRIP_RE.search(s.norm):
                continue
            if cue in RUSSIAN_HERE_CUES and _said_then_or_of_others(s, m.end()):
                continue
            preposition = s.norm[: m.end()].split()[-1] if s.norm[: m.end()].split() else ""
            found = _place_findings(s, m.end(), guess, preposition)
            if found:
                return _as_origin(found) if cue in ORIGIN_CUES else found
    return []


RU_CLAUSE_END_RE = re.compile(r"[.;!?,]|\s(?:а|но|и)\s")


def _said_then_or_of_others(s: Sentence, start: int) -> bool:
    """Whether the Russian clause from s.norm[start:] has a verb in the past or the future («я в Казани был», «мы в
    Твери будем жить») or names a person, whose place it then says («у нас в Казани живет бабушка»)."""
    end = RU_CLAUSE_END_RE.search(s.norm, start)
    people = lexicon.person_words()
    for word in re.findall(r"[а-яё-]+", s.norm[start : end.start() if end else len(s.norm)]):
        best = morphology.best(word)
        person = best.normal_form in people["relatives"] or best.normal_form in people["other_people"]
        if person or (best.tag.POS == "VERB" and best.tag.tense in {"past", "futr"}):
            return True
    return False


def _as_origin(found: list[Finding]) -> list[Finding]:
    return [replace(f, extra={**f.extra, "origin": True}) for f in found]


PLACE_SLOTS = frozenset(SLOT_OF_KIND.values())


def without_origins_beside_a_home(found: list[Finding]) -> list[Finding]:
    """A dialogue's findings less where the user comes from ("i'm from Virginia", "i was born in Ohio") when the same
    dialogue says where they live in the same slot ("i now live in Pennsylvania"): one slot holds one value, and the
    home is the one it is for; or in another slot, when neither place lies in the other ("i'm from Ohio. i live in
    Dallas": Ohio is no longer the user's state). Said alone, the origin is the best the user gave and is kept."""
    homes = [f for f in found if f.section == "profile" and f.slot in PLACE_SLOTS and not f.extra.get("origin")]
    return [
        f
        for f in found
        if not (f.section == "profile" and f.slot in PLACE_SLOTS and f.extra.get("origin"))
        or not any(home.slot == f.slot or not _one_within_the_other(home, f) for home in homes)
    ]


def _one_within_the_other(home: Finding, origin: Finding) -> bool:
    """An origin in another slot than the home stays when one place holds the other: "i am from ireland. i live in
    dublin" keeps Ireland as the country; "i'm from italy, i live in cork" does not."""
    said, other = str(home.attributes["value"]), str(origin.attributes["value"])
    return places.may_lie_within(said, other) or places.may_lie_within(other, said)


def _place_in_home_clause(s: Sentence) -> list[Finding]:
    """A known place after "in" in the clause that says where the user lives (or just before "where I live")."""
    for m in LIVES_CLAUSE_RE.finditer(s.norm):
        if not _own_statement(s, m.start(), m.end()):
            continue
        clause_end = re.search(r"[.;!?]|\b(?:but|though|although|because)\b", s.norm[m.end() :])
        end = m.end() + clause_end.start() if clause_end else len(s.norm)
        for place_in in HOME_AT_RE.finditer(s.norm, m.end(), end):
            found = _place_findings(s, place_in.end(), guess=False)
            if found:
                return found
    for m in WHERE_I_LIVE_RE.finditer(s.norm):
        # the last "in" before it, the first word of the sentence too: "in Pittsburgh, where i live"
        ins = list(IN_RE.finditer(s.norm, 0, m.start()))
        if ins and _own_statement(s, m.start(), m.end()):
            found = _place_findings(s, ins[-1].end(), guess=False)
            if found:
                return found
    for m in IN_MY_HOME_RE.finditer(s.norm):
        # the place just before it: "in seattle in my apartment", "in denver, in our little house"
        ins = list(IN_RE.finditer(s.norm, 0, m.start()))
        if not ins or _known_place_end(s, ins[-1].end()) != m.start() or not _own_statement(s, m.start(), m.end()):
            continue
        if LEFT_OR_PAST_RE.search(s.norm, _clause_start(s, ins[-1].start()), ins[-1].start()):
            continue  # "i miss being in paris in my flat", "i used to be in rome in my flat"
        found = _place_findings(s, ins[-1].end(), guess=False)
        if found:
            return found
    return []


# --- profile.profession ----------------------------------------------------------------------------

EN_WORK_AS_RE = re.compile(
    r"\b(?:i\s+work|i'm\s+working|i\s+am\s+working)\s+as\s+(?P<article>an?\s+|the\s+)?(?P<phrase>[a-z][\w -]*)"
)
# "my job is a welder" names a job; without an article the words may say what the job is like ("my job is
# demanding", "my job is my true love"), so only a known profession counts; "my profession is" names one.
EN_MY_JOB_RE = re.compile(
    r"\bmy\s+(?:(?P<job>job)|profession|occupation)\s+is\s+(?P<article>an?\s+)?(?P<phrase>[a-z][\w -]*)"
)
# "i'm a 32 year old teacher": the age said before the job is read by age(), the job after it here.
EN_I_AM_A_RE = re.compile(
    rf"\b{I_AM}\s+(?:now\s+|also\s+|actually\s+)?an?\s+"
    r"(?:(?:\d{1,3}|[a-z]+(?:-[a-z]+)?)[\s-]*(?:years?|yrs?)[\s-]*old\s+|\d{1,3}\s*y[./]?o\.?\s+)?"
    r"(?P<phrase>[a-z][\w -]*)"
)
# The second verb of a coordinated "i" subject: "i'm 34 and work as a paramedic", "i live in leeds and work as a
# nurse" (_the_writer_before says whose clause it is).
EN_AND_WORK_AS_RE = re.compile(
    r"(?:,|\band)\s+(?:(?:also|now|currently|still)\s+)?(?:work|am\s+working)\s+as\s+(?P<article>an?\s+|the\s+)?"
    r"(?P<phrase>[a-z][\w -]*)"
)
# A new job said with its title: "i just started a new job as a pharmacist", "i got hired as a cook", "i was
# promoted to head nurse".
EN_JOB_AS_RE = re.compile(
    r"\bi\s+(?:(?:just|recently|finally|have|'ve|also)\s+)*(?:(?:got|started|landed|took|found|accepted|have)\s+"
    r"(?:a|my|the)\s+(?:(?:new|first|full-time|part-time|summer|second)\s+)*job\s+as"
    r"|(?:got|was|have\s+been|'ve\s+been)\s+(?:hired|employed|promoted)\s+(?:as|to))\s+(?P<article>an?\s+|the\s+)?"
    r"(?P<phrase>[a-z][\w -]*)"
)
# A profession coordinated with other predicates of "i am": "i'm 29, a nurse, and…", "i am married and a teacher".
# What comes between is a number, a family state, or another noun phrase of the copula, nothing with a verb of its own.
_COPULA_PREDICATE = (
    rf"(?:{numbers.NUMBER_TOKEN}(?:\s+(?:years?|yrs?)(?:\s+old)?)?|married|single|divorced|widowed|engaged|retired"
    r"|an?\s+[a-z-]+(?:\s+[a-z-]+)?)"
)
EN_I_AM_AND_A_RE = re.compile(
    rf"\b{I_AM}\s+{_COPULA_PREDICATE}(?:\s*,\s*(?:and\s+)?{_COPULA_PREDICATE}){{0,3}}\s*(?:,\s*(?:and\s+)?|\s+and\s+)"
    r"(?:also\s+)?an?\s+(?P<phrase>[a-z][\w -]*)"
)
# How well one does something is a skill, not a job: "i am a good cook", "a great teacher", "an amateur photographer".
SKILL_WORDS = frozenset(
    {"good", "great", "bad", "terrible", "awesome", "amazing", "excellent", "decent", "fantastic", "wonderful",
     "horrible", "lousy", "talented", "skilled", "pretty", "amateur", "hobby", "wannabe", "okay", "ok"}
)  # fmt: skip
# A participle ends the noun phrase of a job: "a retired firefighter living in arizona", "a nurse working nights";
# a noun in -ing before a job's noun is part of it: "a certified nursing assistant", "a senior marketing manager".
EN_PHRASE_STOP = re.compile(
    r"\s+(?:at|in|for|and|but|with|since|from|by|who|of|on|so|(?P<ing>[a-z]{3,}ing)(?:\s+(?P<next>[a-z]+))?)\b.*$"
)
# The workplace may come first: «работаю в школе учителем физики», «работала на заводе инженером». Being taken on
# says the job one has now: «устроилась на работу бухгалтером», «меня взяли кладовщиком».
RU_WORK_RE = re.compile(
    r"\b(?:работа(?:ю|ет|ла|л)|тружусь|устроил(?:ся|ась)(?:\s+работать)?|меня\s+(?:взяли|приняли))\s+"
    r"(?:сейчас\s+|уже\s+|давно\s+|как\s+)*(?:(?:в|во|на)\s+[\w-]+\s+)?"
    r"([\w-]+)(?:\s+([\w-]+))?"
)
RU_I_AM_RE = re.compile(
    r"(?:^|[,;:]\s*|\s)(?:я\s+(?:по\s+(?:профессии|специальности)\s+)?(?:—\s+|-\s+)?"
    r"|по\s+(?:профессии|специальности)\s+(?:я\s+)?|моя\s+профессия\s*[:—-]?\s*)([\w-]+)(?:\s+(\w+))?"
)
PROFESSION_SUFFIXES = ("ист", "лог", "тель", "ант", "ент", "щик", "чик", "ник", "ница", "тор", "граф", "инженер")
NOT_A_PROFESSION = frozenset(
    {
        "вечер",
        "утр",
        "дом",
        "день",
        "ден",
        "ночь",
        "лет",
        "зим",
        "сам",
        "один",
        "удален",
        "удаленно",
        "там",
        "ним",
        "ней",
        "всем",
        "потом",
        "сменой",
    }
)


def _phrase_end(m: re.Match[str]) -> str:
    """What of the words stopped at is kept: all of them when an -ing noun modifies a job noun right after it."""
    if m.group("ing") and m.group("next") in lexicon.professions():
        kept_end = m.end("next") - m.start()
        return m.group(0)[:kept_end] + EN_PHRASE_STOP.sub(_phrase_end, m.group(0)[kept_end:])
    return ""


def _english_profession(phrase: str, require_known: bool) -> str | None:
    phrase = EN_PHRASE_STOP.sub(_phrase_end, phrase).strip(" -")
    if re.match(r"(?:aspiring|future|wannabe|would-be|prospective)\b", phrase):
        return None  # "an aspiring singer" is a wish, not a job
    words = phrase.split()[:3]
    if not words or words[0] in SKILL_WORDS:
        return None
    known = lexicon.professions()
    for i in range(len(words)):  # the longest known tail: "senior software engineer" → keeps all
        if " ".join(words[i:]) in known.names:  # a title of two words: "police officer", "claims adjuster"
            return " ".join(words)
    return None if require_known else " ".join(words)


def _russian_profession(first: str, second: str | None, instrumental: bool) -> str | None:
    known = lexicon.professions()
    head, _, rest = first.partition("-")
    if rest and "-" not in rest:  # «инженер-программист», «инженером-программистом»: a compound of two jobs
        parts = [_russian_profession(part, None, instrumental) for part in (head, rest)]
        if None not in parts:
            return "-".join(str(part) for part in parts)
    if second:  # "главным бухгалтером", "старшая медсестра"; a title of two words: «социальным работником»
        for noun in noun_forms(second):
            for adj in adjective_forms(first):  # the word itself first: «старшая» is its own nominative
                if adj.endswith("ый") and adj[-3] in "гкхжшщч":
                    continue  # Russian spelling writes no ы after these: «старший», never «старшый»
                if adj.endswith(("ая", "яя")) != noun.endswith(("а", "я")):
                    continue  # the adjective agrees with its noun: «старшая медсестра», «главный бухгалтер»
                if not (adj.endswith(("ый", "ий", "ой", "ая", "яя")) and first[:3] == adj[:3]):
                    continue
                if noun in known or f"{adj} {noun}" in known.names:
                    return f"{adj} {noun}"
    if not instrumental:
        return first if first in known else None
    for form in noun_forms(first):
        if form in known:
            return form
    if first.endswith(("ом", "ем", "ой", "ей")) and len(first) > 5:
        for form in noun_forms(first):
            if form.endswith(PROFESSION_SUFFIXES) and not {form, form[:-1]} & NOT_A_PROFESSION:
                return form
    return None


# A job the user no longer has: the profession slot ends, whatever it held ("уволилась из школы", "i quit my job").
# The workplace left, when said, is in `ru`, `ru_job`, `ru_at` or `en_at`; the job itself in `en_as` or `en_no_longer`.
JOB_END_RE = re.compile(
    r"\b(?:уволил(?:ся|ась|ись)|меня\s+(?:уволили|сократили))(?:\s+(?:с|из|со)\s+(?P<ru>[\w-]+(?:\s+[\w-]+)?))?"
    r"|\b(?:ушл[аи]|ушел)\s+с\s+(?P<ru_job>работы|должности|завода|фабрики)"
    r"|\b(?:больше\s+не\s+работаю|не\s+работаю\s+больше)\s+(?:в|во|на)\s+(?P<ru_at>[\w-]+)"
    r"|\bi\s+(?:just\s+|recently\s+|finally\s+|have\s+|'ve\s+)?(?:quit|left|lost)\s+my\s+(?P<en>job|position|work)"
    r"(?:\s+as\s+(?:an?\s+)?(?P<en_as>[a-z]+(?:\s+[a-z]+){0,2}))?"
    r"|\bi(?:'m|\s+am)\s+no\s+longer\s+(?:an?\s+)(?P<en_no_longer>[a-z]+(?:\s+[a-z]+){0,2})"
    r"|\bi\s+no\s+longer\s+work\s+(?:at|for|in)\s+(?:the\s+|an?\s+)?(?P<en_at>[a-z][\w&-]*)"
    r"|\bi\s+(?:just\s+|recently\s+)?(?:got|was|have\s+been|'ve\s+been)\s+(?P<en_fired>fired|laid\s+off|let\s+go)"
)
# Words for a job in general: an ending said with them names neither the job nor where it was.
ANY_JOB_WORDS = frozenset({"работа", "должность", "место", "служба", "job", "position", "work"})
RETIRED_RE = re.compile(
    r"\b(?:вышл[аи]|вышел|ушл[аи]|ушел)\s+на\s+пенсию|\bя\s+(?:уже\s+)?на\s+пенсии"
    r"|\bi(?:'m|\s+am|\s+just|\s+recently|'ve|\s+have)?\s+(?:now\s+|finally\s+|been\s+)?retired\b"
)
PAST_JOB_RE = re.compile(r"\b(?:раньше|прежде|когда-то|бывш\w*|в\s+прошлом|used\s+to|previously|formerly)\b")
# "теперь/сейчас электриком": the verb said once for the old and the new job.
RU_NOW_RE = re.compile(
    r"\b(?:теперь|сейчас)\s+(?:(?P<i>я)\s+)?(?:работаю\s+|тружусь\s+)?(?P<first>[\w-]+)(?:\s+(?P<second>[\w-]+))?"
)
RU_INSTRUMENTAL_ENDINGS = ("ом", "ем", "ой", "ей", "ью")


def _clause_start(s: Sentence, start: int) -> int:
    found = 0
    for m in CLAUSE_BREAK_RE.finditer(s.norm, 0, start):
        found = m.end()
    return found


def _the_writer_before(s: Sentence, start: int) -> bool:
    """ "i" is the subject the words at `start` share: the last subject before them is the writer, with no one else
    named between ("i'm 34 and work as…", not "i'm 34 and my wife, she works as…"); a companion is no subject
    ("i live in denver with my wife and work as…")."""
    subject = next(reversed(list(re.finditer(r"\bi\b", s.norm[:start]))), None)
    if subject is None or ANOTHER_SUBJECT_RE.search(s.norm, subject.end(), start):
        return False
    if _others_before(s, start) > subject.end():
        return False
    return _own_statement(s, subject.start(), subject.end())


EN_JOB_FRAMES = (EN_WORK_AS_RE, EN_MY_JOB_RE, EN_I_AM_A_RE, EN_AND_WORK_AS_RE, EN_JOB_AS_RE, EN_I_AM_AND_A_RE)
# Frames whose words may say something other than a job ("i am a fan", "i got hired as a favour"): only a known one.
KNOWN_JOB_ONLY = frozenset({EN_I_AM_A_RE, EN_I_AM_AND_A_RE, EN_JOB_AS_RE})


def _job_said(s: Sentence) -> tuple[str, bool] | None:
    """The profession the sentence states, and whether it was said in the past tense only."""
    for pattern in EN_JOB_FRAMES:
        for m in pattern.finditer(s.norm):
            if PAST_JOB_RE.search(s.norm, _clause_start(s, m.start()), m.start()):
                continue
            if pattern is EN_AND_WORK_AS_RE and not _the_writer_before(s, m.start()):
                continue
            require_known = pattern in KNOWN_JOB_ONLY or (
                pattern is EN_MY_JOB_RE and m.group("job") is not None and not m.group("article")
            )
            value = _english_profession(m.group("phrase"), require_known)
            if value and _own_statement(s, m.start(), m.start() + 1):
                return value, False
    taught = _subject_taught(s) or _job_by_what_one_does(s)
    if taught:
        return taught, False
    past = None  # «работала учителем, теперь электриком»: a past-tense job yields to a present one
    for m in RU_WORK_RE.finditer(s.norm):
        if PAST_JOB_RE.search(s.norm, _clause_start(s, m.start()), m.start()):
            continue
        value = _russian_profession(m.group(1), m.group(2), instrumental=True)
        if value and _own_statement(s, m.start(), m.start() + 1):
            if not re.match(r"работал", m.group()):
                return value, False
            past = past or value
    for m in RU_NOW_RE.finditer(s.norm):
        if not m.group("i") and not m.group("first").endswith(RU_INSTRUMENTAL_ENDINGS):
            continue  # «сейчас врач сказал»: someone there now, not the writer's job («теперь электриком»)
        value = _russian_profession(m.group("first"), m.group("second"), instrumental=True)
        if value and value in lexicon.professions() and _own_statement(s, m.start(), m.start() + 1):
            return value, False
    if past and not RU_NOW_RE.search(s.norm):
        return past, True
    for m in RU_I_AM_RE.finditer(s.norm):
        value = _russian_profession(m.group(1), m.group(2), instrumental=False)
        if value and _own_statement(s, m.start(), m.end()):
            return value, False
    return None


# "i teach history", "and teach math": a teacher of what is taught; "i teach at a college", "i teach kids to dance": a
# teacher. Not a pronoun's or a possessive's object ("i teach it", "i teach my dog tricks").
EN_TEACH_RE = re.compile(
    r"(?P<subject>\bi|,|\band)\s+(?:(?:also|now|currently|still|actually|just)\s+)?teach\s+(?:(?:an?|the)\s+)?"
    r"(?P<what>(?:[a-z][\w-]*\s*){0,3})"
)
TAUGHT_END = frozenset(
    {"to", "at", "in", "for", "on", "and", "but", "with", "from", "by", "so", "class", "classes", "lessons", "lesson",
     "courses", "course", "now", "full", "part", "every", "online"}
)  # fmt: skip
LEARNERS = frozenset(
    {"kids", "children", "students", "adults", "people", "teens", "teenagers", "toddlers", "preschool"}
)


def _subject_taught(s: Sentence) -> str | None:
    for m in EN_TEACH_RE.finditer(s.norm):
        if m.group("subject") != "i" and not _the_writer_before(s, m.start()):
            continue
        if PAST_JOB_RE.search(s.norm, _clause_start(s, m.start()), m.start()):
            continue
        if not _own_statement(s, m.start(), m.start() + 1):
            continue
        following = m.group("what").split()
        if following and following[0] in TAUGHT_END:
            return "teacher"  # "i teach at a school", "i teach full time"
        words = list(itertools.takewhile(lambda w: w not in TAUGHT_END and not _closed_class(w), following))
        if not words or words[0] != following[0]:
            return None  # "i teach."; "i teach my dog", "i teach what i love"
        if words[0] in LEARNERS:
            return "teacher"
        if words[0] in lexicon.person_words()["other_people"]:
            return None  # "i teach them"
        if "NOUN" not in morphology.english_word_classes(words[-1]):
            words = words[:1]
        if "NOUN" not in morphology.english_word_classes(words[-1]):
            return None
        return " ".join([*words, "teacher"])
    return None


# A job said by what one does for it: "i drive a bus for a living" → bus driver, "i cut hair for a living" → hair
# cutter, "i drive for Uber" → driver. The doer's noun is made from the verb (English forms agent nouns in -er
# regularly) with its object before it, so any trade is read without a list of trades; a reference mapping of
# activities to job titles would know only the trades written into it. The dictionary must know the agent noun
# ("cuter" is no noun, "cutter" is), and a verb that names its own doer is that doer ("i cook for a living").
# "for a living", "as a job", "professionally" say the activity is the job; "for work", "at work" and an employer
# ("for Uber") are said of things done at any job too ("i need a laptop for work", "i eat lunch at work"), so after
# "for work" only a verb with its object counts, and after "at work" or an employer only a known profession. A verb
# that names no activity of its own makes no doer after any of them (STATIVE_OR_LIGHT_VERBS).
_DOING_ADVERBS = r"(?:also|now|currently|still|actually|just|mainly|mostly|basically)"
EN_DOES_FOR_A_LIVING_RE = re.compile(
    rf"(?P<subject>\bi|\band)\s+(?:{_DOING_ADVERBS}\s+)?(?!(?:i|and|{_DOING_ADVERBS})\b)(?P<verb>[a-z]+)\s+"
    r"(?P<object>(?:(?:an?|the)\s+)?(?:[a-z-]+\s+){0,2}?)"
    r"(?:(?P<living>for\s+(?:a\s+)?living|as\s+(?:an?|my)\s+(?:job|career|profession)|professionally)"
    r"|(?P<work>for\s+(?:work|my\s+job|a\s+job))|(?P<at_work>at\s+work)|for\s+(?:the\s+)?(?P<employer>[a-z][\w&-]*))\b"
)
# Verbs that name no activity one could be the doer of: states (have, need, like), the light verbs whose object
# carries the meaning (do, get, take, make), and motion or handling of things (go, travel, use, wear, bring). From
# the usual lists of English stative and light verbs.
STATIVE_OR_LIGHT_VERBS = frozenset(
    {"am", "be", "have", "own", "need", "want", "like", "love", "hate", "prefer", "know", "mean", "see", "hear",
     "feel", "seem", "cost", "owe", "deserve", "do", "get", "take", "give", "make", "go", "come", "travel",
     "commute", "use", "wear", "bring", "buy", "pay", "earn", "work", "live", "miss", "leave", "dress", "pack", "run",
     "eat", "drink", "sleep", "stay", "wake", "can", "will", "would", "could", "should", "must", "may", "might"}
)  # fmt: skip
NOT_AN_OBJECT = frozenset({"lot", "lots", "bit", "ton", "tons", "little", "much", "more", "less", "hard", "extra"})


def _agent_noun(verb: str) -> str | None:
    """The noun for the doer of `verb`, as English regularly forms it and the dictionary knows it: drive → driver,
    cut → cutter, fix → fixer, carry → carrier."""
    candidates = [verb + "r"] if verb.endswith("e") else [verb + verb[-1] + "er", verb + "er"]
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        candidates.insert(0, verb[:-1] + "ier")
    return next((c for c in candidates if "NOUN" in morphology.english_word_classes(c)), None)


def _doer_of(verb: str, object_words: list[str]) -> str | None:
    """ "bus driver" for drive + a bus; the object in its singular ("cars" → car), the doer alone without one."""
    if lemminflect.getLemma(verb, upos="VERB")[0] != verb or "VERB" not in morphology.english_word_classes(verb):
        return None  # "i drove a bus for a living" is a past job; "i happily …" no verb
    doer = verb if verb in lexicon.professions() else _agent_noun(verb)
    if doer is None:
        return None
    words = [w for w in object_words if w not in ("a", "an", "the")]
    if any(_closed_class(w) or w in NOT_AN_OBJECT or not w.isalpha() for w in words):
        return None  # "i do what i love for a living", "i drive a lot for work", "i write my code for work"
    if words and "NOUN" not in morphology.english_word_classes(words[-1]):
        return None
    if words:
        words[-1] = lemminflect.getLemma(words[-1], upos="NOUN")[0]
    return " ".join([*words, doer])


def _job_by_what_one_does(s: Sentence) -> str | None:
    for m in EN_DOES_FOR_A_LIVING_RE.finditer(s.norm):
        verb = m.group("verb")
        if m.group("subject") != "i" and not _the_writer_before(s, m.start()):
            continue
        employer = m.group("employer")
        if employer and not (CAPITALISED_RE.match(s.raw, m.start("employer")) and employer not in CALENDAR_WORDS):
            continue  # "i sing for fun", "i cook for christmas": a name written as one is an employer
        if verb in STATIVE_OR_LIGHT_VERBS:
            continue  # "i do hair for a living" says the job no better than "hair doer"
        if PAST_JOB_RE.search(s.norm, _clause_start(s, m.start()), m.start()):
            continue
        value = _doer_of(verb, m.group("object").split())
        if value is None or not _own_statement(s, m.start(), m.start() + 1):
            continue
        known = value in lexicon.professions() or value.split()[-1] in lexicon.professions()
        if (m.group("at_work") or m.group("employer")) and not known:
            continue
        if m.group("living") or known or (m.group("work") and m.group("object")):
            return value  # "i read for work" is no job; "i fix cars for work" is
    return None


def profession(s: Sentence) -> list[Finding]:
    action = "correct" if s.correcting else "assert"
    said = _job_said(s)
    ended = JOB_END_RE.search(s.norm)
    if said and not (said[1] and ended):
        found_now = [Finding("profile", {"value": said[0]}, s, action=action, slot="profession")]
        left = _job_left_by_name(s, ended) if ended else None
        if left and left != said[0]:  # "i quit my job as a teacher and now i drive for Uber": both
            found_now.append(Finding("profile", {"value": left}, s, action="negate", slot="profession"))
        return found_now
    found = [Finding("profile", {"value": said[0]}, s, action=action, slot="profession")] if said else []
    m = RETIRED_RE.search(s.norm)
    if m and _own_statement(s, m.start(), m.end()):
        retired = "retired" if m.group().isascii() else "пенсионер"
        return [Finding("profile", {"value": retired}, s, action=action, slot="profession")]
    m = JOB_END_RE.search(s.norm)
    if m and _own_statement(s, m.start(), m.end()):
        # "my job as a teacher" names the job; "I'm no longer a nurse" says something only when it names one.
        said_job = m.group("en_as") or m.group("en_no_longer")
        named = _english_profession(said_job, require_known=True) if said_job else None
        if m.group("en_no_longer") and named is None:
            return found
        # The job ended is the one named: by the ending, in the sentence («работала учителем, но уволилась») or
        # elsewhere in the message («Я учительница. Уволилась из школы»); else where it was ("уволилась из банка").
        # The slot is ended whatever value it is given (the profile's key is the slot), so "i quit my job" or "i got
        # fired" alone still ends the job stored before; its value then only says "a job" («работа»).
        left = named or (said[0] if said else None) or _job_named_in_message(s) or _workplace_left(s, m)
        if not left:
            left = "работа" if CYRILLIC_RE.search(m.group(0)) else "job"
        found.append(Finding("profile", {"value": left}, s, action="negate", slot="profession"))
    return found


def _workplace_left(s: Sentence, ended: re.Match[str]) -> str | None:
    """Where the job was, as an ending says it: «из школы» → школа, "at the hospital" → hospital; None for a word of
    any job («с работы», "my job")."""
    group = next((g for g in ("ru", "ru_job", "ru_at", "en_at") if ended.group(g)), None)
    if group is None:
        return None
    place = s.cut(*ended.span(group))
    if not place.isascii():  # «из школы» → школа: the place left, in its dictionary form
        place = " ".join(morphology.lemma(w) for w in place.lower().split()).replace("ё", "е")
    return None if place.lower().split()[0] in ANY_JOB_WORDS else place


def _job_named_in_message(s: Sentence) -> str | None:
    """The job the writer says is theirs in another sentence of the same message."""
    for part in split_sentences(s.message):
        other = Sentence.of(part, message=s.message)
        if other.norm != s.norm and (said := _job_said(other)):
            return said[0]
    return None


def _job_left_by_name(s: Sentence, ended: re.Match[str]) -> str | None:
    """The job a job's end names ("quit my job as a teacher", "no longer a nurse"), when it is a known one."""
    said_job = ended.group("en_as") or ended.group("en_no_longer")
    if not said_job or not _own_statement(s, ended.start(), ended.end()):
        return None
    return _english_profession(said_job, require_known=True)


# --- profile.family_status / children -----------------------------------------------------------

FAMILY_STATUS_RE = re.compile(
    r"\b(?:вышла\s+замуж|(?:по)?женил(?:ся|ись)|развел(?:ась|ся|ись)|овдовел[аи]?|обручил(?:ась|ся|ись))\b"
    # with «я» left out at the head of a clause, maybe after how long: «уже три года замужем», «второй год женат»
    r"|(?:(?:^|[,;]\s*)(?:(?:уже|давно|почти|больше|более|счастливо|до\s+сих\s+пор|вс[её]\s+ещ[её]|пока|снова|опять"
    r"|теперь|сейчас|официально|недавно)\s+)*(?:(?:[\w-]+\s+)?(?:год|года|лет|месяц\w*)\s+"
    r"(?:как\s+)?)?|\bя\s+(?:[\w-]+\s+){0,3}?)(?P<ru_not>не\s+)?"
    r"(?P<ru>замужем|женат|холост\w*|разведен\w*|в\s+разводе|вдова|вдовец|помолвлен\w*|одинок\w*|в\s+отношениях)\b"
    # The couple the writer is one of: «мы женаты уже 10 лет», «мы с Олей давно в разводе»; not «они женаты».
    r"|\bмы\s+(?:с\s+[\w-]+\s+)?(?:[\w-]+\s+){0,3}?(?P<ru_we_not>не\s+)?"
    r"(?P<ru_we>женаты|разведены|в\s+разводе|в\s+браке|помолвлены|обручены)\b"
    # "i was single" is over ("i was single for years, then…"); "i was divorced", "i was widowed" still hold
    r"|(?:\b(?:i|we)\b[^.,;!?]{0,20}?\b(?:am|'m|are|'re|been|was(?!\s+(?:married|single))|were(?!\s+(?:married|single))"
    r"|got|get|became)"
    # "i have three kids and am happily married": the subject said once for both
    # "an" typed for "and": no article "an" comes before a word that starts with a consonant ("tired an single")
    r"|\bim|\bam|\band(?:\s+am)?|\ban(?=\s+(?:single|married|divorced|widowed|separated)\b)|,)\s+"
    # "recently", "re gently" (a word split by a typo keeps its "-ly"), "still", "now"
    r"(?:(?:\w+ly|re|now|just|also|still|newly|finally|already|currently|legally|actually|very|much|so)\s+)*"
    r"(?P<en_not>not\s+)?(?P<en>married|divorced|widowed|engaged|single|separated|unmarried|an?\s+(?:\w+\s+)?widow(?:er)?)\b"
    # not a kind of people or life: "tired and single moms are the best", "and married life"; nor "single handedly"
    # (whom or what one is "married to" is read after the match: _wed_to_a_thing)
    r"(?!\s+(?:life|couples?|people|folks|friends|ones|men|women|ladies|guys|girls|moms|mums|mothers|dads|fathers"
    r"|parents|name)\b|[\s-]+handed)"
    r"|(?:^|[,;.]\s*|\bbeing\s+)(?P<en_list>single|married|divorced|widowed|engaged)"
    r"(?=\s+(?:here|and|with|now)\b|\s*,)"
    # The state as what something makes of the user: "knitting keeps me single", "the divorce left me single".
    r"|\b(?:keeps?|kept|keeping|leaves|left|leaving|makes?|made)\s+me\s+(?P<en_object>single|married|divorced|widowed)\b"
    # The state as what the user feels about: "i love being married", "i hate being single", "happy to be single",
    # "being single, i…", "my kids and being divorced"; not what being so is like for anyone ("being married must be
    # nice").
    r"|(?:\b(?:love|loves|loving|enjoy|enjoying|like|hate|hating|happy|glad|tired\s+of|sick\s+of)\s+being"
    r"|\b(?:happy|glad|proud|lucky|blessed)\s+to\s+be|(?:^|[,;.]\s*|\b(?:and|but)\s+)being)"
    r"\s+(?:\w+ly\s+)?(?P<en_being>single|married|divorced|widowed|engaged)\b"
    r"(?!\s+(?:must|would|could|might|can|is|was|sounds?|seems?|looks?)\b)"
    # Keeping the state, or its way of life: "i try to stay single", "enjoying the single life", "my single lifestyle".
    r"|\b(?:stay|staying|stays|remain|remaining)\s+(?P<en_stay>single|unmarried)\b"
    # one more word may describe the life: "living the single, cyclist life"
    r"|(?:\bmy|\b(?:enjoy|enjoying|love|loving|live|living|like|liking)\s+the)\s+(?P<en_life>single)(?:,?\s+[a-z]+)?"
    r"\s+(?:life|lifestyle)\b"
    # The subject left out of news: "just got engaged to my boyfriend", "pretty bad. just divorced", "so now single".
    # A state that has lasted, said the same way: "been married 10 years now" ("been single" may have ended since).
    r"|(?:^|[,;]\s*|\b(?:so|but|though|and)\s+)(?:(?:just|recently|newly|finally|now|still|happily|officially)\s+"
    r"(?:got\s+|gotten\s+)?|got\s+(?!single)"
    r"|(?:now\s+)?been\s+(?:(?:\w+ly|now|also)\s+)*(?!single))"
    r"(?P<en_news>engaged|married|divorced|separated|single)\b"
    r"(?!\s+(?:couples?|people|folks|friends|ones|life|men|women|ladies|guys|girls|moms|mums|mothers|dads|fathers"
    r"|parents)\b)"
    # The state as a status, or said first: "single is my status", "my relationship status is married", "single i am".
    r"|(?P<en_status>single|married|divorced|widowed|engaged)\s+is\s+my\s+(?:relationship\s+|marital\s+)?status\b"
    r"|\bmy\s+(?:relationship\s+|marital\s+)?status\s+is\s+(?:now\s+)?(?P<en_status_after>single|married|divorced"
    r"|widowed|engaged)\b"
    rf"|^\W*(?P<en_first>single|married|divorced|widowed|engaged)\s*,?\s+{I_AM}\b"
    # "i married my high school sweetheart", "i got a divorce": the event says the state
    r"|\b(?:i|we)\s+(?:just\s+|recently\s+|finally\s+)?(?P<en_verb>married|got\s+a\s+divorce|divorced"
    # a marriage the user did not choose is a marriage: "i was forced to marry", "we had to marry"
    r"|(?:was|were|got)\s+(?:forced|made|pressured)\s+(?:in)?to\s+marry|had\s+to\s+(?:get\s+)?marr(?:y|ied))\b"
    # The state said of the person the user is: "i'm a single dad", "as a divorced woman", "single mom of two here".
    rf"|(?:(?:\b{I_AM}|\bas|\bbeing)\s+an?\s+(?:\w+\s+)?|(?:^|[,;.]\s*))"
    r"(?P<en_kind>single|married|divorced|widowed|separated)\s+(?=(?:mom|mum|mother|dad|father|parent|woman|man|guy|gal"
    r"|lady|gentleman|person|wife|husband|mama|papa|girl|boy|female|male)\b)"
    # "i am a wife and a mother", "as a husband": a spouse is married.
    rf"|(?:\b{I_AM}|\bas|\bbeing)\s+an?\s+(?:\w+\s+){{0,3}}?(?P<en_spouse>wife|husband|spouse)\b"
    r"(?!['’]s|\s+(?:to\s+be|material)\b)"
    # Weddings in other words: "we tied the knot", "i got hitched", "we're newlyweds".
    r"|\b(?:i|we)\s+(?:\w+\s+)?(?P<en_wed>tied\s+the\s+knot|got\s+hitched)\b"
    rf"|\b(?:{I_AM}|we're|we\s+are)\s+(?:\w+\s+)?(?P<en_newlywed>newlyweds?)\b"
    # A wedding ahead: "i'm getting married in june", "we are finally getting married"; a marriage ending: "i am
    # getting divorced", "i'm going through a divorce"; "am" is often left out in chat ("although i getting divorced").
    rf"|\b(?:{I_AM}|we're|we\s+are|i|we)\s+(?:(?:finally|also|soon|just|actually|now|currently)\s+)?"
    r"(?:(?P<en_getting>getting\s+married)|(?P<en_divorcing>getting\s+(?:a\s+divorce|divorced)|going\s+through\s+(?:a|my"
    r"|the)\s+divorce))\b(?!\s+(?:papers|lawyers?|attorneys?|couples?|people|parents|folks)\b)"
    # An engagement ring the user wears: "i wear an engagement ring", "i'm wearing my engagement ring".
    rf"|\b(?:i|{I_AM})\s+(?:\w+\s+)?(?:wear|wearing|sporting)\s+(?:an?|my)\s+(?:new\s+)?(?P<en_ring>engagement)\s+ring\b"
    # The user among others of the state: "divorced ladies like me like to listen", "hard for single moms like me";
    # not "like" the verb: "married people like me".
    r"|(?P<like_me_after>\b(?:for|to|with|among|of)\s+)?\b(?P<en_like_me>single|married|divorced|widowed)\s+(?:\w+\s+)?"
    r"(?:people|folks|women|men|ladies|guys|gals|girls|moms|mums|mothers|dads|fathers|parents)\s+like\s+(?:me|myself)\b"
    r"(?(like_me_after)|(?=\s+(?:\w+\s+)?(?:like|love|have|are|can|do|don't|need|know|tend|get|want)\b))"
    # "are you married? i am a single": the state with an article, the noun it describes left out.
    rf"|\b{I_AM}\s+a\s+(?P<en_a_single>single)\s*(?=$|[,.;!?])"
    # "never been married", "i never married": single.
    r"|(?:\b(?:i|i've|i\s+have|i\s+ve)\s+|^|[,;.]\s*)(?P<en_never>never\s+(?:been\s+|got\s+|gotten\s+)?married)\b"
    # "since my divorce", "my divorce was final last year".
    r"|\b(?:my|our)\s+(?P<en_divorce>divorce)\b"
    # How long the state has held, said before it: "i am going on two years divorced", "we're ten years married".
    rf"|(?:\b(?:{I_AM}|we're|we\s+are)\s+(?:going\s+on\s+|almost\s+|nearly\s+|over\s+|about\s+|now\s+)?|^\W*)"
    rf"(?:{numbers.NUMBER_TOKEN}|a)\s+(?:years?|months?|decades?)\s+(?P<en_for>married|divorced|widowed|separated)\b"
    # A relationship said as one: "i'm in a relationship", "we are in a long distance relationship", "i have a
    # girlfriend", «у меня есть парень»; not one "with" a thing ("in a relationship with my couch").
    rf"|\b(?:{I_AM}|we're|we\s+are)\s+(?:(?:now|currently|also|happily|still|finally)\s+)?"
    r"(?P<en_relationship>in\s+an?\s+(?:(?:serious|committed|long|long-term|long\s+distance|long-distance|happy|new"
    r"|steady|loving|good|great)\s+)*relationship)\b(?!\s+with\b)"
    r"|\b(?:i|i've|i\s+ve|i\s+have)\s+(?:(?:also|now|finally|still|got)\s+)?(?:have\s+|got\s+)?an?\s+(?:new\s+)?"
    r"(?P<en_have_lover>boyfriend|girlfriend)\b(?!\s+(?:who|that)\s+(?:is|was)\s+not\b)"
    r"|\bу\s+меня\s+(?:уже\s+|теперь\s+)?(?:есть\s+)(?P<ru_have_lover>парень|девушка|молодой\s+человек)\b(?!-)"
    # Seeing someone: "i'm dating a nurse", "we are dating", "my neighbour and i are dating", "i started dating again".
    rf"|(?:\b(?:{I_AM}|we're|we\s+are|\w+\s+and\s+i\s+are)|\b(?:i|we)\s+(?:just\s+|recently\s+)?(?:started|began))"
    r"\s+(?:(?:currently|now|still|also|just|happily|seriously|exclusively)\s+)?(?P<en_dating>dating)\b"
    r"(?!\s+(?:apps?|sites?|websites?|profiles?|life|scene|pool|game|advice|tips|myself|show)\b)"
)
# The frames above whose group holds the state in the words the table knows.
STATE_SAID_GROUPS = (
    "en_being",
    "en_news",
    "en_status",
    "en_status_after",
    "en_first",
    "en_stay",
    "en_life",
    "en_for",
    "en_like_me",
    "en_a_single",
)
# What each of the frames above says, when the words themselves are not a state.
STATUS_OF_FRAME = {
    "en_spouse": "married",
    "en_wed": "married",
    "en_newlywed": "married",
    "en_getting": "engaged",
    "en_divorcing": "divorced",
    "en_ring": "engaged",
    "en_never": "single",
    "en_divorce": "divorced",
    "en_dating": "dating",
    "en_relationship": "in a relationship",
    "en_have_lover": "in a relationship",
    "ru_have_lover": "в отношениях",
}


# How often, or how long: "I've been married 3 times", "married 4 times, 3 times widowed", "married two years".
FAMILY_HISTORY_RE = re.compile(
    r"(?:^|[,;.]\s*|\b(?:i|i've|i\s+have|we|we've)\s+(?:\w+\s+)?|\b(?=been\s))(?:been\s+)?"
    r"(?P<status>married|divorced|widowed)"
    rf"\s+(?:(?P<times>{numbers.NUMBER_TOKEN})\s+times|(?P<twice>twice))\b"
    rf"|(?:^|[,;.]\s*)(?P<times_first>{numbers.NUMBER_TOKEN})\s+times\s+(?P<status_after>married|divorced|widowed)\b"
    r"|(?:^|[,;.]\s*|\b(?=been\s))(?:been\s+)?(?:happily\s+)?(?P<lasting>married)\s+(?:for\s+)?"
    # "married a little over 5 years", "married just under a decade"
    r"(?:(?:(?:a\s+little|just|well)\s+)?(?:over|under|almost|nearly|about|around)\s+)?(?:\w+\s+){1,2}?"
    r"(?:years?|months?|decades?)\b"
)
# «была замужем дважды», «был женат три раза», «дважды была замужем»: how often, said before or after the state.
_RU_TIMES = rf"(?P<GROUP>дважды|трижды|четырежды|(?:{numbers.NUMBER_TOKEN})\s+раза?)"
RU_FAMILY_HISTORY_RE = re.compile(
    r"(?:^|[,;.]\s*|\bя\s+(?:уже\s+)?)(?:был[аи]?\s+)?(?P<status>замужем|женат)\s+"
    + _RU_TIMES.replace("GROUP", "times")
    + r"|(?:^|[,;.]\s*|\bя\s+(?:уже\s+)?)"
    + _RU_TIMES.replace("GROUP", "times_first")
    + r"\s+(?:был[аи]?\s+)?(?P<status_after>замужем|женат)\b"
)
_RU_ADVERB_TIMES = {"дважды": 2, "трижды": 3, "четырежды": 4}


def _russian_times(said: str) -> int | None:
    if said in _RU_ADVERB_TIMES:
        return _RU_ADVERB_TIMES[said]
    return numbers.number_value(said.rsplit(maxsplit=1)[0])


def _russian_family_history(s: Sentence) -> str | None:
    """ "замужем 2 раза" for «была замужем дважды»: a marriage count as Russian says it."""
    for m in RU_FAMILY_HISTORY_RE.finditer(s.norm):
        times = _russian_times(m.group("times") or m.group("times_first"))
        if times and times > 1 and _own_statement(s, m.start(), m.end()):
            few = times % 10 in (2, 3, 4) and times % 100 not in (12, 13, 14)
            return f"{m.group('status') or m.group('status_after')} {times} {'раза' if few else 'раз'}"
    return None


def _family_history(s: Sentence) -> str | None:
    """ "married 3 times", "married 4 times, widowed 3 times", or "married" said with how long it has lasted."""
    said = []
    for m in FAMILY_HISTORY_RE.finditer(s.norm):
        if not _own_statement(s, m.start(), m.end()):
            continue
        if m.group("lasting"):
            return "married"
        times = 2 if m.group("twice") else numbers.number_value(m.group("times") or m.group("times_first"))
        if times and times > 1:
            said.append(f"{m.group('status') or m.group('status_after')} {times} times")
    return ", ".join(said) or _russian_family_history(s)


# "are you married? i am", "sounds like you are single. i am and love it", "you're divorced? me too": the state the
# user's own words give the listener is the one a bare "i am" after them says.
LISTENER_STATUS_RE = re.compile(
    r"\b(?:are\s+(?:you|u)|you(?:'re|\s+are|re|r)?|your|ur|u\s+r)\s+(?:\w+\s+)?"
    r"(?P<state>married|single|divorced|engaged|widowed)\b"
)
# "i am too", "me also", "yes i am and love it"; not "i am also a teacher" (a new predicate) nor "i am not".
I_AM_TOO_RE = re.compile(
    rf"^\W*(?:(?:yes|yeah|yep|yup|well|oh|sure)\W+)*(?:(?:{I_AM}|me)(?:\s+(?:too|also|as\s+well))?"
    r"(?=\s*(?:$|[,.!;]|and\b|but\b|i\b|happily\b|lol\b|haha\b))"
    # "are you married? i have been for years": how long says it still holds
    r"|(?:i\s+have|i've|i\s+ve|ive)\s+been(?=\s+(?:for|since)\b))"
)


def family_status(s: Sentence) -> list[Finding]:
    value = _family_history(s)  # "been married 3 times" says more than "married"
    if value is None:
        return (
            _family_status(s)
            or _partner_parted(s)
            or _couple_together(s)
            or _status_from_spouse(s)
            or _status_answered(s)
        )
    action = "correct" if s.correcting else "assert"
    return [Finding("profile", {"value": value}, s, action=action, slot="family_status")]


def _status_answered(s: Sentence) -> list[Finding]:
    """ "i am too" after words that give the listener a state: in the user's question, earlier in the message, or
    in the clause before it ("you seem single, i am too")."""
    said_before = s.message[: max(s.message.find(s.norm), 0)]
    last_clause = CLAUSE_BREAK_RE.split(s.norm)[-1]
    clause_before = s.norm[: len(s.norm) - len(last_clause)]
    for context, reply in ((f"{s.asked} {said_before}", s.norm), (clause_before, last_clause)):
        states = list(LISTENER_STATUS_RE.finditer(context))
        if states and I_AM_TOO_RE.match(reply):
            break
    else:
        return []
    value = lexicon.person_words()["family_status"][states[-1].group("state")]
    return [
        Finding("profile", {"value": value}, s, action="correct" if s.correcting else "assert", slot="family_status")
    ]


# The user's spouse, named with a possessive, says the user's state: "my wife and i", "me and my hubby", "my late
# husband", "my ex-wife", "my fiancée", «мой муж», «мы с женой», «с бывшим мужем».
SPOUSE_RE = re.compile(
    r"(?:\b(?P<owner>my|our)|\b(?:i|we)(?:'ve|\s+have)?\s+(?:also\s+|still\s+)?(?:have|got)\s+an?)"
    r"\s+(?P<mods>(?:[a-z'-]+\s+){0,2}?)"
    r"(?P<spouse>(?:ex-?\s*)?(?:wife|wives|husband|husbands|hubby|hubs|spouse)|fianc[eé]{1,2}|fiancee)\b"
    r"|\blost\s+my\s+(?P<lost>wife|husband|spouse)\b(?!\s+(?:'s|for\s+a|at\s+the|in\s+the\s+(?:crowd|store|mall)))"
    # Chat's own spouse with the article: "hanging out with the hubby", "me and the wife", "the husband and i"; "the
    # wife" alone is a joke's or a story's.
    r"|\bthe\s+(?P<the_spouse>hubby|hubs|wifey|missus|missis)\b"
    r"|\b(?:me|i)\s+and\s+the\s+(?P<the_pair>wife|husband)\b|\bthe\s+(?P<pair_the>wife|husband)\s+and\s+(?:i|me)\b"
    # The pet names with no owner at all, heading a clause: "hubby loves it", "me and hubby", "wifey says hi".
    r"|(?:^|[,;:]\s*|\b(?:and|but|so|then|even)\s+)(?P<pet_name>hubby|hubs|wifey)\b"
    # Russian names the writer's own spouse with no owner at the head of a clause: «Муж в восторге», «а мужу
    # понравилось», «вчера жена испекла пирог» (_bare_spouse_status: not «муж сестры», «жена должна…»).
    r"|(?:^|[,;:—–(]\s*|\b(?:а|и|но|вот|да|ну|тут|потом|вчера|сегодня|теперь|недавно|даже|зато)\s+)"
    r"(?P<bare_mods>(?:бывш|покойн)\w*\s+)?(?P<bare_spouse>муж|мужу|мужа|жена|жене|жену)\b"
    r"|(?:\b(?P<ru_owner>мо(?:й|я|его|ей|ему|им|ю)|сво(?:им|ей|его|ему|ю)|у\s+меня(?:\s+есть)?)|\bмы\s+с|(?<!\w)с)\s+"
    r"(?P<ru_mods>(?:бывш|покойн)\w*\s+)?(?P<ru_spouse>муж(?:а|у|ем|е)?|жен(?:а|ы|е|у|ой))\b"
)
# A spouse not (or no longer) the user's in the way a state is: "my future wife", "my dream husband", "my first
# husband" (widowed or divorced, not which).
NOT_A_SPOUSE_MODS = frozenset(
    {"future", "dream", "ideal", "imaginary", "would-be", "next", "potential", "first", "former", "pretend", "fake"}
)
SPOUSE_DIED_RE = re.compile(r"\s+(?:(?:has\s+|had\s+)?(?:passed(?:\s+away|\s+on)?|died)|is\s+deceased|is\s+dead)\b")
SPOUSE_STATUS = {"ex": "divorced", "late": "widowed", "deceased": "widowed", "dead": "widowed"}


def _status_from_spouse(s: Sentence) -> list[Finding]:
    people = lexicon.person_words()
    for m in SPOUSE_RE.finditer(s.norm):
        if UNREAL_BEFORE_RE.search(s.norm, 0, m.start()):
            continue  # "if my husband were…", "someday my future wife"
        if m.group("lost"):
            value = "widowed" if _own_statement(s, m.start(), m.start() + 1) else None
        elif m.group("the_spouse") or m.group("the_pair") or m.group("pair_the") or m.group("pet_name"):
            value = "married" if _own_statement(s, m.start(), m.start() + 1) else None
        elif m.group("ru_spouse"):
            value = _russian_spouse_status(s, m)
        elif m.group("bare_spouse"):
            value = _bare_spouse_status(s, m)
        else:
            mods = m.group("mods").split()
            if any(
                w in NOT_A_SPOUSE_MODS or w.endswith("'s") or w in people["other_people"] or w in people["relatives"]
                for w in mods
            ):
                continue  # "my friend's wife", "my sister's husband", "my future husband"
            said = [*mods, *m.group("spouse").replace("-", " ").split()]
            value = next((SPOUSE_STATUS[w] for w in said if w in SPOUSE_STATUS), None)
            if SPOUSE_DIED_RE.match(s.norm, m.end()):
                value = "widowed"  # "my husband passed away last year"
            value = value or ("engaged" if m.group("spouse").startswith("fianc") else "married")
            if not m.group("owner") and not _own_statement(s, m.start(), m.start() + 1):
                continue  # "i have a husband" is a statement and passes the usual guards
        if value:
            return [
                Finding(
                    "profile", {"value": value}, s, action="correct" if s.correcting else "assert", slot="family_status"
                )
            ]
    return []


def _russian_spouse_status(s: Sentence, m: re.Match[str]) -> str | None:
    """«мой муж» → замужем, «моя жена» → женат, «бывший муж» → в разводе, «покойная жена» → вдовец."""
    if not m.group("ru_owner") and not _own_statement(s, m.start(), m.start() + 1):
        return None  # «сестра с мужем»: whose husband the sentence says
    return _state_by_spouse(m.group("ru_spouse").startswith("муж"), m.group("ru_mods") or "")


def _state_by_spouse(husband: bool, mods: str) -> str:
    """The writer's state by their spouse and the word before it: «бывший» divorced, «покойный» widowed."""
    if mods.startswith("бывш"):
        return "в разводе"
    if mods.startswith("покойн"):
        return "вдова" if husband else "вдовец"
    return "замужем" if husband else "женат"


# After a spouse named with no owner: the owner said after it («муж сестры», «жена моего брата», «муж у подруги»),
# or what a spouse is at large («муж — это…»).
BARE_SPOUSE_NOT_OWN_AFTER_RE = re.compile(
    r"\s*(?:—|–|-\s|это\b|у\s+(?!меня\b|нас\b)"
    r"|(?:моей|моего|твоей|твоего|своей|своего|нашей|нашего|вашей|вашего|его|ее|её|их)\b)"
)


# A clause about a couple at large names both spouses («жена не уходит от мужа»), or what a spouse must do («жена,
# даже плохая, должна…»; not «муж должен был приехать», a plan of the writer's own).
MUST_RE = re.compile(r"[^.;!?]{0,40}?\b(?:должен|должна|обязан|обязана)\b(?!\s+был)")


def _bare_spouse_status(s: Sentence, m: re.Match[str]) -> str | None:
    """«Муж в восторге» → замужем, «жена говорит» → женат: the spouse no one else owns is the writer's."""
    if BARE_SPOUSE_NOT_OWN_AFTER_RE.match(s.norm, m.end()):
        return None
    other = "жен" if m.group("bare_spouse").startswith("муж") else "муж"
    clause_end = c.start() if (c := CLAUSE_BREAK_RE.search(s.norm, m.end())) else len(s.norm)
    if re.search(rf"\b{other}", s.norm[m.end() : clause_end]) or MUST_RE.match(s.norm, m.end()):
        return None  # «жена не уходит от мужа», «жена, даже плохая, должна…»: a couple or a spouse at large
    people = lexicon.person_words()
    following = next((t for t in s.tokens if t.start >= m.end()), None)
    if following is not None:
        if s.raw[following.start : following.start + 1].isupper():
            return None  # «муж Маши»: whose husband the name says
        if {following.text, morphology.lemma(following.text)} & (people["other_people"] | set(people["relatives"])):
            return None  # «муж сестры», «жена друга»
    if not _own_statement(s, m.start(), m.start("bare_spouse")):
        return None  # «у подруги муж…», «сестра говорит, муж…»
    return _state_by_spouse(m.group("bare_spouse").startswith("муж"), m.group("bare_mods") or "")


# A partner named beside the verb of a parting says the marriage or the couple ended: "my husband and i separated",
# "my wife and i are getting divorced", "i split up with my husband", "my boyfriend dumped me", «мы с женой
# расстались», «я ушла от мужа». Not a split of something else ("my wife and i split the bill"), nor a spouse who
# left the user somewhere ("my husband left me at the airport").
_EN_PARTNER = r"(?P<spouse>(?:wife|husband|hubby|spouse)|(?P<dating>boyfriend|girlfriend|bf|gf))"
_EN_PARTING = (
    r"(?P<verb>separated|separating|split(?:ting)?\s+up|broke\s+up|breaking\s+up|parted\s+ways|divorced|divorcing"
    r"|split(?!\s+(?:the|a|an|it|our|my|everything|all|this|that|costs?|bills?|chores|time|duties|up)\b))\b"
)
_EN_ALREADY = r"(?:(?:just|recently|finally|officially|now|already|legally|have|had|'ve|are|were|been|am|'m)\s+)*"
EN_PARTED_RES = (
    re.compile(
        rf"\b(?:my|our)\s+(?:[a-z-]+\s+)?{_EN_PARTNER}\s+and\s+(?:i|me)\s+{_EN_ALREADY}(?:getting\s+|got\s+)?"
        + _EN_PARTING
    ),
    re.compile(
        rf"\b(?:i|we)\s+{_EN_ALREADY}{_EN_PARTING}\s+(?:from|with)\s+(?:my|our)\s+(?:[a-z-]+\s+)?{_EN_PARTNER}\b"
    ),
    re.compile(
        rf"\bmy\s+(?:[a-z-]+\s+)?{_EN_PARTNER}\s+(?:just\s+|finally\s+)?(?:left|dumped|walked\s+out\s+on)\s+me"
        r"(?=\s*(?:$|[.,;!?]|for\s+(?:another|someone|a\s+younger|his|her)\b|after\b|last\b|in\s+(?:19|20)\d\d\b"
        r"|(?:\w+\s+)?(?:years?|months?|weeks?)\s+ago\b))"
    ),
)
RU_PARTED_RE = re.compile(
    r"\bмы\s+с\s+(?:бывш\w+\s+)?(?P<spouse>мужем|женой)\s+(?:[\w-]+\s+){0,2}?(?P<verb>расстались|разошлись"
    r"|разъехались|развелись)\b"
    r"|\b(?P<verb_before>расстал(?:ась|ся)|разошл(?:ась|ись)|разош[её]лся|развел(?:ась|ся)|ушл[аи]|уш[её]л)\s+"
    r"(?:от|с)\s+(?:сво\w+\s+)?(?P<spouse_after>мужа|мужем|жены|женой)\b"
    r"|\b(?:мой\s+|моя\s+)?(?P<spouse_first>муж|жена)\s+(?:[\w-]+\s+)?(?:ушел|ушёл|ушла|бросил|бросила)\s+(?:от\s+)?меня\b"
)


# Parting for the day is no breakup: «мы с мужем расстались на вокзале / у метро / утром / до вечера», "my wife and
# i split up at the mall". A place or an hour after the verb says where or when a day's company ended; a breakup
# is said alone or with when it happened («расстались в прошлом году», "separated in 2019"), so a noun of the
# calendar after «в»/«на»/"in" keeps the breakup.
RU_DAY_PARTING_RE = re.compile(
    r"\s+(?:(?:у|возле|около|перед|под)\s+|(?:на|в|во)\s+(?:[\w-]+\s+)?(?P<where>[\w-]+)"
    r"|(?:утром|днем|вечером|ночью|ненадолго)\b|до\s+(?:утра|вечера|ночи|обеда|завтра|встречи)\b)"
)
EN_DAY_PARTING_RE = re.compile(
    r"\s+(?:(?:at|outside|near|by|in\s+front\s+of)\s+(?:the|a|an|our|my|his|her)\s+(?!end\b|time\b)[a-z]"
    r"|for\s+the\s+(?:day|night|afternoon|evening|weekend)\b|(?:this|that)\s+(?:morning|afternoon|evening)\b)"
)
# The nouns of the calendar (units of time, seasons, months) and of an outcome («в итоге», «в конце концов»).
CALENDAR_NOUNS_RU = frozenset(
    {"год", "месяц", "неделя", "день", "век", "зима", "весна", "лето", "осень", "январь", "февраль", "март",
     "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь", "декабрь", "время", "период",
     "итог", "конец", "результат", "начало", "момент", "пора"}
)  # fmt: skip


def _parted_for_the_day(s: Sentence, end: int) -> bool:
    """The words after a parting verb at `end` say where or at what hour, not when a couple ended."""
    m = (EN_DAY_PARTING_RE if s.english else RU_DAY_PARTING_RE).match(s.norm, end)
    if m is None:
        return False
    where = m.groupdict().get("where")
    return not where or not (where.isdigit() or morphology.lemma(where) in CALENDAR_NOUNS_RU)


def _partner_parted(s: Sentence) -> list[Finding]:
    """The state a parting from a partner leaves: "separated" from a spouse, "divorced" when the verb says so,
    "single" after a boyfriend or girlfriend; in Russian «в разводе», or the marriage on file ended."""
    action = "correct" if s.correcting else "assert"
    for m in (m for pattern in EN_PARTED_RES for m in pattern.finditer(s.norm)):
        if UNREAL_BEFORE_RE.search(s.norm, 0, m.start()) or not _own_statement(s, m.start(), m.start() + 1):
            continue  # "if my husband and i split up", "my friend broke up with her boyfriend"
        if _parted_for_the_day(s, m.end()):
            continue  # "my wife and i split up at the mall"
        verb = m.groupdict().get("verb") or ""
        value = "single" if m.group("dating") else "divorced" if "divorc" in verb else "separated"
        return [Finding("profile", {"value": value}, s, action=action, slot="family_status")]
    for m in RU_PARTED_RE.finditer(s.norm):
        if not _own_statement(s, m.start(), m.start() + 1) or _parted_for_the_day(s, m.end()):
            continue
        if (m.group("verb") or m.group("verb_before") or "").startswith("развел"):
            return [Finding("profile", {"value": "в разводе"}, s, action=action, slot="family_status")]
        spouse = m.group("spouse") or m.group("spouse_after") or m.group("spouse_first")
        married = "замужем" if spouse.startswith("муж") else "женат"
        return [Finding("profile", {"value": married}, s, action="negate", slot="family_status")]
    return []


# A couple not married, said by how long it has lasted or a home shared: "my partner and i have been together six
# years", "my girlfriend and i live together", "i've been with my boyfriend for 3 years", «мы с парнем вместе два
# года», «мы с девушкой живём вместе». "Together" alone is a day spent so ("my boyfriend and i have been together
# all day"), so a length of years or months, or a home, is what makes it a relationship; a sister or a friend is no
# partner ("my sister and i have been together all day").
_EN_LOVER = r"(?:(?P<mods>(?:[a-z-]+\s+){0,2}?)(?P<lover>partner|boyfriend|girlfriend|bf|gf|significant\s+other))"
_EN_COUPLE_LENGTH = (
    rf"(?:(?:for\s+|over\s+|almost\s+|nearly\s+|about\s+|going\s+on\s+)*(?:{numbers.NUMBER_TOKEN}|a|an)\s+"
    r"(?:(?:and\s+a\s+half|plus)\s+)?(?:years?|months?|decades?)\b|since\s+(?:\d{4}|high\s+school|college|uni\w*)\b)"
)
EN_TOGETHER_RES = (
    re.compile(
        rf"\b(?:my|our)\s+{_EN_LOVER}\s+and\s+(?:i|me)\s+(?:(?:have|'ve|are|'re|still|now|already|happily)\s+)*"
        rf"(?:been\s+together\s+{_EN_COUPLE_LENGTH}|(?:been\s+)?(?:live|living)\s+together\b|moved\s+in\s+together\b)"
    ),
    re.compile(
        rf"\b(?:i've|i\s+have|i\s+ve|ive)\s+been\s+(?:together\s+)?with\s+my\s+{_EN_LOVER}\s+{_EN_COUPLE_LENGTH}"
    ),
    re.compile(rf"\bi\s+(?:live|am\s+living|'m\s+living)\s+with\s+my\s+{_EN_LOVER}\b"),
)
# Words a partner of business, sport or study is named by ("my business partner and i have been together ten
# years"): a noun before "partner" names what the partnership is in; "life partner" is the couple's.
LOVERS_OWN_MODS = frozenset({"life", "domestic"})
RU_TOGETHER_RE = re.compile(
    r"\bмы\s+с\s+(?:мо\w+\s+)?(?:парнем|девушкой|молодым\s+человеком|партн[её]ром|партн[её]ршей|любимым|любимой)\s+"
    r"(?:уже\s+)?(?:вместе\s+(?:уже\s+)?(?:почти\s+|больше\s+|более\s+)?"
    rf"(?:{numbers.NUMBER_TOKEN}\s+)?(?:лет|года?|месяц\w*)\b|живем\s+вместе|встречаемся)"
)


def _couple_together(s: Sentence) -> list[Finding]:
    """ "in a relationship" (in Russian «в отношениях») for a couple the user is half of, not married."""
    action = "correct" if s.correcting else "assert"
    for m in (m for pattern in EN_TOGETHER_RES for m in pattern.finditer(s.norm)):
        mods = (m.group("mods") or "").split()
        if any("NOUN" in morphology.english_word_classes(w) and w not in LOVERS_OWN_MODS for w in mods):
            continue  # "my business partner and i…", "my tennis partner"
        if UNREAL_BEFORE_RE.search(s.norm, 0, m.start()) or not _own_statement(s, m.start(), m.start() + 1):
            continue  # "if my girlfriend and i lived together…", "she says my boyfriend and i…"
        return [Finding("profile", {"value": "in a relationship"}, s, action=action, slot="family_status")]
    ru = RU_TOGETHER_RE.search(s.norm)
    if ru and not UNREAL_BEFORE_RE.search(s.norm, 0, ru.start()) and _own_statement(s, ru.start(), ru.start() + 1):
        return [Finding("profile", {"value": "в отношениях"}, s, action=action, slot="family_status")]
    return []


# A state said negated names its opposite where there is one: "not married" is single, «не женат» is холост,
# «не замужем» is how a form says it of a woman, "not single" and «не одинока» are in a relationship; "not divorced",
# "not widowed" say no one state.
NEGATED_STATE = {
    "married": "single",
    "single": "in a relationship",
    "женат": "холост",
    "замужем": "не замужем",
    "одинок": "в отношениях",
    "одинока": "в отношениях",
}
# A state said as the one now after another ("recently divorced so now single", "was engaged, now married"): "now"
# in the later state's own clause ("divorcing for a year now, i got married at 19" keeps the first).
NOW_RE = re.compile(r"\bnow\b[^,;.!?]*$")
# A state coordinated after the verb of its clause, its subject said once: "i have a bunch of kids and married",
# "i wanted kids but recently divorced". Only "i" or "we" before it, and no one but children between.
COORDINATED_RE = re.compile(r"(?:and|an|but|so|though)\b")
SUBJECT_RE = re.compile(r"\b(?:i|we)\b")
ANOTHER_SUBJECT_RE = re.compile(r"\b(?:he|she|they|it|you|u)\b")


def _family_status(s: Sentence) -> list[Finding]:
    """The first state the sentence says of the user, or the one said to hold now after it."""
    found = [(m.end(), value) for m in FAMILY_STATUS_RE.finditer(s.norm) if (value := _state_said(s, m))]
    if not found:
        return []
    later = [v for (before, _), (end, v) in itertools.pairwise(found) if NOW_RE.search(s.norm[before:end])]
    value = later[-1] if later else found[0][1]
    action = "correct" if s.correcting else "assert"
    return [Finding("profile", {"value": value}, s, action=action, slot="family_status")]


def _state_said(s: Sentence, m: re.Match[str]) -> str | None:
    table = lexicon.person_words()["family_status"]
    framed = next((value for group, value in STATUS_OF_FRAME.items() if m.group(group)), None)
    if framed is not None:  # the frame's own noun ("a wife") is no one else
        return framed if _own_statement(s, m.start(), m.start() + 1) else None
    en_verb = m.group("en_verb") or ""
    verb = "married" if "marr" in en_verb else "divorced"
    if m.group("ru_we"):  # a couple's state is said in the plural; the table has the singular
        if m.group("ru_we_not") or not _own_statement(s, m.start(), m.end()):
            return None
        return COUPLE_STATE[m.group("ru_we")]
    word = (
        m.group("ru")
        or m.group("en")
        or m.group("en_list")
        or m.group("en_object")
        or m.group("en_kind")
        or next((m.group(g) for g in STATE_SAID_GROUPS if m.group(g)), None)
        or (verb if m.group("en_verb") else m.group())
    )
    said = re.sub(r"^an?\s+(?:\w+\s+)?(widow)", r"a \1", re.sub(r"\s+", " ", word.strip(" ,;")))
    value = table.get(said) or table.get(morphology.lemma(said) if not said.isascii() else said)
    if value is None or not (
        _own_statement(s, m.start(), m.end()) or _said_of_the_clause_subject(s, m) or _said_in_a_clause_of_its_own(s, m)
    ):
        return None
    if _wed_to_a_thing(s, m):
        return None  # "married to my job", «замужем за работой»
    if (m.group("ru") and m.group("ru_not")) or (m.group("en") and m.group("en_not")):
        return NEGATED_STATE.get(value)
    return value


def _said_of_the_clause_subject(s: Sentence, m: re.Match[str]) -> bool:
    """ "i have two kids and married": a state after "and" is the user's when "i" is the subject before it, even
    with the children named between (who are no subject of "married")."""
    if not COORDINATED_RE.match(m.group()):
        return False
    subject = next(reversed(list(SUBJECT_RE.finditer(s.norm, 0, m.start()))), None)
    if subject is None or ANOTHER_SUBJECT_RE.search(s.norm, subject.end(), m.start()):
        return False
    people = lexicon.person_words()
    between = (t.text for t in s.tokens if subject.end() <= t.start and t.end <= m.start())
    if any((w in people["other_people"] or w in people["relatives"]) and w not in _EN_CHILD_NOUNS for w in between):
        return False
    return _own_statement(s, subject.start(), subject.end())


# The state of a couple the writer is one of, as «мы … женаты» says it.
COUPLE_STATE = {
    "женаты": "в браке",
    "в браке": "в браке",
    "разведены": "в разводе",
    "в разводе": "в разводе",
    "помолвлены": "помолвлены",
    "обручены": "помолвлены",
}
# The writer opening the sentence as its subject: "i have…", "we've got…", «у меня…», «я…», «мы…».
WRITER_OPENS_RE = re.compile(
    r"^\W*(?:(?:well|so|and|but|yes|yeah|no|ну|да|нет|а|и)\W+)*"
    r"(?:у\s+(?:меня|нас)|i|i'm|im|i've|ive|we|we're|we've|я|мы)\b"
    # or a list of what the writer is or has, with no verb, the count first: "two kids, divorced", «трое детей,
    # в разводе»
    rf"|^\W*{numbers.NUMBER_TOKEN}\s+(?:[\w-]+\s+)?[\w-]+\s*$"
)
EN_ONE_CHILD = frozenset({"son", "daughter", "kid", "child", "baby", "boy", "girl", "stepson", "stepdaughter"})
# A state word that can be said of one son, or of one daughter: «у меня сын, женат» may be the son's.
RU_STATE_OF = {"сын": ("женат", "разведен", "холост", "вдовец", "помолвлен", "одинок"),
               "дочь": ("замужем", "разведена", "вдова", "помолвлена", "одинока", "в разводе")}  # fmt: skip


def _said_in_a_clause_of_its_own(s: Sentence, m: re.Match[str]) -> bool:
    """ "i have two kids, divorced now", «у меня двое сыновей, давно разведена»: a state opening a clause of its own
    after a comma has the subject of the clause before, the writer who opens the sentence. The children the writer
    has, named between, are what the writer has, not a subject; one child alone could be the one the state is said
    of ("i have a son, married"), so it is read only when the words cannot be the child's (a count, «разведена» after
    «сын»)."""
    if s.norm[m.start()] not in ",;" or not WRITER_OPENS_RE.match(s.norm[: m.start()]):
        return False
    people = lexicon.person_words()
    children = set(people["children"]) | set(_EN_CHILD_NOUNS)
    last_child, counted = None, False
    for i, token in enumerate(s.tokens):
        if token.end > m.start():
            break
        word = token.text
        lemma = word if word.isascii() else morphology.lemma(word).replace("ё", "е")
        if word in children or lemma in children:
            last_child = people["children"].get(lemma, lemma)
            counted = i > 0 and numbers.number_value(s.tokens[i - 1].text) not in (None, 1)
        elif {word, lemma, word.removesuffix("s")} & (people["other_people"] | set(people["relatives"])):
            return False  # "i think my sister has two kids, divorced": the sister's
    if last_child is None or counted:
        return True
    state = re.sub(r"\s+", " ", (m.group("ru") or m.group("en") or m.group("en_list") or "").strip())
    if state.isascii():
        return last_child not in EN_ONE_CHILD
    return state not in RU_STATE_OF.get(last_child, ())


# Whom one is wed to: "married to a doctor", "married to John", "engaged to my high school sweetheart", «замужем за
# военным», «женат на Маше». Wed to a thing, an activity or an idea is an idiom, no marriage: "married to my job",
# "married to the gym", "not married to the idea", «замужем за работой». The object decides, by whether it names a
# person (_names_a_spouse), so no list of idioms is needed. Each state word takes its own preposition.
WED_TO_RES = (
    re.compile(r"(?:married|engaged)\s+to\s+(?P<object>[^,.;:!?()\"]+)"),
    re.compile(r"(?:замужем|замуж)\s+за\s+(?P<object>[^,.;:!?()\"]+)"),
    re.compile(r"(?:женат\w*|женил\w*)\s+на\s+(?P<object>[^,.;:!?()\"]+)"),
    re.compile(r"помолвлен\w*\s+с\s+(?P<object>[^,.;:!?()\"]+)"),
)
WORD_RE = re.compile(r"\S+")
# What ends the noun phrase of the one wed to: "married to a man who…", "the love of my life", "to him for 20 years".
WED_OBJECT_END = frozenset(
    {"and", "but", "or", "so", "because", "for", "since", "in", "at", "with", "who", "that", "which", "of", "from",
     "now", "when", "while", "though", "as", "until", "after", "before", "lol", "haha", "и", "а", "но", "уже", "вот",
     "лет", "год", "года", "много", "почти", "больше", "более", "с", "со", "в", "во", "на"}
)  # fmt: skip
# Nouns for a person as such, or for one's love, beside the relatives, the jobs and the people the lexicons name.
HUMAN_NOUNS_EN = frozenset(
    {"person", "human", "someone", "somebody", "sweetheart", "lover", "love", "darling", "soulmate", "sweetie",
     "honey", "babe", "bae", "bride", "groom", "fiance", "fiancee", "widow", "widower"}
)  # fmt: skip
PERSONAL_PRONOUNS_EN = frozenset({"him", "her", "them", "you", "me", "someone", "somebody"})
_EN_DETERMINERS = frozenset({"a", "an", "the", "my", "his", "her", "our", "their", "your", "this", "that", "its"})


def _wed_to_a_thing(s: Sentence, m: re.Match[str]) -> bool:
    """The state is "married"/«замужем» said with what one is wed to, and that names no person."""
    for pattern in WED_TO_RES:
        to = pattern.match(s.norm, m.start() + m.group().rfind(" ") + 1)
        if to is None:
            continue
        said = [(w.group(), w.start()) for w in WORD_RE.finditer(s.norm, to.start("object"), to.end())]
        said = list(itertools.takewhile(lambda ws: ws[0] not in WED_OBJECT_END, said))[:5]
        if not said:
            return False
        person = _names_a_spouse(s, said) if s.english else _names_a_spouse_ru([w for w, _ in said])
        return person is False
    return False


def _names_a_spouse(s: Sentence, said: list[tuple[str, int]]) -> bool | None:
    """Whether an English noun phrase names a person: a pronoun of one, a noun for people (a relative, a job, "a
    man"), anyone said with "a" ("a Catholic", "a wonderful guy": a thing is seldom wed so), a name (a word the
    dictionary lacks, or one written capitalised or listed as a given name, without an article: "John", "Will"); a
    dictionary noun else is a thing ("the gym", "my job"). None when the words are no noun phrase: "married to be
    honest", or the verb of a clause whose object came first ("the man i am married to works in law")."""
    words = [w for w, _ in said]
    if words[:2] in (["each", "other"], ["one", "another"]):
        return True  # "we've been married to each other for years"
    if len(words) == 1 and (words[0] in _EN_DETERMINERS or words[0] in PERSONAL_PRONOUNS_EN or words[0] == "it"):
        return words[0] in PERSONAL_PRONOUNS_EN  # "married to her", not "married to it"
    first = morphology.english_word_classes(words[0])
    if words[0] not in _EN_DETERMINERS and first and not first & {"NOUN", "ADJ", "NUM", "PROPN"}:
        return None
    if _finite_verb(words[0]):
        return None
    if words[0] in ("a", "an"):
        return True
    head, head_start = said[-1]
    if len(said) > 1 and "NOUN" in morphology.english_word_classes(said[-2][0] + head):
        head, head_start = said[-2][0] + head, said[-2][1]  # chat splits a compound: "sweet heart"
    lemmas = {head, *morphology.english_lemmas(head)}
    people = lexicon.person_words()
    if lemmas & (HUMAN_NOUNS_EN | people["other_people"] | set(people["relatives"]) | set(people["children"])):
        return True
    if lemmas & set(GENDER_VALUES) or any(lemma in lexicon.professions() for lemma in lemmas):
        return True
    if head.endswith(("man", "men")) or not morphology.english_word_classes(head):
        return True  # "my irishman", "the firewoman"; a word no dictionary has: "John", "Oksana"
    if words[0] in _EN_DETERMINERS:
        return False
    return bool(CAPITALISED_RE.match(s.raw, head_start)) or given_names.is_given_name(head)


def _finite_verb(word: str) -> bool:
    """A verb's present third person ("works", "is", "has") or a past of be, have, do: a clause's own verb."""
    if word in ("is", "was", "has", "had", "does", "did"):
        return True
    lemmas = lemminflect.getAllLemmas(word).get("VERB", ())
    return any(word in lemminflect.getInflection(lemma, tag="VBZ") for lemma in lemmas)


def _names_a_spouse_ru(words: list[str]) -> bool | None:
    """Whether a Russian phrase names a person: an animate noun («военным», «врачом», «Машей»), a personal pronoun
    («за ним»), an adjective made a noun («за любимым»); an inanimate noun is a thing («за работой»)."""
    for i, word in enumerate(words[:3]):
        readings = morphology.parses(word)
        if any("NPRO" in p.tag.grammemes for p in readings):
            return morphology.lemma(word) not in ("это", "что", "то", "всё", "все")
        nouns = [p for p in readings if "NOUN" in p.tag.grammemes]
        if nouns:
            return any("anim" in p.tag.grammemes for p in nouns)
        if not any("ADJF" in p.tag.grammemes for p in readings):
            return None
        if i == len(words) - 1:
            return True  # «за любимым», «за военным»: an adjective with no noun after it names a person
    return None


_CHILD_ADJECTIVE = r"(?:маленьк\w+|взросл\w+|little|young|grown|grown-up|teenage|adult|twin)"
# How far the children are what the adjective says: "almost grown children", «почти взрослые дети».
_CHILD_DEGREE = r"(?:almost|nearly|mostly|all|fully|почти|совсем|уже)"
# A number word is any word to the pattern, so the child itself is kept out of it: «у меня есть сын и дочь» read
# "сын и" as a count of daughters and lost both; so are the verb and an adjective: "i have got 4 kids" read "got 4"
# as the count, "i have young kids" "young".
# The one the user has children with: a spouse or a partner, not a sibling ("me and my sister have two kids" may be
# hers).
_PARTNER = (
    r"(?:wife|husband|hubby|hubs|wifey|spouse|partner|boyfriend|girlfriend|bf|gf|fianc[eé]{1,2}|ex|ex-wife|ex-husband"
    r"|missus)"
)
_COUNT = (
    r"(?P<count>(?!(?:my|our|the|got|gotten|мо[йяие]|наш\w*)\s)(?!(?:сын|доч|дет|ребен|son|daughter|kid|child)\w*\b)"
    rf"(?!(?:{_CHILD_DEGREE}\s+)?{_CHILD_ADJECTIVE}\s){numbers.NUMBER_TOKEN}(?:\s+{numbers.NUMBER_TOKEN})?\s+)?"
)
CHILDREN_RE = re.compile(
    # «у нас с мужем сын и дочь»: the partner said with the owner
    r"\b(?:у\s+(?:меня|нас)\s+(?:с\s+[\w-]+\s+)?(?:(?:есть|тоже|уже|также|растет|растут|подрастает|подрастают)\s+)*"
    # the children the user brings up: "i raised 2 kids on my own", "we are raising three boys", «воспитываю двоих
    # сыновей», «одна ращу дочь», «вырастила троих детей»
    rf"|\b(?:i|we|{I_AM}|we're|we\s+are|i've|i\s+have|we've)\s+(?:\w+\s+)?(?:raised|raising)\s+"
    r"|\b(?:(?:одна|один|сама|сам|вдвоем|вдвоём|мы|я)\s+)?(?P<ru_raise>воспитываю|воспитываем|воспитала|воспитал|воспитали"
    r"|ращу|растим|вырастила|вырастил|вырастили)\s+(?:(?:одна|один|сама|сам|вдвоем|вдвоём)\s+)?"
    # the user and a partner as one subject: "me and my wife have two daughters", "the hubby and me have 3 kids"
    rf"|\b(?:(?:me|i)\s+and\s+(?:my|the)\s+{_PARTNER}|(?:my|the)\s+{_PARTNER}\s+and\s+me)\s+(?:also\s+|now\s+)?"
    r"(?P<we_have>have|'ve\s+got|have\s+got|got|are\s+raising|raised)\s+"
    # "i got two sons", "i got me a daughter": chat's "got" for "have got"
    r"|\b(?:i|we)(?:\s+(?:also|just|only|still|currently|even|do|already)){0,2}(?:\s+have|'ve\s+got|\s+have\s+got|'ve"
    r"|\s+ve|\s+had|\s+got(?:\s+me)?(?=\s+(?:an?|one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s))\s+(?:also\s+)?"
    r"|\bive\s+"
    # "my, son is ten": a comma typed after "my"; not the exclamation "oh my, kids these days", "my, my, kids"
    r"|(?:мама|мать|папа|отец|mother|mom|mum|father|dad)\s+(?:of\s+|to\s+)?|(?<!\boh\s)(?<!\bmy,\s)\bmy,?\s+(?!my\b)(?:only\s+)?"
    r"|\b(?:and|but)\s+(?:(?:also|even|still|do)\s+)?have\s+|\b(?:with|and)\s+(?:my\s+)?(?=\w+(?:\s+\w+)?\s+(?:kids|children|sons|daughters)\b)"
    r"|(?:^|[,;]\s*|\b(?:married|divorced|widowed|separated|engaged)\s+)(?:and\s+|и\s+)?(?:just\s+|only\s+)?"
    r"(?:(?:also\s+)?(?P<dropped>have|got|have\s+got)\s+)?"
    # a list item, not a new clause with its subject ("my husband died and i have grown children")
    r"|(?P<more>\s(?:and|и)\s+(?!(?:also\s+)?have\b|(?:i|we|я|мы)\s)))"
    + _COUNT
    + rf"(?:(?:{_CHILD_DEGREE}\s+)?{_CHILD_ADJECTIVE}\s+)?"
    r"(?P<kind>дет(?:и|ей)|ребен\w*|сын\w*|доч\w*|пасын\w*|падчериц\w*|kids?|children|child|sons?|daughters?"
    r"|(?<=\w\s)(?:boys?|girls?)(?=\s*(?:[,.!;]|$|and\b)))\b"
)
_PARENT = r"(?:mother|mom|mum|mommy|mama|father|dad|daddy|papa|parent|мама|мать|папа|отец)"
# "I'm a mother of four", «я мама троих», "mom of twins", "father of three, teacher": the count alone names the
# children. Said by the user, or with the subject left out at the start of a clause.
# A grandparent's count is of grandchildren: "grandma of 3 here", «я бабушка пятерых внуков».
_GRANDPARENT = r"(?P<grand>grand(?:ma|mother|pa|father|parent)|granny|бабушка|дедушка)"
PARENT_OF_RE = re.compile(
    rf"(?:\b(?P<subject>{I_AM}|я|as|being)\s+|^|[,;.]\s*)(?:a\s+|an\s+)?(?P<mods>(?:[\w-]+\s+){{0,4}}?)"
    rf"(?:{_PARENT}|{_GRANDPARENT})"
    r"\s+(?:of\s+|to\s+)?(?P<count>twins|triplets|[a-zа-я]+(?:-[a-zа-я]+)?|\d{1,2})\b"
    r"(?!\s+(?:years?|months?|weeks?|days?|decades?|лет|года?|месяц\w*)\b)"
)
# With no subject before it, an owner or a determiner makes the parent someone else ("my mom of 90 years", "bought my
# mom a dryer"), and the parent may be the subject of its own verb ("a mother of three was hurt").
PARENT_NOT_THE_WRITER = frozenset(
    {"my", "your", "his", "her", "our", "their", "the", "this", "that", "мой", "моя", "мое", "моё", "наш", "наша"}
)
VERB_AFTER_PARENT_RE = re.compile(
    r"\s+(?:(?:\w+ly|also|just)\s+)?(?:was|were|is|are|has|had|have|who|that|which|said|says|died|dies|got|gets"
    r"|told|tells|found|finds|wrote|writes|was|will|would|can|could|должна|была|был|сказала|написала)\b"
)
# A parent without a count: "i am a stay at home mom", "as a dad i worry", "i'm a grandmother", «я мама».
PARENT_RE = re.compile(
    rf"\b(?:{I_AM}|as|being|я)\s+(?:an?\s+)?(?P<mods>(?:[\w-]+\s+){{0,3}}?)"
    r"(?P<parent>(?:step-?)?(?:mom|mother|mum|mommy|dad|father|daddy)|parent|(?P<grand>grand(?:ma|mother|pa|father|parent)"
    r"|granny)|мама|мать|папа|отец|бабушка|дедушка)\b"
    r"(?!['’]|\s+(?:figure|hen|tongue|nature|earth|ship|board|land|friend|in[\s-]law|-in-law)\b)"
)
# "being a mom must be hard": what being one is like, for anyone; no one says it of themself.
BEING_ANYONE_RE = re.compile(
    r"being\s+an?\s+(?:[\w-]+\s+){0,3}?[\w-]+\s+(?:must|would|could|might|sounds?|seems?|looks?|can't|cannot)\b"
)
# Mothers and fathers of what is not a child: "a dog mom", "a plant dad", "an expectant mother" (see EXPECTING_RE).
NOT_A_PARENT_MODS = frozenset(
    {"fur", "plant", "pet", "house", "den", "dorm", "god", "future", "expectant", "expecting", "would-be", "wannabe",
     "like", "not", "no", "never", "band", "team", "boat", "cat", "dog", "кошачья", "собачья",
     "the", "this", "that", "such", "my", "your", "his", "her", "our", "their"}
)  # fmt: skip
# A child on the way: "we are expecting twins", "i'm pregnant with our second", "a baby on the way".
EXPECTING_RE = re.compile(
    rf"\b(?:{I_AM}|we're|we\s+are|were|(?:and|but)\s+(?:am|are))\s+(?:now\s+|currently\s+|also\s+|finally\s+)?"
    r"(?:expecting|pregnant\s+with|carrying)\s+(?P<what>twins|triplets|(?:our|my|a|an)\s+(?:[\w-]+\s+)?"
    r"(?:baby|child|son|daughter|boy|girl|little\s+one)|(?:our|my)\s+(?:first|second|third|fourth|fifth|\w+th))\b"
    r"|\b(?:a|our|my)\s+(?:[\w-]+\s+)?(?P<on_the_way>baby|child|kid|little\s+one)\s+(?:is\s+)?on\s+the\s+way\b"
    # "i am having twins", "we're having a baby" (not "a baby shower"), "i will be birthing twins", "i'm giving birth
    # to a baby in may"; "twins on the way"
    rf"|\b(?:{I_AM}|we're|we\s+are|(?:i|we)\s+will\s+be|(?:i|we)'ll\s+be)\s+(?:now\s+|also\s+|finally\s+|soon\s+)?"
    r"(?:having|birthing|giving\s+birth\s+to)\s+(?P<having>twins|triplets|a\s+baby)\b"
    r"(?!\s+(?:shower|party|sitter)\b)"
    r"|(?:^|[,;.]\s*|\b(?:and|now|with)\s+)(?P<multiples_on_the_way>twins|triplets)\s+(?:are\s+)?on\s+the\s+way\b"
    # carrying them, the subject left out or said after: "not easy carrying twins", "the twins i am carrying"
    rf"|(?:^|[,;.]\s*|\b(?:of|with|while|from|easy|hard|tired)\s+)carrying\s+(?P<carrying>twins|triplets)\b"
    r"(?!\s+(?:is|was|must|can|could|would|sounds?|seems?|looks?)\b)"
    rf"|\bthe\s+(?P<carried>twins|triplets)\s+(?:{I_AM}|we're|we\s+are)\s+(?:now\s+)?(?:carrying|expecting)\b"
)
NO_CHILDREN_RE = compile_cues(
    r"\bу\s+(?:меня|нас)\s+нет\s+детей|\bдетей\s+(?:у\s+(?:меня|нас)\s+)?нет\b|\bя\s+бездетн\w+"
    r"|\b(?:i|we)\s+(?:don't|do\s+not)\s+have\s+(?:any\s+)?(?:kids|children)|\b(?:i|we)\s+have\s+no\s+(?:kids|children)"
    # a list of what the user is, the subject said once: "single, no kids", "no kids for me", «детей нет»
    r"|(?:^|[,;.]\s*)(?:and\s+|but\s+)?(?:still\s+)?no\s+(?:kids|children)\b(?!\s+(?:allowed|here|in|at|under|were|are|is)\b)"
)
_RU_CHILD_NOUNS = {"ребенок": "ребенок", "сын": "сын", "дочь": "дочь", "дочка": "дочь", "дети": "ребенок"}


def _children_value(count: int | None, kind: str) -> str:
    """ "2 sons", "3 ребенка"; without a count the word as said, singular or plural ("children", "дети")."""
    if kind.isascii():
        noun = {"kid": "child", "kids": "child", "children": "child", "boy": "son", "girl": "daughter"}.get(kind)
        noun = noun or {"boys": "son", "girls": "daughter"}.get(kind) or kind.removesuffix("s")
        plural = {"child": "children"}.get(noun, noun + "s")
        if count is None:  # the word as said: "our kids" stays kids
            return (
                kind
                if kind in ("kids", "kid", "children", "child", "sons", "son", "daughters", "daughter")
                else (plural if kind.endswith(("s", "ren")) else noun)
            )
        return f"{count} {noun if count == 1 else plural}"
    noun = _RU_CHILD_NOUNS.get(morphology.lemma(kind), morphology.lemma(kind))
    if count is None:
        if not morphology.has_tag(kind, "plur"):
            return noun
        if noun == "ребенок":
            return "дети"
        inflected = morphology.best(noun).inflect({"plur", "nomn"})
        return (inflected.word if inflected else noun).replace("ё", "е")
    agreed = morphology.best(noun).make_agree_with_number(count)
    return f"{count} {agreed.word if agreed else noun}".replace("ё", "е")


# The user's children with the words people put before them: "my fourth son", "all my children",
# "i have two very well behaved children", "our kids", "my wife and five children", «мои взрослые дети».
_EN_CHILD_NOUNS = {
    "kid": "child", "kids": "child", "child": "child", "children": "child", "son": "son", "sons": "son",
    "daughter": "daughter", "daughters": "daughter", "twins": "twin", "grandchildren": "grandchild",
    "grandchild": "grandchild", "grandkid": "grandchild", "grandkids": "grandchild", "grandson": "grandson",
    "grandsons": "grandson", "granddaughter": "granddaughter", "granddaughters": "granddaughter",
    "stepson": "stepson", "stepsons": "stepson", "stepdaughter": "stepdaughter", "stepdaughters": "stepdaughter",
    "stepkids": "stepchild", "stepchildren": "stepchild", "kiddos": "child", "kiddo": "child",
    "step kids": "stepchild", "step children": "stepchild", "step child": "stepchild", "step son": "stepson",
    "step sons": "stepson", "step daughter": "stepdaughter", "step daughters": "stepdaughter",
    "step-kids": "stepchild", "step-children": "stepchild", "step-child": "stepchild", "step-son": "stepson",
    "step-sons": "stepson", "step-daughter": "stepdaughter", "step-daughters": "stepdaughter",
    "grand children": "grandchild", "grand kids": "grandchild", "grand child": "grandchild",
    "little ones": "child", "little one": "child", "boys": "son", "girls": "daughter",
    "little boy": "son", "little boys": "son", "little girl": "daughter", "little girls": "daughter",
    "baby boy": "son", "baby girl": "daughter", "toddler": "toddler", "toddlers": "toddler",
    "newborn": "newborn", "teenager": "teenager", "teenagers": "teenager",
}  # fmt: skip
# Words for children that also name others ("me and my boys", "a night out with my girls"): a child only when
# counted ("my two boys", "i have three girls").
COUNTED_ONLY = frozenset({"boys", "girls"})
_EN_PLURALS = {"child": "children", "grandchild": "grandchildren", "stepchild": "stepchildren"}
OWN_CHILDREN_RE = re.compile(
    r"(?:\b(?:my|our)\s+(?:wife|husband|partner|spouse)\s+and\s+(?:(?:my|our)\s+)?|\b(?P<owner>my|our)"
    r"|\b(?:i|we)(?:\s+(?:also|only|still|already|both))?(?:\s+have|'ve\s+got|\s+have\s+got|'ve)\s+(?:also\s+)?(?P<have_my>(?:my|our)\s+)?"
    # the children a parent or a spouse is "with": "married with children", "a single mom with a two year old son"
    rf"|\b(?:(?:re)?married|single|divorced|widowed|separated|mom|mum|mother|dad|father|parent|{I_AM}),?\s+with\s+"
    # a participle whose subject is the "i" after it: "having a daughter, i had to…", "having 3 kids i never sleep"
    r"|(?P<having>(?:^|[,;.]\s*)(?:(?:well|so|and|but|yes|no)\W+)*having\s+))"
    r"\s*(?P<mods>(?:(?!(?:my|our|i|we)\b)[a-z0-9-]+\s+){0,4}?)"
    rf"(?P<kind>{'|'.join(sorted(_EN_CHILD_NOUNS, key=len, reverse=True))})\b(?!['’])"
    r"|\b(?P<ru_owner>(?:мо|сво)(?:й|я|и|его|ему|им|ей|ю|их|ими)|наш(?:и|его|ему|им|ей|их|ими|а)?)\s+"
    r"(?P<ru_mods>(?:[а-яё-]+\s+){0,2}?)(?P<ru_kind>дет(?:и|ей|ям|ьми|ях)|ребен\w*|сын(?:а|у|ом|е|овья|овей|овьям|овьями)?"
    r"|доч(?:ь|ери|ерью|ерей|ерям|ерьми|ка|ки|ку|кой|ке|ек)|внук\w*|внучк\w*|пасын\w*|падчериц\w*)\b"
)
# Words that undo a child before its noun ("no kids", "never had kids", "my own kids someday").
NOT_A_CHILD_MODS = frozenset({"no", "not", "never", "any", "own", "future", "unborn", "imaginary", "would-be"})
UNREAL_BEFORE_RE = re.compile(
    r"\b(?:if|would|someday|one\s+day|future|если|бы)\b|\bwhen\s+(?:i|we)\s+(?:have|get|had)\b|\bкогда\s+у\s+(?:меня|нас)\s+будут"
)
# A child named as the user's ("my son") is there whatever the clause around it says: "if i can get a sitter for my
# son", "one day i will teach my son to hunt", "you would have to watch my kids". Only a frame without the children
# makes it unreal: "if i had kids, my kids would…", "when we have children, our children will…".
CHILDLESS_FRAME_RE = re.compile(
    r"\b(?:if|when|once)\s+(?:i|we)\s+(?:ever\s+)?(?:had|have|get|got|were|was)\s+(?:(?:an?|any|some|\w+)\s+)?"
    r"(?:kids?|children|child|sons?|daughters?|babies|baby|mom|mother|dad|father|parents?)\b"
    r"|\bесли\s+бы\b|\bбы\b|\bкогда\s+у\s+(?:меня|нас)\s+будут"
)
ON_THE_WAY_RE = re.compile(r"\s+(?:is\s+)?on\s+the\s+way\b")
AGE_UNIT_RE = re.compile(r"(?:years?|yrs?|months?|weeks?|y/?o)\b|-(?:years?|months?)-old\b")
DEGREE_WORDS = frozenset({"very", "so", "really", "well", "too", "quite", "pretty"})
ORDINAL_RE = re.compile(
    r"^(?:first|second|third|\w+th|oldest|eldest|youngest|middle|only|little|baby|младш\w+|старш\w+)$"
)


def _own_children(s: Sentence) -> list[tuple[str, bool]]:
    """The user's children named with a possessive or "I have", words between allowed when they describe them."""
    people = lexicon.person_words()
    parts = []
    for m in OWN_CHILDREN_RE.finditer(s.norm):
        russian = bool(m.group("ru_kind"))
        mods = (m.group("ru_mods") if russian else m.group("mods")).split()
        kind = m.group("ru_kind") or m.group("kind")
        if any(w in NOT_A_CHILD_MODS or w in people["other_people"] or w in people["relatives"] for w in mods):
            continue  # "my sister and her kids", "I have no kids", "my own kids someday"
        possessive = bool(m.group("owner") or m.group("have_my") or m.group("ru_owner"))
        if (CHILDLESS_FRAME_RE if possessive else UNREAL_BEFORE_RE).search(s.norm, 0, m.end()):
            continue
        if m.group("having") and (not mods or not re.match(r"\s*,?\s*i\b", s.norm[m.end() :])):
            continue  # "having kids is hard", "having kids, i think, is a gift" say it of anyone
        # "my kids" says whose they are even after a wish or another person ("I hope my children will…");
        # "I have kids" is a statement and passes the usual guards.
        if not possessive and not _own_statement(s, m.start(), m.start() + 1):
            continue
        if REPORTED_RE.search(s.norm, 0, m.start()) and not possessive:
            continue
        count = None  # "my second child": an ordinal says which one, not how many
        if mods and not any(ORDINAL_RE.match(w) for w in mods):
            counted = numbers.leading_number(mods)
            count = counted[0] if counted else None
            if counted and AGE_UNIT_RE.match(" ".join(mods[counted[1] :])):
                count = None  # "my 3 year old daughter": an age, not how many
            if counted and count is None and counted[1] < len(mods) and mods[0] in numbers.ARTICLES:
                count = 1  # "a 5 year old son"
        if russian:
            if not all(is_content_word(w) or numbers.number_value(w) for w in mods):
                continue
            parts.append((_children_value(count, kind), possessive and count is None))
            continue
        # "I have two very well behaved children": after "I have" a number or an article comes first, so that
        # "I have seen kids" or "I have taught kids" is no child of the user's.
        if not possessive and mods and numbers.number_value(mods[0]) is None:
            continue
        if any(w in people["closed_class_en"] and w not in DEGREE_WORDS for w in mods[1 if not possessive else 0 :]):
            continue
        noun = _EN_CHILD_NOUNS[kind]
        plural = _EN_PLURALS.get(noun, noun + "s")
        if count is None and kind in COUNTED_ONLY:
            continue
        if count is None:  # the word as said: "my kids", "all my children", "my grandson"; "my little boys" sons
            said = (plural if kind.endswith(("s", "ren")) else noun) if " " in kind or "-" in kind else kind
            parts.append((said, possessive))
        else:
            parts.append((f"{count} {noun if count == 1 else plural}", False))
    return parts


# "do you have kids? mine are grown": the user's own question names what "mine" stands for.
ASKED_CHILDREN_RE = re.compile(
    r"\b(?:do|have)\s+(?:you|u)\s+(?:have|got)\s+(?:any\s+)?(?P<kind>kids|children|sons|daughters|grandkids|grandchildren)\b"
    r"|\bу\s+(?:тебя|вас)\s+(?:есть\s+)?(?P<ru_kind>дети|сын|дочь|внуки)\b"
)


# What the user has, listed after one verb: "i have 2 dogs, a cat and 3 kids", "with my 3 dogs and 2 children". The
# list starts with a number or an article ("i have seen dogs and kids" lists nothing the user has), and has no clause
# of its own ("i have 8 kids, 7 are under 5, and a son…": the son is one of the 8).
HAVE_LIST_RE = re.compile(
    r"\b(?:(?:i|we)(?:'ve|\s+have)?\s+(?:also\s+|just\s+|still\s+)?(?:have|had|got|own)\s+(?P<first>[\w-]+)"
    r"|with\s+(?:my|our))(?:\s*,?\s+(?!(?:is|are|was|were|am)\b)[\w'-]+){0,6}\s*$"
)


def _in_a_list_the_user_has(s: Sentence, end: int) -> bool:
    m = HAVE_LIST_RE.search(s.norm, 0, end)
    if m is None or (m.group("first") and numbers.number_value(m.group("first")) is None):
        return False
    return _own_statement(s, m.start(), m.start() + 1)


# "do you have kids? i have two": the number answers the user's own question.
HAVE_A_NUMBER_RE = re.compile(
    rf"^\W*(?:(?:yes|yeah|well|but|because)\W+)*(?:i|we)(?:'ve\s+got|\s+(?:just\s+|only\s+|also\s+)?"
    rf"(?:have|'ve\s+got|have\s+got|got))\s+(?P<count>{numbers.NUMBER_TOKEN})\s*[.!,]*$"
)


# A child named by its rank among the user's children, the noun left out: "my oldest is 12", "my youngest just started
# school", «мой старший уже в школе», «моя младшая ходит в садик». A noun after the rank names someone else ("my oldest
# friend", «мой старший брат»), so what follows must be a verb, an adverb or the end.
CHILD_BY_RANK_RE = re.compile(
    r"\bmy\s+(?:oldest|eldest|youngest|middle\s+one|middle\s+child)"
    r"(?=\s+(?:is|was|'s|just|has|had|turned|turns|started|starts|goes|went|loves|likes|wants|got|gets|will|can|plays"
    r"|lives|graduated|graduates|moved|asked|said|thinks|still|already|now|and\s+my\s+(?:oldest|eldest|youngest|middle))\b"
    r"|\s*[,.!?]|\s*$)"
    r"|\b(?P<ru_owner>мой|моя)\s+(?:старш(?:ий|ая)|младш(?:ий|ая)|средн(?:ий|яя))"
    r"(?=\s+(?:уже|только|сейчас|еще|ещё|тоже|вчера|недавно|пошел|пошёл|пошла|ходит|учится|закончил|закончила"
    r"|родился|родилась)\b|\s*[,.!?]|\s*$)"
)


def _child_by_rank(s: Sentence) -> list[tuple[str, bool]]:
    m = CHILD_BY_RANK_RE.search(s.norm)
    if m is None or CHILDLESS_FRAME_RE.search(s.norm, 0, m.end()):
        return []
    if m.group("ru_owner"):
        return [("сын" if m.group("ru_owner") == "мой" else "дочь", True)]
    return [("children", True)]


# Children named by their age alone after "i have": "i have a 5 year old and a 2 year old", "we have a three month old
# baby", "i've got a 7-year-old". The age is the noun, so nothing may follow it ("a 3 year old dog" is a dog's age).
_AGED = (
    rf"(?:an?|one)\s+(?:\d{{1,2}}|{numbers.NUMBER_TOKEN})[\s-]*(?:years?|yrs?|months?|weeks?)[\s-]*old"
    r"(?:\s+(?:baby|babies))?"
)
HAVE_AGED_RE = re.compile(
    r"\b(?:i|we)(?:'ve|\s+ve|\s+have|\s+have\s+got|'ve\s+got|\s+got)\s+(?:(?:also|just|now)\s+)?"
    rf"(?P<items>{_AGED}(?:\s*,\s*(?:and\s+)?{_AGED}|\s+and\s+{_AGED})*)"
    r"(?=\s*(?:[,.!;?)]|$|(?:and|but|so|who|that|at\s+home|too|as\s+well)\b))"
)
# The age of each child listed, to count them and to be sure each is an age ("a few year old" is not).
AGE_OF_ITEM_RE = re.compile(
    r"(?:an?|one)\s+([\w]+(?:-(?!years?|months?|weeks?)[a-z]+)?)[\s-]*(?:years?|yrs?|months?|weeks?)"
)


def _children_by_age(s: Sentence) -> list[tuple[str, bool]]:
    m = HAVE_AGED_RE.search(s.norm)
    if m is None or UNREAL_BEFORE_RE.search(s.norm, 0, m.end()):
        return []
    if not _own_statement(s, m.start(), _subject_end(s, m.start())):
        return []
    ages = AGE_OF_ITEM_RE.findall(m.group("items"))
    if any(numbers.number_value(age) is None for age in ages):
        return []  # "i have a few years old…": no age
    count = len(ages)
    return [(_children_value(count, "kids"), False)]


def _children_said_as_mine(s: Sentence) -> list[tuple[str, bool]]:
    asked = ASKED_CHILDREN_RE.search(s.asked) if s.asked else None
    if asked is None:
        return []
    counted = HAVE_A_NUMBER_RE.match(s.norm)
    count = numbers.number_value(counted.group("count")) if counted else None
    if count and asked.group("kind"):
        return [(_children_value(count, asked.group("kind")), False)]
    if not re.search(r"\bmine\b|^\s*(?:а\s+)?(?:у\s+меня|мои|мой|моя)\b", s.norm):
        return []
    if NO_CHILDREN_RE.search(s.norm) or re.search(r"\b(?:no|not|none|нет|не)\b", s.norm):
        return []  # "do you have kids? none of mine…", «у тебя есть дети? у меня нет»
    return [(asked.group("kind") or asked.group("ru_kind"), True)]


# "The kids" in a clause with the user's spouse or the user beside them are the family's: "my wife left with the
# kids", "me and the kids went camping", "my husband takes the children to school".
FAMILY_THE_KIDS_RE = re.compile(
    r"\b(?:(?:my|our)\s+(?:wife|husband|spouse|partner|ex|ex-wife|ex-husband)\b[^,.;!?]{0,40}?|\b(?:me|i)\s+and\s+)"
    r"the\s+(?P<kind>kids|children)\b"
    # one article for chat's spouse and the child: "out with the hubby and son", and the set phrase "the wife and kids"
    # ("the husband and daughter" are a story's)
    r"|\bthe\s+(?:(?:hubby|hubs|wifey|missus)\s+and\s+(?:the\s+)?(?P<kind_after>kids|children|son|daughter)"
    r"|wife\s+and\s+(?P<set_kids>kids))\b"
)


def _the_kids_of_the_family(s: Sentence) -> list[tuple[str, bool]]:
    m = FAMILY_THE_KIDS_RE.search(s.norm)
    if m is None or not _own_statement(s, m.start(), m.start() + 1) or UNREAL_BEFORE_RE.search(s.norm, 0, m.end()):
        return []
    return [(m.group("kind") or m.group("kind_after") or m.group("set_kids"), True)]


def _subject_end(s: Sentence, start: int) -> int:
    """Where the cue at `start` stops naming its owner: past "i" or "we" when it begins with one, so that the user
    said after someone else ("my husband is away and we do not have kids") is the last person named, and past "and
    am" ("i have two kids and am expecting a third"); else its first letter."""
    subject = re.match(r"(?:i|we|(?:and|but)\s+(?:am|are))\b", s.norm[start:])
    return start + subject.end() if subject else start + 1


# Counted children said after their count to be all of one kind: "3 kids, all boys", "two children, both daughters".
ALL_ALIKE_RE = re.compile(r"\s*,?\s*(?:all|both)\s+(?:of\s+them\s+)?(?P<kind>sons|daughters|boys|girls)\b")
# Children named in passing without saying which: beside a count in the same sentence they add nothing.
GENERIC_CHILDREN = frozenset({"children", "child", "kids", "kid", "дети", "ребенок"})


# "my pets are my kids", "my dog is like my child", "my cats are my babies": children said of animals.
PETS_AS_CHILDREN_RE = re.compile(
    r"\b(?P<subject>[a-z]+)\s+(?:is|are|'s|'re)\s+(?:(?:like|basically|practically|really|all)\s+)*(?:my|our)\s+"
    r"(?:\w+\s+)?(?:kids?|children|child|babies|baby|sons?|daughters?)\b"
)


def _pets_called_children(s: Sentence) -> bool:
    pets = lexicon.person_words()["pets"]
    for m in PETS_AS_CHILDREN_RE.finditer(s.norm):
        subject = m.group("subject")
        if subject in ("pets", "pet", "animals") or subject in pets or subject.removesuffix("s") in pets:
            return True
    return False


# A list of people or animals governed by a verb is what the verb did to them: "i met a man, two kids and a dog",
# «вчера видел мужчину, двух детей и кошку», "i helped a woman with two kids". Only verbs of having or raising make
# the things listed the writer's; an auxiliary or a copula is the writer's own list ("i'm a teacher, two kids").
_EN_ADVERBS = r"(?:just|also|then|recently|once|finally|even|actually|never|already|only|really|still|both|all|\w+ly)"
EN_SUBJECT_VERB_RE = re.compile(
    rf"\b(?:i|we)(?P<aux>'m|'re|'ve|\s+am|\s+are|\s+have|\s+had|'d)?\s+(?:{_EN_ADVERBS}\s+)*(?P<verb>[a-z']+)\b"
)
HAVING_VERBS_EN = frozenset(
    {"have", "has", "had", "got", "gotten", "get", "own", "owned", "raise", "raised", "raising", "adopted", "adopt",
     "am", "are", "was", "were", "be", "been", "'m", "'re", "m", "re", "ve", "'ve", "keep", "kept", "foster",
     "fostered", "fostering", "birthed"}
)  # fmt: skip
HAVING_VERBS_RU = frozenset(
    {"быть", "есть", "иметь", "растить", "вырастить", "воспитывать", "воспитать", "родить", "рожать", "усыновить",
     "удочерить", "завести", "заводить", "держать", "расти", "подрастать", "жить"}
)  # fmt: skip
# Words that leave no object between a verb and the list: a preposition ("i live in ohio, two kids") or a particle or
# adverb of the verb ("i ended up with 7 children", "we settled down here with two kids").
PREPOSITIONS = frozenset(
    {"in", "at", "on", "from", "to", "for", "of", "near", "by", "about", "into", "around", "after", "like", "as",
     "up", "out", "off", "down", "away", "back", "over", "home", "here", "there", "together", "alone",
     "в", "во", "на", "из", "к", "ко", "у", "о", "об", "по", "за", "под", "над", "от", "до", "для", "про", "при"}
)  # fmt: skip
OWNERS = frozenset(
    {"my", "our", "мой", "моя", "мое", "моё", "мои", "моих", "моего", "мою", "наш", "наша", "наши", "наших"}
)


def _listed_after_another_verb(s: Sentence, start: int) -> bool:
    """Whether the list item at s.norm[start] (a comma or "with" before it) goes on the object of a verb that is not
    having: the things listed are the ones met, seen or helped, not the writer's. A preposition before the item
    ("i live in ohio, two kids") or an owner at the head of the object ("i love my husband, two kids") keeps them
    the writer's."""
    sentence_start = max(s.norm.rfind(end, 0, start) for end in ".!?") + 1
    before = s.norm[sentence_start:start]
    if before.isascii():
        verbs = list(EN_SUBJECT_VERB_RE.finditer(before))
        if not verbs:
            return False
        m = verbs[-1]
        verb, aux = m.group("verb"), (m.group("aux") or "").strip(" '")
        if aux in ("m", "re", "am", "are") and not verb.endswith("ing"):
            return False  # "i'm a mom with two kids": a copula
        having = verb in ("got", "been") or "VERB" not in lemminflect.getAllLemmas(verb)
        if aux in ("ve", "have", "had", "d") and having:
            return False  # "i have a husband, two kids": the having itself; "i've met a man, two kids": a verb after it
        if verb in HAVING_VERBS_EN:
            return False
        words = re.findall(r"[\w']+", before[m.end() :])
        return (
            bool(words)
            and words[0] not in OWNERS
            and not any(
                w in PREPOSITIONS or w in ("i", "we", "he", "she", "they", "it", "is", "are", "was", "were")
                for w in words
            )
        )
    tokens = tokenize(before)
    for i in range(len(tokens) - 1, -1, -1):
        word = tokens[i].text
        if word in PREPOSITIONS or word in ("я", "мы", "он", "она", "они"):
            return False
        if morphology.has_tag(word, "VERB"):
            following = [t.text for t in tokens[i + 1 : i + 2]]
            return morphology.lemma(word) not in HAVING_VERBS_RU and not (following and following[0] in OWNERS)
    return False


def children(s: Sentence) -> list[Finding]:
    action = "correct" if s.correcting else "assert"
    m = NO_CHILDREN_RE.search(s.norm)
    if m and _own_statement(s, m.start(), _subject_end(s, m.start())):
        return [
            Finding(
                "profile", {"value": "нет" if not m.group().isascii() else "none"}, s, action=action, slot="children"
            )
        ]
    parts: list[tuple[str, bool]] = []  # each value, and whether it was only mentioned in passing
    for m in CHILDREN_RE.finditer(s.norm):
        bare = (
            not m.group()
            .strip()
            .startswith(("у ", "i", "we", "my", "and", "but", "мам", "мат", "пап", "отец", "mo", "fa", "da"))
        )
        bare = bare and not m.group("dropped")  # "have three kids": the subject left out is the user
        bare = bare and not m.group("ru_raise") and not m.group("we_have")
        if bare and not m.group("count") and not m.group("more"):
            continue  # a bare "kids" is too little; "двое детей" as a list item says it
        if bare and _listed_after_another_verb(s, m.start()):
            continue  # "i met a man, two kids and a dog": the ones met
        mine = bool(re.match(r"\s*my\b", m.group()))  # "he is my only son": "my" says whose, whoever is the subject
        if m.group("more"):
            if not parts and not _in_a_list_the_user_has(s, m.start()):
                continue  # "и сын" continues a list of the user's children, it does not start one
        elif not mine and (
            # a counted item of the user's list: "i have a husband, two kids and…" (the husband is no subject)
            (
                not (bare and _in_a_list_the_user_has(s, m.start()))
                and not _own_statement(s, m.start(), _subject_end(s, m.start()))
            )
            or re.search(r"\bнет\s*$|\bno\s*$", s.norm[: m.end()])
        ):
            continue
        elif (CHILDLESS_FRAME_RE if mine else UNREAL_BEFORE_RE).search(s.norm, 0, m.end()):
            continue  # "when I have kids, …" is a future
        # "2 little girls": the number, and an adjective the count pattern took with it
        said = m.group("count").split() if m.group("count") else []
        counted = numbers.leading_number(said) if said else None
        if counted and not all(re.fullmatch(_CHILD_ADJECTIVE, w) or ORDINAL_RE.match(w) for w in said[counted[1] :]):
            counted = None  # «5 минут ребенок…»: a number of something else
        count = counted[0] if counted else None
        if counted and any(ORDINAL_RE.match(w) for w in said[counted[1] :]):
            counted, count = None, None  # "a second child": which one, not how many
        if ON_THE_WAY_RE.match(s.norm, m.end()):
            continue  # "a second child on the way" is expected (EXPECTING_RE), not had
        if m.group("count") and count is None and not _after_another_item_the_writer_has(m):
            continue  # "у меня три сына" reads; "у меня тоже сын" reads; "у меня болит сын" does not exist
        if count is None and re.match(r"\s*my\s+only\s", m.group()):
            count = 1  # "my only son": one
        passing = count is None and mine
        kind = m.group("kind")
        if count and kind in ("kids", "children") and (alike := ALL_ALIKE_RE.match(s.norm, m.end())):
            kind = alike.group("kind")  # "4 kids, all daughters": 4 daughters
        parts.append((_children_value(count, kind), passing))
        if count:  # "двое детей: сын и дочка", "two kids, a boy and a girl": who they are, said after the count
            parts += [(_children_value(1 if k.isascii() else None, k), passing) for k in _apposed_kinds(s, m.end())]
    if not parts:
        parts = _own_children(s) or _children_by_age(s) or _child_by_rank(s)
    if not parts:
        parts = _children_said_as_mine(s) or _the_kids_of_the_family(s)
    m = PARENT_OF_RE.search(s.norm)
    anothers = m and (
        VERB_AFTER_PARENT_RE.match(s.norm, m.end()) or PARENT_NOT_THE_WRITER & set(m.group("mods").split())
    )
    if m and not m.group("subject") and anothers:
        m = None  # "a mother of three was hurt", "my mom of 90 years": another parent
    if not parts and m and _own_statement(s, m.start(), m.start()):
        count = numbers.number_value(m.group("count"))
        if m.group("count") in ("twins", "triplets"):
            parts.append((m.group("count"), False))
        elif count and m.group("grand"):
            grandchildren = ("grandchild" if count == 1 else "grandchildren") if m.group().isascii() else None
            parts.append((f"{count} {grandchildren}" if grandchildren else _children_value(count, "внук"), False))
        elif count:
            parts.append((_children_value(count, "kids" if m.group().isascii() else "дети"), False))
    parts += _expected_children(s)
    from_role = False
    if not parts:
        parts = _children_of_a_parent(s)
        from_role = bool(parts)
    if not parts:
        return []
    in_passing = all(passing for _, passing in parts)
    if in_passing and _pets_called_children(s):
        return []  # "my pets are my kids", "my dog is like my child": a figure of speech
    if not in_passing:  # "i have 3 children, and cats that think they are my children": the count says it all
        parts = [(value, passing) for value, passing in parts if not (passing and value in GENERIC_CHILDREN)]
    value = ", ".join(dict.fromkeys(v for v, _ in parts))
    extra = {"in_passing": in_passing, "from_role": from_role}
    return [Finding("profile", {"value": value}, s, action=action, slot="children", extra=extra)]


LIST_ITEM_BEFORE_RE = re.compile(r"^[\w-]+\s*(?:,|и|and)\s*$")
WRITER_HAS_RE = re.compile(r"\s*(?:у\s+(?:меня|нас)|i|we|i've|we've)\b")


def _after_another_item_the_writer_has(m: re.Match[str]) -> bool:
    """«у меня есть муж и дочка»: the words the count pattern took before the child are no number but another item
    of the writer's own list, so the child is the list's next item."""
    return bool(LIST_ITEM_BEFORE_RE.search(m.group("count")) and WRITER_HAS_RE.match(m.group()))


# The children named one by one right after their count, in apposition to it: "two kids: a son and a daughter",
# «двое детей, сын и дочка». English needs the article, which makes each one child ("2 kids, sons are fun" is not).
_APPOSED_KIND = r"(?:(?:an?|one)\s+(son|daughter|boy|girl)|(сын|сына|дочь|дочка|дочку|мальчик|девочка|девочку))"
APPOSED_KINDS_RE = re.compile(rf"\s*[:,—–-]\s*{_APPOSED_KIND}(?:\s*(?:,|and|и)\s*{_APPOSED_KIND})?\b")


def _apposed_kinds(s: Sentence, end: int) -> list[str]:
    m = APPOSED_KINDS_RE.match(s.norm, end)
    return [kind for kind in m.groups() if kind] if m else []


def _expected_children(s: Sentence) -> list[tuple[str, bool]]:
    """ "expecting twins", "expecting a baby": a child on the way, kept beside the children there are."""
    m = EXPECTING_RE.search(s.norm)
    if m is None or not _own_statement(s, m.start(), _subject_end(s, m.start())):
        return []
    groups = ("what", "having", "multiples_on_the_way", "carrying", "carried")
    what = next((m.group(g) for g in groups if m.group(g)), "")
    return [(f"expecting {what if what in ('twins', 'triplets') else 'a baby'}", True)]


def _children_of_a_parent(s: Sentence) -> list[tuple[str, bool]]:
    """ "i am a stay at home mom" → children, "i'm a proud grandpa" → grandchildren: a parent has children."""
    pets = lexicon.person_words()["pets"]
    for m in PARENT_RE.finditer(s.norm):
        mods = m.group("mods").split()
        if any(w in NOT_A_PARENT_MODS or w in pets or w.removesuffix("s") in pets for w in mods):
            continue  # "a dog mom", "the mom of the group"
        if BEING_ANYONE_RE.match(s.norm, m.start()):
            continue
        if UNREAL_BEFORE_RE.search(s.norm, 0, m.end()) or not _own_statement(s, m.start(), m.start() + 1):
            continue
        russian = not m.group("parent").isascii()
        if m.group("grand") or m.group("parent") in ("бабушка", "дедушка"):
            return [("внуки" if russian else "grandchildren", True)]
        return [("дети" if russian else "children", True)]
    return []


def without_passing_children(found: list[Finding]) -> list[Finding]:
    """A dialogue's findings less a child named only in passing ("my son loves pizza") when the same dialogue
    says how many children the user has ("I have three kids").

    A possessive "my son" is evidence of at least one son, and it is how people most often let on that they
    have children, so alone it is kept. Beside a count it adds nothing, and as the later value of a one-value
    slot it would replace "3 children" with "son"; the count is what the user told, the mention is not news.
    """
    found = _without_children_of_a_role(found)
    counted = any(f.slot == "children" and f.section == "profile" and not f.extra.get("in_passing") for f in found)
    if not counted:
        return found
    return [f for f in found if not (f.slot == "children" and f.section == "profile" and f.extra.get("in_passing"))]


def _without_children_of_a_role(found: list[Finding]) -> list[Finding]:
    """Less the bare "children" a parent's role implies ("i am a mom") when the dialogue names the children
    themselves ("my son is in scouts", "i have two sons"): the role says only that there are some."""
    children = [f for f in found if f.slot == "children" and f.section == "profile"]
    if all(f.extra.get("from_role") for f in children):
        return found
    return [f for f in found if not (f.slot == "children" and f.section == "profile" and f.extra.get("from_role"))]


# --- profile.gender ----------------------------------------------------------------------------------

_GENDER_NOUNS = (
    r"(?:male|female|man|woman|guy|girl|lady|gentleman|boy|dude|gal|mom|mum|mother|dad|father|wife|husband"
    r"|grandma|grandmother|grandpa|grandfather)"
)
# The noun ends what the user says they are: "a girl dad" is a father, "a boy scout" is no boy's gender.
_GENDER_NOUN_END = rf"\b(?!['’]s|\s+(?:{_GENDER_NOUNS[3:-1]}|scouts?|child|fan|friend|person|thing|power|crush)\b)"
# "I'm a woman", "i am a 49 yr old man", "as a guy, i…", "being a woman in tech…", "old guy here", «я мама».
GENDER_RE = re.compile(
    rf"(?:\b{I_AM}\s+|(?:^|[,;.!]\s*|\b(?:and|but|so|because|cause|well)\s+)(?:as|being)\s+)(?:a\s+|an\s+)?"
    rf"(?:(?:\d+\s+)?[\w-]+\s+){{0,3}}?(?P<en>{_GENDER_NOUNS}){_GENDER_NOUN_END}"
    rf"|(?:^|[,;.!]\s*)(?!(?:the|this|that|my|your|his|her|our|their|every|no|any|some|one)\b)(?:an?\s+)?"
    rf"(?:(?:\d+\s+)?[\w-]+\s+){{0,3}}?(?P<here>{_GENDER_NOUNS}){HERE_END}"
    r"|\bя\s+(?:—\s+)?(?P<ru>мужчина|женщина|девушка|парень|девочка|мальчик|мама|мать|папа|отец)\b"
)
GENDER_VALUES = {
    "male": "male", "man": "male", "guy": "male", "gentleman": "male", "boy": "male", "dude": "male",
    "dad": "male", "father": "male", "husband": "male", "grandpa": "male", "grandfather": "male",
    "мужчина": "male", "парень": "male", "мальчик": "male", "папа": "male", "отец": "male",
    "female": "female", "woman": "female", "girl": "female", "lady": "female", "gal": "female",
    "mom": "female", "mum": "female", "mother": "female", "wife": "female", "grandma": "female",
    "grandmother": "female",
    "женщина": "female", "девушка": "female", "девочка": "female", "мама": "female", "мать": "female",
}  # fmt: skip


# Words between "I am" and a gender noun that make the noun someone else's or no description of the user: "i'm not a
# woman", "i'm like a big kid", "i'm married and my husband…", "i'm the man's cousin".
NOT_SAID_OF_ONESELF = frozenset(
    {"not", "no", "like", "than", "of", "with", "for", "and", "or", "but", "my", "your", "his", "her", "our", "their",
     "the", "this", "that"}
)  # fmt: skip


def gender(s: Sentence) -> list[Finding]:
    """Gender only when the user names it ("I'm a woman", «я мужчина»), never from grammar or a name."""
    for m in GENDER_RE.finditer(s.norm):
        noun = next(g for g in ("en", "here", "ru") if m.group(g))
        between = m.group()[: m.start(noun) - m.start()]
        if any(w in NOT_SAID_OF_ONESELF for w in between.split()):
            continue
        if BEING_ANYONE_RE.search(s.norm, m.start(), m.end() + 30):
            continue
        if _own_statement(s, m.start(), m.start() + 1):
            value = GENDER_VALUES[m.group(noun)]
            return [
                Finding("profile", {"value": value}, s, action="correct" if s.correcting else "assert", slot="gender")
            ]
    return []


# --- preferences ---------------------------------------------------------------------------------

# How long the writer has gone without a food, said before «не ем»: «уже месяц», «второй год», «полгода», «три
# недели», «с мая», «с нового года». Abstaining that long is a diet as a stop is («я уже год не ем мясо» is «перестала
# есть мясо» told by its length); days are a fast or an illness («третий день не ем»), not a diet.
_RU_SPAN = r"(?:недел[юиь]|недель|месяц(?:а|ев)?|год(?:а)?|лет)"
_RU_ABSTAINING_SPAN = (
    r"(?:(?:уже|вот\s+уже|целый|целую|целых|почти|больше|более|около)\s+)*"
    r"(?:(?:\d+|один|два|две|три|четыре|пять|шесть|семь|восемь|девять|десять|пару|несколько|много|полтора|полторы)\s+"
    rf"{_RU_SPAN}|(?:втор|трет|четверт|пят|шест|седьм|восьм|девят|десят)[а-яё]+\s+{_RU_SPAN}|неделю|месяц|год|полгода"
    r"|с\s+(?:января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря|весны|лета|осени|зимы"
    r"|детства|прошлого\s+года|нового\s+года|\d{4}(?:\s+года)?))"
)
# Separate patterns, not one alternation: "я перешел на веганство" must reach the second one.
DIET_CUE_RES = (
    re.compile(
        r"\b(?:я|i'm|i\s+am|i've\s+been|i\s+have\s+been)\s+(?:теперь\s+|уже\s+|тоже\s+|также\s+|стал[аи]?\s+|на\s+|now\s+"
        r"|a\s+|also\s+|strictly\s+|mostly\s+|—\s+)*([\w-]+)"
    ),
    re.compile(
        r"\b(?:перешл[аи]|перешел|стал[аи]?|стал|became|become|switched|switch|went|turned|converted|gone|going)\s+"
        r"(?:from\s+[\w-]+\s+to\s+|to\s+|на\s+)?(?:a\s+|an\s+)?([\w-]+)"
    ),
    re.compile(r"\b(?:on(?:\s+a|\s+the)?|follow\s+a|сижу\s+на|соблюдаю)\s+([\w-]+)"),
    re.compile(
        r"\bi\b[^.,;!?]{0,30}?\b(?:am|'m|be|being|became|become)\s+(?:(?:a|an|more\s+of\s+a|strict|strictly|mostly"
        r"|now|also|fully|full)\s+)*([\w-]+)"
    ),
    re.compile(r"\bmy\s+diet\s+(?:is|has\s+to\s+be)\s+(?:strictly\s+|mostly\s+)?([\w-]+)"),
    re.compile(r"\bi\s+(?:only\s+|mostly\s+|strictly\s+)?eat\s+(?:only\s+)?([\w-]+)\s+(?:food|foods|meals|only)\b"),
    re.compile(r"\b(?:as\s+an?\s+|being\s+)([\w-]+)|(?:^|[,;]\s*)([\w-]+)\s+here\b"),
    # "vegetarian is my diet", "vegan is my lifestyle".
    re.compile(r"\b([\w-]+)\s+is\s+my\s+(?:diet|lifestyle|life\s+style|way\s+of\s+eating)\b"),
    # The diet as what the user's way of eating is: "it fits my keto diet", "even of my vegan lifestyle".
    re.compile(
        r"\bmy\s+(?:new\s+|strict\s+|current\s+)?([\w-]+)\s+(?:diet|lifestyle|life\s*style|way\s+of\s+(?:life|eating))\b"
    ),
    # Said with adverbs or an adjective between: "i am 100% vegan", "i am actually and really a vegan", "i'm a proud
    # vegetarian" (a negation is no adverb: "i am not vegan" names none).
    re.compile(r"\b(?:i'm|i\s+am|im)\s+(?:(?:\w+ly|and|100%?|percent)\s+)*(?:an?\s+(?:[\w-]+\s+)?)?([\w-]+)"),
    # "i eat kosher", "we only eat halal".
    re.compile(r"\b(?:i|we)\s+(?:only\s+|mostly\s+|strictly\s+)?eat\s+([\w-]+)\s*(?:$|[,.;!]|so\b|and\b|but\b|now\b)"),
    # The diet with how long it has been kept, the subject left out: «уже три года вегетарианка», «второй год на кето».
    re.compile(rf"(?:^|[,;]\s*)(?:я\s+)?{_RU_ABSTAINING_SPAN}\s+(?:как\s+|на\s+)?([\w-]+)"),
    # A list item with the subject said once: "Pescatarian, based in Oslo".
    re.compile(r"(?:^|[,;]\s*)(?:and\s+|и\s+)?(?:a\s+)?([\w-]+)(?=\s*(?:[,;.!]|$|and\b|и\b))"),
)
PET_CUE_RE = re.compile(
    r"\b(?:у\s+(?:меня|нас)\s+(?:(?:есть|тоже|также|еще|живет|живут|живёт)\s+)*|мо[йяе]\s+|мои\s+|наш[аи]?\s+"
    r"|(?:за|по)?вел[аи]?\s+|(?:за|по)?вели\s+|взял[аи]?\s+|взяли\s+|купил[аи]?\s+|подобрал[аи]?\s+|приютил[аи]?\s+"
    r"|держу\s+|держим\s+"
    r"|\b(?:i|we)(?:\s+also|\s+just|\s+do|\s+still|\s+only|\s+now|\s+even|\s+(?!hardly|barely|rarely|nearly)\w+ly)?"
    r"(?:\s+have|\s+own|\s+got|\s+adopted|\s+rescued|'ve\s+got|'ve"
    r"|\s+have\s+got)\s+(?:also\s+)?"
    r"|my\s+|our\s+)"
)
# The frame says the next word is a name, so chat's lower case is taken too ("a dog called max"), unless the word is
# a closed-class one ("named after my grandpa").
PET_NAME_RE = re.compile(
    r"(?:зовут\s+(?:его\s+|ее\s+|её\s+)?|кличк\w*|по\s+имени|назвал[аи]?\s+(?:его\s+|ее\s+|её\s+)?)\s*[:—-]?\s*(?P<ru>[\w-]+)"
    r"|(?i:named|called|(?:(?:his|her|its|whose|the)\s+)?name(?:\s+is|'s))\s+(?P<en>[\w-]+)"
)
PET_BREED_RE = re.compile(
    r"(?:породы|порода\s*[:—-]?)\s+(?P<breed>[\w-]+(?:\s+[\w-]+)?)|^\s*[—-]\s*(?P<apposed>[\w-]+)"
)
NOT_OWNED_RE = re.compile(r"\bнет\s*$|\bno\s*$|\bnot\s*$|\bне\s*$|\bnever\s*$")
# A name written with a capital right after the animal is its name: "our dog Biscuit", «кот Барсик».
PET_NAME_APPOSED_RE = re.compile(r"\s+(?P<name>[A-ZА-ЯЁ][a-zа-яё]+(?:-[A-ZА-ЯЁ]?[a-zа-яё]+)?)\b(?!['’-])")
# The breed said as what the pet is: "my cat is a maine coon", "our dog Biscuit is a golden retriever".
PET_IS_A_RE = re.compile(r"(?:\s+[\w-]+)?\s+(?:is|was|'s)\s+(?:an?\s+)?(?:(?:purebred|pure-bred|full-blooded)\s+)?")


def _pet_details(s: Sentence, start: int, pet: str) -> dict[str, Any]:
    """Breed and name said right after the pet: «щенка — бигль, зовут Бакс», "a cat named Miso"."""
    details: dict[str, Any] = {}
    rest_raw = s.raw[start:]
    breed = PET_BREED_RE.search(s.norm[start:])
    if breed:
        group = "breed" if breed.group("breed") else "apposed"
        word = s.cut(start + breed.start(group), start + breed.end(group))
        if is_content_word(word.split()[0]):
            details["breed"] = word
    # the name said before the next animal of a list: "a cat and a dog called Bo" names the dog
    next_one = re.search(r"\s(?:and|и|&)\s", rest_raw)
    named = PET_NAME_RE.search(rest_raw[: next_one.start()] if next_one else rest_raw)
    if named and is_content_word(name := named.group("ru") or named.group("en")):
        details["name"] = _capitalised(name)
    apposed = PET_NAME_APPOSED_RE.match(s.raw, start)
    if apposed and "name" not in details and _apposed_pet_name(apposed.group("name")):
        details["name"] = apposed.group("name")
    is_a = PET_IS_A_RE.match(s.norm, apposed.end() if apposed and "name" in details else start)
    bred = _breed_at(s, is_a.end()) if is_a and "breed" not in details else None
    if bred and bred[1] == pet:
        details["breed"] = bred[0]
    return details


def _apposed_pet_name(word: str) -> bool:
    """A capitalised word after the animal that is a name, not the next word of the clause ("my dog Is sick" typed so,
    "our cat Luna", not "my dog I love")."""
    lower = word.lower()
    return (
        is_content_word(lower)
        and not _closed_class(lower)
        and not _pet_of(lower)
        and lower not in CALENDAR_WORDS
        and lower not in ("i", "я")
    )


def _pet_named(word: str) -> str | None:
    """The pet a word names in the table, its possessive too ("kitties" → cat, "my dog's name is Rex"), or None."""
    return _pet_of(word.removesuffix("'s").removesuffix("’s"))


def _breed_at(s: Sentence, start: int) -> tuple[str, str, int] | None:
    """The breed named from char `start` on as listed, its species and where its name ends ("golden retrievers" →
    golden retriever, dog; «немецкую овчарку» → немецкая овчарка, собака): the longest listed breed, word by word in
    its dictionary form. Not a breed naming another thing ("a greyhound ticket")."""
    text = s.norm[start:]
    words = tokenize(text)[: BREED_WORDS + 1]
    for n in range(min(len(words), BREED_WORDS), 0, -1):
        listed = _breeds().get(_breed_key(w.text for w in words[:n]))
        if listed is None:
            continue
        after = words[n].text if n < len(words) and not text[words[n - 1].end : words[n].start].strip() else None
        if after and after.isascii() and after not in BREED_NEXT and not _pet_of(after) and _only_a_noun(after):
            return None
        return (*listed, start + words[n - 1].end)
    return None


BREED_WORDS = 4


def _only_a_noun(word: str) -> bool:
    """An English noun that is no adverb ("ticket", not "last" or "yesterday"): a breed's name before it modifies it."""
    classes = morphology.english_word_classes(word)
    return "NOUN" in classes and "ADV" not in classes


# What may follow a breed's name in English: its name, a cross ("a beagle mix").
BREED_NEXT = frozenset({"named", "called", "mix", "cross", "puppy", "puppies"})


@lru_cache(maxsize=1)
def _breeds() -> dict[str, tuple[str, str]]:
    return {_breed_key(name.split()): (name, kind) for name, kind in lexicon.person_words()["breeds"].items()}


def _breed_key(words: Iterable[str]) -> str:
    return " ".join(w.removesuffix("s") if w.isascii() else morphology.lemma(w) for w in words)


def _pet_of(word: str) -> str | None:
    """The pet a word names in the table by any of its forms ("kitties" → cat), or None."""
    table = lexicon.person_words()["pets"]
    forms = (*noun_forms(word), word.rstrip("s"), morphology.lemma(word))
    return next((table[f] for f in forms if f in table), None)


# The user's own question names the animal, the answer counts theirs: "do you like dogs? i have two", "do you have
# cats? i've got three".
ASKED_PET_RE = re.compile(
    r"\b(?:do|did)\s+(?:you|u)\s+(?:\w+\s+)?(?:like|love|have|own|want)\s+(?:any\s+)?(?P<pet>[\w']+)"
)


# The animal liked, then counted as the user's: "i love cats and have five of them", "i adore dogs, i own two".
LIKED_THEN_COUNTED_RE = re.compile(
    r"\bi\s+(?:(?:really|also|just|absolutely)\s+)?(?:love|like|adore)\s+(?P<pet>[\w']+)\s*(?:,\s*|\s+)(?:and|so)?\s*"
    rf"(?:i\s+)?(?:also\s+)?(?:have|own)\s+(?P<count>{numbers.NUMBER_TOKEN})(?:\s+of\s+them)?\s*(?:[,.!;]|$)"
)


def _pets_counted(s: Sentence) -> list[Finding]:
    """Pets the sentence counts but names elsewhere: in the user's own question before it, or as what they like."""
    asked = ASKED_PET_RE.search(s.asked) if s.asked else None
    counted = HAVE_A_NUMBER_RE.match(s.norm) if asked else None
    named = asked if counted else None
    if named is None:
        counted = named = LIKED_THEN_COUNTED_RE.search(s.norm)
        if counted and not _own_statement(s, counted.start(), counted.start("count")):
            return []
    pet = _pet_named(named.group("pet")) if named and counted else None
    count = numbers.number_value(counted.group("count")) if counted else None
    if not pet or not count:
        return []
    attributes: dict[str, Any] = {"value": pet, **({"count": count} if count > 1 else {})}
    return [Finding("preferences", attributes, s, slot="pets")]


def pets(s: Sentence) -> list[Finding]:
    if "аллерг" in s.norm or "allerg" in s.norm:
        return []
    counted = _pets_counted(s)
    if counted:
        return counted
    found: list[Finding] = []
    for m in PET_CUE_RE.finditer(s.norm):
        if NOT_OWNED_RE.search(s.norm[: m.end()]) or not _own_statement(s, m.start(), m.end()):
            continue
        if re.match(r"to\s", s.norm[m.end() :]):
            continue  # "i have to say cats": an obligation, not a pet ("i have to walk my dog" is read at "my")
        tokens = tokenize(s.norm[m.end() :])[:4]  # "у меня есть два рыжих кота"
        count = numbers.leading_number([t.text for t in tokens])
        for token in tokens:
            if token.text in ("нет", "no", "not", "никаких", "никого", "any"):
                break  # "у меня нет собаки", "I don't have any pets"
            pet, end, breed = _pet_named(token.text), m.end() + token.end, None
            if pet is None and (bred := _breed_at(s, m.end() + token.start)):
                breed, pet, end = bred
            if pet and _own_statement(s, m.start(), end):
                attributes: dict[str, Any] = {"value": pet}
                if count and count[0] > 1 and not _another_item_between(s, m.end(), tokens[count[1] - 1].end, token):
                    attributes["count"] = count[0]
                attributes.update(_pet_details(s, end, pet))
                if breed:  # "we adopted a beagle named Max": the breed says the species
                    attributes["breed"] = breed
                if pet not in {f.attributes["value"] for f in found}:
                    found.append(Finding("preferences", attributes, s, slot="pets"))
                found += _more_pets(s, m.end() + token.end, {f.attributes["value"] for f in found})
                break
        else:  # the family first, then the pets: "I've got two daughters and a beagle", «двое детей и кошка»
            if family := FAMILY_BEFORE_PETS_RE.match(s.norm, m.end()):
                found += _more_pets(s, family.end(), {f.attributes["value"] for f in found})
    return found


def _another_item_between(s: Sentence, start: int, number_end: int, pet: Token) -> bool:
    """Whether a list goes on between a number and the pet (offsets from `start`): the number counted an earlier
    item («двое детей и кошка», "3 sons, a cat"), not the pet («две рыжие кошки»)."""
    return bool(re.search(r"[,;]|\b(?:и|and|plus|а)\b", s.norm[start + number_end : start + pet.start]))


# The people of a household listed before its pets, up to the "and" that brings the pets in.
_HOUSEHOLD_MEMBER = (
    r"(?:[\w-]+\s+){0,2}(?:kids?|children|sons?|daughters?|boys|girls?|babies|baby|husband|wife|grandkids"
    r"|grandchildren|дет(?:и|ей)|ребен(?:ок|ка)|сын(?:а|овей|овья)?|доч(?:ь|ери|ерей|ка|ки|ек)|муж|жена"
    r"|внук(?:а|ов|и)?|внучк(?:а|и))"
)
FAMILY_BEFORE_PETS_RE = re.compile(rf"\s*{_HOUSEHOLD_MEMBER}(?:\s*,\s*{_HOUSEHOLD_MEMBER})*\s*(?=(?:and|и|plus)\b)")


# What makes a pet listed after "and" none of the writer's: another's ("a sister and her cat", «брат и его
# собака») or none at all ("a son and no dog", «сын и никаких собак»).
NOT_THE_WRITERS_PET = frozenset(
    {"his", "her", "their", "its", "его", "ее", "её", "их", "no", "not", "never", "без", "нет", "никаких", "ни"}
)


def _more_pets(s: Sentence, start: int, seen: set[str]) -> list[Finding]:
    """Pets listed after the first one in the same clause: "a dog and 2 cats", «кошка и два попугая»."""
    found = []
    clause_end = re.search(r"[.;!?]|\b(?:but|но|а)\b", s.norm[start:])
    tokens = tokenize(s.norm[start : start + clause_end.start()] if clause_end else s.norm[start:])
    for i, token in enumerate(tokens):
        if token.text not in ("and", "и", "plus", "also"):
            continue
        following = tokens[i + 1 : i + 4]
        count = numbers.leading_number([t.text for t in following])
        for word in following:
            if word.text in NOT_THE_WRITERS_PET:
                break
            pet, pet_end, breed = _pet_of(word.text), start + word.end, None
            if pet is None and (bred := _breed_at(s, start + word.start)):
                breed, pet, pet_end = bred
            if pet and pet not in seen:
                seen.add(pet)
                attributes: dict[str, Any] = {"value": pet}
                if count and count[0] > 1:
                    attributes["count"] = count[0]
                attributes.update(_pet_details(s, pet_end, pet))
                if breed:
                    attributes["breed"] = breed
                found.append(Finding("preferences", attributes, s, slot="pets"))
                break
    return found


# What a Russian habit may say between its verb and the game or the place: how often, when, with whom («играю
# иногда в теннис», «гоняем по субботам в волейбол», «хожу с подругой на йогу», «катаемся всей семьей на лыжах»).
_RU_HABIT_GAP = (
    r"(?:(?:тоже|также|еще|часто|иногда|регулярно|обычно|постоянно|вместе|немного|давно|сам[аи]?|всей\s+семьей"
    r"|по\s+[а-яё]+(?:ам|ям)|кажд(?:ый|ую|ое)\s+[а-яё]+|со?\s+(?:[а-яё-]+\s+)?[а-яё-]+(?:ми|ом|ем|ой|ей|ёй|ым|им))\s+){0,3}"
)


# Habits: a sport or a pastime the user does, in the words people use for it.
HOBBY_RES = (
    # "занимаюсь плаванием", "увлекаюсь фотографией": the instrumental.
    (
        re.compile(r"\b(?:занимаюсь|занимаемся|увлекаюсь|увлекаемся)\s+(?:(?:уже|давно|тоже|также|регулярно)\s+)*"),
        "ablt",
    ),
    # «занимаюсь ремонтом» is no pastime: after "занимаюсь" and verbs of going only sports count (below).
    # "играю в теннис", «по субботам гоняем в волейбол»: the accusative after в.
    (
        re.compile(rf"\b(?:играю|играем|гоняю|гоняем|режусь|режемся|рублюсь|рубимся)\s+{_RU_HABIT_GAP}в\s+"),
        "accs",
    ),
    # "хожу на йогу", "хожу в бассейн".
    (re.compile(rf"\b(?:хожу|ходим|езжу|ездим)\s+{_RU_HABIT_GAP}(?:на|в)\s+"), "accs"),
    # «играю на гитаре»: an instrument played, the prepositional (only instruments: «играю на бирже» is no pastime).
    (re.compile(r"\b(?:играю|играем)\s+(?:(?:тоже|немного|давно|иногда|сам[аи]?)\s+)?на\s+"), "instrument"),
    # «катаюсь на велосипеде», «зимой хожу на лыжах»: riding or going on the sport's equipment, the prepositional.
    (
        re.compile(rf"\b(?:катаюсь|катаемся|хожу|ходим|езжу|ездим)\s+{_RU_HABIT_GAP}на\s+"),
        "loct",
    ),
    (re.compile(r"\bмо[её]\s+(?:любимое\s+)?(?:хобби|увлечение)\s*(?:[:—-]|это|—\s+это)?\s*"), "nomn"),
    (
        re.compile(
            r"(?:\b(?:i|we|me\s+and\s+(?:my|the)\s+[a-z]+)\s+(?:(?:also|often|still|sometimes|always|even|just"
            r"|(?!(?:hardly|barely|rarely|seldom|scarcely)\b)[a-z]+ly)\s+){0,2}|\band\s+(?:also\s+)?)"
            r"(?:play|do|practi[cs]e)\s+(?:a\s+lot\s+of\s+)?"
        ),
        "en",
    ),
    (re.compile(r"\b(?:i|we)\s+(?:also\s+|often\s+|usually\s+)?go\s+(?=\w+ing\b)"), "en"),
    (
        re.compile(
            r"\bmy\s+(?:favou?rite\s+|main\s+|biggest\s+|true\s+)?(?:hobby|hobbies|pastime|sport|passion)\s+"
            r"(?:is|are|include)\s+"
        ),
        "en",
    ),
    # "I spend my weekends hiking", "we spend our evenings playing chess", "i spend a lot of time gardening".
    (
        re.compile(
            r"\b(?:i|we)\s+(?:usually\s+|often\s+|always\s+)?spend\s+"
            r"(?:my|our|all\s+(?:of\s+)?(?:my|our)|most\s+of\s+(?:my|our)|much\s+of\s+(?:my|our)|a\s+lot\s+of|lots\s+of)\s+"
            r"(?:(?:free|spare)\s+)?(?:time|weekends?|evenings?|days\s+off|summers?|winters?|nights|mornings)\s+(?=\w+ing\b)"
        ),
        "en",
    ),
    (re.compile(r"\bi\s+(?:also\s+|often\s+|usually\s+)?listen\s+to\s+"), "en"),
    (
        re.compile(
            rf"\b{I_AM}\s+(?:\w+\s+){{0,2}}?into\s+(?:sports,?\s+(?:mostly|especially|specifically)\s+)?|\bin\s+my\s+(?:free|spare)\s+time,?\s+i\s+(?:like\s+to\s+)?"
            r"|\bi\s+(?:really\s+|also\s+|do\s+)?(?:love|enjoy|like)\s+(?=\w+ing\b|to\s+\w+)(?:to\s+)?"
        ),
        "en",
    ),
)
NEGATED_CUE_RE = re.compile(r"\b(?:not|never)\b|n't\b")
HOBBY_STOP_RE = re.compile(
    r"\s+(?:with|at|in|on|for|and|or|but|because|cause|cuz|so|since|while|whenever|if|when|every|on|after|before|during"
    r"|around|through|like|especially|though|yeah"
    r"|и|а|но|с|со|по|в)\b.*$"
)


# Gerunds of tastes, and of states, work and light verbs that name no activity: "I love living in a big city", "I
# like being outdoors", "I enjoy getting up early" say where or how the writer likes to be, and "I spend all my time
# working / worrying" how the time goes, not a pastime.
NOT_PASTIME_GERUNDS = frozenset(
    (
        *("eating", "drinking", "having", "going", "living", "being", "getting", "staying", "feeling", "knowing"),
        *("seeing", "working", "waiting", "worrying", "thinking", "wondering", "crying", "trying", "complaining"),
        "stressing",
    )
)


# Verbs that, said after "i like to", name no pastime of their own ("i like to think that…", "i like to keep the house
# tidy"): the bare forms of NOT_PASTIME_GERUNDS and other light verbs. What one likes to eat or drink is a taste
# (likes() reads it), not a pastime.
NOT_PASTIME_VERBS = frozenset(
    (
        *("eat", "drink", "have", "go", "live", "be", "get", "stay", "feel", "know", "see", "work", "wait", "worry"),
        *("think", "wonder", "cry", "try", "complain", "stress", "say", "keep", "help", "believe", "hear", "let"),
        *("give", "put", "call", "imagine", "pretend", "come", "leave", "use", "spend", "talk", "look"),
    )
)
# What a verb reaches for when it has an object the words after it do not name: "i like to wear my…", "i love to
# cook them", "i like to visit the…". After "i like to <verb>", any other closed-class word ends the pastime.
OBJECT_WORDS = frozenset(
    (
        *("my", "your", "his", "her", "its", "our", "their", "the", "a", "an", "some", "it", "them", "him", "me"),
        *("you", "us", "this", "that", "these", "those", "what", "how", "when", "where", "about", "up", "out", "for"),
    )
)

# Objects that point back to a thing said elsewhere: a verb with one of them names no pastime by itself.
REFERRING_OBJECTS = frozenset({"it", "them", "him", "her", "mine", "yours", "ones"})
# What makes "it" the subject of a new clause run on ("i play football it is fun") rather than an object.
CLAUSE_VERBS_AFTER_IT = frozenset({"is", "was", "'s", "makes", "helps", "keeps", "gives", "relaxes", "gets"})


def _refers_back(word: str, following: str) -> bool:
    """ "them", "mine", "her" as the verb's object; not "it" opening a clause ("running it is a stress reliever"),
    nor "her" before her noun ("reading her books")."""
    if word not in REFERRING_OBJECTS:
        return False
    if word == "it" and following in CLAUSE_VERBS_AFTER_IT:
        return False
    return not (word == "her" and "NOUN" in morphology.english_word_classes(following))


# "a bit of everything", "a lot of things": how much, not what.
QUANTITY_WORDS = frozenset(("bit", "lot", "lots", "little", "ton", "tons", "bunch"))


def _hobby_value(s: Sentence, start: int, case: str) -> str | None:
    # The pastime ends with its clause: "i love to travel, it is one of my hobbies" names "travel".
    phrase = HOBBY_STOP_RE.sub("", re.split(r"[,.;:!?]", s.norm[start : start + 40])[0])
    words = [t.text for t in tokenize(phrase)][:2]
    if case == "en":
        words = [t.text for t in tokenize(phrase)][:5]  # "listening to pearl jam": the verb, then a name
        if words[:1] in (["go"], ["going"]) and len(words) > 1 and words[1].endswith("ing"):
            words = words[1:]  # "I like to go fishing", "I love going hiking": the pastime is the gerund
        if words[:2] == ["working", "out"]:
            return "working out"  # exercise, though working alone is no pastime
        if words and words[0] in NOT_PASTIME_GERUNDS:
            return None  # "I love eating shawarma", "I love going to the beach" are tastes (likes), not pastimes
        if words and words[0] in ("playing", "doing", "practicing", "practising", "play", "do", "practice", "practise"):
            words = words[1:]  # "I enjoy playing basketball", "i like to play video games": the game, not the verb
        listened = words[:2] in (["listening", "to"], ["listen", "to"]) or bool(
            re.search(r"\blisten\s+to\s$", s.norm[:start])
        )
        if words[:2] in (["listening", "to"], ["listen", "to"]):
            words = words[2:]
        following = [w for w in words if w not in ("the", "a", "some")]
        # What follows the first two words as said: "running six miles a day" runs on to no "day".
        kept = [i for i, w in enumerate(words) if w not in ("the", "a", "some")]
        run_on = words[kept[1] + 1 :] if len(kept) > 2 else []
        words = following[:2]
        if not words or not all(is_content_word(w) for w in words[:1]):
            return None
        sports = lexicon.person_words()["sports"]
        two = " ".join(words[:2])
        if two in sports:
            return two
        infinitive = re.search(r"\bto\s$", s.norm[:start])
        if words[0] in QUANTITY_WORDS or (infinitive and words[0] in NOT_PASTIME_VERBS):
            return None  # "i listen to a bit of everything", "i like to keep the house tidy", "i love to eat"
        if len(words) == 2 and _refers_back(words[1], run_on[0] if run_on else ""):
            return None  # "i love wearing them", "i love to take mine swimming": the pastime is in what they refer to
        if infinitive and len(words) == 2 and not is_content_word(words[1]):
            if words[1] in OBJECT_WORDS or words[0] in NOT_PASTIME_VERBS:
                return None  # "I like to wear my…": the pastime is not the verb alone
            return words[0]  # "i like to dance though", "i love to ski all day": the verb is the pastime
        if len(words) == 2 and is_content_word(words[1]):
            if infinitive or words[0].endswith("ing") or listened:
                # The object runs on while its next word is a noun: "singing folk songs", "reading true crime novels".
                said = list(itertools.takewhile(_noun_after_its_modifier, run_on[:2]))
                return " ".join(
                    [*words, *said]
                )  # "I like to read books", "sipping tea": the verb needs its object; "Pearl Jam" is one name
            if words[1].endswith("s") and not words[1].endswith("ss"):
                return two  # "video games", "board games": a plural noun completes the pastime
        return words[0]
    if not words:
        return None
    # The noun in the case the cue governs, back to its dictionary form; an adjective before it agrees.
    out = []
    for word in words:
        reading = next((p for p in morphology.parses(word) if p.tag.case == case or case == "nomn"), None)
        if reading is None or not {"NOUN", "ADJF"} & reading.tag.grammemes:
            break
        if "NOUN" in reading.tag.grammemes:
            out.append(reading.normal_form.replace("ё", "е"))
            break
        out.append(word)
    if not out or not any("NOUN" in p.tag.grammemes for p in morphology.parses(out[-1])):
        return None
    if len(out) == 2:
        noun = morphology.best(out[1])
        adjective = next((p for p in morphology.parses(out[0]) if "ADJF" in p.tag.grammemes), None)
        agreed = adjective.inflect({"nomn", noun.tag.gender or "masc", "sing"}) if adjective else None
        out[0] = agreed.word if agreed else out[0]
    return " ".join(out)


TASTE_VERBS = frozenset({"love", "like", "hate", "enjoy", "adore"})
# Nouns that say when, how often or where a pastime is done, not what it is done to: "hunting multiple times",
# "riding roller coasters outdoors".
WHEN_OR_WHERE_WORDS = CALENDAR_WORDS | {
    *("time", "times", "day", "days", "week", "weeks", "night", "nights", "weekend", "weekends", "year", "years"),
    *("outdoors", "indoors", "outside", "inside", "home", "everyday", "today", "tonight"),
}


def _noun_after_its_modifier(word: str) -> bool:
    """A noun the words before it modify ("folk songs", "green cars"), not a word that tells how or when."""
    if ADVERB_RE.search(word) or word in WHEN_OR_WHERE_WORDS or VALUE_END_RE.match(" " + word) or word in TASTE_VERBS:
        return False  # "read books daily", "watch movies monday", "reading comics love it"
    if not is_content_word(word):
        return False
    return "NOUN" in morphology.english_word_classes(word)


# The pastime first, then what it is to the writer: "climbing is something i love to do", "knitting is what i enjoy
# most", "fishing is my life", "cooking is a great hobby". ("X is my favourite" is a taste: FAVOURITE_BEFORE_RE.)
PASTIME_FIRST_RE = re.compile(
    r"(?:^|[,;.!]\s*|\b(?:and|but|well|oh|yes|yeah)\s+)(?P<value>[a-z]+(?:\s+[a-z]+)?)\s+is\s+"
    r"(?:(?:something|what|one\s+thing|the\s+thing)\s+i\s+(?:really\s+|truly\s+|absolutely\s+|most\s+)?"
    r"(?:love|enjoy|like|am\s+(?:most\s+|really\s+)?passionate\s+about)\b"
    r"|my\s+(?:life|thing|escape|therapy)\b|(?:a|my)\s+(?:good|great|fun|nice|relaxing)\s+(?:hobby|pastime)\b"
    # "sewing is one of my big hobbies", "reading is my favourite pastime", "dancing is my passion"
    r"|(?:one\s+of\s+)?my\s+(?:(?:favou?rite|big|biggest|main|greatest|true|new|only)\s+)?(?:hobby|hobbies|pastimes?"
    r"|passions?)\b)"
)


def _pastime_named_first(s: Sentence) -> list[str]:
    """Pastimes said before what they are to the writer: a gerund ("climbing") or a known sport ("golf")."""
    sports = lexicon.person_words()["sports"]
    found = []
    for m in PASTIME_FIRST_RE.finditer(s.norm):
        value = m.group("value")
        last = value.split()[-1]
        gerund = last.endswith("ing") and len(last) > 4 and last not in NOT_PASTIME_GERUNDS and is_content_word(last)
        if not _own_statement(s, m.end("value"), m.end()):
            continue
        if value in sports or last in sports:
            found.append(value if value in sports else last)
        elif gerund:
            found.append(last)
    return found


# Everyday activities, the instrumental activities of daily living of Lawton's scale (preparing meals, housekeeping,
# laundry, shopping, getting about by car): a pastime only when the writer says it is one, that they like it or do it
# for fun ("i love to cook", "cooking is my passion", "in my spare time i clean"), not when they only do it ("we cook
# gluten-free", "i cook dinner for my kids", "i go shopping every weekend"). Baking, no daily need, stays a pastime.
EVERYDAY_ACTIVITIES = frozenset(
    {"cook", "clean", "shop", "drive", "wash", "iron", "vacuum", "tidy", "dust", "laundry", "housework", "chore",
     "errand", "grocery", "groceries"}
)  # fmt: skip
PASTIME_CUE_RE = re.compile(
    r"\b(?:i|we)\s+(?:(?:really|also|just|do|truly|absolutely|especially|both|all)\s+)*(?:love|enjoy|like|adore)\b"
    rf"|\b(?:{I_AM}|we're|we\s+are)\s+(?:\w+\s+)?into\b|\bfor\s+(?:fun|pleasure|relaxation|enjoyment)\b"
    r"|\bas\s+an?\s+(?:hobby|pastime)\b|\bto\s+(?:relax|unwind|de-?stress)\b|\b(?:free|spare|down)\s*time\b"
    r"|\b(?:hobby|hobbies|pastimes?|passions?)\b|\bmy\s+(?:life|thing|escape|therapy)\b"
)


def _everyday(value: str) -> bool:
    first = value.split()[0]
    return bool({first, *morphology.english_lemmas(first)} & EVERYDAY_ACTIVITIES)


def hobbies_and_sports(s: Sentence) -> list[Finding]:
    sports = lexicon.person_words()["sports"]
    found: list[Finding] = []
    seen: set[str] = set()

    def add(value: str) -> None:  # a known sport under its stored name, any other pastime as said
        seen.add(value)
        if _everyday(value) and not PASTIME_CUE_RE.search(s.norm):
            return  # "we cook gluten-free", "i go shopping on saturdays": done, not said to be enjoyed
        slot = "sports" if value in sports else "hobbies"
        found.append(Finding("preferences", {"value": sports.get(value, value)}, s, slot=slot))

    for named in _pastime_named_first(s) + _habits(s):
        if named not in seen:
            add(named)
    for pattern, case in HOBBY_RES:
        for m in pattern.finditer(s.norm):
            if not _own_statement(s, m.start(), m.end()) or NOT_OWNED_RE.search(s.norm[: m.start()]):
                continue
            if NEGATED_CUE_RE.search(m.group()):
                continue  # "i am not really into football": a distaste (likes() reads it), not a pastime
            if framing_a_complaint(s, m.start()):
                continue  # «когда играю в теннис, болит локоть»
            if DOING_CUE_RE.search(m.group()) and _one_occasion(s, m.start(), m.end()):
                continue  # «сегодня играем в футбол», "we play soccer tomorrow": a plan, not a habit
            value = _hobby_value(s, m.end(), "loct" if case == "instrument" else case)
            if case == "instrument" and value not in lexicon.person_words()["instruments"]:
                continue
            if not value or value in seen:
                continue
            going = (
                r"(?:занимаюсь|занимаемся|хожу|ходим|езжу|ездим|катаюсь|катаемся)\b"
                r"|(?:i|we)\s+(?:\w+\s+)?do\s+(?:a\s+lot\s+of\s+)?$|and\s+(?:also\s+)?do\b"
            )
            # "i do a lot of hiking": a pastime done much, as "i go hiking" is one done at all
            much = m.group().endswith("a lot of ") and value.endswith("ing")
            if value not in sports and re.match(going, m.group()) and not much:
                continue
            add(value)
            if case == "en":
                for more in _more_pastimes(s, m.end(), value):
                    if more not in seen:
                        add(more)
    return found


# A day named in the clause of a present verb makes it that day's plan or doing, not a habit: «сегодня играем в футбол»,
# «в эту субботу идем на каток», "we play soccer tomorrow", "i play tennis this weekend". ("Now", «сейчас» say what
# goes on these days: a habit still.)
_WEEKDAYS = r"(?:понедельник|вторник|среду|четверг|пятницу|субботу|воскресенье|выходные)"
ONE_OCCASION_WORDS_RE = re.compile(
    rf"\b(?:сегодня|завтра|послезавтра|вчера|в\s+эт(?:у|от|о|и)\s+{_WEEKDAYS}|today|tonight|tomorrow|yesterday"
    r"|this\s+(?:morning|afternoon|evening|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b"
)


# The cues that say a pastime is done, not liked: only these a day can make one occasion ("i like to walk, i did 2
# miles today" still likes walking).
DOING_CUE_RE = re.compile(
    r"\b(?:play|do|practi[cs]e|go|играю|играем|гоняю|гоняем|режусь|режемся|рублюсь|рубимся|хожу|ходим|езжу|ездим"
    r"|катаюсь|катаемся|занимаюсь|занимаемся)\b"
)


def _one_occasion(s: Sentence, start: int, end: int) -> bool:
    clause_start = max((m.end() for m in CLAUSE_BREAK_RE.finditer(s.norm, 0, start)), default=0)
    clause_end = m.start() if (m := CLAUSE_BREAK_RE.search(s.norm, end)) else len(s.norm)
    return bool(ONE_OCCASION_WORDS_RE.search(s.norm, clause_start, clause_end))


# A pastime said as a habit, its verb alone naming it: "i knit hats", "we camp every summer", "i also paint when i
# have time", "i swim laps". Only a verb of the pastime list, and not where its object makes it another act ("i read
# that…", "i fish for compliments", "i write to my sister"): what follows is the clause's end, a time, place or manner
# of the habit, or an object noun without a determiner.
HABIT_RE = re.compile(
    r"\b(?:i|we)\s+(?:(?:also|often|usually|still|really|sometimes|regularly|always|mostly|mainly|actually|even|do"
    r"|just|occasionally)\s+)*(?P<verb>[a-z]+)\b"
)
HABIT_TAIL_RE = re.compile(
    r"\s*(?:$|[,.;:!?)]|(?:a\s+lot|alot|lots|every|each|daily|weekly|often|sometimes|whenever|when|on|in|at|with|and"
    r"|but|too|also|regularly|as\s+a\s+hobby|for\s+fun|all\s+the\s+time|most|competitively|together"
    r"|outside|outdoors|now|again|still|myself|though|tho|twice|once|since|because|lol|haha)\b)"
)


def _habits(s: Sentence) -> list[str]:
    """The pastimes the user says they do, as gerunds ("i knit" -> knitting), and those listed after one with the
    subject said once ("i hunt and sew", "i love to cook and read", "for fun i cook, fish, and garden")."""
    verbs = lexicon.person_words()["pastime_verbs_en"]
    found = []
    for m in HABIT_RE.finditer(s.norm):
        verb, end = m.group("verb"), m.end()
        if verb == "work" and (out := WORK_OUT_RE.match(s.norm, end)):
            verb, end = "work out", out.end()  # exercise, though work alone is no pastime
        elif verb not in verbs:
            continue
        if not _own_statement(s, m.start(), end) or not _a_habit_ends(s, verb, end):
            continue
        if framing_a_complaint(s, m.start()):
            continue  # "my knees hurt when i climb"
        found.append("working out" if verb == "work out" else morphology.english_gerund(verb))
        found += _habits_listed_after(s, end)
    for m in LIKED_TO_DO_RE.finditer(s.norm):
        if m.group("verb") in verbs and _own_statement(s, m.start(), m.end()):
            found += _habits_listed_after(s, m.end())
    for m in LATELY_RE.finditer(s.norm):
        gerund = m.group("gerund")
        if not set(morphology.english_lemmas(gerund)) & verbs or not _own_statement(s, m.start(), m.end()):
            continue
        if framing_a_complaint(s, m.start()):
            continue
        if LATELY_TAIL_RE.match(s.norm, m.end()) and not ONE_OCCASION_RE.match(s.norm, m.end()):
            found.append(gerund)
    return list(dict.fromkeys(found))


# A pastime taken up of late, said as what one has been doing: "i've been knitting a lot lately", "we have been
# hiking every weekend"; the clause must say it recurs ("i've been running late" is no running).
LATELY_RE = re.compile(
    r"\b(?:i|we)(?:'ve|\s+have|\s+ve)\s+(?:(?:also|really|just|mostly)\s+)?been\s+(?:(?:really|also)\s+)?"
    r"(?P<gerund>[a-z]{3,}ing)\b"
)
LATELY_TAIL_RE = re.compile(
    r"\s*(?:(?!about\b)[a-z]+\s+){0,3}?(?:a\s+lot|alot|lots|lately|recently|more|again|every|each|daily|weekly"
    r"|regularly|these\s+days|for\s+(?:years|months|weeks))\b"
)


def _a_habit_ends(s: Sentence, verb: str, end: int) -> bool:
    """What follows a pastime verb keeps it a habit: the clause's end, a time, place or manner, or an object noun; not
    one occasion, a job, or an object that makes it another act."""
    if ONE_OCCASION_RE.match(s.norm, end) or FOR_A_LIVING_RE.match(s.norm, end):
        return False
    if HABIT_TAIL_RE.match(s.norm, end):
        return True
    following = re.match(r"\s+([\w'-]+)", s.norm[end:])
    if following is None or following.group(1) in OBJECT_WORDS or not is_content_word(following.group(1)):
        return False
    return _object_keeps_the_sport(morphology.english_gerund(verb), following.group(1))


def _object_keeps_the_sport(gerund: str, object_word: str) -> bool:
    """A sport named with the ground it is done on ("rock climbing", "mountain biking", "ice skating") is that ground's
    only: its verb with another object is another act, a way up or across ("i climb stairs", "i climb trees with my
    kids"), while "i climb rocks" is rock climbing. Verbs of other pastimes keep any object ("i knit hats")."""
    grounds = _sport_grounds().get(gerund)
    if not grounds:
        return True
    return bool({object_word, *morphology.english_lemmas(object_word)} & grounds)


@lru_cache(maxsize=1)
def _sport_grounds() -> dict[str, frozenset[str]]:
    """The first words of the sports named "<ground> <gerund>", by gerund: climbing → {rock}, skating → {ice, …}."""
    grounds: dict[str, set[str]] = {}
    for name in lexicon.person_words()["sports"]:
        words = name.split()
        if len(words) == 2 and words[1].endswith("ing"):
            grounds.setdefault(words[1], set()).add(words[0])
    return {gerund: frozenset(words) for gerund, words in grounds.items()}


# The next verb of a list whose subject was said once: "i hunt and sew", "i cook, fish, and garden".
NEXT_HABIT_RE = re.compile(r"(?:\b(?:and|or)|,)\s+(?:(?:also|then|and)\s+)*(?P<verb>[a-z]+)\b")
# A pastime said after a verb of liking, which a list may go on from: "i love to cook and read".
LIKED_TO_DO_RE = re.compile(r"\b(?:love|like|enjoy|prefer)\s+to\s+(?P<verb>[a-z]+)\b")


def _habits_listed_after(s: Sentence, start: int) -> list[str]:
    verbs = lexicon.person_words()["pastime_verbs_en"]
    stop = re.search(r"[.;!?]", s.norm[start:])
    clause_end = start + stop.start() if stop else len(s.norm)
    return [
        morphology.english_gerund(m.group("verb"))
        for m in NEXT_HABIT_RE.finditer(s.norm, start, clause_end)
        if m.group("verb") in verbs and _a_habit_ends(s, m.group("verb"), m.end())
    ]


WORK_OUT_RE = re.compile(r"\s+out\b")
# A job, not a pastime: "i sing professionally", "i hike in nature for my job", "i paint houses for a living".
FOR_A_LIVING_RE = re.compile(r"[^.,;!?]*?\b(?:for\s+a\s+living|for\s+(?:my\s+|a\s+)?(?:job|work)|professionally)\b")
# A time that makes the verb one occasion, not a habit ("i read today", "read" being its past too).
ONE_OCCASION_RE = re.compile(
    r"\s+(?:\w+\s+)?(?:today|yesterday|tonight|last\s+\w+|this\s+(?:morning|afternoon|evening))\b"
)


# A pastime listed after the first: "I like reading and video games", "I play tennis, golf and chess".
NEXT_PASTIME_RE = re.compile(
    r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+(?:also\s+)?)(?P<next>[a-z]+(?:\s+(?!(?:and|or)\b)[a-z]+)?)"
)


def _more_pastimes(s: Sentence, start: int, first: str) -> list[str]:
    """The pastimes coordinated with the first: each a gerund, a known sport or an adjective + plural noun."""
    sports = lexicon.person_words()["sports"]
    at = s.norm.find(first, start)
    if at < 0:
        return []
    position, found = at + len(first), []
    while (m := NEXT_PASTIME_RE.match(s.norm, position)) is not None:
        words = m.group("next").split()
        verb_ing = words[0].endswith("ing") and len(words[0]) > 4 and words[0].isalpha()
        gerund = verb_ing and is_content_word(words[0])
        if verb_ing and len(words) == 2 and words[1].endswith("s") and is_content_word(words[1]):
            value = " ".join(words)  # "making friends": the verb with its object
            position = m.end()
        elif gerund and len(words) == 2 and words[0] not in sports:
            break  # "sipping red wine", "listening to music": the verb's object is not a pastime of its own
        elif words[0] in sports or gerund:
            value = words[0]
            position = m.start("next") + len(value)
        elif (
            len(words) == 2
            and all(is_content_word(w) for w in words)
            and words[1].endswith("s")
            and not words[1].endswith("ss")
        ):
            value = " ".join(words)
            position = m.end()
        else:
            break
        found.append(value)
    return found


# The Russian verbs of taste, in the first person: liking («люблю», «обожаю», «предпочитаю», «мне нравится», «я без
# ума от») and disliking («ненавижу», «терпеть не могу», «не выношу»); «не» before a liking verb makes it a dislike.
RU_TASTE_VERB = (
    r"(?:не\s+)?(?:люблю|обожаю|предпочитаю)|ненавижу|терпеть\s+не\s+могу|не\s+выношу|не\s+перевариваю"
    r"|мне\s+(?:(?:очень|безумно|ужасно|жутко|тоже|также|больше\s+всего|совсем|совершенно|вообще)\s+)*(?:не\s+)?"
    r"нрав(?:ится|ятся)"
)
RU_DISLIKE_RE = re.compile(r"\bне\b|ненавиж")
RU_HOW_MUCH = (
    r"(?:просто|очень|прямо|реально|совсем|вообще|тоже|также|всегда|никогда|с\s+детства|больше\s+всего"
    r"|всей\s+душой|всем\s+сердцем)"
)
# The thing first, the verb closing its clause: «Кофе не люблю», «Кинзу я терпеть не могу», «а джаз просто обожаю».
RU_TASTE_AFTER_RE = re.compile(
    r"(?:^|[,;:.!?—–]\s*|\b(?:а|но|и|зато)\s+)(?!(?:а|но|и|зато)\s)(?P<value>[а-яё][а-яё-]*(?:\s+[а-яё][а-яё-]*){0,2}?)"
    rf"\s+(?:я\s+)?(?:{RU_HOW_MUCH}\s+)*(?P<verb>{RU_TASTE_VERB})(?:\s+{RU_HOW_MUCH})*\s*(?:[,.;!?)]|$)"
)
LIKE_RE = re.compile(
    rf"(?<!\w)({RU_TASTE_VERB}|без\s+ума\s+от)\s+([^,.;!?]{{2,40}})"
    r"|\bi(?=\s|'m\b)\s*(?:(?:really|also|just|definitely|do|still|\w+ly)\s+){0,2}"
    r"(love|like|enjoy|adore|prefer|hate|dislike|detest|despise|loathe|(?:don't|dont|do\s+not)\s+(?:really\s+)?(?:like|eat|drink|care\s+for|enjoy)"
    # "i am in love with sushi", "i'm obsessed with true crime", "i am fascinated by ghosts"
    r"|(?:am|'m)\s+(?:so\s+|totally\s+|completely\s+|really\s+|just\s+)?(?:in\s+love\s+with|obsessed\s+with"
    r"|fascinated\s+(?:by|with)|crazy\s+about|passionate\s+about)"
    r"|(?:can't|cant|cannot|can\s+not)\s+stand|(?:can't|cant|cannot|can\s+not)\s+get\s+enough(?:\s+of)?|watch|read|drink"
    r"|listen\s+to)"
    r"\s+([^,.;!?]{2,40})"
)
NEGATIVE_LIKES = ("hate", "dislike", "detest", "despise", "loathe")
# A taste said with its negation: "i am not keen on hot weather", "i'm not really into sports", "i never liked olives".
NOT_KEEN_RE = re.compile(
    rf"\b{I_AM}\s+not\s+(?:very\s+|really\s+|too\s+|so\s+|that\s+|big\s+|much\s+)?"
    r"(?:keen\s+on|fond\s+of|big\s+on|crazy\s+about|into)\s+(?P<value>[^,.;!?]{2,40})"
    r"|\bi\s+(?:have\s+)?never\s+(?:really\s+)?(?:liked|enjoyed|cared\s+for)\s+(?P<never>[^,.;!?]{2,40})"
)
# The least favourite: "my least favorite food is broccoli", "winter is my least favourite season".
LEAST_FAVOURITE_RE = re.compile(
    r"\bmy\s+least\s+(?:favou?rite|fave|fav)\s+(?:[a-z]+\s+){0,3}?(?:is|are|was|has\s+to\s+be|would\s+be)\s+"
    r"(?P<after>[^,.;!?]{2,40})"
    r"|(?:^|[,;.!]\s*)(?P<before>[\w' -]{2,30}?)\s+(?:is|are)\s+(?:\w+ly\s+)?my\s+least\s+(?:favou?rite|fave|fav)\b"
)
LEAST_RE = re.compile(r"\bleast\s+(?:favou?rite|fave|fav)\b")
# The subject said once for two tastes: "I love tacos but hate spaghetti", "i love strawberries, can't stand pickles".
SECOND_TASTE_RE = re.compile(
    r"(?:(?:\bbut|,|\band)\s+(?:i\s+)?(?:also\s+|really\s+)?(?P<verb>hate|dislike|detest|love|adore|enjoy"
    r"|(?:can't|cant|cannot|can\s+not)\s+stand)|\s(?P<bare_verb>hate|dislike|detest))\s+(?P<value>[^,.;!?]{2,40})"
)
# Everything but one thing: "I'll eat anything but carrots", "I like all kinds of food except broccoli".
EXCEPT_RE = re.compile(
    r"\bi(?:'ll|\s+will|\s+would|'d)?\s+(?:\w+\s+)?(?:eat|like|love|drink|watch|read|listen\s+to)\s+"
    r"(?:anything|everything|all\s+(?:[a-z]+\s+){0,3}?)(?:\s*,)?\s*(?:but|except(?:\s+for)?)\s+(?P<value>[^,.;!?]{2,40})"
)
# A favourite named as the object of a verb of tasting: "eating my favorite ice cream", "drinking my fave green tea"
# (not a kind: "watching my favourite show" names none; after other verbs "my favourite X" is as often a kind as a
# thing: "my favorite chore", "my favorite car").
MY_FAVOURITE_THING_RE = re.compile(
    r"\b(?:eating|drinking|listening\s+to|watching|reading|playing)\s+my\s+(?:very\s+|all\s+time\s+|absolute\s+)?"
    r"(?:favou?rite|fave|fav)\s+(?=[a-z])"
)
# "a huge anime fan", "more of a spring person": the thing before fan/person is liked.
FAN_RE = re.compile(
    rf"\b{I_AM}\s+(?:a\s+|an\s+|more\s+of\s+an?\s+)(?:big\s+|huge\s+|great\s+|massive\s+|real\s+|total\s+)?"
    r"(?P<value>[a-z]+(?:\s+(?:of\s+|and\s+)?[a-z]+){0,2}?)\s+(?:fan|person|lover|addict|enthusiast|buff|junkie|nerd|geek)\b"
    r"(?!\s+of\b)"
)
# «Я большой любитель рыбалки», «я заядлая фанатка сериалов», «я давний поклонник джаза»: the thing, in the genitive,
# is liked; «я не любитель шумных компаний» dislikes it.
RU_FAN_RE = re.compile(
    r"(?:\bя|^)\s*(?P<not>не\s+)?(?:(?:такой|такая|большой|большая|огромный|огромная|заядлый|заядлая|страстный|страстная|настоящий"
    r"|настоящая|ярый|ярая|давний|давняя|жуткий|жуткая)\s+)?(?:фанат(?:ка)?|поклонни(?:к|ца)|любител(?:ь|ьница)"
    r"|ценител(?:ь|ьница))\s+(?P<value>[^,.;!?]{2,40})"
)


def _case_governed_by(verb: str) -> str:
    """The case the object of a Russian verb of taste is in: «нравится» has it as its subject, «без ума от» and
    «любитель» take a genitive, the others an accusative."""
    if "нрав" in verb:
        return "nomn"
    return "gent" if verb.endswith("от") else "accs"


# "a people person", "a morning person"; "i'm a big fan" (of what was said before) names nothing.
NOT_A_FANS_THING = frozenset({"people", "morning", "night", "big", "huge", "great", "massive", "real", "total"})
# "I'm a big fan of dogs", "not a huge fan of cats though": the thing after "fan of", liked or not.
FAN_OF_RE = re.compile(
    rf"(?:\b{I_AM}\s+|^|[,;.!]\s*|\bbut\s+)(?P<not>not\s+)?(?:really\s+)?(?:a\s+|an\s+)?"
    r"(?:big\s+|huge\s+|great\s+|massive\s+|real\s+)?fan\s+of\s+(?P<value>[^,.;!?]{2,40})"
)
# A passion said of the thing: "i am passionate about cooking", "i'm obsessed with horror movies", "i'm a sucker for
# sweets" (not the idiom "a sucker for punishment"), "i have a real passion for photography", "i have a soft spot for
# old cars".
PASSION_RE = re.compile(
    rf"\b{I_AM}\s+(?:(?:really|very|so|quite|pretty|super|kind\s+of|a\s+bit|totally)\s+)?"
    r"(?:passionate\s+about|obsessed\s+with|hooked\s+on|crazy\s+about|mad\s+about|fascinated\s+by"
    r"|(?:such\s+)?an?\s+(?:(?:big|huge|total|real|complete)\s+)?sucker\s+for(?!\s+punishment\b))\s+"
    r"|\bi\s+(?:have|got)\s+(?:a|an)\s+(?:(?:real|huge|big|great|deep|strong|true|special|very)\s+)*"
    r"(?:passion|love|soft\s+spot|weakness)\s+for\s+"
)
LIKE_STOP = re.compile(
    r"^(?:тебя|вас|его|ее|их|это|когда|что|как|если|так"
    r"|it|you|that|this|when|how|to|him|her|them|like)\b"
)


# A diet said by what one left off eating: «бросила есть сладкое», «перестал есть мясо», «отказалась от мяса», "i
# gave up meat", "i stopped eating dairy", "i quit sugar", "i cut out gluten", "i don't eat pork". Stored as what
# the diet is without, the way the diet table names one («без глютена»): «без сладкого», "no dairy". After a verb of
# eating the object is food by the verb; after "gave up", "quit", «отказаться от» it may be anything ("i gave up
# smoking", "i quit my job"), so only a food group (person.json food_groups) names a diet. A plain present "не ем",
# "don't eat" is as often a dislike or a meal skipped today, so it too names only a food group. The subject is the
# user's own: "i", or no subject before a Russian past verb («бросила есть»); not a wish or a modal ("i should stop
# eating sugar" has no "i stopped").
RU_LEFT_OFF_RE = re.compile(
    r"(?:^|[,;:]\s*|\b(?:я|и|а|но|уже|давно|недавно|совсем|полностью|тоже|наконец)\s+)"
    r"(?:(?P<eat_change>(?:перестал[аи]?|бросил[аи]?|прекратил[аи]?)\s+(?:есть|кушать|употреблять)"
    rf"|больше\s+не\s+(?:ем|ела|ел|едим)|{_RU_ABSTAINING_SPAN}\s+не\s+(?:ем|едим|кушаю|употребляю))"
    r"|(?P<leave>отказал(?:ся|ась|ись)\s+от|исключил[аи]?(?:\s+из\s+рациона)?|не\s+ем|не\s+употребляю))\s+"
    r"(?P<food>[\w-]+(?:\s+[\w-]+)?)"
)
EN_LEFT_OFF_RE = re.compile(
    r"\b(?:i|i've|i\s+have|i\s+ve|ive)\s+(?:(?:just|recently|finally|completely|totally|also|already|since|now)\s+)*"
    r"(?:(?P<eat_change>(?:stopped|quit|gave\s+up|given\s+up|no\s+longer)\s+(?:eating|eat)"
    r"|(?:don't|do\s+not|dont|never)\s+eat\s+(?:any\s+)?(?=\w+\s+(?:anymore|any\s+more)\b))"
    r"|(?P<leave>gave\s+up|given\s+up|quit|cut\s+out|cut(?=\s+\w+\s+out\b)|(?:don't|do\s+not|dont)\s+eat))\s+"
    r"(?P<food>[a-z-]+(?:\s+[a-z-]+)?)"
)
# How long the writer has gone without a food, said after it: "in three years", "for years", "for a couple of
# months", "since May", "since college"; not "in ages", "in forever" (what one misses, "i haven't had pizza in
# ages!"), nor since a meal or a day ("since breakfast", "since yesterday": a fast or an illness).
_EN_COUNT = (
    r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|\d+|a\s+few|a\s+couple(?:\s+of)?|several"
    r"|many|a\s+(?:whole|full))"
)
_EN_SPAN = (
    r"(?:(?:now|anymore|any\s+more)\s+)?"
    r"(?:(?:in|for)\s+(?:(?:over|about|almost|nearly|around|like|more\s+than|the\s+(?:past|last))\s+)?"
    rf"{_EN_COUNT}\s+(?:weeks?|months?|years?|decades?)\b|(?:in|for)\s+(?:years|decades)\b"
    r"|since\s+(?!(?:yesterday|today|this|last\s+night|breakfast|lunch|dinner|noon|morning|then|i\s+woke)\b)\w+)"
)
# The writer gone without a food for a time: "i haven't eaten meat in three years" (any food, as after "stopped
# eating"), "i have not had sugar since may", "i've been off dairy for two months" (only a food group: "i haven't had
# a drink since…", "i've been off work for a week").
_EN_HAVE_NOT = r"(?:i|we)(?:\s+have\s+not|\s+haven't|\s+havent|'ve\s+not|\s+ve\s+not)"
_EN_HAVE_BEEN = r"(?:i|we)(?:\s+have|'ve|\s+ve)\s+been"
EN_ABSTAINED_RE = re.compile(
    rf"\b(?:{_EN_HAVE_NOT}\s+(?P<eat_change>eaten)|(?P<leave>{_EN_HAVE_NOT}\s+(?:had|touched)|{_EN_HAVE_BEEN}\s+"
    rf"(?:off|without)))\s+(?:any\s+)?(?P<food>[a-z-]+(?:\s+[a-z-]+)?)(?=\s+(?:{_EN_SPAN}))"
)
# The time since the food was last eaten: "it's been two years since i ate meat", "it has been months since i last
# ate bread".
EN_SINCE_EATEN_RE = re.compile(
    rf"\b(?:it's|it\s+has|its)\s+been\s+(?:(?:over|about|almost|nearly|more\s+than)\s+)?(?:{_EN_COUNT}\s+)?"
    r"(?:weeks?|months?|years?|decades?)\s+since\s+(?:i|we)\s+(?:last\s+)?(?P<eat_change>ate)\s+(?:any\s+)?"
    r"(?P<food>[a-z-]+(?:\s+[a-z-]+)?)"
)
FOOD_HEAD_EN = frozenset({"food", "foods"})
# The words of a time said after the food ("gave up beef last spring"): no part of it.
CALENDAR_WORDS_EN = frozenset({"last", "next", "this", "week", "month", "year", "night", "day", "time", "today"})


def _food_left_off(s: Sentence, m: re.Match[str]) -> str | None:
    """ "no red meat", «без сладкого»: the diet the matched words say, or None when they name no food."""
    words = m.group("food").split()
    known = lexicon.person_words()["food_groups"]
    if s.english:  # "cut sugar out", "gave up meat and fish": the food ends before a closed-class word
        words = list(itertools.takewhile(lambda w: not _closed_class(w) and w not in ("out", "anymore"), words))
        if words and words[-1] in CALENDAR_WORDS_EN:
            words = words[:-1]  # "beef last spring", "pizza this week"
        for phrase in (words, words[:1]):  # "red meat", "potato chips"; "bread completely"
            if phrase and "NOUN" in morphology.english_word_classes(phrase[-1]):
                value = _food_left_off_in_english(m, phrase)
                if value:
                    return value
        return None
    nouns = [w for w in words if morphology.any_reading_has(w, "NOUN") or morphology.any_reading_has(w, "ADJF")]
    if not nouns or nouns[0] != words[0]:
        return None
    words = words[:2] if len(nouns) > 1 and morphology.any_reading_has(words[0], "ADJF") else words[:1]
    if not m.group("eat_change") and not any(set(morphology.lemmas(w)) & known for w in words):
        return None  # «отказалась от поездки», «не ем после шести»
    genitive = []
    for word in words:
        inflected = morphology.best(word).inflect({"gent"})
        genitive.append(inflected.word if inflected else word)
    return "без " + " ".join(genitive).replace("ё", "е")


def _food_left_off_in_english(m: re.Match[str], words: list[str]) -> str | None:
    """ "no red meat" when the last word is a food group (or "food" itself: "fast food"); any noun after a verb of
    eating ("stopped eating pizza", "gave up eating potato chips")."""
    known = lexicon.person_words()["food_groups"]
    head = lemminflect.getLemma(words[-1], upos="NOUN")[0]
    food = head in known or words[-1] in known or (len(words) > 1 and words[-1] in FOOD_HEAD_EN)
    if not food and not m.group("eat_change"):
        return None  # "i gave up smoking", "i quit my job", "i don't eat lunch"
    return "no " + " ".join(words)


def _diet_left_off(s: Sentence) -> list[Finding]:
    cues = (EN_LEFT_OFF_RE, EN_ABSTAINED_RE, EN_SINCE_EATEN_RE) if s.english else (RU_LEFT_OFF_RE,)
    for m in (m for cue in cues for m in cue.finditer(s.norm)):
        value = _food_left_off(s, m)
        if value and _own_statement(s, m.start(), m.end()):
            return [Finding("preferences", {"value": value}, s, slot="diet")]
    return []


def diet(s: Sentence) -> list[Finding]:
    diets = lexicon.person_words()["diets"]
    for pattern in DIET_CUE_RES:
        for m in pattern.finditer(s.norm):
            said = next(g for g in m.groups() if g)
            for form in adjective_forms(said) + noun_forms(said):
                if form in diets and _own_statement(s, m.start(), m.end()):
                    return [Finding("preferences", {"value": diets[form]}, s, slot="diet")]
    return _diet_left_off(s)


# "my favorite color is blue", "pizza is definitely my favorite", «мой любимый цвет — синий».
# What a favourite is of, said between "my favourite" and the thing: "my favourite band, Muse"; after "my favourite"
# such a word names a kind, not a thing liked.
FAVOURITE_KINDS = (
    r"(?:colou?rs?|seasons?|foods?|drinks?|bands?|singers?|books?|movies?|shows?|sports?|animals?|city|cities|places?"
    r"|artists?|authors?|writers?|games?|teams?|holidays?|restaurants?|songs?|genres?|fruits?|snacks?|desserts?|actors?"
    r"|actress(?:es)?|things?|ones?|part|kind|type|time|meal|day|person|people|music|tv|hobby|hobbies|films?|series"
    r"|albums?|channels?|brands?|characters?|players?|subjects?|class(?:es)?|quotes?|words?|memor(?:y|ies))\b"
)
FAVOURITE_RES = (
    re.compile(
        r"\bmy\s+(?:very\s+|all\s+time\s+)?(?:favou?rite|fave|fav|preferred)\s+(?:[a-z]+\s+){0,5}?(?:is|are|was|has\s+to\s+be"
        r"|would\s+be)\s+"
        r"|\bmy\s+(?:favou?rite|fave|fav)\s+(?:colou?r|season|food|drink|band|singer|book|movie|show|sport|animal|city"
        r"|place|artist|author|writer|game|team|holiday|restaurant|song|genre|fruit|snack|dessert|actor|actress)"
        r"\s*,?\s+(?=[a-z])"
        # "my love for animals", "my passion is baking".
        r"|\bmy\s+(?:great\s+|deep\s+|biggest\s+|first\s+|true\s+)?(?:love|passion)\s+(?:for|of|is)\s+"
        # Any favourite in apposition: "only if you bring my favorite beer, Coors".
        r"|\bmy\s+(?:favou?rite|fave|fav)\s+[a-z]+\s*,\s+(?=[a-z])"
        r"(?:probably\s+|definitely\s+|either\s+)?"
        r"|\bмо[йяеи]\s+любим\w*\s+(?:[а-я]+\s+){0,2}?(?:[—:-]|это)\s*"
    ),
)
# The favourite named between its kind and the copula: "my favorite band coldplay is touring" likes Coldplay, and
# what follows the copula says what it does. A qualifier there names nothing ("my favourite food in the world is",
# "my favourite movie ever is", "… right now is", "… growing up was"): it begins with a closed-class word, which the
# name may not, or is one of these two.
NAMED_BEFORE_COPULA_RE = re.compile(
    rf"(?:favou?rite|fave|fav)\s+(?:{FAVOURITE_KINDS}\s+)+(?!right\s+now|growing\s+up)"
    r"(?P<name>(?:[a-z][\w'-]*\s+){1,3}?)(?:is|are|was)\s+$"
)


# The thing first, then that it is the favourite: "Goodfellas, my favorite movie", "Dune, that's my favorite",
# "watching Alien, it's my fave" — the value is what comes between the clause start (or the verb) and the cue.
FAVOURITE_BEFORE_RE = re.compile(
    r"(?:^|[,;.!]\s*|\b(?:watching|reading|playing|eating|drinking|listening\s+to|into)\s+)"
    r"(?P<value>[\w' -]{2,30}?)(?:(?P<copula>\s+(?:is|are))|\s*,?\s+(?:that's|that\s+s|thats|that\s+is|it's|its|it\s+is"
    r"|they're|they\s+are)|(?P<comma>\s*,))\s+(?:\w+ly\s+)?(?:one\s+of\s+)?my\s+(?:very\s+|all\s+time\s+|second\s+)?"
    r"(?:favou?rite|fave|fav|passion)s?\b"
    # "i love cooking, one of my favorites is paella": the favourite is the subject of what follows, not a name for
    # what came before
    r"(?!\s+(?:is|are|was|were|has|have|include|includes)\b)"
)
# The thing first, then that it is the best of its kind: "autumn is the best season", "the beatles are the best band
# ever". Only kinds of things one has tastes in: "the best part", "the best day" judge a moment, not a taste.
BEST_OF_ITS_KIND_RE = re.compile(
    r"(?:^|[,;.!]\s*)(?P<value>[\w' -]{2,30}?)\s+(?:is|are)\s+(?:\w+ly\s+)?the\s+(?:very\s+)?best\s+"
    r"(?:colou?rs?|seasons?|foods?|drinks?|bands?|singers?|books?|movies?|films?|(?:tv\s+)?shows?|series|sports?|animals?"
    r"|city|cities|places?|artists?|authors?|games?|teams?|holidays?|restaurants?|songs?|albums?|genres?|fruits?|snacks?"
    r"|desserts?|meals?)\b(?:\s+(?:ever|in\s+the\s+world|of\s+all\s+time))?\s*(?:[,.!;]|$)"
)
# The verbs whose object a favourite said after it may point back to: "i am eating some shrimp, it is my favorite".
TASTED_RE = re.compile(r"\b(?:watching|reading|playing|eating|drinking|listening\s+to|into)\s")


def _favourites_said_before(s: Sentence) -> list[re.Match[str]]:
    """FAVOURITE_BEFORE_RE from the clause's start, and again from each verb of tasting in the sentence: the clause
    may be too long to be a name ("i am eating some shrimp, it is my favorite") while the verb's object is one."""
    starts = [0, *(m.start() for m in TASTED_RE.finditer(s.norm))]
    found = (FAVOURITE_BEFORE_RE.search(s.norm, start) for start in starts)
    return list({m.span(): m for m in found if m is not None}.values())


# Where a liked thing ends: a clause word or a new subject ("i love pancakes and syrup i eat them").
VALUE_END_RE = re.compile(
    r"\s+(?:и|а|но|потому|когда|если|что|and|but|because|cause|cuz|coz|bc|so|when|if|though|although|since|which|that"
    r"|who|i|i'm|you"
    r"|he|she|they|we|it|it's|its|is|are|was|too|also|as|especially|very|more|than|with|for|every|at|in|on|right|now"
    r"|a\s+lot|alot|so\s+much|mostly|lots|sometimes|often|anymore|best|most|better|do|does|did|have|what|how"
    r"|lately|recently|nowadays|today|tonight|tomorrow|yesterday|everyday|daily|always|usually|really|though|tho"
    r"|anyway|actually|either|all\s+the\s+time|every\s+day|myself|ourselves|as\s+well"
    r"|except|besides|next|later|soon|again|before|after|during|while|until|whenever|or|like)\b.*$"
)
MAX_LIKE_WORDS = 4
# Quantities before the single determiners: the first alternative that fits is kept, so "a" alone would
# leave "lot of mystery novels".
LIKED_LEAD_RE = re.compile(
    r"(?:(?:the\s+(?:colou?rs?|band|movie|film|show|series|book|song|game|singer|artist|author|group)"
    r"|a\s+lot\s+of|lots\s+of|the|a|an|some|my|all|any|anything|(?:way\s+)?(?:so|too)\s+much|plenty\s+of"
    r"|(?:kinds?|types?|sorts?)\s+of|(?:a\s+)?(?:cup|glass|bowl|bottle|can|mug|slice|piece)\s+of"
    r"|(?:going|traveling|travelling|heading)\s+to)\s+)+"
)
# English adverbs by their derivational endings ("especially", "totally", "honestly"); "family", "jelly",
# "rally", "butterfly" (-ily, short -ally, -fly) keep their place.
ADVERB_RE = re.compile(
    r"\w{3}(?:ally|ously|ively|fully|lessly|ently|antly|ably|ibly|edly|ingly|ely)$|^\w{3,}[^aeioulf]ly$"
)


def _liked_value(raw: str) -> str | None:
    """The liked thing as said, without the sentence's tail; None when it is not a thing (a pronoun, an adverb)."""
    raw = raw.strip()
    said = normalize(raw)  # the same offsets as raw
    # Determiners and quantities first ("way too much green tea"), then the tail after the thing.
    lead = LIKED_LEAD_RE.match(said)
    if lead:
        raw, said = raw[lead.end() :], said[lead.end() :]
    phrase = VALUE_END_RE.sub("", said).strip(" '-")
    while len(phrase.split()) > 1 and ADVERB_RE.search(phrase.split()[-1]):
        phrase = phrase.rsplit(maxsplit=1)[0]  # "i despise cheese greatly": how much is no part of the thing
    raw = raw[len(said) - len(said.lstrip(" '-")) :]
    words = phrase.split()
    if not words or len(words) > MAX_LIKE_WORDS or LIKE_STOP.match(phrase) or not is_content_word(words[0]):
        return None
    if ADVERB_RE.search(words[0]):
        return None  # "specially in summer": an adverb is no taste
    if not all(is_content_word(w) or w in ("of", "and", "the") for w in words):
        return None
    people = lexicon.person_words()
    if words[-1].removesuffix("s") in people["other_people"] or words[-1] in people["relatives"]:
        return None  # "I love my son" is about a person, not a taste
    return raw.strip()[: len(phrase)].strip(" '-")


def _says_what_happened(value: str) -> bool:
    """After "my favourite band" with no comma the words may tell what it did or when, not name it: "my favorite
    team lost", "i saw my favorite band last night": an English verb in a past form, or a time. (A band named so is
    lost with them: "my favorite band avenged sevenfold"; after a comma the name stands: "my favorite band, Worn".)"""
    said = normalize(value)
    return morphology.is_english_past_verb(said.split()[0]) or bool(TIME_BEFORE_THING_RE.match(said))


# "last night", "this morning", "yesterday": when it happened, said where a favourite's name might stand.
TIME_BEFORE_THING_RE = re.compile(
    r"(?:last|this|next)\s+(?:night|week|weekend|month|year|time|morning|evening|summer|winter|spring|fall)\b"
    r"|(?:yesterday|today|tonight|tomorrow|again|recently|lately)\b"
)


APPOSITION_WORDS = 2


def _last_content_words(words: list[str], at_most: int) -> list[str]:
    """The trailing run of content words: "an hp i got for christmas" → ["christmas"]."""
    kept: list[str] = []
    for word in reversed(words):
        if len(kept) == at_most or not is_content_word(word) or normalize(word) in lexicon.function_words():
            break
        if VALUE_END_RE.match(" " + normalize(word)):
            break  # "dye it red next, my favourite colour": a time word is not the thing
        if kept and word.endswith(("ed", "ing")):
            break  # "we rewatched Casablanca": the verb before the thing is not part of it
        kept.insert(0, word)
    return kept


def _names_a_person(word: str) -> bool:
    """ "люблю своих детей", «обожаю мужа»: a person is loved, not a taste."""
    people = lexicon.person_words()
    lemma = morphology.lemma(normalize(word))
    return any(lemma in people[k] for k in ("relatives", "other_people", "children"))


# The user answers their own question about the listener's favourite: "what's your favourite colour? mine is
# blue", "cheese pizza is mine", «а какой твой любимый цвет? мой — синий». "mine" stands for "my favourite X".
ASKED_FAVOURITE_RE = re.compile(
    r"\b(?:your|ur|you|u)\b.*\b(?:favou?rite|fave|fav|love\s+for)\b|\b(?:favou?rite|fave|fav)\b.*\b(?:your|you|u)\b"
    # asked of anyone: "any favorite shows?", "what's the best pizza topping?"
    r"|^(?:so\s+|and\s+)?(?:any|what|what's|whats|which)\s+(?:is\s+|are\s+)?(?:the\s+)?(?:\w+\s+)?(?:favou?rite|fave|fav|best)\b"
    r"|\b(?:тво|ваш)\w*\s+(?:\w+\s+)?любим|\b(?:тебя|вас)\s+(?:\w+\s+)?любим|\bлюбим\w*\s+(?:\w+\s+)?(?:у\s+)?(?:тебя|вас|тво|ваш)"
)
MINE_FIRST_RE = re.compile(
    r"(?:^|[,;.!]\s*|\b(?:and|but|well|oh|ok|okay|а|ну|и)\s+)(?:mine|мо[йяеи])\s*"
    r"(?:(?:is|are|was|would\s+be|has\s+to\s+be|definitely|probably|currently|still|now)\s+|[—:-]\s*|это\s+)+"
)
MINE_LAST_RE = re.compile(r"(?:^|[,;.!]\s*)(?P<value>[\w' -]{2,30}?)\s+(?:is|are)\s+mine\s*(?:[,.!;]|$)")


def _favourite_said_as_mine(s: Sentence) -> str | None:
    if not s.asked or not ASKED_FAVOURITE_RE.search(s.asked):
        return None
    m = MINE_FIRST_RE.search(s.norm)
    if m:
        return _liked_value(re.split(r"[,.;!?]", s.raw[m.end() :])[0])
    m = MINE_LAST_RE.search(s.norm)
    return _liked_value(s.raw[m.start("value") : m.end("value")]) if m else None


# The user answers their own yes/no question about a taste with a pronoun or "i do": "do you like sushi? i love it",
# "do you play chess? i do", "do you like onions? i hate them". The question names the thing, the answer the taste.
ASKED_TASTE_RE = re.compile(
    r"\b(?:do|did)\s+(?:you|u|ya)\s+(?:(?:also|ever|really|still)\s+)?"
    r"(?P<verb>like|love|enjoy|play|watch|listen\s+to)\s+(?P<value>[^,.;!?]{2,40})"
)
TASTE_ANSWER_RE = re.compile(
    r"^\W*(?:(?:yes|yeah|yep|oh|well|ok|okay|sure|absolutely|definitely)\W+)*i\s+"
    r"(?:(?:really|sure|also|just|absolutely|totally|definitely|do|still|kinda|kind\s+of)\s+)*"
    r"(?:(?P<like>do|love|like|enjoy|adore)|(?P<hate>hate|dislike|do\s+not|don't|dont)(?:\s+(?:like|care\s+for))?)"
    r"(?:\s+(?:it|them|that|those|this|doing\s+(?:it|that)|playing\s+(?:it|them)))?"
    r"(?:\s+(?:a\s+lot|so\s+much|very\s+much|too|also|as\s+well|though))?\s*(?:[,.!;]|$)"
)
# What the question reaches past the thing: "do you like my hat", "do you like it here", "do you like cats or dogs".
ASKED_NOT_A_TASTE_RE = re.compile(r"^(?:my|your|his|her|our|their|me|him|us|them|it|that|this)\b|\s(?:or)\s")


def _taste_answered(s: Sentence) -> Finding | None:
    """A taste the user gives in answer to their own question about it, the thing named only in the question."""
    if not s.asked:
        return None
    answer = TASTE_ANSWER_RE.match(s.norm)
    asked = ASKED_TASTE_RE.search(s.asked)
    if answer is None or asked is None or ASKED_NOT_A_TASTE_RE.search(asked.group("value")):
        return None
    said = re.split(r"\s+(?:i|i'm|im|at\s+all|too|much)\b", asked.group("value"))[0]
    negative = bool(answer.group("hate"))
    if negative and asked.group("verb") not in ("like", "love", "enjoy"):
        return None  # "do you play chess? i do not": not playing it is no distaste
    if said.startswith("to "):  # "do you like to dance? i do": the pastime
        value = None if negative else _hobby_value(Sentence.of("to " + said[3:]), 3, "en")
    else:
        value = _liked_value(said)
    if not value:
        return None
    sports = lexicon.person_words()["sports"]
    if negative:
        return Finding("preferences", {"value": value}, s, slot="dislikes")
    if value in sports:
        return Finding("preferences", {"value": sports[value]}, s, slot="sports")
    first = value.split()[0]
    gerund = first.endswith("ing") and len(first) > 4 and first not in NOT_PASTIME_GERUNDS
    pastime = said.startswith("to ") or gerund  # "do you like to knit?", "do you enjoy cooking?": a pastime
    return Finding("preferences", {"value": value}, s, slot="hobbies" if pastime else "likes")


# Whom one is in love with: a person, whatever the words before the noun ("a beautiful girl", "this guy").
LOVED_ONE_RE = re.compile(
    r"(?:(?:an?|the|this|that|my)\s+)?(?:[\w'-]+\s+){0,2}?(?:girl|boy|guy|man|woman|lady|person|someone|somebody"
    r"|men|women|girls|boys|guys)\b"
)


# A taste said in a cleft, the thing last: "what i hate is traffic", "the one thing i really can't stand is
# mayonnaise", "something i love most is rain".
_TASTE_VERB = (
    r"(?P<verb>love|like|enjoy|adore|hate|dislike|detest|despise|loathe|(?:don't|dont|do\s+not)\s+(?:really\s+)?"
    r"(?:like|enjoy)|(?:can't|cant|cannot|can\s+not)\s+stand)"
)
CLEFT_TASTE_RE = re.compile(
    r"\b(?:what|the\s+(?:one\s+|only\s+)?thing|one\s+thing|something)\s+i\s+(?:(?:really|truly|absolutely|also"
    rf"|just)\s+)?{_TASTE_VERB}(?:\s+(?:the\s+)?most)?\s+(?:is|are)\s+(?P<value>[^,.;!?]{{2,40}})"
)
# A distaste said of the thing first: "skiing is something i hate", "exercise in general is not my thing", "camping
# just isn't for me", "jazz is not my cup of tea".
_CLAUSE_HEAD = r"(?:(?:^|[,;.!]\s*)(?:(?:but|and|so|honestly|well)\s+)?|\b(?:but|and|so)\s+)"
DISTASTE_AFTER_RE = re.compile(
    rf"{_CLAUSE_HEAD}(?P<value>[a-z][a-z' -]{{1,30}}?)(?:\s+in\s+general)?\s+"
    r"(?:(?:just|really|definitely|simply)\s+)?(?:(?:is|are)\s+(?:(?:just|really|definitely|simply)\s+)?not|isn't"
    r"|aren't|isnt|arent)\s+(?:really\s+)?"
    r"(?:my\s+thing|(?P<for_me>for\s+me)|my\s+cup\s+of\s+tea|my\s+jam)\b"
    rf"|{_CLAUSE_HEAD}(?P<first>[a-z][a-z' -]{{1,30}}?)\s+(?:is|are)\s+"
    r"(?:something|one\s+thing|a\s+thing)\s+i\s+(?:really\s+|truly\s+|just\s+)?(?:hate|dislike|detest|despise|loathe"
    r"|(?:can't|cant|cannot|can\s+not)\s+stand|(?:don't|dont|do\s+not)\s+(?:really\s+)?(?:like|enjoy))\b"
)


def _tastes_said_about(s: Sentence, found: list[Finding]) -> None:
    """The tastes of a cleft ("what i hate is traffic") and the distastes said of the thing first ("skiing is
    something i hate", "jazz is not my thing")."""
    for m in CLEFT_TASTE_RE.finditer(s.norm):
        if _own_statement(s, m.start(), m.start("value")):
            verb = m.group("verb")
            _add_taste(found, s, *m.span("value"), verb in NEGATIVE_LIKES or verb.startswith(("don", "do ", "ca")))
    for m in DISTASTE_AFTER_RE.finditer(s.norm):
        said = "value" if m.group("value") else "first"
        if m.group("for_me") and m.group(said).split()[0] in _EN_DETERMINERS:
            continue  # "the cake is not for me, it's for Tom": a thing given, not a kind of thing disliked
        if _own_statement(s, m.start(said), m.end()):
            _add_taste(found, s, *m.span(said), True)


def likes(s: Sentence) -> list[Finding]:
    value = _favourite_said_as_mine(s)
    if value:  # "what's your least favourite? mine is country" names a distaste
        return [Finding("preferences", {"value": value}, s, slot="dislikes" if LEAST_RE.search(s.asked) else "likes")]
    answered = _taste_answered(s)
    if answered:
        return [answered]
    m = LEAST_FAVOURITE_RE.search(s.norm)
    if m and _own_statement(s, m.start(), m.end()):
        said = "after" if m.group("after") else "before"
        value = _liked_value(s.raw[m.start(said) : m.end(said)])
        if value:
            return [Finding("preferences", {"value": value}, s, slot="dislikes")]
    for pattern in FAVOURITE_RES:
        m = pattern.search(s.norm)
        if m and _own_statement(s, m.start(), m.end()):
            named = NAMED_BEFORE_COPULA_RE.search(s.norm, m.start(), m.end())
            name = _liked_value(s.raw[named.start("name") : named.end("name")]) if named else None
            value = name or _liked_value(re.split(r"[,.;!?]", s.raw[m.end() :])[0])
            if value and ("," in m.group() or not _says_what_happened(value)):
                return [Finding("preferences", {"value": value}, s, slot="likes")]
    m = FAN_RE.search(s.norm)
    if m and _own_statement(s, m.start(), m.start() + 1) and m.group("value") not in NOT_A_FANS_THING:
        # "a crystal kind of person" likes crystals
        said = re.sub(r"\s+(?:kind|sort|type)\s+of$", "", s.raw[m.start("value") : m.end("value")])
        value = _liked_value(said)
        if value:
            return [Finding("preferences", {"value": value}, s, slot="likes")]
    m = FAN_OF_RE.search(s.norm)
    if m and _own_statement(s, m.start("value"), m.start("value")):
        value = _liked_value(s.raw[m.start("value") : m.end("value")])
        if value:
            return [Finding("preferences", {"value": value}, s, slot="dislikes" if m.group("not") else "likes")]
    m = PASSION_RE.search(s.norm)
    if m and _own_statement(s, m.start(), m.end()):
        value = _liked_value(re.split(r"[,.;!?]", s.raw[m.end() :])[0])
        if value:
            return [Finding("preferences", {"value": value}, s, slot="likes")]
    for m in _favourites_said_before(s):
        if not _own_statement(s, m.end("value"), m.end()):
            continue
        said = s.raw[m.start("value") : m.end("value")].split(",")[-1]
        if m.group("comma"):  # an apposition names what was said just before it: "… for Christmas, my favourite"
            said = " ".join(_last_content_words(said.split(), APPOSITION_WORDS))
        # Without a copula the value is only what the pronoun points back to: a short name, not a clause.
        short = m.group("copula") or len(said.split()) <= APPOSITION_WORDS + 1
        value = _liked_value(said) if short else None
        if value:
            return [Finding("preferences", {"value": value}, s, slot="likes")]
    m = BEST_OF_ITS_KIND_RE.search(s.norm)
    if m and _own_statement(s, m.start("value"), m.end()):
        value = _liked_value(s.raw[m.start("value") : m.end("value")])
        if value:
            return [Finding("preferences", {"value": value}, s, slot="likes")]
    m = MY_FAVOURITE_THING_RE.search(s.norm)
    if m and not re.match(FAVOURITE_KINDS, s.norm[m.end() :]) and _own_statement(s, m.start(), m.start() + 1):
        value = _liked_value(re.split(r"[,.;!?]", s.raw[m.end() :])[0])
        if value:
            return [Finding("preferences", {"value": value}, s, slot="likes")]
    hobby_said = re.search(r"\b(?:love|enjoy|like)\s+(?!eating|drinking|having|going)\w+ing\b", s.norm)
    if any(p.search(s.norm) for p, _ in HOBBY_RES[-1:]) and hobby_said:
        return []  # "I love hiking" is a hobby, said above
    found: list[Finding] = []
    position = 0
    while m := LIKE_RE.search(s.norm, position):
        group = 2 if m.group(2) else 4
        position = m.start(group)  # «люблю кофе и не люблю чай»: the next taste may begin inside this one
        if not _own_statement(s, m.start(), m.start() + 1):
            continue
        verb = re.sub(r"\s+", " ", m.group(3) or "")
        if verb.endswith("love with") and LOVED_ONE_RE.match(m.group(group)):
            continue  # "i am in love with a girl from work": romance, not a taste
        russian_dislike = bool(RU_DISLIKE_RE.search(m.group(1) or ""))
        cannot = verb.startswith(("don", "do ", "can")) and not verb.endswith(("enough", "enough of"))
        negative = russian_dislike or verb in NEGATIVE_LIKES or cannot
        _add_taste(found, s, *m.span(group), negative, governed=_case_governed_by(m.group(1) or ""))
        # The same subject goes on: "... but hate spaghetti".
        for more in SECOND_TASTE_RE.finditer(s.norm, m.end(group) - len(m.group(group)), m.end(group) + 60):
            if more.start() >= m.start(group):
                said = more.group("verb") or more.group("bare_verb")
                more_negative = said in NEGATIVE_LIKES or said.startswith("ca")
                _add_taste(found, s, *more.span("value"), more_negative)
    for m in RU_TASTE_AFTER_RE.finditer(s.norm):
        if _own_statement(s, m.start("value"), m.end("verb")):
            verb = m.group("verb")
            _add_taste(found, s, *m.span("value"), bool(RU_DISLIKE_RE.search(verb)), governed=_case_governed_by(verb))
    for m in RU_FAN_RE.finditer(s.norm):
        if _own_statement(s, m.start(), m.start("value")):
            _add_taste(found, s, *m.span("value"), bool(m.group("not")), governed="gent")
    for m in EXCEPT_RE.finditer(s.norm):
        if _own_statement(s, m.start(), m.start() + 1):
            _add_taste(found, s, *m.span("value"), True)
    for m in NOT_KEEN_RE.finditer(s.norm):
        if _own_statement(s, m.start(), m.start() + 1):
            _add_taste(found, s, *m.span("value" if m.group("value") else "never"), True)
    for m in FEARED_RE.finditer(s.norm):
        if _own_statement(s, m.start(), m.end()):
            clause = re.match(r"[^,.;:!?]{2,40}", s.norm[m.end() :])
            if clause:
                _add_taste(found, s, m.end(), m.end() + clause.end(), True)
    _tastes_said_about(s, found)
    return found


# What the user fears or is tired of is a distaste: "i am scared of heights", "i'm deathly afraid of clowns", "i am
# tired of reading subtitles". Not "i am not afraid of…", nor "i was scared of the dark" (the past).
FEARED_RE = re.compile(
    rf"\b{I_AM}\s+(?:(?:so|very|really|super|deathly|terribly|absolutely|quite|pretty|just|also|kind\s+of|a\s+bit"
    r"|a\s+little)\s+)*(?:afraid|scared|terrified|frightened|petrified|tired|sick(?:\s+and\s+tired)?)\s+of\s+"
    # The fear had as a thing: "i have a huge fear of spiders", "i've got a phobia of needles", "my fear of heights"
    # (not one overcome or past: "i got over my fear of dogs", "my old fear of the dark").
    r"|\b(?:i\s+(?:have|got)|i've\s+got|i\s+have\s+got)\s+(?:a|an)\s+(?:[a-z]+\s+){0,2}?(?:fear|phobia)\s+of\s+"
    r"|(?<!\bover\s)(?<!\bovercame\s)(?<!\bovercome\s)(?<!\bconquered\s)(?<!\blost\s)(?<!\bbeat\s)"
    r"\bmy\s+(?!(?:past|old|former|childhood|previous)\b)(?:[a-z]+\s+)?(?:fear|phobia)\s+of\s+"
)


# Verbs whose infinitive after a verb of taste names an activity: "i hate to clean", "i don't like to run", "i can't
# stand to drive", "i hate to go skiing". Others say no activity liked: "i hate to say it", "i hate to bother you".
ACTIVITY_VERBS_EN = frozenset({"run", "walk", "exercise", "draw", "ride", "dance", "study", "fly", "wait", "work"})
PHRASAL_GERUND_RE = re.compile(r"(?P<verb>[a-z]{3,}ing)\s+(?:out|up)\b")
# Light verbs before the thing tasted: "i love eating sushi", "i hate to eat liver", "i love doing my nails", "i like
# to do the tango" (not "what i love to do during the winter": no thing follows).
EATING_RE = re.compile(
    r"(?:eating|drinking|having|to\s+(?:eat|drink|have))\s+|(?:doing|to\s+do)\s+(?!(?:during|in|on|at|with|for|when"
    r"|while|after|before|around|all|every|it|that|this|them|something|anything|nothing|stuff|things)\b)"
)
INFINITIVE_ACTIVITY_RE = re.compile(r"to\s+(?:go\s+(?P<going>[a-z]+ing)|(?P<verb>[a-z]+)(?P<out>\s+out)?)\b")


def _an_activity(word: str) -> bool:
    """Whether a verb (any form) names an activity: a pastime, an everyday chore or one of ACTIVITY_VERBS_EN."""
    known = lexicon.person_words()["pastime_verbs_en"] | EVERYDAY_ACTIVITIES | ACTIVITY_VERBS_EN
    return bool({word, *morphology.english_lemmas(word)} & known)


def _activity_to_do(said: str) -> str | None:
    """ "to clean the house" → cleaning, "to go skiing" → skiing, "to work out" → working out; None for a verb that
    names no activity."""
    m = INFINITIVE_ACTIVITY_RE.match(said)
    if m is None:
        return None
    if m.group("going"):
        return m.group("going")
    verb = m.group("verb")
    if m.group("out") and verb == "work":
        return "working out"
    return morphology.english_gerund(verb) if _an_activity(verb) else None


def _add_taste(found: list[Finding], s: Sentence, start: int, end: int, negative: bool, governed: str = "accs") -> None:
    """The liked or disliked thing at s.raw[start:end], cut to the thing itself; nothing when it is no thing. A Russian
    thing is named in the nominative, read from the case its verb `governed`."""
    slot = "dislikes" if negative else "likes"
    # An activity said with "to" or with its particle: "i hate to clean" (cleaning), "i hate working out". A liked
    # one is a pastime, which hobbies_and_sports() reads; "i hate having to wash…" is a chore, not a taste.
    phrasal = PHRASAL_GERUND_RE.match(s.norm, start, end)
    if phrasal or (s.norm.startswith("to ", start) and not EATING_RE.match(s.norm, start, end)):
        activity = _activity_to_do(s.norm[start:end]) if not phrasal else phrasal.group()
        if phrasal and not _an_activity(phrasal.group("verb")):
            activity = None  # "afraid of passing out", "i hate opening up": a state or an act, no activity
        if negative and activity and not any(f.slot == slot and f.attributes["value"] == activity for f in found):
            found.append(Finding("preferences", {"value": activity}, s, slot=slot))
        return
    eating = EATING_RE.match(s.norm, start, end)
    start += eating.end() - eating.start() if eating else 0
    # A second taste of the same sentence starts a new value: "pancakes but hate syrup" keeps "pancakes".
    second = SECOND_TASTE_RE.search(s.norm, start, end)
    end = second.start() if second else end
    russian = bool(CYRILLIC_RE.search(s.norm, start, end))  # not "isascii": English is typed with "’" too
    value = _russian_taste(s, start, end, governed) if russian else _liked_value(s.raw[start:end])
    values = _listed_tastes(s, s.raw.find(value, start) + len(value), value) if value and not russian else [value]
    for each in values:
        if each and not any(f.slot == slot and f.attributes["value"] == each for f in found):
            found.append(Finding("preferences", {"value": each}, s, slot=slot))


NOT_IN_A_THING = frozenset({"VERB", "PRCL", "CONJ", "NPRO", "ADVB", "INTJ", "PRED", "GRND", "PRTS", "ADJS"})
# Whose the thing is, or all of it, said before it: «люблю свою работу», «ненавижу всю эту суету».
RU_OWNER_WORDS = frozenset({"мой", "твой", "свой", "наш", "ваш", "весь"})


def _russian_taste(s: Sentence, start: int, end: int, governed: str) -> str | None:
    """The Russian thing at s.raw[start:end] up to a conjunction, in the nominative; None when it is no thing (a
    pronoun: «всех ненавижу», «эту»; a person: «обожаю мужа»)."""
    said = s.raw[start:end]
    if s.raw[end : end + 1].isalpha():
        said = said.rsplit(maxsplit=1)[0] if " " in said.strip() else ""  # a word the length limit cut in two
    quoted = re.match(r"\s*[\"«“„]+([^\"«»“”„]{2,40})[\"»“”]", said)
    if quoted:
        return quoted.group(1).strip()  # a title or name in quotes, kept whole as said: «обожаю «Мастера и Маргариту»»
    said = re.split(r"\s+(?:и|или|а|но|потому)\s+|[^\w\s()'-]", said)[0]  # a conjunction, a mark or an emoji ends it
    words = (said if said.count("(") == said.count(")") else said.rstrip(")")).split()
    while words and morphology.lemma(words[0]) in RU_OWNER_WORDS:
        words = words[1:]
    if not words or not is_content_word(words[0]) or morphology.has_tag(words[0], "Apro"):
        return None
    if morphology.pos(normalize(words[0])) == "COMP":
        return None  # «что я люблю больше: …»: a comparison, no thing
    # A thing is a noun phrase: it ends before a verb, particle, pronoun or adverb, which begin a clause of their own
    # in text typed without commas («люблю Америку у них всё есть», «ненавижу приступы астмы даже не потому что»).
    thing = words[:1]
    for word in words[1:]:
        if morphology.pos(normalize(word)) in NOT_IN_A_THING:
            break
        thing.append(word)
    while len(thing) > 1 and morphology.pos(normalize(thing[-1])) in ("PREP", "CONJ"):
        thing.pop()
    if LIKE_STOP.match(normalize(" ".join(thing))) or _names_a_person(thing[-1]):
        return None
    return morphology.object_as_nominative(thing, governed)


# A taste listed after the first, the verb said once: "i like video games and hunting", "i like meat, pasta and
# cheese", "i hate snakes and spiders", or narrowed to a kind of it: "i like pop, especially sprite". Two single things
# joined by "and" are one name ("mac and cheese", "rock and roll") unless either is a plural or a gerund ("cats and
# dogs", "crafts and drawing").
NEXT_TASTE_RE = re.compile(
    r"(?P<kind_of>\s*,?\s+(?:especially|particularly|mainly|mostly)\s+)|(?P<comma>\s*,\s*(?:(?:and|or|&)\s+)?)"
    r"|\s+(?:and|or|&)\s+"
)
LIST_CLOSED_RE = re.compile(r"[^.;!?]*?\b(?:and|or)\b")
# What opens a new clause, not a next taste: a subject, a possessive (someone else's taste: "and my son likes golf"), or
# a verb of taste (SECOND_TASTE_RE reads "and hate spiders").
NOT_A_NEXT_TASTE_RE = re.compile(
    r"(?:i|i'm|im|we|you|he|she|they|it|it's|its|my|your|his|her|our|their|this|that|there|what|how|love|like|enjoy"
    r"|hate|dislike|adore|prefer|can't|cant|cannot|don't|dont|not|no)\b"
)
MAX_LISTED_TASTES = 6


def _taste_shape(value: str) -> str:
    last = value.split()[-1].lower()
    if last.endswith("ing") and len(last) > 4:
        return "gerund"
    return "plural" if last.endswith("s") and not last.endswith("ss") else "one"


# After a listed value, what makes it a verb with its object ("find it healthier") or the start of a clause ("the way
# they cook", "fall is in between"): the words were no thing of the list.
CLAUSE_AFTER_RE = re.compile(r"\s+(?:it|them|him|her|me|us|you|i|he|she|they|we|is|are|was|were|has|have|had|does)\b")


def _a_thing_listed(value: str, said: str) -> bool:
    """A listed value names a thing: not a verb ("and eat out", "find it healthier", "the job requires"), nor an
    adjective alone ("paintings big and small")."""
    words = [normalize(w) for w in value.split()]
    first, last = (morphology.english_word_classes(w) for w in (words[0], words[-1]))
    if "VERB" in first and "NOUN" not in first and not words[0].endswith("ing"):
        return False
    if len(words) == 2 and "VERB" in last and "NOUN" not in last:
        return False
    if len(words) == 1 and "ADJ" in first and "NOUN" not in first:
        return False
    return not CLAUSE_AFTER_RE.match(normalize(said), said.find(value) + len(value))


def _listed_tastes(s: Sentence, position: int, first: str) -> list[str]:
    """The first taste and those listed after it from s.raw[position:]; after a bare comma only one of the same shape
    ("hiking, fishing", "cats, dogs"), so that "i like tea, thanks" lists nothing more."""
    values = [first]
    while len(values) < MAX_LISTED_TASTES and (m := NEXT_TASTE_RE.match(s.norm, position)) is not None:
        said = re.split(r"[,.;:!?]", s.raw[m.end() :])[0]
        if NOT_A_NEXT_TASTE_RE.match(normalize(said)):
            break
        value = _liked_value(said)
        if value is None or len(value.split()) > 2 or not _a_thing_listed(value, said):
            break
        bare_comma = m.group("comma") is not None and not m.group("comma").strip(" ,")
        unlike = _taste_shape(value) != _taste_shape(values[-1]) or normalize(said).lstrip().startswith("the ")
        if bare_comma and unlike and not LIST_CLOSED_RE.match(s.norm, m.end()):
            break  # "i like tea, thanks", "pink, the color": no list; "i like pizza, burgers and fries" is one
        one_name = len(values) == 1 and m.group("comma") is None and not m.group("kind_of") and " " not in first + value
        if one_name and _taste_shape(first) == _taste_shape(value) == "one":
            values[0] = f"{first} and {value}" if value != first else first  # "mac and cheese": one dish
        else:
            values.append(value)
        position = m.end() + said.find(value) + len(value)
    return values


# --- style -----------------------------------------------------------------------------------------

# A style is a request about the assistant's replies, said as one: an imperative that opens its clause ("keep your
# answers short", «пиши коротко»), or a wish for a kind of reply ("i prefer short answers", «короткие ответы»). The
# same words in a story are no request: "tl;dr" heads a summary, «перейду сразу к делу» and "half a bullet point"
# narrate, «эмоциональные качели» and "a friendly tone" describe someone.
_EN_ASKED = r"(?:^|[,;:.!?(-]\s*|\b(?:and|but|so|also|just|then)\s+)(?:(?:please|pls|plz|just|always)\s+)*"
_EN_REPLIES = (
    r"(?:(?:your|the|all|my|these|those)\s+)?(?:answers?|repl(?:y|ies)|responses?|explanations?|messages?|texts?|it|them"
    r"|things)"
)
_EN_REPLY_VERB = (
    r"(?:answer|reply|respond|write|explain|talk|summari[sz]e)(?:\s+(?:it|things|everything))?(?:\s+(?:to\s+)?me)?"
)
_EN_DEGREE = r"(?:more|very|really|a\s+(?:bit|little)|nice\s+and|short\s+and)"
_EN_BE = r"(?:be|sound|write|talk|speak)\s+(?:a\s+(?:bit|little)\s+)?(?:more\s+)?"
# The Russian imperatives of replying, after what may open the request («пожалуйста», «давай», «можешь»).
_RU_ASKED_IMPERATIVE = (
    r"(?:^|[,;:.!?(-]\s*|\b(?:и|а|но|только|просто)\s+)(?:(?:пожалуйста|давай(?:те)?|можешь|можете|просто|всегда)\s+)*"
    r"(?:пиши|напиши|отвечай|ответь|говори|объясняй|объясни|общайся|рассказывай|расскажи|расписывай|распиши"
    r"|оформляй|оформи|перечисляй|перечисли|формулируй|излагай|изложи)(?:те)?\s+(?:мне\s+|со\s+мной\s+|все\s+|всё\s+)*"
)
# What a request put as a question leaves after its modal («можешь отвечать покороче?» → «отвечать покороче»): an
# infinitive of replying opening the sentence.
_RU_ASKED_INFINITIVE = (
    r"^(?:писать|написать|отвечать|ответить|говорить|объяснять|объяснить|общаться|рассказывать|рассказать"
    r"|расписывать|расписать|оформлять|оформить|перечислять|перечислить|излагать|изложить)\s+(?:мне\s+|со\s+мной\s+|все\s+|всё\s+)*"
)
_RU_ASKED = rf"(?:{_RU_ASKED_IMPERATIVE}|{_RU_ASKED_INFINITIVE})"
STYLE_RULES: tuple[tuple[re.Pattern[str], str, str], ...] = tuple(
    (re.compile(pattern), slot, value)
    for pattern, slot, value in (
        (
            r"\b(?:давай(?:те)?|можно|можешь|будем|перейд\w+|обращайся|обращайтесь|говори|пиши)\s+(?:ко\s+мне\s+|со\s+мной\s+)?"
            r"(?:мне\s+)?на\s+ты\b|\bне\s+(?:называй|обращайся|зови|надо|нужно)\s+(?:меня\s+|ко\s+мне\s+)?на\s+вы\b"
            r"|\bбез\s+(?:этого\s+)?вы\b|\bможно\s+на\s+ты\b|\bна\s+ты,?\s+пожалуйста",
            "address",
            "ты",
        ),
        (
            r"(?<!не\s)\b(?:обращайся|обращайтесь|называй|называйте|давайте|говорите|пишите)\s+(?:ко\s+мне\s+|меня\s+)?"
            r"на\s+вы\b|\bне\s+(?:называй|обращайся|надо|нужно)\s+(?:меня\s+|ко\s+мне\s+)?на\s+ты\b|\bне\s+тыкай",
            "address",
            "Вы",
        ),
        (
            rf"{_RU_ASKED}(?:покороче|коротко|кратко|короче|лаконично|сжато|по\s+делу|без\s+воды|в\s+двух\s+словах)"
            r"|\bкороткие\s+ответы|^без\s+воды(?:,?\s*пожалуйста)?[\s.!]*$"
            rf"|{_EN_ASKED}(?:keep|make)\s+{_EN_REPLIES}\s+(?:{_EN_DEGREE}\s+)?(?:short|brief|concise|succinct|to\s+the\s+point)"
            rf"|{_EN_ASKED}be\s+(?:{_EN_DEGREE}\s+)?(?:short|brief|concise|succinct)\b"
            rf"|{_EN_ASKED}{_EN_REPLY_VERB}\s+(?:{_EN_DEGREE}\s+)?(?:briefly|concisely|succinctly|in\s+short\b|in\s+a\s+few\s+words"
            r"|in\s+(?:one|a\s+single|two|a\s+couple\s+of)\s+(?:sentences?|lines?))"
            r"|\b(?:short(?:er)?|brief(?:er)?|concise|succinct)\s+(?:answers|replies|responses|explanations)",
            "format",
            "short",
        ),
        (
            rf"{_RU_ASKED}(?:подробно|подробнее|развернуто|развёрнуто|детально|обстоятельно)|\bподробные\s+ответы"
            rf"|{_EN_ASKED}(?:keep|make)\s+{_EN_REPLIES}\s+(?:{_EN_DEGREE}\s+)?(?:detailed|thorough|long(?:er)?)\b"
            rf"|{_EN_ASKED}(?:{_EN_REPLY_VERB}|go)\s+(?:into\s+)?(?:{_EN_DEGREE}\s+)?(?:in\s+(?:more\s+|full\s+|great\s+)?detail"
            r"|(?:more\s+)?detail|thoroughly|at\s+length|in\s+depth)\b"
            r"|\b(?:detailed|thorough|in-depth|longer)\s+(?:answers|replies|responses|explanations)",
            "format",
            "detailed",
        ),
        (
            rf"{_RU_ASKED}(?:списком|по\s+пунктам|в\s+виде\s+списка)"
            rf"|{_EN_ASKED}(?:use|give\s+me)\s+(?:bullet\s+points|bulleted\s+lists|lists)\b"
            rf"|{_EN_ASKED}{_EN_REPLY_VERB}\s+(?:in|with|as)\s+(?:bullet\s+points|a\s+(?:bulleted\s+)?list)",
            "format",
            "lists",
        ),
        (
            rf"{_RU_ASKED}(?:\w+\s+)?(?:по\s+шагам|пошагово)"
            rf"|{_EN_ASKED}(?:explain|show|describe|tell|walk\s+me\s+through|go\s+through)\b(?:\s+\S+){{0,4}}?\s+step[\s-]by[\s-]step",
            "format",
            "step_by_step",
        ),
        (
            r"\bбез\s+(?:смайл\w*|эмодзи|emoji\w*|смайлов)|\bне\s+(?:используй|ставь|пиши|надо)\s+(?:мне\s+)?"
            r"(?:смайл\w*|эмодзи)|\bno\s+emojis?\b|\b(?:don't|do\s+not|stop)\s+(?:use|using|add|adding)\s+emojis?"
            r"|\bwithout\s+emojis?",
            "emoji",
            "none",
        ),
        (r"\bбольше\s+(?:смайл\w*|эмодзи)|\bmore\s+emojis?|\blots\s+of\s+emojis?", "emoji", "many"),
        (r"\bпоменьше\s+(?:смайл\w*|эмодзи)|\bfewer\s+emojis?|\bless\s+emojis?", "emoji", "few"),
        (
            r"\b(?:explain|talk)\s+(?:it\s+)?(?:to\s+me\s+)?like\s+i'm\s+(?:a\s+beginner|five|5|a\s+child|new)"
            r"|\bi'm\s+(?:a\s+)?(?:total\s+|complete\s+)?(?:beginner|newbie|new\s+to\s+(?:this|programming|coding))"
            rf"|\bя\s+(?:полный\s+)?(?:новичок|чайник)|{_RU_ASKED}(?:\w+\s+)?(?:простыми\s+словами|как\s+(?:для\s+)?(?:новичк\w+|чайник\w+))"
            r"|^eli5\b",
            "tech_level",
            "novice",
        ),
        (
            rf"{_EN_ASKED}skip\s+the\s+basics|{_EN_ASKED}(?:don't|do\s+not)\s+(?:dumb|water)\s+(?:it\s+)?down"
            r"|\bбез\s+(?:упрощений|азов)|\bне\s+упрощай",
            "tech_level",
            "expert",
        ),
        (
            rf"{_EN_ASKED}{_EN_BE}formal(?:ly)?\b|{_EN_ASKED}(?:use|keep)\s+a\s+(?:more\s+)?formal\s+tone"
            rf"|{_RU_ASKED}(?:более\s+)?(?:официально|формально|(?:в\s+)?(?:официальном|формальном)\s+(?:тоне|стиле))",
            "tone",
            "formal",
        ),
        (
            rf"{_EN_ASKED}{_EN_BE}(?:casual(?:ly)?|friendly|informal(?:ly)?)\b"
            rf"|{_EN_ASKED}(?:use|keep)\s+a\s+(?:more\s+)?(?:casual|friendly)\s+tone"
            rf"|{_RU_ASKED}(?:как\s+с\s+другом|по-дружески|неформально)|\bдавай(?:те)?\s+(?:общаться\s+)?по-дружески",
            "tone",
            "friendly",
        ),
        (
            rf"{_RU_ASKED}с\s+юмором|\bшути(?:те)?\s+(?:побольше|больше|почаще)"
            rf"|{_EN_ASKED}(?:be\s+(?:more\s+)?funny|(?:use|add)\s+(?:more\s+|some\s+)?(?:humou?r|jokes)|(?:tell|make)\s+more\s+jokes)"
            rf"|{_EN_ASKED}{_EN_REPLY_VERB}\s+with\s+(?:some\s+|a\s+bit\s+of\s+)?humou?r",
            "tone",
            "humorous",
        ),
        (
            rf"{_RU_ASKED}(?:в\s+)?нейтральн\w+(?:\s+(?:тоне|стиле))?|{_EN_ASKED}(?:use|keep)\s+a\s+neutral\s+tone",
            "tone",
            "neutral",
        ),
        (
            r"\b(?:давай(?:те)?|переходи(?:те)?)\s+(?:сразу\s+)?к\s+делу"
            # a sentence made of the request alone: «Сразу к делу, без предисловий», «Без предисловий, пожалуйста»
            r"|^(?:сразу\s+к\s+делу|без\s+предисловий)(?:,?\s*(?:сразу\s+к\s+делу|без\s+предисловий|пожалуйста))*[\s.!]*$"
            rf"|{_RU_ASKED}без\s+предисловий|\bне\s+трать\s+мо[её]\s+время"
            rf"|{_EN_ASKED}get\s+(?:straight\s+)?to\s+the\s+point|{_EN_ASKED}(?:no|skip\s+the)\s+(?:fluff|small\s+talk)"
            r"|\bdon't\s+waste\s+my\s+time",
            "patience",
            "low",
        ),
        (r"\bне\s+торопись\b|\btake\s+your\s+time\b", "patience", "high"),
        (
            rf"{_RU_ASKED}(?:без\s+(?:эмоций|восклицаний|восторгов)|сдержанн\w+|спокойн\w+)"
            rf"|{_EN_ASKED}(?:tone\s+(?:it\s+)?down|(?:be\s+)?less\s+enthusiastic|no\s+exclamation\s+(?:marks|points))",
            "emotionality",
            "reserved",
        ),
        (
            rf"{_RU_ASKED}(?:более\s+)?эмоциональн\w+|{_EN_ASKED}be\s+more\s+(?:enthusiastic|emotional|expressive)",
            "emotionality",
            "expressive",
        ),
    )
)


def style(s: Sentence) -> list[Finding]:
    found = []
    seen: set[str] = set()
    for pattern, slot, value in STYLE_RULES:
        if slot not in seen and pattern.search(s.norm):
            seen.add(slot)
            found.append(Finding("style", {"value": value}, s, slot=slot))
    return found


# --- instructions ----------------------------------------------------------------------------------

_RU_IMPERATIVE = (
    r"(?:называй|зови|обращайся|пиши|отвечай|говори|используй|предлагай|советуй|рекомендуй|упоминай"
    r"|присылай|напоминай|спрашивай|давай|показывай|добавляй|переводи|объясняй|проверяй|указывай"
    r"|обращай|ставь|шути|извиняйся|повторяй)(?:те)?"
)
_EN_VERB = (
    r"(?:call|answer|reply|respond|use|suggest|recommend|mention|say|write|give|ask|address|send|add|"
    r"explain|apologi[sz]e|remind|talk|speak|show|translate|include)"
)
INSTRUCTION_RES = (
    re.compile(rf"\bне\s+{_RU_IMPERATIVE}\b\s+(?:мне|меня|ко\s+мне|со\s+мной)\b"),
    re.compile(
        rf"\b(?:всегда|никогда|впредь|в\s+дальнейшем|отныне|с\s+этого\s+момента|больше\s+не)\s+(?:не\s+)?"
        rf"(?:\w+\s+)?{_RU_IMPERATIVE}\b"
    ),
    re.compile(rf"\b{_RU_IMPERATIVE}\s+(?:мне\s+|меня\s+|со\s+мной\s+)?(?:всегда|только)\b"),
    re.compile(
        r"\b(?:отвечай|пиши|говори)(?:те)?\s+(?:мне\s+|со\s+мной\s+)?(?:всегда\s+|только\s+)?на\s+"
        r"(?:английском|русском|немецком|испанском|французском|\w+ском)\b"
    ),
    # English, as styles are: an imperative opening its clause ("never suggest pork", "from now on, call me Max"),
    # not a habit told ("i never call out", "this always gives me a headache").
    re.compile(
        rf"{_EN_ASKED}(?:don't|do\s+not|never|stop|please\s+don't)\s+(?:ever\s+)?{_EN_VERB}\w*\s+(?:me|my|to\s+me)\b"
    ),
    re.compile(rf"{_EN_ASKED}(?:always|never|from\s+now\s+on)\b,?\s+(?:please\s+)?{_EN_VERB}\b"),
    re.compile(
        rf"{_EN_ASKED}{_EN_VERB}\s+(?:to\s+me\s+)?(?:only\s+|always\s+)?in\s+(?:english|russian|german|spanish|french)\b"
    ),
)
LEADING_FILLER_RE = re.compile(
    r"^(?:(?:и|а|но|ну|also|and|but|so|ok|okay|ладно|кстати|пожалуйста|please)\b[,\s]*)+", re.IGNORECASE
)
TRAILING_FILLER_RE = re.compile(r"[,\s]*(?:пожалуйста|please|ок|ok|спасибо|thanks)?[\s.!;,]*$", re.IGNORECASE)


def instructions(s: Sentence) -> list[Finding]:
    if not any(p.search(s.norm) for p in INSTRUCTION_RES):
        return []
    value = TRAILING_FILLER_RE.sub("", LEADING_FILLER_RE.sub("", s.raw.strip())).strip()
    if len(value) < 4:
        return []
    return [Finding("instructions", {"value": value}, s)]


PERSON_EXTRACTORS: tuple[Callable[[Sentence], list[Finding]], ...] = (
    age,
    name,
    introduction,
    place,
    profession,
    family_status,
    children,
    gender,
    diet,
    pets,
    hobbies_and_sports,
    likes,
    style,
    instructions,
)
