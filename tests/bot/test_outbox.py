"""Issue 10 item 2: nothing owed is lost, nothing is sent twice (the transactional outbox).

Posts are stored with their event; the sender retries with backoff, survives a restart between
the commit and the send, and a channel that refuses us (403) stops only its own game's posts,
which wait and are reported to the game's players. Item 6: private lines reach their owner
whichever way the decision was answered.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlmodel import col, select

from bot.clock import FakeClock
from bot.local import LocalTable
from bot.moderator import Moderator
from bot.outbox import STATUS_DELAY_SECONDS
from cogs.outbox import drain
from db.models import OutboxRow
from rules.core import Command


class Refused(Exception):
    """What discord.py raises for a channel we may not post in (HTTP 403)."""

    status = 403


class Recorder:
    """Wraps the local publisher: records (channel, text) and fails on demand."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.sent: list[tuple[str, str]] = []
        self.refuse: set[str] = set()
        self.failures = 0

    async def send(self, channel_id: str, content: str | None = None, **kwargs: Any) -> Any:
        if channel_id in self.refuse:
            raise Refused("403 Forbidden (error code: 50013): Missing Permissions")
        if self.failures:
            self.failures -= 1
            raise RuntimeError("503 Service Unavailable")
        self.sent.append((channel_id, content or ""))
        return await self.inner.send(channel_id, content, **kwargs)

    async def pin_status(self, channel_id: str, message_id: str | None, content: str) -> Any:
        if channel_id in self.refuse:
            raise Refused("403 Forbidden")
        self.sent.append((channel_id, "STATUS " + content))
        return await self.inner.pin_status(channel_id, message_id, content)


async def open_table(engine: AsyncEngine, tmp_path: Path, clock: FakeClock) -> LocalTable:
    table = LocalTable(Moderator(engine, clock=clock), tmp_path / "images")
    await table.setup()
    table.bot.publisher = Recorder(table.bot.publisher)
    return table


@pytest.fixture
async def table(sqlite_engine: AsyncEngine, tmp_path: Path, clock: FakeClock) -> AsyncIterator[LocalTable]:
    opened = await open_table(sqlite_engine, tmp_path, clock)
    yield opened
    await opened.close()


def recorder(table: LocalTable) -> Recorder:
    return table.bot.publisher  # type: ignore[return-value]


async def new_game(table: LocalTable, channel: str) -> int:
    table.channel_id = channel
    for user, line in [
        ("alice", "/game new game:tiny scenario:race"),
        ("alice", "/game join"),
        ("bob", "/game join"),
        ("alice", "/game start"),
    ]:
        table.user = user
        await table.run_slash(line)
    row = await table.moderator.channel_game(channel)
    assert row is not None
    return row.id or 0


async def unsent(table: LocalTable, channel: str | None = None) -> list[OutboxRow]:
    async with table.moderator.sessions() as session:
        query = select(OutboxRow).where(col(OutboxRow.sent_at).is_(None))
        if channel is not None:
            query = query.where(OutboxRow.channel_id == channel)
        return list((await session.exec(query)).all())


async def test_posts_are_written_with_the_event(table: LocalTable) -> None:
    game_id = await new_game(table, "c1")
    result = await table.moderator.act_in(game_id, "alice", Command("end"))
    rows = await unsent(table)
    assert {r.kind for r in rows} == {"post", "status"}
    assert all(r.seq == result.seq for r in rows)
    assert any("red waits." in r.payload["content"] for r in rows)


async def test_a_restart_between_commit_and_send_delivers_once(
    sqlite_engine: AsyncEngine, tmp_path: Path, clock: FakeClock
) -> None:
    first = await open_table(sqlite_engine, tmp_path, clock)
    game_id = await new_game(first, "c1")
    await first.moderator.act_in(game_id, "alice", Command("end"))  # committed; the process dies
    await first.close()
    restarted = await open_table(sqlite_engine, tmp_path, clock)
    try:
        clock.advance(timedelta(seconds=STATUS_DELAY_SECONDS))
        assert await drain(restarted.bot) == 2  # the post and the status
        said = recorder(restarted).sent
        assert [text for _, text in said if "red waits." in text] == ["red waits.\nTo move: blue (<@bob>)"]
        assert await drain(restarted.bot) == 0
        assert await unsent(restarted) == []
    finally:
        await restarted.close()


async def test_a_failing_send_is_retried_with_backoff_and_sent_once(
    table: LocalTable, clock: FakeClock
) -> None:
    game_id = await new_game(table, "c1")
    await table.moderator.act_in(game_id, "alice", Command("end"))
    recorder(table).failures = 1
    assert await drain(table.bot) == 0
    [row] = [r for r in await unsent(table) if r.kind == "post"]
    assert row.attempts == 1 and row.next_try_at > clock.now() and "503" in (row.error or "")
    assert await drain(table.bot) == 0  # not before its backoff
    clock.advance(timedelta(seconds=STATUS_DELAY_SECONDS))
    assert await drain(table.bot) == 2
    assert len([t for _, t in recorder(table).sent if "red waits." in t]) == 1


async def test_a_forbidden_channel_stops_only_its_own_game(
    table: LocalTable, clock: FakeClock
) -> None:
    bad = await new_game(table, "forbidden")
    good = await new_game(table, "healthy")
    await table.moderator.act_in(bad, "alice", Command("end"))
    await table.moderator.act_in(good, "alice", Command("end"))
    recorder(table).refuse = {"forbidden"}
    recorder(table).sent.clear()  # what /game start said
    clock.advance(timedelta(seconds=STATUS_DELAY_SECONDS))
    assert await drain(table.bot) == 2  # the healthy game's post and status
    assert {c for c, _ in recorder(table).sent} == {"healthy"}
    waiting = await unsent(table, "forbidden")
    assert {r.kind for r in waiting} == {"post", "status"} and all(r.attempts == 0 for r in waiting)
    assert (await table.moderator.outbox.blocked("forbidden")) is not None
    # its players hear of it at their next interaction, once
    table.channel_id, table.user = "forbidden", "bob"
    await table.run_slash("/end")
    warned = [o for o in table.outputs if o.audience == "bob" and "cannot post" in o.text]
    assert len(warned) == 1 and "posts of this game are waiting" in warned[0].text
    await table.run_slash("/game status")
    assert len([o for o in table.outputs if "cannot post" in o.text]) == 1
    # the permission comes back: after the retry delay everything owed goes out, once
    recorder(table).refuse = set()
    clock.advance(timedelta(minutes=11))
    await drain(table.bot)
    assert await unsent(table, "forbidden") == []
    assert (await table.moderator.outbox.blocked("forbidden")) is None
    assert len([t for c, t in recorder(table).sent if c == "forbidden" and "red waits." in t]) == 1


async def test_one_failing_channel_does_not_abort_the_scheduler_tick(
    table: LocalTable, clock: FakeClock
) -> None:
    await new_game(table, "forbidden")
    await new_game(table, "healthy")
    recorder(table).refuse = {"forbidden"}
    recorder(table).sent.clear()
    clock.advance(timedelta(hours=13))  # both players to move are reminded
    await table.bot.get_cog("SchedulerCog").tick()  # type: ignore[union-attr]
    reminders = [(c, t) for c, t in recorder(table).sent if "⏰" in t]
    assert reminders == [("healthy", reminders[0][1])] and "<@alice>" in reminders[0][1]
    assert [r.kind for r in await unsent(table, "forbidden")] == ["post"]


async def test_private_lines_of_a_timed_out_decision_reach_their_owner(
    table: LocalTable, clock: FakeClock
) -> None:
    """Item 6: the seat whose decision timed out gets its private lines at its next
    interaction (and is told so in public); nothing private is said in public."""
    from tinygame import TinyGame

    original = TinyGame._decide

    def decide_with_secret(self: Any, state: Any, seat: str, command: Any, outcome: Any) -> None:
        original(self, state, seat, command, outcome)
        outcome.private.setdefault(seat, []).append(f"your token is {state.tokens[seat]}")

    TinyGame._decide = decide_with_secret  # type: ignore[method-assign]
    try:
        await new_game(table, "c1")
        table.user = "alice"
        await table.run_slash("/play steps:2")  # blue may block: a decision
        clock.advance(timedelta(hours=1))
        await table.bot.get_cog("SchedulerCog").tick()  # type: ignore[union-attr]
        public = "\n".join(o.text for o in table.outputs if o.audience == "public")
        assert "Time ran out for blue" in public and "your token" not in public
        assert "blue (<@bob>) has new private information" in public
        table.user = "bob"
        await table.run_slash("/end")
        told = [o.text for o in table.outputs if o.audience == "bob" and "your token" in o.text]
        assert len(told) == 1
        await table.run_slash("/game status")
        assert len([o for o in table.outputs if "your token" in o.text]) == 1  # once
    finally:
        TinyGame._decide = original  # type: ignore[method-assign]


async def test_private_lines_of_a_decision_answered_by_select_reach_the_chooser(
    table: LocalTable,
) -> None:
    from tinygame import TinyGame

    original = TinyGame._decide

    def decide_with_secret(self: Any, state: Any, seat: str, command: Any, outcome: Any) -> None:
        original(self, state, seat, command, outcome)
        outcome.private.setdefault(seat, []).append(f"your token is {state.tokens[seat]}")

    TinyGame._decide = decide_with_secret  # type: ignore[method-assign]
    try:
        await new_game(table, "c1")
        table.user = "alice"
        await table.run_slash("/play steps:2")
        table.user = "bob"
        await table.click("Respond")
        await table.select(["Let it stand"])
        told = [o for o in table.outputs if "your token" in o.text]
        assert len(told) == 1 and told[0].audience == "bob"
    finally:
        TinyGame._decide = original  # type: ignore[method-assign]
