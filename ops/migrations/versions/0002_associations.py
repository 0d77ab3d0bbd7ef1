"""associations: concept → section weights per user (associative recall)

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # The primary key (user_id, concept, section) is also the read path's index: one user, a few concepts.
    op.create_table(
        "associations",
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("concept", sa.String(length=32), nullable=False),
        sa.Column("section", sa.String(length=32), nullable=False),
        sa.Column("weight", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "concept", "section"),
    )


def downgrade() -> None:
    op.drop_table("associations")
