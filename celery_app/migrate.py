"""Applying migrations: an explicit step (`ltm db upgrade`), never a side effect of import.

The migration scripts live in `ops/migrations`; they are named here as a package resource, which
Alembic resolves, so the CLI runs them without importing operator code.
"""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine

MIGRATIONS = "ops:migrations"


def alembic_config(url: str | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    if url is None:
        return config
    # Percent signs in passwords would otherwise be read as interpolation by configparser.
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(url), revision)


def is_current(engine: Engine) -> bool:
    """True when the database is at the newest migration."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision() == head
