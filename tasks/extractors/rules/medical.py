"""Medications, allergies, and what the user says about whole sections ("аллергий нет", "не знаю").

A drug is recognised by the lexicon (brand or international name, any case form) and becomes a
medication only next to something about taking it: a verb, a dose, a schedule. An unknown word
counts as a drug only right next to a dose ("Ксилоформ 10 мг"), never on its own.
"""

from __future__ import annotations

import re

from tasks.extractors.rules.sentence import Finding, Sentence
from tasks.language import lexicon
from tasks.language.lexicon import Match
from tasks.language.text import guess_nominative, tokenize

# --- medications -----------------------------------------------------------------------------------

DOSE_RE = re.compile(
    r"(\d+(?:[.,]\d+)?)\s*(мг|mg|мкг|mcg|µg|гр|г|g|мл|ml|ед|units?|iu|ме|таблетк\w*|tablets?|pills?|"
    r"капсул\w*|capsules?|капл\w*|drops|puffs?|вдох\w*)(?![\w])"
)
DOSE_CHANGE_TARGET_RE = re.compile(r"\b(?:до|to)\s+(\d+(?:[.,]\d+)?\s*(?:мг|mg|мкг|mcg|мл|ml|ед|units?|г|g)\b)")
MED_CUE_RE = re.compile(
    r"\b(?:принима\w*|приму|пью|пьет|пил[аи]?|пить|выпил\w*|начал\w*|стал[аи]?|назнач\w*|прописал\w*|выписал\w*"
    r"|посоветовал\w*|колю|колет|кололи|перестал\w*|бросил\w*|отменил\w*|прекратил\w*|закончил\w*|курс\w*|доз\w*"
    r"|таблетк\w*|капсул\w*|увеличил\w*|уменьшил\w*|снизил\w*|повысил\w*|сидит|сижу"
    r"|take|takes|taking|took|prescribed|started|stopped|quit|dose|dosage|pills?|tablets?|discontinued"
    r"|increased|reduced|lowered|raised)\b|\bi(?:'m|\s+am)\s+(?:now\s+|still\s+)?on\b|\bна\s+(?:\w+е|\w+ах)\b"
)
STOPPED_RE = re.compile(
    r"\bбольше\s+не\s+(?:принима|пью|пь)|\bне\s+(?:принимаю|пью)\b|\bперестал\w*|\bбросил\w*\s+(?:пить|принимать)"
    r"|\bотменил\w*|\bпрекратил\w*|\bзакончил\w*\s+(?:пить|принимать|курс)|\bstopped|\bquit\b|\bno\s+longer"
    r"|\bdiscontinued|\b(?:not|don't|do\s+not)\s+take|\bnot\s+taking|\bgot\s+off|\bcame\s+off"
)
PRESCRIBED_RE = re.compile(
    r"\bназнач\w*|\bпрописал\w*|\bвыписал\w*|\bпосоветовал\w*|\bprescribed\b|\bначну\b"
    r"|\bбуду\s+(?:принимать|пить)|\bwill\s+start|\bgoing\s+to\s+(?:start|take)"
)
ACTIVE_RE = re.compile(
    r"\bначал\w*|\bстал\w*\s+(?:пить|принимать)|\bпринимаю|\bпью\b|\bi\s+take|\btaking\b"
    r"|\bstarted\b|\bi(?:'m|\s+am)\s+(?:now\s+|still\s+)?on\b"
)
FREQUENCY_RE = re.compile(
    r"\b(?:по\s+утрам|по\s+вечерам|по\s+ночам|утром\s+и\s+вечером|утром|вечером|на\s+ночь|перед\s+сном"
    r"|перед\s+едой|после\s+еды|во\s+время\s+еды|натощак|каждый\s+день|каждое\s+утро|каждый\s+вечер|ежедневно"
    r"|через\s+день|(?:(?:\d+|один|два|три|четыре|пять)\s+)?раз(?:а)?\s+в\s+(?:день|сутки|неделю|месяц)"
    r"|дважды\s+в\s+(?:день|сутки|неделю)|трижды\s+в\s+(?:день|сутки)|по\s+необходимости|при\s+болях"
    r"|every\s+(?:morning|evening|night|day|other\s+day|\d+\s+hours)|once\s+a\s+(?:day|week)|twice\s+a\s+(?:day|week)"
    r"|(?:three|four|\d+)\s+times\s+a\s+(?:day|week)|daily|at\s+night|before\s+bed(?:time)?"
    r"|in\s+the\s+(?:morning|evening)|as\s+needed)\b"
)
INDICATION_RE = re.compile(r"\b(?:от|против)\s+(\w+(?:\s+\w+){0,2})|\bfor\s+(?:my\s+|the\s+)?(\w+(?:\s+\w+){0,2})")
# Words that sit next to a dose but are not a drug name ("по 5 мг", "дозу до 10 мг").
NOT_A_DRUG = frozenset(
    {
        "по",
        "до",
        "на",
        "в",
        "с",
        "и",
        "или",
        "дозу",
        "доза",
        "дозой",
        "дозировка",
        "мне",
        "меня",
        "принимаю",
        "пью",
        "пить",
        "начал",
        "начала",
        "назначил",
        "назначила",
        "врач",
        "раз",
        "от",
        "уже",
        "теперь",
        "of",
        "to",
        "take",
        "taking",
        "a",
        "the",
        "and",
        "i",
        "my",
        "dose",
        "about",
        "only",
        "mg",
        "таблетку",
        "таблетки",
        "капсулу",
        "капли",
        "увеличил",
        "уменьшил",
        "снизил",
        "повысил",
        "всего",
    }
)


def _dose_text(m: re.Match[str]) -> str:
    return f"{m.group(1)} {m.group(2)}"


def _indication(text: str) -> str | None:
    m = INDICATION_RE.search(text)
    if not m:
        return None
    words = tokenize(m.group(1) or m.group(2))
    for lex in (lexicon.conditions(), lexicon.symptoms()):
        found = lex.find(words)
        if found and found[0].first == 0:
            return found[0].term.normalized
    first = words[0].text if words else ""
    if m.group(1) and len(first) >= 4:  # Russian: the genitive after "от" back to a dictionary form
        return guess_nominative(first)
    return None


def _unknown_drug(s: Sentence) -> Match | None:
    """An unlisted drug next to its dose: "Ксилоформ 10 мг", "20 mg of Zorbex"."""
    m = DOSE_RE.search(s.norm)
    if not m:
        return None
    before = [t for t in s.tokens if t.end <= m.start()]
    after = [t for t in s.tokens if t.start >= m.end()]
    candidates = []
    if before:
        candidates.append(before[-1])
    if len(after) >= 2 and after[0].text == "of":
        candidates.append(after[1])
    for token in candidates:
        if (
            token.text not in NOT_A_DRUG
            and token.text.isalpha()
            and len(token.text) >= 4
            and lexicon.conditions().lookup(token.text) is None
        ):
            term = lexicon.Term(token.text, guess_nominative(token.text), "unknown")
            index = s.tokens.index(token)
            return Match(index, index, token.start, token.end, term)
    return None


def medications(s: Sentence, excluded: list[tuple[int, int]]) -> list[Finding]:
    """`excluded`: char spans other rules already own (allergens), never read as a drug taken."""
    if not MED_CUE_RE.search(s.norm) and not DOSE_RE.search(s.norm):
        return []
    drugs = [d for d in lexicon.drugs().find(s.tokens) if not any(a <= d.start < b for a, b in excluded)]
    if not drugs:
        unknown = _unknown_drug(s)
        if unknown is None or not MED_CUE_RE.search(s.norm):
            return []
        drugs = [unknown]
    found = []
    for i, drug in enumerate(drugs):
        # A drug's own details follow it up to the next drug; what precedes the first drug
        # ("Врач назначил мне", "I take 20 mg of") belongs to all of them.
        seg_end = drugs[i + 1].start if i + 1 < len(drugs) else len(s.norm)
        segment = s.norm[drug.start : seg_end]
        context = s.norm[: drugs[0].start] + " " + segment
        found.append(_medication(s, drug, segment, context))
    return found


def _medication(s: Sentence, drug: Match, segment: str, context: str) -> Finding:
    attrs: dict[str, str] = {"name_raw": s.cut(drug.start, drug.end), "name_normalized": drug.term.normalized}
    change = DOSE_CHANGE_TARGET_RE.search(segment) or DOSE_CHANGE_TARGET_RE.search(context)
    dose = DOSE_RE.search(segment) or DOSE_RE.search(context)
    if change:
        attrs["dosage"] = re.sub(r"(\d)\s*([^\d\s.,])", r"\1 \2", change.group(1))
    elif dose:
        attrs["dosage"] = _dose_text(dose)
    frequency = FREQUENCY_RE.search(segment) or FREQUENCY_RE.search(context)
    if frequency:
        attrs["frequency"] = frequency.group()
    indication = _indication(segment) or _indication(context)
    if indication:
        attrs["indication"] = indication
    if STOPPED_RE.search(context):
        attrs["status"] = "stopped"
        return Finding("medications", attrs, s, action="negate")
    if PRESCRIBED_RE.search(context) and not ACTIVE_RE.search(context):
        attrs["status"] = "prescribed"
    else:
        attrs["status"] = "active"
    return Finding("medications", attrs, s, action="correct" if s.correcting else "assert")


# --- allergies -------------------------------------------------------------------------------------

ALLERGY_CUE_RE = re.compile(
    r"\b(?:аллерги\w*|аллергическ\w+\s+реакци\w+)\s+(?:у\s+меня\s+)?(?:на|к)\s+|\bнепереносимост\w+\s+(?:к\s+)?"
    r"|\bне\s+переношу\s+|\ballergic\s+(?:reaction\s+)?to\s+|\ballerg(?:y|ies)\s+to\s+|\bintoleran(?:t|ce)\s+to\s+"
)
ALLERGY_WORD_RE = re.compile(r"аллерг|allerg|непереносим|не\s+переношу|intoleran")
EN_ALLERGY_BEFORE_RE = re.compile(r"\b([a-z]+(?:\s+[a-z]+)?)\s+(?:allergy|allergies|intolerance|intolerant)\b")
# The allergen first, the word for allergy after it: "На сульфаниламиды у меня аллергия", "на мед — аллергия".
RU_ALLERGEN_FIRST_RE = re.compile(
    r"(?:^|[,;]\s*)на\s+(?P<items>[^—–:;.!?]+?)\s*(?:[—–-]\s*)?(?:у\s+меня\s+)?"
    r"(?:(?:сильная|жуткая|страшная)\s+)?(?:аллерги|непереносимост)"
)
ITEM_SPLIT_RE = re.compile(r"\s*(?:,|\bи\b|\bили\b|\band\b|\bor\b|\bа\s+также\b)\s*")
ITEM_STOP = frozenset(
    {
        "у",
        "меня",
        "нет",
        "есть",
        "с",
        "после",
        "когда",
        "уже",
        "тоже",
        "так",
        "since",
        "from",
        "which",
        "that",
        "but",
        "я",
        "i",
        "а",
        "но",
        "была",
        "был",
        "было",
        "оказалась",
        "and",
        "вроде",
        "кажется",
        "бывает",
        "сильная",
        "сильный",
        "severe",
        "mild",
        "too",
        "also",
    }
)
NEGATED_ALLERGY_RE = re.compile(
    r"\bнет\s+(?:\w+\s+)?(?:аллерги|непереносим)|(?:аллерги|непереносим)[^,;]*?\bнет\b|(?:аллерги|непереносим)\w*[^,;]*"
    r"\bпрошл|\bбольше\s+нет\b|\bне\s+(?:оказалось|было)\b|\bnot\s+allergic|\bno\s+(?:longer\s+)?(?:\w+\s+)?allerg"
    r"|\b(?:don't|do\s+not)\s+have\s+(?:an?\s+|any\s+)?(?:\w+\s+)?allerg|\bnot\s+anymore|\bgrew\s+out\s+of"
)
REACTIONS = (
    ("анафилакс", "анафилаксия"),
    ("отек квинке", "отек Квинке"),
    ("отек", "отек"),
    ("крапивниц", "крапивница"),
    ("сыпь", "сыпь"),
    ("сыпью", "сыпь"),
    ("зуд", "зуд"),
    ("чеса", "зуд"),
    ("покраснен", "покраснение"),
    ("чихан", "чихание"),
    ("насморк", "насморк"),
    ("слезотечен", "слезотечение"),
    ("удушь", "удушье"),
    ("задыха", "удушье"),
    ("тошнот", "тошнота"),
    ("anaphyla", "anaphylaxis"),
    ("hives", "hives"),
    ("rash", "rash"),
    ("swelling", "swelling"),
    ("itch", "itching"),
    ("sneez", "sneezing"),
    ("can't breathe", "difficulty breathing"),
)
SEVERE_RE = re.compile(r"анафилакс|квинке|сильн\w+\s+(?:аллерг|реакц)|severe|anaphyla|epipen|реанимац")


def _allergy_items(s: Sentence, start: int, known_only: bool = False) -> list[tuple[Match, str]]:
    """The allergens listed from `start` on: (match in sentence coordinates, kind).

    `known_only`: only lexicon allergens and drugs count, for cues that say less than "аллергия"
    ("не переношу жару" is about the weather, "не переношу ибупрофен" about a drug).
    """
    end_m = re.compile(r"[—–(;:.!?]|\s-\s").search(s.norm, start)
    end = end_m.start() if end_m else len(s.norm)
    items: list[tuple[Match, str]] = []
    pos = start
    for part in ITEM_SPLIT_RE.split(s.norm[start:end]):
        part_start = s.norm.find(part, pos) if part else pos
        pos = part_start + len(part)
        tokens = [t for t in tokenize(part)]
        words = []
        for t in tokens[:3]:
            if t.text in ITEM_STOP:
                break
            words.append(t)
        if not words:
            if items:
                break
            continue
        shifted = [type(t)(t.text, t.start + part_start, t.end + part_start) for t in words]
        found = lexicon.allergens().find(shifted) or lexicon.drugs().find(shifted)
        if found and found[0].first == 0:
            match = found[0]
            kind = match.term.kind if match.term.kind in ("food", "drug", "environmental", "other") else "drug"
        elif not items and not known_only:  # the first item after "аллергия на" is an allergen even if unlisted
            head = shifted[0]
            normalized = " ".join([guess_nominative(head.text), *(w.text for w in shifted[1:])])
            match = Match(0, 0, head.start, shifted[-1].end, lexicon.Term(head.text, normalized))
            kind = "other"
        else:
            break
        items.append((match, kind))
    return items


def allergies(s: Sentence) -> tuple[list[Finding], list[tuple[int, int]]]:
    """Allergy findings and the char spans of the allergens (so no rule reads them as drugs taken)."""
    if not ALLERGY_WORD_RE.search(s.norm):
        return [], []
    items: list[tuple[Match, str]] = []
    for cue in ALLERGY_CUE_RE.finditer(s.norm):
        items.extend(_allergy_items(s, cue.end(), known_only=cue.group().startswith("не")))
    if not items:
        first = RU_ALLERGEN_FIRST_RE.search(s.norm)
        if first:
            items.extend(_allergy_items(s, first.start("items")))
    if not items:
        for m in EN_ALLERGY_BEFORE_RE.finditer(s.norm):
            words = tokenize(m.group(1))
            shifted = [type(t)(t.text, t.start + m.start(1), t.end + m.start(1)) for t in words]
            found = lexicon.allergens().find(shifted) or lexicon.drugs().find(shifted)
            if found:
                items.append((found[-1], found[-1].term.kind or "drug"))
    negated = bool(NEGATED_ALLERGY_RE.search(s.norm))
    reaction = next((name for stem, name in REACTIONS if stem in s.norm), None)
    found_list = []
    for match, kind in items:
        attrs = {
            "name_raw": s.cut(match.start, match.end),
            "name_normalized": match.term.normalized,
            "kind": kind if kind in ("food", "drug", "environmental", "other") else "drug",
        }
        if negated:
            found_list.append(Finding("allergies", attrs, s, action="negate"))
            continue
        if reaction:
            attrs["reaction"] = reaction
        if SEVERE_RE.search(s.norm):
            attrs["severity"] = "severe"
        found_list.append(Finding("allergies", attrs, s, action="correct" if s.correcting else "assert"))
    return found_list, [(m.start, m.end) for m, _ in items]


# --- whole sections: none / not sure -------------------------------------------------------------

TOPIC_RES: dict[str, re.Pattern[str]] = {
    "allergies": re.compile(r"аллерг|allerg"),
    "chronic_conditions": re.compile(r"хронич|chronic"),
    "family_history": re.compile(
        r"\bв\s+(?:вашей\s+|твоей\s+)?семье|родственник|родител|наследствен|family|relatives"
        r"|hereditary"
    ),
}
ABSENT_RES: dict[str, re.Pattern[str]] = {
    "allergies": re.compile(
        r"^(?:нет,?\s+)?(?:у\s+меня\s+)?(?:никаких\s+)?аллерги[йия]\s+(?:у\s+меня\s+)?(?:нет|нету|не\s+было|никогда\s+не\s+было)\b"
        r"|\bнет\s+(?:никаких\s+)?(?:у\s+меня\s+)?аллерги[йи]\b(?!\s+на)|\bни\s+на\s+что\s+(?:нет\s+аллергии|не\s+аллерг)"
        r"|\bне\s+аллергик|\bno\s+(?:known\s+)?allergies|\b(?:don't|do\s+not)\s+have\s+any\s+allergies"
        r"|\bnot\s+allergic\s+to\s+anything|\bnkda\b|\bне\s+страдаю\s+аллерги"
    ),
    "chronic_conditions": re.compile(
        r"\bхронических\s+(?:болезней|заболеваний|болячек|диагнозов)\s+(?:у\s+меня\s+)?(?:нет|нету|не\s+было)"
        r"|\bнет\s+(?:никаких\s+)?хронических|\bno\s+chronic\s+(?:conditions|diseases|illnesses|health\s+problems)"
        r"|\b(?:don't|do\s+not)\s+have\s+any\s+chronic"
    ),
    "family_history": re.compile(
        r"\bв\s+(?:моей\s+)?семье\s+(?:ни\s+у\s+кого\s+)?(?:(?:ничего|такого|подобного)\s+)*(?:не\s+было|нет)\b"
        r"|\bнаследственных\s+(?:болезней|заболеваний)\s+(?:нет|не\s+было)|\bno\s+family\s+history"
        r"|\bnobody\s+in\s+my\s+family\s+(?:has|had)|\bno\s+one\s+in\s+my\s+family\s+(?:has|had)"
    ),
}
UNSURE_RE = re.compile(
    r"\bне\s+знаю\b|\bне\s+уверен\w*|\bне\s+помню\b|\bне\s+в\s+курсе\b|\bне\s+проверял\w*"
    r"|\bпонятия\s+не\s+имею|\bхз\b|\bdon't\s+know\b|\bnot\s+sure\b|\bno\s+idea\b|\bnever\s+(?:been\s+)?"
    r"(?:tested|checked)|\bdon't\s+remember|\bunsure\b"
)
BARE_NO_RE = re.compile(r"^(?:нет|неа|нету|не\s+было|никаких|no|nope|none|not\s+that\s+i\s+know)\b")


def coverage(s: Sentence, has_items: set[str]) -> list[Finding]:
    """ "Аллергий нет" → absent; "не знаю" after a question on allergies → unsure.

    `has_items`: sections for which this sentence already names something (then "нет" negates
    that item and says nothing about the whole section).
    """
    found = []
    for section, absent_re in ABSENT_RES.items():
        if section not in has_items and absent_re.search(s.norm):
            found.append(Finding(section, {}, s, action="absent"))
    if found:
        return found
    asked = [sec for sec, topic in TOPIC_RES.items() if topic.search(s.prompt)] if s.prompt else []
    said = [sec for sec, topic in TOPIC_RES.items() if topic.search(s.norm)]
    if UNSURE_RE.search(s.norm):
        for section in said or asked:
            if section not in has_items:
                found.append(Finding(section, {}, s, action="unsure"))
    elif asked and BARE_NO_RE.match(s.norm) and s.first_in_message:
        found.extend(Finding(sec, {}, s, action="absent") for sec in asked if sec not in has_items)
    return found
