"""Several processes, no coordinator (issue 14): shard options, the database serialising a
game's commands, and due decisions claimed by exactly one process. Each "process" here is a
Moderator of its own on one shared database (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.cli import build_parser
from bot.clock import FakeClock
from bot.config import ConfigError, load_config, parse_shards
from bot.moderator import DECISION_LEASE_SECONDS, SYSTEM_USER, Moderator, ModeratorError
from rules.core import Command

CH = "chan-scale"


async def started(moderator: Moderator) -> int:
    await moderator.create("guild", CH, "alice", "tiny", "race", {"decision_seconds": "60"})
    await moderator.join(CH, "alice")
    await moderator.join(CH, "bob")
    row, _ = await moderator.start(CH, "alice")
    return row.id or 0


# -- shards ------------------------------------------------------------------------------------
def test_shard_ranges_are_parsed_and_bounded() -> None:
    assert parse_shards("0-3", "8") == ((0, 1, 2, 3), 8)
    assert parse_shards(" 6, 0-1 ,3", "8") == ((0, 1, 3, 6), 8)
    assert parse_shards("", "") == (None, None)
    for ids, count, problem in [
        ("0-3", "", "both"),
        ("", "8", "both"),
        ("0-8", "8", "inside 0-7"),
        ("3-1", "8", "inside 0-7"),
        ("a", "8", "ranges like"),
        ("¹", "8", "ranges like"),
        ("0", "²", "whole number"),
        ("0", "0", "whole number"),
    ]:
        with pytest.raises(ConfigError, match=problem):
            parse_shards(ids, count)


def test_shards_come_from_the_environment_and_the_command_line() -> None:
    config = load_config({"PRAETOR_SHARD_IDS": "4-7", "PRAETOR_SHARD_COUNT": "8"})
    assert config.shard_ids == (4, 5, 6, 7) and config.shard_count == 8
    assert load_config({}).shard_ids is None
    args = build_parser().parse_args(["bot", "--shard-ids", "0-3", "--shard-count", "8"])
    assert (args.shard_ids, args.shard_count) == ("0-3", "8")


async def test_the_bot_runs_only_its_shards(shared_engine: AsyncEngine) -> None:
    from bot.client import PraetorBot

    bot = PraetorBot(Moderator(shared_engine), shard_ids=(2, 3), shard_count=8)
    assert bot.shard_ids == [2, 3] and bot.shard_count == 8
    everything = PraetorBot(Moderator(shared_engine))
    assert everything.shard_ids is None and everything.shard_count is None


# -- a game's commands are serialised by the database --------------------------------------------
async def test_a_command_that_loses_the_race_is_checked_again_on_the_new_position(
    shared_engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Process A reads the game, then process B lands a command before A writes: the seq
    check refuses A's write, A reads the new position and tries again, where it is no longer
    alice's turn. One event only; nothing of A's applied."""
    first, second = Moderator(shared_engine), Moderator(shared_engine)
    game_id = await started(first)
    original = Moderator.load
    loads: list[int] = []

    async def load_then_lose_the_race(self: Moderator, row: Any) -> Any:
        game = await original(self, row)
        loads.append(row.seq)
        if self is first and len(loads) == 1:  # B lands while A is between its read and write
            await second.act_in(game_id, "alice", Command("end"))
        return game

    monkeypatch.setattr(Moderator, "load", load_then_lose_the_race)
    with pytest.raises(ModeratorError, match="not your turn"):
        await first.act_in(game_id, "alice", Command("end"))
    assert loads[0] == 0 and loads[-1] == 1  # read again at the new position
    events = await first.events(game_id)
    assert [(e.seq, e.seat, e.name) for e in events] == [(1, "red", "end")]


async def test_simultaneous_commands_of_two_processes_land_one_after_the_other(
    shared_engine: AsyncEngine,
) -> None:
    """Both players' processes send at once; each command is validated on the position the
    database serialised it after: the events are one chain with no gap and no double."""
    first, second = Moderator(shared_engine), Moderator(shared_engine)
    game_id = await started(first)
    outcomes = await asyncio.gather(
        *(
            process.act_in(game_id, "alice", Command("end"))
            for process in (first, second, first, second)
        ),
        return_exceptions=True,
    )
    landed = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(landed) == 1 and all(isinstance(o, ModeratorError) for o in refused)
    assert [str(o) for o in refused if "not your turn" not in str(o)] == []
    assert [e.seq for e in await first.events(game_id)] == [1]


# -- due decisions: claimed by one process ---------------------------------------------------------
async def waiting_on_a_decision(moderator: Moderator) -> int:
    game_id = await started(moderator)
    result = await moderator.act_in(game_id, "alice", Command("play", {"steps": 1}))
    assert result.pending is not None and result.pending.seat == "blue"
    return game_id


async def test_a_due_timeout_is_applied_by_exactly_one_process(
    shared_engine: AsyncEngine,
) -> None:
    clock = FakeClock()
    processes = [Moderator(shared_engine, clock=clock) for _ in range(3)]
    game_id = await waiting_on_a_decision(processes[0])
    clock.advance(timedelta(seconds=61))
    works = await asyncio.gather(*(p.process_due() for p in processes))
    assert sum(len(w.timeouts) for w in works) == 1
    timeouts = [e for e in await processes[0].events(game_id) if e.user_id == SYSTEM_USER]
    assert [(e.seq, e.command["args"]["choice"]) for e in timeouts] == [(2, "pass")]
    clock.advance(timedelta(seconds=3 * DECISION_LEASE_SECONDS))
    again = await asyncio.gather(*(p.process_due() for p in processes))
    assert [w.timeouts for w in again] == [[], [], []]


async def test_a_process_that_dies_holding_a_timeout_hands_it_on_after_the_lease(
    shared_engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock()
    dying, other = Moderator(shared_engine, clock=clock), Moderator(shared_engine, clock=clock)
    game_id = await waiting_on_a_decision(dying)
    clock.advance(timedelta(seconds=61))

    async def crash(*args: Any) -> Any:
        raise ConnectionResetError("the process died after claiming")

    monkeypatch.setattr(dying, "_timeout", crash)
    assert (await dying.process_due()).timeouts == []  # claimed, then lost
    assert (await other.process_due()).timeouts == []  # the lease holds: not twice
    assert (await other.get(game_id)).seq == 1
    clock.advance(timedelta(seconds=DECISION_LEASE_SECONDS + 1))
    work = await other.process_due()
    assert [(r.seq, r.by_timeout) for r in work.timeouts] == [(2, True)]
