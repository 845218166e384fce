"""Issue 14: every interaction lands once; the game cache and the per-game locks stay bounded.

A doubled or retried delivery of one interaction (typed commands too) applies once, and the
second delivery gets the first one's result; simultaneous duplicates race on SQLite and, when
``PRAETOR_TEST_DATABASE_URL`` is set, on PostgreSQL (the ``engine`` fixture runs both).
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import FakeClock
from bot.moderator import CURRENT_DELIVERY, Moderator, handling
from rules.core import Command

CH = "chan-idem"


async def started(moderator: Moderator, channel: str = CH) -> int:
    await moderator.create("guild", channel, "alice", "tiny", "race")
    await moderator.join(channel, "alice")
    await moderator.join(channel, "bob")
    row, _ = await moderator.start(channel, "alice")
    return row.id or 0


async def deliver(moderator: Moderator, interaction_id: str, command: Command) -> Any:
    """One delivery of a typed command, as a cog handles it (in its own task)."""
    handling(interaction_id)
    return await moderator.act(CH, "alice", command)


async def count_events(moderator: Moderator, game_id: int) -> int:
    return len(await moderator.events(game_id))


async def test_simultaneous_duplicates_of_a_typed_command_land_once(
    engine: AsyncEngine,
) -> None:
    moderator = Moderator(engine, clock=FakeClock())
    game_id = await started(moderator)
    command = Command("play", {"steps": 2})
    first, second = await asyncio.gather(
        deliver(moderator, "1001", command), deliver(moderator, "1001", command)
    )
    assert await count_events(moderator, game_id) == 1
    assert sorted([first.duplicate, second.duplicate]) == [False, True]
    assert first.seq == second.seq == 1
    assert first.outcome.public == second.outcome.public
    assert "red runs 2 to 2." in second.outcome.public


async def test_duplicates_across_processes_land_once(engine: AsyncEngine) -> None:
    """Two Moderators (two processes: separate caches and locks) on one database."""
    one = Moderator(engine, clock=FakeClock())
    game_id = await started(one)
    other = Moderator(engine, clock=FakeClock())
    command = Command("play", {"steps": 3})
    results = await asyncio.gather(
        asyncio.create_task(deliver(one, "2002", command)),
        asyncio.create_task(deliver(other, "2002", command)),
    )
    assert await count_events(one, game_id) == 1
    assert sorted(r.duplicate for r in results) == [False, True]
    assert {r.seq for r in results} == {1}


async def test_a_later_retry_gets_the_first_answer_and_other_interactions_still_act(
    sqlite_engine: AsyncEngine,
) -> None:
    moderator = Moderator(sqlite_engine, clock=FakeClock())
    game_id = await started(moderator)
    landed = await asyncio.create_task(deliver(moderator, "3003", Command("end")))
    retried = await asyncio.create_task(deliver(moderator, "3003", Command("end")))
    assert not landed.duplicate and retried.duplicate and retried.seq == landed.seq == 1
    handling("3004")  # a new interaction of bob's: it lands
    fresh = await moderator.act(CH, "bob", Command("end"))
    assert not fresh.duplicate and fresh.seq == 2
    assert await count_events(moderator, game_id) == 2


async def test_two_commands_of_one_interaction_are_two_keys(sqlite_engine: AsyncEngine) -> None:
    moderator = Moderator(sqlite_engine, clock=FakeClock())
    game_id = await started(moderator)

    async def two() -> None:
        handling("4004")
        await moderator.act(CH, "alice", Command("end"))
        await moderator.act(CH, "bob", Command("end"))

    await asyncio.create_task(two())
    assert await count_events(moderator, game_id) == 2
    await asyncio.create_task(two())  # the whole interaction delivered again: nothing more
    assert await count_events(moderator, game_id) == 2
    assert CURRENT_DELIVERY.get() is None  # each task had its own


async def test_finished_games_leave_the_cache_and_the_cache_is_bounded(
    sqlite_engine: AsyncEngine,
) -> None:
    moderator = Moderator(sqlite_engine, clock=FakeClock(), cache_size=3)
    ids = [await started(moderator, f"chan-{n}") for n in range(5)]
    assert list(moderator._cache) == ids[-3:]  # least recently used out
    game_id = ids[-1]
    row = await moderator.get(game_id)
    for _ in range(40):
        row = await moderator.get(game_id)
        if row.status != "active":
            break
        game = await moderator.load(row)
        seat = game.to_move()[0]
        if game.pending_decision():
            await moderator.decide(game_id, row.seats[seat], game.pending_decision().id, "pass", row.seq)
        else:
            await moderator.act_in(game_id, row.seats[seat], Command("attack"))
    assert row.status == "finished" and game_id not in moderator._cache
    await moderator.load(row)  # reading a finished game does not bring it back
    assert game_id not in moderator._cache


async def test_per_game_locks_are_not_kept(sqlite_engine: AsyncEngine) -> None:
    moderator = Moderator(sqlite_engine, clock=FakeClock())
    ids = [await started(moderator, f"chan-{n}") for n in range(20)]
    for game_id in ids:
        await moderator.act_in(game_id, "alice", Command("end"))
    gc.collect()
    assert len(moderator._locks) == 0


async def test_a_doubled_typed_command_through_the_cogs_lands_once_and_answers_twice(
    sqlite_engine: AsyncEngine, tmp_path: Any
) -> None:
    """Discord delivers ``/end`` twice with one interaction id, at the same moment."""
    from bot.local import LocalTable

    table = LocalTable(Moderator(sqlite_engine, clock=FakeClock()), tmp_path / "images")
    await table.setup()
    try:
        for user, line in [
            ("alice", "/game new game:tiny scenario:race"),
            ("alice", "/game join"),
            ("bob", "/game join"),
            ("alice", "/game start"),
        ]:
            table.user = user
            await table.run_slash(line)
        command, _ = table.find_command(["/end"])
        one, two = table.interaction(), table.interaction()
        two.id = one.id
        start = len(table.outputs)
        await asyncio.gather(
            command.callback(command.binding, one),  # type: ignore[arg-type]
            command.callback(command.binding, two),  # type: ignore[arg-type]
        )
        row = await table.moderator.channel_game(table.channel_id)
        assert row is not None and row.seq == 1
        said = [(o.audience, o.text) for o in table.outputs[start:]]
        assert said.count(("public", "red waits.\nTo move: blue (<@bob>)")) == 1
        assert ("alice", "red waits.\nTo move: blue (<@bob>)") in said  # the first answer again
        assert one.response.is_done() and two.response.is_done()
    finally:
        await table.close()
