"""events.name and events.undone_by, games.waiting: recent history answered by bounded SQL

Undo finds the last action still standing and the nearest checkpoint with indexed queries
instead of reading the whole log; ``/game list`` knows whom a game waits on without loading it.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

UNDO = "__undo__"


def upgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.add_column(sa.Column("name", sa.String(), nullable=False, server_default=""))
        batch_op.add_column(sa.Column("undone_by", sa.Integer(), nullable=True))
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("waiting", sa.JSON(), nullable=True))
    events = sa.table(
        "events",
        sa.column("id", sa.Integer()),
        sa.column("game_id", sa.Integer()),
        sa.column("seq", sa.Integer()),
        sa.column("command", sa.JSON()),
        sa.column("name", sa.String()),
        sa.column("undone_by", sa.Integer()),
    )
    bind = op.get_bind()
    rows = bind.execute(sa.select(events.c.id, events.c.game_id, events.c.seq, events.c.command))
    for event_id, game_id, seq, command in rows.fetchall():
        name = str((command or {}).get("name", ""))
        bind.execute(events.update().where(events.c.id == event_id).values(name=name))
        if name == UNDO:
            target = int(command["args"]["target"])
            bind.execute(
                events.update()
                .where(events.c.game_id == game_id)
                .where(events.c.seq == target)
                .values(undone_by=seq)
            )


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("waiting")
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_column("undone_by")
        batch_op.drop_column("name")
