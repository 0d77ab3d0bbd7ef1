"""Symptoms, diagnoses and chronic conditions, and the family history they may belong to.

A condition named next to a relative ("у отца был инфаркт") is the relative's, never the user's;
a condition after "от"/"for" is a drug's indication, not a new statement about the user.
"""

from __future__ import annotations

import re

from tasks.extractors.rules.phrases import relative, since_phrase
from tasks.extractors.rules.sentence import Finding, Sentence
from tasks.language import lexicon
from tasks.language.lexicon import Match

# --- family history --------------------------------------------------------------------------------

ONSET_RE = re.compile(
    r"\bв\s+(?:возрасте\s+)?(\d{1,3})\s*(?:лет|года?|годиков)\b"
    r"|\bat\s+(?:the\s+)?(?:age\s+(?:of\s+)?)?(\d{1,3})\b"
    r"|\bwhen\s+(?:he|she)\s+was\s+(\d{1,3})\b|\bв\s+возрасте\s+(\d{1,3})\b"
)
FAMILY_NEGATION_RE = re.compile(r"\bнет\b|\bне\s+было\b|\bdidn't\s+have|\bdoesn't\s+have|\bnever\s+had")


def _condition_matches(s: Sentence) -> list[Match]:
    return [m for m in lexicon.conditions().find(s.tokens) if m.term.kind != "indication"]


def family_history(s: Sentence) -> list[Finding]:
    who = relative(s)
    if who is None:
        return []
    rel, _ = who
    onset_m = ONSET_RE.search(s.norm)
    onset = next((int(g) for g in onset_m.groups() if g), None) if onset_m else None
    action = "negate" if FAMILY_NEGATION_RE.search(s.norm) else "assert"
    found = []
    for m in _condition_matches(s):
        attrs: dict[str, object] = {
            "name_raw": s.cut(m.start, m.end),
            "name_normalized": _with_type(s, m),
            "relative": rel,
        }
        if onset is not None and onset <= 130 and action == "assert":
            attrs["age_at_onset"] = onset
        found.append(Finding("family_history", attrs, s, action=action))
    return found


# --- diagnoses and chronic conditions ------------------------------------------------------------

USER_CONDITION_CUE_RE = re.compile(
    r"\bу\s+меня\b|\bмне\s+(?:поставили|диагностировали|нашли|обнаружили)|\bдиагност\w*|\bдиагноз\w*|\bстрадаю"
    r"|\bподозр\w*|\bsuspected\b"
    r"|\bболею\b|\bболел\w*|\bпереболел\w*|\bперен[её]с\w*|\bлечу\b|\bлечусь|\bi\s+have\b|\bi've\s+(?:got|had|been)"
    r"|\bi\s+had\b|\bdiagnosed\b|\bi\s+suffer|\bmy\b|\bi\s+was\s+told\b|\bi\s+got\b|\bя\s+\w+ик\b"
)
SELF_LABELS = {
    "диабетик": "диабет",
    "астматик": "астма",
    "гипертоник": "гипертония",
    "эпилептик": "эпилепсия",
    "diabetic": "diabetes",
    "asthmatic": "asthma",
    "epileptic": "epilepsy",
}
SELF_LABEL_RE = re.compile(
    r"\b(?:я|i'm|i\s+am)\s+(?:a\s+)?(диабетик|астматик|гипертоник|эпилептик|diabetic|asthmatic"
    r"|epileptic)\b"
)
CONDITION_NEGATION_RE = re.compile(
    r"\bнет\b|\bне\s+было\b|\bпрош(?:ел|ла|ло|ли)\b|\bвылечил\w*|\bизлечил\w*|\bне\s+подтвердил\w*|\bсняли\b"
    r"|\bdon't\s+have|\bdo\s+not\s+have|\bno\s+longer|\bcured\b|\bwent\s+away|\bruled\s+out|\bnot\s+\w+\s+anymore"
)
REMISSION_RE = re.compile(r"\bремисси\w*|\bremission\b")
SUSPECTED_RE = re.compile(r"\bподозр\w*|\bподозрени\w*|\bsuspect\w*|\bmight\s+have\b|\bmay\s+have\b|\bвозможно\b")
TYPE_RE = re.compile(r"^\s*(?:(первого|1-го|1|i)\s+типа|(второго|2-го|2|ii)\s+типа|типа\s+(1|2)|type\s+(1|2|i|ii))\b")


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


VACCINE_CONTEXT_RE = re.compile(r"прививк|вакцин|привит|vaccin|\bshots?\b|\bjab\b|\bbooster\b")


def conditions(s: Sentence) -> list[Finding]:
    if relative(s) is not None or VACCINE_CONTEXT_RE.search(s.norm):
        return []
    matches = [m for m in _condition_matches(s) if not re.search(r"\b(?:от|против|for)\s+$", s.norm[: m.start])]
    label = SELF_LABEL_RE.search(s.norm)
    if not matches and not label:
        return []
    if matches and not USER_CONDITION_CUE_RE.search(s.norm) and not label:
        return []
    found = []
    negated = bool(CONDITION_NEGATION_RE.search(s.norm))
    since = since_phrase(s, years_only=False)
    items: list[tuple[str, str, str]] = [(s.cut(m.start, m.end), _with_type(s, m), m.term.kind) for m in matches]
    if label and not items:
        items.append((s.cut(label.start(1), label.end(1)), SELF_LABELS[label.group(1)], "chronic"))
    for raw, normalized, kind in items:
        section = "chronic_conditions" if kind == "chronic" and not SUSPECTED_RE.search(s.norm) else "diagnoses"
        attrs: dict[str, str] = {"name_raw": raw, "name_normalized": normalized}
        if negated:
            attrs["status"] = "resolved"
            found.append(Finding(section, attrs, s, action="negate"))
            continue
        if section == "diagnoses" and SUSPECTED_RE.search(s.norm):
            attrs["status"] = "suspected"
        elif section == "chronic_conditions" and REMISSION_RE.search(s.norm):
            attrs["status"] = "remission"
        if since and not re.search(r"назад|ago", since):
            attrs["since"] = since
        found.append(Finding(section, attrs, s, action="correct" if s.correcting else "assert"))
    return found


# --- symptoms --------------------------------------------------------------------------------------

PAIN_VERB_RE = re.compile(
    r"\b(?:болит|болят|болела|болело|болели|болит\w*|ноет|ноют|ныла|раскалывается"
    r"|трещит|hurts?|aches?|is\s+killing\s+me|пройдет|прошл[аио]?|прошел|перестал\w*\s+болеть)\b"
)
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
    "joints": "joint pain",
    "eyes": "eye pain",
}
SYMPTOM_VERBS = (
    (
        re.compile(
            r"\bменя\s+(?:постоянно\s+|часто\s+|сильно\s+)?тошнит|\bi\s+feel\s+(?:sick|nauseous)|\bfeeling\s+nauseous"
        ),
        "тошнота",
        "nausea",
    ),
    (
        re.compile(r"\bкружится\s+голова|\bголова\s+кружится|\bi\s+feel\s+dizzy|\bfeeling\s+dizzy"),
        "головокружение",
        "dizziness",
    ),
    (re.compile(r"\bменя\s+знобит|\bзнобит\b"), "озноб", "chills"),
    (re.compile(r"\bкашляю\b|\bi(?:'ve\s+been|\s+am|'m)\s+coughing"), "кашель", "cough"),
    (re.compile(r"\bчихаю\b|\bi(?:'ve\s+been|\s+am|'m)\s+sneezing"), "чихание", "sneezing"),
    (re.compile(r"\bне\s+могу\s+(?:уснуть|заснуть)|\bcan't\s+(?:fall\s+a)?sleep\b"), "бессонница", "insomnia"),
    (re.compile(r"\bвсе\s+время\s+устаю|\bбыстро\s+устаю|\bi(?:'m|\s+am)\s+always\s+tired"), "усталость", "fatigue"),
)
SYMPTOM_CUE_RE = re.compile(
    r"\bу\s+меня\b|\bмучает|\bмучают|\bбеспокои|\bпоявил\w*|\bначал\w*|\bуже\b|\bсо\s+вчера|\bс\s+утра|\bпостоянн\w*"
    r"|\bчасто\b|\bбывает|\bбывают|\bпрош(?:ел|ла|ло|ли)\b|\bнет\b|\bсильн\w+|\bдн(?:я|ей)\b|\bнедел\w*|\bесть\b"
    r"|\bi\s+have\b|\bi've\b|\bi\s+had\b|\bmy\b|\bsince\b|\bi\s+feel\b|\bi'm\s+feeling\b|\bgone\b|\bwent\s+away\b"
    r"|\bkeep\s+getting\b|\bстрадаю\b|\bопять\b|\bснова\b|\bagain\b"
)
RESOLVED_RE = re.compile(
    r"\bпрош(?:ел|ла|ло|ли)\b|\bбольше\s+не\s+(?:болит|болят|беспокои\w*|мучает|мучают)|\bнет\s+больше|\bисчез\w*"
    r"|\bперестал\w*\s+болеть|\bwent\s+away|\b(?:is|are)\s+gone\b|\bno\s+longer\b|\bresolved\b|\bbetter\s+now\b"
    r"|\bне\s+беспокои\w*|\bнет\b|\bdon't\s+have\b|\bпрекратил\w*"
)
SEVERE_RE = re.compile(r"\bсильн\w+|\bужасн\w+|\bневыносим\w+|\bsevere\b|\bterrible\b|\bawful\b|\bunbearable\b")
MILD_RE = re.compile(r"\bлегк\w+|\bнебольш\w+|\bslight\b|\bmild\b|\bнемного\b|\ba\s+bit\b")
FREQUENCY_RE = re.compile(
    r"\bчасто\b|\bпостоянно\b|\bиногда\b|\bпо\s+утрам\b|\bпо\s+вечерам\b|\bпо\s+ночам\b"
    r"|\bкаждый\s+день\b|\boften\b|\bsometimes\b|\bconstantly\b|\bevery\s+(?:day|morning|night)\b"
)
NOT_SYMPTOM_CONTEXT_RE = re.compile(r"аллерг|allerg|прививк|вакцин|vaccin|\bshot\b")


def _symptom(s: Sentence, raw: str, normalized: str) -> Finding:
    attrs: dict[str, str] = {"name_raw": raw, "name_normalized": normalized}
    if RESOLVED_RE.search(s.norm):
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


def symptoms(s: Sentence) -> list[Finding]:
    if NOT_SYMPTOM_CONTEXT_RE.search(s.norm) or relative(s) is not None:
        return []
    found: dict[str, Finding] = {}
    english = s.norm.isascii()
    # Pain by body part: "болит голова", "голова болит", "my back hurts".
    if PAIN_VERB_RE.search(s.norm):
        parts_lex, records = lexicon.body_parts()
        for m in parts_lex.find(s.tokens):
            part = records[m.term.normalized]
            found.setdefault(part.pain, _symptom(s, s.cut(m.start, m.end), part.pain))
        for token in s.tokens:
            if english and token.text in EN_PAIN:
                found.setdefault(EN_PAIN[token.text], _symptom(s, token.text, EN_PAIN[token.text]))
    for pattern, ru, en in SYMPTOM_VERBS:
        said = pattern.search(s.norm)
        if said:
            name = en if english else ru
            found.setdefault(name, _symptom(s, s.cut(said.start(), said.end()), name))
    if SYMPTOM_CUE_RE.search(s.norm):
        for m in lexicon.symptoms().find(s.tokens):
            if re.search(r"\b(?:от|против|for|against)\s+$", s.norm[: m.start]):
                continue  # a drug's indication
            found.setdefault(m.term.normalized, _symptom(s, s.cut(m.start, m.end), m.term.normalized))
    return list(found.values())
