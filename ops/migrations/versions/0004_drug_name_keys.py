"""medications: one key for a drug's name in Latin or Cyrillic letters

A medication's key was its normalised name, so "ибупрофен" and "ibuprofen" were two facts. It is now
`models.sections.drug_name_key` of the name. Existing keys are rewritten, except where the new key is
already taken: a user who holds both spellings keeps both facts, and the consolidate sweep
(tasks/maintenance.py) merges them, history and all.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-06 00:30:00
"""

from collections.abc import Callable, Sequence

import sqlalchemy as sa
from alembic import op

from models.sections import drug_name_key, normalize_key
from models.settings import get_settings

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

facts = sa.table(
    "facts",
    sa.column("id", sa.Integer),
    sa.column("user_id", sa.String),
    sa.column("section", sa.String),
    sa.column("key", sa.String),
    sa.column("attributes", sa.JSON),
)


def rekey_medications(name_key: Callable[[str], str]) -> None:
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(facts.c.id, facts.c.user_id, facts.c.key, facts.c.attributes)
        .where(facts.c.section == "medications")
        .order_by(facts.c.user_id, facts.c.id)
    ).all()
    taken = {(row.user_id, row.key) for row in rows}
    max_key_chars = get_settings().max_key_chars
    for row in rows:
        key = name_key(str(row.attributes.get("name_normalized", row.key)))[:max_key_chars]
        if key == row.key or (row.user_id, key) in taken:
            continue
        bind.execute(sa.update(facts).where(facts.c.id == row.id).values(key=key))
        taken.discard((row.user_id, row.key))
        taken.add((row.user_id, key))


def upgrade() -> None:
    rekey_medications(drug_name_key)


def downgrade() -> None:
    rekey_medications(normalize_key)
