"""initial schema

Revision ID: 0001
Revises:
Create Date: 2026-11-30 03:20:20.796634
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "coverage",
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("section", sa.String(length=32), nullable=False),
        sa.Column("state", sa.String(length=24), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "section"),
    )
    op.create_table(
        "coverage_events",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("section", sa.String(length=32), nullable=False),
        sa.Column("state_before", sa.String(length=24), nullable=False),
        sa.Column("state", sa.String(length=24), nullable=False),
        sa.Column("fragment_id", sa.String(length=128), nullable=True),
        sa.Column("valid_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("coverage_events", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_coverage_events_user_id"), ["user_id"], unique=False)

    op.create_table(
        "facts",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("section", sa.String(length=32), nullable=False),
        sa.Column("key", sa.String(length=128), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("attributes", sa.JSON(), nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("confidence", sa.Float(), nullable=False),
        sa.Column("first_seen", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen", sa.DateTime(timezone=True), nullable=False),
        sa.Column("mentions", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id", "section", "key", name="uq_facts_user_section_key"),
    )
    with op.batch_alter_table("facts", schema=None) as batch_op:
        batch_op.create_index("ix_facts_user_status", ["user_id", "status"], unique=False)

    op.create_table(
        "fragments",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("fragment_id", sa.String(length=128), nullable=False),
        sa.Column("conversation_id", sa.String(length=128), nullable=True),
        sa.Column("messages", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("glued", sa.Boolean(), nullable=False),
        sa.Column("sections", sa.JSON(), nullable=True),
        sa.Column("classifier_call", sa.JSON(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id", "fragment_id", name="uq_fragments_user_fragment"),
    )
    with op.batch_alter_table("fragments", schema=None) as batch_op:
        batch_op.create_index("ix_fragments_status_updated", ["status", "updated_at"], unique=False)

    op.create_table(
        "message_buffer",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("conversation_id", sa.String(length=128), nullable=False),
        sa.Column("message_id", sa.String(length=128), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("ts", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("message_id"),
    )
    with op.batch_alter_table("message_buffer", schema=None) as batch_op:
        batch_op.create_index("ix_message_buffer_conversation", ["user_id", "conversation_id"], unique=False)

    op.create_table(
        "records",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("title", sa.String(length=500), nullable=False),
        sa.Column("date", sa.DateTime(timezone=True), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("records", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_records_user_id"), ["user_id"], unique=False)

    op.create_table(
        "rejected_extractions",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("fragment_id", sa.String(length=128), nullable=True),
        sa.Column("section", sa.String(length=32), nullable=True),
        sa.Column("raw", sa.Text(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("rejected_extractions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rejected_extractions_user_id"), ["user_id"], unique=False)

    op.create_table(
        "extractions",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("fragment_pk", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("section", sa.String(length=32), nullable=False),
        sa.Column("backend", sa.String(length=16), nullable=False),
        sa.Column("prompt_id", sa.String(length=64), nullable=True),
        sa.Column("prompt_version", sa.String(length=16), nullable=True),
        sa.Column("model", sa.String(length=64), nullable=True),
        sa.Column("raw_output", sa.Text(), nullable=False),
        sa.Column("events", sa.JSON(), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("tokens_in", sa.Integer(), nullable=False),
        sa.Column("tokens_out", sa.Integer(), nullable=False),
        sa.Column("latency_ms", sa.Float(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["fragment_pk"], ["fragments.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("fragment_pk", "section", name="uq_extractions_fragment_section"),
    )
    with op.batch_alter_table("extractions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_extractions_fragment_pk"), ["fragment_pk"], unique=False)
        batch_op.create_index(batch_op.f("ix_extractions_user_id"), ["user_id"], unique=False)

    op.create_table(
        "fact_events",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("fact_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("user_id", sa.String(length=128), nullable=False),
        sa.Column("change", sa.String(length=24), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("attributes", sa.JSON(), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("confidence", sa.Float(), nullable=False),
        sa.Column("fragment_id", sa.String(length=128), nullable=True),
        sa.Column("valid_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["fact_id"], ["facts.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("fact_events", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_fact_events_fact_id"), ["fact_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_fact_events_user_id"), ["user_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("fact_events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_fact_events_user_id"))
        batch_op.drop_index(batch_op.f("ix_fact_events_fact_id"))

    op.drop_table("fact_events")
    with op.batch_alter_table("extractions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_extractions_user_id"))
        batch_op.drop_index(batch_op.f("ix_extractions_fragment_pk"))

    op.drop_table("extractions")
    with op.batch_alter_table("rejected_extractions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_rejected_extractions_user_id"))

    op.drop_table("rejected_extractions")
    with op.batch_alter_table("records", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_records_user_id"))

    op.drop_table("records")
    with op.batch_alter_table("message_buffer", schema=None) as batch_op:
        batch_op.drop_index("ix_message_buffer_conversation")

    op.drop_table("message_buffer")
    with op.batch_alter_table("fragments", schema=None) as batch_op:
        batch_op.drop_index("ix_fragments_status_updated")

    op.drop_table("fragments")
    with op.batch_alter_table("facts", schema=None) as batch_op:
        batch_op.drop_index("ix_facts_user_status")

    op.drop_table("facts")
    with op.batch_alter_table("coverage_events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_coverage_events_user_id"))

    op.drop_table("coverage_events")
    op.drop_table("coverage")
