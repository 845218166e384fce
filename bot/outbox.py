"""The transactional outbox: what Praetor owes a channel or a player, stored before it is said.

Every post an accepted command or the scheduler owes (public lines and dice, the map, the
Respond ping, follower pings, the status message, reminders, private lines) is an
``OutboxRow`` written in the same database transaction as the event (DESIGN: nothing owed is
lost). A sender then delivers the rows: it *claims* a row first (a conditional update, and on
PostgreSQL ``SELECT ... FOR UPDATE SKIP LOCKED``), so of several processes or tasks exactly one
sends it; a sent row is marked and never sent again; a failure is retried with backoff; a row
survives restarts because it is in the database.

A channel that refuses us (HTTP 403 or 404) is *blocked*: its rows wait (they are not lost),
other channels go on, and the game's players are told at their next interaction. A blocked
channel is tried again every ``BLOCK_RETRY_SECONDS``; the first success unblocks it.

Kinds of row: ``post`` (a message in the channel), ``status`` (the game's pinned status,
coalesced: only the newest unsent one per game is sent, and not at all when it says nothing
new but the move number), ``private`` (lines for one user, sent
ephemerally through that user's interaction: at once when they acted, else at their next
interaction with the game; ``/game mine`` shows them too).

This module knows nothing of Discord: ``Post`` is plain data; the cogs compose and deliver.
"""

from __future__ import annotations

import logging
import os
import socket
import uuid
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, or_, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col, select

from bot.clock import Clock
from db.models import BlockedChannelRow, OutboxRow

log = logging.getLogger(__name__)

CLAIM_SECONDS = 120
"""A claim not marked sent or released within this time is considered dead (crashed sender)."""
MAX_BACKOFF_SECONDS = 600
MAX_ATTEMPTS = 30
"""After this many failed attempts (about three hours of backoff) a row is given up, logged."""
BLOCK_RETRY_SECONDS = 600
STATUS_DELAY_SECONDS = 5
"""Status edits wait this long so that a burst of commands edits the status once."""
HELD = "held"
"""``claimed_by`` of a private row kept for its owner's next interaction."""


@dataclass
class Post:
    """One thing owed. ``components`` are Discord component payloads (rebuilt when sent);
    ``images`` are picture specs (``{"draw": drawer name, ...}``, e.g. ``{"draw": "view",
    "name": view name, "view": public view}``), drawn when sent (``cogs.common.DRAWERS``)."""

    kind: str  # post | status | private
    channel_id: str
    content: str = ""
    components: list[dict[str, Any]] = field(default_factory=list)
    images: list[dict[str, Any]] = field(default_factory=list)
    user_id: str | None = None
    urgent: bool = False  # a status that must not wait (the first, or the end of the game)
    mentions: list[str] = field(default_factory=list)  # users this post means to ping
    body: str | None = None  # a status's text without its move number (to skip no-op edits)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {"content": self.content}
        if self.components:
            data["components"] = self.components
        if self.images:
            data["images"] = self.images
        if self.mentions:
            data["mentions"] = self.mentions
        if self.body is not None:
            data["body"] = self.body
        return data


def worker_name() -> str:
    """A name for this sender, unique across processes and restarts."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def is_refusal(error: BaseException) -> bool:
    """A channel that refuses us for good: HTTP 403 (forbidden) or 404 (deleted)."""
    return getattr(error, "status", None) in (403, 404)


class Outbox:
    """The outbox table: add rows inside an event's transaction, claim, mark, release."""

    def __init__(self, sessions: Any, clock: Clock) -> None:
        self.sessions = sessions
        self.clock = clock
        self.worker = worker_name()

    # -- writing (inside the caller's transaction) ---------------------------------------------
    def add(
        self, session: AsyncSession, game_id: int | None, seq: int, posts: list[Post]
    ) -> None:
        """Owe ``posts`` in ``session``'s transaction (committed with the event, or not at all)."""
        for values in self.rows(game_id, seq, posts):
            session.add(OutboxRow(**values))

    def rows(self, game_id: int | None, seq: int, posts: list[Post]) -> list[dict[str, Any]]:
        """The column values of the rows owing ``posts`` (for a plain SQL insert on the hot
        path, ``bot.moderator``)."""
        now = self.clock.now()
        rows = []
        for post in posts:
            due = now
            if post.kind == "status" and not post.urgent:
                due = now + timedelta(seconds=STATUS_DELAY_SECONDS)
            rows.append(
                {
                    "game_id": game_id,
                    "seq": seq,
                    "channel_id": post.channel_id,
                    "kind": post.kind,
                    "user_id": post.user_id,
                    "payload": post.payload(),
                    "created_at": now,
                    "next_try_at": due,
                    "attempts": 0,
                    "given_up": False,
                }
            )
        return rows

    # -- claiming ------------------------------------------------------------------------------
    async def claim(
        self,
        *,
        game_id: int | None = None,
        seq: int | None = None,
        user_id: str | None = None,
        limit: int = 50,
    ) -> list[OutboxRow]:
        """Claim due rows for this sender (all games, or one event's rows, or one user's held
        private rows of a game); rows of blocked channels wait. Exactly one claimer wins a row."""
        now = self.clock.now()
        blocked = select(BlockedChannelRow.channel_id).where(
            col(BlockedChannelRow.retry_at) > now
        )
        query = (
            select(OutboxRow)
            .where(col(OutboxRow.sent_at).is_(None))
            .where(col(OutboxRow.given_up).is_(False))
            .where(col(OutboxRow.next_try_at) <= now)
            .where(or_(col(OutboxRow.claimed_until).is_(None), col(OutboxRow.claimed_until) < now))
            .order_by(col(OutboxRow.id))
            .limit(limit)
            .with_for_update(skip_locked=True)
        )
        if user_id is not None:  # the owner's private lines, whoever sent them
            query = query.where(OutboxRow.game_id == game_id).where(OutboxRow.user_id == user_id)
            query = query.where(OutboxRow.kind == "private")
        elif game_id is not None:  # one event's rows, sent while its interaction is open
            query = query.where(OutboxRow.game_id == game_id).where(OutboxRow.seq == seq)
        else:  # the background sender: blocked channels wait, private lines wait for owners
            query = query.where(col(OutboxRow.channel_id).not_in(blocked))
            query = query.where(OutboxRow.kind != "private")
        claimed: list[OutboxRow] = []
        until = now + timedelta(seconds=CLAIM_SECONDS)
        async with self.sessions() as session:
            rows = list((await session.exec(query)).all())
            for row in rows:
                won = await session.exec(  # type: ignore[call-overload]
                    update(OutboxRow)
                    .where(col(OutboxRow.id) == row.id)
                    .where(col(OutboxRow.sent_at).is_(None))
                    .where(
                        or_(
                            col(OutboxRow.claimed_until).is_(None),
                            col(OutboxRow.claimed_until) < now,
                        )
                    )
                    .values(claimed_by=self.worker, claimed_until=until)
                )
                if won.rowcount == 1:
                    row.claimed_by, row.claimed_until = self.worker, until
                    claimed.append(row)
            await session.commit()
        return claimed

    async def hold(self, row: OutboxRow) -> None:
        """Keep a private row for its owner's next interaction (released, not retried)."""
        async with self.sessions() as session:
            await session.exec(  # type: ignore[call-overload]
                update(OutboxRow)
                .where(col(OutboxRow.id) == row.id)
                .values(claimed_by=HELD, claimed_until=None)
            )
            await session.commit()

    async def mark_sent(
        self, row: OutboxRow, message_id: str | None = None, in_channel: bool = False
    ) -> None:
        """Delivered: never again. The payload (views, pictures) is dropped to keep rows small.
        ``in_channel``: it was posted in its channel, so the channel takes our posts again."""
        now = self.clock.now()
        kept = {"body": row.payload.get("body", "")} if row.kind == "status" else {}
        async with self.sessions() as session:
            await session.exec(  # type: ignore[call-overload]
                update(OutboxRow)
                .where(col(OutboxRow.id) == row.id)
                .values(sent_at=now, message_id=message_id, payload=kept, claimed_until=None)
            )
            if in_channel:
                await session.exec(
                    delete(BlockedChannelRow).where(
                        col(BlockedChannelRow.channel_id) == row.channel_id
                    )
                )
            await session.commit()

    async def supersede_status(self, row: OutboxRow) -> None:
        """Retire the unsent status rows of ``row``'s game older than ``row`` (not needed)."""
        async with self.sessions() as session:
            await session.exec(  # type: ignore[call-overload]
                update(OutboxRow)
                .where(col(OutboxRow.game_id) == row.game_id)
                .where(col(OutboxRow.kind) == "status")
                .where(col(OutboxRow.id) < row.id)
                .where(col(OutboxRow.sent_at).is_(None))
                .values(sent_at=self.clock.now(), payload={}, error="superseded")
            )
            await session.commit()

    async def newer_status(self, row: OutboxRow) -> bool:
        """Whether a newer status row of the same game exists (then ``row`` is skipped)."""
        async with self.sessions() as session:
            found = (
                await session.exec(
                    select(OutboxRow.id)  # type: ignore[call-overload]
                    .where(OutboxRow.game_id == row.game_id)
                    .where(OutboxRow.kind == "status")
                    .where(col(OutboxRow.id) > row.id)
                    .limit(1)
                )
            ).first()
        return found is not None

    async def unchanged_status(self, row: OutboxRow) -> bool:
        """Whether the last status shown for ``row``'s game already says what ``row`` says
        (apart from its move number): then no edit is needed (coalescing by content)."""
        body = row.payload.get("body")
        if body is None:
            return False
        async with self.sessions() as session:
            last = (
                await session.exec(
                    select(OutboxRow)
                    .where(OutboxRow.game_id == row.game_id)
                    .where(OutboxRow.kind == "status")
                    .where(col(OutboxRow.message_id).is_not(None))
                    .order_by(col(OutboxRow.id).desc())
                    .limit(1)
                )
            ).first()
        return last is not None and last.payload.get("body") == body

    async def release(self, row: OutboxRow, error: BaseException) -> None:
        """A failed send: try again later (exponential backoff); a refusing channel is blocked
        and its rows wait without spending attempts."""
        now = self.clock.now()
        refused = is_refusal(error)
        attempts = row.attempts + (0 if refused else 1)
        delay = min(2**attempts, MAX_BACKOFF_SECONDS)
        values: dict[str, Any] = {
            "claimed_until": None,
            "attempts": attempts,
            "next_try_at": now + timedelta(seconds=0 if refused else delay),
            "error": f"{type(error).__name__}: {error}"[:500],
        }
        if attempts >= MAX_ATTEMPTS:
            values["given_up"] = True
            log.error("outbox row %s given up after %s attempts: %s", row.id, attempts, error)
        async with self.sessions() as session:
            await session.exec(  # type: ignore[call-overload]
                update(OutboxRow).where(col(OutboxRow.id) == row.id).values(**values)
            )
            await session.commit()
        if refused:
            await self.block(row.channel_id, values["error"])
        else:
            log.warning("outbox row %s failed (attempt %s), retry in %ss", row.id, attempts, delay)

    # -- channels that refuse us -------------------------------------------------------------
    async def block(self, channel_id: str, reason: str) -> None:
        now = self.clock.now()
        async with self.sessions() as session:
            found = await session.get(BlockedChannelRow, channel_id)
            if found is None:
                log.warning("channel %s refuses our posts (%s): its game's posts wait", channel_id, reason)
                found = BlockedChannelRow(channel_id=channel_id, since=now, told=[])
            found.reason = reason
            found.retry_at = now + timedelta(seconds=BLOCK_RETRY_SECONDS)
            session.add(found)
            await session.commit()

    async def blocked(self, channel_id: str) -> BlockedChannelRow | None:
        async with self.sessions() as session:
            return await session.get(BlockedChannelRow, channel_id)

    async def warn_once(self, channel_id: str, user_id: str) -> BlockedChannelRow | None:
        """The block of ``channel_id`` if ``user_id`` has not been told of it yet (then noted)."""
        async with self.sessions() as session:
            found = await session.get(BlockedChannelRow, channel_id)
            if found is None or user_id in found.told:
                return None
            found.told = [*found.told, user_id]
            session.add(found)
            await session.commit()
            return found

    async def waiting(self, channel_id: str) -> int:
        """How many posts of a channel are still owed."""
        from sqlalchemy import func

        async with self.sessions() as session:
            count = (
                await session.exec(
                    select(func.count())
                    .select_from(OutboxRow)
                    .where(OutboxRow.channel_id == channel_id)
                    .where(col(OutboxRow.sent_at).is_(None))
                    .where(col(OutboxRow.kind) != "private")
                )
            ).one()
        return int(count)

