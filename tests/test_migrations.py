"""The CLI's schema check reads the head revision without Alembic: it must agree with Alembic."""

from __future__ import annotations

import json
import uuid
from collections import defaultdict
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, make_url, text

from celery_app.migrate import alembic_config, head_revisions, is_current, upgrade
from models.db import get_engine

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def test_head_revisions_agree_with_alembic() -> None:
    assert head_revisions() == set(ScriptDirectory.from_config(alembic_config()).get_heads())


def test_a_database_is_current_only_at_the_head(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ltm.sqlite3'}"
    engine = get_engine(url)
    assert not is_current(engine)  # never migrated: no alembic_version table
    upgrade(url, "0001")
    assert not is_current(engine)
    upgrade(url)
    assert is_current(engine)


def test_the_postgres_test_database_is_current(database_url: str) -> None:
    assert is_current(get_engine(database_url))


def test_0004_gives_medications_one_key_in_either_alphabet_and_back(tmp_path: Path) -> None:
    """Medication keys are rewritten, other sections' are not; downgrading restores them."""
    url = f"sqlite:///{tmp_path / 'ltm.sqlite3'}"
    engine = get_engine(url)
    upgrade(url, "0003")
    rows = [
        ("u1", "medications", "ибупрофен", {"name_raw": "Нурофен", "name_normalized": "ибупрофен"}),
        ("u2", "medications", "эналаприл", {"name_raw": "эналаприл", "name_normalized": "эналаприл"}),
        ("u2", "medications", "enalapril", {"name_raw": "Enalapril", "name_normalized": "enalapril"}),
        ("u2", "allergies", "пенициллин", {"name_raw": "пенициллин", "name_normalized": "пенициллин"}),
    ]
    with engine.begin() as connection:
        for user_id, section, key, attributes in rows:
            connection.execute(
                text(
                    "INSERT INTO facts (user_id, section, key, status, attributes, source, confidence, first_seen,"
                    " last_seen, mentions, updated_at) VALUES (:user_id, :section, :key, 'active', :attributes,"
                    " 'conversation', 0.9, :now, :now, 1, :now)"
                ),
                {"user_id": user_id, "section": section, "key": key, "attributes": json.dumps(attributes), "now": T0},
            )

    def keys() -> list[tuple[str, str, str]]:
        with engine.connect() as connection:
            return [
                tuple(row) for row in connection.execute(text("SELECT user_id, section, key FROM facts ORDER BY id"))
            ]

    upgrade(url)
    assert keys() == [
        ("u1", "medications", "ibuprofen"),
        ("u2", "medications", "эналаприл"),  # its new key is taken: the consolidate sweep merges the two
        ("u2", "medications", "enalapril"),
        ("u2", "allergies", "пенициллин"),
    ]
    command.downgrade(alembic_config(url), "0003")
    assert keys() == [(user_id, section, key) for user_id, section, key, _ in rows]


@pytest.fixture()
def scratch_database(database_url: str) -> Iterator[str]:
    """A database of its own on the test server: a migration rewrites every user's rows, others' tests included."""
    name = f"ltm_migration_{uuid.uuid4().hex[:12]}"
    admin = create_engine(make_url(database_url).set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(database_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


def test_0005_names_old_russian_tastes_in_the_nominative_and_merges_what_is_one_thing(scratch_database: str) -> None:
    """«люблю кинзу» stored before the extractor named things in the nominative meets «кинза» said after it."""
    url = scratch_database
    upgrade(url, "0004")
    engine = create_engine(url)
    day = timedelta(days=1)
    facts = [  # user, key, value, first seen, status
        ("accusative", "likes:кинзу", "кинзу", T0, "active"),
        ("owner", "dislikes:свою работу", "свою работу", T0, "active"),
        ("untouched", "likes:кинза", "кинза", T0, "active"),
        ("untouched", "likes:старый джаз", "старый джаз", T0, "active"),
        ("untouched", "likes:кататься на лыжах", "кататься на лыжах", T0, "active"),
        ("untouched", "likes:jazz", "jazz", T0, "active"),
        ("collision", "likes:котиков", "котиков", T0, "active"),
        ("collision", "likes:котики", "котики", T0 + 30 * day, "active"),
        ("both archived", "likes:зиму", "зиму", T0, "archived"),
        ("both archived", "likes:зима", "зима", T0 + day, "archived"),
        ("flipped", "likes:кинзу", "кинзу", T0, "active"),
        ("flipped", "dislikes:кинза", "кинза", T0 + 30 * day, "active"),
    ]
    ids = {}
    with engine.begin() as connection:
        for user_id, key, value, seen, status in facts:
            row = {
                "user_id": user_id,
                "key": key,
                "status": status,
                "seen": seen,
                "value": json.dumps({"value": value}),
            }
            fact_id = connection.scalar(
                text(
                    "INSERT INTO facts (user_id, section, key, status, attributes, source, confidence, first_seen,"
                    " last_seen, mentions, updated_at) VALUES (:user_id, 'preferences', :key, :status, :value,"
                    " 'conversation', 0.9, :seen, :seen, 2, :seen) RETURNING id"
                ),
                row,
            )
            connection.execute(
                text(
                    "INSERT INTO fact_events (fact_id, user_id, change, status, attributes, source, confidence,"
                    " valid_at, recorded_at) VALUES (:id, :user_id, 'first_mention', 'active', :value,"
                    " 'conversation', 0.9, :seen, :seen)"
                ),
                {**row, "id": fact_id},
            )
            ids[(user_id, key)] = fact_id

    def state() -> dict[str, list[tuple[Any, ...]]]:
        with engine.connect() as connection:
            rows = connection.execute(
                text(
                    "SELECT f.user_id, f.id, f.key, f.attributes, f.status, f.mentions, f.first_seen,"
                    " array_agg(e.change ORDER BY e.id) FROM facts f JOIN fact_events e ON e.fact_id = f.id"
                    " GROUP BY f.id ORDER BY f.id"
                )
            )
            found: dict[str, list[tuple[Any, ...]]] = defaultdict(list)
            for user_id, *rest in rows:
                found[user_id].append(tuple(rest))
            return found

    before = state()
    upgrade(url)
    after = state()
    accusative = ids[("accusative", "likes:кинзу")]
    assert after["accusative"] == [
        (accusative, "likes:кинза", {"value": "кинза"}, "active", 2, T0, ["first_mention", "rename"])
    ]
    with engine.connect() as connection:
        renamed = connection.execute(
            text("SELECT before FROM fact_events WHERE change = 'rename' AND fact_id = :id"), {"id": accusative}
        )
        assert renamed.scalar_one() == {"status": "active", "attributes": {"value": "кинзу"}, "key": "likes:кинзу"}
    assert [(key, attributes) for _, key, attributes, *_ in after["owner"]] == [
        ("dislikes:работа", {"value": "работа"})
    ]
    assert after["untouched"] == before["untouched"]  # the nominative, an infinitive and English stay
    # The two forms of one thing are one fact: the older row, both histories, every mention.
    oldest = ids[("collision", "likes:котиков")]
    assert after["collision"] == [
        (
            oldest,
            "likes:котики",
            {"value": "котики"},
            "active",
            4,
            T0,
            ["first_mention", "first_mention", "rename", "merge"],
        )
    ]
    assert after["both archived"] == before["both archived"]  # history both: the old key stays as it was
    # The like said before the upgrade and the dislike said after it name one thing; the later one holds.
    assert [(key, status) for _, key, _, status, *_ in after["flipped"]] == [
        ("likes:кинза", "inactive"),
        ("dislikes:кинза", "active"),
    ]

    command.downgrade(alembic_config(url), "0004")
    undone = state()
    assert undone["accusative"] == before["accusative"]
    assert undone["owner"] == before["owner"]
    assert [key for _, key, *_ in undone["collision"]] == ["likes:котики"]  # merged facts stay one
    engine.dispose()
