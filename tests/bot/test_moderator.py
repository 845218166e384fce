"""The Moderator over a real database: lobby, atomic commands, decisions, undo, replay."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import FakeClock
from bot.moderator import Moderator, ModeratorError, StaleError
from rules.core import Command, RuleError, seed_hash

CH = "chan-1"


async def started(moderator: Moderator) -> int:
    row = await moderator.create("guild", CH, "alice", "tiny", "race")
    await moderator.join(CH, "alice")
    await moderator.join(CH, "bob")
    row, _ = await moderator.start(CH, "alice")
    assert row.id is not None
    return row.id


async def test_lobby_refusals(moderator: Moderator) -> None:
    await moderator.create("guild", CH, "alice", "tiny", "race")
    with pytest.raises(ModeratorError, match="already has a game"):
        await moderator.create("guild", CH, "bob", "tiny", "race")
    await moderator.join(CH, "alice")
    with pytest.raises(ModeratorError, match="already hold"):
        await moderator.join(CH, "alice")
    with pytest.raises(ModeratorError, match="Seats still empty"):
        await moderator.start(CH, "alice")
    with pytest.raises(ModeratorError, match="unknown game"):
        await moderator.create("guild", "other", "bob", "chess", "x")


async def test_only_the_seat_to_move_acts_and_refusals_change_nothing(moderator: Moderator) -> None:
    game_id = await started(moderator)
    with pytest.raises(ModeratorError, match="not your turn"):
        await moderator.act(CH, "bob", Command("play", {"steps": 2}))
    with pytest.raises(ModeratorError, match="no seat"):
        await moderator.act(CH, "carol", Command("play", {"steps": 2}))
    with pytest.raises(RuleError, match="§2"):
        await moderator.act(CH, "alice", Command("play", {"steps": 7}))
    assert (await moderator.get(game_id)).seq == 0
    assert await moderator.events(game_id) == []


async def test_seed_hash_posted_and_revealed_at_end(moderator: Moderator) -> None:
    game_id = await started(moderator)
    row = await moderator.get(game_id)
    assert row.seed_hash == seed_hash(row.secret_seed)
    log = await moderator.export_log(game_id, "alice")
    assert log["seed"] is None and log["seed_hash"] == row.seed_hash
    for _ in range(40):
        row = await moderator.get(game_id)
        if row.status != "active":
            break
        game = await moderator.load(row)
        seat = game.to_move()[0]
        user = row.seats[seat]
        if game.pending_decision():
            await moderator.decide(game_id, user, game.pending_decision().id, "pass", row.seq)
        else:
            await moderator.act(CH, user, Command("attack"))
    log = await moderator.export_log(game_id, "alice")
    assert log["status"] == "finished"
    assert log["seed"] == row.secret_seed


async def test_decision_answered_and_timed_out(moderator: Moderator, clock: FakeClock) -> None:
    game_id = await started(moderator)
    result = await moderator.act(CH, "alice", Command("play", {"steps": 3}))
    assert result.pending is not None and result.pending.seat == "blue"
    assert result.deadline == clock.now() + timedelta(seconds=300)
    with pytest.raises(ModeratorError, match="not your turn"):
        await moderator.act(CH, "alice", Command("play", {"steps": 1}))
    with pytest.raises(ModeratorError, match="not yours"):
        await moderator.decide(game_id, "alice", result.pending.id, "block", result.seq)
    decided = await moderator.decide(game_id, "bob", result.pending.id, "block", result.seq)
    assert "blocks" in " ".join(decided.outcome.public)
    with pytest.raises(StaleError):
        await moderator.decide(game_id, "bob", result.pending.id, "pass", result.seq)
    # Bob plays; Alice's block decision times out to the default.
    second = await moderator.act(CH, "bob", Command("play", {"steps": 2}))
    assert second.pending is not None
    assert (await moderator.process_due()).timeouts == []
    clock.advance(timedelta(seconds=301))
    due = await moderator.process_due()
    assert len(due.timeouts) == 1 and due.timeouts[0].by_timeout
    game = await moderator.load(await moderator.get(game_id))
    assert game.public_view()["positions"] == {"red": 0, "blue": 2}


async def test_undo_needs_consent_and_stops_at_dice(moderator: Moderator) -> None:
    game_id = await started(moderator)
    await moderator.act(CH, "alice", Command("play", {"steps": 1}))
    await moderator.decide(game_id, "bob", "block-1", "pass", 1)
    first = await moderator.request_undo(CH, "bob")
    assert not first.done and first.waiting_for == ["alice"]
    second = await moderator.request_undo(CH, "alice")
    assert second.done
    game = await moderator.load(await moderator.get(game_id))
    assert game.pending_decision() is not None  # back before Bob's answer
    await moderator.decide(game_id, "bob", "block-1", "pass", 3)
    await moderator.act(CH, "bob", Command("attack"))
    with pytest.raises(ModeratorError, match="cannot be taken"):
        await moderator.request_undo(CH, "alice")


async def test_replay_equals_snapshot(moderator: Moderator) -> None:
    game_id = await started(moderator)
    await moderator.act(CH, "alice", Command("attack"))
    await moderator.act(CH, "bob", Command("play", {"steps": 2}))
    await moderator.decide(game_id, "alice", "block-1", "block", 2)
    await moderator.act(CH, "alice", Command("end"))
    rebuilt = await moderator.rebuild(game_id)
    fresh = Moderator(moderator.engine, clock=moderator.clock)
    stored = await fresh.load(await fresh.get(game_id))
    assert rebuilt.to_json() == stored.to_json()


async def test_two_moderators_one_database_exactly_one_lands(
    engine: AsyncEngine, clock: FakeClock
) -> None:
    first = Moderator(engine, clock=clock)
    second = Moderator(engine, clock=clock)
    game_id = await started(first)
    await second.load(await second.get(game_id))  # both have cached seq 0
    results = await asyncio.gather(
        first.act(CH, "alice", Command("play", {"steps": 1})),
        second.act(CH, "alice", Command("play", {"steps": 2})),
        return_exceptions=True,
    )
    landed = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(landed) == 1 and len(refused) == 1
    # The loser either collided on the unique seq (ConflictError) or, if it read the database
    # after the winner committed, found the position changed ("not your turn"): both refusals.
    assert isinstance(refused[0], ModeratorError), refused[0]
    events = await first.events(game_id)
    assert [e.seq for e in events] == [1]


async def test_concurrent_commands_in_one_process(moderator: Moderator) -> None:
    game_id = await started(moderator)
    results = await asyncio.gather(
        *(
            moderator.act_in(game_id, "alice", Command("play", {"steps": 1}), expected_seq=0)
            for _ in range(3)
        ),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert all(
        isinstance(r, StaleError | ModeratorError) for r in results if isinstance(r, BaseException)
    )


async def test_abandon_and_concede(moderator: Moderator) -> None:
    await started(moderator)
    done, waiting = await moderator.abandon(CH, "alice", is_admin=False)
    assert not done and waiting == ["bob"]
    done, _ = await moderator.abandon(CH, "bob", is_admin=False)
    assert done and await moderator.channel_game(CH) is None
    await started(moderator)
    row = await moderator.concede(CH, "bob")
    assert row.result and row.result["winners"] == ["red"]


async def test_restart_keeps_pending_decision(engine: AsyncEngine, clock: FakeClock) -> None:
    first = Moderator(engine, clock=clock)
    game_id = await started(first)
    await first.act(CH, "alice", Command("play", {"steps": 2}))
    restarted = Moderator(engine, clock=clock)
    game = await restarted.load(await restarted.get(game_id))
    assert game.pending_decision() is not None
    clock.advance(timedelta(minutes=6))
    due = await restarted.process_due()
    assert len(due.timeouts) == 1


async def test_reminders_fire_once_for_the_current_position(
    moderator: Moderator, clock: FakeClock
) -> None:
    row = await moderator.create("guild", CH, "alice", "tiny", "race", {})
    await moderator.join(CH, "alice")
    await moderator.join(CH, "bob")
    await moderator.start(CH, "alice")
    clock.advance(timedelta(hours=13))
    due = await moderator.process_due()
    assert [(r.user_id, r.seat) for r in due.reminders] == [("alice", "red")]
    assert (await moderator.process_due()).reminders == []
    assert row.id is not None


async def test_follow_and_unfollow(moderator: Moderator) -> None:
    game_id = await started(moderator)
    await moderator.follow(CH, "carol", mentions=True)
    await moderator.follow(CH, "carol", mentions=False)
    followers = await moderator.followers(game_id)
    assert [(f.user_id, f.mentions) for f in followers] == [("carol", False)]
    assert await moderator.unfollow(CH, "carol") is True
    assert await moderator.unfollow(CH, "carol") is False


async def test_timing_options_for_every_game(moderator: Moderator, clock: FakeClock) -> None:
    with pytest.raises(ModeratorError, match="seconds"):
        await moderator.create("guild", "c2", "alice", "tiny", "race", {"decision_seconds": "soon"})
    with pytest.raises(ModeratorError, match="Unknown option"):
        await moderator.create("guild", "c2", "alice", "tiny", "race", {"colour": "red"})
    await moderator.create("guild", CH, "alice", "tiny", "race", {"decision_seconds": "60"})
    await moderator.join(CH, "alice")
    await moderator.join(CH, "bob")
    await moderator.start(CH, "alice")
    result = await moderator.act(CH, "alice", Command("play", {"steps": 1}))
    assert result.deadline == clock.now() + timedelta(seconds=60)


async def test_variant_for_fewer_players_starts_with_the_seats_taken(moderator: Moderator) -> None:
    await moderator.create("guild", CH, "alice", "barracks", "learning")
    await moderator.join(CH, "alice")
    with pytest.raises(ModeratorError, match="at least 2"):
        await moderator.start(CH, "alice")
    await moderator.join(CH, "bob")
    row, game = await moderator.start(CH, "alice")
    assert list(row.seats) == ["p1", "p2"] and set(game.to_move()) <= {"p1", "p2"}
