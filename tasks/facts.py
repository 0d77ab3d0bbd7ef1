"""What a fact's state means, shared by reconcile (live writes) and maintenance (sweeps).

Kept apart from both so that neither borrows the other's internals: which attribute values make a
fact inactive, which attributes are its identity, and how a fact is archived (never deleted).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from models.sections import SECTIONS
from models.settings import Settings
from models.tables import Fact, FactEvent

# What "no longer holds" means in the sections whose attributes carry their own status.
STOPPED_STATUS = {
    "medications": "stopped",
    "symptoms": "resolved",
    "chronic_conditions": "resolved",
    "diagnoses": "resolved",
}
# Slots that contradict each other about one thing: the later statement of the two makes the other fact inactive
# («люблю кинзу», then «терпеть не могу кинзу»), and its history keeps that it held before.
OPPOSITE_SLOTS = {"preferences": {"likes": "dislikes", "dislikes": "likes"}}
# Attributes that name the thing: kept from the first mention, since they are its identity.
IDENTITY_ATTRIBUTES = ("name_raw",)
EVICTABLE_SECTIONS = tuple(name for name, section in SECTIONS.items() if section.evictable)


def fact_status(section: str, attributes: dict[str, Any]) -> str:
    """A medication that was stopped or a symptom that resolved is kept, but inactive."""
    stopped = STOPPED_STATUS.get(section)
    return "inactive" if stopped is not None and attributes.get("status") == stopped else "active"


def archive_fact(session: Session, fact: Fact, now: datetime) -> None:
    """Archive, never delete: the state before goes into the history event."""
    retire_fact(session, fact, now, status="archived", change="archive")


def retire_fact(session: Session, fact: Fact, now: datetime, *, status: str, change: str) -> None:
    """Give a fact a new status by itself (archived, or inactive when it lapsed), with a history event."""
    before = {"status": fact.status, "attributes": fact.attributes}
    fact.status = status
    session.add(
        FactEvent(
            fact_id=fact.id,
            user_id=fact.user_id,
            change=change,
            status=status,
            attributes=fact.attributes,
            before=before,
            source=fact.source,
            confidence=fact.confidence,
            fragment_id=None,
            valid_at=now,
        )
    )


def enforce_fact_cap(session: Session, user_id: str, settings: Settings, now: datetime) -> int:
    """Archive the least recently seen evictable facts beyond the per-user cap; how many were archived.

    Run by the forget_facts sweep, not on every write: a count per write cost a statement on the hot
    path for a bound that a user approaches over months (2,000 facts), so a user may pass the cap by
    what they say between two sweeps. Allergies, chronic conditions, family history, surgeries,
    instructions and explicit facts are never evicted; an archive is a history event, so nothing
    disappears without a trace. The caller holds the user's lock.
    """
    live = select(func.count()).select_from(Fact).where(Fact.user_id == user_id, Fact.status != "archived")
    excess = (session.scalar(live) or 0) - settings.max_facts_per_user
    if excess <= 0:
        return 0
    victims = session.scalars(
        select(Fact)
        .where(
            Fact.user_id == user_id,
            Fact.status != "archived",
            Fact.source != "explicit",
            Fact.section.in_(EVICTABLE_SECTIONS),
        )
        .order_by(Fact.last_seen, Fact.id)
        .limit(excess)
    ).all()
    for fact in victims:
        archive_fact(session, fact, now)
    return len(victims)
