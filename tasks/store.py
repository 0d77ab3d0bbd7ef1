"""Small database helpers shared by the stages. They take `session` and never commit."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from models.tables import Base, Extraction, Fragment, RejectedExtraction

# Celery's own retry for transient failures, on every stage's decorator. A dropped database connection
# (Postgres restarting) is always worth a retry: with late acks a failed task is still acknowledged,
# so without one its chain would wait for the requeue job. Delays top out at 5 minutes, well below
# the broker's visibility timeout, so a delayed retry is never also redelivered.
RETRY_ON_DROPPED_DATABASE: dict[str, Any] = {
    "autoretry_for": (OperationalError,),
    "retry_backoff": True,
    "retry_jitter": True,
    "retry_backoff_max": 300,
    "max_retries": 8,
}


def retry_also_on(*errors: type[Exception]) -> dict[str, Any]:
    """The same policy, for stages that call a backend whose own transient errors are worth a retry."""
    return {**RETRY_ON_DROPPED_DATABASE, "autoretry_for": (OperationalError, *errors)}


def insert_ignoring_duplicates(session: Session, table: type[Base], values: dict[str, Any]) -> bool:
    """INSERT … ON CONFLICT DO NOTHING; True when a row was inserted."""
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    result = session.execute(insert(table).values(**values).on_conflict_do_nothing())
    return bool(getattr(result, "rowcount", 0))


def record_rejection(
    session: Session, *, user_id: str, fragment_id: str | None, section: str | None, raw: str, reason: str
) -> None:
    session.add(RejectedExtraction(user_id=user_id, fragment_id=fragment_id, section=section, raw=raw, reason=reason))


def processing_fragment(session: Session, fragment_pk: int) -> Fragment | None:
    """The fragment when a stage still has work to do on it; None when it is gone, done or parked."""
    fragment = session.get(Fragment, fragment_pk)
    return fragment if fragment is not None and fragment.status == "processing" else None


def finish_fragment_if_complete(session: Session, fragment_pk: int) -> bool:
    """Mark the fragment done once every classified section's extraction is applied or rejected.

    Called under the user's lock by every stage that can end a section, so exactly one caller
    sees the last section end.
    """
    fragment = processing_fragment(session, fragment_pk)
    if fragment is None:
        return False
    ended = session.scalar(
        select(func.count())
        .select_from(Extraction)
        .where(Extraction.fragment_pk == fragment_pk, Extraction.status.in_(("applied", "rejected")))
    )
    if (ended or 0) < len(fragment.sections or []):
        return False
    session.execute(update(Fragment).where(Fragment.id == fragment_pk).values(status="done", error=None))
    return True


def redelivered(request: Any) -> bool:
    """True when the broker handed this message out before (its worker died before acknowledging it)."""
    return bool((getattr(request, "delivery_info", None) or {}).get("redelivered"))


def extraction_fragment(session: Session, extraction_id: int) -> int:
    """The fragment an extraction belongs to (0, which matches none, when it is gone)."""
    return session.scalar(select(Extraction.fragment_pk).where(Extraction.id == extraction_id)) or 0


def count_redelivery(session: Session, fragment_pk: int, max_attempts: int) -> bool:
    """Count a redelivered stage message as another attempt of its fragment; False once it is parked.

    Late acks bring back the message of a worker that died, which is what makes a crash lose
    nothing; a message that kills every worker that takes it must still stop somewhere.
    """
    fragment = session.get(Fragment, fragment_pk, with_for_update=True)
    if fragment is None or fragment.status != "processing":
        return False
    fragment.attempts += 1
    if fragment.attempts > max_attempts:
        fragment.status = "failed"
        fragment.error = f"its messages were redelivered until it had {fragment.attempts - 1} attempts"
        return False
    return True
