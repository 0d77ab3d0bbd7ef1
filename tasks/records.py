"""Documented data from the host application (lab results, visits, documents), stored as given."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from pydantic import TypeAdapter, ValidationError
from sqlalchemy.orm import Session

from models.clock import as_utc
from models.schemas import RecordIn
from models.tables import Record

RECORD_LIST = TypeAdapter(list[RecordIn])


def parse_records(data: Any) -> list[RecordIn]:
    """One record or a list of them; raises ValueError naming the first bad field."""
    try:
        # The input's own shape picks the schema, so an error names the field, not a union branch.
        return RECORD_LIST.validate_python(data if isinstance(data, list) else [data])
    except ValidationError as exc:
        error = exc.errors()[0]
        location = error["loc"][0 if isinstance(data, list) else 1 :]
        where = ".".join(str(part) for part in location) or "record"
        raise ValueError(f"{where}: {error['msg']}") from None


def as_moment(value: datetime | date) -> datetime:
    """A plain date means that day, UTC."""
    if not isinstance(value, datetime):
        value = datetime(value.year, value.month, value.day)
    # Stored as UTC: ISO-8601 allows offsets up to ±23:59, PostgreSQL only up to ±15:59.
    return as_utc(value)


def add_records(session: Session, user_id: str, records: list[RecordIn]) -> list[int]:
    rows = [
        Record(user_id=user_id, kind=r.kind, title=r.title, date=as_moment(r.date), payload=r.payload) for r in records
    ]
    session.add_all(rows)
    session.flush()
    return [r.id for r in rows]
