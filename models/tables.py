"""SQLAlchemy tables. The schema itself is created by the Alembic migrations in ops/migrations."""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from models.clock import utcnow
from models.statuses import ExtractionStatus, FragmentStatus

# SQLite only auto-increments INTEGER PRIMARY KEY; Postgres gets a BIGINT identity.
Id = BigInteger().with_variant(Integer(), "sqlite")


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        dict[str, Any]: JSON,
        list[Any]: JSON,
        datetime: DateTime(timezone=True),
    }


class Fragment(Base):
    """A piece of dialogue, stored durably before anything else happens to it."""

    __tablename__ = "fragments"
    __table_args__ = (
        UniqueConstraint("user_id", "fragment_id", name="uq_fragments_user_fragment"),
        Index("ix_fragments_status_updated", "status", "updated_at"),
        # Only fragments in flight are indexed: the requeue job's scan for silent ones stays small.
        Index(
            "ix_fragments_in_flight_heartbeat",
            "heartbeat_at",
            postgresql_where=text("status IN ('pending', 'processing')"),
            sqlite_where=text("status IN ('pending', 'processing')"),
        ),
    )

    id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(String(128))
    fragment_id: Mapped[str] = mapped_column(String(128))
    conversation_id: Mapped[str | None] = mapped_column(String(128))
    messages: Mapped[list[Any]]
    status: Mapped[str] = mapped_column(String(16), default=FragmentStatus.PENDING)  # models/statuses.py
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    glued: Mapped[bool] = mapped_column(Boolean, default=False)
    sections: Mapped[list[Any] | None]
    # The classifier call that chose the sections: prompt id/version, model, tokens, latency.
    classifier_call: Mapped[dict[str, Any] | None]
    error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    # Written by every stage that takes the fragment up: in flight and silent for
    # settings.fragment_stuck_seconds means its worker died or its message was lost (tasks/maintenance.py).
    heartbeat_at: Mapped[datetime | None] = mapped_column(default=utcnow)


class Extraction(Base):
    """One extractor answer for one fragment and section: raw output kept, then validated and applied."""

    __tablename__ = "extractions"
    __table_args__ = (UniqueConstraint("fragment_pk", "section", name="uq_extractions_fragment_section"),)

    id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    fragment_pk: Mapped[int] = mapped_column(ForeignKey("fragments.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[str] = mapped_column(String(128), index=True)
    section: Mapped[str] = mapped_column(String(32))
    backend: Mapped[str] = mapped_column(String(16))
    prompt_id: Mapped[str | None] = mapped_column(String(64))
    prompt_version: Mapped[str | None] = mapped_column(String(16))
    model: Mapped[str | None] = mapped_column(String(64))
    raw_output: Mapped[str] = mapped_column(Text)
    events: Mapped[list[Any] | None]  # the validated events, once validation passed
    status: Mapped[str] = mapped_column(String(16), default=ExtractionStatus.PENDING)  # models/statuses.py
    tokens_in: Mapped[int] = mapped_column(Integer, default=0)
    tokens_out: Mapped[int] = mapped_column(Integer, default=0)
    latency_ms: Mapped[float] = mapped_column(Float, default=0.0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Fact(Base):
    """The current state of one thing known about a user; its past lives in FactEvent."""

    __tablename__ = "facts"
    __table_args__ = (
        UniqueConstraint("user_id", "section", "key", name="uq_facts_user_section_key"),
        Index("ix_facts_user_status", "user_id", "status"),
    )

    id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(String(128))
    section: Mapped[str] = mapped_column(String(32))
    key: Mapped[str] = mapped_column(String(128))
    status: Mapped[str] = mapped_column(String(16), default="active")  # active | inactive | archived
    attributes: Mapped[dict[str, Any]]
    source: Mapped[str] = mapped_column(String(16), default="conversation")  # conversation | explicit
    confidence: Mapped[float] = mapped_column(Float, default=0.9)
    first_seen: Mapped[datetime]
    last_seen: Mapped[datetime]
    mentions: Mapped[int] = mapped_column(Integer, default=1)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class FactEvent(Base):
    """Append-only history: every change of a fact, with the state before and after it."""

    __tablename__ = "fact_events"

    id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    fact_id: Mapped[int] = mapped_column(ForeignKey("facts.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[str] = mapped_column(String(128), index=True)
    change: Mapped[str] = mapped_column(String(24))
    status: Mapped[str] = mapped_column(String(16))
    attributes: Mapped[dict[str, Any]]
    before: Mapped[dict[str, Any] | None]
    source: Mapped[str] = mapped_column(String(16))
    confidence: Mapped[float] = mapped_column(Float)
    fragment_id: Mapped[str | None] = mapped_column(String(128))
    valid_at: Mapped[datetime]  # when the user said it
    recorded_at: Mapped[datetime] = mapped_column(default=utcnow)  # when we wrote it


class Coverage(Base):
    """What we know about a whole section: unknown / known / confirmed_absent / user_unsure."""

    __tablename__ = "coverage"

    user_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    section: Mapped[str] = mapped_column(String(32), primary_key=True)
    state: Mapped[str] = mapped_column(String(24))
    updated_at: Mapped[datetime]


class CoverageEvent(Base):
    __tablename__ = "coverage_events"

    id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(String(128), index=True)
    section: Mapped[str] = mapped_column(String(32))
    state_before: Mapped[str] = mapped_column(String(24))
    state: Mapped[str] = mapped_column(String(24))
    fragment_id: Mapped[str | None] = mapped_column(String(128))
    valid_at: Mapped[datetime]
    recorded_at: Mapped[datetime] = mapped_column(default=utcnow)


class RejectedExtraction(Base):
    """An extraction (or one event of it) that was not written, with the raw output and the reason."""

    __tablename__ = "rejected_extractions"

    id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(String(128), index=True)
    fragment_id: Mapped[str | None] = mapped_column(String(128))
    section: Mapped[str | None] = mapped_column(String(32))
    raw: Mapped[str] = mapped_column(Text)
    reason: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Record(Base):
    """Documented data uploaded by the host application (lab results, visits, documents)."""

    __tablename__ = "records"

    id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(String(128), index=True)
    kind: Mapped[str] = mapped_column(String(32))
    title: Mapped[str] = mapped_column(String(500))
    date: Mapped[datetime]
    payload: Mapped[dict[str, Any]]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class BufferedMessage(Base):
    """A single message waiting, per conversation, to be glued into a fragment."""

    __tablename__ = "message_buffer"
    __table_args__ = (Index("ix_message_buffer_conversation", "user_id", "conversation_id"),)

    id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(String(128))
    conversation_id: Mapped[str] = mapped_column(String(128))
    message_id: Mapped[str] = mapped_column(String(128), unique=True)
    role: Mapped[str] = mapped_column(String(16))
    content: Mapped[str] = mapped_column(Text)
    ts: Mapped[datetime]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Association(Base):
    """How often a concept of the user's words came with facts of a section (associative recall).

    Learned from the user's fragments (tasks/associate.py), read by retrieval to bring in sections
    a question needs without naming them. Bounded per row and per user.
    """

    __tablename__ = "associations"

    user_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    concept: Mapped[str] = mapped_column(String(32), primary_key=True)
    section: Mapped[str] = mapped_column(String(32), primary_key=True)
    weight: Mapped[int] = mapped_column(Integer, default=1)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


# Every table that holds a user's data, for erasure and its tests.
USER_TABLES: tuple[type[Base], ...] = (
    FactEvent,
    Fact,
    Coverage,
    CoverageEvent,
    RejectedExtraction,
    Extraction,
    Fragment,
    Record,
    BufferedMessage,
    Association,
)
