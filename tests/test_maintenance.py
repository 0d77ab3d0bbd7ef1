"""The beat jobs against the real PostgreSQL: each core called with an explicit `now`, the job locks
across two connections, and `ltm stats`.

The jobs scan every user, and the test database is shared, so the job tests run in a transaction
that is rolled back (`db`), put their rows far in the past where a scan ordered oldest-first meets
them first, and assert on their own user's rows only.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from celery_app.stats import collect_stats, queue_lengths
from models.db import lock_user, session_scope, try_lock_job
from models.schemas import ProposedEvent
from models.settings import Settings
from models.tables import BufferedMessage, Fact, FactEvent, Fragment, RejectedExtraction
from tasks.erase import forget_user
from tasks.language.lexicon import canonical_name
from tasks.maintenance import (
    DECAY_THRESHOLD,
    consolidate_facts,
    consolidate_facts_job,
    consolidate_user,
    flush_idle_buffers,
    flush_idle_buffers_job,
    forget_facts,
    forget_facts_job,
    forget_user_facts,
    requeue_stuck_fragments,
    requeue_stuck_fragments_job,
    salience,
)
from tasks.reconcile import apply_events
from tests.conftest import TEST_BROKER_URL
from tests.workers import ltm, service_env

NOW = datetime.now(UTC).replace(microsecond=0)
LONG_AGO = datetime(2000, 1, 1, tzinfo=UTC)  # before anything a real run leaves behind
STATEMENT = "Я принимаю эналаприл по 5 мг каждое утро."


@pytest.fixture()
def db(database_url: str) -> Iterator[Session]:
    """A session whose work is rolled back: the jobs also touch other tests' rows, which must stay as they are."""
    with session_scope(database_url) as session:
        yield session
        session.rollback()


# --- helpers -----------------------------------------------------------------------------------


def add_fragment(
    s: Session, user_id: str, *, status: str, attempts: int = 0, text: str = STATEMENT, updated_at: datetime = LONG_AGO
) -> Fragment:
    fragment = Fragment(
        user_id=user_id,
        fragment_id=f"{user_id}-{status}-{text[:10]}",
        conversation_id="c1",
        messages=[{"role": "user", "content": text, "ts": None}],
        status=status,
        attempts=attempts,
        glued=False,
        created_at=updated_at,
        updated_at=updated_at,
        heartbeat_at=updated_at,
    )
    s.add(fragment)
    s.flush()
    return fragment


def make_stale(s: Session, fragment: Fragment) -> None:
    """Its chain is lost again: its heartbeat falls silent."""
    s.flush()
    s.execute(update(Fragment).where(Fragment.id == fragment.id).values(updated_at=LONG_AGO, heartbeat_at=LONG_AGO))
    s.refresh(fragment)


def add_fact(
    s: Session,
    user_id: str,
    section: str,
    key: str,
    *,
    days_ago: float = 0,
    mentions: int = 1,
    status: str = "active",
    source: str = "conversation",
    **attributes: Any,
) -> Fact:
    seen = NOW - timedelta(days=days_ago)
    attributes = attributes or {"name_raw": key, "name_normalized": key}
    fact = Fact(
        user_id=user_id,
        section=section,
        key=key,
        status=status,
        attributes=attributes,
        source=source,
        confidence=0.9,
        first_seen=seen,
        last_seen=seen,
        mentions=mentions,
    )
    s.add(fact)
    s.flush()
    s.add(
        FactEvent(
            fact_id=fact.id,
            user_id=user_id,
            change="first_mention",
            status=status,
            attributes=attributes,
            before=None,
            source=source,
            confidence=0.9,
            fragment_id=None,
            valid_at=seen,
        )
    )
    s.flush()
    return fact


def events_of(s: Session, fact_id: int) -> list[FactEvent]:
    return list(s.scalars(select(FactEvent).where(FactEvent.fact_id == fact_id).order_by(FactEvent.id)))


def user_events(s: Session, user_id: str) -> list[FactEvent]:
    return list(s.scalars(select(FactEvent).where(FactEvent.user_id == user_id).order_by(FactEvent.id)))


def user_before(s: Session, user_id: str) -> str:
    """A sweep cursor just before this user, in the database's own collation."""
    return s.scalar(select(func.max(Fact.user_id)).where(Fact.user_id < user_id)) or ""


def reread(s: Session, *rows: Any) -> None:
    s.flush()  # refresh alone would drop changes the job has not flushed yet
    for row in rows:
        s.refresh(row)


def statuses(s: Session, rows: list[Fact] | list[Fragment]) -> list[str]:
    reread(s, *rows)
    return [row.status for row in rows]


# --- the job lock ------------------------------------------------------------------------------

JOBS: list[tuple[str, Callable[[], int | None]]] = [
    ("flush_idle_buffers", flush_idle_buffers_job),
    ("requeue_stuck_fragments", requeue_stuck_fragments_job),
    ("consolidate_facts", consolidate_facts_job),
    ("forget_facts", forget_facts_job),
]


@pytest.mark.parametrize(("job", "task"), JOBS, ids=[job for job, _ in JOBS])
def test_a_second_run_is_skipped_while_the_first_holds_the_job_lock(
    database_url: str, job: str, task: Callable[[], int | None]
) -> None:
    def second_lock() -> bool:
        with session_scope(database_url) as other:
            return try_lock_job(other, job)

    with session_scope(database_url) as first, ThreadPoolExecutor(max_workers=1) as pool:
        assert try_lock_job(first, job)
        assert pool.submit(second_lock).result() is False
        assert pool.submit(task).result() is None  # the task wrapper itself stands aside
    # The lock is transaction-scoped: once the first run committed, the next one may go.
    assert second_lock() is True


# --- flush_idle_buffers ------------------------------------------------------------------------


def buffer(s: Session, user_id: str, conversation_id: str, content: str, created_at: datetime) -> None:
    s.add(
        BufferedMessage(
            user_id=user_id,
            conversation_id=conversation_id,
            role="user",
            content=content,
            message_id=f"{user_id}:{conversation_id}:{content}",
            ts=created_at,
            created_at=created_at,
        )
    )
    s.flush()


def my_fragments(s: Session, user_id: str) -> list[Fragment]:
    return list(s.scalars(select(Fragment).where(Fragment.user_id == user_id).order_by(Fragment.id)))


def test_flush_glues_an_idle_conversation_into_one_fragment_once(db: Session, user_id: str) -> None:
    buffer(db, user_id, "idle", "Я принимаю эналаприл", LONG_AGO)
    buffer(db, user_id, "idle", "по 5 мг каждое утро.", LONG_AGO + timedelta(seconds=5))
    buffer(db, user_id, "fresh", "Мне нравится зелёный чай.", NOW)

    started = flush_idle_buffers(db, Settings(), NOW)

    [fragment] = my_fragments(db, user_id)
    assert fragment.id in started
    assert (fragment.status, fragment.attempts, fragment.conversation_id) == ("processing", 1, "idle")
    assert [m["content"] for m in fragment.messages] == ["Я принимаю эналаприл", "по 5 мг каждое утро."]
    left = db.scalars(select(BufferedMessage.conversation_id).where(BufferedMessage.user_id == user_id)).all()
    assert left == ["fresh"]  # not idle yet

    again = flush_idle_buffers(db, Settings(), NOW)
    assert fragment.id not in again and len(my_fragments(db, user_id)) == 1


def test_flush_expires_short_pieces_nobody_completed(db: Session, user_id: str) -> None:
    old_piece = add_fragment(db, user_id, status="held", text="мне", updated_at=LONG_AGO)
    new_piece = add_fragment(db, user_id, status="held", text="41", updated_at=NOW)

    flush_idle_buffers(db, Settings(), NOW)

    assert statuses(db, [old_piece, new_piece]) == ["skipped", "held"]


# --- requeue_stuck_fragments -------------------------------------------------------------------


def test_a_fragment_stuck_in_processing_is_restarted_with_one_more_attempt(db: Session, user_id: str) -> None:
    stuck = add_fragment(db, user_id, status="processing", attempts=1)
    busy = add_fragment(
        db, user_id, status="processing", attempts=1, text="Мне 41 год.", updated_at=NOW - timedelta(minutes=1)
    )

    result = requeue_stuck_fragments(db, Settings(), NOW)

    assert stuck.id in result.restarted and busy.id not in result.restarted + result.failed
    reread(db, stuck)
    assert (stuck.status, stuck.attempts) == ("processing", 2)
    assert stuck.heartbeat_at == NOW  # the next run measures from this restart
    # Idempotent: right after a restart the fragment is not stuck.
    assert stuck.id not in requeue_stuck_fragments(db, Settings(), NOW).restarted


def test_a_pending_fragment_whose_ingest_was_lost_goes_through_the_filter_first(db: Session, user_id: str) -> None:
    content = add_fragment(db, user_id, status="pending")
    junk = add_fragment(db, user_id, status="pending", text="!!!")

    result = requeue_stuck_fragments(db, Settings(), NOW)

    assert content.id in result.restarted and junk.id not in result.restarted
    reread(db, content, junk)
    assert (content.status, content.attempts) == ("processing", 1)
    assert (junk.status, junk.attempts) == ("skipped", 0)  # junk costs no extractor call


def test_a_fragment_that_keeps_getting_stuck_is_parked_as_failed_with_its_reason(db: Session, user_id: str) -> None:
    settings = Settings(max_fragment_attempts=3)
    fragment = add_fragment(db, user_id, status="processing", attempts=1)  # the first claim, by ingest

    outcomes = []
    for _ in range(4):
        result = requeue_stuck_fragments(db, settings, NOW)
        outcomes.append(
            "restarted" if fragment.id in result.restarted else "failed" if fragment.id in result.failed else "-"
        )
        make_stale(db, fragment)

    assert outcomes == ["restarted", "restarted", "failed", "-"]  # parked fragments stay parked
    assert (fragment.status, fragment.attempts) == ("failed", 4)
    assert fragment.error is not None
    assert fragment.error.startswith("silent in processing since 2000-01-01")
    assert fragment.error.endswith("gave up after 3 attempts")


# --- consolidate_facts -------------------------------------------------------------------------

T0 = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)


def mention(s: Session, user_id: str, name_raw: str, name_normalized: str, day: int, **attributes: Any) -> list[str]:
    lock_user(s, user_id)
    event = ProposedEvent(
        section="medications",
        said_at=T0 + timedelta(days=day),
        attributes={"name_raw": name_raw, "name_normalized": name_normalized, **attributes},
    )
    outcome = apply_events(s, user_id=user_id, fragment_id=f"f{day}", events=[event], settings=Settings())
    s.flush()
    return outcome.changes


def medication(s: Session, user_id: str, key: str) -> Fact | None:
    return s.scalars(
        select(Fact).where(Fact.user_id == user_id, Fact.section == "medications", Fact.key == key)
    ).one_or_none()


def test_the_drug_lexicon_names_brands_and_inflected_forms_by_their_inn() -> None:
    assert canonical_name("medications", "Энап") == "эналаприл"
    assert canonical_name("medications", "эналаприла") == "эналаприл"
    assert canonical_name("medications", "Ренитек") == "эналаприл"
    assert canonical_name("medications", "витамин Зет") is None  # unknown to the lexicon
    assert canonical_name("surgeries", "Энап") is None  # no lexicon for the section


def test_consolidation_merges_facts_naming_the_same_drug_and_keeps_every_event(db: Session, user_id: str) -> None:
    assert mention(db, user_id, "Энап", "энап", 0, dosage="5 мг") == ["first_mention"]
    assert mention(db, user_id, "Энап", "энап", 10, dosage="10 мг") == ["update"]
    assert mention(db, user_id, "Эналаприл", "эналаприл", 30, frequency="утром") == ["first_mention"]
    assert mention(db, user_id, "Ибупрофен", "ибупрофен", 5) == ["first_mention"]
    survivor, duplicate = medication(db, user_id, "enap"), medication(db, user_id, "enalapril")
    assert survivor is not None and duplicate is not None
    duplicate_id, duplicate_attributes = duplicate.id, dict(duplicate.attributes)
    events_before = {e.id for e in user_events(db, user_id)}

    assert consolidate_user(db, user_id, Settings(), NOW) == 1

    reread(db, survivor)
    assert db.get(Fact, duplicate_id) is None  # deleted only after its events moved
    assert survivor.key == "enalapril"  # the canonical key, so later mentions find it
    assert survivor.attributes == {
        "name_raw": "Энап",
        "name_normalized": "эналаприл",
        "dosage": "10 мг",
        "frequency": "утром",
    }
    assert (survivor.status, survivor.mentions) == ("active", 3)
    assert (survivor.first_seen, survivor.last_seen) == (T0, T0 + timedelta(days=30))

    history = events_of(db, survivor.id)
    assert [e.change for e in history] == ["first_mention", "update", "first_mention", "merge"]
    assert events_before <= {e.id for e in user_events(db, user_id)}  # not one event lost
    merge = history[-1]
    assert merge.valid_at == NOW and merge.before is not None
    assert merge.before["key"] == "enap" and merge.before["attributes"]["dosage"] == "10 мг"
    assert [(m["id"], m["key"], m["attributes"]) for m in merge.before["merged"]] == [
        (duplicate_id, "enalapril", duplicate_attributes)
    ]
    assert medication(db, user_id, "ibuprofen") is not None

    # Idempotent, and the next mention of the canonical name lands on the survivor.
    assert consolidate_user(db, user_id, Settings(), NOW) == 0
    assert mention(db, user_id, "Эналаприл", "эналаприл", 40) == ["reconfirmation"]
    assert len(db.scalars(select(Fact).where(Fact.user_id == user_id, Fact.section == "medications")).all()) == 2


def test_consolidation_lets_an_explicit_statement_win_and_leaves_archived_facts_alone(
    db: Session, user_id: str
) -> None:
    old = add_fact(
        db,
        user_id,
        "allergies",
        "пенициллин",
        days_ago=30,
        source="explicit",
        name_raw="Пенициллин",
        name_normalized="пенициллин",
        reaction="отёк",
    )
    add_fact(
        db,
        user_id,
        "allergies",
        "пенициллина",
        days_ago=1,
        name_raw="пенициллина",
        name_normalized="пенициллина",
        reaction="сыпь",
        severity="mild",
    )
    archived = add_fact(db, user_id, "medications", "ренитек", days_ago=400, status="archived")
    add_fact(db, user_id, "medications", "эналаприл", days_ago=3)

    assert consolidate_user(db, user_id, Settings(), NOW) == 1

    reread(db, old)
    assert old.source == "explicit"
    assert old.attributes["reaction"] == "отёк" and old.attributes["severity"] == "mild"
    assert statuses(db, [archived]) == ["archived"]


def test_the_consolidation_sweep_goes_user_by_user(db: Session, user_id: str) -> None:
    add_fact(db, user_id, "medications", "энап", days_ago=10)
    add_fact(db, user_id, "medications", "эналаприл", days_ago=1)

    result = consolidate_facts(db, Settings(), NOW, after=user_before(db, user_id), limit=1)

    assert (result.users, result.changed, result.next_after) == ([user_id], 1, user_id)


# --- forget_facts ------------------------------------------------------------------------------

FIVE_YEARS = 5 * 365


def test_salience_halves_every_90_days_and_grows_with_mentions() -> None:
    def fact(days_ago: float, mentions: int = 1) -> Fact:
        return Fact(last_seen=NOW - timedelta(days=days_ago), mentions=mentions)

    assert salience(fact(0), NOW) == 1.0
    assert salience(fact(90), NOW) == pytest.approx(0.5)
    assert salience(fact(179), NOW) > DECAY_THRESHOLD > salience(fact(181), NOW)  # said once: ~6 months
    assert salience(fact(181, mentions=3), NOW) > DECAY_THRESHOLD > salience(fact(271, mentions=3), NOW)


def test_forgetting_never_touches_protected_sections_inactive_history_or_explicit_facts(
    db: Session, user_id: str
) -> None:
    kept = [
        add_fact(db, user_id, section, f"old {section}", days_ago=FIVE_YEARS)
        for section in ("allergies", "chronic_conditions", "surgeries", "vaccinations", "diagnoses")
    ]
    kept += [
        add_fact(
            db,
            user_id,
            "family_history",
            "мать:диабет",
            days_ago=FIVE_YEARS,
            relative="мать",
            name_raw="диабет",
            name_normalized="диабет",
        ),
        add_fact(db, user_id, "medications", "аспирин", days_ago=FIVE_YEARS, status="inactive"),
        add_fact(db, user_id, "symptoms", "кашель", days_ago=FIVE_YEARS, status="inactive"),
        add_fact(db, user_id, "profile", "city", days_ago=FIVE_YEARS, value="Казань"),
        add_fact(
            db,
            user_id,
            "notes",
            "код от домофона 123",
            days_ago=FIVE_YEARS,
            source="explicit",
            value="код от домофона 123",
        ),
        add_fact(db, user_id, "preferences", "diet", days_ago=FIVE_YEARS, source="explicit", value="веган"),
    ]
    events = len(user_events(db, user_id))

    assert forget_user_facts(db, user_id, Settings(), NOW) == 0

    assert set(statuses(db, kept)) == {"active", "inactive"}
    assert len(user_events(db, user_id)) == events


def test_decay_archives_faded_facts_with_a_history_event(db: Session, user_id: str) -> None:
    faded = add_fact(db, user_id, "notes", "любит джаз", days_ago=200, value="любит джаз")
    kept = [
        add_fact(db, user_id, "notes", "ходит в бассейн", days_ago=100, value="ходит в бассейн"),
        add_fact(db, user_id, "preferences", "likes:кофе", days_ago=400, mentions=20, value="кофе"),
        add_fact(db, user_id, "preferences", "pets:кот", days_ago=10, value="кот"),
    ]

    assert forget_user_facts(db, user_id, Settings(), NOW) == 1

    assert statuses(db, [faded, *kept]) == ["archived", "active", "active", "active"]
    archive = events_of(db, faded.id)[-1]
    assert (archive.change, archive.status, archive.valid_at) == ("archive", "archived", NOW)
    assert archive.before == {"status": "active", "attributes": {"value": "любит джаз"}}
    assert archive.attributes == {"value": "любит джаз"}  # archived, never deleted
    # Idempotent: a second run finds nothing more to forget.
    assert forget_user_facts(db, user_id, Settings(), NOW) == 0
    assert len(events_of(db, faded.id)) == 2


def test_a_pregnancy_not_mentioned_for_its_lapse_time_goes_inactive_with_a_history_event(
    db: Session, user_id: str
) -> None:
    lapsed = add_fact(db, user_id, "demographics", "pregnancy", days_ago=301, source="explicit", value="pregnant")
    other = add_fact(db, f"{user_id}-b", "demographics", "pregnancy", days_ago=200, value="breastfeeding")
    height = add_fact(db, user_id, "demographics", "height_cm", days_ago=3000, value=170)

    assert forget_user_facts(db, user_id, Settings(), NOW) == 1
    assert forget_user_facts(db, f"{user_id}-b", Settings(), NOW) == 0

    assert statuses(db, [lapsed, other, height]) == ["inactive", "active", "active"]
    lapse = events_of(db, lapsed.id)[-1]
    assert (lapse.change, lapse.status, lapse.attributes) == ("lapse", "inactive", {"value": "pregnant"})
    assert forget_user_facts(db, user_id, Settings(), NOW) == 0  # idempotent


def test_forgetting_enforces_the_cap_on_the_least_recently_seen_evictable_facts(db: Session, user_id: str) -> None:
    allergy = add_fact(db, user_id, "allergies", "латекс", days_ago=900)
    city = add_fact(db, user_id, "profile", "city", days_ago=50, value="Казань")
    injury = add_fact(db, user_id, "injuries", "перелом", days_ago=40)
    name = add_fact(db, user_id, "profile", "name", days_ago=1, value="Мария")
    diet = add_fact(db, user_id, "preferences", "diet", days_ago=1, value="веган")

    forget_user_facts(db, user_id, Settings(max_facts_per_user=3), NOW)

    assert statuses(db, [allergy, city, injury, name, diet]) == ["active", "archived", "archived", "active", "active"]
    assert [e.change for e in events_of(db, city.id)] == ["first_mention", "archive"]


def test_the_forgetting_sweep_goes_user_by_user(db: Session, user_id: str) -> None:
    faded = add_fact(db, user_id, "notes", "любит джаз", days_ago=FIVE_YEARS, value="любит джаз")

    result = forget_facts(db, Settings(), NOW, after=user_before(db, user_id), limit=1)

    assert (result.users, result.changed, result.next_after) == ([user_id], 1, user_id)
    assert statuses(db, [faded]) == ["archived"]


# --- ltm stats ---------------------------------------------------------------------------------


def test_ltm_stats_json_reports_fragments_facts_rejections_and_llm_usage(session: Session, user_id: str) -> None:
    fragment = add_fragment(session, user_id, status="failed")
    fragment.error, fragment.classifier_call = (
        "gave up after 5 attempts",
        {"model": "m", "tokens_in": 7, "tokens_out": 3},
    )
    add_fact(session, user_id, "allergies", "латекс")
    # Far in the future so that it is the most recent rejection whatever else the shared database holds.
    session.add(
        RejectedExtraction(
            user_id=user_id,
            fragment_id=None,
            section="allergies",
            raw="{}",
            reason=f"test reason {user_id}",
            created_at=datetime(2100, 1, 1, tzinfo=UTC),
        )
    )
    session.commit()
    try:
        env = {k: v for k, v in service_env().items() if k != "LTM_BROKER_URL"}
        stats = json.loads(ltm("stats", "--json", env=env).stdout)
    finally:
        forget_user(session, user_id)
        session.commit()

    assert set(stats) == {"fragments", "facts", "rejected", "llm", "queues"}
    assert stats["fragments"]["failed"] >= 1
    assert stats["facts"]["allergies"]["active"] >= 1
    assert stats["rejected"]["count"] >= 1 and len(stats["rejected"]["recent"]) <= 5
    assert stats["rejected"]["recent"][0]["reason"] == f"test reason {user_id}"
    assert set(stats["llm"]) == {"extraction_calls", "classifier_calls", "tokens_in", "tokens_out"}
    assert stats["llm"]["classifier_calls"] >= 1 and stats["llm"]["tokens_in"] >= 7
    assert stats["queues"] == {"mode": "in-process", "lengths": {}}


def test_stats_count_the_broker_queues_on_redis(database_url: str) -> None:
    queues = queue_lengths(TEST_BROKER_URL)
    assert queues.mode == "broker"
    assert set(queues.lengths) == {"ltm.ingest", "ltm.extract", "ltm.maintenance"}
    assert all(n >= 0 for n in queues.lengths.values())
    assert collect_stats().queues.mode == "in-process"  # the tests' own settings have no broker
