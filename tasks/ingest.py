"""Stage 1, ingest: validate a fragment, store it durably, filter junk, glue short pieces.

A fragment is stored (idempotent on user + fragment_id) in the transaction that claims it, and
its message is acknowledged only once that transaction committed (late acks), so nothing is lost.
Short pieces of dialogue ("мне" / "41" / "год") are held per conversation and glued with the ones
that follow; junk is marked skipped and costs no extractor call.

With a local backend the whole chain runs here, in the same transaction and under the one user
lock (tasks/inline.py): a fresh fragment costs one transaction and about a dozen statements. The
worker takes `ltm.ingest_fragment` messages in batches (tasks/batches.py): several fresh fragments
go in one transaction and a dozen statements in all (tasks/ingest_batch.py); what cannot go
together, or fails together, goes one by one here (`ingest_payloads`). Two cases commit the claim
first and work in a second transaction: a redelivered message (it may be the one that killed its
worker: its attempt must be counted durably, or it would kill workers forever) and an error in the
work (the claim stays, the requeue job retries). Admission itself is tasks/admit.py.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from typing import Any

from celery import shared_task
from celery.utils.time import get_exponential_backoff_interval
from celery_batches import SimpleRequest
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
from tasks.admit import admit_fragment
from tasks.batches import FragmentBatches
from tasks.extractors import get_backend
from tasks.ingest_batch import ingest_batch
from tasks.inline import Claimed, run_inline
from tasks.pipeline import INGEST_FRAGMENT, INGEST_MESSAGE, hand_off
from tasks.stage import MAX_RETRIES, RETRY_BACKOFF_MAX, StageTask, redelivered
from tasks.store import insert_ignoring_duplicates, record_rejection

log = logging.getLogger(__name__)


def describe_validation_error(exc: ValidationError) -> str:
    """'messages.0.role: Input should be 'user' or 'assistant'' — the field first, then what is wrong."""
    parts = []
    for error in exc.errors()[:5]:
        where = ".".join(str(p) for p in error["loc"]) or "payload"
        parts.append(f"{where}: {error['msg']}")
    return "; ".join(parts)


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


@shared_task(name=INGEST_FRAGMENT, bind=True, base=FragmentBatches)
def ingest_fragment(self: FragmentBatches, requests: list[SimpleRequest]) -> list[str | None]:
    """A batch of fragment messages (tasks/batches.py): each one's fragment_id, None where refused.

    Never raises for one fragment (its messages would all be requeued): errors are handled per
    fragment in `ingest_payloads`.
    """
    return ingest_payloads(self, requests)


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

    return start_chain(INGEST_MESSAGE, admit, redelivered=redelivered(self.request))


def ingest_payloads(task: FragmentBatches, requests: list[SimpleRequest]) -> list[str | None]:
    """Validate each message's fragment, then ingest them: together where they can, else one by one.

    A batch goes in one transaction (tasks/ingest_batch.py) when there are several fresh fragments,
    the backend is local and the database PostgreSQL. Redelivered messages go one by one first (they
    were published before the others, and each must count its attempt durably); so does every
    fragment with a remote backend, whose claims commit before any call. An error in the batch rolls
    it back and the fragments go one by one, so the others are written and the failing one keeps its
    claim, as when it comes alone. A dropped database connection is retried: the batch's messages
    are published again with Celery's backoff (`retry_later`).
    """
    backend, settings = get_backend(), get_settings()
    log.info("ingest: a batch of %d messages", len(requests))
    results: list[str | None] = [None] * len(requests)
    together, alone = [], []
    for index, request in enumerate(requests):
        try:
            fragment = fragment_of(request)
        except OperationalError:  # a refusal could not be recorded: the database is away
            retry_later(task, request)
            continue
        if fragment is None:
            continue
        results[index] = fragment.fragment_id
        if redelivered(request) or backend.remote:
            alone.append((request, fragment))
        else:
            together.append((request, fragment))
    if len(together) == 1 or settings.is_sqlite:
        alone, together = alone + together, []
    for request, fragment in alone:
        ingest_alone(task, request, fragment, settings)
    if together:
        try:
            with session_scope() as session:
                ingest_batch(session, [fragment for _, fragment in together], backend, settings)
        except OperationalError:
            log.warning("database unavailable: %d fragments retried later", len(together), exc_info=True)
            for request, _ in together:
                retry_later(task, request)
        except Exception:
            log.exception("a batch of %d fragments failed: they go one by one", len(together))
            for request, fragment in together:
                ingest_alone(task, request, fragment, settings)
    return results


def fragment_of(request: SimpleRequest) -> FragmentIn | None:
    """The message's one argument as a fragment, with its id; None, the refusal recorded, if it is none."""
    args, kwargs = request.args, request.kwargs or {}
    if isinstance(args, list | tuple) and len(args) == 1 and not kwargs:
        payload = args[0]
    elif not args and set(kwargs) == {"payload"}:
        payload = kwargs["payload"]
    else:
        refuse_payload({"args": args, "kwargs": kwargs}, f"invalid message: {INGEST_FRAGMENT} takes one fragment")
        return None
    try:
        return FragmentIn.model_validate(payload).with_id()
    except ValidationError as exc:
        refuse_payload(payload, "invalid fragment: " + describe_validation_error(exc))
        return None


def ingest_alone(task: FragmentBatches, request: SimpleRequest, fragment: FragmentIn, settings: Settings) -> None:
    """One fragment through `start_chain`, its errors handled as Celery handled an ordinary task's.

    In a worker an error is logged (the claim committed, the requeue job takes the fragment up
    again) and a dropped connection is retried later. In the embedded mode the caller sees the
    error, after Celery's eager retries for a dropped connection (immediate, MAX_RETRIES of them).
    """
    eager = bool((request.delivery_info or {}).get("is_eager"))
    for attempt in range(MAX_RETRIES + 1):
        try:
            start_chain(
                INGEST_FRAGMENT,
                lambda session: admit_fragment(session, fragment, settings),
                redelivered=redelivered(request),
            )
            return
        except OperationalError:
            if not eager:
                log.warning("database unavailable: fragment %s retried later", fragment.fragment_id, exc_info=True)
                retry_later(task, request)
                return
            if attempt == MAX_RETRIES:
                raise
        except Exception:
            if eager:
                raise
            log.exception("fragment %s of user %s failed", fragment.fragment_id, fragment.user_id)
            return


def retry_later(task: FragmentBatches, request: SimpleRequest) -> None:
    """Celery's retry for one message of a batch: published again with backoff, then acknowledged.

    The same policy as StageTask's autoretry (tasks/stage.py), which a batch task cannot use: its
    retry would re-run the whole batch with the batch's arguments.
    """
    retries = int((request.request_dict or {}).get("retries") or 0)
    if retries >= MAX_RETRIES:
        log.error("message %s given up after %d retries", request.id, retries)
        return
    countdown = get_exponential_backoff_interval(factor=1, retries=retries, maximum=RETRY_BACKOFF_MAX, full_jitter=True)
    task.apply_async(args=request.args, kwargs=request.kwargs, countdown=countdown, retries=retries + 1)


def start_chain(stage: str, admit: Callable[[Session], Claimed | None], *, redelivered: bool) -> int | None:
    """Admit, then run the chain inline (local backend) or hand it to the next stage (remote one).

    The claim and the work share one transaction unless the message was redelivered (see the
    module docstring); with a remote backend the claim commits before any call is made.
    """
    backend, settings = get_backend(), get_settings()
    if backend.remote or redelivered:
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
