"""The database tables (SQLModel). Timestamps are timezone-aware UTC.

- ``GameRow``: one game in one channel, with its seats, options, status and secret seed.
- ``EventRow``: the append-only event log; ``(game_id, seq)`` is unique, so of two writers that
  both read seq N only one can append N+1 (the database decides, not a lock). ``name`` and
  ``undone_by`` let SQL find the last action still standing without reading the whole log.
- ``SnapshotRow``: the current state of each game, updated in place (authoritative).
- ``CheckpointRow``: a copy of the state every N events, for fast replay.
- ``DecisionRow``: pending out-of-turn decisions with their absolute deadlines.
- ``ReminderRow``: reminders to the person who must act.
- ``FollowerRow``: spectators following a game.
- ``RollRow``: ``/roll`` results made outside games.
- ``OutboxRow``: posts owed to a channel or a player, written with their event (``bot.outbox``).
- ``InteractionRow``: the interactions that landed a command, so a doubled delivery lands once.
- ``BlockedChannelRow``: channels that refused our posts (403/404), whose posts wait.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, DateTime, Table, UniqueConstraint, inspect
from sqlalchemy.orm import configure_mappers
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """``DateTime(timezone=True)`` that always gives back aware UTC datetimes (SQLite too)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is not None and value.tzinfo is None:
            raise ValueError("naive datetime given to a timezone-aware column")
        return value.astimezone(UTC) if value is not None else None

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


def _ts(nullable: bool = False) -> Any:
    if nullable:
        return Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))
    return Field(default_factory=utcnow, sa_column=Column(UTCDateTime(), nullable=False))


class GameRow(SQLModel, table=True):
    __tablename__ = "games"

    id: int | None = Field(default=None, primary_key=True)
    guild_id: str = Field(index=True)
    channel_id: str = Field(index=True)
    kind: str
    scenario: str
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    seats: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    status: str = Field(default="lobby", index=True)  # lobby | active | finished | abandoned
    rules_version: str = ""
    data_hash: str = ""
    secret_seed: str = ""
    seed_hash: str = ""
    seq: int = 0
    created_by: str = ""
    meta: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    result: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    status_message_id: str | None = None  # the pinned status message (migration 0002)
    waiting: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    """Users the game waits on (set with each event, migration 0003; None: not yet known)."""
    created_at: datetime = _ts()
    updated_at: datetime = _ts()
    finished_at: datetime | None = _ts(nullable=True)


class EventRow(SQLModel, table=True):
    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_events_game_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    seq: int
    seat: str
    user_id: str
    command: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    outcome: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    created_at: datetime = _ts()
    name: str = ""
    """The command's name (migration 0003), so SQL can tell undo markers from moves."""
    undone_by: int | None = None
    """The seq of the undo marker that took this event back (migration 0003)."""


class SnapshotRow(SQLModel, table=True):
    __tablename__ = "snapshots"

    game_id: int = Field(foreign_key="games.id", primary_key=True)
    seq: int
    state: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    updated_at: datetime = _ts()
    previous_state: dict[str, Any] | None = Field(
        default=None, sa_column=Column(JSON, nullable=True)
    )
    """The state before the event ``seq`` (copied by the database at each update, migration
    0006): undoing the last event restores it at once, whatever the length of the game."""


class CheckpointRow(SQLModel, table=True):
    __tablename__ = "checkpoints"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_checkpoints_game_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    seq: int
    state: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    created_at: datetime = _ts()


class DecisionRow(SQLModel, table=True):
    __tablename__ = "decisions"
    __table_args__ = (UniqueConstraint("game_id", "decision_id", name="uq_decisions_game_id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    decision_id: str
    seat: str
    seq: int
    payload: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    deadline: datetime = _ts()
    resolved_at: datetime | None = _ts(nullable=True)
    resolution: str | None = None


class ReminderRow(SQLModel, table=True):
    __tablename__ = "reminders"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    user_id: str
    seat: str
    seq: int
    due_at: datetime = _ts()
    sent_at: datetime | None = _ts(nullable=True)


class FollowerRow(SQLModel, table=True):
    __tablename__ = "followers"
    __table_args__ = (UniqueConstraint("game_id", "user_id", name="uq_followers_game_user"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    user_id: str
    mentions: bool = False


class RollRow(SQLModel, table=True):
    __tablename__ = "rolls"

    id: int | None = Field(default=None, primary_key=True)
    guild_id: str
    channel_id: str
    user_id: str
    notation: str
    total: int
    detail: str
    created_at: datetime = _ts()


class OutboxRow(SQLModel, table=True):
    __tablename__ = "outbox"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int | None = Field(default=None, index=True)
    seq: int = 0  # the event that owes it (0: none)
    channel_id: str = Field(index=True)
    kind: str  # post | status | private
    user_id: str | None = None  # private: whose lines
    payload: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = _ts()
    next_try_at: datetime = _ts()
    attempts: int = 0
    claimed_by: str | None = None
    claimed_until: datetime | None = _ts(nullable=True)
    sent_at: datetime | None = _ts(nullable=True)
    message_id: str | None = None
    error: str | None = None
    given_up: bool = False


class BlockedChannelRow(SQLModel, table=True):
    __tablename__ = "blocked_channels"

    channel_id: str = Field(primary_key=True)
    reason: str = ""
    since: datetime = _ts()
    retry_at: datetime = _ts()
    told: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))


class InteractionRow(SQLModel, table=True):
    """An interaction (by its id and the command's rank in it) that landed the event
    ``(game_id, seq)``: written in the event's transaction; the key is unique, so a doubled
    delivery cannot land twice, in any process. Kept a day (``bot.moderator``)."""

    __tablename__ = "interactions"

    key: str = Field(primary_key=True)
    game_id: int = Field(index=True)
    seq: int
    user_id: str = ""
    created_at: datetime = Field(
        default_factory=utcnow, sa_column=Column(UTCDateTime(), nullable=False, index=True)
    )


def game_row(values: Mapping[Any, Any]) -> GameRow:
    """A ``GameRow`` from a row of ``games`` read by a plain statement, made as the ORM makes
    the objects it loads (its values put in place, no attribute events): the constructor,
    which sends an event for each of its 21 fields, cost a tenth of a command (issue 14)."""
    mapper = inspect(GameRow)
    if not mapper.configured:  # the constructor would have configured the mappers first
        configure_mappers()
    row: GameRow = mapper.class_manager.new_instance()
    row.__dict__.update(values)
    object.__setattr__(row, "__pydantic_fields_set__", set(values))
    return row


def table(model: type[SQLModel]) -> Table:
    """The Core table of a model, for plain SQL statements on hot paths (no ORM objects)."""
    found: Table = model.__table__  # type: ignore[attr-defined]
    return found
