"""Erasure: everything stored about one user, history included, in one transaction."""

from __future__ import annotations

from sqlalchemy import delete
from sqlalchemy.orm import Session

from models.db import lock_user
from models.tables import USER_TABLES


def forget_user(session: Session, user_id: str) -> dict[str, int]:
    """Rows deleted per table. Held under the user's lock so no write of theirs lands mid-erasure."""
    lock_user(session, user_id)
    deleted = {}
    for table in USER_TABLES:  # children before parents
        result = session.execute(delete(table).where(table.user_id == user_id))  # type: ignore[attr-defined]
        deleted[table.__tablename__] = getattr(result, "rowcount", 0) or 0
    return deleted
