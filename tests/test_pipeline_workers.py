"""End to end through the real broker: fragments published to Redis, processed by real Celery workers
into PostgreSQL, read back with the `ltm` CLI."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.workers import ingest, ltm_json, purge_broker, running_workers


@pytest.fixture(scope="module")
def worker(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    purge_broker()
    with running_workers(1, concurrency=2, log_dir=tmp_path_factory.mktemp("workers")):
        yield


def say(user_id: str, text: str, n: int, **extra: str) -> dict[str, object]:
    return {
        "user_id": user_id,
        "conversation_id": "c1",
        "fragment_id": f"{user_id}-{n}",
        "messages": [{"role": "user", "content": text, "ts": f"2026-03-0{1 + n % 9}T10:00:00Z"}],
        **extra,
    }


def test_fragment_through_redis_and_a_worker_becomes_facts_and_context(worker: None, user_id: str) -> None:
    result = ingest(
        [say(user_id, "Hi, my name is Maria and I live in Lisbon.", 1), say(user_id, "I'm allergic to latex.", 2)]
    )
    assert set(result["statuses"].values()) == {"done"}

    facts = ltm_json("facts", "--user", user_id)
    by_key = {(f["section"], f["key"]): f for f in facts["facts"]}
    assert by_key[("profile", "name")]["attributes"]["value"] == "Maria"
    assert by_key[("profile", "city")]["attributes"]["value"] == "Lisbon"
    assert by_key[("allergies", "latex")]["history"][0]["change"] == "first_mention"
    assert facts["coverage"]["allergies"] == "known"

    context = ltm_json("context", "--user", user_id, "--query", "What do you know about me?")
    assert "Maria" in context["text"] and "latex" in context["text"]
    assert [b["kind"] for b in context["blocks"]][:1] == ["profile"]


def test_a_replayed_fragment_adds_no_event(worker: None, user_id: str) -> None:
    fragment = say(user_id, "Меня зовут Олег, у меня аллергия на орехи.", 1)
    ingest([fragment])
    ingest([fragment, fragment])
    facts = ltm_json("facts", "--user", user_id)["facts"]
    assert sorted(f["key"] for f in facts) == ["name", "орехи"]
    assert all(len(f["history"]) == 1 for f in facts)


def test_two_workers_on_one_user_lose_no_update(database_url: str, user_id: str, tmp_path: Path) -> None:
    drugs = [
        "ибупрофен",
        "парацетамол",
        "метформин",
        "эналаприл",
        "аторвастатин",
        "омепразол",
        "лозартан",
        "бисопролол",
        "амлодипин",
        "варфарин",
        "симвастатин",
        "левотироксин",
    ]
    fragments = [say(user_id, f"Я принимаю {drug} {10 + n} мг каждый день.", n) for n, drug in enumerate(drugs)]
    # The same drug's dose changed in two fragments racing each other: one must win, both in history.
    fragments += [say(user_id, "Я принимаю ибупрофен 400 мг каждый день.", 100)]
    purge_broker()
    with running_workers(2, concurrency=1, log_dir=tmp_path):
        result = ingest(fragments)
    assert set(result["statuses"].values()) == {"done"}
    facts = {
        f["attributes"]["name_normalized"]: f
        for f in ltm_json("facts", "--user", user_id)["facts"]
        if f["section"] == "medications"
    }
    assert sorted(facts) == sorted(drugs)
    assert len(facts["ибупрофен"]["history"]) == 2
    assert sum(len(f["history"]) for f in facts.values()) == len(drugs) + 1


def test_a_service_in_another_language_can_publish_the_raw_message(worker: None, user_id: str) -> None:
    """The envelope documented in README.md, pushed to Redis by hand, as a Go or Node service would."""
    import base64
    import json
    import os
    import uuid

    import redis

    from celery_app.producer import wait_for
    from models.schemas import FragmentIn

    fragment = say(user_id, "Меня зовут Ира, я живу в Москве.", 1)
    task_id = str(uuid.uuid4())
    body = [[fragment], {}, {"callbacks": None, "errbacks": None, "chain": None, "chord": None}]
    envelope = {
        "body": base64.b64encode(json.dumps(body).encode()).decode(),
        "content-encoding": "utf-8",
        "content-type": "application/json",
        "headers": {
            "lang": "py",
            "task": "ltm.ingest_fragment",
            "id": task_id,
            "root_id": task_id,
            "parent_id": None,
            "group": None,
            "retries": 0,
            "eta": None,
            "expires": None,
        },
        "properties": {
            "correlation_id": task_id,
            "reply_to": "",
            "delivery_mode": 2,
            "delivery_info": {"exchange": "", "routing_key": "ltm.ingest"},
            "priority": 0,
            "body_encoding": "base64",
            "delivery_tag": str(uuid.uuid4()),
        },
    }
    redis.Redis.from_url(os.environ["LTM_TEST_BROKER_URL"]).lpush("ltm.ingest", json.dumps(envelope))
    assert wait_for([FragmentIn.model_validate(fragment)], timeout=60) == {fragment["fragment_id"]: "done"}
    facts = {f["key"]: f["attributes"]["value"] for f in ltm_json("facts", "--user", user_id)["facts"]}
    assert facts == {"name": "Ира", "city": "Москва"}
