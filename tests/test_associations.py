"""Associative recall: learning concept → section weights, and the read path using them.

The learning core is pure; the upsert, the reconcile hook, the read path and erasure run against
the real PostgreSQL. Users are per test, so rows never meet across tests.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from models.db import session_scope
from models.schemas import ProposedEvent
from models.tables import Association, Extraction, Fact, FactEvent, Fragment
from retrieval import build_context
from retrieval.associations import global_associations, global_sections
from tasks.associate import MAX_WEIGHT, evict_weakest, learn_associations, record_associations
from tasks.erase import forget_user
from tasks.reconcile import reconcile_extraction

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def add_fact(session: Session, user_id: str, section: str, key: str, attributes: dict[str, object]) -> None:
    fact = Fact(
        user_id=user_id,
        section=section,
        key=key,
        status="active",
        attributes=attributes,
        source="conversation",
        confidence=0.9,
        first_seen=T0,
        last_seen=T0,
        mentions=1,
    )
    session.add(fact)
    session.flush()
    session.add(
        FactEvent(
            fact_id=fact.id,
            user_id=user_id,
            change="first_mention",
            status="active",
            attributes=attributes,
            before=None,
            source="conversation",
            confidence=0.9,
            fragment_id=None,
            valid_at=T0,
        )
    )
    session.flush()


def weights(session: Session, user_id: str) -> dict[tuple[str, str], int]:
    rows = session.execute(
        select(Association.concept, Association.section, Association.weight).where(Association.user_id == user_id)
    )
    return {(concept, section): weight for concept, section, weight in rows}


def reconcile_fragment(database_url: str, user_id: str, text: str, event: ProposedEvent) -> list[str]:
    """A fragment and its validated extraction, committed, then applied by the real reconcile task."""
    event = event.model_copy(update={"evidence": event.evidence or text})
    with session_scope(database_url) as s:
        fragment = Fragment(
            user_id=user_id,
            fragment_id=uuid.uuid4().hex,
            conversation_id="c1",
            messages=[
                {"role": "user", "content": text, "ts": T0.isoformat()},
                {"role": "assistant", "content": "Отличная цель! Удачи на дистанции."},
            ],
            status="processing",
            attempts=1,
            glued=False,
            sections=[event.section],
        )
        s.add(fragment)
        s.flush()
        extraction = Extraction(
            fragment_pk=fragment.id,
            user_id=user_id,
            section=event.section,
            backend="rules",
            raw_output="{}",
            events=[event.model_dump(mode="json")],
            status="valid",
        )
        s.add(extraction)
        s.flush()
        extraction_id = extraction.id
    return reconcile_extraction(extraction_id)


# --- learning, pure --------------------------------------------------------------------------------


def test_learning_pairs_every_concept_with_the_section() -> None:
    learned = learn_associations("Я готовлюсь к марафону, бегаю по утрам", ["lifestyle"])
    assert learned == {
        ("готов", "lifestyle"): 1,
        ("мараф", "lifestyle"): 1,
        ("бегаю", "lifestyle"): 1,
        ("утрам", "lifestyle"): 1,
    }


def test_learning_skips_stop_words_short_words_numbers_and_always_read_sections() -> None:
    assert learn_associations("Мне очень надо 2026 раз", ["allergies"]) == {}
    # profile/style/instructions are in every context and notes are matched word by word anyway.
    assert learn_associations("Меня зовут Олег", ["profile", "style", "instructions", "notes"]) == {}
    assert learn_associations("Олег любит пиццу", []) == {}


def test_learning_is_deterministic_and_bounded_per_fragment() -> None:
    text = " ".join(f"слово{index:03d}" for index in range(200))
    learned = learn_associations(text, ["lifestyle"])
    assert len(learned) <= 40
    assert learned == learn_associations(text, ["lifestyle"])


def test_global_table_loads_with_known_sections() -> None:
    table = global_associations()
    assert {"preferences", "allergies"} <= table["ресто"]
    assert {"vaccinations", "chronic_conditions", "allergies"} <= global_sections({"путеш"})
    assert global_sections({"гемог"}) == frozenset()


# --- the upsert --------------------------------------------------------------------------------------


def test_record_twice_adds_up(session: Session, user_id: str) -> None:
    increments = learn_associations("марафон", ["lifestyle"])
    record_associations(session, user_id, increments)
    record_associations(session, user_id, increments)
    assert weights(session, user_id) == {("мараф", "lifestyle"): 2}


def test_weight_is_capped(session: Session, user_id: str) -> None:
    record_associations(session, user_id, {("мараф", "lifestyle"): MAX_WEIGHT - 1})
    record_associations(session, user_id, {("мараф", "lifestyle"): 5})
    assert weights(session, user_id) == {("мараф", "lifestyle"): MAX_WEIGHT}


def test_per_user_cap_evicts_the_weakest(session: Session, user_id: str) -> None:
    record_associations(
        session, user_id, {("силь", "lifestyle"): 5, ("слаб", "lifestyle"): 1, ("средн", "lifestyle"): 3}
    )
    assert evict_weakest(session, user_id, cap=2) == 1
    assert set(weights(session, user_id)) == {("силь", "lifestyle"), ("средн", "lifestyle")}


# --- reading -------------------------------------------------------------------------------------------


def test_restaurant_brings_diet_and_allergies(session: Session, user_id: str) -> None:
    add_fact(session, user_id, "preferences", "diet", {"value": "вегетарианство"})
    add_fact(session, user_id, "allergies", "арахис", {"name_raw": "арахис", "name_normalized": "арахис"})
    context = build_context(user_id, "Посоветуй ресторан", session=session)
    assert {"preferences", "allergies"} <= set(context.sections)
    assert "вегетарианство" in context.text and "арахис" in context.text


def test_association_adds_sections_that_routing_misses(session: Session, user_id: str) -> None:
    add_fact(session, user_id, "preferences", "diet", {"value": "вегетарианство"})
    add_fact(session, user_id, "allergies", "арахис", {"name_raw": "арахис", "name_normalized": "арахис"})
    context = build_context(user_id, "Где вкусно поужинать в пятницу?", session=session)
    assert context.query_classes == []  # classes are reported as routed
    assert {"preferences", "allergies"} <= set(context.sections)
    assert "вегетарианство" in context.text and "арахис" in context.text


def test_associated_sections_keep_the_status_rules(session: Session, user_id: str) -> None:
    add_fact(session, user_id, "allergies", "арахис", {"name_raw": "арахис", "name_normalized": "арахис"})
    session.execute(update(Fact).where(Fact.user_id == user_id).values(status="archived"))
    context = build_context(user_id, "Где вкусно поужинать?", session=session)
    assert "allergies" in context.sections
    assert "арахис" not in context.text


def test_user_learned_association_brings_lifestyle(database_url: str, user_id: str) -> None:
    assert "мараф" not in global_associations()  # otherwise this would not test the learned weights
    question = "Как подготовиться к марафону?"
    assert "lifestyle" not in build_context(user_id, question).sections

    event = ProposedEvent(section="lifestyle", slot="exercise", attributes={"value": "бег по утрам"})
    assert reconcile_fragment(database_url, user_id, "Я готовлюсь к марафону, бегаю по утрам", event)

    context = build_context(user_id, question)
    assert "lifestyle" in context.sections
    assert context.query_classes == []
    assert "бег по утрам" in context.text
    with session_scope(database_url) as s:
        assert weights(s, user_id)[("мараф", "lifestyle")] == 1


def test_a_fragment_that_changed_nothing_teaches_nothing(database_url: str, user_id: str) -> None:
    event = ProposedEvent(section="lifestyle", action="negate", slot="exercise", attributes={"value": "бег"})
    assert reconcile_fragment(database_url, user_id, "Я больше не бегаю марафоны", event) == []
    with session_scope(database_url) as s:
        assert weights(s, user_id) == {}


def test_associations_never_leak_between_users(session: Session, user_id: str) -> None:
    other = f"{user_id}-other"
    record_associations(session, other, learn_associations("марафон", ["lifestyle"]))
    add_fact(session, other, "lifestyle", "exercise", {"value": "бег по утрам"})
    add_fact(session, user_id, "lifestyle", "smoking", {"value": "не курит"})
    context = build_context(user_id, "Как подготовиться к марафону?", session=session)
    assert "lifestyle" not in context.sections
    assert "не курит" not in context.text and "бег по утрам" not in context.text
    # The other user's own question does bring it in.
    assert "бег по утрам" in build_context(other, "Как подготовиться к марафону?", session=session).text


def test_erasure_removes_associations(session: Session, user_id: str) -> None:
    record_associations(session, user_id, learn_associations("марафон", ["lifestyle"]))
    deleted = forget_user(session, user_id)
    assert deleted["associations"] == 1
    count = session.scalar(select(func.count()).select_from(Association).where(Association.user_id == user_id))
    assert count == 0


def test_only_the_sentence_behind_a_fact_is_learned(database_url: str, session: Session, user_id: str) -> None:
    event = ProposedEvent(
        section="medications",
        evidence="Я принимаю метформин каждый день",
        attributes={"name_raw": "метформин", "name_normalized": "метформин"},
    )
    reconcile_fragment(database_url, user_id, "Я принимаю метформин каждый день. В октябре сделал прививку.", event)
    learned = {
        tuple(row)
        for row in session.execute(
            select(Association.concept, Association.section).where(Association.user_id == user_id)
        )
    }
    assert ("метфо", "medications") in learned
    assert not any(concept == "приви" for concept, _ in learned)
