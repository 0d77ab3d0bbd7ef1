"""Stage 5, reconcile: match each validated event to the user's facts and write the change.

`decide` is the pure core: given the fact as it stands and one proposed event, it names the
change (first_mention | reconfirmation | update | negation | correction) and the new state, or
says why the event changes nothing. `apply_events` writes the state and one history event per
change in the caller's transaction, under the user's lock, so two workers never lose an update.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from celery import Task, shared_task
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from models.db import lock_user, session_scope
from models.schemas import ProposedEvent
from models.sections import Section, get_section
from models.settings import Settings, get_settings
from models.tables import Coverage, CoverageEvent, Extraction, Fact, FactEvent, Fragment
from tasks.associate import learn_associations, record_associations
from tasks.store import (
    RETRY_ON_DROPPED_DATABASE,
    count_redelivery,
    extraction_fragment,
    finish_fragment_if_complete,
    record_rejection,
    redelivered,
)

# What "no longer holds" means in the sections whose attributes carry their own status.
# Sections whose first mention may already be in the past tense ("перестала пить X") and is stored inactive.
KEEP_FIRST_MENTION_STOPPED = frozenset({"medications"})
STOPPED_STATUS = {
    "medications": "stopped",
    "symptoms": "resolved",
    "chronic_conditions": "resolved",
    "diagnoses": "resolved",
}
# Attributes that name the thing: kept from the first mention, since they are its identity.
IDENTITY_ATTRIBUTES = ("name_raw",)


@dataclass(frozen=True)
class FactState:
    status: str
    attributes: dict[str, Any]
    source: str
    confidence: float


@dataclass(frozen=True)
class Decision:
    change: str
    state: FactState


@dataclass(frozen=True)
class Skip:
    reason: str


def fact_status(section: str, attributes: dict[str, Any]) -> str:
    """A medication that was stopped or a symptom that resolved is kept, but inactive."""
    stopped = STOPPED_STATUS.get(section)
    return "inactive" if stopped is not None and attributes.get("status") == stopped else "active"


def decide(
    section: Section, slot: str | None, current: FactState | None, event: ProposedEvent, *, stale: bool = False
) -> Decision | Skip:
    """`stale`: the event was said before the fact's latest mention (fragments may arrive out of order)."""
    correcting = event.action == "correct"
    if event.action == "negate":
        return decide_negation(section, current, event) if not stale else Skip("an older negation of a newer fact")
    if current is None:
        state = FactState(fact_status(section.name, event.attributes), event.attributes, event.source, event.confidence)
        return Decision("first_mention", state)

    # A stale statement (said before what we already know) may fill gaps but never overrides newer values.
    merged = {**event.attributes, **current.attributes} if stale else {**current.attributes, **event.attributes}
    for name in IDENTITY_ATTRIBUTES:
        if name in current.attributes:
            merged[name] = current.attributes[name]
    unchanged = merged == current.attributes and current.status == fact_status(section.name, merged)
    if unchanged:
        state = FactState(current.status, current.attributes, current.source, max(current.confidence, event.confidence))
        return Decision("correction" if correcting else "reconfirmation", state)
    if current.source == "explicit" and event.source != "explicit" and not correcting:
        return Skip("an explicit fact is never overwritten by conversational extraction")
    age_decreases = (
        section.name == "profile"
        and slot == "age"
        and not stale
        and int(event.attributes["value"]) < int(current.attributes["value"])
    )
    if age_decreases and not correcting:
        return Skip("age never decreases unless the user corrects it")
    source = "explicit" if "explicit" in (current.source, event.source) else "conversation"
    state = FactState(fact_status(section.name, merged), merged, source, event.confidence)
    return Decision("correction" if correcting else "update", state)


def decide_negation(section: Section, current: FactState | None, event: ProposedEvent) -> Decision | Skip:
    if current is None:
        # "I came off sertraline last month": a medicine first heard of as stopped is still history worth
        # keeping (inactive, with when it stopped). A bare denial ("не принимаю X") carries no stopped status.
        stopped = STOPPED_STATUS.get(section.name)
        if section.name in KEEP_FIRST_MENTION_STOPPED and event.attributes.get("status") == stopped:
            return Decision("first_mention", FactState("inactive", event.attributes, event.source, event.confidence))
        return Skip("nothing to negate: no such fact")
    if current.status == "inactive":
        return Decision("reconfirmation", current)
    attributes = dict(current.attributes)
    if section.name in STOPPED_STATUS:
        attributes["status"] = STOPPED_STATUS[section.name]
    for name, value in event.attributes.items():  # e.g. when it was stopped
        if name not in ("name_raw", "name_normalized", "status", "value"):
            attributes[name] = value
    return Decision("negation", FactState("inactive", attributes, current.source, event.confidence))


def next_coverage(state: str, action: str, has_active_facts: bool) -> str | None:
    """The section's new coverage state after an event, or None when it stays."""
    if action in ("assert", "correct"):
        return "known" if state != "known" else None
    if action == "absent":
        # "No allergies" while allergies are on file is a contradiction, not an erasure.
        return None if has_active_facts or state == "confirmed_absent" else "confirmed_absent"
    if action == "unsure":
        return "user_unsure" if state == "unknown" else None
    return None


@dataclass
class Outcome:
    changes: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    evidence: list[str] = field(default_factory=list)  # the user's sentences behind the changes


def apply_events(
    session: Session,
    *,
    user_id: str,
    fragment_id: str | None,
    events: list[ProposedEvent],
    settings: Settings,
    glued: bool = False,
    fallback_time: datetime | None = None,
) -> Outcome:
    """Write the events of one extraction. The caller holds the user's lock and commits."""
    outcome = Outcome()
    for event in events:
        if glued:  # text glued from short pieces is less certain
            event = event.model_copy(update={"confidence": min(event.confidence, settings.glued_confidence)})
        said_at = event.said_at or fallback_time or datetime.now(UTC)
        section = get_section(event.section)
        if event.action in ("absent", "unsure"):
            update_coverage(session, user_id, section, event.action, fragment_id, said_at)
            continue
        key = section.key_for(event.attributes, event.slot)[: settings.max_key_chars]
        fact = session.scalars(
            select(Fact).where(Fact.user_id == user_id, Fact.section == section.name, Fact.key == key)
        ).one_or_none()
        current = (
            FactState(fact.status, dict(fact.attributes), fact.source, fact.confidence) if fact is not None else None
        )
        stale = fact is not None and said_at < as_utc(fact.last_seen)
        verdict = decide(section, event.slot, current, event, stale=stale)
        if isinstance(verdict, Skip):
            outcome.skipped.append(verdict.reason)
            record_rejection(
                session,
                user_id=user_id,
                fragment_id=fragment_id,
                section=section.name,
                raw=event.model_dump_json(),
                reason=verdict.reason,
            )
            continue
        fact = write_fact(
            session, fact, user_id=user_id, section=section.name, key=key, verdict=verdict, said_at=said_at
        )
        session.add(
            FactEvent(
                fact_id=fact.id,
                user_id=user_id,
                change=verdict.change,
                status=verdict.state.status,
                attributes=verdict.state.attributes,
                source=verdict.state.source,
                confidence=verdict.state.confidence,
                fragment_id=fragment_id,
                valid_at=said_at,
                before=None if current is None else {"status": current.status, "attributes": current.attributes},
            )
        )
        outcome.changes.append(verdict.change)
        if event.evidence:
            outcome.evidence.append(event.evidence)
        if section.coverage and verdict.state.status == "active":
            update_coverage(session, user_id, section, "assert", fragment_id, said_at)
        if verdict.change == "first_mention":
            enforce_fact_cap(session, user_id, settings, said_at)
    return outcome


def write_fact(
    session: Session, fact: Fact | None, *, user_id: str, section: str, key: str, verdict: Decision, said_at: datetime
) -> Fact:
    state = verdict.state
    if fact is None:
        fact = Fact(
            user_id=user_id,
            section=section,
            key=key,
            first_seen=said_at,
            last_seen=said_at,
            mentions=1,
            status=state.status,
            attributes=state.attributes,
            source=state.source,
            confidence=state.confidence,
        )
        session.add(fact)
    else:
        fact.status, fact.attributes = state.status, state.attributes
        fact.source, fact.confidence = state.source, state.confidence
        fact.mentions += 1
        fact.first_seen = min(as_utc(fact.first_seen), said_at)
        fact.last_seen = max(as_utc(fact.last_seen), said_at)
    session.flush()
    return fact


def as_utc(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything stored is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def update_coverage(
    session: Session, user_id: str, section: Section, action: str, fragment_id: str | None, said_at: datetime
) -> None:
    if not section.coverage:
        return
    row = session.get(Coverage, (user_id, section.name))
    state = row.state if row else "unknown"
    has_active = bool(
        session.scalar(
            select(func.count())
            .select_from(Fact)
            .where(Fact.user_id == user_id, Fact.section == section.name, Fact.status == "active")
        )
    )
    new_state = next_coverage(state, action, has_active)
    if new_state is None:
        return
    if row is None:
        session.add(Coverage(user_id=user_id, section=section.name, state=new_state, updated_at=said_at))
    else:
        row.state, row.updated_at = new_state, said_at
    session.add(
        CoverageEvent(
            user_id=user_id,
            section=section.name,
            state_before=state,
            state=new_state,
            fragment_id=fragment_id,
            valid_at=said_at,
        )
    )


def enforce_fact_cap(session: Session, user_id: str, settings: Settings, now: datetime) -> None:
    """Archive the least recently seen evictable facts beyond the per-user cap.

    Allergies, chronic conditions, family history, surgeries, instructions and explicit facts are
    never evicted; an archive is a history event, so nothing disappears without a trace.
    """
    live = select(func.count()).select_from(Fact).where(Fact.user_id == user_id, Fact.status != "archived")
    excess = (session.scalar(live) or 0) - settings.max_facts_per_user
    if excess <= 0:
        return
    from models.sections import SECTIONS  # local: only needed on the rare eviction path

    evictable = [name for name, s in SECTIONS.items() if s.evictable]
    victims = session.scalars(
        select(Fact)
        .where(
            Fact.user_id == user_id, Fact.status != "archived", Fact.source != "explicit", Fact.section.in_(evictable)
        )
        .order_by(Fact.last_seen, Fact.id)
        .limit(excess)
    ).all()
    for fact in victims:
        archive_fact(session, fact, now)


def archive_fact(session: Session, fact: Fact, now: datetime) -> None:
    """Archive, never delete: the state before goes into the history event."""
    before = {"status": fact.status, "attributes": fact.attributes}
    fact.status = "archived"
    session.add(
        FactEvent(
            fact_id=fact.id,
            user_id=fact.user_id,
            change="archive",
            status="archived",
            attributes=fact.attributes,
            before=before,
            source=fact.source,
            confidence=fact.confidence,
            fragment_id=None,
            valid_at=now,
        )
    )


def message_time(fragment: Fragment) -> datetime | None:
    stamps = [m.get("ts") for m in fragment.messages if m.get("ts")]
    return datetime.fromisoformat(stamps[-1]) if stamps else None


@shared_task(name="ltm.reconcile_extraction", bind=True, **RETRY_ON_DROPPED_DATABASE)
def reconcile_extraction(self: Task, extraction_id: int) -> list[str]:
    """Apply one validated extraction exactly once: its status flips to applied in the same transaction."""
    if redelivered(self.request):
        with session_scope() as session:
            if not count_redelivery(
                session, extraction_fragment(session, extraction_id), get_settings().max_fragment_attempts
            ):
                return []
    with session_scope() as session:
        extraction = session.get(Extraction, extraction_id)
        if extraction is None:
            return []
        lock_user(session, extraction.user_id)
        session.refresh(extraction)  # re-read under the lock: another worker may have applied it
        if extraction.status != "valid":
            return []
        fragment = session.get(Fragment, extraction.fragment_pk)
        if fragment is None:
            return []
        changes = apply_extraction(session, extraction, fragment, get_settings())
        finish_fragment_if_complete(session, fragment.id)
    return changes


def apply_extraction(session: Session, extraction: Extraction, fragment: Fragment, settings: Settings) -> list[str]:
    """Write a valid extraction's events and mark it applied, in the caller's transaction (user lock held)."""
    outcome = apply_events(
        session,
        user_id=extraction.user_id,
        fragment_id=fragment.fragment_id,
        events=[ProposedEvent.model_validate(e) for e in extraction.events or []],
        settings=settings,
        glued=fragment.glued,
        fallback_time=message_time(fragment),
    )
    # Associative recall: the words of the sentences that changed this section go with it from now
    # on. Only those sentences, not the whole fragment: "take" in "I take metformin" says nothing
    # about the vaccination mentioned two sentences later.
    learned = learn_associations(" ".join(outcome.evidence), [extraction.section])
    record_associations(session, extraction.user_id, learned)
    extraction.status = "applied"
    return outcome.changes
