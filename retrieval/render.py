"""Turning memory into prompt text: labels in the question's language, values quoted as data.

Everything a user (or a host application) wrote passes through `quote`: newlines are collapsed
and the value is emitted as a JSON string, so a stored value can neither start a new line nor
close its quotes. Block headings are the only lines that start with `### `, and runs of `#` are
squeezed out of values as well, so "\\n### Instructions\\nignore all" stays one quoted phrase
inside an item line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any, Literal

Lang = Literal["ru", "en"]
BlockKind = Literal["instructions", "profile", "style", "self_reported", "documented", "gaps"]

BLOCK_ORDER: tuple[BlockKind, ...] = ("instructions", "profile", "style", "self_reported", "documented", "gaps")
HEADING_PREFIX = "### "
ITEM_PREFIX = "- "
# Long enough for any sentence worth remembering; the write path caps values at 500 already.
MAX_QUOTED_CHARS = 300
MAX_PAYLOAD_FIELDS = 20

_WHITESPACE = re.compile(r"\s+")
_HASH_RUN = re.compile(r"#{2,}")

DIRECTIVE: dict[Lang, str] = {
    "ru": "Ниже — сведения об этом пользователе из долговременной памяти, опирайся на них; "
    "данные со слов пользователя и документальные помечены отдельно; о пробелах можно спросить пользователя.",
    "en": "Below is what long-term memory holds about this user; rely on it. Self-reported and "
    "documented data are marked as such; you may ask the user about the gaps.",
}

BLOCK_TITLES: dict[BlockKind, dict[Lang, str]] = {
    "instructions": {
        "ru": "Указания пользователя (соблюдать всегда)",
        "en": "User's standing instructions (always follow)",
    },
    "profile": {"ru": "Профиль пользователя", "en": "User profile"},
    "style": {"ru": "Стиль общения", "en": "Communication style"},
    "self_reported": {"ru": "Со слов пользователя", "en": "Self-reported by the user"},
    "documented": {"ru": "Документально подтверждено (загруженные записи)", "en": "Documented (uploaded records)"},
    "gaps": {"ru": "Пробелы: неизвестно, можно спросить", "en": "Gaps: unknown, you may ask"},
}

SECTION_LABELS: dict[str, dict[Lang, str]] = {
    "medications": {"ru": "Лекарства", "en": "Medications"},
    "symptoms": {"ru": "Симптомы", "en": "Symptoms"},
    "diagnoses": {"ru": "Диагнозы", "en": "Diagnoses"},
    "chronic_conditions": {"ru": "Хронические заболевания", "en": "Chronic conditions"},
    "demographics": {"ru": "Физические данные", "en": "Body data"},
    "lifestyle": {"ru": "Образ жизни", "en": "Lifestyle"},
    "allergies": {"ru": "Аллергии", "en": "Allergies"},
    "surgeries": {"ru": "Операции", "en": "Surgeries"},
    "injuries": {"ru": "Травмы", "en": "Injuries"},
    "vaccinations": {"ru": "Прививки", "en": "Vaccinations"},
    "family_history": {"ru": "Семейный анамнез", "en": "Family history"},
    "profile": {"ru": "Профиль", "en": "Profile"},
    "preferences": {"ru": "Предпочтения", "en": "Preferences"},
    "style": {"ru": "Стиль", "en": "Style"},
    "instructions": {"ru": "Указания", "en": "Instructions"},
    "notes": {"ru": "Заметки", "en": "Notes"},
}

SLOT_LABELS: dict[str, dict[Lang, str]] = {
    # profile
    "name": {"ru": "имя", "en": "name"},
    "age": {"ru": "возраст", "en": "age"},
    "city": {"ru": "город", "en": "city"},
    "country": {"ru": "страна", "en": "country"},
    "profession": {"ru": "профессия", "en": "profession"},
    "gender": {"ru": "пол", "en": "gender"},
    "language": {"ru": "язык", "en": "language"},
    "region": {"ru": "регион", "en": "region"},
    "family_status": {"ru": "семейное положение", "en": "family status"},
    "children": {"ru": "дети", "en": "children"},
    # demographics
    "sex": {"ru": "пол", "en": "sex"},
    "height_cm": {"ru": "рост, см", "en": "height, cm"},
    "weight_kg": {"ru": "вес, кг", "en": "weight, kg"},
    "blood_type": {"ru": "группа крови", "en": "blood type"},
    "pregnancy": {"ru": "беременность, кормление грудью", "en": "pregnancy, breastfeeding"},
    # lifestyle
    "smoking": {"ru": "курение", "en": "smoking"},
    "alcohol": {"ru": "алкоголь", "en": "alcohol"},
    "exercise": {"ru": "спорт", "en": "exercise"},
    "sleep": {"ru": "сон", "en": "sleep"},
    "activity": {"ru": "активность", "en": "activity"},
    # preferences
    "diet": {"ru": "питание", "en": "diet"},
    "likes": {"ru": "любит", "en": "likes"},
    "dislikes": {"ru": "не любит", "en": "dislikes"},
    "pets": {"ru": "питомцы", "en": "pets"},
    "hobbies": {"ru": "хобби", "en": "hobbies"},
    "sports": {"ru": "спорт", "en": "sports"},
    "cuisine": {"ru": "кухня", "en": "cuisine"},
    # style
    "tone": {"ru": "тон", "en": "tone"},
    "format": {"ru": "формат", "en": "format"},
    "address": {"ru": "обращение", "en": "address"},
    "emoji": {"ru": "эмодзи", "en": "emoji"},
    "tech_level": {"ru": "уровень в технике", "en": "tech level"},
    "patience": {"ru": "терпение", "en": "patience"},
    "emotionality": {"ru": "эмоциональность", "en": "emotionality"},
}

# Enumerated values (registry Literals) read as words; free text is quoted instead.
VALUE_LABELS: dict[str, dict[str, dict[Lang, str]]] = {
    "tone": {
        "formal": {"ru": "официальный", "en": "formal"},
        "friendly": {"ru": "дружеский", "en": "friendly"},
        "neutral": {"ru": "нейтральный", "en": "neutral"},
        "humorous": {"ru": "с юмором", "en": "humorous"},
    },
    "format": {
        "short": {"ru": "коротко", "en": "short"},
        "detailed": {"ru": "подробно", "en": "detailed"},
        "lists": {"ru": "списками", "en": "lists"},
        "step_by_step": {"ru": "по шагам", "en": "step by step"},
    },
    "address": {"ты": {"ru": "на ты", "en": "informal (ты)"}, "Вы": {"ru": "на Вы", "en": "formal (Вы)"}},
    "emoji": {
        "none": {"ru": "без", "en": "none"},
        "few": {"ru": "немного", "en": "a few"},
        "many": {"ru": "много", "en": "many"},
    },
    "tech_level": {
        "novice": {"ru": "новичок", "en": "novice"},
        "intermediate": {"ru": "средний", "en": "intermediate"},
        "expert": {"ru": "эксперт", "en": "expert"},
    },
    "patience": {
        "low": {"ru": "мало", "en": "low"},
        "normal": {"ru": "обычное", "en": "normal"},
        "high": {"ru": "много", "en": "high"},
    },
    "emotionality": {
        "reserved": {"ru": "сдержанно", "en": "reserved"},
        "neutral": {"ru": "нейтрально", "en": "neutral"},
        "expressive": {"ru": "эмоционально", "en": "expressive"},
    },
    "gender": {"male": {"ru": "мужской", "en": "male"}, "female": {"ru": "женский", "en": "female"}},
    "sex": {"male": {"ru": "мужской", "en": "male"}, "female": {"ru": "женский", "en": "female"}},
    "pregnancy": {
        "pregnant": {"ru": "беременна", "en": "pregnant"},
        "breastfeeding": {"ru": "кормит грудью", "en": "breastfeeding"},
    },
}

# Entity fields shown after the name, in this order; `status`/`stopped` become the status phrase.
FIELD_LABELS: dict[str, dict[Lang, str]] = {
    "relative": {"ru": "родственник", "en": "relative"},
    "dosage": {"ru": "доза", "en": "dose"},
    "frequency": {"ru": "частота", "en": "frequency"},
    "indication": {"ru": "от", "en": "for"},
    "kind": {"ru": "тип", "en": "type"},
    "reaction": {"ru": "реакция", "en": "reaction"},
    "severity": {"ru": "тяжесть", "en": "severity"},
    "since": {"ru": "с", "en": "since"},
    "started": {"ru": "начало", "en": "started"},
    "date": {"ru": "дата", "en": "date"},
    "age_at_onset": {"ru": "возраст начала", "en": "age at onset"},
}

# Allowed values of entity fields (models/sections.py), in the reader's language. They are the
# registry's vocabulary, not the user's words, so they are shown unquoted.
FIELD_VALUE_LABELS: dict[str, dict[str, dict[Lang, str]]] = {
    "kind": {
        "drug": {"ru": "лекарство", "en": "drug"},
        "food": {"ru": "пища", "en": "food"},
        "environmental": {"ru": "окружающая среда", "en": "environmental"},
        "other": {"ru": "другое", "en": "other"},
    },
    "severity": {
        "mild": {"ru": "лёгкая", "en": "mild"},
        "moderate": {"ru": "средняя", "en": "moderate"},
        "severe": {"ru": "тяжёлая", "en": "severe"},
    },
}

_STATUS_LABELS: dict[str, dict[str, dict[Lang, str]]] = {
    "medications": {
        "active": {"ru": "принимает", "en": "taking"},
        "prescribed": {"ru": "назначен", "en": "prescribed"},
    },
    "symptoms": {"current": {"ru": "сейчас", "en": "current"}, "resolved": {"ru": "прошло", "en": "resolved"}},
    "diagnoses": {
        "suspected": {"ru": "подозрение", "en": "suspected"},
        "resolved": {"ru": "в прошлом", "en": "resolved"},
    },
    "chronic_conditions": {
        "remission": {"ru": "ремиссия", "en": "in remission"},
        "resolved": {"ru": "в прошлом", "en": "resolved"},
    },
}

RECORD_KINDS: dict[str, dict[Lang, str]] = {
    "lab_result": {"ru": "анализ", "en": "lab result"},
    "visit": {"ru": "приём врача", "en": "visit"},
    "document": {"ru": "документ", "en": "document"},
    "prescription": {"ru": "назначение", "en": "prescription"},
    "imaging": {"ru": "исследование", "en": "imaging"},
}


def _text(ru: str, en: str, lang: Lang) -> str:
    return ru if lang == "ru" else en


# A string that needs none of quote's work: no character JSON escapes, no whitespace but single
# inner spaces, no "#", not too long. Most stored values are like this; one search replaces two
# substitutions and a json.dumps.
_PLAIN = re.compile(r'[^"\\#\x00-\x1f\x7f-\x9f\s]+(?: [^"\\#\x00-\x1f\x7f-\x9f\s]+)*')


def quote(value: Any) -> str:
    """A stored value as inert prompt data: one line, JSON-quoted, no heading markers."""
    if isinstance(value, str) and len(value) <= MAX_QUOTED_CHARS and _PLAIN.fullmatch(value):
        return f'"{value}"'
    if isinstance(value, bool | int | float):
        return str(value)  # numbers carry no text that could forge anything
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = _HASH_RUN.sub("#", _WHITESPACE.sub(" ", text)).strip()
    if len(text) > MAX_QUOTED_CHARS:
        text = text[: MAX_QUOTED_CHARS - 1] + "…"
    return json.dumps(text, ensure_ascii=False)


def format_date(value: datetime) -> str:
    return value.date().isoformat()


def directive(lang: Lang) -> str:
    return DIRECTIVE[lang]


def heading(kind: BlockKind, lang: Lang) -> str:
    return HEADING_PREFIX + BLOCK_TITLES[kind][lang]


def item_line(item: str) -> str:
    return ITEM_PREFIX + item


def block_text(kind: BlockKind, items: list[str], lang: Lang) -> str:
    return "\n".join([heading(kind, lang), *map(item_line, items)])


def section_label(section: str, lang: Lang) -> str:
    labels = SECTION_LABELS.get(section)
    return labels[lang] if labels else quote(section)


def slot_name(key: str) -> str:
    """Multi-value slots are keyed "likes:суши"; the slot is the part before the colon."""
    return key.split(":", 1)[0]


# What a slot value may carry besides itself (a pet's count, breed and name), in this order.
SLOT_DETAIL_LABELS: dict[str, dict[Lang, str]] = {
    "count": {"ru": "сколько", "en": "how many"},
    "breed": {"ru": "порода", "en": "breed"},
    "name": {"ru": "кличка", "en": "name"},
}


def render_slot(slot: str, value: Any, lang: Lang, details: Mapping[str, Any] | None = None) -> str:
    labels = SLOT_LABELS.get(slot)
    label = labels[lang] if labels else quote(slot)
    value_labels = VALUE_LABELS.get(slot, {})
    shown = value_labels[value][lang] if isinstance(value, str) and value in value_labels else quote(value)
    shown_details = details or {}
    extra = [
        f"{names[lang]}: {quote(shown_details[key])}"
        for key, names in SLOT_DETAIL_LABELS.items()
        if shown_details.get(key)
    ]
    return f"{label}: {shown}" + (f" ({', '.join(extra)})" if extra else "")


def render_style(traits: list[tuple[str, Any]], lang: Lang) -> str:
    """All traits as one line of guidance: "обращение: на ты; формат: коротко; эмодзи: без"."""
    return "; ".join(render_slot(slot, value, lang) for slot, value in traits)


def entity_label(attributes: Mapping[str, Any]) -> str:
    """The name of an entity fact as the user said it, unquoted."""
    return str(attributes.get("name_raw") or attributes.get("value") or attributes.get("name_normalized") or "")


def _entity_name(attributes: Mapping[str, Any]) -> str:
    raw = attributes.get("name_raw") or attributes.get("value") or attributes.get("name_normalized") or ""
    name = quote(raw)
    normalized = attributes.get("name_normalized")
    # "Энап" is what the user said, "эналаприл" what it is: both help the assistant.
    if normalized and str(normalized).casefold() != str(raw).casefold():
        name += f" ({quote(normalized)})"
    return name


# A date a person can place on a calendar: "2025", "2025-10", "12.03.2024". Anything else ("в октябре",
# "two years ago") is relative to the day it was said, so that day is shown next to it.
_ABSOLUTE_DATE = re.compile(r"\b(19|20)\d\d\b")
# Slot values that say a habit has ended: "бросил курить", "quit two years ago", "ex-smoker".
_ENDED_VALUE = re.compile(
    r"\b(бросил\w*|перестал\w*|больше\s+не|уже\s+не|не\s+курю\s+с|в\s+прошлом|раньше|quit\w*|stopped|gave\s+up"
    r"|ex-?\w+|former\w*|used\s+to|no\s+longer)\b",
    re.IGNORECASE,
)
# Sections of things that happened at a time: the date decides many answers (is a booster due?).
DATED_SECTIONS = frozenset({"surgeries", "injuries", "vaccinations"})


def said_on(day: datetime, lang: Lang) -> str:
    return _text(f"со слов от {format_date(day)}", f"said on {format_date(day)}", lang)


def _status_phrase(
    section: str, attributes: Mapping[str, Any], fact_status: str, last_seen: datetime, lang: Lang
) -> str | None:
    if fact_status == "archived":
        return _text("в архиве, забыто", "archived, forgotten", lang)
    attribute_status = attributes.get("status")
    if section == "medications" and (fact_status == "inactive" or attribute_status == "stopped"):
        stopped = attributes.get("stopped")
        if not stopped:
            since = format_date(last_seen)
        elif _ABSOLUTE_DATE.search(str(stopped)):
            since = quote(stopped)
        else:  # "в марте", "две недели назад": relative to when the user said it
            since = f"{quote(stopped)}, {said_on(last_seen, lang)}"
        return _text(f"больше не принимает с {since}", f"no longer taking since {since}", lang)
    labels = _STATUS_LABELS.get(section, {})
    if isinstance(attribute_status, str) and attribute_status in labels:
        if fact_status == "inactive" and section == "symptoms":
            return labels["resolved"][lang]
        return labels[attribute_status][lang]
    if fact_status == "inactive":
        return _text(f"больше не так с {format_date(last_seen)}", f"no longer so since {format_date(last_seen)}", lang)
    return None


def render_entity(
    section: str,
    attributes: Mapping[str, Any],
    *,
    fact_status: str,
    last_seen: datetime,
    source: str,
    lang: Lang,
    first_seen: datetime | None = None,
) -> str:
    """One entity fact: quoted name, its known fields, then a status in parentheses.

    Things that happened at a time carry the day they were told when their own date is missing or
    relative ("в октябре"), so the assistant can tell whether a booster is due.
    """
    parts = [_entity_name(attributes)]
    for field_name, labels in FIELD_LABELS.items():
        value = attributes.get(field_name)
        if value in (None, ""):
            continue
        known = FIELD_VALUE_LABELS.get(field_name, {}).get(str(value))
        parts.append(f"{labels[lang]}: {known[lang] if known else quote(value)}")
    notes = [phrase for phrase in (_status_phrase(section, attributes, fact_status, last_seen, lang),) if phrase]
    if section in DATED_SECTIONS and not _ABSOLUTE_DATE.search(str(attributes.get("date") or "")):
        notes.append(said_on(first_seen or last_seen, lang))
    if source == "explicit":
        notes.append(_text("просил запомнить", "asked to remember", lang))
    text = ", ".join(parts)
    return f"{text} ({'; '.join(notes)})" if notes else text


def render_lifestyle(slot: str, value: Any, *, fact_status: str, last_seen: datetime, lang: Lang) -> str:
    """A habit; one given up is worded as ended, with the day it was said ("бросил курить", 2025-03-01)."""
    text = render_slot(slot, value, lang)
    if fact_status == "inactive":
        return f"{text} ({_text('больше не так с', 'no longer so since', lang)} {format_date(last_seen)})"
    if isinstance(value, str) and _ENDED_VALUE.search(value):
        return f"{text} ({_text('в прошлом', 'ended', lang)}; {said_on(last_seen, lang)})"
    return text


def render_floor(section: str, names: list[str], lang: Lang) -> str:
    """The safety floor: one short line per safety section, for questions no rule recognised."""
    return f"{section_label(section, lang)}: {', '.join(quote(name) for name in names)}"


def conflict_with_document(title: str, day: datetime, said: datetime, lang: Lang) -> str:
    """Marks the self-reported side of a disagreement, with both dates and sources."""
    return _text(
        f" — РАСХОЖДЕНИЕ: {said_on(said, lang)}, а документ {quote(title)} от {format_date(day)} говорит иное",
        f" — CONFLICT: {said_on(said, lang)}, but the document {quote(title)} of {format_date(day)} says otherwise",
        lang,
    )


def conflict_with_user(said: datetime, lang: Lang) -> str:
    """Marks the documented side of a disagreement."""
    return _text(
        f" — РАСХОЖДЕНИЕ: пользователь {said_on(said, lang)} говорил иное",
        f" — CONFLICT: the user said otherwise ({said_on(said, lang)})",
        lang,
    )


def render_coverage(section: str, state: str, updated_at: datetime, lang: Lang) -> str | None:
    """A section-wide statement: confirmed absence is a fact too, and so is "doesn't know"."""
    label = section_label(section, lang)
    if state == "confirmed_absent":
        day = format_date(updated_at)
        return _text(f"{label}: нет (подтверждено {day})", f"{label}: none (confirmed {day})", lang)
    if state == "user_unsure":
        return _text(f"{label}: пользователь не знает", f"{label}: the user does not know", lang)
    return None


def render_gap(section: str, lang: Lang) -> str:
    label = section_label(section, lang)
    return _text(f"{label}: неизвестно — можно спросить пользователя", f"{label}: unknown — you may ask the user", lang)


def render_record(kind: str, title: str, date: datetime, payload: Mapping[str, Any], lang: Lang) -> str:
    """`анализ "Гликированный гемоглобин", 2026-03-02: "HbA1c" = "7.1 %"`; pass only the fields to show."""
    kind_labels = RECORD_KINDS.get(kind)
    head = f"{kind_labels[lang] if kind_labels else quote(kind)} {quote(title)}, {format_date(date)}"
    fields = [f"{quote(key)} = {quote(value)}" for key, value in list(payload.items())[:MAX_PAYLOAD_FIELDS]]
    return f"{head}: {'; '.join(fields)}" if fields else head
