"""Isolation and erasure: no read path returns another user's data; forget-user erases one user wholly.

Users are made with ids that a careless query would confuse (a LIKE wildcard, a case change, a
prefix), each with facts, history, coverage, fragments, extractions, records, a buffered message
and a rejected payload, so every table in models.tables.USER_TABLES has rows for each of them.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from sqlalchemy import func, select

from celery_app.producer import publish_fragment, publish_message
from models.db import session_scope
from models.tables import USER_TABLES
from retrieval import build_context, list_facts
from tasks.ingest import ingest_fragment
from tasks.records import add_records, parse_records
from tests.workers import ltm, service_env

QUERIES = [
    "Что ты обо мне знаешь?",
    "Что выпить от головной боли?",
    "Какой у меня гемоглобин?",
    "Можно мне орехи?",
    "What do you know about me?",
]


def embedded_env() -> dict[str, str]:
    env = service_env()
    env.pop("LTM_BROKER_URL")
    return env


def give_user_everything(user_id: str, name: str, drug: str, allergen: str, lab: str) -> None:
    publish_fragment(
        {
            "user_id": user_id,
            "conversation_id": "c1",
            "messages": [
                {
                    "role": "user",
                    "content": f"Меня зовут {name}. Я принимаю {drug} 10 мг. У меня аллергия на {allergen}.",
                }
            ],
        }
    )
    publish_fragment(
        {
            "user_id": user_id,
            "conversation_id": "c1",
            "messages": [{"role": "user", "content": f"Я больше не принимаю {drug}."}],
        }
    )  # a second history event
    publish_message({"user_id": user_id, "conversation_id": "c2", "role": "user", "content": "мне"})  # buffered
    ingest_fragment.apply(
        args=[{"user_id": user_id, "messages": "not a list"}]
    )  # a refusal kept in rejected_extractions
    with session_scope() as session:
        add_records(
            session,
            user_id,
            parse_records({"kind": "lab_result", "title": lab, "date": "2026-02-10", "payload": {"value": 141}}),
        )


def row_counts(user_id: str) -> dict[str, int]:
    with session_scope() as session:
        return {
            table.__tablename__: session.scalar(
                select(func.count()).select_from(table).where(table.user_id == user_id)  # type: ignore[attr-defined, arg-type]
            )
            or 0
            for table in USER_TABLES
        }


@pytest.fixture(scope="module")  # built once; the erasure test runs last and erases only its victim
def users(database_url: str) -> dict[str, dict[str, str]]:
    """Look-alike user ids, each with its own unmistakable name, drug, allergen and lab title."""
    base = f"iso-{uuid.uuid4().hex[:8]}"
    people = {
        base: ("Анна", "эналаприл", "орехи", "Гемоглобин-A"),
        f"{base}%": ("Борис", "метформин", "латекс", "Гемоглобин-B"),
        f"{base[:-1]}_": ("Вера", "варфарин", "мед", "Гемоглобин-C"),
        base.upper(): ("Глеб", "ибупрофен", "соя", "Гемоглобин-D"),
        f"{base}-2": ("Дарья", "омепразол", "кунжут", "Гемоглобин-E"),
    }
    for user_id, (name, drug, allergen, lab) in people.items():
        give_user_everything(user_id, name, drug, allergen, lab)
    return {u: {"name": p[0], "drug": p[1], "allergen": p[2], "lab": p[3]} for u, p in people.items()}


def others(users: dict[str, dict[str, str]], user_id: str) -> list[str]:
    return [value for other, marks in users.items() if other != user_id for value in marks.values()]


def test_every_user_has_rows_in_every_user_table(users: dict[str, dict[str, str]]) -> None:
    for user_id in users:
        assert all(row_counts(user_id).values()), row_counts(user_id)


def test_facts_and_context_show_only_the_users_own_data(users: dict[str, dict[str, str]]) -> None:
    for user_id, marks in users.items():
        facts = list_facts(user_id, include_all=True)
        dumped = facts.model_dump_json()
        assert marks["name"] in dumped and marks["drug"] in dumped
        assert not [value for value in others(users, user_id) if value in dumped], user_id
        for query in QUERIES:
            text = build_context(user_id, query).model_dump_json(exclude={"query"})  # the query is echoed
            leaked = [value for value in others(users, user_id) if value in text]
            assert not leaked, (user_id, query, leaked)


def test_the_cli_read_commands_show_only_the_users_own_data(users: dict[str, dict[str, str]]) -> None:
    env = embedded_env()
    for user_id in list(users)[:2]:
        outputs = [
            ltm("facts", "--user", user_id, "--all", "--json", env=env).stdout,
            ltm("facts", "--user", user_id, "--as-of", "2100-01-01T00:00:00Z", "--json", env=env).stdout,
            *(ltm("context", "--user", user_id, "--query", q, "--json", env=env).stdout for q in QUERIES[:2]),
        ]
        for output in outputs:
            data = json.loads(output)
            assert data.pop("user_id") == user_id
            data.pop("query", None)  # echoed as given
            shown = json.dumps(data, ensure_ascii=False)
            assert not [value for value in others(users, user_id) if value in shown], (user_id, shown[:300])


def test_an_unknown_or_wildcard_user_sees_nothing(users: dict[str, dict[str, str]]) -> None:
    base = next(iter(users))
    for stranger in ("%", "_", "*", base[:-1], f"{base}'", f"{base}' OR '1'='1", base.lower() + " "):
        facts: Any = list_facts(stranger, include_all=True)
        assert facts.facts == [], stranger
        text = build_context(stranger, QUERIES[0]).text
        assert not [value for marks in users.values() for value in marks.values() if value in text], stranger


def test_forget_user_erases_every_table_and_nothing_of_anyone_else(users: dict[str, dict[str, str]]) -> None:
    victim = next(iter(users))
    before = {user_id: row_counts(user_id) for user_id in users}
    result = json.loads(ltm("forget-user", "--user", victim, "--json", env=embedded_env()).stdout)

    assert result["deleted"] == before[victim]
    assert row_counts(victim) == dict.fromkeys(before[victim], 0)
    for user_id in users:
        if user_id != victim:
            assert row_counts(user_id) == before[user_id], user_id
    assert list_facts(victim, include_all=True).facts == []
    assert users[victim]["name"] not in build_context(victim, QUERIES[0]).text
    # Erasing again is harmless, and a user who never existed erases nothing.
    again = json.loads(ltm("forget-user", "--user", victim, "--json", env=embedded_env()).stdout)
    assert sum(again["deleted"].values()) == 0
