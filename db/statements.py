"""The statements of a command's round trip, built once (issue 14).

Building a SQLAlchemy statement (``update(...).where(...).values(...)``) at every command cost
about as much as running it. These are built at import with named parameters (``b_...``) and
executed with the values of each command; SQLAlchemy still compiles each one once per process.
``MOVE_GAME`` has no ``SET`` clause of its own: it sets the columns named in the parameters it
is given (``seq``, ``updated_at`` ... and, when the game ends, ``status`` and ``result``).
"""

from __future__ import annotations

from sqlalchemy import bindparam, case, delete, insert, select, update

from db.models import (
    DecisionRow,
    EventRow,
    FollowerRow,
    GameRow,
    InteractionRow,
    OutboxRow,
    ReminderRow,
    SnapshotRow,
    table,
)

_games = table(GameRow)
_events = table(EventRow)
_snapshots = table(SnapshotRow)
_reminders = table(ReminderRow)
_keys = table(InteractionRow)
_followers = table(FollowerRow)
_decisions = table(DecisionRow)

OPEN_STATUSES = ("lobby", "active")
"""A game in one of these is its channel's game (one per channel)."""
READ_GAME = select(_games).where(_games.c.id == bindparam("b_game"))
"""The game row ``b_game``."""
OPEN_GAME_OF_CHANNEL = (
    select(_games)
    .where(_games.c.channel_id == bindparam("b_channel"))
    .where(_games.c.status.in_(OPEN_STATUSES))
    .limit(1)
)
"""The lobby or active game of the channel ``b_channel`` (a row or none)."""
GUARD_GAME = select(
    _games.c.seq, _games.c.status, _games.c.seats, _games.c.meta, _games.c.status_message_id
).where(_games.c.id == bindparam("b_game"))
"""What a command reads of the game row ``b_game`` and only commands change with ``seq``
(the rest changes with votes, seat changes, the end, the status message): checked inside the
write transaction when the row was not read first (``Moderator._persist``)."""
READ_KEY = select(_keys.c.seq).where(_keys.c.key == bindparam("b_key"))
"""Whether the interaction ``b_key`` already landed a command (a row or none)."""
INSERT_EVENT = insert(_events)
INSERT_KEY = insert(_keys)
INSERT_OUTBOX = insert(table(OutboxRow))
INSERT_REMINDERS = insert(_reminders)
MARK_UNDONE = (
    update(_events)
    .where(_events.c.game_id == bindparam("b_game"))
    .where(_events.c.seq == bindparam("b_target"))
    .values(undone_by=bindparam("b_seq"))
)
"""The event ``b_target`` of game ``b_game`` was taken back by the undo ``b_seq``."""
MOVE_GAME = (
    update(_games)
    .where(_games.c.id == bindparam("b_game"))
    .where(_games.c.seq == bindparam("b_read_seq"))
)
"""The game row after a command, only if its seq is still ``b_read_seq`` (the one read)."""
WRITE_SNAPSHOT = (
    update(_snapshots)
    .where(_snapshots.c.game_id == bindparam("b_game"))
    .values(  # SET reads the old row: the state before, if it was at ``b_before`` (seq - 1)
        seq=bindparam("b_seq"),
        state=bindparam("b_state"),
        updated_at=bindparam("b_now"),
        previous_state=case(
            (_snapshots.c.seq == bindparam("b_before"), _snapshots.c.state), else_=None
        ),
    )
)
DROP_UNSENT_REMINDERS = (
    delete(_reminders)
    .where(_reminders.c.game_id == bindparam("b_game"))
    .where(_reminders.c.sent_at.is_(None))
)
MENTIONED_FOLLOWERS = (
    select(_followers.c.user_id)
    .where(_followers.c.game_id == bindparam("b_game"))
    .where(_followers.c.mentions.is_(True))
    .order_by(_followers.c.id)
)
OPEN_DECISIONS = (
    select(_decisions.c.id, _decisions.c.decision_id, _decisions.c.deadline)
    .where(_decisions.c.game_id == bindparam("b_game"))
    .where(_decisions.c.resolved_at.is_(None))
)
"""The decisions of game ``b_game`` still open."""
SETTLE_DECISIONS = (
    update(_decisions)
    .where(_decisions.c.id.in_(bindparam("b_ids", expanding=True)))
    .values(resolved_at=bindparam("b_now"), resolution=bindparam("b_resolution"))
)
"""The decisions ``b_ids`` are settled at ``b_now`` by ``b_resolution``."""
REOPEN_DECISION = (
    update(_decisions)
    .where(_decisions.c.game_id == bindparam("b_game"))
    .where(_decisions.c.decision_id == bindparam("b_decision"))
)
"""The decision ``b_decision`` of game ``b_game`` is open again (an undo can bring back one
that was settled); it sets the columns named in its parameters."""
INSERT_DECISION = insert(_decisions)
