"""The memory model, fed with events directly (no extractor): every change rule, against PostgreSQL."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from models.db import lock_user
from models.schemas import ProposedEvent
from models.sections import SECTIONS, drug_name_key
from models.settings import Settings
from models.tables import Coverage, CoverageEvent, Fact, FactEvent, RejectedExtraction
from tasks.facts import enforce_fact_cap
from tasks.language import lexicon
from tasks.reconcile import apply_events
from tasks.validate import InvalidExtraction, validate_events

T0 = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)


def event(
    section: str, action: Any = "assert", slot: str | None = None, day: int = 0, **attributes: Any
) -> ProposedEvent:
    return ProposedEvent(
        section=section, action=action, slot=slot, attributes=attributes, said_at=T0 + timedelta(days=day)
    )


def apply(
    session: Session,
    user_id: str,
    *events: ProposedEvent,
    settings: Settings | None = None,
    source: str = "conversation",
    glued: bool = False,
) -> list[str]:
    lock_user(session, user_id)
    events = tuple(e.model_copy(update={"source": source}) for e in events)
    outcome = apply_events(
        session,
        user_id=user_id,
        fragment_id=f"f-{len(events)}",
        events=list(events),
        settings=settings or Settings(),
        glued=glued,
    )
    session.flush()
    return outcome.changes


def fact(session: Session, user_id: str, section: str, key: str) -> Fact:
    return session.scalars(select(Fact).where(Fact.user_id == user_id, Fact.section == section, Fact.key == key)).one()


def history(session: Session, found: Fact) -> list[FactEvent]:
    return list(session.scalars(select(FactEvent).where(FactEvent.fact_id == found.id).order_by(FactEvent.id)))


def med(day: int, **attributes: Any) -> ProposedEvent:
    return event("medications", day=day, name_raw="Энап", name_normalized="эналаприл", **attributes)


def test_medication_lifecycle_keeps_every_step(session: Session, user_id: str) -> None:
    assert apply(session, user_id, med(0, dosage="5 мг", status="prescribed")) == ["first_mention"]
    assert apply(session, user_id, med(1, status="active")) == ["update"]
    assert apply(session, user_id, med(2, dosage="10 мг")) == ["update"]
    stop = ProposedEvent(
        section="medications",
        action="negate",
        said_at=T0 + timedelta(days=3),
        attributes={"name_raw": "эналаприл", "name_normalized": "эналаприл"},
    )
    assert apply(session, user_id, stop) == ["negation"]

    found = fact(session, user_id, "medications", "enalapril")
    assert found.status == "inactive"
    assert found.attributes["status"] == "stopped"
    assert found.attributes["dosage"] == "10 мг"
    assert found.attributes["name_raw"] == "Энап"  # the user's first wording is the fact's name
    steps = history(session, found)
    assert [h.change for h in steps] == ["first_mention", "update", "update", "negation"]
    assert steps[2].before == {
        "status": "active",
        "attributes": {"name_raw": "Энап", "name_normalized": "эналаприл", "dosage": "5 мг", "status": "active"},
    }
    assert [h.valid_at.day for h in steps] == [1, 2, 3, 4]


def test_same_fact_again_is_a_reconfirmation_not_a_duplicate(session: Session, user_id: str) -> None:
    latex = event("allergies", name_raw="latex", name_normalized="latex")
    assert apply(session, user_id, latex) == ["first_mention"]
    assert apply(session, user_id, latex.model_copy(update={"said_at": T0 + timedelta(days=5)})) == ["reconfirmation"]
    rows = session.scalars(select(Fact).where(Fact.user_id == user_id)).all()
    assert len(rows) == 1
    assert rows[0].mentions == 2
    assert rows[0].last_seen == T0 + timedelta(days=5)


def test_negation_of_a_mistaken_allergy(session: Session, user_id: str) -> None:
    apply(session, user_id, event("allergies", name_raw="мёд", name_normalized="мед"))
    assert apply(session, user_id, event("allergies", "negate", name_raw="мёд", name_normalized="мед")) == ["negation"]
    assert fact(session, user_id, "allergies", "мед").status == "inactive"
    # Saying it again changes nothing; negating something never stated is skipped with a reason.
    assert apply(session, user_id, event("allergies", "negate", name_raw="мёд", name_normalized="мед")) == [
        "reconfirmation"
    ]
    assert apply(session, user_id, event("allergies", "negate", name_raw="киви", name_normalized="киви")) == []
    reasons = session.scalars(select(RejectedExtraction.reason).where(RejectedExtraction.user_id == user_id)).all()
    assert reasons == ["nothing to negate: no such fact"]


def age(value: int, action: str = "assert", day: int = 0) -> ProposedEvent:
    return event("profile", action, slot="age", day=day, value=value)


def test_age_never_decreases_without_a_correction(session: Session, user_id: str) -> None:
    assert apply(session, user_id, age(34)) == ["first_mention"]
    assert apply(session, user_id, age(32, day=1)) == []
    assert fact(session, user_id, "profile", "age").attributes["value"] == 34
    assert apply(session, user_id, age(32, "correct", day=2)) == ["correction"]
    assert apply(session, user_id, age(33, day=3)) == ["update"]  # a birthday: increases are natural
    found = fact(session, user_id, "profile", "age")
    assert found.attributes["value"] == 33
    assert [h.change for h in history(session, found)] == ["first_mention", "correction", "update"]
    assert session.scalars(select(RejectedExtraction.reason).where(RejectedExtraction.user_id == user_id)).all() == [
        "age never decreases unless the user corrects it"
    ]


def test_a_child_mentioned_in_passing_keeps_the_count_on_file(session: Session, user_id: str) -> None:
    children = {"section": "profile", "slot": "children"}
    assert apply(session, user_id, event(**children, value="3 children")) == ["first_mention"]
    assert apply(session, user_id, event(**children, day=1, value="son")) == []
    assert fact(session, user_id, "profile", "children").attributes["value"] == "3 children"
    assert apply(session, user_id, event(**children, day=2, value="4 children")) == ["update"]
    assert apply(session, user_id, event(**children, action="correct", day=3, value="daughter")) == ["correction"]


def test_children_named_one_by_one_add_up_until_a_count_is_said(session: Session, user_id: str) -> None:
    children = {"section": "profile", "slot": "children"}
    assert apply(session, user_id, event(**children, value="son")) == ["first_mention"]
    assert apply(session, user_id, event(**children, day=1, value="daughter")) == ["update"]
    assert apply(session, user_id, event(**children, day=2, value="son")) == ["reconfirmation"]
    assert fact(session, user_id, "profile", "children").attributes["value"] == "son, daughter"
    assert apply(session, user_id, event(**children, day=3, value="2 children")) == ["update"]
    assert apply(session, user_id, event(**children, action="correct", day=4, value="дочь")) == ["correction"]
    assert fact(session, user_id, "profile", "children").attributes["value"] == "дочь"


def test_moving_city_is_an_update_that_keeps_the_old_value(session: Session, user_id: str) -> None:
    apply(session, user_id, event("profile", slot="city", value="Москва"))
    assert apply(session, user_id, event("profile", slot="city", day=30, value="Казань")) == ["update"]
    found = fact(session, user_id, "profile", "city")
    assert found.attributes == {"value": "Казань"}
    assert history(session, found)[-1].before == {"status": "active", "attributes": {"value": "Москва"}}


def test_explicit_facts_survive_conversational_extraction(session: Session, user_id: str) -> None:
    apply(session, user_id, event("profile", slot="city", value="Лиссабон"), source="explicit")
    assert apply(session, user_id, event("profile", slot="city", day=1, value="Порту")) == []
    assert fact(session, user_id, "profile", "city").attributes["value"] == "Лиссабон"
    # The same value said in conversation reconfirms; a correction by the user always applies.
    assert apply(session, user_id, event("profile", slot="city", day=2, value="Лиссабон")) == ["reconfirmation"]
    assert apply(session, user_id, event("profile", "correct", slot="city", day=3, value="Порту")) == ["correction"]
    found = fact(session, user_id, "profile", "city")
    assert (found.attributes["value"], found.source) == ("Порту", "explicit")


def coverage(session: Session, user_id: str, section: str = "allergies") -> str:
    row = session.get(Coverage, (user_id, section))
    return row.state if row else "unknown"


def test_coverage_unknown_confirmed_absent_then_known(session: Session, user_id: str) -> None:
    assert coverage(session, user_id) == "unknown"
    apply(session, user_id, event("allergies", "absent"))
    assert coverage(session, user_id) == "confirmed_absent"
    assert session.scalars(select(Fact).where(Fact.user_id == user_id)).all() == []
    apply(session, user_id, event("allergies", day=9, name_raw="пенициллин", name_normalized="пенициллин"))
    assert coverage(session, user_id) == "known"
    transitions = session.execute(
        select(CoverageEvent.state_before, CoverageEvent.state)
        .where(CoverageEvent.user_id == user_id)
        .order_by(CoverageEvent.id)
    ).all()
    assert [tuple(t) for t in transitions] == [("unknown", "confirmed_absent"), ("confirmed_absent", "known")]


@pytest.mark.parametrize(
    ("start", "action", "expected"),
    [
        ("unknown", "unsure", "user_unsure"),
        ("user_unsure", "absent", "confirmed_absent"),
        ("confirmed_absent", "unsure", "confirmed_absent"),  # "не знаю" does not undo a clear "no"
        ("known", "absent", "known"),  # "no allergies" with one on file is a contradiction, not an erasure
    ],
)
def test_coverage_transitions(session: Session, user_id: str, start: str, action: str, expected: str) -> None:
    section = "chronic_conditions"
    if start == "known":
        apply(session, user_id, event(section, name_raw="астма", name_normalized="астма"))
    elif start != "unknown":
        apply(session, user_id, event(section, "unsure" if start == "user_unsure" else "absent"))
    assert coverage(session, user_id, section) == start
    apply(session, user_id, event(section, action, day=1))
    assert coverage(session, user_id, section) == expected


def test_glued_text_gives_less_certain_facts(session: Session, user_id: str) -> None:
    apply(session, user_id, age(41), glued=True)
    assert fact(session, user_id, "profile", "age").confidence <= 0.6


def test_fact_cap_never_evicts_protected_sections(session: Session, user_id: str) -> None:
    settings = Settings(max_facts_per_user=3)
    apply(session, user_id, event("allergies", name_raw="орехи", name_normalized="орехи"), settings=settings)
    apply(session, user_id, event("notes", value="важная заметка"), source="explicit", settings=settings)
    for day, pet in enumerate(["кот", "собака", "попугай"], 1):
        apply(session, user_id, event("preferences", slot="pets", day=day, value=pet), settings=settings)
    # Writes never count the user's facts: the cap is the forget_facts sweep's (tasks/facts.py says why).
    assert session.scalar(select(func.count()).select_from(Fact).where(Fact.user_id == user_id)) == 5
    assert enforce_fact_cap(session, user_id, settings, T0 + timedelta(days=10)) == 2
    session.flush()
    live = session.scalars(select(Fact).where(Fact.user_id == user_id, Fact.status != "archived")).all()
    archived = session.scalars(select(Fact).where(Fact.user_id == user_id, Fact.status == "archived")).all()
    assert len(live) == 3
    assert {f.key for f in archived} == {"pets:кот", "pets:собака"}  # the least recently seen go first
    assert {f.section for f in live} >= {"allergies", "notes"}
    assert all(history(session, f)[-1].change == "archive" for f in archived)


# One valid example per section: first mention, the same again, then a change.
SECTION_EXAMPLES: dict[str, tuple[str | None, dict[str, Any], dict[str, Any] | None]] = {
    "medications": (
        None,
        {"name_raw": "Нурофен", "name_normalized": "ибупрофен", "dosage": "200 мг"},
        {"dosage": "400 мг"},
    ),
    "symptoms": (None, {"name_raw": "головная боль", "name_normalized": "головная боль"}, {"severity": "severe"}),
    "diagnoses": (None, {"name_raw": "гастрит", "name_normalized": "гастрит"}, {"since": "2020"}),
    "chronic_conditions": (None, {"name_raw": "диабет", "name_normalized": "диабет 2 типа"}, {"since": "5 лет"}),
    "demographics": ("height_cm", {"value": 180}, {"value": 181}),
    "lifestyle": ("smoking", {"value": "курит"}, {"value": "бросил"}),
    "allergies": (None, {"name_raw": "latex", "name_normalized": "latex"}, {"reaction": "rash"}),
    "surgeries": (None, {"name_raw": "аппендэктомия", "name_normalized": "аппендэктомия"}, {"date": "2015"}),
    "injuries": (None, {"name_raw": "перелом руки", "name_normalized": "перелом руки"}, {"date": "2019"}),
    "vaccinations": (None, {"name_raw": "грипп", "name_normalized": "грипп"}, {"date": "октябрь"}),
    "family_history": (
        None,
        {"name_raw": "инфаркт", "name_normalized": "инфаркт", "relative": "отец"},
        {"age_at_onset": 55},
    ),
    "profile": ("name", {"value": "Maria"}, {"value": "Mariana"}),
    "preferences": ("diet", {"value": "vegetarian"}, {"value": "vegan"}),
    "style": ("address", {"value": "ты"}, {"value": "Вы"}),
    "instructions": (None, {"value": "не называй меня на Вы"}, None),
    "notes": (None, {"value": "работаю только удалённо"}, None),
}


def test_every_section_has_an_example() -> None:
    assert set(SECTION_EXAMPLES) == set(SECTIONS)


@pytest.mark.parametrize("section", sorted(SECTION_EXAMPLES))
def test_every_section_first_mention_reconfirmation_update_negation(
    session: Session, user_id: str, section: str
) -> None:
    slot, attributes, change = SECTION_EXAMPLES[section]
    spec = SECTIONS[section]
    first = ProposedEvent(section=section, slot=slot, attributes=spec.validate(attributes, slot), said_at=T0)
    assert apply(session, user_id, first) == ["first_mention"]
    assert apply(session, user_id, first) == ["reconfirmation"]
    key = spec.key_for(first.attributes, slot)
    if change is not None:
        changed = first.model_copy(update={"attributes": spec.validate({**attributes, **change}, slot)})
        if spec.multi_slots and slot in spec.multi_slots:
            key = spec.key_for(changed.attributes, slot)
        assert apply(session, user_id, changed) == ["update"]
        assert fact(session, user_id, section, key).attributes.items() >= change.items()
    negate = first.model_copy(update={"action": "negate"})
    assert apply(session, user_id, negate) == ["negation"]
    assert fact(session, user_id, section, key).status == "inactive"


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("not json", "output is not JSON"),
        ('{"items": []}', "events: expected"),
        (
            '{"events": [{"section": "style", "slot": "address", "attributes": {"value": "you"}}]}',
            "events.0.attributes: style.value",
        ),
        ('{"events": [{"section": "style", "slot": "mood", "attributes": {"value": "ok"}}]}', "unknown slot 'mood'"),
        ('{"events": [{"section": "style", "action": "absent"}]}', "events.0.action"),
        ('{"events": [{"section": "allergies", "attributes": {"name_raw": "x"}}]}', "events.0.section"),
    ],
)
def test_invalid_extractions_are_rejected_naming_the_field(raw: str, message: str) -> None:
    with pytest.raises(InvalidExtraction, match=message):
        validate_events(raw, "style", Settings())


def test_values_are_truncated_not_rejected() -> None:
    raw = '{"events": [{"section": "notes", "attributes": {"value": "%s"}}]}' % ("a" * 700)
    (note,) = validate_events(raw, "notes", Settings(max_value_chars=500))
    assert len(note.attributes["value"]) == 500


def test_one_bad_event_rejects_the_whole_answer() -> None:
    raw = (
        '{"events": [{"section": "allergies", "attributes": {"name_raw": "latex", "name_normalized": "latex"}},'
        ' {"section": "allergies", "attributes": {"name_raw": "cats"}}]}'
    )
    with pytest.raises(InvalidExtraction, match=r"events\.1\.attributes: allergies\.name_normalized"):
        validate_events(raw, "allergies", Settings())


def test_an_older_statement_arriving_late_never_overrides_a_newer_one(session: Session, user_id: str) -> None:
    # Two workers may finish fragments out of order; valid time, not arrival, decides.
    assert apply(session, user_id, med(5, dosage="10 мг", status="active")) == ["first_mention"]
    assert apply(session, user_id, med(1, dosage="5 мг", status="prescribed", frequency="по утрам")) == ["update"]
    found = fact(session, user_id, "medications", "enalapril")
    assert found.attributes["dosage"] == "10 мг"
    assert found.attributes["status"] == "active"
    assert found.attributes["frequency"] == "по утрам"  # an older mention may still fill a gap
    stop = ProposedEvent(
        section="medications",
        action="negate",
        said_at=T0,
        attributes={"name_raw": "эналаприл", "name_normalized": "эналаприл"},
    )
    assert apply(session, user_id, stop) == []
    assert fact(session, user_id, "medications", "enalapril").status == "active"


def test_a_brand_name_from_any_backend_becomes_the_one_international_name() -> None:
    raw = (
        '{"events": [{"section": "medications", "attributes": {"name_raw": "Нурофен", "name_normalized": "Нурофен"}}]}'
    )
    (event,) = validate_events(raw, "medications", Settings())
    assert event.attributes == {"name_raw": "Нурофен", "name_normalized": "ибупрофен"}


def test_a_drug_said_in_two_languages_is_one_fact(session: Session, user_id: str) -> None:
    said_in_russian = event("medications", name_raw="Нурофен", name_normalized="ибупрофен", status="active")
    stopped_in_english = event(
        "medications", "negate", day=7, name_raw="ibuprofen", name_normalized="ibuprofen", status="stopped"
    )
    assert apply(session, user_id, said_in_russian) == ["first_mention"]
    assert apply(session, user_id, stopped_in_english) == ["negation"]
    (only,) = session.scalars(select(Fact).where(Fact.user_id == user_id)).all()
    assert (only.key, only.status, only.attributes["name_raw"]) == ("ibuprofen", "inactive", "Нурофен")


@pytest.mark.parametrize(
    ("russian", "english"),
    [
        ("ципрофлоксацин", "Ciprofloxacin"),
        ("левотироксин", "levothyroxine"),
        ("хлорамфеникол", "chloramphenicol"),
        ("тамсулозин", "tamsulosin"),
        ("ко-тримоксазол", "co-trimoxazole"),
        ("Ксарелто", "Xarelto"),  # a brand the lexicon may not know is transliterated all the same
    ],
)
def test_a_drug_name_has_one_key_in_either_alphabet(russian: str, english: str) -> None:
    assert drug_name_key(russian) == drug_name_key(english) == drug_name_key(drug_name_key(english))


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("ципрофлоксацин", "офлоксацин"),
        ("преднизолон", "prednisone"),
        ("метформин", "metoprolol"),
        ("Энап", "enalapril"),
    ],
)
def test_different_drug_names_keep_different_keys(one: str, other: str) -> None:
    assert drug_name_key(one) != drug_name_key(other)


def test_no_two_substances_of_the_drug_lexicon_share_a_key() -> None:
    """Every international name the lexicons map to, grouped by key: a group of two is one substance spelt
    two ways (British and American INNs, a Russian brand written two ways), never two substances."""
    same_substance = {
        frozenset({"aciclovir", "acyclovir"}),
        frozenset({"beclometasone", "beclomethasone"}),
        frozenset({"cefalexin", "cephalexin"}),
        frozenset({"cholecalciferol", "colecalciferol"}),
        frozenset({"simethicone", "simeticone"}),
        frozenset({"седалгин", "седальгин"}),
        frozenset({"лансопразол", "ланзопразол"}),
    }
    by_key: dict[tuple[bool, str], set[str]] = defaultdict(set)
    for term in lexicon.drugs().terms():
        by_key[(term.normalized.isascii(), drug_name_key(term.normalized))].add(term.normalized)
    shared = {frozenset(names) for names in by_key.values() if len(names) > 1}
    assert shared <= same_substance


def test_first_mention_of_a_stopped_medicine_is_kept_inactive_with_when(session: Session, user_id: str) -> None:
    stopped = event(
        "medications", "negate", name_raw="Xyzal", name_normalized="levocetirizine", status="stopped", stopped="2026-02"
    )
    assert apply(session, user_id, stopped) == ["first_mention"]
    found = fact(session, user_id, "medications", drug_name_key("levocetirizine"))
    assert found.status == "inactive"
    assert found.attributes["stopped"] == "2026-02"
    # A bare denial of a medicine never on file says nothing to keep.
    denied = event("medications", "negate", name_raw="аспирин", name_normalized="аспирин")
    assert apply(session, user_id, denied) == []


def taste(slot: str, value: str, day: int) -> ProposedEvent:
    return event("preferences", slot=slot, day=day, value=value)


def test_a_dislike_of_what_was_liked_retires_the_like(session: Session, user_id: str) -> None:
    assert apply(session, user_id, taste("likes", "кинза", 0)) == ["first_mention"]
    assert apply(session, user_id, taste("dislikes", "Кинза", 3)) == ["negation", "first_mention"]
    like, dislike = (
        fact(session, user_id, "preferences", "likes:кинза"),
        fact(session, user_id, "preferences", "dislikes:кинза"),
    )
    assert (like.status, dislike.status) == ("inactive", "active")
    assert [h.change for h in history(session, like)] == ["first_mention", "negation"]  # that it was liked stays
    # Liked again: the like holds once more, the dislike goes.
    assert apply(session, user_id, taste("likes", "кинза", 5)) == ["negation", "update"]
    session.expire_all()
    assert (like.status, dislike.status) == ("active", "inactive")


def test_a_like_said_before_a_dislike_but_arriving_after_it_stays_inactive(session: Session, user_id: str) -> None:
    apply(session, user_id, taste("dislikes", "jazz", 5))
    apply(session, user_id, taste("likes", "jazz", 1))
    assert fact(session, user_id, "preferences", "likes:jazz").status == "inactive"
    assert fact(session, user_id, "preferences", "dislikes:jazz").status == "active"


def test_a_conversational_taste_never_retires_an_explicit_opposite(session: Session, user_id: str) -> None:
    apply(session, user_id, taste("likes", "кофе", 0), source="explicit")
    apply(session, user_id, taste("dislikes", "кофе", 1))
    assert fact(session, user_id, "preferences", "likes:кофе").status == "active"
    # Other slots and other things are left alone.
    apply(session, user_id, taste("likes", "чай", 2), taste("hobbies", "кофе", 2))
    assert fact(session, user_id, "preferences", "dislikes:кофе").status == "active"
