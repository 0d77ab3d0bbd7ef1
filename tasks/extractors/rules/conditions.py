"""Symptoms, diagnoses and chronic conditions, and the family history they may belong to.

A condition named next to a relative ("у отца был инфаркт") is the relative's, never the user's.
A condition named as what the writer's drug was for ("пила Арбидол от простуды", "for my migraines") is
the writer's; a measure named so ("от давления") stays the medication's indication.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import pairwise

import lemminflect

from tasks.extractors.rules.phrases import (
    FIRST_PERSON_RE,
    OTHER_PEOPLE_RE,
    about_someone_else,
    relative,
    since_phrase,
)
from tasks.extractors.rules.sentence import Finding, Sentence
from tasks.language import lexicon, morphology
from tasks.language.lexicon import Match
from tasks.language.numbers import number_value
from tasks.language.patterns import compile_cues
from tasks.language.text import Token, normalize, tokenize

# --- family history --------------------------------------------------------------------------------

ONSET_RE = re.compile(
    r"\bв\s+(?:возрасте\s+)?(\d{1,3})\s*(?:лет|года?|годиков)\b"
    r"|\bat\s+(?:the\s+)?(?:age\s+(?:of\s+)?)?(\d{1,3})\b"
    r"|\bwhen\s+(?:he|she)\s+was\s+(\d{1,3})\b|\bв\s+возрасте\s+(\d{1,3})\b"
)
FAMILY_NEGATION_RE = re.compile(r"\bнет\b|\bне\s+было\b|\bdidn't\s+have|\bdoesn't\s+have|\bnever\s+had")


# Kinds of condition names that are no statement of their own: "indication" is a measure named as a drug's
# reason ("от давления", "for cholesterol": the medication keeps it as its indication, no condition is
# named); "reason" is a condition only in a reason slot ("for a cold", "от аллергии").
REASON_ONLY = frozenset(["indication", "reason"])


# An event said with a hedge is a figure of speech: "I almost had a heart attack", "a mini heart attack", «чуть инфаркт
# не случился». (What something "gave me" is judged by its giver: HYPERBOLE_RE.)
EVENT_HEDGE_RE = re.compile(
    r"\b(?:almost|nearly|practically|basically|literally|just\s+about|about\s+to|mini|little|small|minor|tiny|baby"
    r"|чуть(?:\s+не)?|едва\s+не)"
    r"\s+(?:(?:had|have|having|get|got|getting|gave|give|a|an|the|mini|little|small|minor|не|случился|хватил|получил[аи]?)\s+){0,3}$"
)
HEDGED_EVENTS = frozenset(["heart attack", "stroke", "инфаркт", "инсульт"])
# An event had over and over is a figure of speech too: a heart attack or a stroke comes once or twice in a life, not
# "every time my dad opens the door" or "every two hours".
RECURRING = (
    r"(?:every\s*(?:single\s+)?(?:time|day|morning|night|week|(?:\w+\s+)?(?:minutes?|hours?|seconds?))|each\s+time"
    r"|whenever|all\s+the\s+time)\b"
)
# Said right after the event ("a heart attack every time") or opening its clause ("every time I see it I have a
# stroke"); not of another verb ("a heart attack in 2015, and now I take aspirin every day").
RECURRING_AFTER_RE = re.compile(rf"^(?:\s+(?!and\b|but\b|then\b|so\b)[\w'-]+){{0,3}}?\s+{RECURRING}")
RECURRING_OPENS_RE = re.compile(rf"^\W*(?:and\s+|but\s+)?{RECURRING}")
# "stroke" in its other senses: "a stroke of luck", "brush strokes", "a two-stroke engine", "42 strokes on a par 50".
# ("two strokes" may be two illnesses; a golfer's count runs into tens.)
STROKE_OTHER_SENSE_BEFORE_RE = re.compile(
    r"\b(?:brush|pen|paint|single|swimming|swim|back|breast|golf|key|paddle|piston|\d{2,})\s*$|\b(?:two|four|2|4)\s*-?\s*$"
)
# "addiction" alone is a disorder only of a substance (ICD-10 F10-F19, and F63.0 gambling): "my meme addiction" is a
# figure of speech.
ADDICTION_SUBSTANCE_RE = re.compile(
    r"\b(?:alcohol\w*|drink\w*|booze|opioids?|opiates?|heroin|morphine|fentanyl|painkillers?|cannabis|marijuana|weed"
    r"|sedatives?|benzos?|benzodiazepines?|cocaine|crack|meth\w*|amphetamines?|stimulants?|caffeine|hallucinogens?"
    r"|tobacco|nicotine|cigarettes?|smoking|vap(?:e|es|ing)|inhalants?|solvents?|drugs?|pills|substances?|gambling"
    r"|sober\w*|relapse\w*|rehab|recovery)\b"
)


# A disorder said as what something does to one, or as an adjective of fussiness, is hyperbole: "that noise gives me
# PTSD", "I'm so OCD about my desk".
GIVEN_DISORDER_RE = re.compile(r"\b(?:gave|give|gives|giving)\s+(?:me|us|you|everyone|someone)\s+(?:\w+\s+)?$")
DISORDER_AS_ADJECTIVE_RE = re.compile(
    r"\b(?:i'm|im|i\s+am|am|being|so|very|super|kinda|too|slightly|bit|little)\s+(?:so\s+|very\s+|super\s+|a\s+bit\s+)?$"
)
# A craze is a fever: "world cup fever", "cabin fever", "baby fever".
FEVER_OF_A_CRAZE_RE = re.compile(
    r"\b(?:cabin|baby|spring|gold|football|world\s+cup|election|holiday|christmas|bieber|superbowl|super\s+bowl)\s+$"
)
# Any noun before it names a craze as well ("puppy fever", "disco fever", "Saturday night fever"), unless it measures
# the fever ("a low grade fever", "a 103 degree fever") or is also an adjective of it ("high", "slight", "scarlet").
FEVER_MEASURE_NOUNS = frozenset(["grade", "degree", "degrees", "hay", "body"])
HYPERBOLE_DISORDERS = frozenset(["obsessive-compulsive disorder", "post-traumatic stress disorder"])
# OCD as a trait of fussiness: a person's or thing's quality before a noun ("my OCD brain", "the most OCD loading
# screen"), or a little person inside who feels ("my OCD hates it", "this kills my OCD"). A clinical noun after
# it ("OCD thoughts", "OCD meds") and a plain verb ("my OCD got worse") leave it the disorder.
OCD_CLINICAL_NOUNS = frozenset(
    [
        *("thoughts", "thought", "rituals", "ritual", "tendencies", "symptoms", "symptom", "meds", "medication"),
        *("medications", "diagnosis", "therapy", "treatment", "compulsions", "obsessions", "episode", "episodes"),
        *("flare", "flares", "relapse", "specialist", "therapist", "patients", "sufferers", "support", "clinic"),
        *("attack", "attacks", "sort", "kind", "type", "like", "diagnosed", "triggers", "trigger", "sufferer"),
        *("compulsion", "obsession", "behavior", "behaviour", "habit", "habits", "diagnoses", "medicine", "pills"),
        *("spikes", "spike", "loops", "loop", "intrusive", "behaviour", "behavior", "behaviours", "behaviors"),
        *("last", "this", "since", "lately", "today", "now", "every", "all", "as", "then", "for", "so"),
    ]
)
OCD_FEELS_AFTER_RE = re.compile(
    r"^\s+(?:(?:is|was|just|always|really|kinda|so|would|will|can't|cannot|couldn't|can|does|doesn't|did|didn't|has"
    r"|never)\s+){0,3}(?:hates?|hated|hating|loves?|loved|loving|wants?|wanted|likes?|liked|thanks?|enjoys?|enjoyed"
    r"|appreciates?|approves?|screams?|screaming|cries|crying|happy|pleased|satisfied|angry|mad|upset|tingl\w*"
    r"|kick(?:s|ing|ed)?\s+in|take|handle|stand|dying|died|killing\s+me|rejoices?|weeps?|twitch\w*)\b"
)
OCD_FELT_BEFORE_RE = re.compile(
    r"\b(?:kills?|killed|killing|satisf(?:y|ies|ied|ying)|pleases?|pleased|pleasing|tickles?|tickled|bugs?|bugged"
    r"|bugging|drives?|driving|hurts?|hurting|calms?|soothes?|soothing)\s+(?:my|your|his|her|their|the)\s+(?:inner\s+)?$"
)
# A heart attack, a stroke or a lasting illness had at a sight or a piece of reading is surprise or delight: "had a
# heart attack when I opened the bill", "I had a stroke reading this", "got diabetes watching this". A real one is
# said with when it happened ("when I was 45", "at work").
SURPRISE_AFTER_RE = re.compile(
    r"^\s+(?:\w+\s+){0,2}?(?:(?:when|as|after|once)\s+i\s+(?:\w+\s+)?(?:saw|see|opened|open|walked|walk|looked|look"
    r"|read|heard|hear|checked|check|realized|realised|found|noticed|clicked|watched|turned\s+on|logged|typed|wrote)\b"
    r"|(?:reading|seeing|looking\s+at|watching|making|writing|hearing|typing|trying\s+to\s+(?:read|understand))\b"
    # Had over a thing pointed at: "I had a stroke over this" (not "over the weekend").
    r"|over\s+(?:this|that|it)\b)"
)
# "stroke" as a verb: "stroke my cat", "she stroked him", "nice to stroke".
STROKE_VERB_AFTER_RE = re.compile(r"^\s+(?:my|your|his|her|their|our|him|me|them|it|its|up|down|gently|slowly)\b")
STROKE_VERB_FORMS = frozenset(["stroked", "stroking"])
# A cough as an act at someone: "coughed all over my vegetables", "cough on their friends", "cough in my face".
COUGH_AT_AFTER_RE = re.compile(r"^\s+(?:on|at|all\s+over|in\s+(?:my|your|his|her|their|our|someone's)\s+face)\b")


def _other_sense(s: Sentence, m: Match) -> bool:
    """A condition's name used for something else: a hedged event, "stroke" of luck, an addiction to no substance,
    a disorder as hyperbole, a cough as an interjection ("*cough cough*"), a fever dream or a fever pitch."""
    name = m.term.normalized
    before, after = s.norm[: m.start], s.norm[m.end :]
    if name in HEDGED_EVENTS and (EVENT_HEDGE_RE.search(before) or _recurring(s, m)):
        return True
    if _lasting_or_event(m) and SURPRISE_AFTER_RE.match(after):
        return True  # "I had a stroke reading this", "I got diabetes watching this video"
    if name in HYPERBOLE_DISORDERS and GIVEN_DISORDER_RE.search(before):
        return True
    if name == "obsessive-compulsive disorder" and (DISORDER_AS_ADJECTIVE_RE.search(before) or _ocd_trait(s, m)):
        return True
    if name == "cough" and (
        re.match(r"\s*\*|\s+cough\b|\s+(?:it\s+)?up\b(?!\s+(?:blood|phlegm|mucus|sputum))", after)
        or re.search(r"(?:\*|\bcough\s)\s*$", before)
    ):
        return True
    if name == "fever" and (re.match(r"\s*-?\s*(?:dreams?|pitch)\b", after) or _fever_of_a_craze(s, m)):
        return True
    if name == "stroke" and (
        re.match(r"\s+of\b", after)
        or STROKE_OTHER_SENSE_BEFORE_RE.search(before)
        or STROKE_VERB_AFTER_RE.match(after)
        or s.tokens[m.first].text in STROKE_VERB_FORMS
    ):
        return True
    if name == "cough" and COUGH_AT_AFTER_RE.match(after):
        return True
    if name == "stress" and _stress_verb(s, m):
        return True
    if name == "addiction":
        words = {t.text for t in s.tokens}
        named_drug = any(lexicon.drugs().lookup(w) is not None for w in words)
        return not named_drug and not ADDICTION_SUBSTANCE_RE.search(s.norm)
    return False


def _recurring(s: Sentence, m: Match) -> bool:
    """Said in its clause to happen every time ("I have a heart attack every time she calls")."""
    left, right = _clause_bounds(s, m.start, m.end)
    return bool(RECURRING_AFTER_RE.match(s.norm[m.end : right]) or RECURRING_OPENS_RE.match(s.norm[left : m.start]))


def _fever_of_a_craze(s: Sentence, m: Match) -> bool:
    if FEVER_OF_A_CRAZE_RE.search(s.norm[: m.start]):
        return True
    before = s.tokens[m.first - 1] if m.first > 0 else None
    if before is None or s.norm[before.end : m.start].strip():
        return False  # "in our bodies; fever"
    word = before.text
    if not word.isascii() or word in FEVER_MEASURE_NOUNS or _closed_class(word) or _health_word(word):
        return False  # "my fever", "a cough and fever"
    readings = morphology.english_word_classes(word)
    return "NOUN" in readings and "ADJ" not in readings


def _stress_verb(s: Sentence, m: Match) -> bool:
    """ "stress" as a verb of worrying: "one less thing to stress about", "don't stress out" (not "due to stress", "I'm
    stressed out", which says the writer's state)."""
    before, after = s.norm[: m.start], s.norm[m.end :]
    verb_before = re.search(r"\b(?:to|don't|dont|not|never|i|you|we|they)\s+$", before)
    return s.tokens[m.first].text == "stress" and bool(verb_before) and bool(re.match(r"\s+(?:about|out)\b", after))


def _lasting_or_event(m: Match) -> bool:
    """A lasting condition or an event, not one that is also a complaint a sight may bring on ("migraine")."""
    return m.term.kind in ("chronic", "event") and lexicon.symptoms().lookup(m.term.name) is None


def _ocd_trait(s: Sentence, m: Match) -> bool:
    """OCD said as a trait of fussiness: before a noun that is no clinical one, or as one who feels."""
    after = s.norm[m.end :]
    if OCD_FEELS_AFTER_RE.match(after) or OCD_FELT_BEFORE_RE.search(s.norm[: m.start]):
        return True
    following = re.match(r"\s+([a-z]+)\b", after)
    if following is None:
        return False
    word = following.group(1)
    if word in OCD_CLINICAL_NOUNS or _closed_class(word) or _health_word(word):
        return False  # "OCD thoughts", "OCD which ...", "OCD, depression and anxiety"
    readings = morphology.english_word_classes(word)
    if word.endswith("s") and "VERB" in readings:
        return False  # "OCD holds me back": a verb as likely as a plural
    return "NOUN" in readings and not readings & {"AUX", "ADP", "ADV", "CCONJ", "SCONJ", "DET", "PRON"}


def _closed_class(word: str) -> bool:
    return word in lexicon.person_words()["closed_class_en"]


def _health_word(word: str) -> bool:
    return any(lex.lookup(word) is not None for lex in (lexicon.conditions(), lexicon.symptoms()))


def find_names(lex: lexicon.Lexicon, s: Sentence) -> list[Match]:
    """The lexicon's names in the sentence, and single words that are a one-letter misspelling of one."""
    return list(_names_in(lex, s))


# Cached: conditions, symptoms, family history and their guards each ask for the same lexicon's names in the
# same sentence (up to four times a sentence), and a lookup walks every token through the lexicon.
@lru_cache(maxsize=1024)
def _names_in(lex: lexicon.Lexicon, s: Sentence) -> tuple[Match, ...]:
    found = [m for m in lex.find(s.tokens) if not _other_sense(s, m) and not _another_nouns_own_form(s, m)]
    levels = [m for m, level_lex in _measured_levels(s) if level_lex is lex]
    found = [m for m in found if not any(m.start < level.end and level.start < m.end for level in levels)] + levels
    covered = {i for m in found for i in range(m.first, m.last + 1)}
    for i, token in enumerate(s.tokens):
        if i not in covered:
            term = lexicon.misspelt(lex, token.text)
            if term is not None:
                found.append(Match(i, i, token.start, token.end, term))
    return tuple(sorted(found, key=lambda m: m.first))


# --- a measure of the body said high or low ---------------------------------------------------------
# A measure said to be high or low names what the same words put as a phrase name: "my blood pressure is high" is
# "high blood pressure", «давление повышенное» and «у меня повышен холестерин» are «повышенное давление» and
# «повышенный холестерин», «гемоглобин низкий» «низкий гемоглобин», "my temperature is high" a fever. The measures
# are the lexicons' own (a phrase they know, or nothing); the level is said as an adjective or a verb of it, after
# the measure, with only words of time and degree between ("has always been way too high", «у меня всегда
# повышенное»), so "is not high" and «не повышено» say nothing. English needs "my": "my dad's blood pressure" and
# "is 140/90 high" are no one's measure the writer has; Russian drops the possessive, and the sentence's guards judge
# whose it is as they judge any name («у мамы давление высокое» is hers).
# Words of time and degree, and the verbs a level is said with: "has always been way too high", "came back low".
EN_LEVEL_ADVERBS = (
    r"has|have|had|always|still|also|consistently|constantly|chronically|usually|often|typically|too|very|really"
    r"|quite|pretty|slightly|way|dangerously|super|so|extremely|kinda|somewhat|even|now|currently|again|already"
    r"|abnormally|borderline|a\s+bit|a\s+little|a\s+tad|kind\s+of"
)
EN_LEVEL_COPULAS = (
    r"is|are|was|were|'s|'re|been|stays|stayed|remains|remained|runs|ran|running|got|gotten|gets|getting|went|goes"
    r"|gone|tends\s+to\s+be|tend\s+to\s+be|came\s+back|comes\s+back|come\s+back"
)
# A verb is needed: "could push my sugar really low" says what might happen, not what the level is.
EN_LEVEL_RE = re.compile(
    r"\bmy\s+(?P<measure>[a-z0-9-]+(?:\s+[a-z0-9-]+){0,2}?)"
    rf"\s+(?:(?:{EN_LEVEL_ADVERBS})\s+)*(?:{EN_LEVEL_COPULAS})\s+(?:(?:{EN_LEVEL_ADVERBS}|{EN_LEVEL_COPULAS})\s+)*"
    r"(?P<level>high|elevated|raised|low|through\s+the\s+roof|sky[-\s]high|off\s+the\s+charts?"
    r"|on\s+the\s+(?:high|low)\s+side)\b"
)
EN_LEVELS = {"low": "low", "on the low side": "low"}  # every other level word says "high"
# Words after a measure that name the same measure: "my sugar levels", "my iron count".
EN_MEASURE_TAILS = frozenset(["level", "levels", "count", "counts", "numbers", "reading", "readings", "results"])
# The lay shorthand of a measure: "my sugar" is the blood sugar, "my bp" the blood pressure.
EN_MEASURE_SHORTHAND = {
    "sugar": "blood sugar",
    "sugars": "blood sugar",
    "glucose": "blood sugar",
    "blood glucose": "blood sugar",
    "a1c": "blood sugar",
    "bp": "blood pressure",
    "pressure": "blood pressure",
    "haemoglobin": "hemoglobin",
    "ldl": "cholesterol",
}
RU_LEVEL_FILLERS = (
    r"у\s+меня|всегда|постоянно|был[оаи]?|стал[оаи]?|очень|слегка|немного|немножко|чуть|сильно|опять|снова|тоже"
    r"|уже|по-прежнему|давно|ещ[её]|довольно|достаточно|слишком|критически|всё|все|тогда|сейчас|теперь"
)
RU_LEVEL = (
    r"высок(?:ий|ое|ая|ие)|низк(?:ий|ое|ая|ие)|(?:повыш|пониж|сниж|завыш)ен(?:н(?:ый|ое|ая|ые)|[аоы])?"
    r"|зашкалива(?:ет|л[аио]?)"
)
# The measure first: «давление у меня повышенное», «сахар в крови повышен», «уровень холестерина высокий».
RU_LEVEL_AFTER_RE = re.compile(
    rf"(?<!\bне\s)\b(?P<measure>[а-яё]+)(?:\s+в\s+крови)?\s+(?:(?:{RU_LEVEL_FILLERS})\s+){{0,3}}(?P<level>{RU_LEVEL})\b"
)
# The short adjective first: «у меня повышен холестерин», «понижен уровень гемоглобина».
RU_LEVEL_BEFORE_RE = re.compile(
    r"(?<!\bне\s)\b(?P<level>(?:повыш|пониж|сниж|завыш)ен[аоы]?)\s+(?:(?:у\s+меня|был[оаи]?|немного|слегка|сильно"
    r"|очень|чуть)\s+){0,2}(?:уров\w+\s+)?(?P<measure>[а-яё]+)\b"
)
# The adjective of the level said by each stem, and the others of its direction, tried after it.
RU_LEVEL_STEMS = {
    "высок": ("high", "высокий"),
    "зашкалива": ("high", "высокий"),
    "повыш": ("high", "повышенный"),
    "завыш": ("high", "повышенный"),
    "низк": ("low", "низкий"),
    "пониж": ("low", "пониженный"),
    "сниж": ("low", "сниженный"),
}
LEVEL_ADJECTIVES = {
    ("high", False): ("высокий", "повышенный"),
    ("low", False): ("низкий", "пониженный", "сниженный"),
    ("high", True): ("high",),
    ("low", True): ("low",),
}
# A level only wondered about, feared or set as a condition: "if my sugar is low", «если давление высокое».
LEVEL_UNREAL_BEFORE_RE = re.compile(
    r"\b(?:if|unless|when|whether|think|thought|feel|feels|felt|like|sure|wonder\w*|afraid|scared|worr(?:y|ies|ied)"
    r"|fear\w*|hop(?:e|es|ed|ing)|если|когда|думаю|кажется|наверное|боюсь|может|вдруг|чтобы)\b"
)


@lru_cache(maxsize=1024)
def _measured_levels(s: Sentence) -> tuple[tuple[Match, lexicon.Lexicon], ...]:
    """The measures said high or low in the sentence, each as a name of the lexicon that knows its phrase, spanning
    the measure and its level."""
    found = []
    said: list[tuple[re.Match[str], str, str]]
    if s.english:  # the English adjective is the direction's own word
        said = [
            (m, level, level) for m in EN_LEVEL_RE.finditer(s.norm) for level in [EN_LEVELS.get(m["level"], "high")]
        ]
    else:
        said = [
            (m, *next(v for stem, v in RU_LEVEL_STEMS.items() if m.group("level").startswith(stem)))
            for pattern in (RU_LEVEL_AFTER_RE, RU_LEVEL_BEFORE_RE)
            for m in pattern.finditer(s.norm)
        ]
    for m, direction, adjective in said:
        start, end = min(m.start("measure"), m.start("level")), max(m.end("measure"), m.end("level"))
        if LEVEL_UNREAL_BEFORE_RE.search(s.norm, _clause_bounds(s, start, end)[0], start):
            continue
        named = _level_term(_measure_name(m.group("measure"), s.english), direction, adjective, s.english)
        tokens = [i for i, t in enumerate(s.tokens) if start <= t.start and t.end <= end]
        if named is not None and tokens:
            term, level_lex = named
            found.append((Match(tokens[0], tokens[-1], start, end, term), level_lex))
    return tuple(found)


def _measure_name(measure: str, english: bool) -> str:
    """A measure's words as the lexicons' phrases say them: "sugar levels" → "blood sugar", «холестерина» →
    «холестерин»."""
    if not english:
        return morphology.noun_lemma(measure)
    words = measure.split()
    while len(words) > 1 and words[-1] in EN_MEASURE_TAILS:
        words.pop()
    name = " ".join(words)
    return EN_MEASURE_SHORTHAND.get(name, name)


@lru_cache(maxsize=4096)
def _level_term(
    measure: str, direction: str, adjective: str, english: bool
) -> tuple[lexicon.Term, lexicon.Lexicon] | None:
    """The term the measure put with the level's adjective names, the adjective said first, then the others of its
    direction («давление снижено»: no list knows «сниженное давление», «низкое давление» is known), in the
    illnesses' list, then in the complaints'."""
    adjectives = dict.fromkeys((adjective, *LEVEL_ADJECTIVES[direction, english]))
    for said in adjectives:
        tokens = tokenize(f"{said} {measure}")
        for lex in (lexicon.conditions(), lexicon.symptoms()):
            matches = lex.find(tokens)
            whole = len(matches) == 1 and matches[0].first == 0 and matches[0].last == len(tokens) - 1
            if whole and matches[0].term.kind not in REASON_ONLY:
                return matches[0].term, lex
    return None


GENITIVE_PREPOSITIONS = frozenset(["от", "из-за", "без", "после", "до", "у", "с", "со", "из", "для", "против", "при"])


def _another_nouns_own_form(s: Sentence, m: Match) -> bool:
    """A one-word name said in a form that is the dictionary form of another noun: "жара" (the heat) is not the
    genitive of "жар" (a fever) it could be, unless a preposition asks for that case ("от жара")."""
    word = s.tokens[m.first].text
    if m.first != m.last or word.isascii() or word == normalize(m.term.name) or not morphology.is_known(word):
        return False
    before = s.tokens[m.first - 1].text if m.first > 0 else ""
    if before in GENITIVE_PREPOSITIONS or before.isdigit():
        return False  # "от жара", "2 истерик"
    best = morphology.best(word)
    # The other noun must be the likelier reading: "рака" is read as the genitive of "рак" first.
    return best.tag.POS == "NOUN" and best.normal_form == word and morphology.noun_lemma(m.term.name) != word


def _condition_matches(s: Sentence) -> list[Match]:
    targets = _vaccine_targets(s)
    return [m for m in find_names(lexicon.conditions(), s) if m.term.kind not in REASON_ONLY and m.start not in targets]


# What a vaccine is against is nobody's illness (the vaccination is the events' to keep): "my flu shot", "the covid
# vaccine", "a tetanus booster", "vaccinated against measles", "the vaccine to prevent the flu", «прививка от гриппа»,
# «привилась от ковида», «вакцина от кори, краснухи и паротита». An illness had beside it stays: "I had the flu shot
# and got the flu anyway". A shot or a jab is an injection of anything: only an infection (an acute illness) named
# with it is a vaccine's ("my migraine shot", "a cortisone shot for my arthritis" name the writer's own illness).
VACCINE = (
    r"(?:vaccin\w*|boosters?|inoculat\w*|прививк\w*|вакцин\w*|ревакцин\w*|привит\w*|привил(?:а|ась|ся|ись|и|о)?"
    r"|привива\w*|привь\w+)"
)
INJECTION = r"(?:shots?|jabs?)"
# The name right before it: "flu shot", "covid-19 vaccine", "covid 19 vaccine".
VACCINE_AFTER_NAME_RE = re.compile(rf"^\s*-?\s*(?:\d+\s+)?(?:(?P<vaccine>{VACCINE})|{INJECTION})\b")
# ... or the list after what it is against: "vaccinated against measles, mumps and rubella", «прививку от гриппа».
VACCINE_AGAINST_RE = re.compile(
    rf"\b(?:(?P<vaccine>{VACCINE})|{INJECTION})\s+(?:[\w-]+\s+){{0,3}}?"
    r"(?:against|for|from|от|против|prevent\w*|профилактик\w*|предотвращ\w*)\s+"
)
# A contrast ends the list: "привилась от коклюша, но всё равно подхватила коклюш".
CONTRAST_WORDS = frozenset(["but", "yet", "though", "although", "however", "а", "но", "однако", "хотя", "зато"])


@lru_cache(maxsize=1024)
def _vaccine_targets(s: Sentence) -> frozenset[int]:
    """The starts of the illness and complaint names said as what a vaccine is against. Only those: what the writer
    had after it is theirs ("after my flu shot I had a fever", «после прививки от гриппа поднялась температура»)."""
    names = [*find_names(lexicon.conditions(), s), *find_names(lexicon.symptoms(), s)]
    targets = set()
    for m in names:
        said = VACCINE_AFTER_NAME_RE.match(s.norm[m.end :])
        if said is not None and (said.group("vaccine") or m.term.kind == "acute"):
            targets.add(m.start)
    for said in VACCINE_AGAINST_RE.finditer(s.norm):
        end = _list_end(s, said.end())
        vaccine = bool(said.group("vaccine"))
        targets.update(m.start for m in names if said.end() <= m.start < end and (vaccine or m.term.kind == "acute"))
    return frozenset(targets)


def _list_end(s: Sentence, start: int) -> int:
    """Where a list of names that begins at `start` ends: at a clause mark other than a comma, a contrast, or a verb or
    a pronoun, which begin a clause of their own ("vaccinated against the flu and got the flu anyway")."""
    end = start
    for token in (t for t in s.tokens if t.start >= start):
        if s.norm[end : token.start].strip() not in ("", ",") or token.text in CONTRAST_WORDS:
            break
        if _verb_or_subject(token.text):
            break
        end = token.end
    return end


# An illness of the family with no relative named: "diabetes runs in my family", "a family history of heart disease".
FAMILY_RUNS_RE = re.compile(
    r"\b(?:runs?|ran|running)\s+in\s+(?:my|our|the)\s+family"
    r"(?=\s*(?:[,.;:!?)]|$|and\b|but\b|so\b|too\b|as\s+well\b|on\s+(?:my|both|his|her)\b))|\bfamily\s+history\s+of\b"
    r"|\b(?:my|our)\s+family\s+(?:has|had)\s+(?:a\s+)?history\s+of\b"
)


# Whose a relative is, said by the possessive right before it (past one word: "my step mum", "his late father"): the
# writer's ("my", "our") or another's ("his father", "her dad", "my best friend's mom", "John's dad").
POSSESSIVES = frozenset(["my", "our", "his", "her", "their", "your", "its"])
SPOUSES = frozenset(["wife", "husband", "spouse"])
# A relative's illness only feared, wished or nearly had, said before its name in its clause: "Hope Grandma doesn't
# have a heart attack", "my mom could use a heart attack tonight", "my mother almost went through a heart attack",
# "he's gonna get a heart attack".
UNREAL_ILLNESS_RE = re.compile(
    r"\b(?:hope|hoping|hopefully|wish|afraid|scared|worried|might|gonna|almost|could\s+use|if)\b"
)


def _anothers_relative(s: Sentence, index: int) -> bool:
    if not s.english:
        return False
    for token in reversed(s.tokens[max(0, index - 2) : index]):
        if token.text in POSSESSIVES:
            return token.text not in ("my", "our")
        if token.text.endswith("'s"):
            # "my wife's mom" is the writer's family by marriage; "my friend's mom" is not.
            spouse = token.text.removesuffix("'s") in SPOUSES
            return not (spouse and index >= 2 and s.tokens[index - 2].text == "my")
    return False


def family_history(s: Sentence) -> list[Finding]:
    who = relative(s)
    if who is None and not (s.english and FAMILY_RUNS_RE.search(s.norm)):
        return []
    if who is not None and _anothers_relative(s, who[1]):
        return []
    # A report of research or news names nobody's mother: "a study links a mother's diet to child obesity".
    found = _outside(s, _family_history(s, who), _general_clauses(s))
    if who is None or not s.english:
        return found
    # Only what is said as had by the writer's relative: no wish or fear before the illness in its clause, and no
    # other person's relative as the subject of having it ("my dad got a call that his dad is dying from cancer").
    kept = [f for f in found if not _unreal_illness(s, f) and not _anothers_relatives_illness(s, f)]
    return [_of_the_relative_who_has_it(s, f) for f in kept]


OTHERS_POSSESSIVES = frozenset(["his", "her", "their", "your"])


def _having_subject(s: Sentence, f: Finding) -> re.Match[str] | None:
    """The subject and verb of having said right before a finding's name in its clause."""
    start = s.raw.find(str(f.attributes["name_raw"]))
    return HAVING_BEFORE_RE.search(s.norm, _clause_bounds(s, start, start)[0], start) if start >= 0 else None


def _anothers_relatives_illness(s: Sentence, f: Finding) -> bool:
    said = _having_subject(s, f)
    return said is not None and said.group("det") in OTHERS_POSSESSIVES


def _of_the_relative_who_has_it(s: Sentence, f: Finding) -> Finding:
    """The relative who is the subject of having the illness, when another relative is named first: "my aunt phoned
    to say that my uncle has diabetes" is the uncle's."""
    said = _having_subject(s, f)
    subject = said.group("subject") if said is not None and said.group("det") in ("my", "our") else None
    relative_word = lexicon.person_words()["relatives"].get(subject) if subject else None
    if relative_word is None or relative_word == f.attributes["relative"]:
        return f
    return replace(f, attributes={**f.attributes, "relative": relative_word})


def _unreal_illness(s: Sentence, f: Finding) -> bool:
    start = s.norm.find(normalize(str(f.attributes["name_raw"])))
    return start > 0 and bool(UNREAL_ILLNESS_RE.search(s.norm, _clause_bounds(s, start, start)[0], start))


def _family_history(s: Sentence, who: tuple[str, int] | None) -> list[Finding]:
    rel = who[0] if who is not None else "family"
    if who is None:  # only the names of the clause that says it runs in the family
        return _inside(s, _family_findings(s, rel), _family_clauses(s))
    clause = _relatives_clause(s)
    if clause is not None:  # "у папы диабет, а у меня гастрит": the writer's clause is theirs
        return _inside(s, _family_findings(s, rel), [clause])
    if RELATIVE_TOO_RE.search(s.norm):  # "I have asthma and so does my sister"
        return _family_findings(s, rel)
    # "I have diabetes and my mom ...", "I have OCD, like bad OCD, but my mom ...": the writer's, named once or again.
    own = {m.term.normalized for m, _ in _writers_names(s)}
    theirs = _outside(s, _family_findings(s, rel), _writers_own(s))
    return [f for f in theirs if f.attributes["name_normalized"] not in own]


def writer_too(s: Sentence) -> bool:
    """A sentence naming a relative speaks of the writer's own health too: in another clause ("у папы диабет, а у
    меня гастрит"), as one subject with them ("мы с мамой болеем гастритом", "my sister and I both have asthma"), or
    as the subject of an illness of their own ("I have diabetes and my mom keeps feeding me carbs")."""
    return _relatives_clause(s) is not None or bool(WITH_WRITER_RE.search(s.norm)) or bool(_writers_own(s))


def _inside(s: Sentence, found: list[Finding], spans: Sequence[tuple[int, int]]) -> list[Finding]:
    return [f for f in found if any(a <= s.raw.find(str(f.attributes["name_raw"])) < b for a, b in spans)]


def _family_findings(s: Sentence, rel: str) -> list[Finding]:
    onset_m = ONSET_RE.search(s.norm)
    onset = next((int(g) for g in onset_m.groups() if g), None) if onset_m else None
    action = "negate" if FAMILY_NEGATION_RE.search(s.norm) else "assert"
    found = []
    # A relative's flu or cold is no family history: only lasting conditions and events (a stroke) are, and
    # unknown ones named after a diagnosis cue.
    named, matches = _longest_at_each_place(s, _named(s), _condition_matches(s))
    items = [(m.start, m.end, _with_type(s, m), True) for m in matches if m.term.kind != "acute"]
    items += [
        (start, end, normalized, verified)
        for start, end, normalized, verified, head_kind in named
        if head_kind != "acute"
        and (not verified or getattr(lexicon.conditions().lookup(normalized), "kind", "chronic") != "acute")
    ]
    for start, end, normalized, verified in items:
        attrs: dict[str, object] = {"name_raw": s.cut(start, end), "name_normalized": normalized, "relative": rel}
        if not verified:
            attrs["verified"] = False
        if onset is not None and onset <= 130 and action == "assert":
            attrs["age_at_onset"] = onset
        found.append(Finding("family_history", attrs, s, action=action))
    return _outside(s, found, _no_illness(s))


# The writer and another person as one subject: "мы с сыном мучаемся синуситами", "my husband and I both
# caught the flu", "both of us have asthma": what is said of the two is said of the writer too.
WITH_WRITER_RE = compile_cues(
    r"^(?:\w+\s+){0,3}мы\s+с\s+\w+|\bmy\s+\w+\s+and\s+i\b|\bme\s+and\s+my\s+\w+\b|\bboth\s+of\s+us\b"
)


# The writer only introducing another person, who is the subject: "у меня друг на флуоксетине сидел", "у меня есть
# подруга, у которой ...".
INTRODUCED_PERSON_RE = re.compile(rf"\bу\s+меня\s+(?:есть\s+|был[аи]?\s+)?(?:\w+\s+)?(?={OTHER_PEOPLE_RE.pattern})")


def _introduces_someone(s: Sentence) -> bool:
    """Another person introduced with "у меня", and no other word of the writer in the sentence."""
    said = INTRODUCED_PERSON_RE.search(s.norm)
    return said is not None and not FIRST_PERSON_RE.search(s.norm[: said.start()] + " " + s.norm[said.end() :])


# A third person falls ill, named by a pronoun as the subject of an illness verb: "Он подхватил грипп", "она слегла
# с ангиной", "she was diagnosed with diabetes", "he has asthma". A Russian "он/она" may be a drug ("он помог от
# гриппа"), but a drug does not fall ill.
PRONOUN_FELL_ILL_RE = re.compile(
    r"\b(?:он|она|они)\s+(?:\w+\s+)?(?:заболе\w*|подхвати\w*|слег(?:ла|ли)?|переболе\w*|боле(?:ет|ют|л|ла|ли)"
    r"|простыл\w*|простуди\w*|лечи(?:тся|лся|лась|лись)|муча(?:ется|ются|лся|лась|лись)|страда(?:ет|ют|л|ла|ли))\b"
    r"|\b(?:he|she)\s+(?:also\s+|now\s+|just\s+|recently\s+|finally\s+|still\s+)?(?:has|had|got|gets|was|is|caught"
    r"|developed|suffers|suffered|struggles|struggled|battled|died)\b"
)


def _someone_elses(s: Sentence) -> bool:
    """The sentence is about another person's life only (the writer is not one of the subject)."""
    if _introduces_someone(s):
        return True
    if PRONOUN_FELL_ILL_RE.search(s.norm) and not WRITER_RE.search(s.norm):
        return True
    if relative(s) is None and not about_someone_else(s):
        return False
    # "Мы с мужем ездили на море, у него начался грипп": the illness is his alone.
    return not WITH_WRITER_RE.search(s.norm) or bool(THIRD_PERSON_RE.search(s.norm))


def _relatives_clause(s: Sentence) -> tuple[int, int] | None:
    """The relative's clause, when the writer speaks of themselves in another one: "у меня кружится голова, а сын
    смеётся" says the dizziness of the writer."""
    who = relative(s)
    if who is None:
        return None
    token = s.tokens[who[1]]
    left, right = _clause_bounds(s, token.start, token.end)
    writer = any(not left <= said.start() < right for said in _writer_as_patient(s, 0, len(s.norm)))
    return (left, right) if writer else None


def _others_clauses(s: Sentence) -> list[tuple[int, int]]:
    """The clauses about another person in a sentence that speaks of the writer too: with a relative named in the
    sentence, every clause that does not name the writer ("у меня кружится голова, а сын смеётся" keeps the first);
    and those with "у него/у неё" ("я заметила, что у неё становится мягче кашель")."""
    theirs = [_clause_bounds(s, *said.span()) for said in THEIRS_RE.finditer(s.norm)]
    if _relatives_clause(s) is None:
        return theirs
    bounds = {_clause_bounds(s, t.start, t.end) for t in s.tokens}
    return theirs + [(a, b) for a, b in bounds if not _writer_as_patient(s, a, b)]


# Who has the illness named right after a verb of having it: "my phone had a stroke", "I think she had a stroke",
# "the whole class has a heart attack", "the guy behind me coughed". A subject that is a third person, anyone, or a
# noun with a determiner (no body part: "my head has been aching" is the writer's) is another's or a thing's. A
# dropped subject ("had a stroke in 2019") and the writer's own ("my wife and I had the flu") say nothing here.
# When a complaint came or how long it stayed, said between its subject and the verb: "she recently had a stroke", "I
# currently have a fever".
TIME_ADVERBS = (
    r"currently|recently|finally|suddenly|constantly|frequently|occasionally|unfortunately|eventually|once|always"
    r"|usually|often|sometimes"
)
# The words that may stand between a subject and its verb: auxiliaries and adverbs.
BEFORE_THE_VERB = (
    r"just|really|also|probably|might|may|must|could|would|will|have|has|had|is|was|were|are|be|been|being|even"
    r"|actually|literally|then|now|totally|kinda|both|all|still|apparently|definitely|kept|keeps|started|starts|began"
    r"|get|gets|got|getting"
    rf"|{TIME_ADVERBS}"
)
# The subject is never one of those words ("my mom has had diabetes": "mom", not "has"); a personal pronoun is a
# subject of its own, never the noun of a determiner before it ("I told my mom I have depression": "I", not "my mom
# I"); and no determiner stands between a determiner and its noun ("that his dad is dying": "his dad").
DETERMINERS = r"my|the|a|an|this|that|his|her|their|your|our|whose|these|those|every|each|some"
SUBJECT = (
    rf"(?:\b(?P<det>{DETERMINERS})\s+(?:(?!(?:{DETERMINERS})\b)[\w-]+\s+)?"
    r"(?!(?:i|i'm|i've|im|ive|me|we|he|she|they|you)\b))?"
    rf"\b(?P<subject>(?!(?:{BEFORE_THE_VERB})\b)[\w'-]+)\s+"
    rf"(?:(?:{BEFORE_THE_VERB})\s+){{0,3}}"
)
# Living with an illness ("I dealt with insomnia", "I'm struggling with depression"), and where it kept one ("woke up
# with a migraine", "went to work with a fever", "stuck in bed with the flu", "I'm home sick with a cold"): what
# follows "with" is the subject's own state. An "-ing" form says so only after its auxiliary, and no infinitive does:
# "patients battling with COPD", "what it's like living with depression", "what it is like to live with OCD" name
# nobody's.
LIVING_WITH = r"(?:deal|cop|struggl|battl|liv)(?:e|es|ed|t|s|ing)?\s+with"
LIVING_WITH_SAID = (
    r"(?:(?<!\bto\s)(?:deal(?:s|t)?|cope[sd]?|struggle[sd]?|battle[sd]?|live[sd]?)|(?:\w+'(?:m|s|re)|im|am|is|are|was|were|been|be)"
    r"\s+(?:(?:still|currently|really|constantly|just|also|now|always|actually)\s+)?(?:dealing|coping|struggling|battling|living)"
    r"|(?:years?|months?|weeks?|decades?)\s+of\s+(?:dealing|coping|struggling|battling|living))\s+with"
)
# (The verbs, whose subject stands right before them; the places, after any verb: "spent the weekend in bed with".)
STATE_VERB_WITH = (
    r"(?:(?:woke|wake|wakes|woken)\s+up|(?:went|go|goes)\s+(?:to\s+(?:bed|work|school|sleep|class)|home)|bedridden"
    r"|laid\s+up|(?:\w+'m|im|am|was|been)\s+(?:\w+\s+)?(?:sick|ill|down))\s+with"
)
STAYED_HOME = r"(?:home\s+sick|(?:stayed|stay|stuck|i'm|am|was)\s+(?:at\s+)?home)"
STATE_WITH = rf"(?:{STATE_VERB_WITH}|(?:in|to)\s+bed\s+with|{STAYED_HOME}\s+with)"
HAVING_BEFORE_RE = re.compile(
    SUBJECT + r"(?:has|had|have|having|get|gets|got|getting|suffered|suffers|suffering\s+from|developed|develops|caught"
    rf"|catches|went\s+into|diagnosed\s+with|(?:died|dying|dies)\s+(?:of|from)|{LIVING_WITH}|{STATE_VERB_WITH})"
    r"\s+(?:(?:a|an|the|some|mild|minor|massive|major|small|little|bad|severe|terrible|huge|full|fucking|serious|real)\s+){0,3}$"
)
# The subject of a complaint said with its verb: "the guy behind me coughed".
VERB_SUBJECT_BEFORE_RE = re.compile(SUBJECT + r"$")
OTHER_SUBJECTS = frozenset(
    [
        *("he", "she", "they", "you", "u", "someone", "somebody", "everyone", "everybody", "anyone", "anybody"),
        *("nobody", "who", "people", "guy", "everything", "something", "many", "others", "millions", "thousands"),
        "whoever",
    ]
)
WRITER_SUBJECTS = frozenset(["i", "i've", "i'd", "i'm", "im", "ive", "we", "we've", "both", "and"])
# The complaints named by a verb form: their subject stands right before them.
COMPLAINT_VERB_FORMS = frozenset(
    ["coughed", "coughing", "coughs", "sneezed", "sneezing", "sneezes", "vomited", "vomiting", "vomits", "puked"]
)
AUX_BEFORE_RE = re.compile(r"\b(?:is|was|were|are|'s|'re|kept|keeps|keep|started|starts|been|be|am|'m)\s+$")


def _family_clauses(s: Sentence) -> list[tuple[int, int]]:
    """Where an illness is said to run in the family: the names right before "runs in my family" ("heart disease and
    strokes run in my family"; not "I have ADHD but it runs in the family"), and those after "a family history of"."""
    if not s.english:
        return []
    spans = []
    for said in FAMILY_RUNS_RE.finditer(s.norm):
        if not said.group().startswith("r"):  # "a family history of ...", up to where the writer speaks again
            spans.append((said.start(), _until_writer_resumes(s, said)))
            continue
        start = said.start()
        for m in sorted(_condition_matches(s), key=lambda m: -m.end):
            gap = s.norm[m.end : start]
            if m.end <= start and (not gap.strip() or COORDINATION_RE.match(gap)):
                start = m.start
        if start < said.start():
            spans.append((start, said.end()))
    return spans


def _others_subjects(s: Sentence) -> list[tuple[int, int]]:
    """The names of illnesses had by a subject that is not the writer: "I think my fridge has a stroke"."""
    if not s.english or WITH_WRITER_RE.search(s.norm):
        return []  # "me and my brother have asthma": the writer is one of the subject
    spans: list[tuple[int, int]] = []
    for m, _ in _health_matches(s):
        if spans and spans[-1][1] <= m.start and _coordinated(s.norm[spans[-1][1] : m.start]):
            spans.append((m.start, m.end))  # "a student that has a fever, sneezing or coughing": all theirs
            continue
        verb_form = s.tokens[m.first].text in COMPLAINT_VERB_FORMS
        if verb_form and s.tokens[m.first].text.endswith("ing") and not AUX_BEFORE_RE.search(s.norm[: m.start]):
            continue  # "I spent my morning coughing": a participle, whose subject is not the noun before it
        pattern = VERB_SUBJECT_BEFORE_RE if verb_form else HAVING_BEFORE_RE
        left = _clause_bounds(s, m.start, m.end)[0]
        start = m.start if verb_form else _phrase_start(s, m)  # "my dad was diagnosed with terminal cancer"
        said = pattern.search(s.norm, left, start)
        if (said is not None and _others_subject(s, said)) or THEIR_PLACE_WITH_RE.search(s.norm, left, start):
            spans.append((start, m.end))
    return spans


ARTICLE_AFTER_RE = re.compile(r"\s*\b(?:a|an|the|some)\s*$")


def _coordinated(gap: str) -> bool:
    """The words between two names join them: "a fever, sneezing or coughing", "the flu, a cough and a runny nose"."""
    return bool(COORDINATION_RE.match(ARTICLE_AFTER_RE.sub(" ", gap)))


# Where a third person was kept by an illness, their pronoun opening the clause: "he spent the weekend in bed with the
# flu" (the writer not named in between).
THEIR_PLACE_WITH_RE = re.compile(
    rf"\b(?:he|she|they)\b(?:(?!\b(?:i|i'm|im|me|my)\b)[^,;:])*?\b{STATE_WITH}\s+(?:(?:a|an|the|some|bad|severe)\s+)?$"
)


RELATIVE_PRONOUNS = frozenset(["that", "which"])
# The body as a whole, which the list of parts (those that can be broken or operated on) leaves out.
WHOLE_BODY = frozenset(["body", "тело"])


def _body_part(word: str) -> bool:
    """A part of the body as a subject says the writer's own state: "my body has a dull ache", "my head has been
    aching"."""
    parts = lexicon.body_parts_en() if word.isascii() else lexicon.body_parts()[0]
    return word in WHOLE_BODY or parts.lookup(word) is not None


def _others_antecedent(before: list[str]) -> bool:
    """The noun a relative pronoun stands for is another's: a noun of no closed class, not one of the writer's
    ("the only one in my family that has asthma" may be the writer)."""
    if not before or _closed_class(before[-1]) or (len(before) == 2 and before[0] in ("my", "our")):
        return False
    return "NOUN" in morphology.english_word_classes(before[-1])


def _others_subject(s: Sentence, said: re.Match[str]) -> bool:
    subject = said.group("subject")
    if re.fullmatch(r"(?:he|she|they|you|who|everyone|someone)'(?:s|re|d|ll)", subject):
        subject = subject.split("'")[0]  # "he's struggling with depression"
    if subject in RELATIVE_PRONOUNS:  # "any student that will have a fever": the noun before it has it
        return _others_antecedent(s.norm[: said.start("subject")].split()[-2:])
    if subject in WRITER_SUBJECTS or subject in MEDICINE_GIVERS:
        return False
    if subject == "me":  # "made me cough", "me being diagnosed" are the writer's; "next to me is coughing" another's
        return bool(re.match(r"\s*(?:is|was|are|were|has)\b", s.norm[said.end("subject") :]))
    if subject in OTHER_SUBJECTS or lexicon.person_words()["relatives"].get(subject) is not None:
        return True
    det = said.group("det")
    if det is None or _closed_class(subject) or _body_part(subject):
        return False
    return "NOUN" in morphology.english_word_classes(subject) or not morphology.english_word_classes(subject)


# The writer named as the one who has an illness, right before its name: "I have diabetes and my mom keeps feeding me
# carbs", "I was diagnosed with lupus and told my sister", "I've had a fever since my dad got home", "my asthma". In a
# sentence that names a relative too, such a name is the writer's, not the relative's.
WRITERS = frozenset(["i", "i've", "i'd", "i'm", "im", "ive"])
MY_BEFORE_RE = re.compile(r"\bmy\s+(?:(?P<degree>[\w-]+)\s+)?$")


@lru_cache(maxsize=1024)
def _writers_own(s: Sentence) -> tuple[tuple[int, int], ...]:
    """The spans of the illness names whose subject (or possessor) is the writer, with the words that qualify them
    ("brain cancer"): a longer name said there is the same illness, the writer's."""
    return tuple((_phrase_start(s, m), m.end) for m, _ in _writers_names(s))


# At most how many words may qualify a name before it: "terminal brain cancer".
QUALIFIER_REACH = 2


def _phrase_start(s: Sentence, m: Match) -> int:
    """Where the noun phrase of an English name starts: before the body parts and adjectives that qualify it ("lung
    cancer", "diagnosed with terminal cancer"), so that what stands before them is the verb that has it."""
    first = m.first
    while first > max(0, m.first - QUALIFIER_REACH) and _qualifier(s, first - 1):
        first -= 1
    return s.tokens[first].start


def _qualifier(s: Sentence, i: int) -> bool:
    token, following = s.tokens[i], s.tokens[i + 1]
    if s.norm[token.end : following.start].strip():
        return False  # "I have, cancer": a mark between is no qualifier
    word = token.text
    if _closed_class(word) or word in POSSESSIVES or _person_word(word):
        return False  # "my mum stresses me out": a person, not a kind of the illness
    classes = morphology.english_word_classes(word)
    return lexicon.body_parts_en().lookup(word) is not None or ("ADJ" in classes and "AUX" not in classes)


# What makes "I ... have X" no report that the writer has it: a modal ("I might have OCD", "I would have a heart
# attack"), or a guess or a likeness before it in its clause ("I think I'm having a stroke", "I feel like I'm getting
# Alzheimer's").
MODAL_RE = re.compile(r"\b(?:might|may|must|could|would|will|should|gonna)\b|'d\b|'ll\b")
GUESS_BEFORE_RE = re.compile(
    r"\b(?:think|thought|feel|feels|felt|like|if|whether|sure|convinced|wonder\w*|imagine|afraid|scared|worried)\b"
)


@lru_cache(maxsize=1024)
def _writers_complaints(s: Sentence) -> tuple[tuple[int, int], ...]:
    """The writer's own names said as plainly had: "I actually was having an asthma attack", "I'm currently having a
    panic attack". An event (a stroke, a heart attack) had in the present is a figure of speech as often ("I'm having a
    stroke reading this") and stays with the cues that were there before."""
    spans = []
    for m, said in _writers_names(s):
        if said is None or m.term.kind == "event" or MODAL_RE.search(said.group()):
            continue
        if GUESS_BEFORE_RE.search(s.norm, _clause_bounds(s, m.start, m.end)[0], said.start()):
            continue
        spans.append((m.start, m.end))
    return tuple(spans)


def _writers_names(s: Sentence) -> list[tuple[Match, re.Match[str] | None]]:
    """The illness names the writer has as the subject of a verb of having (with the match of that verb), or as "my"."""
    if not s.english:
        return []
    found: list[tuple[Match, re.Match[str] | None]] = []
    for m, _ in _health_matches(s):
        left = _clause_bounds(s, m.start, m.end)[0]
        start = _phrase_start(s, m)
        said = HAVING_BEFORE_RE.search(s.norm, left, start)
        mine = MY_BEFORE_RE.search(s.norm, left, start)
        if said is not None and said.group("det") is None and said.group("subject") in WRITERS:
            found.append((m, said))
        elif mine is not None and mine.group("degree") in (None, *INDICATION_FILLERS) and not _person_after(s, m):
            found.append((m, None))  # not "my depressed teenage daughter", hers
    return found


def _person_after(s: Sentence, m: Match) -> bool:
    """A person named within two words after the name, which is then that person's quality."""
    return any(_person_word(t.text) for t in s.tokens[m.last + 1 : m.last + 3])


def _person_word(word: str) -> bool:
    return word in lexicon.person_words()["relatives"] or bool(OTHER_PEOPLE_RE.fullmatch(word))


# The relative has it too: "I have asthma and so does my sister", "my dad has it as well".
RELATIVE_TOO_RE = re.compile(r"\bso\s+(?:does|did|do)\b|\btoo\b|\bas\s+well\b|\balso\b|\bboth\b")


# The writer as one who has a complaint: its subject or experiencer, not a companion ("рядом со мной").
WRITER_AS_PATIENT_RE = re.compile(r"\b(?:я|мне|меня|i|i'm|i've|me|my)\b")


def _writer_as_patient(s: Sentence, start: int, end: int) -> list[re.Match[str]]:
    """The writer's words between start and end, but for "my" before a person, whose owner the writer only is: "my mom
    got diagnosed with lung cancer" says nothing of the writer's health, "my lungs" does."""
    return [
        said
        for said in WRITER_AS_PATIENT_RE.finditer(s.norm, start, end)
        if said.group() != "my" or not any(_person_word(w) for w in s.norm[said.end() :].split()[:2])
    ]


# --- sentences in which the writer is no one's patient -------------------------------------------------

# The writer in a sentence: a first-person pronoun or possessive, "мы", or a verb of theirs (first person, or the
# past, which has no person: "купила капли от кашля").
WRITER_RE = re.compile(
    rf"{FIRST_PERSON_RE.pattern}|\bмо(?:й|я|е|ё|и|его|ей|ему|ем|им|их|ю)\b|\b(?:мы|нас|нам|my|we|us|our)\b"
)
# The reader, not in the idiom of surprise "вот тебе и ...".
READER_RE = re.compile(r"(?<!\bвот\s)\b(?:ты|тебе|тебя|тобой|вы|вам|вас|вами|you|your)\b")
# A drug's use said as what it is for, a medicine noun or a drug name before the reason: "имодиум от диареи",
# "лекарство от астмы", "препарат против гриппа", "a pill for colds".
MEDICINE_USE_RE = re.compile(r"\s*(?:от|против|for|against)\b")


def _writers_verb_in(s: Sentence) -> bool:
    return any(_writers_verb_token(token) for token in s.tokens)


def _writers_verb_token(token: Token) -> bool:
    tag = morphology.best(token.text).tag
    # Only words the dictionary knows: a drug's name is guessed a verb ("тамифлю"). The plural past is "вы"'s or
    # "они"'s as often ("если стали набирать вес"); "мы" is named.
    writers = "1per" in tag.grammemes or ("past" in tag.grammemes and "plur" not in tag.grammemes)
    return tag.POS == "VERB" and writers and morphology.is_known(token.text)


# A drug's use said anywhere in the sentence with the drug named: "Лоперамид при диарее", "при диарее лоперамид
# рулит", "Тамифлю помогает при гриппе", "Цифран для лечения инфекций". Not "при приёме", the time of a dose.
USE_CLAIM_RE = re.compile(
    r"\bпри\s+(?!при[её]м\w*|применени\w*|использовани\w*|отмен\w*|передозировк\w*|этом\b|нем\b|них\b)"
    r"|\bдля\s+(?:лечения|профилактики)\b|\bлеч(?:ит|ат)\b|\bпротив\b"
)


def _names_a_medicine_use(s: Sentence) -> bool:
    """A medicine named before what it is for ("имодиум от диареи", "лекарство от астмы"), or a drug named by its
    name with a claim of its use anywhere ("при диарее лоперамид рулит"; not "мазь выручает при герпесе", a
    review's own experience as often)."""
    drugs = [t for t in s.tokens if lexicon.drugs().lookup(t.text) is not None]
    medicines = drugs + [t for t in s.tokens if lexicon.is_generic_medicine(t.text)]
    if any(MEDICINE_USE_RE.match(s.norm, t.end) for t in medicines):
        return True
    return bool(drugs) and bool(USE_CLAIM_RE.search(s.norm))


@lru_cache(maxsize=1024)
def not_the_writers(s: Sentence) -> bool:
    """A sentence that says nothing of the writer and is advice to the reader ("Лоперамида попей, помогает от
    поноса", "от диареи пейте лоперамид") or a medicine's use in general ("Тамифлю — пилюля от гриппа",
    "Имодиум от диареи"): the conditions named are nobody's the memory knows."""
    if s.english or WRITER_RE.search(s.norm) or _diary_finding(s):
        return False  # a diary's "Нашли гастрит." ("нашли" reads as an imperative too)
    reader = bool(READER_RE.search(s.norm))
    if not reader and not _names_a_medicine_use(s) and not _imperative_in(s):
        return False  # nothing says it is advice or a drug's use: the costlier test of the writer's verbs is spared
    return not _writers_verb_in(s)


# What may follow for anyone: "перелом может привести к отёку мозга", "a fracture can lead to swelling". An
# impersonal modal ("нельзя", "нужно") is left alone: a review says its own instructions so.
GENERAL_RE = re.compile(
    r"\bмо(?:жет|гут)\s+(?:\w+\s+)?(?:привести|приводить|вызвать|развиться|возникнуть|произойти|спровоцировать|провоцировать)\b"
    # What anyone may catch: "на отмене можно словить побочку".
    r"|\bможно\s+(?:\w+\s+){0,3}(?:словить|получить|заработать|подхватить|схватить)\b"
    r"|\b(?:can|may|might|could)\s+(?:lead\s+to|trigger|result\s+in)\b"
    # What something may do to an illness, in general: "exercise may protect against Alzheimer's".
    r"|\b(?:can|may|might|could)\s+(?:\w+\s+)?(?:help|protect|prevent|reduce|lower|raise|increase|cause|treat|cure"
    r"|improve|explain|predict|detect|worsen)\b"
)


# A report of research or news, in a sentence that names the writer nowhere: "Researchers probe link between neck
# pain and migraine", "Ketamine shows promise for depression in a new study", "millions of patients need pain relief".
# Said of a population, a finding or a study, never of one person.
REPORT_RE = re.compile(
    r"\b(?:stud(?:y|ies)|research(?:ers?)?|scientists?|clinical|trials?|findings?|survey|journal|fda|nih|cdc"
    r"|according\s+to|percent|millions?|billions?|thousands|worldwide|globally|nationwide|mice|rats"
    r"|patients|sufferers|population|adults|teens|teenagers|seniors|veterans|americans|britons"
    r"|linked\s+(?:to|with)|links?\s+between|associated\s+with|risk\s+(?:of|for|factors?)|biomarkers?"
    r"|(?:symptoms|signs|effects)\s+(?:may\s+|can\s+|might\s+)?include"
    r"|shows?\s+promise|breakthrough|new\s+(?:drug|treatment|therapy|test|way|hope))\b"
)


def _general_clauses(s: Sentence) -> list[tuple[int, int]]:
    """The clauses of a general statement, in a sentence that names the writer nowhere (no pronoun, no verb of
    theirs in the clause): the conditions there are nobody's. A report of research or news is one as a whole."""
    if WRITER_RE.search(s.norm):
        return []
    if s.english and REPORT_RE.search(s.norm):
        return [(0, len(s.norm))]
    found = []
    for said in GENERAL_RE.finditer(s.norm):
        left, right = _clause_bounds(s, *said.span())
        if not any(_writers_verb_token(t) for t in s.tokens if left <= t.start and t.end <= right):
            found.append((left, right))
    return found


def _imperative_in(s: Sentence) -> bool:
    return any(
        "impr" in morphology.best(t.text).tag.grammemes
        for t in s.tokens
        if morphology.best(t.text).tag.POS == "VERB" and morphology.is_known(t.text)
    )


# "у него появились пятна": what he has, in a sentence that says nothing of the writer.
THEIRS_RE = re.compile(r"\bу\s+(?:него|нее|неё|них)\b")


def _theirs(s: Sentence) -> bool:
    return bool(THEIRS_RE.search(s.norm)) and not FIRST_PERSON_RE.search(s.norm)


THIRD_PERSON_RE = re.compile(rf"{THEIRS_RE.pattern}|\b(?:он|она|они|he|she|his|her|him)\b")


# --- diagnoses and chronic conditions ------------------------------------------------------------

# The writer describing themselves as one who has it: "As someone with epilepsy, I ...", "as a nurse with asthma", "as a
# guy who suffers from migraines".
AS_ONE_WITH = (
    r"^(?:\W*\w+\W+){0,2}?as\s+(?:someone|somebody|a\s+[\w-]+|an\s+[\w-]+)\s+"
    r"(?:with|who\s+(?:has|had|suffers\s+from|lives\s+with|struggles\s+with|deals\s+with))\b"
)
# What the writer came through is an illness had and over: "I beat cancer", "I survived a heart attack", "I've
# recovered from covid".
OUTLIVED = (
    r"\bi(?:'ve|\s+have)?\s+(?:finally\s+|just\s+|officially\s+)?"
    r"(?:beat|beaten|survived|overcame|overcome|recovered\s+from)\b"
)
# An adverb may stand between the writer and the verb of having: "I always have migraines", "I somehow got covid", "I
# even have an eating disorder", "I currently have a fever" (TIME_ADVERBS; no adverb of a guess: "I probably have").
WRITER_ADVERB = (
    r"(?:always|still|also|even|now|often|usually|sometimes|somehow|already|actually|apparently|really|too|do"
    rf"|{TIME_ADVERBS})"
)
USER_CONDITION_CUE_RE = re.compile(
    rf"\bi\s+{WRITER_ADVERB}\s+(?:have|got|get|developed|caught)\b"
    r"|\bу\s+меня\b|\bмне\s+(?:поставили|диагностировали|нашли|обнаружили)|\bдиагност\w*|\bдиагноз\w*|\bстрадаю"
    r"|\bподозр\w*|\bsuspected\b"
    r"|\bболею\b|\bболел\w*|\bпереболел\w*|\bперен[её]с\w*|\bлечу\b|\bлечусь|\bi\s+have\b|\bi've\s+(?:got|had|been)"
    r"|\bi\s+(?:\w+\s+)?had\b|\bi\s+still\s+have\b|\bhave\s+had\b|\bdiagnosed\b|\bi\s+suffer|\bi\s+get\b"
    r"|\bмо(?:й|я|и|ей|ем|им|их|ю)\b|\bmy\b|\bi\s+was\s+told\b|\bi\s+got\b|\bя\s+\w+ик\b"
    # Falling ill and what followed a dose: "подхватить ОРВИ", "начинала заболевать", "началась крапивница".
    r"|\bподхват\w*|\bподцепил\w*|\bсловил[аи]?\b|\bзаразил(?:ась|ся|ись)\b|\bзаболева\w*|\bзаболел\w*|\bпоявил\w*|\bначал(?:ся|ась|ись|ось)\b|\bвозник\w*|\bвыявил\w*"
    r"|\bобнаружил\w*|\bнашли\b|\bвыступил[аио]?\b|\bобостр(?:ился|илась|илось|ились|яется|яются|ение)\b|\bначина(?:ется|ются)\b|\bвысып(?:ал|ала|ало|али|ает|ают)\b|\bвыскочил\w*|\bмучил\w*|\bбеспоко[ия]\w*|\bмучает|\bмучают|\bмучаюсь|\bзамучил\w*|\bсталкивал\w*|\bпосле\s+(?:\w+\s+)?при[её]ма"
    r"|\bпобочн\w*|\bcaused\b|\b(?:gave|gives)\s+me\b|\bi\s+developed\b|\bi\s+caught\b"
    # "I recently developed hives", "I just caught the flu" (not "had"/"got": "I just had a heart attack when I saw it"
    # is a figure of speech as often).
    r"|\bi\s+(?:just|recently|also|finally|then|suddenly)\s+(?:developed|caught)\b"
    rf"|{AS_ONE_WITH}|{OUTLIVED}"
)
# Adjectives of a condition a person is said to be (the ICD-10 terms' own adjectives): "I'm obese", "I am bipolar".
ADJECTIVE_LABELS = {
    "obese": "obesity",
    "bipolar": "bipolar disorder",
    "hypothyroid": "hypothyroidism",
    "hyperthyroid": "hyperthyroidism",
    "insomniac": "insomnia",
    "anaemic": "anemia",
}
SELF_LABELS = {
    **ADJECTIVE_LABELS,
    "диабетик": "диабет",
    "астматик": "астма",
    "гипертоник": "гипертония",
    "эпилептик": "эпилепсия",
    "diabetic": "diabetes",
    "asthmatic": "asthma",
    "epileptic": "epilepsy",
}
CONDITION_NEGATION_RE = re.compile(
    rf"{OUTLIVED}|\bнет\b|\bне\s+было\b|\bпрош(?:ел|ла|ло|ли)\b|\bвылечил\w*|\bизлечил\w*|\bне\s+подтвердил\w*|\bсняли\b"
    r"|\bno\s+longer|\bcured\b|\bwent\s+away|\bruled\s+out|\bnot\s+\w+\s+anymore"
    # A denial of having it that says it is over: "I don't have migraines anymore" (a bare denial: `_denials`).
    r"|n't\s+have\s+(?:[\w-]+\s+){1,3}(?:anymore|any\s+more)\b"
)
# A denial of having a condition covers its own clause up to a contrast or the writer's next clause: "I don't have
# asthma but I do have COPD" denies the asthma only. "dont" and the apostrophe of UTF-8 text read as Mac Roman
# ("don‚Äôt", as QUOTE_MARKS) deny as "don't" does. With a modal it is a concession said in passing and says nothing
# either way ("I may not have lupus, but I do have a new bike", "I might not have cancer after all"): the `modal`.
APOSTROPHE = r"(?:'|‚äô)?"
DENIED_HAVING_RE = re.compile(
    rf"\b(?:(?P<modal>may|might)\s+not|(?:do|does|did)(?:n{APOSTROPHE}t|\s+not)|nor\s+do\s+i)"
    r"\s+(?:(?:even|really|actually|currently|still)\s+)?have\b(?!\s+to\b)(?P<pronoun>\s+(?:that|it|this)\b)?"
)
DENIAL_END_RE = re.compile(r"\b(?:but|yet|though|although|however|i|i'm|i've|im|ive)\b")
# A contrast that denies it of someone else: "у меня гастрит, а у мужа нет", "я подхватила грипп, а он нет", "but he
# doesn't".
CONTRASTED_OTHER_RE = re.compile(
    r"\b(?:а|но|but)\s+(?:у\s+)?(?P<who>\w+)\s+(?:тоже\s+|also\s+)?(?:нет|не\s+было|doesn't|does\s+not|didn't|did\s+not)\b"
)


def _negated_for_writer(s: Sentence) -> bool:
    """The sentence denies or ends a condition, and not only someone else's in a contrast."""
    contrasts = [m.span() for m in CONTRASTED_OTHER_RE.finditer(s.norm) if not WRITER_RE.fullmatch(m.group("who"))]
    return any(not any(a <= m.start() < b for a, b in contrasts) for m in CONDITION_NEGATION_RE.finditer(s.norm))


def _denials(s: Sentence) -> tuple[tuple[int, int, bool], ...]:
    """Where the writer denies having a condition, and whether with a modal: (start, end, modal). A denial of "that"
    or "it" denies what was named before it ("I keep thinking about asthma but I know I don't have that")."""
    if not s.english:
        return ()
    spans = []
    for said in DENIED_HAVING_RE.finditer(s.norm):
        right = _clause_bounds(s, *said.span())[1]
        end = DENIAL_END_RE.search(s.norm, said.end(), right)
        start = 0 if said.group("pronoun") else said.start()
        spans.append((start, end.start() if end else right, said.group("modal") is not None))
    return tuple(spans)


def _denied_at(s: Sentence, raw: str, denials: Sequence[tuple[int, int, bool]]) -> list[bool]:
    """The denials that cover any place the name is said: a name denied once in a sentence is denied ("the doctor
    thinks I have asthma, but I do not have asthma")."""
    places = [m.start() for m in re.finditer(re.escape(raw), s.raw)]
    return [modal for start, end, modal in denials if any(start <= at < end for at in places)]


REMISSION_RE = re.compile(r"\bремисси\w*|\bremission\b")
SUSPECTED_RE = re.compile(
    r"\bподозр\w*|\bподозрени\w*|\bsuspect\w*|\bmight\s+have\b|\bmay\s+have\b|\bвозможно\b"
    # What the writer thought it was: "думаю, что это гайморит", "I think I have the flu".
    r"|\b(?:по)?думал[аи]?\s*,?\s*что|\bдумаю\s*,?\s*(?:что\s+)?(?:у\s+меня|это)\b|\bi\s+think\s+(?:i\s+have|it'?s)\b"
)
TYPE_RE = re.compile(r"^\s*(?:(первого|1-го|1|i)\s+типа|(второго|2-го|2|ii)\s+типа|типа\s+(1|2)|type\s+(1|2|i|ii))\b")


# What a complaint turned out to be ends a suspicion said before it: "думала, что простуда, а оказался гайморит".
REVEALED_RE = re.compile(r"\bоказал(?:ось|ся|ась)|\bвыяснил(?:ось|ся|ась)|\bturned\s+out|\bподтвердил\w*|\bconfirmed\b")


def _suspected(s: Sentence, raw: str) -> bool:
    """A suspicion covers the names after it up to a revelation ("оказалось"), and a name before it in its clause."""
    at = s.raw.find(raw)
    if at < 0:
        return bool(SUSPECTED_RE.search(s.norm))
    before = [m.end() for m in SUSPECTED_RE.finditer(s.norm, 0, at)]
    if before:
        return not REVEALED_RE.search(s.norm, before[-1], at)
    return bool(
        SUSPECTED_RE.search(_clause(s, at, at + len(raw)))
    )  # "гастрит, I suspect"; not "гастрит, подозревают язву"


def _with_type(s: Sentence, m: Match) -> str:
    """ "диабет второго типа" → "диабет 2 типа": the type is part of the diagnosis' name."""
    name = m.term.normalized
    if name not in ("диабет", "diabetes"):
        return name
    t = TYPE_RE.match(s.norm[m.end :])
    if not t:
        return name
    kind = next(g for g in t.groups() if g)
    number = 1 if kind in ("первого", "1-го", "1", "i") else 2
    return f"диабет {number} типа" if name == "диабет" else f"type {number} diabetes"


# --- conditions no list knows, named where grammar says a diagnosis is -------------------------------

# After these words comes a condition's name: "поставили диагноз X", "врач сказал, что у меня X",
# "у меня опять обострился X", "болею X", "I was diagnosed with X", "I suffer from X". A specialist is
# any "-олог" ("невролог", "кардиолог").
DIAGNOSIS_CUE_RE = re.compile(
    r"\bпоставили\s+(?:\w+\s+)?диагноз\s*(?:[:—–-]\s*)?|\bдиагноз\s*(?:[:—–-]\s*)?|\bдиагностировали\s+(?:мне\s+|у\s+меня\s+)?"
    r"|\b(?:врач\w*|доктор\w*|\w+олог\w*)\s+(?:мне\s+)?(?:сказал\w*|говорит|нашел|нашла|нашли|подтвердил\w*)\s*,?\s*"
    r"(?:что\s+)?у\s+меня\s+(?:есть\s+)?"
    r"|\bу\s+меня\s+(?:опять\s+|снова\s+)?(?:обострил\w*|обострение|нашли|обнаружили|выявили|подтвердили)\s+"
    r"|\bболею\s+|\bстрада(?:ю|л|ла)\s+|\bлеч(?:усь|илась|ился|ились)\s+от\s+|\b(?:за|пере)болел[аи]?\s+|\bподхватил[аи]?\s+"
    # Not what one caught of someone's or a thing: "caught my attention", "caught her eye", "caught it on camera".
    r"|\bcaught\s+(?!(?:my|his|her|their|your|our|him|them|it|me|us|sight|up)\b)(?:a\s+|the\s+)?"
    r"|\bcame\s+down\s+with\s+(?:a\s+|the\s+)?"
    r"|\bdiagnosed\s+(?:me\s+)?with\s+|\bi\s+suffer\s+from\s+|\bsuffering\s+from\s+|\bi\s+developed\s+"
    r"|\b(?:doctor|gp|\w+ologist)\s+(?:said|says|told\s+me|thinks)\s+(?:that\s+)?i\s+(?:have|had)\s+"
)
PEOPLE_GROUPS = frozenset(["семья", "семейство", "коллектив", "класс", "группа", "садик", "сад", "школа", "команда"])
PHRASE_SKIP = frozenset(
    [
        "мне",
        "у",
        "меня",
        "что",
        "опять",
        "снова",
        "это",
        "есть",
        "был",
        "была",
        "было",
        "a",
        "an",
        "the",
        "my",
        "mild",
        "severe",
    ]
)
# Words that may stand where a condition's name stands but name none.
NOT_A_CONDITION = frozenset(
    [
        "болезнь",
        "заболевание",
        "проблема",
        "проблемы",
        "диагноз",
        "что-то",
        "что",
        "кое-что",
        "это",
        "все",
        "ничего",
        "something",
        "it",
        "that",
        "this",
        "nothing",
        "problems",
        "problem",
        "issues",
        "issue",
        "condition",
        "disease",
        "illness",
    ]
)
EN_PHRASE_END = frozenset(
    [
        "and",
        "but",
        "which",
        "that",
        "when",
        "since",
        "last",
        "in",
        "at",
        "for",
        "after",
        "before",
        "about",
        "ago",
        "so",
        "because",
        "or",
        "with",
        "from",
    ]
)
CHRONIC_HINT_RE = re.compile(
    r"хронич|обостр|с\s+детства|\bлет\b|\bгод|страдаю|chronic|lifelong|since\s+childhood|\byears\b|suffer|live\s+with"
)


def _phrase_after(s: Sentence, start: int) -> tuple[int, int, str, bool] | None:
    """(start, end, normalized, verified) of the condition named right after `start`."""
    tokens = [t for t in s.tokens if t.start >= start][:7]
    while tokens and tokens[0].text in PHRASE_SKIP:
        tokens = tokens[1:]
    if not tokens or (tokens[0].text in NOT_A_CONDITION and len(tokens) == 1):
        return None
    for m in lexicon.conditions().find(tokens[:4]):
        # The name itself, or after a word of its degree: "тяжёлый депрессивный эпизод", "a severe depression" (not any
        # adjective: "маниакальная депрессия" is another illness).
        if m.first == 0 or (m.first == 1 and _degree_word(tokens[0].text)):
            return m.start, m.end, _with_type(s, m), True
    if not any(ch.isalpha() for ch in tokens[0].text):  # "болею 10-12 раз в году": a count, not a name
        return None
    if tokens[0].text.isascii():
        words: list[Token] = []
        for t in tokens[:4]:
            punctuated = bool(words) and bool(s.norm[words[-1].end : t.start].strip())
            if punctuated or t.text in EN_PHRASE_END or t.text in lexicon.function_words():
                break
            words.append(t)
        if not words or (words[-1].text in NOT_A_CONDITION and len(words) == 1):
            return None
        dehyphenated = lexicon.conditions().lookup(words[0].text.replace("-", "")) if len(words) == 1 else None
        if dehyphenated is not None:  # "bi-polar"
            return words[0].start, words[0].end, dehyphenated.normalized, True
        name = " ".join(w.text for w in words)
        return (words[0].start, words[-1].end, name, False) if len(name) >= 4 else None
    return _russian_phrase(s, tokens)


# Words of how bad or how usual an illness was, which leave its name the same.
DEGREE_LEMMAS = frozenset(
    [
        *("тяжелый", "сильный", "легкий", "небольшой", "жуткий", "ужасный", "страшный", "глубокий", "затяжной"),
        *("настоящий", "обычный", "очередной", "острый", "хронический", "сплошной"),
    ]
)


def _degree_word(word: str) -> bool:
    if word.isascii():
        return word in INDICATION_FILLERS
    return any(p.normal_form.replace("ё", "е") in DEGREE_LEMMAS for p in morphology.parses(word) if p.tag.POS == "ADJF")


def _russian_phrase(s: Sentence, tokens: list[Token]) -> tuple[int, int, str, bool] | None:
    """adjective* noun (+ a genitive tail: "синдром раздраженного кишечника") by pymorphy3's tags."""
    words: list[Token] = []
    head = None
    for t in tokens:
        tag = morphology.best(t.text).tag
        gap = s.norm[words[-1].end : t.start].strip() if words else ""
        if gap or not t.text.replace("-", "").isalpha():
            break
        if head is None and "ADJF" in tag.grammemes:
            words.append(t)
        elif head is None and "NOUN" in tag.grammemes:
            head = t
            words.append(t)
        elif head is not None and "gent" in tag.grammemes and ("NOUN" in tag.grammemes or "ADJF" in tag.grammemes):
            words.append(t)
        else:
            break
    if head is None or (morphology.noun_lemma(head.text) in NOT_A_CONDITION and words[-1] is head):
        return None
    if lexicon.function_words() & {w.text for w in words} or len(head.text) < 4:
        return None
    if any(lex().lookup(head.text) for lex in (lexicon.not_drugs, lexicon.allergens)):
        return None
    if lexicon.body_parts()[0].lookup(head.text) is not None:
        return None  # "заболел живот", "разболелось горло": a pain (the symptoms' rules name it), not an illness
    lemma = morphology.noun_lemma(head.text)
    # "заболела свекровь", "заболела вся семья": people (animate nouns, or a group of them), never an illness.
    if morphology.has_tag(head.text, "anim") or lemma in PEOPLE_GROUPS or lemma in lexicon.person_words()["relatives"]:
        return None
    name = morphology.nominative_phrase([w.text for w in words])
    return words[0].start, words[-1].end, name, False


# "I am diabetic", "я астматик": the label names a condition the list knows ("epileptic" -> epilepsy).
SELF_LABEL_GENERIC_RE = re.compile(
    rf"\b(?:i'm|i\s+am|я)\s+(?:a\s+|an\s+)?([a-z]{{5,}}ic|[а-я]{{5,}}ик|{'|'.join(ADJECTIVE_LABELS)})\b"
)


LABEL_HEDGE_BEFORE_RE = re.compile(r"\b(?:like|if|though|whether|pretend|pretending|as)\s+$")
# Labels said together: "я аллергик и астматик", "I'm diabetic and epileptic".
LABEL_PARTNER_RE = re.compile(
    rf"\s*(?:,\s*and|,|и|and)\s+(?:a\s+|an\s+)?([a-z]{{5,}}ic|[а-я]{{5,}}ик|{'|'.join(ADJECTIVE_LABELS)})\b"
)


def _self_labels(s: Sentence) -> list[tuple[int, int, str]]:
    """(start, end, condition) of the labels the writer gives themselves: "я астматик", "я аллергик и астматик"."""
    first = SELF_LABEL_GENERIC_RE.search(s.norm)
    if first is None or LABEL_HEDGE_BEFORE_RE.search(s.norm, 0, first.start()):
        return []  # "I feel like I'm bipolar", "as if I'm diabetic": a likeness or a guess
    said = [(first.start(1), first.end(1))]
    end = first.end()
    while partner := LABEL_PARTNER_RE.match(s.norm, end):
        said.append(partner.span(1))
        end = partner.end()
    found = []
    for a, b in said:
        word = s.norm[a:b]
        name = SELF_LABELS.get(word) or _label_condition(word)
        if name is not None:
            found.append((a, b, name))
    return found


def _label_condition(word: str) -> str | None:
    stems = (
        (word[:-1] + "a", word[:-1] + "s", word[:-2] + "es", word[:-3], word[:-3] + "sy", word[:-3] + "m")
        if word.isascii()
        else (word[:-2], word[:-2] + "ия", word[:-3], word[:-3] + "сия", word[:-3] + "ия")
    )
    for stem in stems:
        term = lexicon.conditions().single.get(stem)
        if term is not None and term.kind not in REASON_ONLY:
            return term.normalized
    return None


# A condition named by its verb: "простыла" is a cold, "caught a cold" too.
CONDITION_VERBS = (
    (re.compile(r"\bпрост(?:ыл|удил)\w*"), "простуда", "acute"),
    # "a cold" as an illness, not "a cold beer": nothing but an end of clause may follow.
    (
        re.compile(
            r"\b(?:caught|have|had|got)\s+a\s+(?:bad\s+|nasty\s+)?cold\b"
            r"(?=\s*(?:[,.;:!?)]|$|and\b|but\b|so\b|since\b|again\b|now\b|too\b|last\b|this\b))"
        ),
        "cold",
        "acute",
    ),
)


# Falling into a state: "впала в депрессию", "скатился в тяжёлый депрессивный эпизод", "fell into a depression".
FALL = (
    r"\b(?:впал[аи]?|впада(?:ю|ла|л|ли)|скатил(?:ся|ась|ись)|скатыва(?:юсь|лся|лась)|свалил(?:ся|ась))\s+в\s+"
    r"|\bi\s+(?:(?:have|had|'ve)\s+)?(?:fell|fall|fallen|slipped|sank|sunk|spiral(?:l)?ed)\s+(?:back\s+)?into\s+(?:a\s+|an\s+)?"
)
FALL_RE = re.compile(FALL)
# Verbs of gaining (past, either gender), and verbs of what laid one low.
ACQUIRED = r"(?:заработал|нажил|схлопотал|заполучил|получил|схватил)[аи]?"
FELLED = r"(?:свалил|скрутил|прихватил|одолел|накрыл|подкосил|сразил)[аи]?"
# People live with their dog and struggle with traffic: after these only a condition the list knows counts.
KNOWN_ONLY_CUE_RE = re.compile(
    r"\bi\s+(?:live|struggle|deal|cope)\s+with\s+|\bживу\s+с\s+"
    # What the complaint turned out to be: "оказалось, что это гайморит", "врач сказала, что это отит",
    # "it turned out to be shingles".
    # Caught, said casually: "подцепила ОРВИ", "словил грипп", "заразилась ветрянкой" (one catches a boyfriend too).
    r"|\b(?:подцепил[аи]?|словил[аи]?|заразил(?:ась|ся|ись))\s+(?:(?:где-то|опять|снова|все-таки|таки)\s+)?"
    # Gained, said as a wage or a catch: "заработала себе цистит", "нажил гастрит", "схлопотал отит" (one earns money
    # and catches a fish as well).
    rf"|\b{ACQUIRED}\s+(?:(?:себе|опять|снова|еще|ещё|все-таки|таки|где-то)\s+){{0,2}}"
    # What laid the writer low: "свалил грипп", "меня скрутил радикулит" ("свалил домой" names nothing).
    rf"|\b{FELLED}\s+(?:(?:меня|опять|снова|сильно|совсем|конкретно)\s+){{0,2}}"
    # "I ended up with pneumonia", "I'm still recovering from the flu", "getting over a cold", "I picked up a stomach
    # bug": what the writer came to have, or is not over yet ("I've recovered from" is over: OUTLIVED).
    r"|\bi(?:'m|\s+am|\s+was|'ve\s+been|\s+have\s+been)?\s+(?:still\s+|slowly\s+|just\s+)?"
    r"(?:ended\s+up\s+with|recovering\s+from|getting\s+over|picked\s+up)\s+(?:a\s+|an\s+|the\s+|some\s+|nasty\s+)*"
    # What the writer lived through: "пережила инфаркт", "пережила тяжёлый приступ астмы" (and a divorce: no name).
    r"|\bпережил[аи]?\s+(?:(?:тяжелый|тяжёлый|сильный|очередной|первый)\s+)?(?:приступ\s+)?"
    # An old illness come back, said of itself: "снова дал о себе знать остеохондроз", "напомнил о себе гастрит".
    r"|\b(?:дал[аио]?\s+о\s+себе\s+знать|напомнил[аио]?\s+о\s+себе)\s+(?:(?:мой|моя|мое|моё|мои|старый|старая|старое)\s+)?"
    # "I've" as the verb of having itself, in British use: "I've asthma", "I've severe eczema".
    r"|\bi've\s+(?:(?:a|an|severe|mild|bad|chronic|diagnosed)\s+)?"
    r"|\b(?:оказал(?:ось|ся|ась)|выяснил(?:ось|ся|ась)|сказал[аи]?)\s*,?\s*(?:что\s+)?(?:это\s+|у\s+меня\s+)(?:был[аио]?\s+)?"
    r"|\b(?:по)?думал[аи]?\s*,?\s*что\s+(?:это\s+)?|\bдумаю\s*,?\s*(?:что\s+)?это\s+"
    r"|\bпричин(?:ой|а)\s+(?:тому|этого|всему|всего)?\s*(?:стал[аио]?|был[аио]?|оказал(?:ся|ась|ось))\s+"
    r"|\bturned\s+out\s+(?:to\s+be\s+|that\s+i\s+(?:had|have)\s+|i\s+(?:had|have)\s+)|" + FALL
)


ILLNESS_VERB_RE = re.compile(r"(?:за|пере)?бол(?:ею|ел[аи]?)\b|страда(?:ю|л|ла)\b")


def _instrumental(phrase: str) -> bool:
    first = phrase.split()[0] if phrase.split() else ""
    return first.isascii() or any("ablt" in p.tag.grammemes for p in morphology.parses(first))


# A diary's finding with the patient left unsaid, the sentence opening with it: "Сдала анализы. Нашли гастрит." Only
# a known name, and only in a message that names no one else who could be the patient. So is what befell the writer,
# said as an event with its time first: «В 2011 произошло кровоизлияние в мозг», «Потом случился инсульт», «Через
# год развилась язва».
DIARY_TIME = (
    r"(?:(?:в|во)\s+(?:\d{4}(?:\s+(?:году|г))?|(?:этом|прошлом|позапрошлом|том|следующем)\s+(?:году|месяце)|детстве"
    r"|январе|феврале|марте|апреле|мае|июне|июле|августе|сентябре|октябре|ноябре|декабре)"
    r"|\d+\s+\w+\s+назад|через\s+(?:\w+\s+)?\w+|вчера|сегодня|недавно"
    r"|потом|затем|тогда|однажды|летом|зимой|весной|осенью|внезапно|неожиданно)"
)
DIARY_FINDING_RE = re.compile(
    r"^\W*(?:нашли|обнаружили|выявили|диагностировали)\s+(?:(?:еще|ещё|и|опять|снова)\s+)?"
    rf"|^\W*(?:{DIARY_TIME}\s*,?\s+)+(?:(?:еще|ещё|и|опять|снова)\s+)?"
    r"(?P<befell>случил(?:ся|ась|ось|ись)|произош(?:ел|ёл|ла|ло|ли)|развил(?:ся|ась|ось|ись)|начал(?:ся|ась|ось|ись))\s+"
)


def _diary_finding(s: Sentence) -> re.Match[str] | None:
    finding = DIARY_FINDING_RE.match(s.norm)
    if finding is None or _names_others(s.message):
        return None
    if finding.group("befell") and not any(m.start == finding.end() for m in _condition_matches(s)):
        return None  # what befell one is named right after the verb: not "случилась эпидемия гриппа", the town's
    return finding


@lru_cache(maxsize=1024)  # asked by conditions, family history and symptoms of the same sentence
def _named(s: Sentence) -> tuple[tuple[int, int, str, bool], ...]:
    """Conditions named after a diagnosis cue, known or not: (start, end, normalized, verified)."""
    if s.hypothetical:
        return ()
    found: list[tuple[int, int, str, bool]] = []
    for cue in DIAGNOSIS_CUE_RE.finditer(s.norm):
        named = _phrase_after(s, cue.end())
        if named is None or any(a <= named[0] < b for a, b, *_ in found):
            continue
        if not named[3] and ILLNESS_VERB_RE.match(cue.group()) and not _instrumental(s.norm[named[0] : named[1]]):
            continue  # "заболела, ситуация стала хуже": one is ill with an instrumental ("заболела бронхитом")
        found.append(named)
    finding = _diary_finding(s)
    if finding:
        named = _phrase_after(s, finding.end())
        if named is not None and named[3] and not any(a <= named[0] < b for a, b, *_ in found):
            found.append(named)
    theirs = bool(THIRD_PERSON_RE.search(s.norm)) and not FIRST_PERSON_RE.search(s.norm)
    for cue in KNOWN_ONLY_CUE_RE.finditer(s.norm):
        if theirs and FALL_RE.match(cue.group()):
            continue  # "он впал в депрессию": his
        if FELLED_RE.match(cue.group()) and _felled_someone_else(s, cue.start()):
            continue  # "его скрутил радикулит", "мужа свалил грипп": theirs
        named = _phrase_after(s, cue.end())
        if named is not None and named[3] and not any(a <= named[0] < b for a, b, *_ in found):
            found.append(named)
    for m in _condition_matches(s):
        if any(a <= m.start < b for a, b, *_ in found):
            continue
        if FELLED_ME_AFTER_RE.match(s.norm, m.end) or _writers_flare(s, m):
            found.append((m.start, m.end, _with_type(s, m), True))  # "грипп свалил меня", "the flu knocked me out"
    for cue in WRITER_HAS_RE.finditer(s.norm):
        named = _phrase_after(s, cue.end())
        if named is None or named[3] or any(a <= named[0] < b for a, b, *_ in found):
            continue
        if _headed_by_an_illness_noun(named[2]):
            found.append(named)
    return tuple(found)


def _longest_at_each_place(
    s: Sentence, named: Sequence[tuple[int, int, str, bool]], matches: list[Match]
) -> tuple[list[tuple[int, int, str, bool, str]], list[Match]]:
    """One name for each place, the longest said there. A phrase named after a diagnosis cue that holds known names
    ("diagnosed with brain cancer" holds "cancer") is that one illness under its longer name, of the kind of the last
    known name it holds (its head: "cancer" is lasting, so "brain cancer" is); those names go, from `matches` (the
    names proposed) too. A phrase that starts inside a proposed name adds nothing; nor does one that holds only a
    complaint's name. (named + its head's kind, the matches left)"""
    known = _condition_matches(s)
    kept: list[tuple[int, int, str, bool, str]] = []
    held: set[int] = set()
    for start, end, normalized, verified in named:
        met = [m for m in known if m.start < end and start < m.end]
        if met and all(start <= m.start and m.end <= end and m.end - m.start < end - start for m in met):
            kept.append(_the_longer_name(s, start, end, normalized, verified, met))
            held.update(m.start for m in met)
        elif any(m.start <= start < m.end for m in matches):
            continue
        elif verified or not any(start <= m.start and m.end <= end for m in find_names(lexicon.symptoms(), s)):
            kept.append((start, end, normalized, verified, ""))
        # (else: "suffering from a painful headache" names a headache, which the complaints' rules keep)
    return kept, [m for m in matches if m.start not in held]


def _the_longer_name(
    s: Sentence, start: int, end: int, normalized: str, verified: bool, met: list[Match]
) -> tuple[int, int, str, bool, str]:
    """The name a phrase that holds known names gives, of the kind of its head (the last of them). In English only
    the name's words: "pretty bad health anxiety" is health anxiety, "a 24-hr stomach bug" the known stomach bug."""
    head = max(met, key=lambda m: m.end)
    if s.english:
        start, end = _english_name_start(s, start, min(m.first for m in met)), head.end
        own = next((m for m in met if (m.start, m.end) == (start, end)), None)
        if own is not None:
            return own.start, own.end, _with_type(s, own), True, own.term.kind
        normalized = " ".join(t.text for t in s.tokens if start <= t.start < end)
    return start, end, normalized, verified, head.term.kind


def _english_name_start(s: Sentence, phrase_start: int, first: int) -> int:
    """Where the words that name an illness start, going back from its known name's first word to the start of the
    phrase: nouns, adjectives and words the dictionary lacks ("hodgkins lymphoma", "plaque psoriasis", "post-stroke
    PTSD"), not a word of degree or of the closed class ("pretty bad", "both", "something called")."""
    while first > 0 and s.tokens[first - 1].start >= phrase_start and _name_word(s.tokens[first - 1].text):
        first -= 1
    return s.tokens[first].start


def _name_word(word: str) -> bool:
    if not word[:1].isalpha() or _closed_class(word) or word in EN_DEGREE_WORDS or number_value(word) is not None:
        return False  # "stage 4 lung cancer" is lung cancer, "a 24-hr stomach bug" a stomach bug
    classes = morphology.english_word_classes(word)
    return not classes or bool(classes & {"NOUN", "ADJ"}) or word.endswith("ed")  # "generalized anxiety"


FELLED_RE = re.compile(FELLED)
# A known illness as the subject of what laid the writer low: "грипп свалил меня", "the flu knocked me out", "a
# migraine laid me up" (only "me": "the news hit her hard" is no illness, and "the cold hit me hard" is the weather).
FELLED_ME_AFTER_RE = re.compile(
    r"\s+(?:(?:опять|снова|сильно|совсем|конкретно|really|just|completely|totally|literally|has|had)\s+){0,2}"
    rf"(?:{FELLED}\s+меня|(?:knocked|knocks|wiped|wipes)\s+me\s+out|(?:laid|lays)\s+me\s+up"
    r"|(?:kicked|kicks|kicking)\s+my\s+(?:ass|butt))\b"
)


# A flare of a lasting illness the writer is in or had: "I'm in a bad Crohn's flare", "going through an eczema flare",
# "had a lupus flare last week" (not "lupus flares can be triggered by sun", "my mom is in a lupus flare").
FLARE_AFTER_RE = re.compile(r"\s*-?\s*flare(?:s|-?ups?)?\b")
FLARE_HAD_BEFORE_RE = re.compile(
    r"(?:^\W*|\bi\s+|\bi'm\s+|\bim\s+|\bi've\s+been\s+)(?:(?:am|was|'m|still|just|currently|now)\s+)*"
    r"(?:in|into|through|going\s+through|went\s+through|had|have|having|got)\s+"
    r"(?:the\s+(?:middle|midst|worst|start)\s+of\s+)?(?:a|an|my|this|another)\s+(?:[\w-]+\s+)?$"
)


def _writers_flare(s: Sentence, m: Match) -> bool:
    if m.term.kind != "chronic" or not FLARE_AFTER_RE.match(s.norm, m.end):
        return False
    return bool(FLARE_HAD_BEFORE_RE.search(s.norm, _clause_bounds(s, m.start, m.end)[0], m.start))


def _felled_someone_else(s: Sentence, verb_start: int) -> bool:
    """Another person as the one laid low, right before the verb: "его скрутил радикулит", "мужа свалил грипп"."""
    before = [t for t in s.tokens if t.end <= verb_start]
    if not before:
        return False
    word = before[-1].text
    return word in THIRD_PERSON_EXPERIENCER or (
        word not in FIRST_PERSON_EXPERIENCER and morphology.has_tag(word, "anim") and morphology.has_tag(word, "accs")
    )


# A name no list knows, said as what the writer has, is one when an illness noun heads it: "I have factitious
# disorder", "I was born with Ehlers-Danlos syndrome". Not a word of kind or degree alone ("a rare disease").
WRITER_HAS_RE = re.compile(
    rf"\bi(?:\s+{WRITER_ADVERB})?(?:\s+have|\s+had|\s+got|'ve\s+got|'ve\s+had|\s+was\s+born\s+with"
    r"|\s+(?:was|am|'m)\s+diagnosed\s+with)\s+"
)
ILLNESS_HEAD_NOUNS = frozenset(["disorder", "syndrome", "disease", "deficiency", "palsy", "dystrophy"])
NO_KIND_OF_ILLNESS = frozenset(
    [
        *("rare", "weird", "strange", "serious", "mental", "genetic", "unknown", "terminal", "incurable", "mysterious"),
        *("new", "different", "other", "same", "real", "actual", "some", "this", "that", "mystery", "bad", "horrible"),
    ]
)


def _headed_by_an_illness_noun(name: str) -> bool:
    words = name.split()
    qualifiers = [w for w in words[:-1] if w not in INDICATION_FILLERS]
    return (
        len(words) >= 2
        and words[-1] in ILLNESS_HEAD_NOUNS
        and bool(qualifiers)
        and not (set(qualifiers) & NO_KIND_OF_ILLNESS)
    )


# --- conditions named as the reason for a treatment -------------------------------------------------

# "пью X от простуды", "при ОРВИ", "для профилактики мигрени" (PREVENTION_BEFORE_RE), "лечили герпес", "took it for
# my anxiety", "to treat acne", "helped with my migraines": the writer had what the drug was for. Only names a
# reference list knows count here (a slot after "от"/"for" holds anything: "от души", "for years").
RU_INDICATION_CUE_RE = re.compile(
    r"(?:\bот|\bпри|\bпротив|\bдля\s+(?:лечения|профилактики|предотвращения|снятия|облегчения|устранения"
    r"|борьбы\s+с|избавления\s+от)|\bлечени[еяю]|\bлеч(?:ил|ила|или|ить|им|у|ит|ат|ю|ат|ился|илась|ились)"
    r"|\bвылечи\w*|\bпрофилактик[аиуе]|\bизбави\w*\s+от|\bизбавл\w*\s+от|\bсправи\w*\s+с|\bсправля\w*\s+с"
    r"|\bпомог\w*\s+(?:мне\s+)?(?:при|от|с)|\bпомогает\s+(?:мне\s+)?(?:при|от|с)|\b(?:про|под|до)леч\w*"
    # What a drug did to it: "снимает головную боль", "сбила температуру", "не облегчил кашель".
    r"|\b(?:снима|сбива|облегча|устраня|убира)(?:ет|ют|л|ла|ло|ли)|\b(?:снял|сбил|облегчил|устранил|убрал)[аио]?|\b(?:снять|сбить|облегчить|устранить|убрать)"
    r"|\bмуча(?:юсь|емся|лась|лся|лись)\s+с|\bборьб\w*\s+с|\bпроблем\w*(?:\s+со?)?|\bперер[оа]с\w*\s+в"
    r"|\bперешел\s+в|\bперешла\s+в|\bпереход\w*\s+в|\bсклонн?[аы]?\s+к|\bпризнак\w*|\bсимптом\w*"
    # Where the illness was the writer's state: "слегла с гриппом", "пришла к врачу с ангиной", "во время ОРВИ".
    r"|\b(?:слег\w*|свалил\w*|лежал\w*|проснул\w*|мучил\w*|хожу|ходила|ходил)\s+с|\bжалоб\w*\s+на"
    r"|\b(?:пришл[аи]|пришел|обратил\w*)\s+(?:к|ко)\s+\w+\s+с|\bво\s+время|\bв\s+период|\bпосле\s+перенесенн\w*"
    # What the writer's illness caused: "плохо сплю из-за стресса", "поехала в санаторий из-за гастрита".
    r"|\bиз-за|\bиз\s+за|\bизза"
    # What followed the writer's illness: "после ангины осталась слабость", "после сильного стресса".
    r"|\bпосле)\s+$"
)
# What a treatment did to it: "eased my cramps", "calmed my anxiety", "used it to numb the pain" (with "the", only in a
# sentence of the writer's own that speaks to no reader: not "ice soothes the pain", "you can use it to ease the pain").
RELIEF = (
    r"\b(?:relie(?:ve|ves|ved|ving)|eas(?:e|es|ed|ing)|numb(?:s|ed|ing)?|dull(?:s|ed|ing)?|sooth(?:e|es|ed|ing)"
    r"|calm(?:s|ed|ing)?|kill(?:s|ed|ing)?)"
)
RELIEF_OF_THE_RE = re.compile(rf"{RELIEF}\s+the\s+$")
EN_INDICATION_CUE_RE = re.compile(
    r"(?:\bfor|\bagainst|\btreats?|\btreated|\btreating|\btreatment\s+(?:of|for)|\bto\s+prevent|\bprevents?"
    r"|\bhelp(?:s|ed)?(?:\s+me)?(?:\s+with)?|\bcured?|\bcontrols?|\bmanag(?:e|es|ed|ing)|\bsymptoms\s+of"
    rf"|\b{LIVING_WITH_SAID}|\b{STATE_WITH}|\bgot\s+rid\s+of\s+my"
    rf"|{RELIEF}\s+(?:the|my))\s+$"
)
# Words that may stand between the cue and the name: "от первых симптомов простуды", "for my severe acne".
INDICATION_FILLERS = frozenset(
    [
        *("my", "the", "a", "an", "severe", "chronic", "mild", "moderate", "bad", "occasional", "seasonal", "deep"),
        *("acute", "recurrent", "recurring", "constant", "daily", "extreme", "intense", "terrible", "horrible"),
        *("symptoms", "signs", "first", "of", "frequent", "minor", "breakthrough", "nerve", "this", "that"),
    ]
)
# How bad or how far an illness is, no part of its name: "slight vitamin b12 deficiency", "terminal brain cancer".
EN_DEGREE_WORDS = INDICATION_FILLERS | frozenset(
    [
        *("pretty", "slight", "real", "really", "serious", "massive", "huge", "small", "little", "full", "fucking"),
        *("terminal", "aggressive", "advanced", "worst", "awful", "later", "stage", "type", "form", "kind", "case"),
    ]
)
INDICATION_FILLER_LEMMAS = frozenset(["симптом", "признак", "проявление", "начало", "начинающийся", "лечение"])
# The leaflet's or the maker's claim, not the writer's own illness: "показан при", "применяется при".
LEAFLET_RE = re.compile(
    r"\bпоказан\w*|\bпоказани\w*|\bприменя(?:ется|ют|ют\s+ся)|\bназнача(?:ется|ют)\b|\bрекоменду(?:ется|ют)\b"
    r"|\bинструкци\w*|\bпроизводител\w*|\bаннотаци\w*|\bindicated\b|\bis\s+used\s+(?:for|to)\b|\bapproved\b"
    # A request for advice names what the writer wants treated, not yet a fact: "посоветуйте что-нибудь от X".
    r"|\bпосоветуй\w*|\bподскажи\w*|\bпорекомендуй\w*|\bнужно\s+что-(?:то|нибудь)|\bищу\b|\brecommend\s+(?:me\s+)?something"
    r"|\bany\s+(?:suggestions|recommendations|advice)\b|\bprescribed\s+for\s+(?:people|patients)\b|\bif\s+you\b|\bесли\s+(?:у\s+)?(?:вас|вы|тебя|ты)\b|\banyone\b"
)


def _leaflet(s: Sentence) -> bool:
    """A leaflet's, a maker's or an advice-seeker's words, not a report of the writer's own state."""
    return bool(LEAFLET_RE.search(s.norm) or NOT_SYMPTOM_CONTEXT_RE.search(s.norm))


STORAGE_TEMPERATURE_RE = re.compile(r"\s*(?:не\s+)?(?:(?:от|до|выше|ниже|свыше|комнатной)\b|[+-]?\d)")
COORDINATION_RE = re.compile(r"^\s*(?:,|и|или|а\s+также|and|or|,\s*and|/)\s*$")


def _is_filler(word: str) -> bool:
    if word.isascii():
        return word in INDICATION_FILLERS
    tag = morphology.best(word).tag
    return "ADJF" in tag.grammemes or "PRTF" in tag.grammemes or morphology.lemma(word) in INDICATION_FILLER_LEMMAS


def _indication_start(s: Sentence, first: int) -> bool:
    """True when the name at token `first` fills a treatment's reason slot: right after the cue, after
    adjectives ("от сильного кашля"), or further along a list the cue heads ("от вируса, гриппа, бронхита")."""
    cue_re = EN_INDICATION_CUE_RE if s.tokens[first].text.isascii() else RU_INDICATION_CUE_RE
    i = first
    in_list = False  # a list separator was crossed: the words before it are another item, any name
    item_words = 0
    for _ in range(LIST_REACH):
        if cue_re.search(s.norm[: s.tokens[i].start]):
            return True
        if i == 0:
            return False
        gap = s.norm[s.tokens[i - 1].end : s.tokens[i].start].strip().strip(QUOTES).strip()  # «"простуды"»
        word = s.tokens[i - 1].text
        if gap == ",":
            in_list, item_words = True, 1
        elif gap:
            return False
        elif word in LIST_WORDS:
            in_list, item_words = True, 0
        elif _is_filler(word) or (in_list and item_words < 3):
            item_words += 1
        else:
            return False
        i -= 1
    return False


LIST_REACH = 12
QUOTES = "\"'«»“”„"
LIST_WORDS = frozenset(["и", "или", "and", "or"])


@lru_cache(maxsize=1024)
def _health_matches(s: Sentence) -> tuple[tuple[Match, str], ...]:
    """Condition and symptom names in the sentence, without overlaps, each with its section."""
    found: list[tuple[Match, str]] = []
    for m in find_names(lexicon.conditions(), s):
        kind = m.term.kind
        if kind == "indication":
            continue
        found.append((m, "chronic_conditions" if kind == "chronic" else "diagnoses"))
    for m in find_names(lexicon.symptoms(), s):
        if not any(o.first <= m.last and m.first <= o.last for o, _ in found):
            found.append((m, "symptoms"))
    return tuple(sorted(found, key=lambda item: item[0].start))


# What a treatment did to a condition said right after it: "простуда прошла", "the back pain disappears",
# "nasal polyps were better": the writer had it.
# Up to three words may stand between ("насморк с этим гелем проходит"), never a negation ("простуда не прошла"
# says it stayed).
AFTER_NAME = r"^\s*(?:(?!не\b|not\b|never\b)\w+\s+){0,3}"
IMPROVED_RE = re.compile(
    AFTER_NAME + r"(?:disappear\w*|went\s+away|(?:is|are|was|were|got)\s+(?:gone|better|improved|cleared)|improved"
    r"|cleared\s+up|прош(?:ел|ла|ло|ли)|проход(?:ит|ят|ил[аио]?)|исчез\w*|отступил\w*|ушл[аио]|ушел|прекратил\w*"
    r"|уменьшил\w*|снизил\w*|отош(?:ел|ла|ло|ли)|спада(?:ет|ют|ла|ло|ли)|спал[аои]\b(?!\s+(?:хорошо|плохо|крепко)))\b"
)
# ... or that it would not go: "кашель не проходит", "the rash won't go away": the writer has it now.
PERSISTING_RE = re.compile(
    AFTER_NAME + r"(?:не\s+(?:прош(?:ел|ла|ло|ли)|проход\w*|уход\w*|отступа\w*|снижа\w*|сбива\w*|спада\w*|прекраща\w*"
    r"|прекратил\w*|утиха\w*|утих\w*|унима\w*|уня(?:лся|лась|лось|лись))"
    r"|держ(?:ится|ится|ался|алась|алось|ались)|сохраня(?:ется|ются|лся|лась|лось|лись)"
    r"|(?:won't|wouldn't|doesn't|didn't|does\s+not|did\s+not)\s+(?:go\s+away|stop|let\s+up)|persist\w*|(?:is|are|was|were)\s+still\s+there)\b"
)
# ... or what a drug did or did not do to it, the name put first: "тревожность не снимают", "боль снимает за час",
# "мне он тревогу снял".
RELIEF_AFTER_RE = re.compile(
    AFTER_NAME + r"(?:не\s+)?(?:(?:снима|сбива|облегча|устраня|убира)\w*|(?:снял|сбил|облегчил|устранил|убрал)[аио]?\b)"
)
# "my ADHD medicine", "pain meds", "anxiety medication": a drug named by what it treats.
TREATMENT_NOUN_RE = re.compile(r"^\s*(?:medicines?|meds|medications?|drugs?|pills?|tablets?|treatments?|relief)\b")


# What a drug is taken to prevent: "для профилактики гриппа и ОРВИ", "to prevent the flu". An acute illness kept off
# is one the writer does not have; a chronic one kept from flaring ("to prevent migraines") is one they have.
PREVENTION_BEFORE_RE = re.compile(r"\b(?:профилактик\w*|предотвращ\w*|prevent\w*|prophyla\w*)(?:\W+\w+){0,5}\W*$")

# A state likened to an illness is not the illness: "самочувствие как при гриппе", "ломит, как после гриппа", "it
# felt like the flu".
SIMILE_RE = re.compile(r"\b(?:как|будто|словно|like)\s+(?:при|от|после|с|with|after|a|the)?\s*(?:\w+\s+)?$")


# Another person, or people at large, as the subject of what a treatment is taken for: "you take it for allergies",
# "people use turmeric for arthritis", "кто-то принимает ношпу при цистите"; and a personal pronoun with a person's
# verb of using a treatment right after it ("they avoid aspirin for headaches", "она пьёт цитрамон от мигрени"). A
# pronoun with any other verb may be a medicine's ("they work great for headaches", "он отлично снимает отек",
# "сонливость они не дают"); a verb of prescribing or giving has a doctor for its subject as often, whose patient may
# be the writer. Not "thank you".
PERSON_USE_VERBS = (
    r"take|takes|took|taking|use|uses|used|using|avoid|avoids|avoided|drink|drinks|drank|eat|eats|ate|swear|swears"
    r"|swore|rub|rubs|skip|skips|skipped|try|tries|tried|buy|buys|bought|pop|pops|popped|chew|chews|chewed|apply"
    r"|applies|applied|пь[её]т|пьют|пил[аи]?|принима\w+|принял[аи]?|колет|колют|колол[аи]?|использу\w+"
    r"|использовал[аи]?|избега\w+|ест|едят|ел[аи]?|мажет|мажут|мазал[аи]?|леч(?:и|а)тся|лечил(?:ся|ась|ись)"
    r"|покупа\w+|купил[аи]?"
)
OTHERS_SUBJECT_RE = re.compile(
    r"(?<!\bthank\s)\b(?:you|people|folks|someone|somebody|everyone|everybody|others|люди|кто-то|кто-нибудь|многие"
    r"|некоторые)\b"
    rf"|\b(?:they|he|she|они|он|она)\s+(?:\w+\s+)?(?:{PERSON_USE_VERBS})\b"
)


def _others_use_scope(s: Sentence) -> list[tuple[int, int]]:
    """Where another's or everyone's use of a treatment is said: from the start of the clause naming that subject up
    to where the writer is named again ("they take aspirin for headaches, and I take it for migraines"), in a sentence
    about a treatment's use (its reason after "for"/"от")."""
    spans = []
    for said in OTHERS_SUBJECT_RE.finditer(s.norm):
        left = _clause_bounds(s, *said.span())[0]
        if WRITER_RE.search(s.norm, left, said.start()):
            continue  # "I told them they ...": the writer's clause
        writer = WRITER_RE.search(s.norm, said.end())
        spans.append((left, writer.start() if writer else len(s.norm)))
    return spans


@lru_cache(maxsize=1024)
def indications(s: Sentence) -> tuple[Finding, ...]:
    """Conditions and symptoms named as what a treatment was for."""
    if s.hypothetical or LEAFLET_RE.search(s.norm):
        return ()
    if _someone_elses(s) or _theirs(s) or not_the_writers(s):
        return ()
    if s.english and THIRD_PERSON_EN_RE.search(s.norm) and not WRITER_RE.search(s.norm):
        return ()  # "he may have found the only prescription for the fever": his, and the writer is not in it
    found: list[Finding] = []
    previous_end: int | None = None
    vaccine_targets = _vaccine_targets(s)
    others_use = _others_use_scope(s)
    for m, section in _health_matches(s):
        if any(a <= m.start < b for a, b in others_use):
            previous_end = None
            continue  # "they avoid aspirin for headaches": theirs, or anyone's
        if m.start in vaccine_targets:
            previous_end = None
            continue  # "прививка от гриппа": what a vaccine is against is no drug's reason
        chained = previous_end is not None and bool(COORDINATION_RE.match(s.norm[previous_end : m.start]))
        named_drug = m.term.name.isascii() and bool(TREATMENT_NOUN_RE.match(s.norm[m.end :]))
        improved = bool(IMPROVED_RE.match(s.norm[m.end :]) or GONE_AFTER_RE.match(s.norm[m.end :]))
        persisting = bool(PERSISTING_RE.match(s.norm[m.end :]) or RELIEF_AFTER_RE.match(s.norm[m.end :]))
        if said_absent(s, m) or SIMILE_RE.search(s.norm[: m.start]):
            previous_end = None
            continue
        if not (chained or named_drug or improved or persisting or _indication_start(s, m.first)):
            previous_end = None
            continue
        if STORAGE_TEMPERATURE_RE.match(s.norm[m.end :]):
            continue  # "хранить при температуре от 2 до 8 градусов"
        if RELIEF_OF_THE_RE.search(s.norm, 0, m.start) and (READER_RE.search(s.norm) or not WRITER_RE.search(s.norm)):
            continue  # "you can use it to ease the pain": anyone's
        if section == "diagnoses" and PREVENTION_BEFORE_RE.search(s.norm[: m.start]):
            continue
        previous_end = m.end
        name = _with_type(s, m) if section != "symptoms" else m.term.normalized
        attrs: dict[str, object] = {"name_raw": s.cut(m.start, m.end), "name_normalized": name}
        if improved and section != "chronic_conditions":  # "простуда прошла": had it, it is over
            attrs["status"] = "resolved"
            found.append(Finding(section, attrs, s, action="negate"))
            continue
        found.append(Finding(section, attrs, s, action="correct" if s.correcting else "assert"))
    return tuple(found)


def conditions(s: Sentence) -> list[Finding]:
    """Diagnoses and chronic conditions; the symptoms named as a reason go out with `symptoms`. A name the complaints'
    list knows too goes out once, in the section its grammar says (`_an_episode`)."""
    complaints = _symptoms_found(s)
    return [f for f in _conditions_found(s) if not (_said_with(s, f, complaints) and _an_episode(s, f))]


@lru_cache(maxsize=1024)  # asked by `conditions` and by `symptoms`, which keeps a name said once only once
def _conditions_found(s: Sentence) -> tuple[Finding, ...]:
    found = _stated_conditions(s)
    names = {str(f.attributes["name_normalized"]) for f in found}
    reasons = [f for f in indications(s) if f.section != "symptoms"]
    # "she deals with anxiety", "people live with diabetes": another's, said as the subject of living with it.
    reasons = _outside(s, reasons, _general_clauses(s) + _others_subjects(s))
    said = _outside(s, found + [f for f in reasons if f.attributes["name_normalized"] not in names], _no_illness(s))
    return tuple(_as_resolved(f) if f.action == "assert" and _got_over(s, f) else f for f in said)


# An illness the writer got over, said by a verb of curing it, done, with its name as the object: "вылечила
# гайморит", "вылечил простуду за неделю", "избавилась от экземы", "I got over my flu", "cured my acne", "got rid of
# my eczema". Only what was done: "вылечить гайморит не получается", "can't get rid of my acne", "never got over it"
# say it is still had. One word may qualify the name ("вылечила хронический гайморит"), no person ("вылечила сыну").
CURED_BEFORE_RE = re.compile(
    r"(?:\bвылечил\w*|\bизлечил\w*|\bизбавил(?:ся|ась|ись)\s+от|\bcured|\bhealed|\bgot\s+rid\s+of|\bgot\s+over)\s+"
    r"(?:(?:my|the|a|an|that|this|свой|свою|свои|своего|своей|своих|этот|эту|этого|этой)\s+)?(?P<between>[\w-]+\s+)?$"
)
NOT_DONE_BEFORE_RE = re.compile(r"(?:\bне|\bnot|\bnever|n't)\s+(?:[\w-]+\s+)?$")
# ... or by its name said to be gone for good, right after it: "my migraines are gone", "my acne cleared up",
# "гайморита больше нет", "мигрени больше не беспокоят", "от молочницы не осталось и следа" (not "almost gone", "not
# gone", "the pain was over the top"; nor a bare "гайморита нет", which says it was never there).
GONE_FOR_GOOD_AFTER_RE = re.compile(
    AFTER_NAME + r"(?:(?:is|are|was|were|has\s+been|have\s+been|'s|'re)\s+"
    r"(?:(?:finally|completely|totally|all|now)\s+)?(?:gone|cured|healed|over\b(?!\s+(?:the|it|him|her|them|my|this|that)\b))|(?:cleared|clears)\s+up"
    r"|больше\s+(?:нет|не\s+(?:беспоко|муча|тревож|донима|бол)\w*)|не\s+осталось\s+(?:и\s+)?следа|как\s+не\s+бывало)\b"
)


def _got_over(s: Sentence, f: Finding) -> bool:
    start = s.raw.find(str(f.attributes["name_raw"]))
    if start < 0:
        return False
    end = start + len(str(f.attributes["name_raw"]))
    if GONE_FOR_GOOD_AFTER_RE.match(s.norm[end:]):
        return True
    cured = CURED_BEFORE_RE.search(s.norm, _clause_bounds(s, start, end)[0], start)
    if cured is None or NOT_DONE_BEFORE_RE.search(s.norm, 0, cured.start()):
        return False
    between = (cured.group("between") or "").strip()
    return not between or not _a_person(between)


def _a_person(word: str) -> bool:
    """A person's word that may stand between a verb and its object: "вылечила сыну гайморит", "cured him"."""
    if word in OTHER_SUBJECTS or word in OBJECT_PRONOUNS or word in lexicon.person_words()["relatives"]:
        return True
    return not word.isascii() and morphology.has_tag(word, "anim")


OBJECT_PRONOUNS = frozenset(["him", "her", "them", "me", "us"])


def _as_resolved(f: Finding) -> Finding:
    return replace(f, attributes={**f.attributes, "status": "resolved"}, action="negate")


# --- an illness named that nobody has --------------------------------------------------------------
# What did not happen: "i almost had a heart attack", «чуть не умерла от страха» (up to the end of the clause).
NEAR_MISS_RE = re.compile(
    r"\b(?:almost|nearly|practically|close\s+to|about\s+to)\s+(?:had|have|having|got|get|getting|gave|give|giving"
    r"|died|die|fainted|faint|passed\s+out)\b|\b(?:чуть|едва)\s+(?:было\s+)?не\b"
)
# What is only wondered about, to the end of its clause: "i wonder if i have diabetes", «не знаю, есть ли у меня
# диабет», «вряд ли это аллергия».
INDIRECT_QUESTION_RE = re.compile(
    r"\b(?:wonder(?:ing)?|not\s+sure|unsure|(?:don't|do\s+not|didn't)\s+know|no\s+idea|ask(?:ed|ing)?|check(?:ed|ing)?)"
    # Asked or checked of someone: "I asked my doctor if I have OCD", "they checked me for whether".
    r"\s+(?:(?:my|the|a|her|his|him|them|me)\s+(?:[\w-]+\s+)?)?(?:if|whether)\b|\b[\w-]+\s+ли\b"
)
# How someone looked, seemed or acted, to the end of its clause: "my niece looked like she was experiencing PTSD", "he
# acts as if he has OCD", «сестра выглядела так, как будто у неё депрессия», «у брата похоже на гастрит». A
# judgement of appearance, no diagnosis, unless one confirmed it after ("it looked like shingles, and the doctor
# confirmed it"). Not the writer's own guess ("I feel like I have the flu", "похоже, у меня гастрит": hedged).
APPEARANCE_RE = re.compile(
    r"\b(?:look|looks|looked|looking|seem|seems|seemed|seeming|sound|sounds|sounded|act|acts|acted|acting|appear"
    r"|appears|appeared|appearing)\s+(?:like|as\s+if|as\s+though)\b"
    r"|\bвыгляд\w*\s+(?:так\s*,?\s*)?(?:как\s+будто|будто|словно|как\s+если\s+бы)\b|\bпохож[еа]?\s+на\b"
    r"|\bвед(?:ет|ут|ёт|ешь|ёшь)\s+себя\s+(?:так\s*,?\s*)?(?:как\s+будто|будто|словно)\b"
)
# What says a likeness is a hedge, not one person's looks: "it looks like my migraines are back", "looks like I have
# the flu again", «похоже на гастрит» with nobody before it; and the writer's own, their guess of their own illness
# ("у меня похоже на конъюнктивит"), hedged as "похоже, у меня гастрит" is.
IMPERSONAL_APPEARANCE_SUBJECTS = frozenset(
    ["it", "it's", "its", "that", "this", "which", "what", "there", "это", "то", "все"]
)


def _someone_appears(s: Sentence, said: re.Match[str]) -> bool:
    """A person or a thing of theirs before the verb of appearance, in its clause."""
    before = s.norm[_clause_bounds(s, *said.span())[0] : said.start()].split()
    return bool(before) and before[-1] not in IMPERSONAL_APPEARANCE_SUBJECTS and not WRITER_RE.fullmatch(before[-1])


# Hyperbole: something that is not a medicine "gives me a heart attack" ("this dog gives me a heart attack", "writing
# this gave me a stroke", "that cake gave me diabetes"). After a medicine, or "it" in a review, it is a reaction.
HYPERBOLE_RE = re.compile(
    r"(?:\b(?P<giver>[\w'-]+)\s*,?\s+|^\W*)(?:gives?|gave|giving)\s+(?:me|him|her|us|them|you|my\s+\w+)\s+(?:a\s+|an\s+)?(?:mini\s+)?"
    r"(?:heart\s+attack|stroke|aneurysm|seizure|coronary|cancer|diabetes|aids)\b|\bmini[-\s]heart\s+attack\b"
)
# A headache a person or a pastime gives is annoyance: "he gives me migraines", "thinking about careers gives me a
# headache", "looking at this gave me a migraine". A drug, a food or "it" may give a real one ("coffee gives me
# headaches").
ANNOYANCE_RE = re.compile(
    r"(?:\b(?:he|she|they|you|u|people|everyone|everybody|[a-z]+ing(?:\s+(?:about|at|to|with|on|for|this|that|these|it"
    r"|the|my|his|her|their|all|so|much|[a-z]+s)){0,3}))\s+(?:is\s+|are\s+|was\s+|keeps?\s+)?(?:gives?|gave|giving)"
    r"\s+me\s+(?:a\s+|an\s+)?(?:\w+\s+)?(?:headaches?|migraines?)\b"
)
# An illness named as a likeness: "it's like PTSD in here", "it felt like a mild flu" (not "conditions like asthma",
# which names one, nor "I feel like I have asthma", the writer's own guess).
EN_SIMILE_BEFORE_RE = re.compile(
    r"\b(?:is|was|'s|are|were|be|feel|feels|felt|feeling|look|looks|looked|looking|sound|sounds|seem|seems|seemed|act"
    r"|acts|acted|acting|just|almost|kinda|basically|literally|more)\s+(?:like|as\s+if|as\s+though)\s+"
    r"(?:a\s+|an\s+|the\s+|some\s+)?(?:[\w-]+\s+)?$"
    # The writer likened to one who has it: "my hands get shaky, as if I have low blood sugar".
    r"|\bas\s+(?:if|though)\s+(?:i|i'm|i've|i'd)\s+(?:have|had|got|was|am|were)?\s*(?:a\s+|an\s+|the\s+|some\s+)?"
    r"(?:[\w-]+\s+)?$"
)
MEDICINE_GIVERS = frozenset({"med", "meds", "medicine", "medication", "drug", "pill", "dose"})
# A pronoun, or no giver at all ("Gave me a heart attack"), stands for a medicine only in a message that names one:
# "I tried Vioxx and it gave me a stroke", not "whoever did this gave me a heart attack".
PRONOUN_GIVERS = frozenset({"it", "this", "that", "which"})
MEDICINE_NOUN_RE = re.compile(
    r"\b(?:meds?|medicines?|medications?|drugs?|pills?|tablets?|capsules?|doses?|dosage|prescri\w+|\d+\s*mg)\b"
)
# A sight or a thing pointed at that gives a headache is annoyance too: "this gives me a headache", "that song gave me
# a migraine" (in a message that names no drug).
POINTED_ANNOYANCE_RE = re.compile(
    r"(?:\b(?:this|that)\s+(?:[\w-]+\s+){0,2}|^\W*)(?:is\s+|was\s+|keeps?\s+)?(?:gives?|gave|giving)\s+me\s+"
    r"(?:a\s+|an\s+)?(?:[\w-]+\s+)?(?:headaches?|migraines?)\b"
)
# An illness as the topic of talk, not the writer's: a name before a topic noun ("cancer treatment", "asthma
# guidelines", "diabetes drug", "dementia patients") unless the writer's own ("my asthma meds"), or after a topic
# phrase ("the cure for depression", "people with dementia", "an essay about cancer").
TOPIC_NOUN_RE = re.compile(
    r"(?:'s)?\s+(?:treatments?|pills?|research|stud(?:y|ies)|guidelines?|patients|awareness|risks?|drugs?|vaccines?|cures?|society"
    r"|foundation|charity|month|walk|ward|unit|clinic|specialists?|experts?|survivors|cells?|genes?|screening"
    r"|prevention|rates?|cases|epidemic|pandemic|memes?|jokes?|trials?|breakthrough|therapy\s+research)\b"
)
# A medicine named by what it is for, in a sentence with no first person: "try this new headache medication", "cough
# syrup is on sale" (not "the worst ADHD medicine I've been on", which says the writer's illness).
MEDICINE_FORM_AFTER_RE = re.compile(
    r"(?:'s)?\s+(?:medicines?|medications?|meds|syrups?|drops|lozenges?|suppressants?|remed(?:y|ies)|tablets?)\b"
)
# A message of the writer's own with its "I" left out: "Was given this for pain", "Took it for two weeks".
ELIDED_WRITER_RE = re.compile(
    r"^\W*(?:was|were|had|have|been|took|take|taking|started|starting|got|tried|used|using|felt|feel|feeling)\b"
)
TOPIC_BEFORE_RE = re.compile(
    r"\b(?:cures?\s+for|(?:risks?|causes?)\s+of"
    # (Not the writer's own "as someone with PTSD", "as a guy who has asthma": AS_ONE_WITH_RE.)
    r"|(?<!\bas\s)(?<!\bas\sa\s)(?<!\bas\san\s)"
    r"(?:people|patients|those|someone|anyone|anybody|everyone|somebody|kids|children|men|women|adults|folks|man|woman"
    r"|guy|girl|boy|person|lady|dude|friend|friends|patient|coworker|co-worker|classmate|neighbou?r|roommate|teacher"
    r"|boss|student|kid)\s+(?:else\s+)?(?:with|who\s+(?:have|has|had|suffers?|suffered))"
    r"|(?:research|studies|study|article|essay|paper|report|summary|presentation|lecture|book|documentary|video"
    r"|podcast|fight|war|campaign)\s+(?:on|about|into|against|of)"
    # Help or talk offered for it to anyone: "best advice for asthma", "a helpful service for insomnia", "a new name
    # for type 1 diabetes".
    r"|(?:advice|tips|resources|services?|apps?|subreddits?|forums?|support\s+groups?|hotlines?|name|names)"
    r"\s+(?:for|on|about)"
    # What something may do to an illness is news of it: "the virus that could cure parkinson's".
    r"|(?:could|may|might|can|will|would)\s+(?:help\s+)?(?:cure|treat|prevent|reverse|slow|stop|beat|fight))\s+$"
)
# In a sentence with no first person, what something does to an illness or is for is news of the illness:
# "ayahuasca improves hard-to-treat depression", "intestinal diversity protects against asthma", "a new
# treatment for heart attack". With a first person it is the writer's reason ("i take a drug for depression").
GENERAL_CLAIM_BEFORE_RE = re.compile(
    r"\b(?:improves?|treats?|cures?|prevents?|protects?\s+against|reduces?|fights?|targets?|reverses?|slows?"
    r"|(?:treatments?|drugs?|pills?|therap(?:y|ies)|vaccines?|medicines?|medications?)\s+(?:for|against))"
    r"\s+(?:[\w-]+\s+){0,2}$"
)
OWN_BEFORE_RE = re.compile(r"\b(?:my|our)\s+$")
PURPOSE_BEFORE_RE = re.compile(r"\b(?:for|against)\s+(?:(?:a|an|the)\s+)?(?:[\w'-]+\s+)?$")
# What a review says a thing does for it, its subject a pronoun or a copula or a verb of effect before: "They work
# wonders for headaches", "Works great for anxiety", "It is good for pain" (the writer's, with "I" unsaid).
EFFECT_SAID_RE = re.compile(
    r"\b(?:they|it|this|these|he|she|is|are|was|were|be|been|works?|worked|working|helps?|helped|helping|used|taken"
    r"|given|prescribed)\b"
)
# What someone who is no doctor says the writer has is their word, not a diagnosis: "my girlfriend says I have OCD",
# "my friends think it's ADHD", "my boss accused me of having OCD" (to the end of the clause). A doctor's word is a
# diagnosis cue (DIAGNOSIS_CUE_RE); the writer's own report of what they said ("I told him I have asthma") is the
# writer's.
REPORTED_RE = re.compile(
    r"\b(?P<speaker>[\w'-]+)\s+(?:(?:keeps?|kept|always|just|all|both|even|are|is|were|was)\s+){0,2}"
    r"(?:said|says|say|saying|told\s+me|tells\s+me|tell\s+me|telling\s+me|thinks?|thought|claims?|claimed|insists?"
    r"|insisted|joke[sd]?|accused\s+me\s+of|accuses\s+me\s+of)\s+(?:that\s+)?"
    r"(?:i\s+(?:\w+\s+)?(?:have|had|am|was|got)\b|i'm\b|im\b|it'?s\b|it\s+(?:is|was)\b|having\b)"
)
MEDICAL_SPEAKER_RE = re.compile(
    r"^(?:doctors?|docs?|dr|gp|physicians?|surgeons?|nurses?|\w+ists?|\w+ologists?|psych|er|tests?|results?|scans?"
    r"|mri|labs?|bloodwork|i|we|doctor's)$"
)


def _until_writer_resumes(s: Sentence, said: re.Match[str]) -> int:
    """The end of the clause a cue opens, or where the writer is a subject again in text run on without commas ("sue
    me if u dont like it i wore a mask and started sweating")."""
    end = _clause_bounds(s, *said.span())[1]
    resumed = re.compile(r"\bi\b").search(s.norm, said.end(), end)
    return resumed.start() if resumed else end


def _lay_speaker(s: Sentence, said: re.Match[str]) -> bool:
    """The one who said it is a person who is no doctor: "my friends", "she" (not a psychiatrist named before her)."""
    speaker = said.group("speaker")
    if MEDICAL_SPEAKER_RE.match(speaker) or MEDICAL_NAMED_RE.search(s.norm, 0, said.start()):
        return False
    if speaker in OTHER_SUBJECTS:
        return True
    readings = morphology.english_word_classes(speaker)
    # A noun, or a word the dictionary lacks (a name, "sister-in-law"); not an adverb ("I honestly think I have").
    return not _closed_class(speaker) and (not readings or ("NOUN" in readings and "ADV" not in readings))


MEDICAL_NAMED_RE = re.compile(
    r"\b(?:doctors?|docs?|dr|gp|physicians?|surgeons?|nurses?|psychiatrists?|psychologists?|therapists?|\w+ologists?"
    r"|hospital|clinic|er|tests?|results?|scans?|mri|bloodwork|labs?|biopsy|x-rays?)\b"
)
# Words quoted after another's verb of saying are theirs: 'she replied, "I have a terrible headache"', 'people be
# like "I have OCD"', 'the sign reads "smoking causes cancer"'. What the writer quotes of themselves ('I told him, "I
# have asthma"') and a doctor's words stay.
QUOTE_MARKS = r"(?:\"|“|”|„|‚äú|‚äù)"
QUOTE_INTRO_RE = re.compile(
    r"\b(?P<speaker>[\w'-]+)\s+(?:says|said|say|asks|asked|replies|replied|responds|responded|goes|went|yells|yelled"
    r"|shouts|shouted|answers|answered|whispers|whispered|writes|wrote|reads|read|be\s+like|is\s+like|was\s+like"
    r"|were\s+like|are\s+like)\s*[,:]?\s*(?:\w+\s*,\s*)?" + QUOTE_MARKS
)
QUOTE_CLOSE_RE = re.compile(QUOTE_MARKS)


def _others_quotes(s: Sentence) -> list[tuple[int, int]]:
    spans = []
    for said in QUOTE_INTRO_RE.finditer(s.norm):
        speaker = said.group("speaker")
        if speaker in WRITER_SUBJECTS or speaker == "me" or MEDICAL_SPEAKER_RE.match(speaker):
            continue
        closing = QUOTE_CLOSE_RE.search(s.norm, said.end())
        spans.append((said.end(), closing.start() if closing else len(s.norm)))
    return spans


# A wish, or what the writer fears is to come: "I kind of wish I had cancer", "this phone is going to give me cancer".
WISH_OR_FEAR_RE = re.compile(
    r"\bwish(?:ed|es|ing)?\s+(?:that\s+)?i\s+(?:had|have|got|could\s+get|would\s+get|would\s+have|'d\s+get)\b"
    r"|\b(?:gonna|going\s+to|will|'ll)\s+(?:\w+\s+)?(?:give\s+(?:me|us)|get\s+me)\b"
    r"|\b(?:i'm|im|i\s+am)\s+(?:gonna|going\s+to)\s+(?:\w+\s+)?(?:get|have|develop|die)\b"
    # What the writer may come to have: "the doctor said I might get diabetes", "I could develop asthma" (not "will" or
    # "would", which say what always happens as often: "I will always get a headache", "I'd get a dry cough").
    r"|\bi\s+(?:might|may|could)\s+(?:\w+\s+)?(?:get|develop|catch|end\s+up\s+with)\b"
    # The fear of catching it: "anxious of contracting covid", "scared of getting cancer", "afraid to catch the flu".
    r"|\b(?:afraid|scared|anxious|terrified|worried|fear(?:ful)?|paranoid)\s+(?:of|about|to)\s+(?:[\w-]+\s+(?:or|and)\s+)?"
    r"(?:getting|catching|contracting|developing|having|get|catch|contract|develop)\b(?!\s+(?:rid|over|better)\b)"
)
# A condition put to the reader or to anyone: "if you wanna die from a heart attack", "if your patient has a stroke".
OTHERS_CONDITIONAL_RE = re.compile(
    r"\bif\s+(?:you|your|u|someone|somebody|anyone|anybody|a\s+person|people|they|he|she|the\s+patient|a\s+patient)\b"
)


@lru_cache(maxsize=1024)  # asked by conditions, symptoms and family history of the same sentence
def _near_miss_span(s: Sentence, said: re.Match[str]) -> tuple[int, int]:
    """What nearly happened: its clause, in Russian up to a complaint's verb after the one nearly done, which says
    what did happen ("чуть не сдох в горле запершило": the tickle in the throat was had; not "чуть не вызвала скорую,
    думала, что инфаркт хватил")."""
    left, right = _clause_bounds(s, *said.span())
    if s.english:
        return left, right
    verbs = [t for t in s.tokens if said.end() <= t.start < right and _finite_verb(t.text)]
    complaint = next((t for t in verbs[1:] if _complaint_verb_readings(t.text)), None)
    return (left, complaint.start) if complaint else (left, right)


@lru_cache(maxsize=65536)
def _finite_verb(word: str) -> bool:
    return morphology.best(word).tag.POS == "VERB"


def _no_illness(s: Sentence) -> tuple[tuple[int, int], ...]:
    """Spans where an illness named is nobody's: what nearly happened, what is only wondered about, hyperbole,
    a topic of talk. (A name used in another sense, "a stroke of luck", is left out earlier: `_other_sense`.)"""
    spans = [_near_miss_span(s, said) for said in NEAR_MISS_RE.finditer(s.norm)]
    spans += [(said.start(), _clause_bounds(s, *said.span())[1]) for said in INDIRECT_QUESTION_RE.finditer(s.norm)]
    spans += [
        (said.start(), _clause_bounds(s, *said.span())[1])
        for said in APPEARANCE_RE.finditer(s.norm)
        if _someone_appears(s, said) and not REVEALED_RE.search(s.norm, said.end())
    ]
    if not s.english:
        return tuple(spans)
    for pattern in (WISH_OR_FEAR_RE, OTHERS_CONDITIONAL_RE):
        spans += [(said.start(), _until_writer_resumes(s, said)) for said in pattern.finditer(s.norm)]
    spans += _others_quotes(s)
    for said in REPORTED_RE.finditer(s.norm):
        if _lay_speaker(s, said):
            spans.append((said.start(), _clause_bounds(s, *said.span())[1]))
    spans += [said.span() for said in ANNOYANCE_RE.finditer(s.norm)]
    message = s.message or s.norm
    drug_named = _message_names_drug(message) or bool(MEDICINE_NOUN_RE.search(message))
    if not drug_named:
        spans += [said.span() for said in POINTED_ANNOYANCE_RE.finditer(s.norm)]
    for said in HYPERBOLE_RE.finditer(s.norm):
        giver = said.group("giver")
        if giver is None or giver in PRONOUN_GIVERS:
            medicine = drug_named
        else:
            medicine = giver in MEDICINE_GIVERS or lexicon.drugs().lookup(giver) is not None
        if not medicine:
            spans.append(said.span())
    general = not WRITER_RE.search(s.norm)
    # A message where the writer never speaks of themselves (a headline, a title) names what a thing is for in
    # general: "Ketamine for major depression", "Which workbook for PTSD?".
    headline = general and not WRITER_RE.search(message) and not ELIDED_WRITER_RE.match(message)
    # The complaints' names too: "a new headache medication", "cough syrup".
    for m in sorted([*find_names(lexicon.conditions(), s), *find_names(lexicon.symptoms(), s)], key=lambda m: m.start):
        before = s.norm[: m.start]
        if OWN_BEFORE_RE.search(before):
            continue
        # A name listed after one that is nobody's is nobody's too: "a service for depression, anxiety and insomnia".
        listed = bool(spans) and spans[-1][1] <= m.start and _coordinated(s.norm[spans[-1][1] : m.start])
        topic = bool(TOPIC_NOUN_RE.match(s.norm, m.end) or TOPIC_BEFORE_RE.search(before))
        topic = topic or (general and bool(MEDICINE_FORM_AFTER_RE.match(s.norm, m.end)))
        likeness = EN_SIMILE_BEFORE_RE.search(before)
        purpose = headline and _headline_purpose(s, m)
        if listed or topic or likeness or purpose or (general and GENERAL_CLAIM_BEFORE_RE.search(before)):
            spans.append((m.start, m.end))
    return tuple(spans)


def _headline_purpose(s: Sentence, m: Match) -> bool:
    """The name said as what a thing is for, with no pronoun or verb of effect before it in its clause."""
    purpose = PURPOSE_BEFORE_RE.search(s.norm, 0, m.start)
    left = _clause_bounds(s, m.start, m.end)[0]
    return purpose is not None and not EFFECT_SAID_RE.search(s.norm, left, purpose.start())


REACTION_CUE_RE = re.compile(
    r"\bвызва\w*|\bвызыва(?:ет|ют|л|ла|ли)\b|\bпобочк\w*|\bпобочн\w*|\b(?:gave|gives)\s+me\b|\bcaused\b|\bside\s+effects?\b"
)
MAY_CAUSE_RE = re.compile(
    r"\bмо(?:жет|гут)\s+(?:\w+\s+)?вызы?ва\w*|\b(?:may|can|might|could)\s+cause"
    # A drug's use in general: "препарат применяется для лечения анорексии", "is used to treat".
    r"|\bпоказан\w*\s+(?:при|для)\b|\bприменя(?:ется|ются|ют)\b|\bиспольз(?:уется|уются)\b|\bis\s+used\s+(?:for|to)\b"
    r"|\bindicated\s+for\b"
)


def _stated_conditions(s: Sentence) -> list[Finding]:
    # What a drug may cause or is used for is the leaflet's, in its own clause: "у меня гастрит, а ибупрофен может
    # вызвать язву" keeps the gastritis only.
    leaflet = [_clause_bounds(s, *said.span()) for said in MAY_CAUSE_RE.finditer(s.norm)]
    spans = leaflet + _precautions(s) + _unreal(s) + _others_clauses(s) + _general_clauses(s) + _others_subjects(s)
    spans += _family_clauses(s)
    return _outside(s, _conditions_said(s), spans)


def _conditions_said(s: Sentence) -> list[Finding]:
    # In a sentence about another person only the names the writer is the subject of are the writer's.
    own_only = _someone_elses(s) and _relatives_clause(s) is None
    if (own_only and not _writers_own(s)) or s.hypothetical:
        return []
    if not_the_writers(s):
        return []
    found = _conditions_of_the_writer(s)
    return _inside(s, found, _writers_own(s)) if own_only else found


def _conditions_of_the_writer(s: Sentence) -> list[Finding]:
    matches = [m for m in _condition_matches(s) if not re.search(r"\b(?:от|против|for)\s+$", s.norm[: m.start])]
    labels = _self_labels(s)
    # Without a cue of the writer's own illness, a name still counts as a complaint: one of a list of them, or
    # of a sentence of nothing else. A complaint is no lasting diagnosis: "acne, mood swings, hair loss" after a
    # pill are reactions, so a chronic condition's name said so is kept as a symptom.
    # A name said to be gone for good was had ("гайморита больше нет"): `conditions` ends it. Russian drops the
    # possessive of one's own illness, which English says ("my acne cleared up", whose "my" is a cue already).
    gone = not s.english and any(GONE_FOR_GOOD_AFTER_RE.match(s.norm[m.end :]) for m in matches)
    cued = USER_CONDITION_CUE_RE.search(s.norm) or _diary_finding(s) or gone
    complaint_only = bool(matches) and not cued and not labels and not _onset_named(s)
    # The writer as the subject of having a name says it is had, whatever stands between ("I actually was having an
    # asthma attack"): that name alone, not the others of the sentence.
    own = {a for a, _ in _writers_complaints(s)} if complaint_only else set()
    if complaint_only and not _nominal_complaint(s):
        reported = bool(SYMPTOM_CUE_RE.search(s.norm) or _complaint_list(s) or caused_by_drug(s)) and not _leaflet(s)
        listed = {m.start for m in _listed_complaints(s)} if reported else set()
        matches = [m for m in matches if m.start in listed or m.start in own]
    complaints = {s.cut(m.start, m.end) for m in matches if m.start not in own} if complaint_only else set()
    named, matches = _longest_at_each_place(s, _named(s), matches)
    verbs = any(pattern.search(s.norm) for pattern, _, _ in CONDITION_VERBS)
    if not matches and not labels and not named and not verbs:
        return []
    found = []
    negated = _negated_for_writer(s)
    denials = _denials(s)
    since = since_phrase(s, years_only=False)
    items: list[tuple[str, str, str, bool]] = [
        (s.cut(m.start, m.end), _with_type(s, m), m.term.kind, True) for m in matches
    ]
    for start, end, normalized, verified, head_kind in named:
        # By its normalized name, or as said when that one does not read back ("crohn's disease" from "Crohn's").
        term = lexicon.conditions().lookup(normalized) or lexicon.conditions().lookup(s.norm[start:end])
        kind = term.kind if term else head_kind
        if not kind:
            kind = "chronic" if CHRONIC_HINT_RE.search(s.norm) else "acute"
        items.append((s.cut(start, end), normalized, kind, verified))
    if not items:
        items += [(s.cut(a, b), name, "chronic", True) for a, b, name in labels]
    for pattern, name, kind in CONDITION_VERBS:
        said = pattern.search(s.norm)
        if said and not any(n == name for _, n, _, _ in items):
            items.append((s.cut(said.start(), said.end()), name, kind, True))
    reasons = {f.attributes["name_normalized"] for f in indications(s)}
    # A lasting condition's name said as what a drug did ("от кветиапина тахикардия", "Zoloft gave me insomnia") is a
    # reaction: a symptom, not a chronic diagnosis.
    reaction = _drug_reaction(s)
    for raw, normalized, kind, verified in items:
        suspected = _suspected(s, raw)
        section = "chronic_conditions" if kind == "chronic" and not suspected else "diagnoses"
        if raw in complaints and normalized in reasons:
            continue  # named as what a drug was for: `indications` keeps it as the condition treated
        named_as_symptom = (
            lexicon.symptoms().lookup(raw) is not None
            or raw.lower() in lexicon.symptoms()
            or lexicon.misspelt(lexicon.symptoms(), raw.lower()) is not None
        )
        if section == "chronic_conditions" and (raw in complaints or (reaction and named_as_symptom)):
            if named_as_symptom:
                continue  # `symptoms` names it
            section = "symptoms"
        attrs: dict[str, object] = {"name_raw": raw, "name_normalized": normalized}
        if not verified:
            attrs["verified"] = False
        denied = _denied_at(s, raw, denials)
        if any(denied):
            continue  # a concession in passing: nothing to keep
        if negated or denied:
            attrs["status"] = "resolved"
            found.append(Finding(section, attrs, s, action="negate"))
            continue
        if section == "diagnoses" and suspected:
            attrs["status"] = "suspected"
        elif section == "chronic_conditions" and REMISSION_RE.search(s.norm):
            attrs["status"] = "remission"
        if since and not re.search(r"назад|ago", since):
            attrs["since"] = since
        found.append(Finding(section, attrs, s, action="correct" if s.correcting else "assert"))
    return found


# --- symptoms --------------------------------------------------------------------------------------

PAIN_VERB_RE = re.compile(
    r"\b(?:болит|болят|болел|болела|болело|болели|болит\w*|болеть|заболел[аио]?|заболит|разболел\w*|побалива\w*"
    r"|ноет|ноют|ныла|ныло|раскалывается|раскалывалась"
    r"|трещит|скрутило|прихватило|схватило|крутит|крутило|сдавило|сдавливает|сдавливало"
    # A raw or cutting pain: "горло дерёт", "саднит горло", "режет в животе".
    r"|дерет|драло|саднит|саднило|режет|резало|hurt|hurting|pounding|throbbing|ached|aching|hurts?|aches?|(?:is|was|were|are|'s|been)\s+(?:really\s+|just\s+|absolutely\s+)?(?:killing|bothering)\s+me|пройдет|прошл[аио]?|прошел|перестал\w*\s+болеть)\b"
)
# By the part's singular: "my knees hurt", "my feet hurt" are the same pains ("joint pain" of "my joints ache").
EN_PAIN = {
    "head": "headache",
    "back": "back pain",
    "stomach": "stomach ache",
    "belly": "stomach ache",
    "throat": "sore throat",
    "chest": "chest pain",
    "knee": "knee pain",
    "tooth": "toothache",
    "ear": "earache",
    "neck": "neck pain",
    "shoulder": "shoulder pain",
    "leg": "leg pain",
    "foot": "foot pain",
    "joint": "joint pain",
    "eye": "eye pain",
}
# Words of degree and vagueness between "мне" and its state: "мне что-то совсем нехорошо".
STATE_DEGREE = (
    r"(?:(?:очень|так|совсем|что-то|чет|чето|че-то|реально|просто|опять|снова|прям|прямо|уже|сейчас|щас|еще|ещё"
    r"|наоборот|физически)\s+){0,2}"
)
# What a dose did said with its subject: "it knocked me out", "the first pill wiped me out" (not "he knocked me out").
DOSE_SUBJECT = (
    r"\b(?:it|this|that|they|these|pills?|doses?|meds?|medications?|medicines?|drugs?|tablets?|stuff|shot|injection)"
    r"\s+(?:(?:really|completely|totally|just)\s+)?"
)
SYMPTOM_VERBS = (
    (
        compile_cues(
            r"\bтемператур\w*\s+(?:\w+\s+)?(?:держ\w*|сохраня\w*|подня\w*|поднима\w*|подскочил\w*|повысил\w*"
            r"|не\s+(?:спада\w*|снижа\w*|сбива\w*|опуска\w*))|\b(?:поднялась|подскочила|держалась|держится)\s+(?:\w+\s+)?температур\w*"
            r"|\bi(?:\s+had|\s+have|\s+ran|\s+was\s+running|'m\s+running|m\s+running|\s+am\s+running|'ve\s+been\s+running"
            r"|\s+have\s+been\s+running)\s+a\s+(?:high\s+|slight\s+|low\s+)?(?:fever|temperature)"
            r"|\bтемпературю\b|\bтемпературил[аи]?\b"
            # Said with a feverish reading (37 to 41 degrees), not one denied after it: "температура под 39",
            # "температура 37,5 третий день", not "температуры 38 не было", not "хранить при температуре до 25".
            r"|\bтемператур\w*\s+(?:(?!не\b)\w+\s+)?(?:под|до|за|около|почти|выше|больше)?\s*(?:3[7-9]|4[01])(?:[.,]\d+)?\b"
            r"(?!\s*(?:-\s*\d+(?:[.,]\d+)?\s*)?(?:градус\w*\s+)?(?:не\b|нет\b))"
        ),
        "температура",
        "fever",
    ),
    (
        compile_cues(
            r"\b(?:артериальное\s+)?давлени\w*\s+(?:\w+\s+)?(?:повыша\w*|повысил\w*|поднима\w*|подня\w*|подскаки\w*|подскочил\w*|скач\w*)"
            r"|\b(?:повыша\w*|повысил\w*|поднима\w*|подня\w*|подскаки\w*|подскочил\w*|скач\w*)\s+(?:\w+\s+)?(?:артериальное\s+)?давлени\w*"
            r"|\bmy\s+(?:blood\s+pressure|bp)\s+(?:(?:went|goes|shot)\s+up|spiked|spikes|skyrocketed|soared)"
        ),
        "повышение давления",
        "high blood pressure",
    ),
    # ... and its fall, said with a verb of falling (not "снизилось", the wished effect of a drug for it): "упало
    # давление", "давление резко падает", "my blood pressure dropped".
    (
        compile_cues(
            r"\b(?:артериальное\s+)?давлени[ея]\s+(?:у\s+меня\s+)?(?:(?!не\b)\w+\s+)?(?:упал[оа]?|пада(?:ет|ло|л)|рухнуло|обвалилось)\b"
            r"|\b(?:упал[оа]?|пада(?:ет|ло)|рухнуло)\s+(?:\w+\s+)?(?:артериальное\s+)?давлени[ея]\b"
            r"|\bmy\s+(?:blood\s+pressure|bp)\s+(?:dropped|drops|plummeted|crashed|tanked|bottomed\s+out)\b"
        ),
        "понижение давления",
        "low blood pressure",
    ),
    (
        compile_cues(r"\bнервнича\w*|\bнервы\s+(?:\w+\s+)?(?:шалят|шалили|сдают|сдали)|\bпроблем\w*\s+с\s+нервами"),
        "нервозность",
        "nervousness",
    ),
    (
        compile_cues(
            r"\bсердце\s+(?:(?!не\b)\w+\s+)?(?:колотится|колотилось|молотит|выпрыгива\w*|заход(?:ится|илось)|бьется\s+(?:\w+\s+)?(?:сильно|быстро|часто)|стучит)"
            r"|\bmy\s+heart\s+(?:was\s+)?(?:racing|pounding)|\bmade\s+my\s+heart\s+(?:race|pound|beat\s+(?:so\s+|really\s+)?fast)\b"
        ),
        "сердцебиение",
        "palpitations",
    ),
    # A complaint said with its verb: "волосы стали выпадать", "нос заложило", "зачесалась шея", "it made me itch".
    (
        compile_cues(
            r"\bволос\w*\s+(?:\w+\s+)?(?:стал[иа]?\s+|начал[иа]?\s+)?(?:сильно\s+)?(?:выпада\w*|сыпа\w*|лез(?:ут|ть|ли))"
            # The phase verb first: "стали сильно сыпаться волосы", not "не стали выпадать волосы".
            r"|(?<!\bне\s)\b(?:стал[иа]?|начал[иа]?)\s+(?:\w+\s+)?(?:выпадать|сыпаться|лезть)\s+(?:\w+\s+)?волос\w*"
            r"|\bвыпада\w*\s+волос\w*\b(?!\s+(?:\w+\s+){0,2}не\b)|\b(?:hair|hairs)\s+(?:started\s+|was\s+|is\s+)?(?:falling|fell|thinning)"
        ),
        "выпадение волос",
        "hair loss",
    ),
    (
        compile_cues(
            r"\bнос\s+(?:\w+\s+)?(?:заложил\w*|заложен\w*|не\s+дыш\w*|перестал\s+дышать)|\bзаложил\w*\s+нос|\bзаложен\w*\s+нос"
            r"|\bstuffed\s+up\b|\bcan't\s+breathe\s+through\s+my\s+nose"
            # "не могу дышать носом", "носом не дышу".
            r"|\bне\s+(?:мог(?:у|ла|ли)?|смог(?:ла|ли)?)\s+(?:\w+\s+)?дышать\s+носом|\bносом\s+(?:\w+\s+)?не\s+дыш\w*"
        ),
        "заложенность носа",
        "nasal congestion",
    ),
    # A running nose said with its verb: "нос течёт", "из носа льёт", "my nose keeps running".
    (
        compile_cues(
            r"\bнос\s+(?:(?!не\b)\w+\s+)?(?:течет|тек|потек|льет|подтека\w*)\b"
            r"|\bиз\s+носа\s+(?:(?!не\b)\w+\s+)?(?:течет|текло|текут|потекло|льет|льется|лилось|лило|капает)\b"
            r"|\bmy\s+nose\s+(?:is|was|kept|keeps|has\s+been|started)\s+(?:running|dripping)"
            # The mucus as the subject: "сопли текут ручьём", "сопельки подтекают".
            r"|\bсоп(?:ли|ельки|лищи)\s+(?:(?!не\b)\w+\s+)?(?:текут|текли|потекли|льют|льются|лились|бегут|подтека\w*|ручьем)\b"
        ),
        "насморк",
        "runny nose",
    ),
    (
        compile_cues(
            r"\b(?:начал[оа]?\s+|стало\s+)?подташнива\w*|\bначал[оа]?\s+тошнить|\bстало\s+тошнить|\bmade\s+me\s+(?:feel\s+)?(?:sick|nauseous)"
        ),
        "тошнота",
        "nausea",
    ),
    (
        compile_cues(
            r"\bменя\s+(?:постоянно\s+|часто\s+|сильно\s+)?тошнит|\bfeeling\s+nauseous"
            r"|(?:^|\bi\s+)(?:feel|felt|was|got|get|became)\s+(?:(?:so|very|really|extremely|a\s+bit|quite)\s+)?(?:sick\s+to\s+my\s+stomach|nauseous|nauseated)\b"
            r"|\bi\s+feel\s+sick\b"
        ),
        "тошнота",
        "nausea",
    ),
    (
        compile_cues(
            r"\bкружится\s+голова|\bголова\s+кружится|\bfeeling\s+dizzy"
            r"|(?:^|\bi\s+|\bi(?='m))(?:feel|felt|was|got|get|became|am|'m)\s+(?:(?:so|very|really|extremely|a\s+bit|quite)\s+)?"
            r"(?:dizzy|light-?headed)\b"
        ),
        "головокружение",
        "dizziness",
    ),
    (
        compile_cues(
            r"\b(?:вы)?рвал[оа]\b|\bменя\s+рвет\b|\bi\s+(?:threw\s+up|was\s+vomiting)"
            r"|\bi\s+(?:was|kept|started|couldn't\s+stop|have\s+been|'ve\s+been)\s+throwing\s+up"
        ),
        "рвота",
        "vomiting",
    ),
    # Complaints said with a verb, named by the complaint's noun (a memory keeps "сонливость", not "клонит в
    # сон"). The evaluation's scorer cannot always pair such a label with the noun; that is no reason to drop
    # a right fact.
    (
        compile_cues(
            r"\bклони(?:т|ло)\s+в\s+сон|\bв\s+сон\s+(?:\w+\s+)?(?:клони(?:т|ло)|тяну(?:ло|ет))|\bтяну(?:ло|ет)\s+в\s+сон"
            # The body's pull to sleep: "весь день тянет спать", "мне хотелось спать", the casual "спать охота" (not
            # "не хочется").
            r"|(?<!\bне\s)\b(?:тян(?:ет|уло)|(?:хочется|хотелось|охота))\s+(?:(?!не\b)\w+\s+){0,3}спать\b"
            r"|\bспать\s+(?:\w+\s+)?(?<!\bне\s)(?:тян(?:ет|уло)|(?:хочется|хотелось|охота))\b"
            # The writer's own "хочу спать" as a state, the clause ending there or its cause or time following:
            # "весь день хочу спать", "хочу спать из-за него", not "хочу спать спокойно" (a wish for sleep, as an
            # insomniac says it).
            r"|(?<!\bне\s)\b(?:хочу|хотела|хотел)\s+спать\b"
            r"(?=\s*(?:[,.;!?)]|$|и\b|но\b|а\b|из-за\b|от\b|после\b|весь\b|целый\b|постоянно\b|все\s+время\b))"
            r"|\bглаза\s+(?:\w+\s+)?(?:закрываются|слипаются)|\bmade\s+me\s+(?:very\s+|so\s+)?(?:sleepy|drowsy)"
            # Knocked out to sleep: "вырубает спать", "дико рубило спать".
            r"|\b(?:вы)?руб(?:ит|ает|ило|ало)\s+(?:\w+\s+)?спать\b"
        ),
        "сонливость",
        "drowsiness",
    ),
    (
        compile_cues(
            r"\b(?:тяжело|трудно|тяжелее|трудней)\s+(?:было\s+|стало\s+)?дышать|\bдышать\s+(?:было\s+|стало\s+)?(?:трудно|тяжело)"
            r"|\bнечем\s+дышать|\bзадыха(?:юсь|лась|лся|ться)\b|\bне\s+хвата(?:ет|ло|л\w*)\s+воздух\w*"
            # "дышал с трудом", "с трудом дышу"
            r"|\bс\s+трудом\s+дыш(?:у|ал|ала|али)\b|\bдыш(?:у|ал|ала|али)\s+с\s+трудом\b"
            r"|\bвоздух\w*\s+(?:(?!не\b)\w+\s+)?не\s+хвата(?:ет|ло|л\w*)"
            # Breath caught, said with an impersonal verb: "дыхание спёрло", "перехватило дыхание".
            r"|(?<!\bне\s)\b(?:сперло|сперл[аи]|перехват(?:ило|ывает|ывало))\s+(?:(?!не\b)\w+\s+)?дыхани\w*"
            r"|\bдыхани\w*\s+(?:(?!не\b)\w+\s+)?(?:сперло|перехват(?:ило|ывает|ывало))\b"
            r"|\bcouldn't\s+breathe|\bcan't\s+breathe|\bhard\s+to\s+breathe|\btrouble\s+breathing"
            # "не могу дышать", "ночью не могла нормально дышать" (the nose said: a congestion, above).
            r"|\bне\s+(?:мог(?:у|ла|ли)?|смог(?:ла|ли)?)\s+(?:(?:нормально|толком|вообще|спокойно)\s+)?дышать\b(?!\s+носом)"
        ),
        "затрудненное дыхание",
        "shortness of breath",
    ),
    (
        compile_cues(
            r"\bпросыпа(?:юсь|лась|лся)\s+(?:\w+\s+){0,3}(?:ночью|по\s+ночам|за\s+ночь|среди\s+ночи)"
            r"|\b(?:ночью|по\s+ночам|за\s+ночь|среди\s+ночи)\s+(?:\w+\s+){0,3}(?:просыпа(?:юсь|лась|лся)|проснул(?:ась|ся))\b"
            r"|\bkeep\s+waking\s+up|\bwake\s+up\s+(?:several\s+times\s+)?(?:at|in|during)\s+the\s+night"
        ),
        "ночные пробуждения",
        "waking at night",
    ),
    # Ears blocked, said with the impersonal verb: "заложило уши", "уши заложило после самолёта".
    (
        compile_cues(
            r"(?<!\bне\s)\bзаложил[оаи]?\s+(?:(?!не\b)\w+\s+)?уш(?:и|ах)\b"
            r"|\bуши\s+(?:(?!не\b)\w+\s+)?(?<!\bне\s)заложил[оаи]?\b|\bв\s+ушах\s+(?<!\bне\s)заложил\w*"
        ),
        "заложенность ушей",
        "blocked ears",
    ),
    # Blood said to flow, from the nose first: "из носа пошла кровь", "кровь стала часто идти носом" (not "пошла
    # кровь сдавать", a donor's errand).
    (
        compile_cues(
            r"(?:\bиз\s+носа|\bносом)\s+(?:(?!не\b)\w+\s+){0,2}(?<!\bне\s)(?:ид[её]т|шла|пошла|течет|текла|потекла|хлынула)\s+кровь\b"
            r"|\bкровь\s+(?:(?!не\b)\w+\s+){0,3}?(?:ид[её]т|идти|шла|пошла|течет|текла|потекла|хлынула)\s+(?:\w+\s+)?(?:из\s+носа|носом)\b"
        ),
        "носовое кровотечение",
        "nosebleed",
    ),
    (
        compile_cues(
            r"(?<!\bне\s)\b(?:ид[её]т|шла|пошла|течет|текла|потекла|хлынула)\s+кровь\b(?!\s+(?:сдавать|сдать|на\s+анализ))"
            r"|\bкровь\s+(?:(?!не\b)\w+\s+){0,3}?(?:ид[её]т|идти|шла|пошла|течет|текла|потекла|хлынула)\b"
        ),
        "кровотечение",
        "bleeding",
    ),
    (compile_cues(r"\bкашляю\b|\bi(?:'ve\s+been|\s+am|'m)\s+coughing"), "кашель", "cough"),
    # Thrown into a sweat: "в пот бросило", "бросает в пот по ночам".
    (
        compile_cues(
            r"\bв\s+пот\s+(?:\w+\s+)?(?<!\bне\s)брос(?:ило|ает|ал[оа])\b|(?<!\bне\s)\bброс(?:ило|ает|ал[оа])\s+(?:\w+\s+)?в\s+пот\b"
        ),
        "потливость",
        "sweating",
    ),
    (compile_cues(r"\bчихаю\b|\bi(?:'ve\s+been|\s+am|'m)\s+sneezing"), "чихание", "sneezing"),
    (
        compile_cues(
            # Russian sleep verbs are read by their lemma (`_sleep_not_managed`).
            r"\bбессонн\w+\s+ноч\w*|\bcan't\s+(?:fall\s+a)?sleep\b|\bcouldn't\s+sleep\b"
            r"|\btrouble\s+(?:in\s+|with\s+)?(?:sleeping|falling\s+asleep)|\bsleepless\s+nights?|\bi\s+(?:hardly|barely)\s+slept"
            r"|\bi\s+(?:couldn't|could\s+not|can't|cannot|wasn't\s+able\s+to|was\s+unable\s+to)\s+(?:fall\s+a|get\s+to\s+)?sleep\b"
        ),
        "бессонница",
        "insomnia",
    ),
    # Feeling unwell, said with its impersonal predicate: "мне стало плохо", "плохо себя чувствовала".
    (
        compile_cues(
            r"\b(?:мне|я)\s+(?:(?!не\b)\w+\s+)?(?:стало|было|становилось|становится)\s+(?:очень\s+|совсем\s+|так\s+)?плохо\b"
            r"(?!\s+(?:видно|слышно|понятно|знаком))|(?<!\bне\s)\bплохо\s+себя\s+(?:чувствую|чувствовал\w*)"
            r"|(?<!\bне\s)\bчувств(?:ую|овал|овала)\s+себя\s+(?:очень\s+)?(?:плохо|ужасно|отвратительно)"
            r"|\bi\s+(?:felt|feel|was\s+feeling|have\s+been\s+feeling)\s+(?:really\s+|very\s+|so\s+)?(?:unwell|ill|awful|horrible|terrible"
            r"|sick(?!\s+(?:of|about|for|to|and\s+tired)\b))\b"
            # The present has no copula, and the casual words for it: "мне что-то нехорошо", "мне так хреново".
            rf"|\bмне\s+{STATE_DEGREE}(?:плохо|нехорошо|хреново|херово|хуево|паршиво|дурно|фигово)\b"
            r"(?!\s+(?:видно|слышно|понятно|знаком|да[её]тся|без|с\s+тобой|с\s+ним|с\s+ней|в\s+эмоциональном|морально|на\s+душе))"
        ),
        "недомогание",
        "feeling unwell",
    ),
    # Anxiety said with its impersonal predicate: "мне тревожно", "мне так неспокойно".
    # ... and in the comparative, with its copula: "от него мне становится ещё тревожнее".
    (
        compile_cues(
            rf"\bмне\s+(?:(?:стало|становится|становилось|было)\s+)?{STATE_DEGREE}(?:тревожн(?:о|ее)|неспокойн(?:о|ее))\b"
        ),
        "тревожность",
        "anxiety",
    ),
    (
        compile_cues(
            # Tired often or much, said of oneself ("я очень устаю", "постоянно устаю", "I'm tired all the time"); not
            # tired of something ("устаю от его нытья", "tired of it").
            r"\b(?:все\s+время|быстро|очень|сильно|постоянно|вечно|часто|так)\s+устаю\b(?!\s+от\b)"
            r"|\bi(?:'m|\s+am)\s+(?:always|constantly)\s+tired\b(?!\s+of\b)|\bi(?:'m|\s+am)\s+tired\s+all\s+the\s+time\b"
            # Worn out by a dose: "it wiped me out", "I felt completely drained".
            rf"|{DOSE_SUBJECT}(?:wiped|wipes|wipe)\s+me\s+out\b|\bi\s+(?:felt|feel|was|am|'m)\s+(?:completely\s+|totally\s+|so\s+)?drained\b"
        ),
        "усталость",
        "fatigue",
    ),
    # Knocked out by a dose: "it knocked me out for twelve hours", "I could barely keep my eyes open".
    (
        compile_cues(
            rf"{DOSE_SUBJECT}(?:knocked|knocks|knock)\s+me\s+(?:right\s+|completely\s+)?out\b"
            r"|\bcould(?:n't|\s+not|\s+barely|\s+hardly)\s+keep\s+my\s+eyes\s+open"
        ),
        "сонливость",
        "drowsiness",
    ),
    # The appetite gone, said in English ("I had no appetite", "I lost my appetite").
    (
        compile_cues(
            r"\bi\s+(?:had|have|'ve\s+had|have\s+had)\s+(?:no|zero|little)\s+appetite\b|\bi\s+lost\s+my\s+appetite\b"
            r"|\bmy\s+appetite\s+(?:is|was|has\s+been)\s+(?:gone|non-?existent)\b"
        ),
        "потеря аппетита",
        "loss of appetite",
    ),
)
# Complaints said with a verb, found by the verb's lemma (pymorphy3), so that every tense, aspect and prefix of
# the verb counts ("тошнило", "тошнит", "стошнило"; "жжет", "жгло"). Three frames, by who the verb's subject is:
# - the writer as a dative or accusative experiencer of an impersonal verb: "меня тошнило", "знобит", "меня
#   трясло". Verbs that also have a sense of their own ("рвать" tears, "трясти" shakes a thing) need the "меня"
#   said next to them;
# - the writer as the subject: "кашляю", "я всю ночь потела";
# - a body part as the subject or place of a sensation: "жжет в горле", "глаза слезятся", "в ушах звенит"
#   (and "солнце печет" is no complaint: a part from bodyparts.tsv must stand in the clause).
# Lemmas name the complaint's noun, the name a memory keeps (a reader's "меня мутило" is "тошнота").
EXPERIENCER_VERBS = {
    **{"тошнить": "тошнота", "подташнивать": "тошнота", "стошнить": "тошнота", "затошнить": "тошнота"},
    **{"знобить": "озноб", "зазнобить": "озноб", "лихорадить": "лихорадка"},
}
EXPERIENCER_ONLY_WITH_ME = {
    **{"мутить": "тошнота", "рвать": "рвота", "вырвать": "рвота", "трясти": "дрожь", "колотить": "дрожь"},
    **{"ломать": "ломота", "шатать": "слабость", "вырубать": "сонливость", "вырубить": "сонливость"},
    **{"морозить": "озноб", "бросать": "жар", "бросить": "жар", "кидать": "жар", "потряхивать": "дрожь"},
    **{"рубить": "сонливость", "срубить": "сонливость", "срубать": "сонливость", "блевать": "рвота"},
}
IMPERSONAL_FEELINGS = {**EXPERIENCER_VERBS, **EXPERIENCER_ONLY_WITH_ME}
# A rash said with an impersonal verb of pouring: "высыпало на руках", "меня обсыпало". Only the impersonal past
# or with "меня": "она высыпала порошок" pours.
ERUPTION_VERBS = frozenset(["высыпать", "обсыпать", "осыпать", "сыпать"])
FIRST_PERSON_VERBS = {
    **{"кашлять": "кашель", "закашлять": "кашель", "покашливать": "кашель", "чихать": "чихание"},
    **{"покашлять": "кашель", "раскашляться": "кашель", "закашляться": "кашель"},
    # Sight and hearing failing, said of oneself: "слепну от этих капель", "глохну на левое ухо".
    **{"слепнуть": "ухудшение зрения", "глохнуть": "снижение слуха"},
    **{"потеть": "потливость", "вспотеть": "потливость", "задыхаться": "затрудненное дыхание"},
    **{"дрожать": "дрожь", "трястись": "дрожь", "хрипеть": "охриплость", "охрипнуть": "охриплость"},
    **{"зевать": "зевота", "зевнуть": "зевота", "блевануть": "рвота"},
    # Knocked out by sleep, the writer as the subject: "прилягу и тут же вырубаюсь", "я вырубилась в восемь".
    **{"вырубаться": "сонливость", "вырубиться": "сонливость"},
    # The casual verbs of vomiting ("я всю ночь блевал", "проблевалась").
    **{"блевать": "рвота", "проблеваться": "рвота", "наблевать": "рвота", "поблевать": "рвота"},
}
SENSATION_VERBS = {
    **{"жечь": "жжение", "печь": "жжение", "щипать": "жжение", "пощипывать": "жжение", "жечься": "жжение"},
    **{"першить": "першение в горле", "запершить": "першение в горле", "ломить": "ломота"},
    **{"покалывать": "покалывание", "колоть": "покалывание"},
    **{"слезиться": "слезотечение", "сохнуть": "сухость", "пересыхать": "сухость", "пересохнуть": "сухость"},
    **{"шелушиться": "шелушение"},
    **{"двоиться": "двоение в глазах", "звенеть": "шум в ушах", "шуметь": "шум в ушах"},
    **{"темнеть": "потемнение в глазах", "потемнеть": "потемнение в глазах", "мутнеть": "мутность в глазах"},
    **{"помутнеть": "мутность в глазах", "зачесаться": "зуд", "чесаться": "зуд", "стучать": "пульсация"},
    **{"кружиться": "головокружение", "закружиться": "головокружение"},
    # A part said to burn: "лицо горит", "горит кожа после мази" (with a part only: "свет горит" is no complaint).
    "гореть": "жжение",
}
EN_VERB_SYMPTOMS = {
    **{"vomited": "vomiting", "vomiting": "vomiting", "puked": "vomiting", "sweating": "sweating"},
    **{"coughing": "cough", "sneezing": "sneezing", "shaking": "tremor", "trembling": "tremor"},
    **{"itching": "itching", "wheezing": "wheezing", "shivering": "chills"},
}
# "I was sweating", "I've been coughing", "I kept sneezing", "I threw up", "I started shaking".
EN_FIRST_PERSON_VERB_RE = re.compile(
    r"\bi\s+(?:was|am|'m|have\s+been|'ve\s+been|had\s+been|kept|keep|started|start|began|couldn't\s+stop)\s+"
    r"(?:(?:so|really|constantly|always|still|badly)\s+)?([a-z]+)"
    r"|\bi\s+(vomited|puked)\b"
)
# Sleep said as not managed: "не могла уснуть", "уснуть не смогу", "с трудом засыпаю", "плохо сплю", "не
# высыпаюсь"; named by what was hard (falling asleep is "трудности с засыпанием", a narrower complaint than
# "бессонница"). A sleep verb alone ("спала крепко", "помогает уснуть") says nothing is wrong: it needs a
# negation or an adverb of difficulty next to it ("долго" only for falling asleep: "долго спала" is no
# complaint).
SLEEP_VERBS = {
    **{"спать": "бессонница", "поспать": "бессонница", "выспаться": "недосыпание", "высыпаться": "недосыпание"},
    **{"заснуть": "трудности с засыпанием", "уснуть": "трудности с засыпанием", "засыпать": "трудности с засыпанием"},
}
SLEEP_DIFFICULTY = frozenset(["плохо", "трудно", "тяжело", "сложно", "еле", "трудом", "никак"])
IMPERSONAL_DIFFICULTY = frozenset(["трудно", "тяжело", "сложно"])
ONSET_VERBS = frozenset(["заснуть", "уснуть", "засыпать"])
CANNOT_VERBS = frozenset(["мочь", "смочь", "получаться", "получиться", "удаваться", "удаться"])
STOP_VERBS = frozenset(["перестать", "переставать"])
PHASE_VERBS = frozenset(["стать", "начать"])
# Waking said as hard: "тяжело просыпаться", "не могу проснуться", "с трудом просыпаюсь", "не могу вставать по
# утрам" (getting up only with the morning named: "тяжело вставать на больную ногу" is a knee's).
WAKING_VERBS = frozenset(["проснуться", "просыпаться", "встать", "вставать"])
GETTING_UP_VERBS = frozenset(["встать", "вставать"])
WAKING_DIFFICULTY = frozenset(["трудно", "тяжело", "сложно", "невозможно"])
MORNING_RE = re.compile(r"\bутр(?:ом|а|у|ам)\b")
DIFFICULT_WAKING = "трудное пробуждение"
# Not able to get out of bed at all, in a message about a drug, is weakness: "не могу встать с кровати", "с дивана
# встать не могла".
OUT_OF_BED_RE = re.compile(r"\bс\s+(?:кровати|постели|дивана|койки)\b")
# Sight and hearing said as failing: "плохо вижу", "глаз мутно видит", "глаз перестаёт видеть", "хуже слышу".
SENSE_VERBS = {"видеть": "ухудшение зрения", "слышать": "снижение слуха"}
SENSE_DIFFICULTY = frozenset(["плохо", "мутно", "хуже", "размыто", "нечетко", "расплывчато", "еле", "хреново"])
SENSE_ORGANS = frozenset(["глаз", "ухо"])
# Impersonal verbs of feeling after an impersonal phase verb: "начало потряхивать", "стало знобить", "начинает
# мутить" (not the future "начнёт тошнить", nor "перестало тошнить", which is over).
IMPERSONAL_PHASE_VERBS = frozenset(["начать", "стать", "начинать", "становиться"])
# The urge to vomit, said with an impersonal verb of wanting: "хотелось блевать", "тянет блевануть".
VOMIT_VERBS = frozenset(["блевать", "блевануть"])
URGE_WORDS = frozenset(["хочется", "хотелось", "тянет", "тянуло", "охота"])
THIRD_PERSON_EXPERIENCER = frozenset(["его", "ее", "её", "их", "ему", "ей", "им", "нему", "ней", "ним"])
FIRST_PERSON_EXPERIENCER = frozenset(["меня", "мне"])


# A body function lost or worsened: "пропал аппетит", "потеряла голос", "ухудшилась память", "сбился цикл". The
# verb's lemma says what happened to it, the function (general knowledge of what a body does) what it
# happened to; the complaint is named so ("потеря аппетита"). A measure a drug is meant to lower ("давление
# снизилось") is no complaint and is not listed.
FUNCTION_LOSS_VERBS = {
    **{"пропасть": "потеря", "пропадать": "потеря", "потерять": "потеря", "терять": "потеря"},
    **{"снизиться": "снижение", "снижаться": "снижение", "ухудшиться": "ухудшение", "ухудшаться": "ухудшение"},
    **{"сбиться": "нарушение", "сбиваться": "нарушение", "нарушиться": "нарушение", "нарушаться": "нарушение"},
    **{"упасть": "снижение", "падать": "снижение", "уменьшиться": "снижение", "уменьшаться": "снижение"},
}
# What a drug did to a function, the drug its subject: "сильно снижал аппетит", "отбил вкус". Only the past, which
# says what happened: the present is as often a leaflet's claim ("снижает аппетит").
LOWERING_VERBS = {"снижать": "снижение", "снизить": "снижение", "отбить": "потеря", "отбивать": "потеря"}
KILLING_VERBS = {"убить": "потеря", "убивать": "потеря"}  # "убил мне либидо"
LOWERING_VERBS |= KILLING_VERBS
LOSABLE_FUNCTIONS = frozenset(
    [
        *("аппетит", "голос", "вкус", "обоняние", "сон", "слух", "зрение", "память", "концентрация"),
        *("внимание", "либидо", "цикл", "месячные", "потенция", "настроение", "чувствительность", "координация"),
        "влечение",
    ]
)
# A function said to be gone: "аппетита нет", "нет никакого влечения", "либидо на нуле", "нулевое либидо". Only the
# functions whose absence is a complaint on its own (no "настроения нет", which is a mood's word).
ABSENT_FUNCTIONS = frozenset(["аппетит", "либидо", "влечение", "обоняние", "голос"])
NONE_WORDS = frozenset(["нет", "никакого", "никакой", "ноль", "нуль", "нулевое", "нулевой", "нуле", "отсутствует"])


COMPLAINT_VERBS = frozenset(
    [
        *WAKING_VERBS,
        *SENSE_VERBS,
        *IMPERSONAL_PHASE_VERBS,
        *EXPERIENCER_VERBS,
        *EXPERIENCER_ONLY_WITH_ME,
        *FIRST_PERSON_VERBS,
        *SENSATION_VERBS,
        *SLEEP_VERBS,
        *CANNOT_VERBS,
        *STOP_VERBS,
        *ERUPTION_VERBS,
        *FUNCTION_LOSS_VERBS,
        *LOWERING_VERBS,
        *PHASE_VERBS,
    ]
)


@lru_cache(maxsize=65536)
def _complaint_verb_readings(word: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """(lemma, grammemes) of the word's readings as one of the complaint verbs: "колотило" is a noun first and
    a verb too."""
    return tuple(
        (p.normal_form, frozenset(p.tag.grammemes))
        for p in morphology.parses(word)
        if p.tag.POS in ("VERB", "INFN", "GRND") and p.normal_form in COMPLAINT_VERBS
    )


def _writers_verb(word: str, verbs: frozenset[str] | dict[str, str], *, future: bool = False) -> bool:
    """One of `verbs` in a form the writer may be the subject of: the first person of the present (of the future too
    when `future`), or the past (which has no person; another person's subject is ruled out by the caller), never
    "ты"/"вы" or "он"'s present."""
    return any(
        v in verbs and (_present_first_person(g) or "past" in g or (future and "1per" in g))
        for v, g in _complaint_verb_readings(word)
    )


def _present_first_person(grammemes: frozenset[str]) -> bool:
    """The first person of the present, not of the future, which has not happened: "кашляю", not "закашляю"."""
    return "1per" in grammemes and "futr" not in grammemes


def _sleep_not_managed(s: Sentence, i: int) -> bool:
    """The sleep verb at token i is said with a negation or a difficulty, of the writer's own sleep."""
    tokens = s.tokens
    token = tokens[i]
    left, right = _clause_bounds(s, token.start, token.end)
    if re.search(r"\b(?:если|чтобы)\s+(?:\S+\s+){0,3}$", s.norm[left : token.start]):
        return False  # a condition or a purpose: "если не можете уснуть", "чтобы уснуть"
    if re.search(r"\b(?:будто|словно|точно\s+как)\b", s.norm[left : token.start]):
        return False  # a likeness: "выпила таблетку и будто не спала сутки" says tiredness, not sleeplessness
    window = [t for t in tokens[max(0, i - 3) : i + 3] if left <= t.start and t.end <= right]
    words = {t.text for t in window}
    readings = _complaint_verb_readings(token.text)
    # "не могла уснуть", "уснуть не смогу", "не получалось заснуть"
    # A negated future says a present inability: "уснуть не смогу".
    cannot = any(a.text == "не" and _writers_verb(b.text, CANNOT_VERBS, future=True) for a, b in pairwise(window))
    if any("INFN" in grammemes for _, grammemes in readings):
        # An infinitive is the writer's only under their own "не могу", an impersonal "трудно" or their own
        # "стала плохо спать": not "он начал не спать", not "каждый знает, каково не спать ночами".
        became = any(_writers_verb(t.text, PHASE_VERBS) for t in window) and bool(SLEEP_DIFFICULTY & words)
        # "перестала спать", not "перестала спать днём" (a nap given up)
        stopped = any(_writers_verb(t.text, STOP_VERBS) for t in window) and not {"днем", "днём"} & words
        return cannot or became or stopped or bool(IMPERSONAL_DIFFICULTY & words)
    if not _writers_verb(token.text, SLEEP_VERBS):
        return False  # "он плохо спит", "вы не спите"
    onset = any(v in ONSET_VERBS for v, _ in readings)
    negated = i > 0 and tokens[i - 1].text == "не"
    return negated or bool(SLEEP_DIFFICULTY & words) or (onset and "долго" in words)


def _waking_complaint(s: Sentence, i: int) -> str | None:
    """What the waking verb at token i says the writer has: hard waking (an infinitive under their own "не могу" or
    an impersonal difficulty, or their own verb "с трудом"), or weakness when it is getting out of bed at all."""
    tokens = s.tokens
    token = tokens[i]
    left, right = _clause_bounds(s, token.start, token.end)
    if re.search(r"\b(?:если|чтобы)\s+(?:\S+\s+){0,3}$", s.norm[left : token.start]):
        return None  # "чтобы проснуться вовремя, ставлю три будильника"
    readings = [(v, g) for v, g in _complaint_verb_readings(token.text) if v in WAKING_VERBS]
    name = DIFFICULT_WAKING
    if {v for v, _ in readings} <= GETTING_UP_VERBS and not MORNING_RE.search(s.norm, left, right):
        if not OUT_OF_BED_RE.search(s.norm, left, right) or not _message_names_drug(s.message):
            return None  # out of bed only in a message about a drug: "пока кот на мне спит" is no weakness
        name = "слабость"
    window = [t for t in tokens[max(0, i - 3) : i + 4] if left <= t.start and t.end <= right]
    words = {t.text for t in window}
    if words & THIRD_PERSON_EXPERIENCER:
        return None  # "ему тяжело вставать по утрам"
    if any("INFN" in g for _, g in readings):
        cannot = any(a.text == "не" and _writers_verb(b.text, CANNOT_VERBS, future=True) for a, b in pairwise(window))
        return name if cannot or WAKING_DIFFICULTY & words else None
    # "с трудом просыпаюсь", and its gerund "с трудом проснувшись", whose subject is the writer's own
    writers = _writers_verb(token.text, WAKING_VERBS) or any("GRND" in g for _, g in readings)
    return name if "трудом" in words and writers else None


def _sense_loss(s: Sentence, i: int, readings: tuple[tuple[str, frozenset[str]], ...]) -> str | None:
    """Sight or hearing said as failing, of the writer ("плохо вижу", "перестала слышать") or of their eye or ear
    ("глаз мутно видит", "глаз перестаёт видеть"), not another person's ("он плохо видит")."""
    tokens = s.tokens
    token = tokens[i]
    left, right = _clause_bounds(s, token.start, token.end)
    window = [t for t in tokens[max(0, i - 3) : i + 3] if left <= t.start and t.end <= right]
    words = {t.text for t in window}
    if "не" in words or "видно" in words:
        return None  # "не вижу смысла", "плохо видно" (the view, not the eyes)
    organ = any(morphology.noun_lemma(t.text) in SENSE_ORGANS for t in window)
    stopped = any(_writers_verb(t.text, STOP_VERBS) or _stops_organ(t.text) for t in window if t is not token)
    for verb, g in readings:
        if verb not in SENSE_VERBS:
            continue
        writers = _present_first_person(g) or ("past" in g and _past_is_writers(s, i, words))
        said_of_organ = organ and "3per" in g
        if (SENSE_DIFFICULTY & words and (writers or said_of_organ)) or ("INFN" in g and stopped):
            return SENSE_VERBS[verb]
    return None


def _stops_organ(word: str) -> bool:
    """ "перестаёт", "перестал": a stop verb whose subject may be the eye or ear."""
    return any(v in STOP_VERBS and ("3per" in g or "past" in g) for v, g in _complaint_verb_readings(word))


def _impersonal_phase_before(s: Sentence, i: int) -> bool:
    """An impersonal phase verb ("начало", "стало", "начинает") right before token i, or one word before it."""
    for t in s.tokens[max(0, i - 2) : i]:
        for v, g in _complaint_verb_readings(t.text):
            said = ("neut" in g and "past" in g) or ("3per" in g and "sing" in g and "futr" not in g)
            if v in IMPERSONAL_PHASE_VERBS and said:
                return True
    return False


def _urge_before(s: Sentence, i: int) -> bool:
    window = [t.text for t in s.tokens[max(0, i - 3) : i]]
    return any(w in URGE_WORDS and (k == 0 or window[k - 1] != "не") for k, w in enumerate(window))


def _writers_phase(words: set[str]) -> bool:
    return any(_writers_verb(w, PHASE_VERBS) for w in words)


def _verb_complaints(s: Sentence) -> list[tuple[str, int, int]]:
    """(complaint, start, end) of the symptom verbs of the three frames in the sentence."""
    if s.english:
        found = []
        for said in EN_FIRST_PERSON_VERB_RE.finditer(s.norm):
            word = said.group(1) or said.group(2)
            if word in EN_VERB_SYMPTOMS:
                found.append((EN_VERB_SYMPTOMS[word], said.start(), said.end()))
        return found
    parts: list[Match] | None = None
    found = []
    tokens = s.tokens
    for i, token in enumerate(tokens):
        readings = _complaint_verb_readings(token.text)
        sleep = next((SLEEP_VERBS[v] for v, _ in readings if v in SLEEP_VERBS), None)
        if sleep is not None:
            if _sleep_not_managed(s, i):
                found.append((sleep, token.start, token.end))
            continue
        if any(v in WAKING_VERBS for v, _ in readings):
            waking = _waking_complaint(s, i)
            if waking is not None:
                found.append((waking, token.start, token.end))
            continue
        if any(v in SENSE_VERBS for v, _ in readings):
            sense = _sense_loss(s, i, readings)
            if sense is not None:
                found.append((sense, token.start, token.end))
            continue
        if not readings or (i > 0 and tokens[i - 1].text == "не"):
            continue  # "меня не тошнило"
        near = {t.text for t in tokens[max(0, i - 2) : i + 3]}
        if near & THIRD_PERSON_EXPERIENCER and not near & FIRST_PERSON_EXPERIENCER:
            continue  # "его знобило": another person's
        # The experiencer may stand further off, with degree and time words between, in the verb's clause: "меня
        # всё ещё жёстко рубит".
        me = bool(near & FIRST_PERSON_EXPERIENCER) or _experiencer_in_clause(s, i)
        for verb, grammemes in readings:
            # pymorphy3 tags a verb with no subject at all as "Impe" ("тошнит", "знобит"), with no person.
            impersonal = (
                "neut" in grammemes
                or ("Impe" in grammemes and "INFN" not in grammemes)  # "тошнить перестало" is over
                or ("3per" in grammemes and "sing" in grammemes)
            )
            if verb in EXPERIENCER_VERBS and impersonal:
                name = EXPERIENCER_VERBS[verb]
            elif (
                verb in ERUPTION_VERBS
                and "INFN" not in grammemes
                and (("neut" in grammemes and "past" in grammemes) or me)
            ):
                if lexicon.symptoms().find(tokens[i + 1 : i + 3]):
                    break  # "обсыпало прыщами": the noun names what came out
                name = "сыпь"
            elif (
                verb in EXPERIENCER_ONLY_WITH_ME
                and impersonal
                and (me or caused_by_drug(s) or _drug_day(s, i, grammemes))
            ):
                # "меня ломает", or a drug named as the cause: "от отмены паксила ломает", "с кветиапина рубит", or
                # a subjectless past in a sentence about a drug: "вчера нажрался флуоксетина, ломало".
                name = EXPERIENCER_ONLY_WITH_ME[verb]
            elif verb in FIRST_PERSON_VERBS and (
                _present_first_person(grammemes) or ("past" in grammemes and _past_is_writers(s, i, near))
            ):
                name = FIRST_PERSON_VERBS[verb]
            elif verb in VOMIT_VERBS and "INFN" in grammemes and _urge_before(s, i):
                name = "тошнота"  # "хотелось блевать"
            elif verb in IMPERSONAL_FEELINGS and "INFN" in grammemes and _impersonal_phase_before(s, i):
                name = IMPERSONAL_FEELINGS[verb]  # "начало потряхивать"
            elif verb in FIRST_PERSON_VERBS and "INFN" in grammemes and _writers_phase(near):
                name = FIRST_PERSON_VERBS[verb]  # "начинаю кашлять", "кашлять начала": the writer's phase verb
            elif verb in SENSATION_VERBS and not grammemes & {"1per", "2per", "INFN"} and "я" not in near:
                # A body part's sensation, not what the writer did ("пришлось щипать себя за руку").
                if parts is None:
                    parts = lexicon.body_parts()[0].find(tokens)
                part = next(
                    (
                        m
                        for m in parts
                        if abs(m.start - token.start) <= PAIN_REACH
                        and not re.search(r"[,;:.!?—–()]", s.norm[min(m.end, token.end) : max(m.start, token.start)])
                    ),
                    None,
                )
                if part is None:
                    continue
                name = _sensation_at(SENSATION_VERBS[verb], part)
            else:
                continue
            found.append((name, token.start, token.end))
            break
    return found


def _drug_day(s: Sentence, i: int, grammemes: frozenset[str]) -> bool:
    """A verb with no subject at all (the neuter past, "ломало"; not "рвёт", which may have one) in a sentence that
    names a drug: what the drug did to the writer. Not with a thing as its object ("ломало дверь"); a body part may
    be one ("ломало суставы")."""
    subjectless = ("neut" in grammemes and "past" in grammemes) or ("Impe" in grammemes and "INFN" not in grammemes)
    if not subjectless or s.english or not _names_a_drug(s):
        return False
    following = s.tokens[i + 1].text if i + 1 < len(s.tokens) else ""
    thing = morphology.is_known(following) and any(
        p.tag.POS == "NOUN" and "accs" in p.tag.grammemes for p in morphology.parses(following)
    )
    return not thing or lexicon.body_parts()[0].lookup(following) is not None


def _sensation_at(name: str, part: Match) -> str:
    """The sensation named with its place when the symptoms list names it so ("во рту пересохло" is "сухость во рту",
    "жжёт в горле" is "жжение в горле"); otherwise the sensation alone."""
    where = lexicon.body_parts()[1][part.term.normalized].prepositional
    for phrase in (f"{name} в {where}", f"{name} во {where}"):
        found = lexicon.symptoms().find(tokenize(phrase))
        if len(found) == 1 and found[0].start == 0 and found[0].end == len(phrase):
            return found[0].term.normalized
    return name


def _experiencer_in_clause(
    s: Sentence, i: int, pronouns: frozenset[str] = FIRST_PERSON_EXPERIENCER, reach: int = 4
) -> bool:
    """One of `pronouns` ("меня", "мне") up to `reach` words before the verb at token i, in its clause, with no other
    person's pronoun."""
    token = s.tokens[i]
    left, _ = _clause_bounds(s, token.start, token.end)
    before = {t.text for t in s.tokens[max(0, i - reach) : i] if t.start >= left}
    return bool(pronouns & before) and not (THIRD_PERSON_EXPERIENCER | THIRD_PERSON_SUBJECTS) & before


THIRD_PERSON_SUBJECTS = frozenset(["он", "она", "они", "оно"])


def _past_is_writers(s: Sentence, i: int, near: set[str]) -> bool:
    """A past verb (which has no person) is the writer's with "я" next to it or earlier in its clause ("я выпил
    таблетку и вырубился"), or when a drug is named as its cause and no one else is ("от венлафаксина блевала")."""
    if "я" in near or _experiencer_in_clause(s, i, frozenset(["я"]), reach=8):
        return True
    if _diary_subject(s, i):
        return True
    return caused_by_drug(s) and not THIRD_PERSON_SUBJECTS & {t.text for t in s.tokens}


def _diary_subject(s: Sentence, i: int) -> bool:
    """A diary's dropped subject: the sentence opens with a past verb ("Выпила таблетку и проблевалась",
    "Проснулся, покашлял кровью"), in a message that names no one else who could be its subject."""
    first = s.tokens[0].text if s.tokens else ""
    opens_with_past = any(p.tag.POS == "VERB" and "past" in p.tag.grammemes for p in morphology.parses(first))
    return opens_with_past and "plur" not in morphology.best(s.tokens[i].text).tag and not _names_others(s.message)


@lru_cache(maxsize=1024)
def _names_others(message: str) -> bool:
    """The message names another person a verb without a subject could be about: a relative, a friend, a child,
    "он"/"она"."""
    tokens = tokenize(message)
    if OTHER_PEOPLE_RE.search(message) or THIRD_PERSON_SUBJECTS & {t.text for t in tokens}:
        return True
    return relative(Sentence.of(message)) is not None


ADVERSE_CUE = (
    r"|\bпобочн\w*|\bпосле\s+(?:\w+\s+)?(?:при[её]ма|него|нее|них|таблет\w*|укол\w*|дозы|капсул\w*|капел\w*|капл\w*"
    r"|сироп\w*|свеч\w*|препарат\w*|лекарств\w*|спре\w*|мази|курса)|\bнаблюдал\w*|\bзамучил\w*"
    r"|\bвозник\w*|\bначина\w*|\bначался|\bначалась|\bначались|\bвозвраща\w*|\bвернул\w*|\bостал\w*|\bостава\w*"
    r"|\bвысып(?:ал|ала|ало|али|ает|ают)\b|\bвыскочил\w*|\bобсыпал\w*|\bосыпал\w*|\bпокрыл(?:ся|ась|ось|ись)\b|\bвыступил[аио]?\b"
    r"|\bчувствовал\w*|\bощуща\w*|\bиспыт\w*|\bпоявля\w*|\bусилил\w*|\bухудш\w*|\bмучил\w*|\bнакатыва\w*"
    r"|\bнакатил\w*|\bохват\w*|\bнакрыл\w*|\bодолева\w*|\bодолел\w*|\bполучил\w*"
    # The casual verbs of being worn out by a complaint ("задолбала эта изжога", "надоел кашель"), and a bout of
    # it ("приступ паники", not the general "при приступе").
    r"|\bзадолба\w*|\bзаеба\w*|\bнадоел\w*|(?<!\bпри\s)\bприступ\w*"
    # How long it has lasted: "весь день голова ватная", "который день изжога", "всю ночь кашель".
    r"|\b(?:весь|целый|который|второй|третий)\s+день\b|\bвсю\s+ночь\b"
    # Casual verbs of getting a state ("словила панику", "ловлю странные сны"), having it ("имела утомляемость"),
    # and a review's list of a drug's drawbacks ("из минусов — сонливость").
    r"|\bсловил\w*|\bловлю\b|\bловил[аи]?\b|\bпоймал[аи]?\b|\bимел[аи]?\b|\bимею\b|\bиз\s+минусов\b"
    r"|\bчувствую\b|\bощущаю\b|\bскрутил[оа]?\b|\bусилива(?:ется|ются|лась|лся|лось|лись)\b|\bснятся\b|\bсни(?:тся|лись|лся|лась|лось)\b|\bприсни\w*"
    r"|\bafter\s+(?:taking|the\s+first|a\s+few|starting|\d+)|\bcaused\b|\bcausing\b|\bmade\s+me\b|\bnoticed\b|\bleft\s+me\s+with\b"
    r"|\bstarted\s+(?:to\s+|having|getting)|\bi\s+(?:had|have|get|got)\b|\bexperienc\w*|\bsuffer\w*"
)
SYMPTOM_CUE_RE = compile_cues(
    r"\bу\s+меня\b|\bмучает|\bмучают|\bбеспоко[ия]|\bпоявил\w*|\bначал\w*|\bуже\b|\bсо\s+вчера|\bс\s+утра|\bпостоянн\w*"
    r"|\bчасто\b|\bбывает|\bбывают|\bпрош(?:ел|ла|ло|ли)\b|\bнет\b|\bсильн\w+|\bдн(?:я|ей)\b|\bнедел\w*|\bесть\b"
    # How badly it was felt says the writer felt it: "жуткая рвота", "ужасные боли".
    r"|\bужасн\w+|\bжутк\w+|\bдик(?:ая|ие|ой|ую|ий|их|ого|им)\b|\bневыносим\w+|\bадск\w+"
    r"|\bi\s+have\b|\bi've\b|\bi\s+had\b|\bmy\b|\bsince\b|\bi\s+feel\b|\bi'm\s+feeling\b|\bgone\b|\bwent\s+away\b"
    rf"|\bi\s+{WRITER_ADVERB}\s+(?:have|had|get|got)\b"
    r"|\bkeep\s+getting\b|\bстрада(?:ю|л|ла)\b|\bопять\b|\bснова\b|\bagain\b"
    r"|\bпрост(?:ыл|удил)\w*|\bзаболел\w*|\bподнял\w*|\bподскочил\w*|\bзаложил\w*|\bмучил\w*|\bбыл[аио]?\b"
    r"|\bcaught\b|\bcame\s+down\b|\bgot\b|\bbr(?:oke|eak|eaking)\s+out\b|\bexperienced?\b|\bexperiencing\b|\bcaused\b"
    r"|\b(?:gave|gives|giving|has\s+given)\s+me\b"
    # What a drug did to the user: "вызвала тошноту", "стало тяжело дышать", "первая реакция: озноб".
    r"|\bвызвал[аио]?\b|\bстало\b|\bреакци\w*|\bпобочк\w*|\bside\s+effects?\b"
    # What the writer felt or saw on themselves: "почувствовала слабость", "заметила сыпь на руках".
    r"|\bпочувствовал\w*|\bзаметил\w*|\bощутил\w*"
    r"|\bi(?:'m|\s+am|\s+was|'ve\s+been|\s+have\s+been)\s+having\b|\bi\s+(?:developed|get|got)\b"
    # A diary's dropped subject: "Had terrible cramps the first week", "Getting headaches daily".
    r"|^(?:had|have\s+had|got|getting|having|experienced|experiencing|developed|still\s+have)\b" + ADVERSE_CUE
    # What followed a dose: "после приема", "наблюдала", "возникла", "вернулись".
)
# Verbs of a complaint's onset or onslaught said right next to its name, the name their subject: "пошла сыпь",
# "полезли прыщи", "вылез герпес", "разыгралась мигрень", "кашель душит". The casual verbs are movement verbs in
# other senses ("пошла в аптеку", "полезла в шкаф"): only a complaint's name as the neighbour makes them an onset.
ONSET_LEMMAS = frozenset(
    [
        *("пойти", "полезть", "лезть", "вылезти", "вылезать", "вылазить", "повылазить", "повылезти", "открыться"),
        *("развиться", "разыграться", "накатить", "нахлынуть", "навалиться", "одолеть", "одолевать", "душить"),
        *("напасть", "нападать"),
    ]
)
# Words that may stand between the verb and the name: "пошла мелкая сыпь", "полезли опять прыщи".
ONSET_GAP = 1


@lru_cache(maxsize=65536)
def _onset_verb(word: str) -> bool:
    """A finite form of an onset verb whose subject the complaint may be: the past or the third person present."""
    return any(
        p.tag.POS == "VERB"
        and p.normal_form in ONSET_LEMMAS
        and ("past" in p.tag.grammemes or "3per" in p.tag.grammemes)
        for p in morphology.parses(word)
    )


@lru_cache(maxsize=1024)
def _onset_named(s: Sentence) -> bool:
    """A complaint named as the subject of an onset verb next to it, on either side, not negated."""
    tokens = s.tokens
    for m, _ in _health_matches(s):
        if m.term.kind in REASON_ONLY:
            continue
        before = range(max(0, m.first - 1 - ONSET_GAP), m.first)
        after = range(m.last + 1, min(len(tokens), m.last + 2 + ONSET_GAP))
        for i in (*before, *after):
            if not _onset_verb(tokens[i].text) or (i > 0 and tokens[i - 1].text == "не"):
                continue
            a, b = sorted((i, m.first if i < m.first else m.last))
            if not re.search(r"[,;:.!?—–()]", s.norm[tokens[a].end : tokens[b].start]):
                return True
    return False


RESOLVED_RE = compile_cues(
    r"(?<!\bне\s)\bпрош(?:ел|ла|ло|ли)\b|\bбольше\s+не\s+(?:болит|болят|беспоко[ия]\w*|мучает|мучают)|\bнет\s+больше|\bисчез\w*"
    r"|\bперестал\w*\s+болеть|\bболеть\s+перестал\w*|\bwent\s+away|\b(?:is|are)\s+gone\b|\bno\s+longer\b|\bno\s+more\b|\bresolved\b|\bbetter\s+now\b"
    r"|\bне\s+беспоко[ия]\w*|\bнет\b|\bdon't\s+have\b|\bпрекратил\w*|\b(?<!не\s)(?:ушл[аио]|ушел|отступил\w*)\b"
)
# Gone without a trace, said right after the name it is said of: "головной боли как не бывало", "от изжоги не осталось
# и следа", "the rash cleared up" (not "от сонливости не осталось и следа, теперь тревога": the anxiety is new).
GONE_AFTER_RE = re.compile(
    AFTER_NAME + r"(?:как\s+не\s+бывало|не\s+осталось\s+(?:и\s+)?следа|(?:cleared|clears)\s+up)\b"
)
SEVERE_RE = re.compile(r"\bсильн\w+|\bужасн\w+|\bневыносим\w+|\bsevere\b|\bterrible\b|\bawful\b|\bunbearable\b")
MILD_RE = re.compile(r"\bлегк\w+|\bнебольш\w+|\bslight\b|\bmild\b|\bнемного\b|\ba\s+bit\b")
FREQUENCY_RE = re.compile(
    r"\bчасто\b|\bпостоянно\b|\bиногда\b|\bпо\s+утрам\b|\bпо\s+вечерам\b|\bпо\s+ночам\b"
    r"|\bкаждый\s+день\b|\boften\b|\bsometimes\b|\bconstantly\b|\bevery\s+(?:day|morning|night)\b"
)
NOT_SYMPTOM_CONTEXT_RE = compile_cues(
    # An allergy's reactions are the allergies' to keep; not a medicine named by its use ("выпила таблетку от
    # аллергии", "took an allergy pill"), which names no allergy. (Nor a vaccine's sentence: what it is against is left
    # out by `_vaccine_targets`, and what the writer had after it stays: "после прививки поднялась температура".)
    r"(?<!\bот\s)(?<!\bпротив\s)аллерг|(?<!\bfor\s)(?<!\bfor\smy\s)allerg(?!y\s+(?:pills?|meds|medicines?|medications?|tablets?)\b)"
    # A question to other readers: "has anyone else had X", «у кого-нибудь было X».
    r"|\banyone\b|\banybody\b|\bкто-нибудь\b|\bкого-нибудь\b|\bкто-то\s+еще\b"
    # A leaflet's list of side effects is not what the user had.
    r"|\bуказан\w*|\bв\s+инструкции\s+(?:написан|указан)\w*|\bпротивопоказ\w*|\blisted\b|\bleaflet\b|\bmay\s+cause\b"
    r"|\bмо(?:жет|гут)\s+(?:\w+\s+)?(?:вызы?ва\w*|(?:с)?провоцир\w*)|\bспособ\w+\s+вызвать|\bмогут\s+(?:быть|возникнуть|появиться)|\bможет\s+(?:возникнуть|появиться)|\bпрочитал\w*|\bпишут\b"
    r"|\bвозможны\b|\bcan\s+cause|\bmight\s+cause|\bcommon\s+side\s+effects?\s+(?:are|include)"
)


# A drug named as the cause of what the writer has: "от флуоксетина изжога", "из-за сероквеля сонливость", "после
# кветиапина тахикардия", "под ксанаксом апатия", "на фоне метформина диарея", "headaches from the Zoloft", "rash
# after taking amoxicillin". A drug (drugs lexicon) and not a generic word ("от таблеток от кашля" names no cause);
# one word may stand between ("от этого флуоксетина", "after taking", "from my").
# "на" and "on" say the drug the writer was taking when it happened: "на прозаке тошнит", "on Seroquel I gained weight".
CAUSE_WORDS = frozenset(
    [
        *("от", "из-за", "после", "под", "фоне", "на", "from", "after", "on"),
        # A drug's side effect or withdrawal named with it: "побочка флуоксетина", "синдром отмены паксила".
        *("побочка", "побочки", "побочку", "побочкой", "побочке", "отмены", "отмене"),
    ]
)
CAUSE_FILLERS = frozenset(["этого", "моего", "приема", "taking", "the", "my", "this"])
# The casual "с" of a cause takes the genitive ("с флуоксетина худею", "со второго рубит"); "с" with the instrumental
# is company ("пью с ксанаксом"). A drug's name the dictionary does not know is told by its ending.
CAUSE_WITH_GENITIVE = frozenset(["с", "со"])
INSTRUMENTAL_ENDING_RE = re.compile(r"(?:ом|ем|ой|ою|ей|ами|ями)$")


# A pronoun for the drug the message names, as the cause: "от него тошнит", "с него так трясёт", "после неё
# кружится голова", "таблетки, от которых вырубает", "на нём тошнит". Each cause word with its own case: the
# genitive after "от", "с", "после" ("с ним" is company), the locative after "на" ("на него" is a direction).
GENITIVE_PRONOUNS = frozenset(["него", "нее", "них", "которого", "которой", "которых"])
LOCATIVE_PRONOUNS = frozenset(["нем", "ней", "них", "ним", "ними", "котором", "которой", "которых"])
PRONOUNS_OF_CAUSE = {
    **dict.fromkeys(["от", "из-за", "после", "с", "со"], GENITIVE_PRONOUNS),
    **dict.fromkeys(["на", "под"], LOCATIVE_PRONOUNS),
}
CAUSE_PRONOUNS = GENITIVE_PRONOUNS | LOCATIVE_PRONOUNS
# How many words of a dose may stand between the cause word and the drug: "от 25 мг кветиапина", "после двух
# капсул габапентина", "с первой же таблетки флуоксетина".
DOSE_REACH = 3
DOSE_UNITS = frozenset(["мг", "мкг", "мл", "г", "гр", "ед", "mg", "ml"])


@lru_cache(maxsize=1024)
def caused_by_drug(s: Sentence) -> bool:
    """A named drug is said as what brought on a state: the complaints in the sentence are the writer's reaction."""
    tokens = s.tokens
    for i, token in enumerate(tokens):
        cause = _cause_word_before(s, i)
        if cause is None or SIMILE_BEFORE_RE.search(s.norm[: cause.start]):
            continue  # "тупить как Паша под ксанаксом": a likeness, not the writer's state
        if token.text in CAUSE_PRONOUNS:
            if (
                token.text in PRONOUNS_OF_CAUSE.get(cause.text, ())
                and _message_names_drug(s.message)
                and (not token.text.startswith("котор") or _medicine_before(s, cause))
            ):
                return True
            continue
        term = lexicon.drugs().lookup(token.text)
        if term is None or lexicon.not_drugs().lookup(token.text) is not None:
            continue
        if cause.text == "на" and (token.text == normalize(term.name) or token.text.endswith(("у", "ю"))):
            continue  # "на флуоксетин", "на зипрексу": a direction ("спущу деньги на"), not "на флуоксетине"
        return True
    return False


def _cause_word_before(s: Sentence, i: int) -> Token | None:
    """The word that makes token i a cause ("от", "после", a genitive's "с"), right before it or before the words
    of a dose or a filler ("от этого", "после 50 мг"), if any."""
    tokens = s.tokens
    word = tokens[i].text
    j = i - 1
    while j >= 0 and i - j <= DOSE_REACH + 1:
        previous = tokens[j].text
        if previous in CAUSE_WORDS:
            return tokens[j]
        if previous in CAUSE_WITH_GENITIVE and (_genitive_drug_form(word) or word in CAUSE_PRONOUNS):
            return tokens[j]
        if not (previous in CAUSE_FILLERS or _dose_word(previous)):
            return None
        j -= 1
    return None


def _medicine_before(s: Sentence, cause: Token) -> bool:
    """A relative clause's word (", от которого") stands for a medicine: the word before its comma is a drug's name
    or a word of a dose ("выпила вторую, от которой вырубило"; not "как тот удав, от которого трясло кролика")."""
    before = [t for t in s.tokens if t.end <= cause.start]
    if not before:
        return False
    word = before[-1].text
    return lexicon.drugs().lookup(word) is not None or _dose_word(word)


@lru_cache(maxsize=65536)
def _dose_word(word: str) -> bool:
    """A word of a dose: a number ("25", "двух", "первой"), a unit, a dosage form or a measure ("таблетки",
    "капсул", "пачку")."""
    if word.isdigit() or word in DOSE_UNITS or word in ("же", "пары", "пару", "пол"):
        return True
    term = lexicon.not_drugs().lookup(word)
    if term is not None and term.kind in ("generic", "dosage"):
        return True
    return any(p.tag.POS == "NUMR" or "Anum" in p.tag.grammemes for p in morphology.parses(word))


@lru_cache(maxsize=1024)
def _message_names_drug(message: str) -> bool:
    """The message names a drug the lexicon knows, which a pronoun may stand for."""
    return any(
        lexicon.drugs().lookup(t.text) is not None and lexicon.not_drugs().lookup(t.text) is None
        for t in tokenize(message)
    )


SIMILE_BEFORE_RE = re.compile(r"\b(?:как(?!\s+же\b)|будто|словно|like)\s+(?:\w+\s+){0,2}$")


def _genitive_drug_form(word: str) -> bool:
    """An inflected drug name not in the instrumental: "флуоксетина", not "флуоксетином", not the bare "прозак"."""
    term = lexicon.drugs().lookup(word)
    return term is not None and word != term.name and not INSTRUMENTAL_ENDING_RE.search(word)


# What a drug brought on, said without a name of the complaint: feeling unwell with a bare predicative ("от прозака
# так плохо", "после сероквеля хреново") and the weight the writer gained or lost ("толстею от флуоксетина", "из-за
# сероквеля похудела на 5 кг"). Only with a drug named as the cause: without it a weight change is a diet's.
# The predicative ends its clause or has only a time or the cause after it: not "плохо - что торкнуло", "плохо
# переносить".
UNWELL_WORD_RE = re.compile(
    r"(?<!\bне\s)\b(?:плохо|нехорошо|хреново|херово|хуево|паршиво|дурно)\b"
    r"(?=\s*(?:[.,;!?)]|$|от\b|после\b|из-за\b|под\b|утром\b|вечером\b|днем\b|ночью\b|было\b|стало\b|становится\b))"
)
WEIGHT_VERBS = {
    **{"толстеть": "прибавка в весе", "потолстеть": "прибавка в весе", "растолстеть": "прибавка в весе"},
    **{"поправиться": "прибавка в весе", "располнеть": "прибавка в весе", "полнеть": "прибавка в весе"},
    **{"поправляться": "прибавка в весе", "пополнеть": "прибавка в весе", "жиреть": "прибавка в весе"},
    **{"разжиреть": "прибавка в весе", "жирнеть": "прибавка в весе", "отъесться": "прибавка в весе"},
    **{"худеть": "потеря веса", "похудеть": "потеря веса", "исхудать": "потеря веса"},
}
WEIGHT_AMOUNT_RE = re.compile(
    r"\b(набра\w*|сброси\w*|скину\w*|поправил\w*|gained|put\s+on|lost)\s+(?:\S+\s+){0,2}(?:кг|кило\w*|вес\w*|pounds|lbs|kg|kilos|weight)\b"
)


# An appetite lost or grown, said with the wish to eat: "из-за флуоксетина не хочется есть", "после сероквеля всё
# время хочется жрать".
EAT = r"(?:\S+\s+){0,2}?(?:есть|поесть|съесть|жрать|сожрать|пожрать|кушать)\b"
WANT = r"(?:хочется|хотелось|тянет|тянуло|хочу|хотела|хотел)"
APPETITE_CHANGES = (
    (re.compile(rf"\bне\s+(?:\w+\s+)?(?:{WANT}|могу|могла|мог)\s+{EAT}"), "потеря аппетита"),
    (
        re.compile(rf"(?<!\bне\s)\b{WANT}\s+{EAT}|\b(?:есть|жрать|кушать)\s+(?:\w+\s+)?(?<!\bне\s){WANT}"),
        "повышенный аппетит",
    ),
)


NO_WISH_TO_EAT_RE = re.compile(rf"\bне\s+(?:\w+\s+)?{WANT}\s+{EAT}")


# Sleep beyond measure: "сплю по 14 часов", "проспала 16 часов", "спал двое суток", "сплю целыми днями" (twelve
# hours and more: a long night is no complaint).
LONG_SLEEP_RE = re.compile(
    r"(?<!\bне\s)\b(?:сплю|спал[аи]?|проспал[аи]?|отсыпал\w*|отсыпаюсь)\s+(?:(?!не\b)\S+\s+){0,3}?(?:по\s+)?"
    r"(?:(\d{2})(?:\s*-\s*\d+)?\s+час\w*|полсуток|сутк\w+|\S+\s+суток|(?:весь|целый)\s+день|целыми\s+днями)"
)
LONG_SLEEP_HOURS = 12


def _drug_brought_states(s: Sentence) -> list[Finding]:
    """Feeling unwell and an appetite changed, with a drug said as their cause."""
    found = []
    unwell = UNWELL_WORD_RE.search(s.norm)
    if unwell:
        found.append(_symptom(s, unwell.group(), "недомогание", unwell.span()))
    for pattern, name in APPETITE_CHANGES:
        said = pattern.search(s.norm)
        if said:
            found.append(_symptom(s, s.cut(said.start(), said.end()), name, said.span()))
            break
    return found


def _drug_time_states(s: Sentence) -> list[Finding]:
    """The weight gained or lost and sleep beyond measure, in a sentence that names a drug (as the cause or not:
    "проспала двое суток после ксанакса", "ненавижу кветиапин, толстею и толстею"); without one they are a diet's
    and a weekend's."""
    found = []
    for i, token in enumerate(s.tokens):
        if i > 0 and s.tokens[i - 1].text in ("не", "ни"):
            continue  # "не толстею", and the common misspelling "ни полнею"
        for p in morphology.parses(token.text):
            grammemes = frozenset(p.tag.grammemes)
            if (
                p.tag.POS == "VERB"
                and p.normal_form in WEIGHT_VERBS
                and "sing" in grammemes  # not "мы худели", "все толстеют"
                and (_present_first_person(grammemes) or ("past" in grammemes and _past_of_writer(s, token)))
            ):
                found.append(_symptom(s, token.text, WEIGHT_VERBS[p.normal_form], (token.start, token.end)))
                break
    slept = LONG_SLEEP_RE.search(s.norm)
    long_enough = slept is not None and (slept.group(1) is None or int(slept.group(1)) >= LONG_SLEEP_HOURS)
    verb = Token("", slept.start(), slept.start()) if slept else None
    if slept and verb and long_enough and (slept.group().startswith("сплю") or _past_of_writer(s, verb)):
        found.append(_symptom(s, s.cut(slept.start(), slept.end()), "сонливость", slept.span()))
    amount = WEIGHT_AMOUNT_RE.search(s.norm)
    if amount and not re.search(r"\bне\s+$", s.norm[: amount.start()]):
        gained = amount.group(1).startswith(("набра", "gained", "put", "поправ"))
        if s.english:
            name = "weight gain" if gained else "weight loss"
        else:
            name = "прибавка в весе" if gained else "потеря веса"
        found.append(_symptom(s, s.cut(amount.start(), amount.end()), name, amount.span()))
    return found


def _past_of_writer(s: Sentence, token: Token) -> bool:
    """A past verb (which has no person) is the writer's with "я" before it in its clause, or in a sentence that names
    no one else ("у меня подруга проспала весь день, я думала ..." is the friend's)."""
    left, _ = _clause_bounds(s, token.start, token.end)
    if re.search(r"\bя\b", s.norm[left : token.start]):
        return True
    others = OTHER_PEOPLE_RE.search(s.norm) or relative(s) is not None
    return not others and not THIRD_PERSON_SUBJECTS & {t.text for t in s.tokens}


@lru_cache(maxsize=1024)
def _names_a_drug(s: Sentence) -> bool:
    return _message_names_drug(s.norm)


# What a body part did, said with its verb ("опухло колено", "шея зачесалась", "воспалилось горло", "my ankle
# is swollen"): the complaint is named with the part, "отек колена", so that it says what the writer had.
PART_VERBS = (
    (re.compile(r"\b(?:о|рас|вс)пух\w*|\bотек(?:ла|ло|ли|ает|ают)\b|\bотекш\w*"), "отек"),
    (re.compile(r"\bзачесал\w*|\bчешется|\bчешутся|\bчесал(?:ась|ось|ись|ся)\b|\bзуд(?:ит|ят|ел\w*)\b"), "зуд"),
    (re.compile(r"\bвоспалил\w*|\bвоспаля(?:ется|ются|лось|лась|лся|лись)\b"), "воспаление"),
    (re.compile(r"\bпокраснел[аио]?\b"), "покраснение"),
    (re.compile(r"\bонемел[аио]?\b|\bнемеет|\bнемеют|\bнемел[аио]?\b|\bзатек(?:ла|ло|ли|ает|ают)\b"), "онемение"),
    # A cramp said with its impersonal verb: "свело ногу", "ногу сводит судорогой".
    (re.compile(r"\bсвел[оа]\b|\bсводит\b|\bсводило\b"), "судорога"),
    # An organ that grew: "увеличились лимфоузлы", "печень увеличилась".
    (re.compile(r"\bувеличил(?:ся|ась|ось|ись)\b|\bувеличива(?:ется|ются)\b"), "увеличение"),
    # A part that trembles: "руки трясутся", "трясущиеся руки", "задрожали колени". Only the part as the subject
    # (`SUBJECT_ONLY`): "земля дрожала под ногами" is no complaint.
    (
        re.compile(
            r"\b(?:за)?тряс(?:утся|ется|лись|лась|лось|лся|ущ\w*)\b|\b(?:за)?дрож(?:ат|ит|ал[аио]?|али|ащ\w*)\b"
            r"|\bпотряхива(?:ет|ют|ло|ли)\b"
            # "руки ходят ходуном"
            r"|\bход(?:ят|ит|или|ила|ил)\s+ходуном\b"
        ),
        "дрожь",
    ),
)
# Complaints whose part must be said in the nominative, as the verb's subject.
SUBJECT_ONLY = frozenset(["дрожь"])
EN_PART_STATES = {"swollen": "swelling", "itchy": "itching", "numb": "numbness", "inflamed": "inflammation"}
EN_PART_STATE_RE = re.compile(
    r"\b(swollen|itchy|numb|inflamed)\s+(\w+)\b"
    r"|\bmy\s+(\w+)\s+(?:is|are|was|were|got|went|became|gets|get)\s+(?:\w+\s+)?(swollen|itchy|numb|inflamed)\b"
)


def _part_complaints(s: Sentence, english: bool) -> list[tuple[Finding, tuple[int, int]]]:
    """Complaints of a body part said with a verb or adjective, with the span they were said in."""
    found: list[tuple[Finding, tuple[int, int]]] = []
    if english:
        for said in EN_PART_STATE_RE.finditer(s.norm):
            state, part = (said.group(1), said.group(2)) if said.group(1) else (said.group(4), said.group(3))
            if _anothers_part(s, said.start(2) if said.group(1) else said.start(3)):
                continue  # "her swollen ankle"
            if _en_pain(part) or part in ("hands", "feet", "legs", "arms", "face", "lips", "skin", "ankle", "ankles"):
                name = f"{EN_PART_STATES[state]} of the {part}"
                found.append((_symptom(s, s.cut(said.start(), said.end()), name), said.span()))
        return found
    verbs = [(said, complaint) for pattern, complaint in PART_VERBS for said in pattern.finditer(s.norm)]
    if not verbs:
        return found
    parts_lex, records = lexicon.body_parts()
    parts = parts_lex.find(s.tokens)
    for said, complaint in verbs:
        if re.search(r"\bне\s+$", s.norm[: said.start()]):
            continue  # "колено не опухло": not had
        for m in parts:
            between = s.norm[min(m.end, said.start()) : max(m.start, said.end())]
            said_as = s.norm[m.start : m.end]
            if complaint in SUBJECT_ONLY and said_as not in records:
                continue
            # A part said in a form that is a nominative is that part: "руки" the plural, not the genitive of "рука".
            part = records.get(said_as) or records[m.term.normalized]
            if abs(said.start() - m.start) <= PAIN_REACH and not re.search(r"[,;:.!?—–()]", between):
                if _anothers_part(s, m.start):
                    break  # "её колено опухло"
                start, end = min(m.start, said.start()), max(m.end, said.end())
                name = f"{complaint} {part.genitive}"
                found.append((_symptom(s, s.cut(start, end), name, (start, end)), (start, end)))
                break
    return found


# What a drug made the writer, said with an adjective: "it made me anxious", "left me groggy", "I became
# depressed on it". The adjective names the complaint's noun.
EN_STATE_ADJECTIVES = {
    "feverish": "fever",
    **{"dizzy": "dizziness", "lightheaded": "dizziness", "drowsy": "drowsiness", "sleepy": "drowsiness"},
    **{"anxious": "anxiety", "irritable": "irritability", "jittery": "jitteriness", "shaky": "tremor"},
    **{"tired": "fatigue", "exhausted": "fatigue", "fatigued": "fatigue", "lethargic": "lethargy"},
    **{"depressed": "depression", "moody": "mood swings", "bloated": "bloating", "constipated": "constipation"},
    **{"groggy": "grogginess", "nauseous": "nausea", "nauseated": "nausea", "itchy": "itching"},
    **{"agitated": "agitation", "restless": "restlessness", "emotional": "emotional changes", "numb": "numbness"},
}
EN_STATE_RE = re.compile(
    r"(?:^|\b(?:it|this|these|they|that|pills?|drugs?|medications?|medicines?|meds|doses?|tablets?)\s+(?:\w+\s+)?)"
    r"(?:made|makes|left|leaves)\s+me\s+(?:feel\s+)?|\bi\s+(?:became|become|got|get|was\s+getting|felt)\s+"
    r"(?=(?:\w+\s+){0,2}\w+\s+(?:on|from|after|with|since)\s+(?:it|this|these|them|the\s+\w+|my\s+\w+)\b)"
)
EN_DEGREE = frozenset(
    ["so", "very", "really", "extremely", "super", "incredibly", "quite", "a", "bit", "little", "more"]
)


# The writer's state said with a copula and an adjective only a body's state is called: "I was so groggy", "I've been
# constipated", "I felt jittery". Everyday words ("tired", "anxious") say a complaint only after "made me" above.
EN_BODY_STATES = frozenset(
    ["drowsy", "groggy", "lethargic", "jittery", "shaky", "bloated", "constipated", "fatigued", "itchy", "feverish"]
)
EN_COPULA_STATE_RE = re.compile(
    r"\bi(?:'m|\s+am|\s+was|\s+felt|\s+feel|\s+have\s+been|'ve\s+been|\s+got|\s+get|\s+became|'m\s+feeling"
    r"|\s+was\s+feeling|\s+kept\s+feeling)\s+(?:(?:so|very|really|extremely|super|quite|a\s+bit|a\s+little|constantly"
    r"|always|still|pretty|incredibly)\s+)*([a-z]+)\b"
)
# A drug named as the subject: "Lexapro made me so tired", "Zoloft leaves me groggy".
EN_DRUG_STATE_RE = re.compile(r"\b([a-z][a-z-]+)\s+(?:made|makes|left|leaves)\s+me\s+(?:feel\s+)?")


def _en_states(s: Sentence) -> list[Finding]:
    """Adjectives after "made me" (and their coordinated partners), or after "I became" when a drug follows."""
    found = []
    cues = [*EN_STATE_RE.finditer(s.norm)]
    cues += [c for c in EN_DRUG_STATE_RE.finditer(s.norm) if lexicon.drugs().lookup(c.group(1)) is not None]
    for cue in cues:
        tail = s.norm[cue.end() : cue.end() + 60]
        for said in re.finditer(r"[a-z]+", tail):
            word = said.group()
            if word in EN_STATE_ADJECTIVES and not re.match(r"\s+of\b", tail[said.end() :]):  # not "tired of it"
                found.append(_symptom(s, word, EN_STATE_ADJECTIVES[word]))
            elif word not in EN_DEGREE and word not in ("and", "or", "feel", "feeling"):
                break
    for said in EN_COPULA_STATE_RE.finditer(s.norm):
        word = said.group(1)
        if word in EN_BODY_STATES and not any(f.attributes["name_raw"] == word for f in found):
            found.append(_symptom(s, word, EN_STATE_ADJECTIVES[word], said.span(1)))
    return found


# How far (in characters) a body part may be from the pain verb it goes with.
PAIN_REACH = 30


def _clause(s: Sentence, start: int, end: int) -> str:
    """The comma-separated part of the sentence a name was said in: "Сонливости нет, голова болит" has two."""
    left, right = _clause_bounds(s, start, end)
    return s.norm[left:right]


def _clause_bounds(s: Sentence, start: int, end: int) -> tuple[int, int]:
    text = _without_decimal_commas(s.norm)
    left = max(text.rfind(mark, 0, start) for mark in CLAUSE_MARKS) + 1
    rights = [i for mark in CLAUSE_MARKS if (i := text.find(mark, end)) != -1]
    return left, min(rights) if rights else len(text)


@lru_cache(maxsize=1024)
def _without_decimal_commas(norm: str) -> str:
    """The text with the commas of decimal numbers ("7,5 мг") made points, same length: they end no clause."""
    return DECIMAL_COMMA_RE.sub(".", norm) if "," in norm else norm


DECIMAL_COMMA_RE = re.compile(r"(?<=\d),(?=\d)")


CLAUSE_MARKS = (",", ";", ":", "—", " - ", "(", ")")


def _symptom(
    s: Sentence, raw: str, normalized: str, span: tuple[int, int] | None = None, *, said_with_none: bool = False
) -> Finding:
    """`said_with_none`: the complaint is a function said to be gone ("аппетита нет"), whose "нет" says it is there."""
    attrs: dict[str, str] = {"name_raw": raw, "name_normalized": normalized}
    context = _clause(s, *span) if span else s.norm
    if said_with_none and span:
        left, right = _clause_bounds(s, *span)
        context = s.norm[left : span[0]] + " " + s.norm[span[1] : right]
    if RESOLVED_RE.search(context) or (span and GONE_AFTER_RE.match(s.norm[span[1] :])):
        attrs["status"] = "resolved"
        return Finding("symptoms", attrs, s, action="negate")
    if SEVERE_RE.search(s.norm):
        attrs["severity"] = "severe"
    elif MILD_RE.search(s.norm):
        attrs["severity"] = "mild"
    since = since_phrase(s)
    if since:
        attrs["since"] = since
    frequency = FREQUENCY_RE.search(s.norm)
    if frequency:
        attrs["frequency"] = frequency.group()
    return Finding("symptoms", attrs, s, action="correct" if s.correcting else "assert")


# A complaint named only to say it was not there: "никакой сонливости не было", "без тошноты", "no drowsiness",
# "сонливости не вызывает". Not a fact, not even a resolved one ("прошла" says it was there; this does not).
ABSENT_BEFORE_RE = re.compile(
    r"(?:\bникак\w+|\bбез|\bнет(?!\s+больше)|\bни|\bno(?!\s+more)|\bnot\s+any|\bwithout|\bnever\s+had|\bне\s+(?:было|вызыва\w*|дает|дал[аио]?"
    r"|наблюдал\w*|замечал\w*|заметил\w*|почувствовал\w*|ощущал\w*|ощутил\w*|испытывал\w*))\s+(?:\w+\s+)?$"
)
# ("больше нет", "уже нет" say it was there and went: RESOLVED_RE.)
ABSENT_AFTER_RE = re.compile(
    r"^\s*(?!(?:больше|уже)\s+нет\b)(?:\w+\s+)?(?:не\s+(?:было|возник\w*|появил\w*|начал(?:ся|ась|ось|ись)|наблюдал\w*|вызыва\w*|беспокоил\w*)|нет\b"
    r"|не\s+замечено)"
)


def said_absent(s: Sentence, m: Match) -> bool:
    """The name is said not to have been there, or is coordinated with one that is: "никакой тревоги, страха и
    беспокойства" denies all three."""
    if ABSENT_BEFORE_RE.search(s.norm[: m.start]) or ABSENT_AFTER_RE.match(s.norm[m.end :]):
        return True
    previous = [o for o, _ in _health_matches(s) if o.end <= m.start]
    return bool(previous) and _list_gap(s.norm[previous[-1].end : m.start]) and said_absent(s, previous[-1])


def _listed_complaints(s: Sentence) -> list[Match]:
    """Condition names in one list with a complaint ("головокружение, потеря сознания, паника", "nausea,
    vomiting and a migraine"): an item of a list of what the writer had is had as well, whichever lexicon
    knows it. Names that are conditions only as a drug's reason ("аллергия": the allergies section's) stay out."""
    items = [(m, section) for m, section in _health_matches(s) if m.term.kind not in REASON_ONLY]
    runs: list[list[tuple[Match, str]]] = []
    for item in items:
        if runs and _list_gap(s.norm[runs[-1][-1][0].end : item[0].start]):
            runs[-1].append(item)
        else:
            runs.append([item])
    return [
        m
        for run in runs
        if len(run) > 1 and any(section == "symptoms" for _, section in run)
        for m, section in run
        if section != "symptoms"
    ]


# Words a sentence made of nothing but complaints may have besides their names ("Жуткая рвота.", "Terrible
# nausea and dizziness.").
NOMINAL_POS = frozenset(["ADJF", "PRTF", "ADVB", "CONJ", "PRCL", "INTJ", "NUMR"])
EN_NOMINAL_WORDS = frozenset(["and", "very", "really", "so", "just", "also", "some", "constant", "bad", "awful"])


HEADING_RE = re.compile(r"^[^:.!?,;]{3,60}:(?!\d)")
# When the complaints were, said after them: "the first week", "for a few days", "every morning", "all night".
EN_TIME_TAIL_WORDS = frozenset(
    [
        *("for", "during", "all", "every", "each", "the", "a", "first", "last", "this", "few", "couple", "of"),
        *("whole", "entire", "two", "three", "day", "days", "week", "weeks", "month", "months", "night", "nights"),
        *("morning", "mornings", "evening", "evenings", "hours", "today", "yesterday", "lately", "still", "again"),
        *("since", "then"),
    ]
)


@lru_cache(maxsize=1024)
def _nominal_complaint(s: Sentence) -> bool:
    """A sentence that is only complaints, without a verb ("Сильная слабость.", "Constant nausea."): the writer
    reporting their own state, as in an answer to "what bothers you?"."""
    matches = [m for m, _ in _health_matches(s) if m.term.kind not in REASON_ONLY]
    if not matches or s.raw.rstrip().endswith("?"):
        return False
    # A review's heading names the condition its text is about: "Moderate rosacea: this gel cleared it in a month".
    heading = HEADING_RE.match(s.norm) if s.first_in_message and s.english else None
    end = heading.end() if heading else len(s.norm)
    if heading and not (any(m.end <= end for m in matches) and _reviews_a_treatment(s, end)):
        return False
    covered = {i for m in matches for i in range(m.first, m.last + 1)}
    # Only complaints are said with when they were (not "Cancer this year", a heading).
    complaints_only = all(lexicon.symptoms().lookup(m.term.name) is not None for m in matches)
    last_named = max(m.last for m in matches) if complaints_only else len(s.tokens)
    for i, token in enumerate(s.tokens):
        if i in covered or token.start >= end:
            continue
        word = token.text
        if word.isascii():
            if i > last_named and word in EN_TIME_TAIL_WORDS:
                continue  # "Terrible nausea the first week.", "Headaches for a few days."
            if word not in EN_NOMINAL_WORDS and word not in INDICATION_FILLERS:
                return False
        elif morphology.best(word).tag.POS not in NOMINAL_POS:
            return False
    return True


# What the text after a heading says of a treatment: "it"/"this" did, a drug named, or what it did ("Doxy working
# after a week").
TREATMENT_SUBJECT_RE = re.compile(
    r"\b(?:this|it|these|they|work(?:s|ed|ing)?|help(?:s|ed|ing)?|clear(?:s|ed|ing)?|cured?|fixed|relie(?:f|ved))\b"
)


def _reviews_a_treatment(s: Sentence, start: int) -> bool:
    """The text after a heading speaks of the writer's or a drug's doing, not to the reader ("Acne: what you should
    know")."""
    rest = s.norm[start:]
    if READER_RE.search(rest):
        return False
    named_drug = any(lexicon.drugs().lookup(t.text) is not None for t in s.tokens if t.start >= start)
    return named_drug or bool(WRITER_RE.search(rest) or TREATMENT_SUBJECT_RE.search(rest))


def _complaint_list(s: Sentence) -> bool:
    """A sentence that lists complaints ("Температура, насморк, кашель."): a report of what the writer had."""
    found = find_names(lexicon.symptoms(), s)
    if len(found) < 2 or NEGATED_LIST_RE.search(s.norm):
        return False
    return all(_list_gap(s.norm[a.end : b.start]) for a, b in pairwise(found))


def _list_gap(text: str) -> bool:
    """What may stand between two listed complaints: a comma or "и", and words that qualify the next one
    ("головная боль, частые головокружения", "тошнота и сильная слабость")."""
    separator = re.match(r"\s*(?:,|и\b|and\b|,\s*and\b)\s*", text)
    if separator is None:
        return False
    rest = text[separator.end() :].split()
    return len(rest) <= 2 and all(_is_filler(word) for word in rest)


NEGATED_LIST_RE = re.compile(r"\bне\b|\bнет\b|\bни\b|\bникак\w+|\bбез\b|\bno\b|\bnot\b|\bwithout\b|\bnever\b")


# "проблемы со сном", "проблемы с желудком", "problems with my stomach": a complaint about a body function or
# organ, named as the writer said it ("проблемы со сном" says less than "бессонница", and memory keeps what was
# said). Health words from general knowledge; a body part of bodyparts.tsv counts too. Work, money and people
# are problems of another kind.
BODY_FUNCTIONS = frozenset(
    [
        *("сон", "засыпание", "нерв", "нервы", "речь", "память", "пищеварение", "стул", "зрение", "слух"),
        *("кожа", "волос", "волосы", "дыхание", "потенция", "щитовидка", "кишечник", "жкт", "цнс", "сосуд"),
        *("давление", "сахар", "гормон", "цикл", "аппетит", "концентрация", "внимание", "мочеиспускание"),
        *("sleep", "sleeping", "memory", "digestion", "skin", "hair", "breathing", "thyroid", "bowels"),
        *("vision", "hearing", "appetite", "concentration", "focus", "periods", "period", "blood", "sugar"),
    ]
)
FUNCTION_PROBLEM_RE = re.compile(
    r"\bпроблем\w*\s+(со?)\s+(\w+)|\b(?:problems?|issues?|trouble)\s+with\s+(?:my\s+)?(\w+)"
)
FUNCTION_PROBLEM_ABSENT_RE = re.compile(
    r"(?:\bнет|\bникаких|\bбез|\bне\s+было|\bno|\bnever\s+had|\bwithout|\bnot\s+any)\s+(?:\w+\s+)?$"
)


def _function_problems(s: Sentence) -> list[Finding]:
    found = []
    for said in FUNCTION_PROBLEM_RE.finditer(s.norm):
        word = said.group(2) or said.group(3)
        lemma = word if word.isascii() else morphology.noun_lemma(word)
        part = lexicon.body_parts()[0].lookup(word) if not word.isascii() else None
        if lemma not in BODY_FUNCTIONS and word not in BODY_FUNCTIONS and part is None:
            continue
        if FUNCTION_PROBLEM_ABSENT_RE.search(s.norm[: said.start()]) or re.match(r"\s*нет\b", s.norm[said.end() :]):
            continue  # "проблем со сном нет", "no problems with sleep"
        known = [m for m in find_names(lexicon.symptoms(), s) if said.start() <= m.start < said.end()]
        if known:  # the list has a name for it: "проблемы со сном" is "нарушение сна"
            m = known[0]
            found.append(_symptom(s, s.cut(m.start, m.end), m.term.normalized, (m.start, m.end)))
            continue
        name = f"проблемы {said.group(1)} {word}" if said.group(1) else f"{word} problems"
        found.append(_symptom(s, s.cut(said.start(), said.end()), name, said.span()))
    return found


# What the writer became or felt, said with an adjective or participle after a copula: "стала раздражительной",
# "хожу вялая", "просыпаюсь разбитой", "чувствую себя подавленной". Mood and energy adjectives (general
# knowledge of the class), each named by its noun; participles by their verb's lemma ("заторможенной" ->
# "затормозить"). Coordinated partners count too ("стала нервной, плаксивой").
RU_STATE_ADJECTIVES = {
    **{"раздражительный": "раздражительность", "нервный": "нервозность", "нервозный": "нервозность"},
    **{"вялый": "вялость", "сонный": "сонливость", "затормозить": "заторможенность", "разбитый": "разбитость"},
    **{"разбить": "разбитость", "плаксивый": "плаксивость", "агрессивный": "агрессия"},
    **{"рассеянный": "рассеянность", "апатичный": "апатия", "возбудить": "возбуждение", "тревожный": "тревожность"},
    **{"подавить": "подавленность", "устать": "усталость", "усталый": "усталость", "беспокойный": "беспокойство"},
    **{"капризный": "капризность", "злой": "злость", "забывчивый": "забывчивость", "возбудимый": "возбудимость"},
    **{"опухнуть": "отек", "отечный": "отечность", "обессилеть": "слабость", "измотать": "усталость"},
}
STATE_COPULAS = frozenset(
    ["стать", "становиться", "быть", "чувствовать", "ходить", "просыпаться", "проснуться", "вставать", "встать"]
)
STATE_LINKS = frozenset(
    [
        *("и", "очень", "такой", "такая", "такие", "совсем", "жутко", "ужасно", "весь", "вся", "все"),
        *("какой-то", "какая-то", "какие-то", "себя", "постоянно", "вечно", "прямо"),
    ]
)


@lru_cache(maxsize=65536)
def _state_adjective(word: str) -> str | None:
    return next(
        (
            RU_STATE_ADJECTIVES[p.normal_form]
            for p in morphology.parses(word)
            if p.tag.POS in ("ADJF", "ADJS", "PRTF", "PRTS") and p.normal_form in RU_STATE_ADJECTIVES
        ),
        None,
    )


@lru_cache(maxsize=65536)
def _state_copula(word: str) -> str | None:
    """The copula's lemma, in a form the writer may be the subject of (past or first person)."""
    return next(
        (
            p.normal_form
            for p in morphology.parses(word)
            if p.tag.POS == "VERB"
            and p.normal_form in STATE_COPULAS
            and ("past" in p.tag.grammemes or _present_first_person(frozenset(p.tag.grammemes)))
        ),
        None,
    )


def _ru_states(s: Sentence) -> list[Finding]:
    found = []
    tokens = s.tokens
    for i, token in enumerate(tokens):
        # The present has no copula: "я такая заторможенная", "я вялая весь день".
        copula = "я" if token.text == "я" else _state_copula(token.text)
        if copula is None or (i > 0 and tokens[i - 1].text == "не"):
            continue
        if copula == "быть" and "я" not in {t.text for t in tokens[max(0, i - 2) : i]}:
            continue  # "эффект был слабый", "был тревожный звонок": "был" says it of the writer only after "я"
        for j in range(i + 1, min(i + 7, len(tokens))):
            word = tokens[j].text
            gap = s.norm[tokens[j - 1].end : tokens[j].start].strip()
            if gap not in ("", ","):
                break
            name = _state_adjective(word)
            if name is not None and copula == "я" and j + 1 < len(tokens) and tokens[j + 1].text == "на":
                break  # "я злой на него": a feeling about someone, not a state
            if name is not None and _fed_up(s, tokens[j], tokens[j + 1 : j + 2]):
                break  # "как я устала от таблеток", "устала ходить по врачам": weary of something, not fatigue
            if name is not None:
                found.append(_symptom(s, word, name, (tokens[j].start, tokens[j].end)))
            elif word not in STATE_LINKS:
                break
    return found


# Being tired of something is being fed up with it, not fatigue: "устала от таблеток", "устал ходить по врачам",
# "уставшая от этих уколов". Only what it is tired of says so: a bare "я устала" is the state.
WEARY_OF_LEMMAS = frozenset(["устать", "уставать", "уставший"])


def _fed_up(s: Sentence, token: Token, following: Sequence[Token]) -> bool:
    if not following or s.norm[token.end : following[0].start].strip():
        return False  # "я устал, от таблеток хочется спать": the comma ends what the tiredness is of
    if not any(p.normal_form in WEARY_OF_LEMMAS for p in morphology.parses(token.text)):
        return False
    after = following[0].text
    return after == "от" or any(p.tag.POS == "INFN" for p in morphology.parses(after))


# The same said with a short participle: "сон нарушен", "аппетит снижен", "память ухудшена".
LOSS_PARTICIPLES = {"нарушить": "нарушение", "снизить": "снижение", "понизить": "снижение", "ухудшить": "ухудшение"}


@lru_cache(maxsize=65536)
def _loss_participle(word: str) -> str | None:
    return next(
        (
            LOSS_PARTICIPLES[p.normal_form]
            for p in morphology.parses(word)
            if p.tag.POS == "PRTS" and p.normal_form in LOSS_PARTICIPLES
        ),
        None,
    )


def _absent_functions(s: Sentence) -> list[Finding]:
    """A function said to be gone, the none word next to it in its clause and not itself negated ("аппетит есть, не
    то что нет"), nor after a preposition ("проблем с аппетитом нет" names problems)."""
    found = []
    tokens = s.tokens
    for i, token in enumerate(tokens):
        function = morphology.noun_lemma(token.text)
        if function not in ABSENT_FUNCTIONS or (i > 0 and tokens[i - 1].text in ("с", "со", "на", "о", "про", "без")):
            continue
        left, right = _clause_bounds(s, token.start, token.end)
        for other in tokens[max(0, i - 2) : i + 4]:
            if other.text not in NONE_WORDS or not (left <= other.start and other.end <= right):
                continue
            if re.search(r"\bне\s+$", s.norm[left : other.start]):
                break
            noun = next(p for p in morphology.parses(function) if p.tag.POS == "NOUN")
            genitive = noun.inflect({"gent"})
            start, end = min(token.start, other.start), max(token.end, other.end)
            name = f"потеря {genitive.word if genitive else function}"
            found.append(_symptom(s, s.cut(start, end), name, (start, end), said_with_none=True))
            break
    return found


def _lost_functions(s: Sentence) -> list[Finding]:
    found = _absent_functions(s)
    tokens = s.tokens
    for i, token in enumerate(tokens):
        readings = _complaint_verb_readings(token.text)
        verb = next((v for v, _ in readings if v in FUNCTION_LOSS_VERBS), None)
        lowered = next((LOWERING_VERBS[v] for v, g in readings if v in LOWERING_VERBS and "past" in g), None)
        loss = FUNCTION_LOSS_VERBS.get(verb or "") or _loss_participle(token.text) or lowered
        if loss is None or (i > 0 and tokens[i - 1].text == "не"):
            continue  # "аппетит не пропал"
        left, right = _clause_bounds(s, token.start, token.end)
        # "убить" takes the function as its object, after it: "убил мне либидо" (not "без сна убивало").
        object_only = any(v in KILLING_VERBS for v, _ in readings)
        for other in tokens[max(0, i - 2) : i + 3]:
            if other is token or not (left <= other.start and other.end <= right):
                continue
            if object_only and other.start < token.start:
                continue
            function = morphology.noun_lemma(other.text)
            if function not in LOSABLE_FUNCTIONS:
                continue
            noun = next(p for p in morphology.parses(function) if p.tag.POS == "NOUN")
            genitive = noun.inflect({"gent"})
            name = f"{loss} {genitive.word if genitive else function}"
            start, end = min(token.start, other.start), max(token.end, other.end)
            found.append(_symptom(s, s.cut(start, end), name, (start, end)))
            break
    return found


# A body said to react to a feeling is a figure of speech: "голова кружится от счастья", "меня трясёт от злости",
# "I was shaking with excitement", "I felt awful about missing it". Only feelings no one sees a doctor for:
# trembling "от волнения" or "from anxiety" may be a complaint.
FIGURATIVE_CAUSE_RE = re.compile(
    r"\bот\s+(?:счасть|радост|восторг|смех|хохот|злост|злоб|гнев|ярост|бешенств|возмущени|удивлени|любв|нетерпени)\w*"
    r"|\b(?:with|from)\s+(?:excitement|joy|happiness|laughter|laughing|anger|rage|fury|love|delight|anticipation)\b"
    r"|\bfel[lt]\s+(?:so\s+|really\s+|very\s+)?(?:awful|terrible|bad|sick|horrible)\s+(?:about|for)\b"
)


def symptoms(s: Sentence) -> list[Finding]:
    # One mention is one fact, under the longest name said there: "cluster headaches" is an illness, not a headache;
    # and in one section: a name that is a condition too is a complaint only when said as an episode (`_an_episode`).
    illnesses = _conditions_found(s)
    return [
        f for f in _symptoms_found(s) if not any(_same_mention(s, f, c) and not _an_episode(s, c) for c in illnesses)
    ]


@lru_cache(maxsize=1024)  # asked by `symptoms` and by `conditions`
def _symptoms_found(s: Sentence) -> tuple[Finding, ...]:
    return tuple(f for f in _symptoms(s) if not _inside_a_longer_illness(s, str(f.attributes["name_raw"])))


def _inside_a_longer_illness(s: Sentence, raw: str) -> bool:
    start = s.raw.find(raw)
    end = start + len(raw)
    return any(a <= start and end <= b and b - a > len(raw) for a, b in _illness_names(s))


def _illness_names(s: Sentence) -> list[tuple[int, int]]:
    """Where illnesses are named: by a known name, or by a phrase after a diagnosis cue that holds one ("generalized
    anxiety"; not every phrase after a cue: "suffering from a fever currently" names a fever)."""
    named, matches = _longest_at_each_place(s, _named(s), _condition_matches(s))
    return [(m.start, m.end) for m in matches] + [(a, b) for a, b, _, _, head_kind in named if head_kind]


def _symptoms(s: Sentence) -> list[Finding]:
    # Complaints named as what a drug was for ("капли от насморка") have their own guards.
    reasons = [f for f in indications(s) if f.section == "symptoms"]
    reasons = _outside(s, reasons, [*_no_illness(s), *_others_subjects(s)])
    relatives = _relatives_clause(s)
    denied_allergies = _denied_allergy_clauses(s)
    allergy_context = NOT_SYMPTOM_CONTEXT_RE.search(s.norm) and denied_allergies is None
    if s.hypothetical or allergy_context or _theirs(s) or not_the_writers(s):
        return reasons
    if _someone_elses(s) and relatives is None:
        # A verb in the first person is the writer's whoever else is named: "мама не купила ингалятор, и я лежу
        # задыхаюсь"; so is a name the writer is the subject of ("I have a fever and my mom blames my phone").
        own = _inside(s, _symptoms_said(s, []), _writers_own(s)) if _writers_own(s) else []
        mine = _first_person_complaints(s) + own
        return reasons + _outside(s, mine, _precautions(s) + _unreal(s) + [*_no_illness(s)])
    # The figure of speech covers its own clause only: "у меня кружится голова, ребёнок смеётся от радости" keeps
    # the dizziness.
    figurative = [_clause_bounds(s, *said.span()) for said in FIGURATIVE_CAUSE_RE.finditer(s.norm)]
    excluded = figurative + _precautions(s) + _unreal(s) + _others_clauses(s) + _general_clauses(s) + [*_no_illness(s)]
    excluded += _others_subjects(s) + [(start, start + 1) for start in _vaccine_targets(s)]
    excluded += denied_allergies or []
    return _outside(s, _symptoms_said(s, reasons), excluded)


# An allergy denied ("никогда не было аллергии", "аллергии нет", "I never had allergies"): the reactions of an allergy
# are the allergy's to keep, but a denied one has none, and what the writer has in the sentence's other clauses
# ("…, а тут зачесалась шея", "but now my neck itches", "зачесалась шея, при этом аллергии никогда не было") is a
# complaint of theirs. A clause ends at a mark or at a contrast.
DENIED_ALLERGY_RE = re.compile(
    r"\b(?:не|нет|никогда|ни|без|never|no|not|don't|didn't|haven't|hasn't|without)\b[^,;.!?]*?\b(?:аллерги|allerg)\w*"
    r"|\b(?:аллерги|allerg)\w*\s+(?:(?:у\s+меня\s+)?(?:нет|не\s+было|никогда\s+не\s+было)|(?:\w+\s+)?never)\b"
)
CONTRAST_RE = re.compile(r"(?:,\s*|\s[—–-]\s*)(?:а|но|однако|зато)\b|\b(?:but|yet|however|though)\b")


def _denied_allergy_clauses(s: Sentence) -> list[tuple[int, int]] | None:
    """The clauses of the denied allergies, when every word of the sentence that keeps its complaints from being the
    writer's (`NOT_SYMPTOM_CONTEXT_RE`) is such an allergy; None when one is not."""
    denied = [said.span() for said in DENIED_ALLERGY_RE.finditer(s.norm)]
    if not denied:
        return None
    if any(not any(a <= cue.start() < b for a, b in denied) for cue in NOT_SYMPTOM_CONTEXT_RE.finditer(s.norm)):
        return None
    clauses = []
    for start, end in denied:
        left, right = _clause_bounds(s, start, end)
        contrasts = [said.span() for said in CONTRAST_RE.finditer(s.norm, left, right)]
        left = max([left, *(b for a, b in contrasts if b <= start)])
        right = min([right, *(a for a, b in contrasts if a >= end)])
        clauses.append((left, right))
    return clauses


# A feeling said as the manner of an act is no complaint: "в страхе бросила таблетки", "со злости выкинула".
MANNER_FEELINGS = frozenset(["страх", "злость"])
MANNER_BEFORE_RE = re.compile(r"\b(?:в|со|с)\s+$")


def _first_person_complaints(s: Sentence) -> list[Finding]:
    """The complaints said with a verb in the first person of the present or the past tense with "я" ("кашляю",
    "я задыхалась")."""
    found = []
    for name, start, end in _verb_complaints(s):
        word = s.norm[start:end]
        first_person = any(_present_first_person(g) for _, g in _complaint_verb_readings(word))
        said_with_i = re.search(r"\bя\s+(?:\w+\s+)?$", s.norm[:start]) is not None
        if first_person or said_with_i:
            found.append(_symptom(s, s.cut(start, end), name, (start, end)))
    return found


# A precaution names what has not happened, up to the end of its clause: "ношу ингалятор на случай, если начну
# задыхаться", "in case I get a migraine".
PRECAUTION_RE = re.compile(r"\bна\s+(?:всякий\s+)?случай\s*,?\s*(?:если|когда)\b|\bin\s+case\b")


def _precautions(s: Sentence) -> list[tuple[int, int]]:
    return [(said.start(), _clause_bounds(s, said.end(), said.end())[1]) for said in PRECAUTION_RE.finditer(s.norm)]


# The subjunctive says what did not happen, in its own clause: "иначе я б соплями исходила, но нет", "я бы уже
# давно заболела".
# Not the hedges "вроде бы", "как бы", "будто бы".
UNREAL_RE = re.compile(r"(?<!\bвроде\s)(?<!\bкак\s)(?<!\bбудто\s)\b(?:бы|б)\b")


def _unreal(s: Sentence) -> list[tuple[int, int]]:
    return [_clause_bounds(s, *said.span()) for said in UNREAL_RE.finditer(s.norm)]


def _outside(s: Sentence, found: list[Finding], spans: Sequence[tuple[int, int]]) -> list[Finding]:
    """The findings whose name was said outside the spans."""
    if not spans:
        return found
    return [f for f in found if not any(a <= s.raw.find(str(f.attributes["name_raw"])) < b for a, b in spans)]


def _en_pain(word: str) -> str | None:
    return EN_PAIN.get(lemminflect.getLemma(word, upos="NOUN")[0]) if word.isalpha() else None


# Whose a body part is: its possessor right before it, past one word ("his left knee", "my son's stomach", «её
# колено»); with none, the sentence's, when it names another person and not the writer ("he hurt the knee playing
# football"). Only an English pronoun says a person: «они» stands for the joints as often ("болят суставы, но они то
# пройдут"), and «у него» has its own rule (`_theirs`).
OTHERS_PART_POSSESSIVES = frozenset(["his", "her", "their", "your", "его", "ее", "её", "их"])
WRITERS_PART_POSSESSIVES_RE = re.compile(r"^(?:my|our|мо(?:й|я|е|ё|и|его|ей|ему|ем|им|их|ю))$")
THIRD_PERSON_EN_RE = re.compile(r"\b(?:he|she|his|her|him)\b")


def _anothers_part(s: Sentence, start: int) -> bool:
    i = next((k for k, t in enumerate(s.tokens) if t.start >= start), len(s.tokens))
    for token in reversed(s.tokens[max(0, i - 2) : i]):
        if WRITERS_PART_POSSESSIVES_RE.match(token.text):
            return False
        owner = token.text.removesuffix("'s")
        if token.text in OTHERS_PART_POSSESSIVES or (owner != token.text and not _closed_class(owner)):
            return True
    return bool(THIRD_PERSON_EN_RE.search(s.norm)) and not WRITER_RE.search(s.norm)


# A complaint named as what something is like: "getting shot is like getting a really bad headache", "it's like having
# the flu", "similar to having a migraine".
LIKE_HAVING_BEFORE_RE = re.compile(
    r"\b(?:like|similar\s+to)\s+(?:getting|having|when\s+you\s+(?:have|get))\s+(?:a\s+|an\s+|the\s+)?(?:[\w-]+\s+){0,2}$"
)
# A third person's possessive up to one word before a complaint's name: "её кашель", "их вечный насморк".
THEIR_BEFORE_RE = re.compile(r"\b(?:его|ее|её|их)\s+(?:\w+\s+)?$")
# A negation up to one word before a complaint said with its verb denies it: "не стали выпадать волосы".
NEGATED_BEFORE_RE = re.compile(r"\bне\s+(?:\w+\s+)?$")


def _symptoms_said(s: Sentence, reasons: list[Finding]) -> list[Finding]:
    found: dict[str, Finding] = {}
    english = s.english
    # Pain by body part: "болит голова", "голова болит", "my back hurts".
    pain_verbs = [m.start() for m in PAIN_VERB_RE.finditer(s.norm)]
    if pain_verbs:
        # The part that hurts is said next to the verb: "болит голова", "голова болит", not "грудь не брал, ...
        # что-то болит у него".
        def near_pain(start: int, end: int) -> bool:
            return any(
                not re.search(r"[,;:.!?—–]", s.norm[min(end, v) : max(start, v)]) and abs(v - start) <= PAIN_REACH
                for v in pain_verbs
            )

        parts_lex, records = lexicon.body_parts()
        for m in parts_lex.find(s.tokens):
            part = records[m.term.normalized]
            if near_pain(m.start, m.end) and not _anothers_part(s, m.start):
                found.setdefault(part.pain, _symptom(s, s.cut(m.start, m.end), part.pain, (m.start, m.end)))
        for token in s.tokens if english else ():
            pain = _en_pain(token.text)
            if pain is not None and near_pain(token.start, token.end) and not _anothers_part(s, token.start):
                found.setdefault(pain, _symptom(s, token.text, pain, (token.start, token.end)))
    # A verb says whose complaint it is only by its subject: "он стал задыхаться" is another person's.
    third_person = bool(THIRD_PERSON_RE.search(s.norm)) and not FIRST_PERSON_RE.search(s.norm)
    verb_spans: list[tuple[int, int]] = []
    for pattern, ru, en in SYMPTOM_VERBS:
        said = pattern.search(s.norm)
        if said and NEGATED_BEFORE_RE.search(s.norm, 0, said.start()):
            continue  # "не стали выпадать волосы"
        if said and any(a <= said.start() and said.end() <= b for a, b in verb_spans):
            continue  # said within a narrower complaint found first: "из носа пошла кровь" is a nosebleed only
        if said and not third_person:
            name = en if english else ru
            found.setdefault(name, _symptom(s, s.cut(said.start(), said.end()), name, said.span()))
            verb_spans.append(said.span())
    if not third_person:
        for name, start, end in _verb_complaints(s):
            found.setdefault(name, _symptom(s, s.cut(start, end), name, (start, end)))
        for f in [*_lost_functions(s), *_ru_states(s)]:
            found.setdefault(str(f.attributes["name_normalized"]), f)
    if not third_person and caused_by_drug(s):
        for f in _drug_brought_states(s):
            found.setdefault(str(f.attributes["name_normalized"]), f)
    if not third_person and not english and not caused_by_drug(s) and _message_names_drug(s.message):
        # No wish to eat, in a message about a drug: "Ну что, флуоксетин? Не хочется есть вообще." (not a purpose,
        # "чтобы не хотелось есть", nor the drug eaten, "не хочется жрать эти таблетки").
        lost = NO_WISH_TO_EAT_RE.search(s.norm)
        purpose = lost and re.search(r"\bчтоб(?:ы)?\b", s.norm[_clause_bounds(s, *lost.span())[0] : lost.start()])
        eaten = re.findall(r"\w+", s.norm[lost.end() :])[:2] if lost else []  # "жрать (эти) таблетки"
        if lost and not purpose and not any(lexicon.drugs().lookup(w) or lexicon.is_generic_medicine(w) for w in eaten):
            found.setdefault("потеря аппетита", _symptom(s, s.cut(*lost.span()), "потеря аппетита", lost.span()))
    if not third_person and (caused_by_drug(s) or (not english and _names_a_drug(s))):
        for f in _drug_time_states(s):
            found.setdefault(str(f.attributes["name_normalized"]), f)
    for f in _function_problems(s):
        found.setdefault(str(f.attributes["name_normalized"]), f)
    if english:
        for f in _en_states(s):
            found.setdefault(str(f.attributes["name_normalized"]), f)
    part_complaints = _part_complaints(s, english)
    for f, _ in part_complaints:
        found.setdefault(str(f.attributes["name_normalized"]), f)
    # A complaint said with its verb makes the sentence a report of the writer's state: the other complaints
    # named in it are had too ("Температура держится, сопли ручьем").
    reported = any(f.action != "negate" for f in found.values())
    cued = SYMPTOM_CUE_RE.search(s.norm) or _complaint_list(s) or _nominal_complaint(s) or _onset_named(s)
    everyone = reported or cued or caused_by_drug(s)
    # Else only the names the writer is said to have: "I'm currently having a panic attack".
    own = set() if everyone else {a for a, _ in _writers_complaints(s)}
    if everyone or own:
        for m in find_names(lexicon.symptoms(), s):
            if not everyone and m.start not in own:
                continue
            if re.search(r"\b(?:от|против|for|against)\s+$", s.norm[: m.start]) or said_absent(s, m):
                continue  # a drug's indication, or a complaint the writer did not have
            if m.term.normalized in MANNER_FEELINGS and MANNER_BEFORE_RE.search(s.norm[: m.start]):
                continue  # "в страхе бросила", "со злости": how something was done
            if THEIR_BEFORE_RE.search(s.norm[: m.start]):
                continue  # "её кашель", "его вечная тошнота": another person's
            if LIKE_HAVING_BEFORE_RE.search(s.norm, 0, m.start):
                continue  # "it's like getting a really bad headache": a likeness
            if any(a <= m.start < b for _, (a, b) in part_complaints):
                continue  # "itchy eyes" is named with its part already
            found.setdefault(m.term.normalized, _symptom(s, s.cut(m.start, m.end), m.term.normalized, (m.start, m.end)))
    for f in reasons:
        found.setdefault(str(f.attributes["name_normalized"]), f)
    return _most_specific(s, list(found.values()))


def _most_specific(s: Sentence, found: list[Finding]) -> list[Finding]:
    """One mention, one fact: a complaint said inside a longer one's words goes, the longer names it better
    ("зачесалась шея" is the neck's itch, not an itch besides)."""
    # Where a name is said is found by its words, so only words said once in the sentence can be placed.
    spans = [_span_of(s, f) if s.raw.count(str(f.attributes["name_raw"])) == 1 else (-1, -1) for f in found]
    return [
        f
        for f, (start, end) in zip(found, spans, strict=True)
        if start < 0 or not any(a <= start and end <= b and b - a > end - start for a, b in spans)
    ]


# --- one mention, one section ----------------------------------------------------------------------
# A name both lists know, a complaint's and a condition's ("migraine", "anxiety", "бессонница", "тахикардия",
# "hives"), said once is one fact, in the section its grammar gives it: an episode is a symptom ("I have a migraine
# today", «вчера разыгралась мигрень»), what lasts or comes back is the condition, chronic or a diagnosis as its kind
# is ("I suffer from migraines", «мигрень с детства»). Said with neither kind of marker ("I have migraine and
# anxiety", «у меня тревожность») it is the condition: the lasting illness is the safer memory to keep, and an episode
# said later adds to it, while a complaint stored for a lasting illness would be lost as passed.

# How long or how often it has been had, and its history: lasting, whatever else is said of it ("I've had a migraine
# every day for years", "diagnosed with anxiety today", "I get a migraine about once a week").
LASTING_RE = re.compile(
    r"\b(?:chronic\w*|lifelong|life-long|constant(?:ly)?|persistent|recurr\w+|daily|always|usually|often|frequent\w*"
    r"|regularly|sometimes|occasionally|(?:every|each)\s+(?:day|night|morning|evening|week|month|year|time)"
    r"|(?:once|twice|\w+\s+times)\s+a\s+(?:day|week|month|year)|years|decades|for\s+(?:a\s+)?(?:long\s+time|ages)"
    r"|since\s+(?:childhood|birth|i\s+was|high\s+school|college|puberty|\d{4})|as\s+a\s+(?:kid|child|teen\w*)"
    r"|(?:all|most\s+of)\s+my\s+life|my\s+whole\s+life|diagnos\w*|history\s+of|prone\s+to|relaps\w*|came\s+back"
    # What the writer was told they have is a diagnosis too: "I was told I have anxiety".
    r"|(?:was|been|got)\s+told"
    r"|хроническ\w*|с\s+(?:детства|юности|рождения|\d{4})|годами|лет|всю\s+жизнь|всегда|диагноз\w*|диагностир\w*"
    r"|поставили|постоянн\w*|част(?:о|ые|ых|ыми|ая|ой)|регулярн\w*|периодическ\w*|иногда|временами"
    r"|по\s+(?:утрам|вечерам|ночам|выходным)|кажд(?:ый|ую|ое|ые|ой)\s+\w+|быва(?:ет|ют|ла|ли|л)|склонн?\w*"
    r"|обостр\w*|вернул(?:ась|ся|ись|ось)|рецидив\w*)\b"
)
# A name said in a clause of what happens whenever it comes is habitual: "when I get a migraine, I lie down",
# "I get a migraine if I skip lunch" (the present of "get", which happens, not "I have a migraine", which is now).
HABITUAL_FRAME_RE = re.compile(
    r"\b(?:when|whenever|every\s+time|each\s+time|any\s*time|if|once)\s+(?:i|it)\s+(?:\w+\s+)?(?:have|get|has|gets)\b"
    r"|\bi\s+(?:\w+\s+)?get\b"
    # ... and the past of what happened again and again: "I would break out in hives", "I used to get a migraine" (not
    # a wish: "I would like to", "I'd rather").
    r"|\b(?:would|'d)\s+(?!(?:like|love|rather|prefer|hate|want|wish)\b)|\bused\s+to\b"
)
# Now or a recent day: an episode, had now or just had ("today", "since Monday", «вчера», «третий день»).
TIME_OF_NOW_RE = re.compile(
    r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening|week)|right\s+now|yesterday|last\s+night"
    r"|all\s+(?:day|night|morning|afternoon|evening)|since\s+(?:yesterday|this\s+morning|last\s+night|the\s+weekend"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"|for\s+(?:the\s+)?(?:past\s+|last\s+)?(?:\d+|a|an|one|two|three|four|five|(?:a\s+)?few|a\s+couple\s+of|several)\s+"
    r"(?:hours?|days?)|(?:\d+|an?|one|two|three|a\s+few|a\s+couple\s+of)\s+(?:hours?|days?)\s+ago"
    r"|сегодня\w*|вчера\w*|позавчера|прямо\s+сейчас|с\s+утра|со\s+вчера\w*|(?:всю|целую)\s+ночь|(?:весь|целый)\s+день"
    r"|с\s+(?:понедельника|вторника|среды|четверга|пятницы|субботы|воскресенья)"
    r"|(?:второй|третий|четвертый|пятый|который|\d+-?й)\s+день|(?:\d+|два|две|три|четыре|пару|несколько)\s+(?:дня|дней|часа|часов))\b"
)
# Verbs of living with an illness say it lasts, unless a time of now says this is one bout ("I'm suffering from a
# migraine today").
LASTING_VERB_RE = re.compile(
    r"\b(?:suffer\w*|struggl\w*|deal(?:s|t|ing)?\s+with|liv(?:e|es|ed|ing)\s+with|battl\w*|cop(?:e|es|ed|ing)\s+with"
    r"|страда\w*|живу\s+с)\b"
)
# What one came to have, or is having now, right before the name's phrase: "got a migraine", "woke up with a bad
# migraine", "broke out in hives", "I'm having a migraine" ("I've got anxiety" is "have": it says nothing of when).
ONSET_BEFORE_RE = re.compile(
    r"(?:(?<!\bhave\s)(?<!\bhas\s)(?<!'ve\s)(?<!'s\s)(?<!'d\s)\bgot|\bcaught|\b(?:woke|wake|wakes|waking|woken)\s+up\s+with"
    r"|\bcame\s+down\s+with|\b(?:broke|break|breaks|breaking)\s+out\s+(?:in|with)"
    r"|\b(?:am|'m|im|is|was|were|are|been)\s+(?:\w+\s+)?(?:having|getting))\s+(?:(?:a|an|the|some|this|my)\s+)?$"
)
# ... or right after it: "a migraine came on", "the anxiety kicked in", "a migraine hit me".
ONSET_AFTER_RE = re.compile(AFTER_NAME + r"(?:came\s+on|kicked\s+in|hit\s+me|set\s+in)\b")
# A bout counted: "my first migraine", "another bad migraine".
COUNTED_BOUT_RE = re.compile(r"\b(?:first|second|third|another)\s+(?:[\w-]+\s+)?$")
# What a drug gave the writer is a reaction: "it gave me anxiety", "Zoloft caused insomnia".
GIVEN_BEFORE_RE = re.compile(
    r"\b(?:gave|gives|giving|given|caused|causes|causing)\s+(?:me\s+)?(?:(?:a|an|the|some|this)\s+)?$"
)
# Words of degree between the article and the name: "a really bad migraine", "a massive migraine".
NAME_MODIFIER_REACH = 3


def _span_of(s: Sentence, f: Finding) -> tuple[int, int]:
    raw = str(f.attributes["name_raw"])
    start = s.raw.find(raw)
    return start, start + len(raw)


def _same_mention(s: Sentence, a: Finding, b: Finding) -> bool:
    (a_start, a_end), (b_start, b_end) = _span_of(s, a), _span_of(s, b)
    return a_start >= 0 and b_start >= 0 and a_start < b_end and b_start < a_end


def _said_with(s: Sentence, f: Finding, others: Sequence[Finding]) -> bool:
    return any(_same_mention(s, f, other) for other in others)


def _an_episode(s: Sentence, f: Finding) -> bool:
    """The condition finding's name is said as an episode (a symptom), not as the lasting condition: markers of
    duration or history first, then a time of now, a drug's effect, a verb of living with it or a plural of repeated
    bouts, then a verb of onset, a progressive, a counted bout or an indefinite singular; else (no marker) the lasting
    condition."""
    start, end = _span_of(s, f)
    if start < 0:
        return False
    left, right = _mention_scope(s, start, end)
    scope = s.norm[left:right]
    first = next((i for i, t in enumerate(s.tokens) if t.start >= start), len(s.tokens) - 1)
    phrase_start = _name_phrase_start(s, first)
    before = s.norm[left : s.tokens[phrase_start].start]
    if LASTING_RE.search(scope) or HABITUAL_FRAME_RE.search(before):
        return False
    if TIME_OF_NOW_RE.search(scope):
        return True
    if GIVEN_BEFORE_RE.search(before) or (_drug_reaction(s) and not _said_with(s, f, indications(s))):
        return True
    if LASTING_VERB_RE.search(scope) or _plural_of_a_singular(s, f, first, left, right):
        return False
    if ONSET_BEFORE_RE.search(before) or ONSET_AFTER_RE.match(s.norm[end:right]):
        return True
    if COUNTED_BOUT_RE.search(s.norm, left, start):
        return True
    indefinite = phrase_start > 0 and s.tokens[phrase_start - 1].text in ("a", "an")
    return indefinite or _perfective_onset(s, first, left, right)


# A conjunction before a new subject or a time opens a clause of its own, with no comma as often: "I have anxiety and
# yesterday I had a headache" says nothing of when the anxiety was.
CLAUSE_JOIN_RE = re.compile(
    r"\b(?:and|but|so|then|because|а|но|и|потом)\s+(?=(?:i|i'm|i've|he|she|we|they|you|it|я|он|она|мы|они|yesterday"
    r"|today|tonight|вчера|сегодня)\b)"
)


def _mention_scope(s: Sentence, start: int, end: int) -> tuple[int, int]:
    """The clause of a name, with the clauses beside it that are only a time or how long ("У меня мигрень, с
    детства", "anxiety, since childhood"): no verb, no subject, no other name of an illness."""
    left, right = _clause_bounds(s, start, end)
    left = max([left, *(join.end() for join in CLAUSE_JOIN_RE.finditer(s.norm, left, start))])
    right = min([right, *(join.start() for join in CLAUSE_JOIN_RE.finditer(s.norm, end, right))])
    while right < len(s.norm):
        next_left, next_right = _clause_bounds(s, right + 1, right + 1)
        if not _only_a_time(s, next_left, next_right):
            break
        right = next_right
    while left > 1:
        previous_left, previous_right = _clause_bounds(s, left - 1, left - 1)
        if previous_left >= left or not _only_a_time(s, previous_left, previous_right):
            break
        left = previous_left
    return left, right


def _only_a_time(s: Sentence, left: int, right: int) -> bool:
    words = [t.text for t in s.tokens if left <= t.start and t.end <= right]
    if not words or any(m.start < right and left < m.end for m, _ in _health_matches(s)):
        return False
    return not any(_verb_or_subject(word) for word in words)


@lru_cache(maxsize=65536)
def _verb_or_subject(word: str) -> bool:
    if word in WRITER_SUBJECTS or word in OTHER_SUBJECTS or word in ("it", "я", "он", "она", "они", "мы"):
        return True
    if word.isascii():
        classes = morphology.english_word_classes(word)
        return bool(classes & {"VERB", "AUX"}) and not classes & {"NOUN", "ADJ", "ADV", "ADP"}
    return _finite_verb(word)


def _name_phrase_start(s: Sentence, first: int) -> int:
    """The token where the name's phrase starts, back over its words of degree ("a really bad migraine")."""
    i = first
    while i > max(0, first - NAME_MODIFIER_REACH) and _degree_modifier(s.tokens[i - 1].text):
        i -= 1
    return i


DEGREE_ADVERBS = frozenset(["so", "very", "really", "pretty", "quite", "super", "such", "most"])


@lru_cache(maxsize=65536)
def _degree_modifier(word: str) -> bool:
    """An adjective ("bad", "massive", "splitting"), an adverb of degree ("really", "extremely") or a compound the
    dictionary lacks ("full-blown"); not a particle or a preposition ("break out in hives")."""
    if word in DEGREE_ADVERBS:
        return True
    if not word.isascii() or _closed_class(word):
        return False
    classes = morphology.english_word_classes(word)
    return "ADJ" in classes or ("ADV" in classes and word.endswith("ly")) or ("-" in word and not classes)


def _drug_reaction(s: Sentence) -> bool:
    """The sentence says what a drug did: what it names, but what the drug was for, is a reaction."""
    return (caused_by_drug(s) or bool(REACTION_CUE_RE.search(s.norm))) and not NOT_SYMPTOM_CONTEXT_RE.search(s.norm)


def _plural_of_a_singular(s: Sentence, f: Finding, first: int, left: int, right: int) -> bool:
    """Bouts said in the plural of a name that has a singular: "migraines", «мигрени больше не беспокоят» (a verb or
    an adjective beside it in the plural). "hives", "hot flashes" are listed as they are: no plural of one."""
    raw = normalize(str(f.attributes["name_raw"]))
    if raw == normalize(str(f.attributes["name_normalized"])):
        return False
    last = raw.split()[-1] if raw.split() else ""
    if last.isascii():
        return last.endswith("s") and any(lemma != last for lemma in morphology.english_lemmas(last))
    if not _plural_reading(last):
        return False
    near = [t.text for t in s.tokens[max(0, first - 2) : first + 3] if left <= t.start and t.end <= right]
    return any(_plural_agreement(word) for word in near if word != last)


def _plural_reading(word: str) -> bool:
    return any(p.tag.POS == "NOUN" and "plur" in p.tag.grammemes for p in morphology.parses(word))


@lru_cache(maxsize=65536)
def _plural_agreement(word: str) -> bool:
    tag = morphology.best(word).tag
    return tag.POS in ("VERB", "ADJF", "PRTF") and tag.number == "plur"


def _perfective_onset(s: Sentence, first: int, left: int, right: int) -> bool:
    """A Russian name as the subject of a perfective past next to it, one bout that came ("разыгралась мигрень",
    "началась тахикардия", "меня накрыла тревожность"): the verb agrees with it, is not negated, and when it takes an
    object that object is the writer ("вылечила мигрень" is the writer's act, not the illness's). A subject is in the
    nominative: "взялась за лечение депрессии" is the writer's act."""
    word = s.tokens[first].text
    if word.isascii():
        return False
    subjects = [p.tag for p in morphology.parses(word) if p.tag.POS == "NOUN" and "nomn" in p.tag.grammemes]
    if not subjects:
        return False
    words = {t.text for t in s.tokens if left <= t.start and t.end <= right}
    for i in range(max(0, first - 3), min(len(s.tokens), first + 4)):
        token = s.tokens[i]
        if i == first or not (left <= token.start and token.end <= right) or (i > 0 and s.tokens[i - 1].text == "не"):
            continue
        verb = morphology.best(token.text).tag
        if verb.POS != "VERB" or not {"perf", "past"} <= verb.grammemes:
            continue
        agrees = any(
            tag.number == verb.number and (verb.number == "plur" or tag.gender == verb.gender) for tag in subjects
        )
        if agrees and ("intr" in verb.grammemes or words & FIRST_PERSON_EXPERIENCER):
            return True
    return False


# --- a sentence that goes on with the one before ---------------------------------------------------

# A sentence that continues the one before without a subject or a verb of its own: "My husband takes insulin. And
# metformin for diabetes.", «Мама пьёт конкор. И ещё лозап от давления.», "My sister has asthma. Also eczema." What
# it names is said of the subject the sentence before named (medical.py reads a continued list of medicines the same
# way). Only a joining word opens it; then no person and no verb.
CONTINUATION_OPENING_RE = re.compile(
    r"^\W*(?:and|plus|also|as\s+well\s+as|along\s+with|и|а\s+также|плюс|еще|также|тоже)"
    r"(?:[\s,]+(?:also|too|еще|также|тоже))*[\s,]+"
)
PERSON_PRONOUNS = frozenset(
    [
        *("i", "i'm", "i've", "i'd", "im", "ive", "me", "my", "we", "us", "our", "he", "she", "him", "his", "her"),
        *("they", "them", "their", "you", "your", "я", "мне", "меня", "мой", "моя", "мои", "мы", "нас", "нам", "он"),
        *("она", "они", "его", "ее", "её", "их", "ему", "ей", "им", "у", "ты", "вы"),
    ]
)


def _verbless(s: Sentence, start: int) -> bool:
    """No person and no verb after `start`: English words the dictionary knows only as verbs ("took", "is"), Russian
    verbs and short participles ("пьёт", "назначен")."""
    for token in s.tokens:
        if token.start < start:
            continue
        if token.text in PERSON_PRONOUNS:
            return False
        if s.english:
            classes = morphology.english_word_classes(token.text)
            if classes and classes <= {"VERB", "AUX"}:
                return False
        elif morphology.is_known(token.text) and morphology.best(token.text).tag.POS in ("VERB", "INFN", "PRTS"):
            return False
    return True


def continuation_of_anothers(s: Sentence, before: Sequence[Sentence]) -> Sentence | None:
    """The sentence read together with the one before it, when it continues that one without its own subject and
    verb and that one named another person: the conditions it names are then that person's, as the sentence before
    says ("My husband takes insulin. And metformin for diabetes." gives the writer no diabetes)."""
    if not before:
        return None
    previous = before[-1]
    opening = CONTINUATION_OPENING_RE.match(s.norm)
    if opening is None or not _verbless(s, opening.end()):
        return None
    names_another = relative(previous) is not None or OTHER_PEOPLE_RE.search(previous.norm)
    if not names_another and not THIRD_PERSON_RE.search(previous.norm):
        return None
    joined = f"{previous.raw.rstrip().rstrip('.!…')} {s.raw[:1].lower()}{s.raw[1:]}"
    return Sentence.of(
        joined, said_at=s.said_at, prompt=s.prompt, asked=s.asked, message=s.message, first_in_message=False
    )


def said_in_continuation(joined: Sentence, s: Sentence, found: Sequence[Finding]) -> list[Finding]:
    """Of what the joined sentence gives, only what the continuation names: the sentence before spoke for itself."""
    offset = len(joined.raw) - len(s.raw)
    return [f for f in found if joined.raw.rfind(str(f.attributes.get("name_raw", ""))) >= offset]
