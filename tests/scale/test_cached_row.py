"""A command starts from the game row its process last wrote (issue 14, throughput).

The row is not read before the command; the write transaction checks that the stored row is
still that one (seq, status, seats, votes, status message). When another process (here a
second Moderator on the same database) moved the game on, changed a seat or recorded a vote,
nothing is saved and the command is taken again on the row read now: the answer is what a
fresh read gives.
"""

from __future__ import annotations

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import FakeClock
from bot.moderator import Moderator, ModeratorError
from rules.core import Command

CH = "chan-cached-row"


class CountedReads:
    """Counts the reads a Moderator makes before a command."""

    def __init__(self, moderator: Moderator, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        original = moderator._read_for_command

        async def counted(*args: object, **kwargs: object) -> object:
            self.count += 1
            return await original(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(moderator, "_read_for_command", counted)


async def two_processes(engine: AsyncEngine) -> tuple[Moderator, Moderator, int]:
    first = Moderator(engine, clock=FakeClock())
    await first.create("guild", CH, "alice", "tiny", "race")
    await first.join(CH, "alice")
    await first.join(CH, "bob")
    row, _ = await first.start(CH, "alice")
    return first, Moderator(engine, clock=FakeClock()), row.id or 0


async def test_a_process_commands_from_its_own_row_without_reading_it(
    shared_engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    moderator, _other, game_id = await two_processes(shared_engine)
    reads = CountedReads(moderator, monkeypatch)
    first = await moderator.act_in(game_id, "alice", Command("end"))
    assert (first.seq, reads.count) == (1, 1)  # the first command of the process reads it
    second = await moderator.act_in(game_id, "bob", Command("end"), expected_seq=1)
    third = await moderator.act_in(game_id, "alice", Command("end"))
    assert (second.seq, third.seq, reads.count) == (2, 3, 1)
    row = await moderator.get(game_id)
    assert row.seq == 3 and (await moderator.load(row)).to_json() == (
        await moderator.rebuild(game_id)
    ).to_json()


async def test_a_game_moved_on_by_another_process_is_read_again(
    shared_engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The button carries the seq the other process reached: it is not out of date here."""
    moderator, other, game_id = await two_processes(shared_engine)
    await moderator.act_in(game_id, "alice", Command("end"))  # seq 1, row kept
    await other.act_in(game_id, "bob", Command("end"))  # seq 2 elsewhere
    reads = CountedReads(moderator, monkeypatch)
    landed = await moderator.act_in(game_id, "alice", Command("end"), expected_seq=2)
    assert (landed.seq, landed.seat, reads.count) == (3, "red", 1)
    with pytest.raises(ModeratorError) as refused:  # bob's turn now: said from the row read
        await other.act_in(game_id, "alice", Command("end"))
    assert "not your turn" in str(refused.value)
    assert (await moderator.get(game_id)).seq == 3


async def test_a_seat_handed_over_elsewhere_is_seen_at_once(shared_engine: AsyncEngine) -> None:
    moderator, other, game_id = await two_processes(shared_engine)
    await moderator.act_in(game_id, "alice", Command("end"))  # seq 1: bob (blue) to move
    await other.replace(CH, "bob", "blue", "carol", is_admin=False)
    with pytest.raises(ModeratorError) as refused:  # the row kept still seats bob
        await moderator.act_in(game_id, "bob", Command("end"))
    assert "You hold no seat" in str(refused.value)
    landed = await moderator.act_in(game_id, "carol", Command("end"))
    assert (landed.seq, landed.seat, landed.game.seats["blue"]) == (2, "blue", "carol")


async def test_a_vote_recorded_elsewhere_is_cleared_by_the_next_command(
    shared_engine: AsyncEngine,
) -> None:
    """A command cancels open undo requests (its row's votes): also one made in another
    process after this process last wrote the row."""
    moderator, other, game_id = await two_processes(shared_engine)
    await moderator.act_in(game_id, "alice", Command("end"))
    await moderator.act_in(game_id, "bob", Command("end"))  # seq 2
    asked = await other.request_undo(CH, "alice")
    assert not asked.done and "undo" in (await other.get(game_id)).meta
    landed = await moderator.act_in(game_id, "alice", Command("end"))
    assert landed.seq == 3 and "undo" not in landed.game.meta
    stored = await other.get(game_id)
    assert (stored.seq, stored.meta.get("undo")) == (3, None)
