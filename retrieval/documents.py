"""Documented records on the read path: which sections a record speaks to, and where it disagrees
with what the user said.

A host uploads records as it has them (`{"kind", "title", "date", "payload"}`), so a record is
routed by its kind and by the names of its payload fields: a discharge summary's "Аллергии" field
belongs to allergies, its "Назначения" to medications, exactly as a fact of those sections would.
Names are matched on concepts (models/concepts.py), so "аллергия", "Аллергический анамнез" and
"allergies" all land in allergies. One word a line: adding a field name is a one-line change.

Conflicts are shown, never resolved: the assistant sees both sides, each with its date and source.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from models.concepts import fold_text, word_stems

# Field and kind names → the sections their content belongs to.
_NAMES_BY_SECTION: dict[str, tuple[str, ...]] = {
    "allergies": (
        "аллергия",
        "аллергии",
        "аллергический",
        "аллергоанамнез",
        "непереносимость",
        "allergy",
        "allergies",
        "allergic",
        "intolerance",
    ),
    "medications": (
        "лекарства",
        "препараты",
        "назначения",
        "назначено",
        "терапия",
        "лечение",
        "рецепт",
        "prescription",
        "medications",
        "medicines",
        "drugs",
        "prescribed",
        "treatment",
        "therapy",
    ),
    # A diagnosis field is this stay's diagnosis (a pneumonia), not a chronic condition: diagnoses only.
    "chronic_conditions": ("хронические", "сопутствующие", "comorbidities", "chronic", "conditions"),
    "diagnoses": ("диагноз", "диагнозы", "заболевания", "diagnosis", "diagnoses", "problems"),
    "vaccinations": (
        "прививки",
        "прививка",
        "вакцинация",
        "вакцина",
        "иммунизация",
        "vaccination",
        "vaccinations",
        "vaccine",
        "immunization",
        "immunizations",
    ),
    "surgeries": ("операции", "операция", "оперативное", "хирургические", "surgery", "surgeries", "operations"),
    "family_history": ("наследственность", "семейный", "family"),
    "lifestyle": ("курение", "алкоголь", "smoking", "alcohol", "tobacco"),
}


def _sections_by_concept() -> dict[str, frozenset[str]]:
    table: dict[str, set[str]] = {}
    for section, names in _NAMES_BY_SECTION.items():
        for name in names:
            for concept in word_stems(name):
                table.setdefault(concept, set()).add(section)
    return {concept: frozenset(sections) for concept, sections in table.items()}


SECTIONS_BY_CONCEPT: dict[str, frozenset[str]] = _sections_by_concept()
# Sections whose documented content may contradict what the user said about the whole section.
COVERAGE_CONFLICT_SECTIONS = frozenset({"allergies", "chronic_conditions", "family_history"})
# "Аллергии: нет", "NKDA": a document stating that the section is empty.
_NONE_VALUE = re.compile(
    r"^(нет|не\s+выявлен\w*|не\s+отмеча\w*|отрицает|без\s+особенностей|none|no|nil|nkda|nka|denies"
    r"|no\s+known(\s+drug)?\s+allergies)\W*$"
)
_SPLIT = re.compile(r"[,;\n]+")
_NAME_KEYS = ("name", "название", "наименование", "препарат", "drug", "substance", "вещество", "title")


@dataclass(frozen=True, slots=True)
class RecordView:
    kind: str
    title: str
    date: datetime
    payload: dict[str, Any]


@dataclass(slots=True)
class DocumentedField:
    """One payload field routed to sections: its names, or that the document says there are none."""

    record: RecordView
    field: str
    value: Any
    sections: frozenset[str]
    names: tuple[str, ...]
    says_none: bool


@dataclass(slots=True)
class Conflict:
    """A documented field and the self-reported side it disagrees with (a coverage statement or facts)."""

    section: str
    documented: DocumentedField
    said_at: datetime
    fact_keys: tuple[str, ...] = ()  # empty: the user's "none" for the whole section
    notes: list[str] = field(default_factory=list)


def sections_of_name(name: str) -> frozenset[str]:
    found: set[str] = set()
    for concept in word_stems(name):
        found |= SECTIONS_BY_CONCEPT.get(concept, frozenset())
    return frozenset(found)


def kind_sections(record: RecordView) -> frozenset[str]:
    """Sections the record's kind speaks to as a whole ("prescription", "vaccination")."""
    return sections_of_name(record.kind.replace("_", " "))


def routed_fields(record: RecordView) -> list[DocumentedField]:
    """The record's payload fields that belong to some section."""
    fields = []
    for name, value in record.payload.items():
        sections = sections_of_name(str(name))
        if not sections:
            continue
        names = item_names(value)
        says_none = not names and isinstance(value, str) and bool(_NONE_VALUE.match(fold_text(value.strip())))
        fields.append(DocumentedField(record, str(name), value, sections, names, says_none))
    return fields


def item_names(value: Any) -> tuple[str, ...]:
    """The named things in a field: "пенициллин, латекс", ["a", "b"], [{"name": "a", "dose": …}]."""
    if isinstance(value, str):
        if _NONE_VALUE.match(fold_text(value.strip())):
            return ()
        return tuple(part.strip() for part in _SPLIT.split(value) if part.strip())
    if isinstance(value, Mapping):
        for key in _NAME_KEYS:
            if isinstance(value.get(key), str):
                return (value[key].strip(),)
        return tuple(str(v) for v in value.values() if isinstance(v, str))[:1]
    if isinstance(value, list | tuple):
        return tuple(name for item in value for name in item_names(item))
    return ()


def same_thing(documented: str, said: Iterable[str]) -> bool:
    """A documented name and a fact's names meet on a concept ("пенициллин"/"пенициллина")."""
    concepts = word_stems(documented)
    return any(concepts & word_stems(name) for name in said if name)


def find_conflicts(
    fields: list[DocumentedField],
    coverage: Mapping[str, tuple[str, datetime]],
    facts_by_section: Mapping[str, list[Any]],
) -> list[Conflict]:
    """Where a document and the user disagree. `facts_by_section`: the user's non-archived facts.

    - the user said the section is empty ("аллергий нет") and the document names something in it;
    - the document says it is empty and the user named something;
    - the document names what the user denied or stopped (an inactive fact) — for a medication only
      when the document is newer than the stop: an older prescription is history, not a conflict.
    """
    conflicts: list[Conflict] = []
    for documented in fields:
        for section in documented.sections:
            facts = facts_by_section.get(section, [])
            active = [fact for fact in facts if fact.status == "active"]
            state = coverage.get(section)
            if section in COVERAGE_CONFLICT_SECTIONS and documented.names and state and state[0] == "confirmed_absent":
                conflicts.append(Conflict(section, documented, state[1]))
            if documented.says_none and active:
                newest = max(fact.last_seen for fact in active)
                conflicts.append(Conflict(section, documented, newest, tuple(fact.key for fact in active)))
            for fact in facts:
                if fact.status != "inactive" or not any(
                    same_thing(name, (fact.attributes.get("name_raw", ""), fact.attributes.get("name_normalized", "")))
                    for name in documented.names
                ):
                    continue
                if section == "medications" and documented.record.date <= fact.last_seen:
                    continue
                conflicts.append(Conflict(section, documented, fact.last_seen, (fact.key,)))
    return conflicts
