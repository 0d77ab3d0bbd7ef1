"""Stage 1, ingest: validate a fragment, store it durably, filter junk, glue short pieces.

A fragment is stored (idempotent on user + fragment_id) in the transaction that claims it, and
its message is acknowledged only once that transaction committed (late acks), so nothing is lost.
Short pieces of dialogue ("мне" / "41" / "год") are held per conversation and glued with the ones
that follow; junk is marked skipped and costs no extractor call.

With a local backend the whole chain runs here, in the same transaction and under the one user
lock (tasks/inline.py): a fresh fragment costs one task, one transaction and about a dozen
statements. Two cases commit the claim first and work in a second transaction: a redelivered
message (it may be the one that killed its worker: its attempt must be counted durably, or it
would kill workers forever) and an error in the work (the claim stays, the requeue job retries).
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from celery import shared_task
from pydantic import ValidationError
from sqlalchemy import delete, select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from models.clock import utcnow
from models.db import lock_user, session_scope
from models.schemas import FragmentIn, SingleMessageIn
from models.settings import Settings, get_settings
from models.statuses import FragmentStatus
from models.tables import BufferedMessage, Fragment
from tasks.extractors import Dialogue, get_backend, offline_sections
from tasks.filter import is_junk_dialogue, judge_text
from tasks.inline import Claimed, run_inline
from tasks.pipeline import INGEST_FRAGMENT, INGEST_MESSAGE, hand_off
from tasks.stage import StageTask, redelivered
from tasks.store import dialect_insert, insert_ignoring_duplicates, record_rejection

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


def admit_fragment(session: Session, fragment: FragmentIn, settings: Settings) -> Claimed | None:
    """Store the fragment and decide its fate; the claim when the chain should run for it.

    A new fragment is judged before it is stored, so it goes in with its status in one INSERT.
    Replays are safe: a fragment already done, skipped, held or glued returns None; one still in
    processing (its worker died mid-chain) is claimed again, up to the attempts cap.
    """
    fragment = fragment.with_id()
    assert fragment.fragment_id is not None
    messages = [m.model_dump(mode="json") for m in fragment.messages]
    # The user first, then the row: the order every writer takes them in (gluing reads and changes
    # the conversation's held pieces, reconcile the user's facts).
    lock_user(session, fragment.user_id)
    status = first_status(messages)
    fresh = session.scalar(
        dialect_insert(session, Fragment)
        .values(
            user_id=fragment.user_id,
            fragment_id=fragment.fragment_id,
            conversation_id=fragment.conversation_id,
            messages=messages,
            status=status,
            attempts=1 if status == FragmentStatus.PROCESSING else 0,
            glued=False,
        )
        .on_conflict_do_nothing()
        .returning(Fragment.id)
    )
    if fresh is not None and status == FragmentStatus.PROCESSING:
        return Claimed(fresh, fragment.user_id, fragment.fragment_id, messages, glued=False)
    if fresh is not None and status == FragmentStatus.SKIPPED:
        return None
    return claim_stored(session, fragment.user_id, fragment.fragment_id, settings)


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


def buffer_message(session: Session, message: SingleMessageIn, settings: Settings) -> FragmentIn | None:
    """Add one message to its conversation's buffer; a fragment when the buffer is full."""
    ts = message.ts or utcnow()
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


@shared_task(name=INGEST_FRAGMENT, bind=True, base=StageTask)
def ingest_fragment(self: StageTask, payload: dict[str, Any]) -> int | None:
    try:
        fragment = FragmentIn.model_validate(payload)
    except ValidationError as exc:
        refuse_payload(payload, "invalid fragment: " + describe_validation_error(exc))
        return None
    settings = get_settings()
    return start_chain(self, INGEST_FRAGMENT, lambda session: admit_fragment(session, fragment, settings))


@shared_task(name=INGEST_MESSAGE, bind=True, base=StageTask)
def ingest_message(self: StageTask, payload: dict[str, Any]) -> int | None:
    try:
        message = SingleMessageIn.model_validate(payload)
    except ValidationError as exc:
        refuse_payload(payload, "invalid message: " + describe_validation_error(exc))
        return None
    settings = get_settings()

    def admit(session: Session) -> Claimed | None:
        fragment = buffer_message(session, message, settings)
        return admit_fragment(session, fragment, settings) if fragment else None

    return start_chain(self, INGEST_MESSAGE, admit)


def start_chain(task: StageTask, stage: str, admit: Callable[[Session], Claimed | None]) -> int | None:
    """Admit, then run the chain inline (local backend) or hand it to the next stage (remote one).

    The claim and the work share one transaction unless the message was redelivered (see the
    module docstring); with a remote backend the claim commits before any call is made.
    """
    backend, settings = get_backend(), get_settings()
    if backend.remote or redelivered(task.request):
        with session_scope() as session:
            claimed = admit(session)
        if claimed is None:
            return None
        if backend.remote:
            hand_off(stage, claimed.pk)
            return claimed.pk
        with session_scope() as session:
            lock_user(session, claimed.user_id)
            if session.scalar(select(Fragment.status).where(Fragment.id == claimed.pk)) == FragmentStatus.PROCESSING:
                run_inline(session, claimed, backend, settings)
        return claimed.pk
    try:
        with session_scope() as session:
            claimed = admit(session)
            if claimed is not None:
                run_inline(session, claimed, backend, settings)
    except OperationalError:
        raise  # the database went away: Celery retries the whole message, nothing was stored
    except Exception:
        # Nothing stored may be lost to an error in the work: the claim commits alone, with its
        # attempt counted, and the requeue job takes the fragment up again once it is silent.
        with session_scope() as session:
            admit(session)
        raise
    return claimed.pk if claimed is not None else None


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
