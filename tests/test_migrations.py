"""The CLI's schema check reads the head revision without Alembic: it must agree with Alembic."""

from __future__ import annotations

from pathlib import Path

from alembic.script import ScriptDirectory

from celery_app.migrate import alembic_config, head_revisions, is_current, upgrade
from models.db import get_engine


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
