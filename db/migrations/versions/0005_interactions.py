"""interactions: the key of each interaction that landed a command (issue 14: idempotency)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

import db.models

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "interactions",
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.String(), nullable=False),
        sa.Column("created_at", db.models.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    with op.batch_alter_table("interactions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_interactions_game_id"), ["game_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_interactions_created_at"), ["created_at"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("interactions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_interactions_created_at"))
        batch_op.drop_index(batch_op.f("ix_interactions_game_id"))
    op.drop_table("interactions")
