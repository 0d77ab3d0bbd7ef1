"""Applying migrations: an explicit step (`ltm db upgrade`), never a side effect of import.

The migration scripts live in `ops/migrations`; they are named here as a package resource, which
Alembic resolves, so the CLI runs them without importing operator code.

Checking whether a database is current is on every CLI command's path, so it does not load
Alembic (a third of a second): the head is read from the scripts' own `revision` / `down_revision`
lines and compared with the `alembic_version` table. tests/test_migrations.py holds it to Alembic's answer.
"""

from __future__ import annotations

import re
from importlib import resources
from typing import TYPE_CHECKING

from sqlalchemy import Engine, text
from sqlalchemy.exc import OperationalError, ProgrammingError

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_PACKAGE, MIGRATIONS_DIR = "ops", "migrations"
MIGRATIONS = f"{MIGRATIONS_PACKAGE}:{MIGRATIONS_DIR}"

# `revision: str = "0002"` and `down_revision: str | None = "0001"` (or None, or a tuple for a merge).
_ASSIGNMENT = re.compile(r"^(revision|down_revision)\b[^=\n]*=\s*(.+)$", re.MULTILINE)
_REVISION_ID = re.compile(r"""["']([^"']+)["']""")


def alembic_config(url: str | None = None) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    if url is None:
        return config
    # Percent signs in passwords would otherwise be read as interpolation by configparser.
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(url: str, revision: str = "head") -> None:
    from alembic import command

    command.upgrade(alembic_config(url), revision)


def head_revisions() -> set[str]:
    """The revisions no other script revises: what `alembic heads` would print, without Alembic."""
    revisions: set[str] = set()
    revised: set[str] = set()
    versions = resources.files(MIGRATIONS_PACKAGE) / MIGRATIONS_DIR / "versions"
    for script in versions.iterdir():
        if not script.name.endswith(".py"):
            continue
        found = dict(_ASSIGNMENT.findall(script.read_text(encoding="utf-8")))
        if "revision" not in found:
            raise RuntimeError(f"migration script {script.name} names no revision")
        revisions.update(_REVISION_ID.findall(found["revision"]))
        revised.update(_REVISION_ID.findall(found.get("down_revision", "")))
    return revisions - revised


def is_current(engine: Engine) -> bool:
    """True when the database is at the newest migration."""
    with engine.connect() as connection:  # an unreachable database raises here, not below
        try:
            stored = set(connection.scalars(text("SELECT version_num FROM alembic_version")))
        except (OperationalError, ProgrammingError):  # no such table (SQLite / PostgreSQL): never migrated
            return False
    return stored == head_revisions()
