"""outbox and blocked_channels: posts owed, written with their event (issue 10 item 2)

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

import db.models

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("channel_id", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("user_id", sa.String(), nullable=True),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("created_at", db.models.UTCDateTime(timezone=True), nullable=False),
        sa.Column("next_try_at", db.models.UTCDateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("claimed_by", sa.String(), nullable=True),
        sa.Column("claimed_until", db.models.UTCDateTime(timezone=True), nullable=True),
        sa.Column("sent_at", db.models.UTCDateTime(timezone=True), nullable=True),
        sa.Column("message_id", sa.String(), nullable=True),
        sa.Column("error", sa.String(), nullable=True),
        sa.Column("given_up", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_outbox_channel_id"), ["channel_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_outbox_game_id"), ["game_id"], unique=False)
    op.create_table(
        "blocked_channels",
        sa.Column("channel_id", sa.String(), nullable=False),
        sa.Column("reason", sa.String(), nullable=False),
        sa.Column("since", db.models.UTCDateTime(timezone=True), nullable=False),
        sa.Column("retry_at", db.models.UTCDateTime(timezone=True), nullable=False),
        sa.Column("told", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("channel_id"),
    )


def downgrade() -> None:
    op.drop_table("blocked_channels")
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_outbox_game_id"))
        batch_op.drop_index(batch_op.f("ix_outbox_channel_id"))
    op.drop_table("outbox")
