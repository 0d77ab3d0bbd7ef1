"""The write path in-process (the embedded mode's eager Celery) against PostgreSQL."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from celery_app.producer import publish_fragment
from models.tables import Extraction, Fact, Fragment, RejectedExtraction
from tasks.extractors import get_backend
from tasks.ingest import ingest_fragment
from tasks.stage import count_redelivery, redelivered


def say(user_id: str, text: str, n: int) -> dict[str, object]:
    return {
        "user_id": user_id,
        "conversation_id": "c1",
        "fragment_id": f"f{n}",
        "messages": [{"role": "user", "content": text, "ts": f"2026-04-{n:02d}T10:00:00Z"}],
    }


def fragment(session: Session, user_id: str, fragment_id: str) -> Fragment:
    return session.scalars(
        select(Fragment).where(Fragment.user_id == user_id, Fragment.fragment_id == fragment_id)
    ).one()


def test_a_fragment_goes_through_every_stage(session: Session, user_id: str) -> None:
    publish_fragment(say(user_id, "Меня зовут Олег, у меня аллергия на орехи.", 1))
    row = fragment(session, user_id, "f1")
    assert (row.status, row.attempts, sorted(row.sections or [])) == ("done", 1, ["allergies", "profile"])
    assert row.classifier_call is not None and row.classifier_call["prompt_id"] == "rules"
    extractions = session.scalars(select(Extraction).where(Extraction.fragment_pk == row.id)).all()
    assert sorted((e.section, e.status) for e in extractions) == [("allergies", "applied"), ("profile", "applied")]
    facts = session.scalars(select(Fact).where(Fact.user_id == user_id)).all()
    assert sorted(f.key for f in facts) == ["name", "орехи"]


def test_junk_costs_no_extraction_and_stores_no_fact(session: Session, user_id: str) -> None:
    for n, junk in enumerate(["!!!", "ыва", "ок"], 1):
        publish_fragment(say(user_id, junk, n))
    statuses = session.scalars(select(Fragment.status).where(Fragment.user_id == user_id)).all()
    assert statuses == ["skipped"] * 3
    assert session.scalar(select(func.count()).select_from(Extraction).where(Extraction.user_id == user_id)) == 0


def test_short_pieces_are_glued_and_less_certain(session: Session, user_id: str) -> None:
    for n, piece in enumerate(["123", "мне", "52", "года"], 1):
        publish_fragment(say(user_id, piece, n))
    # "123 мне" says nothing yet and waits; "… мне 52" says an age and goes on; "года" waits for more.
    statuses = [fragment(session, user_id, f"f{n}").status for n in (1, 2, 3, 4)]
    assert statuses == ["glued", "glued", "done", "held"]
    age = session.scalars(select(Fact).where(Fact.user_id == user_id, Fact.key == "age")).one()
    assert age.attributes == {"value": 52}
    assert age.confidence <= 0.6


def test_a_replayed_fragment_changes_nothing(session: Session, user_id: str) -> None:
    payload = say(user_id, "I live in Porto and I work as a pharmacist.", 1)
    publish_fragment(payload)
    publish_fragment(payload)
    row = fragment(session, user_id, "f1")
    assert row.attempts == 1
    facts = session.scalars(select(Fact).where(Fact.user_id == user_id)).all()
    assert {f.key: f.mentions for f in facts} == {"city": 1, "profession": 1}


def test_a_bad_payload_is_kept_with_its_reason_and_raises_nothing(session: Session, user_id: str) -> None:
    assert ingest_fragment.apply(
        args=[{"user_id": user_id, "messages": [{"role": "robot", "content": "hi"}]}]
    ).get() == [None]
    reason = session.scalars(select(RejectedExtraction.reason).where(RejectedExtraction.user_id == user_id)).one()
    assert reason.startswith("invalid fragment: messages.0.role:")


def test_redelivered_messages_count_as_attempts_until_the_fragment_is_parked(session: Session, user_id: str) -> None:
    assert not redelivered(SimpleNamespace(delivery_info=None))
    assert redelivered(SimpleNamespace(delivery_info={"redelivered": True}))
    row = Fragment(user_id=user_id, fragment_id="poison", messages=[], status="processing", attempts=1)
    session.add(row)
    session.flush()
    assert count_redelivery(session, row.id, max_attempts=3)
    assert count_redelivery(session, row.id, max_attempts=3)
    assert not count_redelivery(session, row.id, max_attempts=3)
    assert (row.status, row.attempts) == ("failed", 4)
    assert "redelivered" in (row.error or "")


def test_a_remote_backend_gets_one_task_chain_per_section_with_the_same_outcome(
    session: Session, user_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The rules backend, declared remote: each section then goes extract → validate → reconcile
    # as tasks of its own (eager here), the path an LLM backend takes.
    monkeypatch.setattr(get_backend(), "remote", True)
    publish_fragment(say(user_id, "Меня зовут Олег, у меня аллергия на орехи.", 1))
    row = fragment(session, user_id, "f1")
    assert row.status == "done"
    extractions = session.scalars(select(Extraction).where(Extraction.fragment_pk == row.id)).all()
    assert sorted((e.section, e.status) for e in extractions) == [("allergies", "applied"), ("profile", "applied")]
    facts = session.scalars(select(Fact).where(Fact.user_id == user_id)).all()
    assert sorted(f.key for f in facts) == ["name", "орехи"]
