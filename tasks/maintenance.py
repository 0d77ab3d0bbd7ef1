"""Periodic jobs run by the one beat. Each takes a job lock, works in bounded batches, and is idempotent."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from celery import shared_task
from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from models.db import session_scope, try_lock_job
from models.settings import Settings, get_settings
from models.tables import BufferedMessage, Fragment
from tasks.classify import classify_fragment
from tasks.ingest import admit_fragment, drain_buffer

# Conversations flushed per run: enough for a busy minute, small enough to finish well inside it.
FLUSH_BATCH = 200


def flush_idle_buffers(session: Session, settings: Settings, now: datetime) -> list[int]:
    """Glue the messages of conversations idle past the limit into fragments; their primary keys."""
    cutoff = now - timedelta(seconds=settings.buffer_idle_seconds)
    idle = session.execute(
        select(BufferedMessage.user_id, BufferedMessage.conversation_id)
        .group_by(BufferedMessage.user_id, BufferedMessage.conversation_id)
        .having(func.max(BufferedMessage.created_at) < cutoff)
        .limit(FLUSH_BATCH)
    ).all()
    started = []
    for user_id, conversation_id in idle:
        buffered = session.scalars(
            select(BufferedMessage)
            .where(BufferedMessage.user_id == user_id, BufferedMessage.conversation_id == conversation_id)
            .order_by(BufferedMessage.ts, BufferedMessage.id)
        ).all()
        fragment_pk = admit_fragment(session, drain_buffer(session, list(buffered)), settings)
        if fragment_pk is not None:
            started.append(fragment_pk)
    # Short pieces nobody completed in time were junk after all.
    session.execute(update(Fragment).where(Fragment.status == "held", Fragment.updated_at < cutoff)
                    .values(status="skipped"))
    return started


@shared_task(name="ltm.flush_idle_buffers")
def flush_idle_buffers_job() -> int:
    with session_scope() as session:
        if not try_lock_job(session, "flush_idle_buffers"):
            return 0
        started = flush_idle_buffers(session, get_settings(), datetime.now(UTC))
    for fragment_pk in started:  # published after the commit that made them
        classify_fragment.delay(fragment_pk)
    return len(started)
