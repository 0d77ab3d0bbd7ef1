"""The section registry: the one place that says what each kind of memory looks like.

Per section: the attribute schema (allowed values included), how a fact's identity key is
derived, whether coverage (unknown / known / confirmed_absent / user_unsure) is tracked, how
long facts are kept, whether the per-user cap may evict them, and which query classes need it.

Two shapes exist. A *slot* section holds one value per named slot (profile.city, style.address);
the slot name is the key and `attributes.value` the value. An *entity* section holds any number
of named things (a medication, an allergen); the key is the normalised name (a medication's in Latin
letters, `drug_name_key`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, ValidationError

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
Age = Annotated[int, Field(ge=1, le=130)]
Retention = Literal["forever", "keep_inactive", "decay"]
CoverageState = Literal["unknown", "known", "confirmed_absent", "user_unsure"]


class Attributes(BaseModel):
    # Built on first use, not at import (see models.schemas.Schema): the read path validates none of them.
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, defer_build=True)


class EntityAttributes(Attributes):
    """A named thing. Optional fields left out mean "not said", so a later mention never resets them."""

    name_raw: Text
    name_normalized: Text


class NamedByUser(EntityAttributes):
    """A medicine or condition whose name may be one no reference list has (a brand, a misspelling)."""

    # False: kept as said, with a lower confidence; absent: the name is a known one (or not checked).
    verified: bool | None = None


class MedicationAttributes(NamedByUser):
    dosage: str | None = None
    frequency: str | None = None
    status: Literal["prescribed", "active", "stopped"] | None = None
    indication: str | None = None
    started: str | None = None
    stopped: str | None = None


class SymptomAttributes(NamedByUser):
    severity: Literal["mild", "moderate", "severe"] | None = None
    status: Literal["current", "resolved"] | None = None
    since: str | None = None
    frequency: str | None = None


class DiagnosisAttributes(NamedByUser):
    status: Literal["current", "suspected", "resolved"] | None = None
    since: str | None = None


class ChronicConditionAttributes(NamedByUser):
    status: Literal["current", "remission", "resolved"] | None = None
    since: str | None = None


class AllergyAttributes(EntityAttributes):
    kind: Literal["drug", "food", "environmental", "other"] | None = None
    reaction: str | None = None
    severity: Literal["mild", "moderate", "severe"] | None = None


class EventAttributes(EntityAttributes):
    """Surgeries, injuries, vaccinations: something that happened at a time."""

    date: str | None = None


class FamilyHistoryAttributes(NamedByUser):
    relative: Text
    age_at_onset: Annotated[int, Field(ge=0, le=130)] | None = None


class TextAttributes(Attributes):
    """Instructions and notes: a piece of the user's own wording."""

    value: Text


class SlotAttributes(Attributes):
    value: Any
    status: str | None = None


class PreferenceAttributes(SlotAttributes):
    """A preference slot; a pet may also carry how many, the breed and the name, as the user said them."""

    count: Annotated[int, Field(ge=1, le=1000)] | None = None
    breed: Text | None = None
    name: Text | None = None


def normalize_key(text: str) -> str:
    """Case- and spacing-insensitive identity: 'Энап  5' and 'энап 5' are one key."""
    return re.sub(r"\s+", " ", text.casefold().replace("ё", "е")).strip()


# A Russian drug name is the international name written in Cyrillic by the usual transliteration
# ("ибупрофен" is ibuprofen, "амоксициллин" amoxicillin), so one user who says it in both languages
# would otherwise have two facts. The key is the name in Latin letters, folded where the two spellings
# of one name differ: c before a hard sound is k and x is ks (ципрофлоксацин ~ ciprofloxacin), ph is f,
# th is t, y is i, z is s (тамсулозин ~ tamsulosin), and a final mute e goes (сертралин ~ sertraline).
# Two different drugs rarely differ only there; two spellings of one often do (aciclovir ~ acyclovir).
CYRILLIC_AS_LATIN = str.maketrans(
    {
        **dict(zip("абвгдезийклмнопрстуфыэ", "abvgdeziiklmnoprstufye", strict=True)),
        **{"ж": "zh", "х": "kh", "ц": "c", "ч": "ch", "ш": "sh", "щ": "shch", "ю": "yu", "я": "ya"},
        **{"ь": "", "ъ": ""},
    }
)
LATIN_SPELLINGS = (
    (re.compile(r"c(?![eiy])"), "k"),
    (re.compile(r"ph"), "f"),
    (re.compile(r"th"), "t"),
    (re.compile(r"x"), "ks"),
    (re.compile(r"y"), "i"),
    (re.compile(r"z"), "s"),
    (re.compile(r"(?<=[b-df-hj-np-tv-z])e\b"), ""),
)


def drug_name_key(text: str) -> str:
    """One key for a drug's name in Latin or Cyrillic letters: 'Ибупрофен' and 'ibuprofen' are 'ibuprofen'."""
    key = normalize_key(text).translate(CYRILLIC_AS_LATIN)
    for spelling, folded in LATIN_SPELLINGS:
        key = spelling.sub(folded, key)
    return key


@dataclass(frozen=True)
class Section:
    name: str
    domain: Literal["health", "person"]
    shape: Literal["slot", "entity"]
    schema: type[Attributes]
    query_classes: tuple[str, ...]
    # Slot sections: slot name → the type its value must have (allowed values included).
    slots: Mapping[str, Any] = field(default_factory=dict)
    # Slots that hold several values at once ("likes", "pets"): the key is slot + value.
    multi_slots: tuple[str, ...] = ()
    coverage: bool = False
    retention: Retention = "forever"
    # Slots whose value stops being true by itself (a pregnancy ends): days after the last mention when
    # the forget sweep makes the fact inactive, unless the user has said it again since.
    lapse_days: Mapping[str, int] = field(default_factory=dict)
    # False: the per-user cap never evicts these (safety-relevant health data).
    evictable: bool = True
    # How an entity's name becomes its key: by default case and spacing do not count.
    name_key: Callable[[str], str] = normalize_key

    def key_for(self, attributes: Mapping[str, Any], slot: str | None = None) -> str:
        """The identity key: what makes two mentions the same fact."""
        if self.shape == "slot":
            if slot is None:
                raise ValueError(f"{self.name}: a slot name is required")
            if slot in self.multi_slots:
                return f"{slot}:{normalize_key(str(attributes.get('value', '')))}"
            return slot
        if self.schema is FamilyHistoryAttributes:
            return f"{normalize_key(attributes['relative'])}:{self.name_key(attributes['name_normalized'])}"
        if self.schema is TextAttributes:
            return normalize_key(attributes["value"])
        return self.name_key(attributes["name_normalized"])

    def validate(self, attributes: Mapping[str, Any], slot: str | None = None) -> dict[str, Any]:
        """Validated attributes with None fields dropped; raises ValueError naming the field."""
        try:
            clean = self.schema.model_validate(dict(attributes)).model_dump(exclude_none=True)
            if self.shape == "slot":
                if slot is None or slot not in self.slots:
                    raise ValueError(f"{self.name}: unknown slot {slot!r}; allowed: {sorted(self.slots)}")
                clean["value"] = TypeAdapter(self.slots[slot]).validate_python(clean.get("value"))
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "value"
            raise ValueError(f"{self.name}.{where}: {first['msg']}") from None
        return clean


SECTIONS: dict[str, Section] = {
    s.name: s
    for s in (
        # Health.
        Section(
            "medications",
            "health",
            "entity",
            MedicationAttributes,
            ("treatment", "medication_safety", "medications", "symptoms", "conditions", "about_me"),
            retention="keep_inactive",
            name_key=drug_name_key,
        ),
        Section(
            "symptoms",
            "health",
            "entity",
            SymptomAttributes,
            ("treatment", "symptoms", "about_me"),
            retention="keep_inactive",
        ),
        Section(
            "diagnoses",
            "health",
            "entity",
            DiagnosisAttributes,
            ("treatment", "medication_safety", "risks", "conditions", "labs", "about_me"),
        ),
        Section(
            "chronic_conditions",
            "health",
            "entity",
            ChronicConditionAttributes,
            (
                "treatment",
                "medication_safety",
                "risks",
                "medications",
                "symptoms",
                "conditions",
                "labs",
                "nutrition",
                "about_me",
            ),
            coverage=True,
            evictable=False,
        ),
        Section(
            "demographics",
            "health",
            "slot",
            SlotAttributes,
            ("treatment", "medication_safety", "risks", "lifestyle", "about_me"),
            slots={
                "sex": Literal["male", "female"],
                "height_cm": Annotated[int, Field(ge=40, le=260)],
                "weight_kg": Annotated[float, Field(ge=2, le=400)],
                "blood_type": Text,
                # Decides which medicines are safe; "breastfeeding" follows "pregnant" in the same slot.
                "pregnancy": Literal["pregnant", "breastfeeding"],
            },
            # A pregnancy lasts at most ~40 weeks; breastfeeding that nobody mentions for as long has
            # most likely ended too, and a stale "pregnant" is worse than an unknown.
            lapse_days={"pregnancy": 300},
        ),
        Section(
            "lifestyle",
            "health",
            "slot",
            SlotAttributes,
            ("lifestyle", "treatment", "risks", "about_me"),
            slots={"smoking": Text, "alcohol": Text, "exercise": Text, "sleep": Text, "activity": Text},
        ),
        Section(
            "allergies",
            "health",
            "entity",
            AllergyAttributes,
            ("treatment", "medication_safety", "medications", "allergies", "nutrition", "about_me"),
            coverage=True,
            evictable=False,
        ),
        Section("surgeries", "health", "entity", EventAttributes, ("surgeries", "about_me"), evictable=False),
        Section("injuries", "health", "entity", EventAttributes, ("surgeries", "about_me")),
        Section("vaccinations", "health", "entity", EventAttributes, ("vaccinations", "about_me"), evictable=False),
        Section(
            "family_history",
            "health",
            "entity",
            FamilyHistoryAttributes,
            ("family", "risks", "about_me"),
            coverage=True,
            evictable=False,
        ),
        # Person.
        Section(
            "profile",
            "person",
            "slot",
            SlotAttributes,
            ("always",),
            slots={
                "name": Text,
                "age": Age,
                "city": Text,
                "country": Text,
                "profession": Text,
                "gender": Literal["male", "female"],
                "language": Text,
                "region": Text,
                "family_status": Text,
                "children": Text,
            },
        ),
        Section(
            "preferences",
            "person",
            "slot",
            PreferenceAttributes,
            ("nutrition", "recommendation", "leisure", "tastes", "about_me"),
            slots={
                "diet": Text,
                "likes": Text,
                "dislikes": Text,
                "pets": Text,
                "hobbies": Text,
                "sports": Text,
                "cuisine": Text,
            },
            multi_slots=("likes", "dislikes", "pets", "hobbies", "sports", "cuisine"),
            retention="decay",
        ),
        Section(
            "style",
            "person",
            "slot",
            SlotAttributes,
            ("always",),
            slots={
                "tone": Literal["formal", "friendly", "neutral", "humorous"],
                "format": Literal["short", "detailed", "lists", "step_by_step"],
                "address": Literal["ты", "Вы"],
                "emoji": Literal["none", "few", "many"],
                "tech_level": Literal["novice", "intermediate", "expert"],
                "patience": Literal["low", "normal", "high"],
                "emotionality": Literal["reserved", "neutral", "expressive"],
            },
        ),
        Section("instructions", "person", "entity", TextAttributes, ("always",), evictable=False),
        Section("notes", "person", "entity", TextAttributes, ("about_me", "notes"), retention="decay"),
    )
}

COVERAGE_SECTIONS: tuple[str, ...] = tuple(name for name, s in SECTIONS.items() if s.coverage)


def get_section(name: str) -> Section:
    try:
        return SECTIONS[name]
    except KeyError:
        raise ValueError(f"section: unknown section {name!r}") from None
