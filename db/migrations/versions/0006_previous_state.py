"""snapshots.previous_state: the state before the last event, so undoing it costs one read

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("snapshots", schema=None) as batch_op:
        batch_op.add_column(sa.Column("previous_state", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("snapshots", schema=None) as batch_op:
        batch_op.drop_column("previous_state")
