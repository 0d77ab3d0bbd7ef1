"""fragments.heartbeat_at: "stuck" means silent, not old

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 02:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

IN_FLIGHT = sa.text("status IN ('pending', 'processing')")


def upgrade() -> None:
    # Nullable and without a server default, so SQLite can add it in place; the application always
    # writes it. Existing rows start from their last update: one stuck before the upgrade still is.
    op.add_column("fragments", sa.Column("heartbeat_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE fragments SET heartbeat_at = updated_at")
    # Partial: only fragments in flight are in it, so it stays a few rows deep however many are done.
    op.create_index(
        "ix_fragments_in_flight_heartbeat",
        "fragments",
        ["heartbeat_at"],
        postgresql_where=IN_FLIGHT,
        sqlite_where=IN_FLIGHT,
    )


def downgrade() -> None:
    op.drop_index("ix_fragments_in_flight_heartbeat", table_name="fragments")
    op.drop_column("fragments", "heartbeat_at")
