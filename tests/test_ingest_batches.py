"""Batches of `ltm.ingest_fragment` messages (tasks/batches.py, tasks/ingest_batch.py) through real
Redis, PostgreSQL and Celery worker processes.

Fragments are published while no worker runs, so the worker that starts finds a queue to take in
batches. Rows that one transaction wrote share its id (`xmin`): that is how a test sees a batch.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
import redis
from sqlalchemy import text

from models.db import session_scope
from ops.drills.workers import stop_process_group
from tests.workers import BIN, ingest, ltm_json, purge_broker, running_workers, service_env


def say(user_id: str, text: str, n: int) -> dict[str, Any]:
    return {"user_id": user_id, "fragment_id": f"{user_id}-{n}", "messages": [{"role": "user", "content": text}]}


def fragment_rows(user_ids: list[str]) -> list[dict[str, Any]]:
    with session_scope() as session:
        rows = session.execute(
            text(
                "SELECT user_id, fragment_id, status, attempts, xmin::text AS tx FROM fragments"
                " WHERE user_id = ANY(:users) ORDER BY id"
            ),
            {"users": user_ids},
        )
        return [dict(row._mapping) for row in rows]


def wait_until(check: Any, timeout: float, what: str, interval: float = 0.1) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not after {timeout:.0f} s: {what}")
        time.sleep(interval)


def facts_with_history(user_id: str) -> dict[str, dict[str, Any]]:
    return {f["key"]: f for f in ltm_json("facts", "--user", user_id, "--all")["facts"]}


def test_a_batch_of_several_users_in_one_transaction_keeps_each_users_order(user_id: str, tmp_path: Path) -> None:
    purge_broker()
    users = [f"{user_id}-{n}" for n in range(6)]
    fragments = []
    for user in users:  # interleaved: each user's second fragment comes after the others' first
        fragments.append(say(user, "Я принимаю ибупрофен 200 мг.", 1))
    for user in users:
        fragments.append(say(user, "Я больше не принимаю ибупрофен.", 2))
    fragments.append(say(users[0], "Я больше не принимаю ибупрофен.", 2))  # published twice: written once
    ingest(fragments, wait=False)
    with running_workers(1, log_dir=tmp_path):
        wait_until(
            lambda: all(r["status"] == "done" for r in fragment_rows(users)) and len(fragment_rows(users)) == 12,
            60,
            "every fragment done",
        )
    rows = fragment_rows(users)
    assert len({r["tx"] for r in rows}) < len(rows), "no two fragments were written in one transaction"
    assert all(r["attempts"] == 1 for r in rows)
    for user in users:
        fact = facts_with_history(user)["ibuprofen"]
        assert fact["status"] == "inactive"  # stopped after it was started, as published
        assert [h["change"] for h in fact["history"]] == ["first_mention", "negation"]
        assert [h["fragment_id"] for h in fact["history"]] == [f"{user}-1", f"{user}-2"]


def test_one_poisonous_fragment_costs_the_rest_of_its_batch_nothing(user_id: str, tmp_path: Path) -> None:
    """A note whose key is longer than the column (LTM_MAX_KEY_CHARS raised past it, a misconfiguration)
    fails in the database: the batch is rolled back and goes one by one; the good fragments are done,
    the bad one keeps its claim (processing, one attempt) for the requeue job, as when it comes alone."""
    purge_broker()
    users = [f"{user_id}-{n}" for n in range(5)]
    poison = "Запомни: " + " ".join(["мой любимый сорт чая называется молочный улун из провинции Фуцзянь"] * 4) + "."
    fragments = [say(users[n], "Я принимаю метформин 500 мг.", 1) for n in (0, 1)]
    fragments.append(say(users[2], poison, 1))
    fragments += [say(users[n], "У меня аллергия на латекс.", 1) for n in (3, 4)]
    ingest(fragments, wait=False)
    with running_workers(1, log_dir=tmp_path, LTM_MAX_KEY_CHARS="1000"):
        wait_until(
            lambda: sum(r["status"] == "done" for r in fragment_rows(users)) == 4 and len(fragment_rows(users)) == 5,
            60,
            "the four good fragments done, the poisonous one stored",
        )
        time.sleep(1)  # nothing else happens to the poisonous one until the requeue job
    by_user = {r["user_id"]: r for r in fragment_rows(users)}
    assert {u: by_user[u]["status"] for u in users} == {
        users[0]: "done",
        users[1]: "done",
        users[2]: "processing",
        users[3]: "done",
        users[4]: "done",
    }
    assert by_user[users[2]]["attempts"] == 1
    assert set(facts_with_history(users[0])) == {"metformin"}
    assert set(facts_with_history(users[4])) == {"латекс"}
    assert facts_with_history(users[2]) == {}
    assert "a batch of 5 fragments failed" in (tmp_path / "worker-0.log").read_text(errors="replace")


def batch_running() -> bool:
    """Several messages held unacknowledged and the count still over 5 ms: a batch is being written."""
    broker = redis.Redis.from_url(os.environ["LTM_TEST_BROKER_URL"])
    held = int(broker.hlen("unacked"))
    time.sleep(0.005)
    return held > 1 and int(broker.hlen("unacked")) == held


def start_worker(log: Path, **extra_env: str) -> subprocess.Popen[bytes]:
    worker = subprocess.Popen(
        [
            *(str(BIN / "celery"), "-A", "celery_app", "worker", "--loglevel=INFO", "--concurrency=1"),
            *(f"--hostname=batch-{log.stem}-{os.getpid()}@%h", "--without-mingle", "--without-gossip"),
        ],
        env=service_env(**extra_env),
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    wait_until(lambda: "ready." in log.read_text(errors="replace"), 60, f"worker {log.stem} ready")
    return worker


@pytest.mark.parametrize("victim", ["worker", "pool process"])
def test_a_worker_killed_mid_batch_loses_nothing_and_doubles_nothing(user_id: str, tmp_path: Path, victim: str) -> None:
    """SIGKILL while batches are being written: a killed pool process gives its batch back at once
    (tasks/batches.py); a killed worker's messages come back after the visibility timeout (5 s here).
    Either way every fragment ends done, with each fact and each history event exactly once."""
    purge_broker()
    users = [f"{user_id}-{n}" for n in range(480)]
    ingest(
        [say(user, "Меня зовут Анна. Я принимаю метформин 500 мг. У меня аллергия на латекс.", 1) for user in users],
        wait=False,
    )
    env = {"LTM_BROKER_VISIBILITY_TIMEOUT": "5"}
    worker = start_worker(tmp_path / "first.log", **env)
    try:
        wait_until(lambda: sum(r["status"] == "done" for r in fragment_rows(users)) >= 20, 60, "a first batch")
        if victim == "worker":
            # While a batch is written, not while the worker receives messages: kombu's Redis
            # transport pops a message before it records it as unacknowledged, and a SIGKILL in
            # between loses it whatever the consumer (celery/celery#7950; README.md, write path).
            wait_until(batch_running, 10, "a batch being written", interval=0.001)
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()
            worker = start_worker(tmp_path / "second.log", **env)
        else:  # until one dies mid-batch (between two batches it loses nothing, and proves nothing)
            log = tmp_path / "first.log"
            for _ in range(50):
                pool = subprocess.run(["pgrep", "-P", str(worker.pid)], capture_output=True, text=True).stdout
                for child in pool.split():
                    # A child killed on an earlier round may be reaped between pgrep and here.
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(int(child), signal.SIGKILL)
                time.sleep(0.1)
                if "ingest messages requeued: the pool process was lost" in log.read_text(errors="replace"):
                    break
            else:
                raise AssertionError("no pool process was killed mid-batch")
        done_at_kill = sum(r["status"] == "done" for r in fragment_rows(users))
        wait_until(
            lambda: len(rows := fragment_rows(users)) == len(users) and all(r["status"] == "done" for r in rows),
            120,
            "every fragment done after the kill",
        )
    finally:
        stop_process_group(worker, timeout=30)
    assert done_at_kill < len(users), "the kill came after the work: raise the number of fragments"
    with session_scope() as session:
        facts = session.execute(
            text(
                "SELECT f.user_id, f.key, count(DISTINCT f.id) AS facts, count(e.id) AS events"
                " FROM facts f JOIN fact_events e ON e.fact_id = f.id WHERE f.user_id = ANY(:users)"
                " GROUP BY f.user_id, f.key"
            ),
            {"users": users},
        ).all()
    assert len(facts) == 3 * len(users), "a fact was lost"
    assert {(row.facts, row.events) for row in facts} == {(1, 1)}, "a fact or an event was written twice"
    assert json.dumps(sorted({row.key for row in facts}), ensure_ascii=False) == '["metformin", "name", "латекс"]'
