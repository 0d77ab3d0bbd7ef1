"""Admission, the first half of stage 1: a fragment stored durably and its fate decided.

A new fragment goes in with its status (junk skipped, content processing, a short piece pending
its judgement) in one INSERT, idempotent on user + fragment_id; a stored one (a replay, a piece
to glue) is claimed again when it still needs the chain. The caller holds no lock: `admit_fragment`
takes the user's, the order every writer takes them in (gluing reads and changes the conversation's
held pieces, reconcile the user's facts). Used by ingest (tasks/ingest.py, tasks/ingest_batch.py)
and by the flush job (tasks/maintenance.py).
"""

from __future__ import annotations

from datetime import timedelta
from functools import lru_cache
from typing import Any

from sqlalchemy import BigInteger, bindparam, func, select
from sqlalchemy.dialects import postgresql
from sqlalchemy.orm import Session

from models.clock import utcnow
from models.db import lock_key, lock_user
from models.schemas import FragmentIn
from models.settings import Settings
from models.statuses import FragmentStatus
from models.tables import Fragment
from tasks.extractors import Dialogue, offline_sections
from tasks.filter import is_junk_dialogue, judge_text
from tasks.inline import Claimed
from tasks.store import core, dialect_insert


def user_text(messages: list[dict[str, Any]]) -> str:
    return " ".join(m["content"] for m in messages if m["role"] == "user").strip()


def admit_fragment(session: Session, fragment: FragmentIn, settings: Settings) -> Claimed | None:
    """Store the fragment and decide its fate; the claim when the chain should run for it.

    A new fragment is judged before it is stored, so it goes in with its status in one INSERT.
    Replays are safe: a fragment already done, skipped, held or glued returns None; one still in
    processing (its worker died mid-chain) is claimed again, up to the attempts cap.
    """
    fragment = fragment.with_id()
    assert fragment.fragment_id is not None
    messages = [m.model_dump(mode="json") for m in fragment.messages]
    status = first_status(messages)
    row: dict[str, Any] = {
        "user_id": fragment.user_id,
        "fragment_id": fragment.fragment_id,
        "conversation_id": fragment.conversation_id,
        "messages": messages,
        "status": status,
        "attempts": 1 if status == FragmentStatus.PROCESSING else 0,
        "glued": False,
    }
    # The user first, then the row: the order every writer takes them in (gluing reads and changes
    # the conversation's held pieces, reconcile the user's facts).
    if session.get_bind().dialect.name == "postgresql":
        now = utcnow()
        row.update(lock_key=lock_key("user", fragment.user_id), created_at=now, updated_at=now, heartbeat_at=now)
        fresh = session.scalar(locked_fragment_insert(), row)
    else:
        lock_user(session, fragment.user_id)
        fresh = session.scalar(
            dialect_insert(session, Fragment).values(**row).on_conflict_do_nothing().returning(Fragment.id)
        )
    if fresh is not None and status == FragmentStatus.PROCESSING:
        return Claimed(fresh, fragment.user_id, fragment.fragment_id, messages, glued=False)
    if fresh is not None and status == FragmentStatus.SKIPPED:
        return None
    return claim_stored(session, fragment.user_id, fragment.fragment_id, settings)


FRAGMENT_COLUMNS = (
    "user_id",
    "fragment_id",
    "conversation_id",
    "messages",
    "status",
    "attempts",
    "glued",
    "created_at",
    "updated_at",
    "heartbeat_at",
)


@lru_cache(maxsize=1)
def locked_fragment_insert() -> Any:
    """PostgreSQL: the user's lock and the fragment's INSERT … ON CONFLICT DO NOTHING in one round trip.

    The row is selected from a subquery that takes the lock (a volatile function: evaluated once,
    before the row exists), so the insert and its conflict check come after the lock, as with two
    statements. Built once; the values are parameters.
    """
    table = core(Fragment)
    locked = select(func.pg_advisory_xact_lock(bindparam("lock_key", type_=BigInteger)).label("locked")).subquery()
    values = select(*(bindparam(name, type_=table.c[name].type) for name in FRAGMENT_COLUMNS)).select_from(locked)
    return postgresql.insert(table).from_select(FRAGMENT_COLUMNS, values).on_conflict_do_nothing().returning(table.c.id)


def first_status(messages: list[dict[str, Any]]) -> FragmentStatus:
    """What a new fragment is before gluing: junk is skipped, content processed, a piece waits to be judged."""
    if is_junk_dialogue(Dialogue.of(messages).messages):
        return FragmentStatus.SKIPPED
    if judge_text(user_text(messages)) != "piece" or any(m["role"] != "user" for m in messages):
        return FragmentStatus.PROCESSING
    return FragmentStatus.PENDING


def claim_stored(session: Session, user_id: str, fragment_id: str, settings: Settings) -> Claimed | None:
    """A stored fragment (a replay, or a piece to glue): claim it when it still needs the chain."""
    row = session.scalars(
        select(Fragment).where(Fragment.user_id == user_id, Fragment.fragment_id == fragment_id).with_for_update()
    ).one()
    if row.status == FragmentStatus.PENDING:
        verdict = triage(session, row, settings)
        if verdict != FragmentStatus.PROCESSING:
            row.status = verdict
            return None
    elif row.status != FragmentStatus.PROCESSING:
        return None
    row.attempts += 1
    row.heartbeat_at = utcnow()
    if row.attempts > settings.max_fragment_attempts:
        row.status, row.error = FragmentStatus.FAILED, f"gave up after {row.attempts - 1} attempts"
        return None
    row.status = FragmentStatus.PROCESSING
    return Claimed(row.id, row.user_id, row.fragment_id, list(row.messages), glued=row.glued)


def triage(session: Session, row: Fragment, settings: Settings) -> FragmentStatus:
    """PROCESSING, SKIPPED (junk) or HELD (a short piece waiting for the rest); glues when a piece completes."""
    status = first_status(row.messages)
    if status != FragmentStatus.PENDING:
        return status
    held = held_pieces(session, row, settings)
    glued_text = " ".join([*(user_text(h.messages) for h in held), user_text(row.messages)])
    if not completes_a_statement(glued_text):
        return FragmentStatus.HELD
    for piece in held:
        piece.status = FragmentStatus.GLUED
    row.messages = [{"role": "user", "content": glued_text, "ts": row.messages[-1].get("ts")}]
    row.glued = True
    return FragmentStatus.PROCESSING


def completes_a_statement(glued_text: str) -> bool:
    """Glued pieces are processed once the offline rules find something in them.

    Whatever backend is configured, this check is offline and free: "123 мне" waits for "41" and
    "год", while "мне 41 год" goes on.
    """
    if judge_text(glued_text) != "content":
        return False
    return bool(offline_sections(glued_text))


def held_pieces(session: Session, row: Fragment, settings: Settings) -> list[Fragment]:
    """The conversation's recent short pieces, oldest first; older ones are left to expire."""
    since = utcnow() - timedelta(seconds=settings.buffer_idle_seconds)
    same_conversation = (
        Fragment.conversation_id == row.conversation_id if row.conversation_id else Fragment.conversation_id.is_(None)
    )
    newest = session.scalars(
        select(Fragment)
        .where(
            Fragment.user_id == row.user_id,
            same_conversation,
            Fragment.status == FragmentStatus.HELD,
            Fragment.updated_at >= since,
            Fragment.id != row.id,
        )
        .order_by(Fragment.id.desc())
        .limit(settings.glue_buffer_max_messages - 1)
    ).all()
    return list(reversed(newest))
