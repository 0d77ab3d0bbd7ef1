"""Things that happened (surgeries, injuries, vaccinations) and how the user lives (lifestyle, body)."""

from __future__ import annotations

import re

from tasks.extractors.rules.phrases import date_phrase
from tasks.extractors.rules.sentence import Finding, Sentence
from tasks.language import dates, lexicon, morphology
from tasks.language.text import NUMBER_WORD_RE, tokenize


def _event(section: str, s: Sentence, raw: str, normalized: str, action: str = "assert") -> Finding:
    attrs = {"name_raw": raw, "name_normalized": normalized}
    date = date_phrase(s)
    if date and action != "negate":
        attrs["date"] = dates.resolve(date, s.said_at) or date  # a calendar time when the phrase names one
    if action == "assert" and s.correcting:
        action = "correct"
    return Finding(section, attrs, s, action=action)


def _body_part_after(s: Sentence, start: int) -> tuple[lexicon.BodyPart, int] | None:
    """The body part named right after `start` (within its first words) and where its name ends."""
    parts_lex, records = lexicon.body_parts()
    tokens = [t for t in s.tokens if t.start >= start][:4]
    tokens = [
        t
        for t in tokens
        if t.text
        not in (
            "мне",
            "себе",
            "my",
            "the",
            "a",
            "левую",
            "правую",
            "left",
            "right",
            "левое",
            "правое",
            "левый",
            "правый",
        )
    ][:3]
    for m in parts_lex.find(tokens):
        if m.first == 0:
            return records[m.term.normalized], m.end
    return None


# --- surgeries ---------------------------------------------------------------------------------------

REMOVED_RE = re.compile(r"\b(?:удалили|вырезали|удаляли|убрали)\b")
OPERATED_ON_RE = re.compile(r"\bопераци\w+\s+(?:мне\s+)?(?:на|по\s+поводу)\s+|\bпрооперировали\s+(?:мне\s+)?")
NAMED_SURGERIES = {
    "аппендэктомия": "аппендэктомия",
    "кесарево": "кесарево сечение",
    "шунтирование": "шунтирование",
    "стентирование": "стентирование",
    "холецистэктомия": "удаление желчного пузыря",
    "лапароскопия": "лапароскопия",
    "тонзиллэктомия": "удаление миндалин",
    "appendectomy": "appendectomy",
    "tonsillectomy": "tonsillectomy",
    "c-section": "c-section",
    "cholecystectomy": "gallbladder removal",
    "bypass": "bypass surgery",
    "mastectomy": "mastectomy",
    "hysterectomy": "hysterectomy",
    "lasik": "lasik",
}
NAMED_SURGERY_CUE_RE = re.compile(r"\b(?:сделали|делали|перен[её]с\w*|была|был|had|underwent|got)\b")
EN_REMOVED_RE = re.compile(
    r"\b(?:had|got)\s+(?:my\s+|an?\s+|the\s+)?([a-z]+(?:\s+[a-z]+)?)\s+"
    r"(?:removed|taken\s+out|out)\b"
)
EN_SURGERY_RE = re.compile(r"\b(?:had|underwent|got)\s+(?:an?\s+)?([a-z]+)\s+surgery\b|\bsurgery\s+on\s+my\s+([a-z]+)")
EN_REPLACEMENT_RE = re.compile(r"\b(knee|hip|shoulder)\s+replacement\b")


def surgeries(s: Sentence) -> list[Finding]:
    m = REMOVED_RE.search(s.norm)
    if m:
        part = _body_part_after(s, m.end())
        if part:
            return [_event("surgeries", s, s.cut(m.start(), part[1]), f"удаление {part[0].genitive}")]
        words = [t for t in tokenize(s.norm[m.end() :]) if t.text not in ("мне", "себе")][:2]
        if words and not DATE_WORD_RE.match(words[0].text):
            obj = " ".join(w.text for w in words if not DATE_WORD_RE.match(w.text))
            return [_event("surgeries", s, s.cut(m.start(), m.end()) + " " + obj, f"удаление {obj}")]
    m = OPERATED_ON_RE.search(s.norm)
    if m:
        part = _body_part_after(s, m.end())
        if part:
            return [_event("surgeries", s, s.cut(m.start(), part[1]), f"операция на {part[0].prepositional}")]
    for token in s.tokens:
        if token.text in NAMED_SURGERIES and NAMED_SURGERY_CUE_RE.search(s.norm):
            return [_event("surgeries", s, s.cut(token.start, token.end), NAMED_SURGERIES[token.text])]
    m = EN_REMOVED_RE.search(s.norm)
    if m:
        return [_event("surgeries", s, m.group(), f"{m.group(1)} removal")]
    m = EN_SURGERY_RE.search(s.norm) or EN_REPLACEMENT_RE.search(s.norm)
    if m:
        what = next(g for g in m.groups() if g)
        name = f"{what} replacement" if "replacement" in m.group() else f"{what} surgery"
        return [_event("surgeries", s, m.group(), name)]
    return []


DATE_WORD_RE = re.compile(r"^(?:в|во|на|год\w*|прошлом|этом|летом|зимой|весной|осенью|\d+)$")


# --- injuries ----------------------------------------------------------------------------------------

INJURY_RES = (
    (re.compile(r"\b(?:сломал\w*|ломал\w*)\s+"), "перелом"),
    (re.compile(r"\bвывихнул\w*\s+|\bвывих\w*\s+"), "вывих"),
    (re.compile(r"\bрастянул\w*\s+"), "растяжение"),
    (re.compile(r"\bпорвал\w*\s+(?:связки\s+)?"), "разрыв"),
    (re.compile(r"\bушиб\w*\s+"), "ушиб"),
    (re.compile(r"\bперелом\w*\s+"), "перелом"),
)
EN_INJURY_RE = re.compile(r"\b(broke|fractured|sprained|dislocated|tore|twisted|injured)\s+(?:my\s+)?([a-z]+)")
EN_INJURY_NAMES = {
    "broke": "broken",
    "fractured": "fractured",
    "sprained": "sprained",
    "dislocated": "dislocated",
    "tore": "torn",
    "twisted": "twisted",
    "injured": "injured",
}


def injuries(s: Sentence) -> list[Finding]:
    if "сотрясение мозга" in s.norm and re.search(r"\bбыло|\bполучил|\bу\s+меня", s.norm):
        return [_event("injuries", s, "сотрясение мозга", "сотрясение мозга")]
    for pattern, kind in INJURY_RES:
        m = pattern.search(s.norm)
        if m:
            part = _body_part_after(s, m.end())
            if part:
                return [_event("injuries", s, s.cut(m.start(), part[1]), f"{kind} {part[0].genitive}")]
    m = EN_INJURY_RE.search(s.norm)
    if m and m.group(2) not in ("up", "down", "it", "the", "a", "out"):
        return [_event("injuries", s, m.group(), f"{EN_INJURY_NAMES[m.group(1)]} {m.group(2)}")]
    if re.search(r"\bconcussion\b", s.norm) and re.search(r"\bi\s+(?:had|got)\b", s.norm):
        return [_event("injuries", s, "concussion", "concussion")]
    return []


# --- vaccinations ----------------------------------------------------------------------------------

RU_VACCINE_RE = re.compile(
    r"\b(?:прививк\w*|вакцин\w*|привил\w*|привит\w*|ревакцинац\w*|укол\w*|вакцинировал\w*)"
    r"\s+(?:\w+\s+)?(?:от|против)\s+"
)
EN_VACCINE_RE = re.compile(
    r"\b([a-z-]+(?:\s+[a-z]+)?)\s+(?:shot|vaccine|vaccination|jab|booster)\b"
    r"|\bvaccinated\s+(?:against|for)\s+"
)
VACCINE_PLANNED_RE = re.compile(
    r"\bсобира\w*|\bпланиру\w*|\bхочу\b|\bбуду\b|\bнадо\b|\bнужно\b|\bзапиш\w*"
    r"|\bgoing\s+to\b|\bplan\w*\b|\bneed\s+to\b|\bshould\b|\bwill\b"
)
VACCINE_NEGATED_RE = re.compile(
    r"\bне\s+(?:делал\w*|привит\w*|ставил\w*|прививал\w*)|\bнет\s+прививк"
    r"|\bnever\s+(?:had|got)\b|\bnot\s+vaccinated|\bhaven't\s+(?:had|got)"
)


def _vaccine_at(s: Sentence, start: int) -> tuple[str, str] | None:
    tokens = [t for t in s.tokens if t.start >= start][:3]
    for m in lexicon.vaccines().find(tokens):
        if m.first == 0:
            return s.cut(m.start, m.end), m.term.normalized
    if tokens and tokens[0].text.isalpha() and len(tokens[0].text) >= 4 and not tokens[0].text.isascii():
        return s.cut(tokens[0].start, tokens[0].end), morphology.noun_lemma(tokens[0].text)
    return None


def vaccinations(s: Sentence) -> list[Finding]:
    if VACCINE_PLANNED_RE.search(s.norm):
        return []
    action = "negate" if VACCINE_NEGATED_RE.search(s.norm) else "assert"
    m = RU_VACCINE_RE.search(s.norm)
    if m:
        found = _vaccine_at(s, m.end())
        return [_event("vaccinations", s, found[0], found[1], action)] if found else []
    for m in EN_VACCINE_RE.finditer(s.norm):
        start = m.start(1) if m.group(1) else m.end()
        tokens = [t for t in s.tokens if t.start >= start and t.text not in ("my", "the", "a", "annual")][:3]
        for match in lexicon.vaccines().find(tokens):
            if match.first == 0:
                return [_event("vaccinations", s, s.cut(match.start, match.end), match.term.normalized, action)]
    return []


# --- lifestyle -----------------------------------------------------------------------------------

LIFESTYLE_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (slot, re.compile(p))
    for slot, p in (
        (
            "smoking",
            r"\b(?:бросил\w*|перестал\w*)\s+курить|\bкурил\w*\b[^.;!]*\bбросил\w*"
            r"|\bне\s+курю|\bникогда\s+не\s+курил\w*|\bкурю\b[^,.;!]*"
            r"|\bзакурил\w*|\bi\s+(?:quit|stopped|gave\s+up)\s+smoking|\bi\s+(?:don't|do\s+not|never)\s+smoke\w*"
            r"|\bnon-?smoker|\bex-?smoker|\bi\s+smoke\b[^,.;!]*|\bi'm\s+a\s+(?:heavy\s+|light\s+)?smoker"
            r"|\bвейп\w*|\bi\s+vape\b",
        ),
        (
            "alcohol",
            r"\bне\s+пью\s+(?:алкогол\w*|спиртно\w*)|\bне\s+пью(?:\s+(?:вообще|совсем))?(?=\s*(?:[,.;!]|$|и\b|а\b))"
            r"|\bбросил\w*\s+пить|\bпью\s+(?:только\s+)?(?:вино|пиво|водку|виски|алкоголь|коньяк)[^,.;!]*"
            r"|\bвыпиваю[^,.;!]*|\bi\s+(?:don't|do\s+not)\s+drink(?:\s+alcohol)?(?=\s*(?:[,.;!]|$|and\b))"
            r"|\bi\s+(?:quit|stopped|gave\s+up)\s+drinking|\bi'm\s+sober|\bi\s+drink\s+(?:wine|beer|alcohol)[^,.;!]*"
            r"|\bне\s+употребляю\s+алкогол\w*",
        ),
        (
            "exercise",
            r"\bбегаю\b[^,.;!]*|\bхожу\s+в\s+(?:спортзал|зал|бассейн|качалку)[^,.;!]*"
            r"|\bзанимаюсь\s+(?:спортом|йогой|бегом|плаванием|фитнесом|теннисом|пилатесом|кроссфитом|боксом)"
            r"[^,.;!]*|\bплаваю\b[^,.;!]*|\bi\s+(?:run|jog|swim|cycle|bike|work\s+out|exercise|go\s+to\s+the\s+gym"
            r"|do\s+yoga|lift|go\s+running|go\s+swimming)\b[^,.;!]*|\bне\s+занимаюсь\s+спортом"
            r"|\bi\s+(?:don't|do\s+not)\s+exercise",
        ),
        (
            "sleep",
            rf"\bсплю\s+(?:по\s+)?(?:\d+|{NUMBER_WORD_RE})(?:-\d+)?\s+час\w*|\bплохо\s+сплю\b"
            r"|\bi\s+(?:only\s+)?sleep\s+(?:about\s+)?\d+(?:-\d+)?\s+hours",
        ),
        (
            "activity",
            r"\bсидяч\w+\s+(?:образ\s+жизни|работ\w*)|\bsedentary\s+(?:job|lifestyle)|\bхожу\s+пешком[^,.;!]*"
            r"|\bwalk\s+\d+[^,.;!]*steps",
        ),
    )
)


def _names_a_medicine(s: Sentence) -> bool:
    """A listed drug or a word for medicines ("таблетки", "антидепрессанты") anywhere in the sentence."""
    return bool(lexicon.drugs().find(s.tokens)) or any(lexicon.is_generic_medicine(t.text) for t in s.tokens)


def lifestyle(s: Sentence) -> list[Finding]:
    found = []
    for slot, pattern in LIFESTYLE_RULES:
        m = pattern.search(s.norm)
        if not m or (slot == "alcohol" and _names_a_medicine(s)):  # "не пью Энап", «бросила пить антидепрессанты»
            continue
        value = s.cut(m.start(), m.end())[:80].rstrip(" ,-—")
        if slot == "smoking" and re.search(r"\bбросил", s.norm) and "курить" not in value:
            value = "бросил курить"
        found.append(
            Finding("lifestyle", {"value": value}, s, slot=slot, action="correct" if s.correcting else "assert")
        )
    return found


# --- demographics ----------------------------------------------------------------------------------

SEX_RE = re.compile(
    r"\bя\s+(?:—\s+)?(мужчина|женщина|парень|девушка)\b|\bi(?:'m|\s+am)\s+an?\s+(man|woman|guy|male"
    r"|female|girl)\b|\bмой\s+пол\s*[:—-]?\s*(мужской|женский)"
)
SEX_VALUES = {
    "мужчина": "male",
    "парень": "male",
    "мужской": "male",
    "man": "male",
    "guy": "male",
    "male": "male",
    "женщина": "female",
    "девушка": "female",
    "женский": "female",
    "woman": "female",
    "female": "female",
    "girl": "female",
}
HEIGHT_RE = re.compile(
    r"\bрост\w*\s*(?:у\s+меня\s+)?[:—-]?\s*(\d[.,]\d{1,2}|\d{2,3})\s*(см|м)?\b"
    r"|\b(\d{3})\s*cm\s+tall\b|\bi(?:'m|\s+am)\s+(\d{3})\s*cm\b|\bheight\s+(?:is\s+)?(\d{3})"
)
FEET_RE = re.compile(r"\bi(?:'m|\s+am)\s+(\d)\s*(?:'|ft|feet|foot)\s*(\d{1,2})?")
WEIGHT_RE = re.compile(
    r"\bвешу\s+(?:около\s+)?(\d{2,3}(?:[.,]\d)?)"
    r"|\bвес\w*\s*(?:у\s+меня\s+)?[:—-]?\s*(\d{2,3}(?:[.,]\d)?)"
    r"\s*(?:кг)?\b|\bi\s+weigh\s+(?:about\s+)?(\d{2,3}(?:\.\d)?)\s*(kg|kilos|lbs|pounds)?"
)
BLOOD_RE = re.compile(
    r"\bгрупп\w+\s+крови\s*[:—-]?\s*(первая|вторая|третья|четвертая|[1-4]|iv|i{1,3})\b"
    r"(?:\s*(положительн\w*|отрицательн\w*|\+|-|резус\s*[+-]))?"
    r"|\bblood\s+type\s+(?:is\s+)?(ab|a|b|o)\s*(\+|-|positive|negative)?"
)
BLOOD_GROUPS = {
    "первая": "I",
    "вторая": "II",
    "третья": "III",
    "четвертая": "IV",
    "1": "I",
    "2": "II",
    "3": "III",
    "4": "IV",
    "i": "I",
    "ii": "II",
    "iii": "III",
    "iv": "IV",
}


def demographics(s: Sentence) -> list[Finding]:
    found = []

    def add(slot: str, value: object) -> None:
        found.append(
            Finding("demographics", {"value": value}, s, slot=slot, action="correct" if s.correcting else "assert")
        )

    m = SEX_RE.search(s.norm)
    if m:
        add("sex", SEX_VALUES[next(g for g in m.groups() if g)])
    m = HEIGHT_RE.search(s.norm)
    if m:
        raw = next(g for g in m.groups()[:1] + m.groups()[2:] if g).replace(",", ".")
        height = float(raw) * 100 if float(raw) < 3 else float(raw)
        if 40 <= height <= 260:
            add("height_cm", round(height))
    else:
        f = FEET_RE.search(s.norm)
        if f and re.search(r"tall|feet|ft|'", s.norm):
            add("height_cm", round((int(f.group(1)) * 12 + int(f.group(2) or 0)) * 2.54))
    m = WEIGHT_RE.search(s.norm)
    if m:
        weight = float(next(g for g in m.groups()[:3] if g).replace(",", "."))
        if m.group(4) in ("lbs", "pounds"):
            weight = round(weight * 0.4536, 1)
        if 2 <= weight <= 400:
            add("weight_kg", weight)
    m = BLOOD_RE.search(s.norm)
    if m:
        if m.group(1):
            rh = m.group(2) or ""
            sign = "+" if rh.startswith(("полож", "+")) or rh.endswith("+") else "-" if rh else ""
            add("blood_type", BLOOD_GROUPS[m.group(1)] + sign)
        else:
            rh = m.group(4) or ""
            sign = "+" if rh in ("+", "positive") else "-" if rh else ""
            add("blood_type", m.group(3).upper() + sign)
    return found


# --- demographics.pregnancy ------------------------------------------------------------------------
# Only the writer's own state, said as the present: "i'm 20 weeks pregnant", «я на 12 неделе беременности»,
# "i'm breastfeeding", «кормлю грудью», «я на ГВ». Another subject ("my wife is pregnant"), the past
# ("when i was pregnant", «я была беременна») and a question are not matched, and a condition before the
# subject ("if i'm pregnant", «если я беременна») stops it.

_I_AM = r"\bi(?:'m|\s+am|m)\s+(?:(?:now|currently|still|already|finally|also|again)\s+)?"
_WEEKS = r"(?:(?:about|almost|nearly|over)\s+)?[\w-]+\s+(?:weeks?|wks?|months?)"
_BABY = r"(?:my|our|a|the)\s+(?:[\w-]+\s+)?(?:baby|babies|son|daughter|newborn|infant|little\s+one|twins|child)"
PREGNANT_RE = re.compile(
    rf"{_I_AM}(?:{_WEEKS}\s+)?pregnant\b|{_I_AM}(?:{_WEEKS}\s+along|in\s+my\s+(?:first|second|third|last)\s+trimester)"
    rf"|{_I_AM}expecting\s+(?:{_BABY}|twins|a\s+(?:boy|girl)|my\s+(?:first|second|third))\b"
    r"|\bя\s+(?:(?:сейчас|уже|снова|опять|тоже|теперь)\s+)?(?:беременна|в\s+положении)\b"
    r"|\bя\s+(?:(?:сейчас|уже|теперь)\s+)?на\s+[\w-]+\s+(?:неделе|месяце)\s+беременности\b"
    r"|\bу\s+меня\s+(?:сейчас\s+)?(?:беременность|[\w-]+\s+(?:недел[ьи]|месяц\w*)\s+беременности)\b"
)
BREASTFEEDING_RE = re.compile(
    rf"{_I_AM}(?:exclusively\s+)?(?:breast-?\s?feeding|nursing\s+{_BABY}|a\s+(?:breastfeeding|nursing)\s+(?:mom|mum|mother))"
    rf"|\bi\s+(?:still\s+)?(?:breast-?\s?feed|nurse)\s+{_BABY}"
    r"|(?<!не )\b(?:я\s+)?(?:(?:сейчас|еще|пока|все\s+еще)\s+)?кормлю\s+(?:[\w-]+\s+)?грудью\b"
    r"|\bя\s+(?:(?:сейчас|еще|пока)\s+)?(?:на\s+(?:гв|грудном\s+вскармливании)|кормящая\s+(?:мама|мать))\b"
)
PREGNANCY_OVER_RE = re.compile(
    r"\bi(?:'m|\s+am|m)\s+(?:no\s+longer|not(?:\s+\w+)?)\s+pregnant\b|\bi\s+(?:just|recently)\s+(?:gave\s+birth|had\s+"
    rf"{_BABY})|\bi\s+gave\s+birth\s+(?:last|this|yesterday|a\s+few|two|three|\d)"
    r"|\bя\s+(?:уже\s+|больше\s+)?не\s+беременна\b|\bя\s+(?:недавно|только\s+что|на\s+днях|вчера)\s+родила\b"
    r"|\bродила\s+(?:неделю|две\s+недели|месяц|два\s+месяца|\d+\s+\w+)\s+назад\b"
)
BREASTFEEDING_OVER_RE = re.compile(
    r"\bi(?:'m|\s+am|m)\s+(?:no\s+longer|not)\s+(?:breast-?\s?feeding|nursing)\b|\bi\s+(?:have\s+|just\s+)?(?:stopped|quit)"
    r"\s+(?:breast-?\s?feeding|nursing)\b|\bi\s+(?:have\s+|just\s+)?weaned\b"
    r"|\b(?:уже\s+|больше\s+)не\s+кормлю\s+(?:[\w-]+\s+)?грудью\b"
    r"|\b(?:перестала|закончила|прекратила|бросила)\s+(?:кормить\s+(?:[\w-]+\s+)?грудью|гв|грудное\s+вскармливание)"
)
# A condition or a time clause before the subject makes the state a supposition or the past.
_SUPPOSED_BEFORE_RE = re.compile(
    r"\b(?:if|when|whether|in\s+case|once|unless|если|когда|вдруг|пока\s+не|как\s+только)\W+(?:\w+\W+){0,2}$"
)


def _said_as_fact(s: Sentence, start: int) -> bool:
    return not s.hypothetical and not _SUPPOSED_BEFORE_RE.search(s.norm[:start])


def pregnancy(s: Sentence) -> list[Finding]:
    """Pregnant or breastfeeding: one slot, since the second follows the first and both decide dosing.

    A state said is kept over one said to be over ("i had the baby and i'm breastfeeding now").
    """
    ended = None
    for value, state_re, over_re in (
        ("breastfeeding", BREASTFEEDING_RE, BREASTFEEDING_OVER_RE),
        ("pregnant", PREGNANT_RE, PREGNANCY_OVER_RE),
    ):
        over = over_re.search(s.norm)
        if over and _said_as_fact(s, over.start()):
            ended = ended or value
            continue
        m = state_re.search(s.norm)
        if m and _said_as_fact(s, m.start()):
            action = "correct" if s.correcting else "assert"
            return [Finding("demographics", {"value": value}, s, slot="pregnancy", action=action)]
    if ended:
        return [Finding("demographics", {"value": ended}, s, slot="pregnancy", action="negate")]
    return []
