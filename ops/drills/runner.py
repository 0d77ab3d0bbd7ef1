"""The drills themselves. Imported only once the private services run and LTM_* point at them.

Every drill publishes its own users' fragments through the private Redis to real workers, does
one bad thing to the system mid-run, waits for the fragments to finish and checks, per fact, the
exact number of history events (see workload.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import redis
from sqlalchemy import update
from sqlalchemy.orm import Session

from celery_app.celery import EXTRACT_QUEUE, INGEST_QUEUE, MAINTENANCE_QUEUE
from celery_app.producer import publish_fragment
from models.clock import utcnow
from models.db import session_scope
from models.schemas import FragmentIn
from models.settings import Settings, get_settings
from models.tables import Fact, FactEvent, Fragment
from ops.drills.services import PrivatePostgres, PrivateRedis, wait_until
from ops.drills.workers import Worker, start_workers, stop_workers, worker_env
from ops.drills.workload import (
    Plan,
    Verdict,
    fact_key,
    few_users_many_fragments,
    one_user_per_fragment,
    verify,
    wait_for_done,
)
from tasks.admit import admit_fragment
from tasks.maintenance import requeue_stuck_fragments
from tasks.pipeline import restart

# Seconds: how long a drill waits for its fragments before it calls the requeue job (what the
# beat would do a minute later), and how long it waits at most in all. A healthy run of 100
# fragments takes ~10 s on 2 cores; a redelivery after a kill waits for the visibility timeout.
STALL_SECONDS = 15.0
FINISH_TIMEOUT = 90.0
# Fragments untouched this long count as stuck when a drill runs the requeue core itself.
DRILL_STUCK_SECONDS = 5
# How long a drill waits for the broker to drain once its fragments are done.
DRAIN_SECONDS = 5.0
# The design's bound: after a worker is killed, its fragments are done within 5 minutes at the
# default settings (a correctness bound, asserted by the kill-worker drill, not a benchmark).
RECOVERY_BOUND_SECONDS = 300.0


@dataclass
class Context:
    redis_server: PrivateRedis
    postgres: PrivatePostgres
    log_dir: Path
    fragments: int
    visibility_timeout: int

    @property
    def env(self) -> dict[str, str]:
        return worker_env(
            self.postgres.url, self.redis_server.url, LTM_BROKER_VISIBILITY_TIMEOUT=str(self.visibility_timeout)
        )

    @property
    def default_env(self) -> dict[str, str]:
        """A deployment at the default settings: visibility timeout, stuck age and beat schedule as shipped."""
        return worker_env(self.postgres.url, self.redis_server.url)

    def broker(self) -> redis.Redis:
        return redis.Redis.from_url(self.redis_server.url, socket_timeout=5)


@dataclass
class DrillResult:
    name: str
    plan: Plan
    verdict: Verdict | None
    notes: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and self.verdict is not None and self.verdict.ok


@contextmanager
def workers(
    ctx: Context, count: int, app: str = "celery_app", env: dict[str, str] | None = None
) -> Iterator[list[Worker]]:
    started = start_workers(count, env or ctx.env, ctx.log_dir, app=app)
    try:
        yield started
    finally:
        stop_workers(started)


@contextmanager
def celery_beat(ctx: Context, env: dict[str, str]) -> Iterator[subprocess.Popen[bytes]]:
    """The app's own beat with its default schedule (the requeue job every minute)."""
    beat = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "celery"),
            "-A",
            "celery_app",
            "beat",
            "--loglevel=INFO",
            f"--schedule={ctx.log_dir / f'beat-schedule-{uuid.uuid4().hex[:6]}'}",
        ],
        env=env,
        stdout=(ctx.log_dir / "beat-defaults.log").open("ab"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        yield beat
    finally:
        beat.terminate()
        try:
            beat.wait(timeout=20)
        except subprocess.TimeoutExpired:
            beat.kill()
            beat.wait()


def publish(plan: Plan) -> None:
    for fragment in plan.fragments:
        publish_fragment(fragment)


def pending_messages(ctx: Context) -> int:
    """Messages queued or delivered but not yet acknowledged, on every queue."""
    try:
        client = ctx.broker()
        queued = sum(int(client.llen(q)) for q in (INGEST_QUEUE, EXTRACT_QUEUE, MAINTENANCE_QUEUE))
        return queued + int(client.hlen("unacked"))
    except redis.RedisError:
        return -1


def finish(ctx: Context, plan: Plan, notes: list[str]) -> None:
    """Wait until every fragment is done; when they stop moving, run the requeue core (as the beat would)."""
    deadline = time.monotonic() + FINISH_TIMEOUT
    total = len(plan.fragments)
    while time.monotonic() < deadline:
        before = wait_for_done(plan, total, 0)
        done = wait_for_done(plan, total, min(STALL_SECONDS, deadline - time.monotonic()))
        if done >= total:
            break
        if done == before:  # no progress for STALL_SECONDS: their messages are gone
            restarted = requeue_now()
            notes.append(f"requeue job restarted {restarted} stuck fragment(s)")
    # Duplicates still in flight are counted too; a message that was in flight when a server went
    # away waits in `unacked` for the visibility timeout, and the final recheck (recheck) covers it.
    drained_by = time.monotonic() + DRAIN_SECONDS
    while pending_messages(ctx) != 0 and time.monotonic() < drained_by:
        time.sleep(0.1)
    if (left := pending_messages(ctx)) != 0:
        notes.append(f"{left} message(s) left on the broker for the recheck")


def requeue_now() -> int:
    """The requeue job's core with a short stuck threshold, its follow-up published after the commit."""
    settings = get_settings().model_copy(update={"fragment_stuck_seconds": DRILL_STUCK_SECONDS})
    with session_scope() as session:
        result = requeue_stuck_fragments(session, settings, utcnow())
    for fragment_pk in result.restarted:
        restart(fragment_pk)
    return len(result.restarted)


def wait_until_visible_again(ctx: Context, *, newest: bool) -> None:
    """Wait until the oldest (or newest) unacknowledged message is older than the visibility timeout."""
    end = -1 if newest else 0
    entries = ctx.broker().zrange("unacked_index", end, end, withscores=True)
    if entries:
        due = float(entries[0][1]) + ctx.visibility_timeout + 0.5
        wait_until(lambda: time.time() > due, ctx.visibility_timeout + 5, "visibility timeout")


def batch_running(ctx: Context) -> bool:
    """Several messages held unacknowledged and the count still over 10 ms: a batch is being written."""
    held = int(ctx.broker().hlen("unacked"))
    time.sleep(0.01)
    return held > 1 and int(ctx.broker().hlen("unacked")) == held


def first_quarter(plan: Plan) -> int:
    return max(1, len(plan.fragments) // 4)


# --- the drills -------------------------------------------------------------------------------


def drill_kill_worker(ctx: Context, plan: Plan, notes: list[str]) -> None:
    """SIGKILL the only worker mid-chain at the default settings; every fragment done within 5 minutes.

    Nothing is shortened here: the workers run with the shipped visibility timeout and the app's own
    beat runs the requeue job on its shipped schedule; a replacement worker starts right after the
    kill, as a supervisor would start one. Recovery is the time from the kill until the last
    fragment is done, and must stay within RECOVERY_BOUND_SECONDS.
    """
    env = ctx.default_env
    half = len(plan.fragments) // 2
    with celery_beat(ctx, env):
        # Mid-run and mid-batch: a first worker does the first half and stops; the second half is
        # published and taken by the victim as one batch (tasks/batches.py), and the kill comes
        # while it writes it: several messages held unacknowledged and none arriving. Not while it
        # receives them: kombu's Redis transport pops a message before it records it as
        # unacknowledged, and a SIGKILL in between loses it whatever the consumer
        # (celery/celery#7950; README.md, the drills' findings).
        with workers(ctx, 1, env=env):
            for fragment in plan.fragments[:half]:
                publish_fragment(fragment)
            wait_for_done(plan, half, 60)
        for fragment in plan.fragments[half:]:
            publish_fragment(fragment)
        with workers(ctx, 1, env=env) as (victim,):
            wait_until(lambda: batch_running(ctx), 30, "a batch in flight", interval=0.001)
            in_flight = int(ctx.broker().hlen("unacked"))
            victim.kill()
            killed_at = time.monotonic()
            notes.append(f"killed mid-batch with {in_flight} message(s) unacknowledged")
            with workers(ctx, 1, env=env):
                total = len(plan.fragments)
                done = wait_for_done(plan, total, RECOVERY_BOUND_SECONDS + 30)
                recovery = time.monotonic() - killed_at
                notes.append(
                    f"all done {recovery:.0f} s after the kill (default settings, bound {RECOVERY_BOUND_SECONDS:.0f} s)"
                )
                if done < total or recovery > RECOVERY_BOUND_SECONDS:
                    raise AssertionError(f"{done}/{total} fragments done {recovery:.0f} s after the kill")
                # When the kill came after the batch's transaction committed but before its acks,
                # every fragment is already done and its messages only come back once they are a
                # visibility timeout old (the shipped default, as the workers here run): the drain waits.
                shipped_timeout = Settings.model_fields["broker_visibility_timeout"].default
                wait_until(lambda: pending_messages(ctx) == 0, shipped_timeout + 60, "the broker to drain")


def drill_restart_redis(ctx: Context, plan: Plan, notes: list[str]) -> None:
    with workers(ctx, 2):
        publish(plan)
        wait_for_done(plan, first_quarter(plan), 60)
        queued = pending_messages(ctx)
        ctx.redis_server.restart()
        notes.append(f"redis restarted with {queued} message(s) queued or unacked")
        finish(ctx, plan, notes)


def drill_restart_postgres(ctx: Context, plan: Plan, notes: list[str]) -> None:
    with workers(ctx, 2):
        publish(plan)
        wait_for_done(plan, first_quarter(plan), 60)
        ctx.postgres.stop()
        time.sleep(2)  # the outage itself: workers meet a dead database for a while
        ctx.postgres.start()
        notes.append("postgres down ~2 s")
        finish(ctx, plan, notes)


def drill_deliver_twice(ctx: Context, plan: Plan, notes: list[str]) -> None:
    from celery.signals import after_task_publish, before_task_publish

    from ops.drills.twice import duplicate_every_message, mark_copies

    with workers(ctx, 2, app="ops.drills.twice"):
        # twice.py connected the duplicating handler in this process too: fragments go out twice.
        try:
            publish(plan)
            finish(ctx, plan, notes)
        finally:
            after_task_publish.disconnect(duplicate_every_message)
            before_task_publish.disconnect(mark_copies)
    notes.append("every task message published twice")


def drill_same_user(ctx: Context, plan: Plan, notes: list[str]) -> None:
    with workers(ctx, 2):
        publish(plan)
        finish(ctx, plan, notes)
    notes.append(f"{len(plan.users)} users, 2 worker processes")


def drill_two_beats(ctx: Context, plan: Plan, notes: list[str]) -> None:
    """Stuck fragments and duplicate facts, then two beats ticking at the same moments."""
    settings = get_settings()
    admitted = []
    with session_scope() as session:
        for fragment in plan.fragments:  # stored and claimed, then their chain "lost"
            claimed = admit_fragment(session, FragmentIn.model_validate(fragment), settings)
            admitted.append(claimed.pk if claimed else None)
        session.execute(
            update(Fragment)
            .where(Fragment.id.in_([pk for pk in admitted if pk]))
            .values(heartbeat_at=utcnow() - timedelta(hours=1))
        )
        add_duplicate(session, plan)
    ticks = 3
    with workers(ctx, 1):
        start = time.time() + 5  # both beats are up and connected by then
        env = {**ctx.env, "LTM_FRAGMENT_STUCK_SECONDS": "600"}
        beats = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "ops.drills.beat",
                    "--start",
                    str(start),
                    "--ticks",
                    str(ticks),
                    # A run holds its job's lock for 2 s: the other beat, even a second late on a
                    # loaded machine, finds it taken (at 1 s the drill failed once under load).
                    "--interval",
                    "5",
                    "--hold",
                    "2",
                    "--name",
                    f"beat-{n}",
                ],
                env=env,
                stdout=subprocess.PIPE,
                stderr=(ctx.log_dir / f"beat-{n}.log").open("wb"),
                text=True,
            )
            for n in range(2)
        ]
        try:
            outputs = [b.communicate(timeout=60)[0] for b in beats]
        finally:
            for b in beats:
                if b.poll() is None:
                    b.kill()
                    b.wait()
        finish(ctx, plan, notes)
    runs = [json.loads(line) for out in outputs for line in out.splitlines() if line.startswith("{")]
    ran = Counter((r["job"], r["tick"]) for r in runs if r["ran"])
    for job in ("requeue_stuck_fragments", "consolidate_facts"):
        per_tick = [ran[(job, t)] for t in range(ticks)]
        changed = sum(r["changed"] for r in runs if r["job"] == job)
        notes.append(f"{job}: runs per tick {per_tick}, changed {changed}")
        if per_tick != [1] * ticks:
            raise AssertionError(f"{job} ran {per_tick} times per tick, not once")


def add_duplicate(session: Session, plan: Plan) -> None:
    """Two facts naming one drug (a brand and its INN), as an older extractor version left them."""
    user = plan.users[0] + "-dup"
    plan.extra_users.append(user)
    now = utcnow()
    for key, name in (("энап", "энап"), ("эналаприл-dup", "эналаприл")):
        attributes = {"name_raw": name, "name_normalized": name, "dosage": "5 мг", "status": "active"}
        fact = Fact(
            user_id=user,
            section="medications",
            key=key,
            status="active",
            attributes=attributes,
            source="conversation",
            confidence=0.9,
            first_seen=now,
            last_seen=now,
            mentions=1,
        )
        session.add(fact)
        session.flush()
        session.add(
            FactEvent(
                fact_id=fact.id,
                user_id=user,
                change="first_mention",
                status="active",
                attributes=attributes,
                source="conversation",
                confidence=0.9,
                fragment_id=None,
                valid_at=now,
            )
        )
    # One fact remains, under the canonical key, holding both first mentions and one merge event.
    plan.expected[(user, "medications", fact_key("medications", "эналаприл"))] = 3


DRILLS: dict[str, tuple[str, Callable[[Context, Plan, list[str]], None], Callable[[str, int], Plan]]] = {
    "kill-worker": ("SIGKILL a worker mid-chain", drill_kill_worker, one_user_per_fragment),
    "restart-redis": ("restart Redis (AOF) mid-run", drill_restart_redis, one_user_per_fragment),
    "restart-postgres": ("stop/start PostgreSQL mid-run", drill_restart_postgres, one_user_per_fragment),
    # Half the fragments: every copy runs its own chain, so this drill carries ~6× the messages.
    "deliver-twice": (
        "every message delivered twice",
        drill_deliver_twice,
        lambda tag, n: one_user_per_fragment(tag, max(4, n // 2)),
    ),
    "same-user": ("two workers on the same users", drill_same_user, few_users_many_fragments),
    "two-beats": ("two beats at once", drill_two_beats, lambda tag, n: one_user_per_fragment(tag, max(4, n // 4))),
}


def run_drill(ctx: Context, name: str) -> DrillResult:
    _, drill, make_plan = DRILLS[name]
    plan = make_plan(f"{name}-{uuid.uuid4().hex[:6]}", ctx.fragments)
    notes: list[str] = []
    started = time.monotonic()
    try:
        drill(ctx, plan, notes)
        verdict = verify(plan)
    except Exception as exc:  # the table still shows the other drills; the exit code says it failed
        return DrillResult(name, plan, None, notes, f"{type(exc).__name__}: {exc}")
    notes.append(f"{time.monotonic() - started:.0f} s")
    return DrillResult(name, plan, verdict, notes)


def recheck(ctx: Context, results: list[DrillResult]) -> None:
    """After the last drill: let every message still waiting in `unacked` come back, then count again.

    A worker restores the unacknowledged messages older than the visibility timeout when it starts,
    so one is started once the newest of them is that old; then the broker must drain and every
    drill's facts must be exactly as they were checked: a late redelivery doubled nothing.
    """
    wait_until_visible_again(ctx, newest=True)
    with workers(ctx, 1):
        wait_until(lambda: pending_messages(ctx) == 0, FINISH_TIMEOUT, "the broker to drain")
    for result in results:
        if result.ok:
            again = verify(result.plan)
            if not again.ok:
                result.verdict = again
                result.notes.append("changed after the broker drained")


def table(results: list[DrillResult]) -> str:
    rows = [("drill", "fragments", "expected facts/events", "found facts/events", "result", "notes")]
    for r in results:
        v = r.verdict
        rows.append(
            (
                r.name,
                str(len(r.plan.fragments)),
                f"{v.expected_facts}/{v.expected_events}" if v else "-",
                f"{v.found_facts}/{v.found_events}" if v else "-",
                "PASS" if r.ok else "FAIL",
                "; ".join([*r.notes, *(v.problems if v else []), *([r.error] if r.error else [])]),
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = [
        " | ".join(cell.ljust(w) for cell, w in zip(row[:5], widths, strict=True)) + " | " + row[5] for row in rows
    ]
    lines.insert(1, "-+-".join("-" * w for w in widths) + "-+-" + "-" * 5)
    return "\n".join(lines)


def environment_note() -> str:
    return f"database {get_settings().database_url}, broker {os.environ.get('LTM_BROKER_URL')}"
