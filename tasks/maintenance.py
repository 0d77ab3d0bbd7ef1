"""Periodic jobs run by the one beat: the half of the write path that no incoming message starts.

Each job is a core function `(session, settings, now) -> result` that tests call directly, plus a
thin task that takes the job's advisory lock (two beats, or a slow run overlapping the next tick,
never run one job twice at once), runs the core in one transaction and publishes follow-up work
only after that transaction has committed. Every job works in bounded batches and is idempotent:
a second run right after the first finds nothing to do.

- `flush_idle_buffers`: glue the buffered messages of idle conversations into fragments.
- `requeue_stuck_fragments`: start again fragments in flight whose heartbeat went silent (their
  worker died or their message was lost); park them as failed past the cap.
- `consolidate_facts`: merge a user's facts that name the same thing ("энап" and "эналаприл"), and
  keep the user's learned associations under their cap (tasks/associate.py).
- `forget_facts`: archive decayed facts of `decay` sections, make lapsed slots inactive (a pregnancy
  nobody mentioned for 300 days) and enforce the per-user cap.

The last two sweep every user, ordered by user id, USERS_PER_BATCH users per task and transaction;
a batch that was full publishes the next one (starting after its last user) once it has committed.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, TypeVar

from celery import shared_task
from pydantic import BaseModel, ValidationError
from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from models.clock import as_utc, utcnow
from models.db import lock_user, session_scope, try_lock_job
from models.sections import SECTIONS, get_section, normalize_key
from models.settings import Settings, get_settings
from models.statuses import IN_FLIGHT, FragmentStatus
from models.tables import BufferedMessage, Fact, FactEvent, Fragment
from tasks.admit import admit_fragment, triage
from tasks.associate import evict_weakest
from tasks.facts import IDENTITY_ATTRIBUTES, archive_fact, enforce_fact_cap, fact_status, retire_fact
from tasks.ingest import describe_validation_error, drain_buffer
from tasks.language import lexicon
from tasks.pipeline import restart
from tasks.stage import StageTask
from tasks.store import record_rejection

log = logging.getLogger(__name__)
T = TypeVar("T")

# Conversations flushed per run: enough for a busy minute, small enough to finish well inside it.
FLUSH_BATCH = 200

# Fragments restarted per run (every minute). Each one holds its user's advisory lock until the
# batch commits, so the batch stays far below Postgres' shared lock table (64 × max_connections);
# 200 a minute still clears the ~thousand fragments a crashed fleet could strand within minutes.
REQUEUE_BATCH = 200

# Users per sweep batch of consolidate/forget. A user has tens of facts (at most the cap, 2000),
# so a batch reads about 10k rows and commits in well under a second; the users' locks are held
# that long, which a live reconcile of one of them barely notices.
USERS_PER_BATCH = 200

# Salience of a `decay` fact: each mention beyond the first adds MENTION_WEIGHT to its weight, and
# the weight halves every DECAY_HALF_LIFE_DAYS since it was last seen; below DECAY_THRESHOLD it is
# archived. Chosen so that a preference said once fades after two half-lives (~6 months), one said
# three times after ~9 months, and one repeated every few months never does.
DECAY_HALF_LIFE_DAYS = 90.0
MENTION_WEIGHT = 0.5
DECAY_THRESHOLD = 0.25

DECAY_SECTIONS = tuple(name for name, s in SECTIONS.items() if s.retention == "decay")
LAPSING_SLOTS = {(name, slot): days for name, s in SECTIONS.items() for slot, days in s.lapse_days.items()}
ENTITY_SECTIONS = tuple(name for name, s in SECTIONS.items() if s.shape == "entity")
# Lexicons that give the canonical name of what an entity section names ("энап" → эналаприл).


class RequeueResult(BaseModel):
    restarted: list[int] = []  # fragment primary keys to classify again, once committed
    failed: list[int] = []  # parked: past settings.max_fragment_attempts


class SweepResult(BaseModel):
    users: list[str] = []  # the users this batch looked at, in sweep order
    changed: int = 0  # facts merged away (consolidate), or archived by decay or lapsed (forget)
    next_after: str | None = None  # where the next batch starts; None when the sweep is complete


def run_locked(job: str, core: Callable[[Session, Settings, datetime], T]) -> T | None:
    """Run a job's core in one transaction under the job's lock; None when another run holds it."""
    with session_scope() as session:
        if not try_lock_job(session, job):
            log.info("%s: skipped, another run holds its lock", job)
            return None
        return core(session, get_settings(), utcnow())


# --- flush_idle_buffers ------------------------------------------------------------------------


def flush_idle_buffers(session: Session, settings: Settings, now: datetime) -> list[int]:
    """Glue the messages of conversations idle past the limit into fragments; their primary keys."""
    cutoff = now - timedelta(seconds=settings.buffer_idle_seconds)
    idle = session.execute(
        select(BufferedMessage.user_id, BufferedMessage.conversation_id)
        .group_by(BufferedMessage.user_id, BufferedMessage.conversation_id)
        .having(func.max(BufferedMessage.created_at) < cutoff)
        .order_by(func.max(BufferedMessage.created_at))  # the longest waiting first
        .limit(FLUSH_BATCH)
    ).all()
    started = []
    for user_id, conversation_id in idle:
        buffered = session.scalars(
            select(BufferedMessage)
            .where(BufferedMessage.user_id == user_id, BufferedMessage.conversation_id == conversation_id)
            .order_by(BufferedMessage.ts, BufferedMessage.id)
        ).all()
        try:
            fragment = drain_buffer(session, list(buffered))
        except ValidationError as exc:
            # Rows written before today's validation rules must not stop every other conversation's
            # flush: they leave the buffer, and their text is kept with the reason.
            record_rejection(
                session,
                user_id=ascii(user_id)[:128],
                fragment_id=None,
                section=None,
                raw=repr([(m.role, m.content) for m in buffered])[:10_000],
                reason="buffered messages: " + describe_validation_error(exc),
            )
            continue
        claimed = admit_fragment(session, fragment, settings)
        if claimed is not None:
            started.append(claimed.pk)
    # Short pieces nobody completed in time were junk after all.
    session.execute(
        update(Fragment)
        .where(Fragment.status == FragmentStatus.HELD, Fragment.updated_at < cutoff)
        .values(status=FragmentStatus.SKIPPED)
    )
    return started


@shared_task(name="ltm.flush_idle_buffers")
def flush_idle_buffers_job() -> int | None:
    started = run_locked("flush_idle_buffers", flush_idle_buffers)
    for fragment_pk in started or ():  # published after the commit that made them
        restart(fragment_pk)
    return None if started is None else len(started)


# --- requeue_stuck_fragments -------------------------------------------------------------------


def requeue_stuck_fragments(
    session: Session, settings: Settings, now: datetime, *, limit: int = REQUEUE_BATCH
) -> RequeueResult:
    """Claim again the fragments in flight whose heartbeat is silent, longest silent first, counting an attempt each.

    Every stage writes the heartbeat when it takes a fragment up (and on every retry), so a
    fragment silent for settings.fragment_stuck_seconds has no live worker on it.
    """
    cutoff = now - timedelta(seconds=settings.fragment_stuck_seconds)
    stuck = session.execute(
        select(Fragment.id, Fragment.user_id)
        .where(Fragment.status.in_(IN_FLIGHT), Fragment.heartbeat_at < cutoff)  # ix_fragments_in_flight_heartbeat
        .order_by(Fragment.heartbeat_at, Fragment.id)
        .limit(limit)
    ).all()
    result = RequeueResult()
    for fragment_pk, user_id in stuck:
        outcome = restart_fragment(session, fragment_pk, user_id, settings, now=now, cutoff=cutoff)
        if outcome == FragmentStatus.PROCESSING:
            result.restarted.append(fragment_pk)
        elif outcome == FragmentStatus.FAILED:
            result.failed.append(fragment_pk)
    return result


def restart_fragment(
    session: Session, fragment_pk: int, user_id: str, settings: Settings, *, now: datetime, cutoff: datetime
) -> FragmentStatus | None:
    """Its new status: PROCESSING (restarted), FAILED (parked, with its reason), or None when it needs nothing."""
    # The order ingest and reconcile take locks in: the user first, then the row; never the reverse.
    lock_user(session, user_id)
    row = session.scalars(select(Fragment).where(Fragment.id == fragment_pk).with_for_update()).one_or_none()
    if row is None or row.status not in IN_FLIGHT or row.heartbeat_at is None or as_utc(row.heartbeat_at) >= cutoff:
        return None  # a worker moved it on since the scan
    stuck_in, stuck_since = row.status, as_utc(row.heartbeat_at)
    row.heartbeat_at = now  # the next run measures from this restart
    if row.status == FragmentStatus.PENDING:  # its ingest task was lost: it still needs the junk filter and gluing
        verdict = triage(session, row, settings)
        if verdict != FragmentStatus.PROCESSING:
            row.status = verdict
            return None
    row.attempts += 1
    if row.attempts > settings.max_fragment_attempts:
        row.status = FragmentStatus.FAILED
        row.error = (
            f"silent in {stuck_in} since {stuck_since:%Y-%m-%d %H:%M} UTC; gave up after {row.attempts - 1} attempts"
        )
        log.warning("fragment %s parked as failed: %s", fragment_pk, row.error)
        return FragmentStatus.FAILED
    row.status = FragmentStatus.PROCESSING
    return FragmentStatus.PROCESSING


@shared_task(name="ltm.requeue_stuck_fragments")
def requeue_stuck_fragments_job() -> int | None:
    result = run_locked("requeue_stuck_fragments", requeue_stuck_fragments)
    if result is None:
        return None
    for fragment_pk in result.restarted:  # published after the commit that claimed them
        restart(fragment_pk)
    return len(result.restarted)


# --- sweeps over users -------------------------------------------------------------------------


def next_users(session: Session, after: str, limit: int) -> list[str]:
    """The next users holding live facts, in user id order (ix_facts_user_status serves it)."""
    return list(
        session.scalars(
            select(Fact.user_id)
            .where(Fact.user_id > after, Fact.status != "archived")
            .distinct()
            .order_by(Fact.user_id)
            .limit(limit)
        )
    )


def sweep(session: Session, after: str, limit: int, per_user: Callable[[str], int]) -> SweepResult:
    users = next_users(session, after, limit)
    changed = sum(per_user(user_id) for user_id in users)
    return SweepResult(users=users, changed=changed, next_after=users[-1] if len(users) == limit else None)


# --- consolidate_facts -------------------------------------------------------------------------


def canonical_attributes(fact: Fact) -> dict[str, Any]:
    name = fact.attributes.get("name_normalized")
    if not isinstance(name, str):  # instructions and notes: their text is their identity
        return dict(fact.attributes)
    canonical = lexicon.canonical_name(fact.section, name) or normalize_key(name)
    return {**fact.attributes, "name_normalized": canonical}


def identity_key(fact: Fact, settings: Settings) -> str:
    """What makes two facts one thing: the section's key of the canonical name, cut as reconcile cuts keys."""
    if "name_normalized" not in fact.attributes:
        return fact.key
    return get_section(fact.section).key_for(canonical_attributes(fact))[: settings.max_key_chars]


def consolidate_facts(
    session: Session, settings: Settings, now: datetime, *, after: str = "", limit: int = USERS_PER_BATCH
) -> SweepResult:
    """One batch of the sweep: merge duplicates of each of the next `limit` users after `after`."""
    return sweep(session, after, limit, lambda user_id: consolidate_user(session, user_id, settings, now))


def consolidate_user(session: Session, user_id: str, settings: Settings, now: datetime) -> int:
    """Merge the user's live entity facts that share an identity (and cap their associations); facts merged away."""
    lock_user(session, user_id)
    facts = session.scalars(
        select(Fact)
        .where(Fact.user_id == user_id, Fact.status != "archived", Fact.section.in_(ENTITY_SECTIONS))
        .order_by(Fact.first_seen, Fact.id)
    ).all()
    groups: dict[tuple[str, str], list[Fact]] = defaultdict(list)
    for fact in facts:
        groups[(fact.section, identity_key(fact, settings))].append(fact)
    merged = 0
    for (_, key), group in groups.items():
        if len(group) > 1:
            merge_facts(session, group, key, now)
            merged += len(group) - 1
    evict_weakest(session, user_id)  # writes leave the association cap to this sweep
    return merged


def merge_facts(session: Session, group: list[Fact], key: str, now: datetime) -> Fact:
    """Fold the group into its oldest fact; nothing is lost.

    The others' history events move to the survivor, their last state goes into the `merge`
    event's `before`, and then their rows are deleted. Deleting rather than archiving them frees
    the identity key: an archived shell would keep the key, the next mention would revive the
    shell, and the duplicate would be back.
    """
    survivor, others = group[0], group[1:]
    before = {
        "status": survivor.status,
        "attributes": survivor.attributes,
        "key": survivor.key,
        "merged": [snapshot(fact) for fact in others],
    }
    # Newer statements win, and explicit ones win over conversation (as in reconcile.decide).
    attributes: dict[str, Any] = {}
    for fact in sorted(group, key=lambda f: (f.source == "explicit", as_utc(f.last_seen), f.id)):
        attributes.update(canonical_attributes(fact))
    for name in IDENTITY_ATTRIBUTES:
        if name in survivor.attributes:
            attributes[name] = survivor.attributes[name]

    other_ids = [fact.id for fact in others]
    session.execute(update(FactEvent).where(FactEvent.fact_id.in_(other_ids)).values(fact_id=survivor.id))
    for fact in others:
        session.delete(fact)
    session.flush()  # the duplicates' keys are free before the survivor may take the canonical one
    if key != survivor.key and not key_taken(session, survivor, key):
        survivor.key = key
    survivor.status = fact_status(survivor.section, attributes)
    survivor.attributes = attributes
    survivor.source = "explicit" if any(f.source == "explicit" for f in group) else survivor.source
    survivor.confidence = max(f.confidence for f in group)
    survivor.first_seen = min(as_utc(f.first_seen) for f in group)
    survivor.last_seen = max(as_utc(f.last_seen) for f in group)
    survivor.mentions = sum(f.mentions for f in group)
    session.add(
        FactEvent(
            fact_id=survivor.id,
            user_id=survivor.user_id,
            change="merge",
            status=survivor.status,
            attributes=attributes,
            before=before,
            source=survivor.source,
            confidence=survivor.confidence,
            fragment_id=None,
            valid_at=now,
        )
    )
    session.flush()
    return survivor


def key_taken(session: Session, survivor: Fact, key: str) -> bool:
    """An archived fact outside the group may hold the canonical key; then the survivor keeps its own."""
    return (
        session.scalar(
            select(Fact.id).where(Fact.user_id == survivor.user_id, Fact.section == survivor.section, Fact.key == key)
        )
        is not None
    )


def snapshot(fact: Fact) -> dict[str, Any]:
    return {
        "id": fact.id,
        "key": fact.key,
        "status": fact.status,
        "attributes": fact.attributes,
        "source": fact.source,
        "confidence": fact.confidence,
        "mentions": fact.mentions,
        "first_seen": as_utc(fact.first_seen).isoformat(),
        "last_seen": as_utc(fact.last_seen).isoformat(),
    }


# --- forget_facts ------------------------------------------------------------------------------


def salience(fact: Fact, now: datetime) -> float:
    age_days = max((now - as_utc(fact.last_seen)).total_seconds() / 86400, 0.0)
    return (1 + MENTION_WEIGHT * (fact.mentions - 1)) * 0.5 ** (age_days / DECAY_HALF_LIFE_DAYS)


def forget_facts(
    session: Session, settings: Settings, now: datetime, *, after: str = "", limit: int = USERS_PER_BATCH
) -> SweepResult:
    """One batch of the sweep: decay and cap for each of the next `limit` users after `after`."""
    return sweep(session, after, limit, lambda user_id: forget_user_facts(session, user_id, settings, now))


def forget_user_facts(session: Session, user_id: str, settings: Settings, now: datetime) -> int:
    """Archive the user's decayed facts, let lapsed slots go inactive, then enforce the cap; how many of both.

    Only `decay` sections fade, and never explicit facts. `forever` sections are kept as they are,
    `keep_inactive` ones keep their inactive facts (the default context leaves them out already);
    the cap never evicts non-evictable sections or explicit facts (tasks.reconcile.enforce_fact_cap).
    """
    lock_user(session, user_id)
    candidates = session.scalars(
        select(Fact).where(
            Fact.user_id == user_id,
            Fact.section.in_(DECAY_SECTIONS),
            Fact.status != "archived",
            Fact.source != "explicit",
        )
    ).all()
    decayed = [fact for fact in candidates if salience(fact, now) < DECAY_THRESHOLD]
    for fact in decayed:
        archive_fact(session, fact, now)
    lapsed = lapsed_facts(session, user_id, now)
    for fact in lapsed:
        retire_fact(session, fact, now, status="inactive", change="lapse")
    session.flush()  # the cap counts what is still live
    enforce_fact_cap(session, user_id, settings, now)
    return len(decayed) + len(lapsed)


def lapsed_facts(session: Session, user_id: str, now: datetime) -> list[Fact]:
    """Active facts of slots that stop being true by themselves, not mentioned for their lapse time.

    Explicit facts lapse too: "remember that I'm pregnant" stops being true all the same.
    """
    if not LAPSING_SLOTS:
        return []
    active = session.scalars(
        select(Fact).where(
            Fact.user_id == user_id,
            Fact.status == "active",
            Fact.section.in_({section for section, _ in LAPSING_SLOTS}),
            Fact.key.in_({slot for _, slot in LAPSING_SLOTS}),
        )
    ).all()
    # The query crosses every lapsing section with every lapsing slot; only the registry's own pairs lapse.
    return [
        fact
        for fact in active
        if (days := LAPSING_SLOTS.get((fact.section, fact.key))) is not None
        and now - as_utc(fact.last_seen) > timedelta(days=days)
    ]


# --- sweep tasks -------------------------------------------------------------------------------
# A lost continuation would end the sweep early, so a dropped database connection is retried here;
# the per-minute jobs need no retry: the next tick is one.


@shared_task(name="ltm.consolidate_facts", base=StageTask)
def consolidate_facts_job(after: str = "") -> int | None:
    return run_sweep_batch("consolidate_facts", consolidate_facts, consolidate_facts_job, after)


@shared_task(name="ltm.forget_facts", base=StageTask)
def forget_facts_job(after: str = "") -> int | None:
    return run_sweep_batch("forget_facts", forget_facts, forget_facts_job, after)


def run_sweep_batch(job: str, core: Callable[..., SweepResult], task: Any, after: str) -> int | None:
    """One batch under the job's lock; a full batch publishes the next one once it has committed."""
    result = run_locked(job, lambda session, settings, now: core(session, settings, now, after=after))
    if result is None:
        return None
    if result.next_after is not None:
        task.delay(result.next_after)
    return result.changed
