"""The CLI's schema check reads the head revision without Alembic: it must agree with Alembic."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import text

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
