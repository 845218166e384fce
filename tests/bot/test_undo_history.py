"""Issue 10 item 1: nothing whose cost grows with a game's history runs before the answer.

Undo rebuilds from the nearest usable checkpoint (never from the seed late in a game), off the
event loop and after the cog's defer; recent history (``/game mine``) and ``/game list`` are
bounded in SQL. Issue 14: the log a non-owner exports is built from views.
"""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from tinygame import TinyGame

from bot.clock import FakeClock
from bot.moderator import LIST_LIMIT, Moderator, ModeratorError
from rules.core import Command

CH = "chan-undo"


async def started(moderator: Moderator, channel: str = CH) -> int:
    await moderator.create("guild", channel, "alice", "tiny", "race")
    await moderator.join(channel, "alice")
    await moderator.join(channel, "bob")
    row, _ = await moderator.start(channel, "alice")
    return row.id or 0


async def waits(moderator: Moderator, game_id: int, count: int) -> None:
    """``count`` plain ``end`` commands, alternating seats (no dice: every one undoable)."""
    for _ in range(count):
        row = await moderator.get(game_id)
        game = await moderator.load(row)
        seat = game.to_move()[0]
        await moderator.act_in(game_id, row.seats[seat], Command("end"))


class CountingApply:
    """Counts the commands applied to any TinyGame while active."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        original = TinyGame.apply

        def counted(game: Any, seat: str, command: Command) -> Any:
            self.calls += 1
            return original(game, seat, command)

        monkeypatch.setattr(TinyGame, "apply", counted)


async def undo_by_both(moderator: Moderator, channel: str = CH, **kwargs: Any) -> Any:
    first = await moderator.request_undo(channel, "alice")
    assert not first.done and first.waiting_for == ["bob"]
    return await moderator.request_undo(channel, "bob", **kwargs)


async def test_undo_late_in_a_game_never_replays_from_the_seed(
    sqlite_engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The newest event: the snapshot (written every 10 events, issue 14) and the few events
    since. An older one (after an undo): the nearest checkpoint and the few events since."""
    moderator = Moderator(sqlite_engine, clock=FakeClock(), checkpoint_every=20)
    game_id = await started(moderator)
    await waits(moderator, game_id, 57)
    await moderator.act_in(game_id, "bob", Command("play", {"steps": 1}))  # seq 58, a decision
    counter = CountingApply(monkeypatch)
    result = await undo_by_both(moderator)
    assert result.done and result.undone_seq == 58
    assert counter.calls == 7  # from the snapshot at 50: events 51..57 (not 41..57)
    row = await moderator.get(game_id)
    rebuilt = await moderator.rebuild(game_id)
    assert (await moderator.load(row)).to_json() == rebuilt.to_json()
    assert rebuilt.pending_decision() is None and row.seq == 59
    counter.calls = 0
    result = await undo_by_both(moderator)  # now event 57, under the undo marker 59
    assert result.undone_seq == 57
    assert counter.calls == 16  # from the checkpoint at 40: events 41..56, not 56 from the seed
    row = await moderator.get(game_id)
    assert (await moderator.load(row)).to_json() == (await moderator.rebuild(game_id)).to_json()


async def test_undo_skips_a_checkpoint_that_holds_an_undone_event(
    sqlite_engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A checkpoint taken after an event that a later undo took back cannot be the base."""
    moderator = Moderator(sqlite_engine, clock=FakeClock(), checkpoint_every=5)
    game_id = await started(moderator)
    await waits(moderator, game_id, 4)
    await moderator.act_in(game_id, "alice", Command("play", {"steps": 2}))  # 5: a checkpoint
    await undo_by_both(moderator)  # seq 6 undoes 5 (the checkpoint at 5 still holds it)
    await waits(moderator, game_id, 2)  # 7, 8
    await undo_by_both(moderator)  # seq 9 undoes 8
    counter = CountingApply(monkeypatch)
    result = await undo_by_both(moderator)  # seq 10 undoes 7: not the newest event
    assert result.undone_seq == 7
    assert counter.calls == 4  # from the checkpoint at 0: events 1..4 (5 is gone)
    row = await moderator.get(game_id)
    rebuilt = await moderator.rebuild(game_id)
    assert (await moderator.load(row)).to_json() == rebuilt.to_json()
    assert rebuilt.state.positions == {"red": 0, "blue": 0}


async def test_undo_answers_before_it_rebuilds_and_rebuilds_off_the_loop(
    sqlite_engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio
    import threading

    moderator = Moderator(sqlite_engine, clock=FakeClock(), checkpoint_every=10)
    game_id = await started(moderator)
    await waits(moderator, game_id, 12)
    order: list[str] = []
    loop_thread = threading.get_ident()
    original = Moderator._replay_from

    def replay(self: Moderator, *args: Any) -> Any:
        order.append("rebuild on the loop" if threading.get_ident() == loop_thread else "rebuild")
        return original(self, *args)

    monkeypatch.setattr(Moderator, "_replay_from", replay)

    async def defer() -> None:
        order.append("defer")
        await asyncio.sleep(0)

    await undo_by_both(moderator)  # the newest event (12): the snapshot at 10 and event 11
    assert order == ["rebuild"]
    await undo_by_both(moderator, before_rebuild=defer)  # 11, under the marker: a replay
    assert order == ["rebuild", "defer", "rebuild"]
    assert (await moderator.get(game_id)).seq == 14


async def test_undo_refusal_comes_before_any_defer(sqlite_engine: AsyncEngine) -> None:
    moderator = Moderator(sqlite_engine, clock=FakeClock())
    game_id = await started(moderator)
    await moderator.act_in(game_id, "alice", Command("attack"))  # dice: a commit point
    deferred: list[bool] = []

    async def defer() -> None:
        deferred.append(True)

    with pytest.raises(ModeratorError, match="cannot be taken back"):
        await moderator.request_undo(CH, "alice", before_rebuild=defer)
    assert deferred == []


async def test_recent_private_lines_read_a_bounded_tail(
    sqlite_engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    moderator = Moderator(sqlite_engine, clock=FakeClock())
    game_id = await started(moderator)
    await waits(moderator, game_id, 30)

    async def whole_log(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the whole log was read")

    monkeypatch.setattr(moderator, "events", whole_log)
    recent = await moderator.recent_events(game_id, 20)
    assert [e.seq for e in recent] == list(range(11, 31))
    assert await moderator.recent_private(game_id, "red") == []


async def test_game_list_is_bounded_and_loads_no_game(
    sqlite_engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    moderator = Moderator(sqlite_engine, clock=FakeClock())
    for n in range(LIST_LIMIT + 3):
        await started(moderator, f"chan-{n}")
    moderator._cache.clear()

    async def no_load(*args: Any) -> Any:
        raise AssertionError("a game was loaded to list it")

    monkeypatch.setattr(moderator, "load", no_load)
    listed = await moderator.list_games("guild", "alice")
    assert len(listed) == LIST_LIMIT
    assert [row.channel_id for row, _ in listed][-1] == f"chan-{LIST_LIMIT + 2}"
    assert all(waiting for _, waiting in listed)  # red (alice) moves first in every game
    assert not any(w for _, w in await moderator.list_games("guild", "bob"))


async def test_log_of_another_seat_hides_command_arguments_until_the_end(
    sqlite_engine: AsyncEngine,
) -> None:
    """Issue 14: a Barracks Frumentarii choice (the card kept, the order put back) is in the
    command's arguments; an opponent's or a spectator's log must not show them."""
    import rules.barracks  # noqa: F401  (registers the game)

    moderator = Moderator(sqlite_engine, clock=FakeClock(), seed_source=lambda: "frum")
    channel = "chan-frum"
    await moderator.create("guild", channel, "alice", "barracks", "standard-2p")
    await moderator.join(channel, "alice")
    await moderator.join(channel, "bob")
    row, game = await moderator.start(channel, "alice")
    seat = game.to_move()[0]
    user = row.seats[seat]
    st: Any = game.state  # the cached game: put the seat to move in the Frumentarii step
    st.seen, st.deck = st.deck[:4], st.deck[4:]
    st.phase = "frumentarii"
    keep = st.seen[1]
    order = game.frumentarii_orders(seat, keep)[5]  # type: ignore[attr-defined]
    await moderator.act_in(row.id or 0, user, Command("forum", {"choice": keep, "order": order}))
    other = next(u for u in row.seats.values() if u != user)
    for viewer in (other, "spectator"):
        log = await moderator.export_log(row.id or 0, viewer)
        event = log["events"][-1]
        assert event["command"] == {"name": "forum"}
        text = repr(log["events"])
        assert keep not in text and all(card not in text for card in order)
    own = await moderator.export_log(row.id or 0, user)
    assert own["events"][-1]["command"]["args"] == {"choice": keep, "order": order}
    await moderator.abandon(channel, "alice", is_admin=True)
    after = await moderator.export_log(row.id or 0, "spectator")
    assert after["events"][-1]["command"]["args"]["choice"] == keep
