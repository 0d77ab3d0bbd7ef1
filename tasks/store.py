"""Small database helpers shared by the stages. They take `session` and never commit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import Table, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from models.clock import utcnow
from models.statuses import ENDED, FragmentStatus
from models.tables import Base, Extraction, Fragment, RejectedExtraction


def dialect_insert(session: Session, table: type[Base]) -> Any:
    """INSERT with ON CONFLICT support: PostgreSQL's construct, or SQLite's in the embedded mode."""
    dialect = session.get_bind().dialect.name
    return (postgresql.insert if dialect == "postgresql" else sqlite.insert)(table)


def core(table: type[Base]) -> Table:
    """The table behind a mapped class, for Core statements on the hot path (no ORM unit of work)."""
    return cast(Table, table.__table__)


def execute_many(session: Session, statement: Any, rows: Sequence[dict[str, Any]]) -> Any:
    """Run a statement once per row as one round trip (SQLAlchemy's insertmanyvalues batching).

    Rows go as parameters, never into the statement, so its compiled form is cached: a multi-row
    `.values([...])` is compiled anew for every row count, which cost more than the round trip.
    """
    return session.connection().execute(statement, list(rows))


def insert_ignoring_duplicates(session: Session, table: type[Base], values: dict[str, Any]) -> bool:
    """INSERT … ON CONFLICT DO NOTHING; True when a row was inserted."""
    result = session.execute(dialect_insert(session, table).values(**values).on_conflict_do_nothing())
    return bool(getattr(result, "rowcount", 0))


def record_rejection(
    session: Session, *, user_id: str, fragment_id: str | None, section: str | None, raw: str, reason: str
) -> None:
    record_rejections(
        session, [{"user_id": user_id, "fragment_id": fragment_id, "section": section, "raw": raw, "reason": reason}]
    )


def record_rejections(session: Session, rows: Sequence[dict[str, Any]]) -> None:
    """Keep what was not written, with the raw output and the reason: one INSERT for them all."""
    if rows:
        now = utcnow()
        kept = [{"created_at": now, **{name: storable(value) for name, value in row.items()}} for row in rows]
        execute_many(session, core(RejectedExtraction).insert(), kept)


def storable(value: Any) -> Any:
    """PostgreSQL text holds neither NUL nor lone surrogates; a rejection must be kept whatever it quotes
    (a refused payload's field names end up in the reason), so they are escaped as repr() escapes them."""
    if not isinstance(value, str):
        return value
    return value.encode("utf-8", "backslashreplace").decode().replace("\x00", "\\x00")


def processing_fragment(session: Session, fragment_pk: int) -> Fragment | None:
    """The fragment when a stage still has work to do on it; None when it is gone, done or parked."""
    fragment = session.get(Fragment, fragment_pk)
    return fragment if fragment is not None and fragment.status == FragmentStatus.PROCESSING else None


def beat_heart(session: Session, fragment_pk: int) -> None:
    """A stage took the fragment up: it is not stuck (tasks/maintenance.py requeues the silent ones)."""
    session.execute(update(Fragment).where(Fragment.id == fragment_pk).values(heartbeat_at=utcnow()))


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
        .where(Extraction.fragment_pk == fragment_pk, Extraction.status.in_(ENDED))
    )
    if (ended or 0) < len(fragment.sections or []):
        return False
    session.execute(update(Fragment).where(Fragment.id == fragment_pk).values(status=FragmentStatus.DONE, error=None))
    return True
