"""Stage 1, ingest: validate a fragment, store it durably, filter junk, glue short pieces.

A fragment is stored (idempotent on user + fragment_id) before the chain starts, so the message
that carried it can be acknowledged without anything being lost. Short pieces of dialogue
("мне" / "41" / "год") are held per conversation and glued with the ones that follow; junk is
marked skipped and costs no extractor call.
"""

from __future__ import annotations

import hashlib
import logging
from datetime import UTC, datetime, timedelta
from typing import Any

from celery import shared_task
from pydantic import ValidationError
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from models.db import lock_user, session_scope
from models.schemas import FragmentIn, SingleMessageIn
from models.settings import Settings, get_settings
from models.tables import BufferedMessage, Fragment
from tasks.classify import classify_fragment
from tasks.extractors import Dialogue, offline_sections
from tasks.filter import is_junk_dialogue, judge_text
from tasks.store import RETRY_ON_DROPPED_DATABASE, insert_ignoring_duplicates, record_rejection

log = logging.getLogger(__name__)


def describe_validation_error(exc: ValidationError) -> str:
    """'messages.0.role: Input should be 'user' or 'assistant'' — the field first, then what is wrong."""
    parts = []
    for error in exc.errors()[:5]:
        where = ".".join(str(p) for p in error["loc"]) or "payload"
        parts.append(f"{where}: {error['msg']}")
    return "; ".join(parts)


def user_text(messages: list[dict[str, Any]]) -> str:
    return " ".join(m["content"] for m in messages if m["role"] == "user").strip()


def admit_fragment(session: Session, fragment: FragmentIn, settings: Settings) -> int | None:
    """Store the fragment and decide its fate; the primary key when the chain should run for it.

    Replays are safe: a fragment already done, skipped, held or glued returns None; one still
    in processing (its worker died mid-chain) is started again, up to the attempts cap.
    """
    fragment = fragment.with_id()
    messages = [m.model_dump(mode="json") for m in fragment.messages]
    insert_ignoring_duplicates(
        session,
        Fragment,
        {
            "user_id": fragment.user_id,
            "fragment_id": fragment.fragment_id,
            "conversation_id": fragment.conversation_id,
            "messages": messages,
            "status": "pending",
            "attempts": 0,
            "glued": False,
        },
    )
    lock_user(session, fragment.user_id)  # gluing reads and changes the conversation's held pieces
    row = session.scalars(
        select(Fragment)
        .where(Fragment.user_id == fragment.user_id, Fragment.fragment_id == fragment.fragment_id)
        .with_for_update()
    ).one()
    if row.status == "pending":
        verdict = triage(session, row, settings)
        if verdict != "process":
            row.status = verdict
            return None
    elif row.status != "processing":
        return None
    row.attempts += 1
    if row.attempts > settings.max_fragment_attempts:
        row.status, row.error = "failed", f"gave up after {row.attempts - 1} attempts"
        return None
    row.status = "processing"
    return row.id


def triage(session: Session, row: Fragment, settings: Settings) -> str:
    """'process', 'skipped' (junk) or 'held' (a short piece waiting for the rest)."""
    if is_junk_dialogue(Dialogue.of(row.messages).messages):
        return "skipped"
    if judge_text(user_text(row.messages)) != "piece" or any(m["role"] != "user" for m in row.messages):
        return "process"
    held = held_pieces(session, row, settings)
    glued_text = " ".join([*(user_text(h.messages) for h in held), user_text(row.messages)])
    if not completes_a_statement(glued_text):
        return "held"
    for piece in held:
        piece.status = "glued"
    row.messages = [{"role": "user", "content": glued_text, "ts": row.messages[-1].get("ts")}]
    row.glued = True
    return "process"


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
    since = datetime.now(UTC) - timedelta(seconds=settings.buffer_idle_seconds)
    same_conversation = (
        Fragment.conversation_id == row.conversation_id if row.conversation_id else Fragment.conversation_id.is_(None)
    )
    newest = session.scalars(
        select(Fragment)
        .where(
            Fragment.user_id == row.user_id,
            same_conversation,
            Fragment.status == "held",
            Fragment.updated_at >= since,
            Fragment.id != row.id,
        )
        .order_by(Fragment.id.desc())
        .limit(settings.glue_buffer_max_messages - 1)
    ).all()
    return list(reversed(newest))


def buffer_message(session: Session, message: SingleMessageIn, settings: Settings) -> FragmentIn | None:
    """Add one message to its conversation's buffer; a fragment when the buffer is full."""
    ts = message.ts or datetime.now(UTC)
    # Without an id, a message is identified by where, when and what: a redelivery is a duplicate.
    identity = f"{message.conversation_id}\0{ts.isoformat()}\0{message.role}\0{message.content}"
    message_id = message.message_id or "sha256:" + hashlib.sha256(identity.encode()).hexdigest()[:40]
    insert_ignoring_duplicates(
        session,
        BufferedMessage,
        {
            "user_id": message.user_id,
            "conversation_id": message.conversation_id,
            "message_id": message_id,
            "role": message.role,
            "content": message.content,
            "ts": ts,
        },
    )
    lock_user(session, message.user_id)
    buffered = session.scalars(
        select(BufferedMessage)
        .where(BufferedMessage.user_id == message.user_id, BufferedMessage.conversation_id == message.conversation_id)
        .order_by(BufferedMessage.ts, BufferedMessage.id)
    ).all()
    if len(buffered) < settings.glue_buffer_max_messages:
        return None
    return drain_buffer(session, list(buffered))


def drain_buffer(session: Session, buffered: list[BufferedMessage]) -> FragmentIn:
    """Turn a conversation's buffered messages into one fragment and empty the buffer."""
    first, last = buffered[0], buffered[-1]
    session.execute(delete(BufferedMessage).where(BufferedMessage.id.in_([m.id for m in buffered])))
    return FragmentIn.model_validate(
        {
            "fragment_id": f"buffer:{first.message_id}..{last.message_id}"[:128],
            "user_id": first.user_id,
            "conversation_id": first.conversation_id,
            "messages": [{"role": m.role, "content": m.content, "ts": m.ts} for m in buffered],
        }
    )


@shared_task(name="ltm.ingest_fragment", **RETRY_ON_DROPPED_DATABASE)
def ingest_fragment(payload: dict[str, Any]) -> int | None:
    try:
        fragment = FragmentIn.model_validate(payload)
    except ValidationError as exc:
        refuse_payload(payload, "invalid fragment: " + describe_validation_error(exc))
        return None
    with session_scope() as session:
        fragment_pk = admit_fragment(session, fragment, get_settings())
    if fragment_pk is not None:
        classify_fragment.delay(fragment_pk)
    return fragment_pk


@shared_task(name="ltm.ingest_message", **RETRY_ON_DROPPED_DATABASE)
def ingest_message(payload: dict[str, Any]) -> int | None:
    try:
        message = SingleMessageIn.model_validate(payload)
    except ValidationError as exc:
        refuse_payload(payload, "invalid message: " + describe_validation_error(exc))
        return None
    settings = get_settings()
    with session_scope() as session:
        fragment = buffer_message(session, message, settings)
        fragment_pk = admit_fragment(session, fragment, settings) if fragment else None
    if fragment_pk is not None:
        classify_fragment.delay(fragment_pk)
    return fragment_pk


def refuse_payload(payload: Any, reason: str) -> None:
    """Bad input is kept with its reason, never retried, and never crashes the worker."""
    log.warning("refused payload: %s", reason)
    user_id = payload.get("user_id") if isinstance(payload, dict) else None
    # The refused user_id may be what was wrong with the payload: a NUL or a lone surrogate cannot be
    # stored in PostgreSQL text, and raising here would lose the rejection (found by
    # tests/test_hostile_input.py). Escaped like repr() escapes the raw payload.
    kept_user = ""
    if isinstance(user_id, str):
        kept_user = user_id.encode("utf-8", "backslashreplace").decode().replace("\x00", "\\x00")[:128]
    with session_scope() as session:
        record_rejection(
            session, user_id=kept_user, fragment_id=None, section=None, raw=repr(payload)[:10_000], reason=reason
        )
