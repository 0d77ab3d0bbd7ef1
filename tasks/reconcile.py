"""Stage 5, reconcile: match each validated event to the user's facts and write the change.

`decide` is the pure core: given the fact as it stands and one proposed event, it names the
change (first_mention | reconfirmation | update | negation | correction) and the new state, or
says why the event changes nothing. `apply_event` applies one event to a `Ledger`, the user's
facts that the events touch, held in memory; `apply_events` loads the ledger (one SELECT), applies
the events one by one and writes what changed in a few statements (SQLAlchemy Core, no ORM unit of
work): every changed fact in one `INSERT … ON CONFLICT DO UPDATE … RETURNING`, the history events
in one multi-row INSERT, coverage likewise. All of it in the caller's transaction, under the
user's lock, so two workers never lose an update.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache
from typing import Any

from celery import shared_task
from sqlalchemy import select, tuple_
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from models.clock import as_utc, utcnow
from models.db import lock_user, session_scope
from models.schemas import ProposedEvent
from models.sections import Section, get_section
from models.settings import Settings, get_settings
from models.statuses import ExtractionStatus
from models.tables import Coverage, CoverageEvent, Extraction, Fact, FactEvent, Fragment
from tasks.associate import learn_associations, record_associations
from tasks.facts import IDENTITY_ATTRIBUTES, OPPOSITE_SLOTS, STOPPED_STATUS, fact_status
from tasks.pipeline import RECONCILE
from tasks.stage import StageTask
from tasks.store import core, execute_many, finish_fragment_if_complete, record_rejections

# Sections whose first mention may already be in the past tense ("перестала пить X") and is stored inactive.
KEEP_FIRST_MENTION_STOPPED = frozenset({"medications"})


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

    if section.name == "profile" and slot == "children" and not correcting:
        event = event.model_copy(update={"attributes": children_together(current.attributes, event.attributes)})
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
    # "my son loves pizza" after "we have three kids" says less, not something new: the count stays.
    count_dropped = (
        section.name == "profile"
        and slot == "children"
        and not stale
        and str(current.attributes.get("value", ""))[:1].isdigit()
        and not str(event.attributes.get("value", ""))[:1].isdigit()
    )
    if count_dropped and not correcting:
        return Skip("a mention of children without a count never replaces the count on file")
    source = "explicit" if "explicit" in (current.source, event.source) else "conversation"
    state = FactState(fact_status(section.name, merged), merged, source, event.confidence)
    return Decision("correction" if correcting else "update", state)


def children_together(current: dict[str, Any], said: dict[str, Any]) -> dict[str, Any]:
    """A second child, not a replacement: "my son" after "my daughter" is both; uncounted children add up.

    A count on either side decides alone (the count rules in `decide`), and a child already named is
    named once.
    """
    on_file, new = str(current.get("value", "")), str(said.get("value", ""))
    if not on_file or not new or on_file[:1].isdigit() or new[:1].isdigit():
        return said
    named = on_file.split(", ")
    return {**said, "value": on_file if new in named else ", ".join([*named, new])}


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
    # The user's sentences behind each section's changes (associative recall learns from them).
    evidence: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))


@dataclass
class StoredFact:
    """A fact as the ledger holds it: its state and bookkeeping; `id` is None until it is written."""

    id: int | None
    state: FactState
    first_seen: datetime
    last_seen: datetime
    mentions: int


@dataclass
class Ledger:
    """One user's facts and coverage that a batch of events touches, and what the events change.

    Loaded once, changed in memory event by event (`apply_event`), written once (`write_ledger`).
    """

    user_id: str
    facts: dict[tuple[str, str], StoredFact] = field(default_factory=dict)  # (section, key)
    coverage: dict[str, str] = field(default_factory=dict)  # section → state, for the sections loaded
    changed_facts: set[tuple[str, str]] = field(default_factory=set)
    fact_events: list[tuple[tuple[str, str], dict[str, Any]]] = field(default_factory=list)
    changed_coverage: dict[str, datetime] = field(default_factory=dict)  # section → updated_at
    coverage_events: list[dict[str, Any]] = field(default_factory=list)
    rejections: list[dict[str, Any]] = field(default_factory=list)
    outcome: Outcome = field(default_factory=Outcome)
    _active_in_db: dict[str, set[str]] = field(default_factory=dict)  # section → keys, read on demand


def event_key(event: ProposedEvent, settings: Settings) -> tuple[str, str]:
    section = get_section(event.section)
    return section.name, section.key_for(event.attributes, event.slot)[: settings.max_key_chars]


def opposite_key(event: ProposedEvent, settings: Settings) -> tuple[str, str] | None:
    """The key the same thing has in the contradicting slot (a dislike's like), or None."""
    opposite = OPPOSITE_SLOTS.get(event.section, {}).get(event.slot or "")
    return event_key(event.model_copy(update={"slot": opposite}), settings) if opposite else None


def load_ledger(session: Session, user_id: str, events: list[ProposedEvent], settings: Settings) -> Ledger:
    """The facts the events name and the coverage of their sections: one SELECT each, only if needed."""
    return load_ledgers(session, {user_id: events}, settings)[user_id]


def load_ledgers(
    session: Session, events_by_user: dict[str, list[ProposedEvent]], settings: Settings
) -> dict[str, Ledger]:
    """Several users' ledgers (a batch of fragments) in the same two SELECTs as one user's."""
    ledgers = {user_id: Ledger(user_id) for user_id in events_by_user}
    keys = sorted(
        {
            (user_id, *key)
            for user_id, events in events_by_user.items()
            for e in events
            if e.action not in ("absent", "unsure")
            for key in (event_key(e, settings), opposite_key(e, settings))
            if key is not None
        }
    )
    if keys:
        # One user's keys: the (user_id, section) index range; several users' likewise, row by row.
        rows = session.execute(
            select(
                Fact.id,
                Fact.user_id,
                Fact.section,
                Fact.key,
                Fact.status,
                Fact.attributes,
                Fact.source,
                Fact.confidence,
                Fact.first_seen,
                Fact.last_seen,
                Fact.mentions,
            ).where(tuple_(Fact.user_id, Fact.section, Fact.key).in_(keys))
        )
        for row in rows:
            state = FactState(row.status, dict(row.attributes), row.source, row.confidence)
            ledgers[row.user_id].facts[(row.section, row.key)] = StoredFact(
                row.id, state, as_utc(row.first_seen), as_utc(row.last_seen), row.mentions
            )
    covered = sorted(
        {
            (user_id, e.section)
            for user_id, events in events_by_user.items()
            for e in events
            if get_section(e.section).coverage
        }
    )
    if covered:
        rows = session.execute(
            select(Coverage.user_id, Coverage.section, Coverage.state).where(
                tuple_(Coverage.user_id, Coverage.section).in_(covered)
            )
        )
        for row in rows:
            ledgers[row.user_id].coverage[row.section] = row.state
    return ledgers


def apply_event(
    session: Session,
    ledger: Ledger,
    event: ProposedEvent,
    *,
    fragment_id: str | None,
    settings: Settings,
    glued: bool = False,
    fallback_time: datetime | None = None,
) -> str | None:
    """Apply one event to the ledger; the change it made, or None (skipped, or coverage only)."""
    if glued:  # text glued from short pieces is less certain
        event = event.model_copy(update={"confidence": min(event.confidence, settings.glued_confidence)})
    said_at = event.said_at or fallback_time or utcnow()
    section = get_section(event.section)
    if event.action in ("absent", "unsure"):
        update_coverage(session, ledger, section, event.action, fragment_id, said_at)
        return None
    key = event_key(event, settings)
    stored = ledger.facts.get(key)
    current = stored.state if stored is not None else None
    stale = stored is not None and said_at < stored.last_seen
    verdict = decide(section, event.slot, current, event, stale=stale)
    if isinstance(verdict, Skip):
        ledger.outcome.skipped.append(verdict.reason)
        ledger.rejections.append(
            {
                "user_id": ledger.user_id,
                "fragment_id": fragment_id,
                "section": section.name,
                "raw": event.model_dump_json(),
                "reason": verdict.reason,
            }
        )
        return None
    state = verdict.state
    if event.action != "negate" and state.status == "active":
        state = against_opposite(ledger, event, state, said_at, fragment_id, settings)
    if stored is None:
        ledger.facts[key] = StoredFact(None, state, said_at, said_at, 1)
    else:
        stored.state = state
        stored.mentions += 1
        stored.first_seen, stored.last_seen = min(stored.first_seen, said_at), max(stored.last_seen, said_at)
    ledger.changed_facts.add(key)
    ledger.fact_events.append(
        (
            key,
            {
                "user_id": ledger.user_id,
                "change": verdict.change,
                "status": state.status,
                "attributes": state.attributes,
                "source": state.source,
                "confidence": state.confidence,
                "fragment_id": fragment_id,
                "valid_at": said_at,
                "before": None if current is None else {"status": current.status, "attributes": current.attributes},
            },
        )
    )
    ledger.outcome.changes.append(verdict.change)
    if event.evidence:
        ledger.outcome.evidence[section.name].append(event.evidence)
    if section.coverage and state.status == "active":
        update_coverage(session, ledger, section, "assert", fragment_id, said_at)
    return verdict.change


def against_opposite(
    ledger: Ledger,
    event: ProposedEvent,
    state: FactState,
    said_at: datetime,
    fragment_id: str | None,
    settings: Settings,
) -> FactState:
    """The later of a like and a dislike of one thing holds: an active opposite said before this event goes inactive
    (an explicit one only for an explicit event); one said after it leaves this statement inactive."""
    key = opposite_key(event, settings)
    opposite = ledger.facts.get(key) if key is not None else None
    if key is None or opposite is None or opposite.state.status != "active":
        return state
    if opposite.last_seen > said_at:
        return replace(state, status="inactive")  # an older statement arriving late
    if opposite.state.source == "explicit" and event.source != "explicit":
        return state
    before = opposite.state
    opposite.state = replace(before, status="inactive")
    ledger.changed_facts.add(key)
    ledger.fact_events.append(
        (
            key,
            {
                "user_id": ledger.user_id,
                "change": "negation",
                "status": "inactive",
                "attributes": before.attributes,
                "source": before.source,
                "confidence": event.confidence,
                "fragment_id": fragment_id,
                "valid_at": said_at,
                "before": {"status": before.status, "attributes": before.attributes},
            },
        )
    )
    ledger.outcome.changes.append("negation")
    return state


def update_coverage(
    session: Session, ledger: Ledger, section: Section, action: str, fragment_id: str | None, said_at: datetime
) -> None:
    if not section.coverage:
        return
    state = ledger.coverage.get(section.name, "unknown")
    # Only "no allergies" asks whether any are on file; it is rare, so the keys are read then.
    has_active = action == "absent" and has_active_facts(session, ledger, section.name)
    new_state = next_coverage(state, action, has_active)
    if new_state is None:
        return
    ledger.coverage[section.name] = new_state
    ledger.changed_coverage[section.name] = said_at
    ledger.coverage_events.append(
        {
            "user_id": ledger.user_id,
            "section": section.name,
            "state_before": state,
            "state": new_state,
            "fragment_id": fragment_id,
            "valid_at": said_at,
        }
    )


def has_active_facts(session: Session, ledger: Ledger, section: str) -> bool:
    """Whether the user has an active fact in the section, counting this batch's changes."""
    if section not in ledger._active_in_db:
        ledger._active_in_db[section] = set(
            session.scalars(
                select(Fact.key).where(Fact.user_id == ledger.user_id, Fact.section == section, Fact.status == "active")
            )
        )
    mine = {key: fact.state.status for (s, key), fact in ledger.facts.items() if s == section}
    active_in_db = ledger._active_in_db[section] - mine.keys()
    return bool(active_in_db) or "active" in mine.values()


FACT_STATE_COLUMNS = (
    "status",
    "attributes",
    "source",
    "confidence",
    "first_seen",
    "last_seen",
    "mentions",
    "updated_at",
)


@lru_cache(maxsize=2)
def fact_upsert(dialect: str) -> Any:
    """Every changed fact whole: the ledger was read under the user's lock, so its values are the new state."""
    statement = (postgresql.insert if dialect == "postgresql" else sqlite.insert)(core(Fact))
    return statement.on_conflict_do_update(
        index_elements=["user_id", "section", "key"],
        set_={name: statement.excluded[name] for name in FACT_STATE_COLUMNS},
    ).returning(core(Fact).c.id, core(Fact).c.user_id, core(Fact).c.section, core(Fact).c.key)


@lru_cache(maxsize=2)
def coverage_upsert(dialect: str) -> Any:
    statement = (postgresql.insert if dialect == "postgresql" else sqlite.insert)(core(Coverage))
    return statement.on_conflict_do_update(
        index_elements=["user_id", "section"],
        set_={"state": statement.excluded.state, "updated_at": statement.excluded.updated_at},
    ).returning(core(Coverage).c.section)  # RETURNING batches several rows into one statement (associate.py)


def write_ledger(session: Session, ledger: Ledger) -> None:
    write_ledgers(session, [ledger])


def write_ledgers(session: Session, ledgers: list[Ledger]) -> None:
    """Write what the ledgers changed in one round trip per table, whatever the number of users:
    facts (upsert, RETURNING their ids), their history, coverage and its history, rejections."""
    now = utcnow()
    dialect = session.get_bind().dialect.name
    # Sorted by user, then fact: one lock order for every writer.
    ledgers = sorted(ledgers, key=lambda ledger: ledger.user_id)
    fact_rows = [
        {
            "user_id": ledger.user_id,
            "section": section,
            "key": key,
            "status": fact.state.status,
            "attributes": fact.state.attributes,
            "source": fact.state.source,
            "confidence": fact.state.confidence,
            "first_seen": fact.first_seen,
            "last_seen": fact.last_seen,
            "mentions": fact.mentions,
            "updated_at": now,
        }
        for ledger in ledgers
        for (section, key), fact in sorted(ledger.facts.items())
        if (section, key) in ledger.changed_facts
    ]
    if fact_rows:
        ids = {
            (user_id, section, key): fact_id
            for fact_id, user_id, section, key in execute_many(session, fact_upsert(dialect), fact_rows)
        }
        for ledger in ledgers:
            for key in ledger.changed_facts:
                ledger.facts[key].id = ids[(ledger.user_id, *key)]
        execute_many(
            session,
            core(FactEvent).insert(),
            [
                {"fact_id": ids[(ledger.user_id, *key)], "recorded_at": now, **values}
                for ledger in ledgers
                for key, values in ledger.fact_events
            ],
        )
    coverage_rows = [
        {"user_id": ledger.user_id, "section": section, "state": ledger.coverage[section], "updated_at": at}
        for ledger in ledgers
        for section, at in sorted(ledger.changed_coverage.items())
    ]
    if coverage_rows:
        execute_many(session, coverage_upsert(dialect), coverage_rows)
        execute_many(
            session,
            core(CoverageEvent).insert(),
            [{"recorded_at": now, **values} for ledger in ledgers for values in ledger.coverage_events],
        )
    record_rejections(session, [row for ledger in ledgers for row in ledger.rejections])
    # ORM objects of these users' facts loaded earlier in the session would now be stale.
    users = {ledger.user_id for ledger in ledgers}
    for obj in list(session.identity_map.values()):
        if isinstance(obj, Fact | Coverage) and obj.user_id in users:
            session.expire(obj)


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
    """Write a batch of events of one user, in order. The caller holds the user's lock and commits."""
    ledger = load_ledger(session, user_id, events, settings)
    for event in events:
        apply_event(
            session, ledger, event, fragment_id=fragment_id, settings=settings, glued=glued, fallback_time=fallback_time
        )
    write_ledger(session, ledger)
    return ledger.outcome


def learned_from(outcome: Outcome) -> dict[tuple[str, str], int]:
    """Associative recall: the words of the sentences that changed each section go with it from now on.

    Only those sentences, not the whole fragment: "take" in "I take metformin" says nothing about
    the vaccination mentioned two sentences later.
    """
    increments: dict[tuple[str, str], int] = {}
    for section, sentences in outcome.evidence.items():
        increments.update(learn_associations(" ".join(sentences), [section]))
    return increments


def message_time(messages: list[dict[str, Any]]) -> datetime | None:
    stamps = [str(m["ts"]) for m in messages if m.get("ts")]
    return datetime.fromisoformat(stamps[-1]) if stamps else None


def apply_extractions(
    session: Session,
    *,
    user_id: str,
    fragment_id: str,
    messages: list[dict[str, Any]],
    glued: bool,
    extractions: list[list[ProposedEvent]],
    settings: Settings,
) -> Outcome:
    """Every valid extraction of one fragment in one batch, with its associations. User lock held."""
    outcome = apply_events(
        session,
        user_id=user_id,
        fragment_id=fragment_id,
        events=[event for events in extractions for event in events],
        settings=settings,
        glued=glued,
        fallback_time=message_time(messages),
    )
    record_associations(session, user_id, learned_from(outcome))
    return outcome


@shared_task(name=RECONCILE, bind=True, base=StageTask)
def reconcile_extraction(self: StageTask, extraction_id: int) -> list[str]:
    """Apply one validated extraction exactly once: its status flips to applied in the same transaction."""
    if not self.may_run(extraction_id=extraction_id):
        return []
    with session_scope() as session:
        user_id = session.scalar(select(Extraction.user_id).where(Extraction.id == extraction_id))
        if user_id is None:
            return []
        lock_user(session, user_id)
        # Read under the lock: another worker may have applied it.
        extraction = session.get(Extraction, extraction_id, populate_existing=True)
        if extraction is None or extraction.status != ExtractionStatus.VALID:
            return []
        fragment = session.get(Fragment, extraction.fragment_pk)
        if fragment is None:
            return []
        outcome = apply_extractions(
            session,
            user_id=user_id,
            fragment_id=fragment.fragment_id,
            messages=fragment.messages,
            glued=fragment.glued,
            extractions=[[ProposedEvent.model_validate(e) for e in extraction.events or []]],
            settings=get_settings(),
        )
        extraction.status = ExtractionStatus.APPLIED
        finish_fragment_if_complete(session, fragment.id)
    return outcome.changes
