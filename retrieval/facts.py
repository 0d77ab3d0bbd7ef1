"""list_facts: a user's memory with its history, now or as it stood at a past moment.

The "as of" view is rebuilt from the append-only history rather than read from the current
state: for every fact, the last event the user had said by then (valid_at ≤ as_of) gives its
status and attributes. A fact with no such event did not exist yet.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from models.clock import as_utc
from models.db import session_scope
from models.schemas import FactPublic, FactsPublic, HistoryItem
from models.sections import COVERAGE_SECTIONS, SECTIONS
from models.tables import Coverage, CoverageEvent, Fact, FactEvent

_REGISTRY_ORDER: dict[str, int] = {name: index for index, name in enumerate(SECTIONS)}


def list_facts(
    user_id: str, *, include_all: bool = False, as_of: datetime | None = None, session: Session | None = None
) -> FactsPublic:
    """The user's facts (active only unless include_all), each with its full history, and coverage.

    Facts are ordered by section (registry order) then first_seen. With `as_of`, both facts and
    coverage are the state at that moment, and each history stops there.
    """
    if session is None:
        with session_scope() as own_session:
            return list_facts(user_id, include_all=include_all, as_of=as_of, session=own_session)
    if as_of is not None:
        as_of = _aware(as_of)
    facts = _load_facts(session, user_id, include_all=include_all, as_of=as_of)
    history = _load_history(session, user_id, include_all=include_all, as_of=as_of)
    rebuilt = (_public_fact(fact, history.get(fact.id, []), as_of) for fact in facts)
    # With as_of the current status says nothing about the past, so the filter runs on the rebuilt one.
    visible = [fact for fact in rebuilt if fact is not None and (include_all or fact.status == "active")]
    return FactsPublic(
        user_id=user_id,
        facts=sorted(visible, key=_display_order),
        coverage=_coverage(session, user_id, as_of),
    )


# A naive timestamp is read as UTC, the zone every stored timestamp is in.
_aware = as_utc


def _display_order(fact: FactPublic) -> tuple[int, datetime, int]:
    return _REGISTRY_ORDER.get(fact.section, len(_REGISTRY_ORDER)), fact.first_seen, fact.id


def _load_facts(session: Session, user_id: str, *, include_all: bool, as_of: datetime | None) -> list[Fact]:
    query = select(Fact).where(Fact.user_id == user_id)
    if not include_all and as_of is None:
        query = query.where(Fact.status == "active")
    return list(session.scalars(query))


def _load_history(
    session: Session, user_id: str, *, include_all: bool, as_of: datetime | None
) -> dict[int, list[HistoryItem]]:
    """Every event of the listed facts in one query, grouped by fact, in the order they were said."""
    query = select(FactEvent).where(FactEvent.user_id == user_id)
    if not include_all and as_of is None:
        active_ids = select(Fact.id).where(Fact.user_id == user_id, Fact.status == "active")
        query = query.where(FactEvent.fact_id.in_(active_ids))
    if as_of is not None:
        query = query.where(FactEvent.valid_at <= as_of)
    query = query.order_by(FactEvent.fact_id, FactEvent.valid_at, FactEvent.recorded_at, FactEvent.id)
    history: dict[int, list[HistoryItem]] = defaultdict(list)
    for event in session.scalars(query):
        history[event.fact_id].append(
            HistoryItem(
                change=event.change,
                at=event.valid_at,
                recorded_at=event.recorded_at,
                status=event.status,
                attributes=event.attributes,
                fragment_id=event.fragment_id,
            )
        )
    return history


def _public_fact(fact: Fact, history: list[HistoryItem], as_of: datetime | None) -> FactPublic | None:
    if as_of is None:
        return FactPublic(
            id=fact.id,
            section=fact.section,
            key=fact.key,
            status=fact.status,  # type: ignore[arg-type]
            attributes=fact.attributes,
            source=fact.source,
            confidence=fact.confidence,
            first_seen=fact.first_seen,
            last_seen=fact.last_seen,
            mentions=fact.mentions,
            history=history,
        )
    if not history:
        return None  # not said yet at that moment
    last = history[-1]
    return FactPublic(
        id=fact.id,
        section=fact.section,
        key=fact.key,
        status=last.status,  # type: ignore[arg-type]
        attributes=last.attributes,
        source=fact.source,
        confidence=fact.confidence,
        first_seen=history[0].at,
        last_seen=last.at,
        mentions=len(history),
        history=history,
    )


def _coverage(session: Session, user_id: str, as_of: datetime | None) -> dict[str, str]:
    """Every coverage-tracked section → state; a section nobody spoke about is "unknown"."""
    states = dict.fromkeys(COVERAGE_SECTIONS, "unknown")
    if as_of is None:
        rows = session.execute(select(Coverage.section, Coverage.state).where(Coverage.user_id == user_id))
        states.update({section: state for section, state in rows if section in states})
        return states
    events = session.execute(
        select(CoverageEvent.section, CoverageEvent.state)
        .where(CoverageEvent.user_id == user_id, CoverageEvent.valid_at <= as_of)
        .order_by(CoverageEvent.valid_at, CoverageEvent.recorded_at, CoverageEvent.id)
    )
    for section, state in events:  # the last event per section wins
        if section in states:
            states[section] = state
    return states
