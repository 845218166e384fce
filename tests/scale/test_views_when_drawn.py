"""The map picture's view is built when the picture is drawn (issue 14, throughput).

A command that moves something owes a picture of the map at its step. The outbox row names the
game and the step; the view is built from the game at that step when the row is drawn: from
the cached game when it is still there, else rebuilt from a checkpoint and the events after it
(``Moderator.game_at``), so a row owed before a restart draws the same picture.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine
from sqlmodel import col, select

from bot.clock import FakeClock
from bot.moderator import Moderator
from cogs.outbox import compose, compose_opening, views_of
from db.models import OutboxRow
from rules.core import Command
from rules.imperator import random_player
from rules.imperator.game import ImperatorGame

CH = "chan-views"


def plain(data: Any) -> Any:
    """``data`` as JSON reads it back (what the outbox stored)."""
    return json.loads(json.dumps(data))


async def tiny_started(moderator: Moderator) -> int:
    await moderator.create("guild", CH, "alice", "tiny", "race")
    await moderator.join(CH, "alice")
    await moderator.join(CH, "bob")
    row, _ = await moderator.start(CH, "alice")
    return row.id or 0


async def undo_by_both(moderator: Moderator) -> int | None:
    await moderator.request_undo(CH, "alice")
    done = await moderator.request_undo(CH, "bob")
    assert done.done
    return done.undone_seq


async def test_game_at_every_step_equals_the_game_then(shared_engine: AsyncEngine) -> None:
    """Steps before and after undos, with checkpoints holding events an undo took back: the
    rebuilt game at each step is the game as it stood then (by a second Moderator: no cache)."""
    moderator = Moderator(shared_engine, clock=FakeClock(), checkpoint_every=5)
    game_id = await tiny_started(moderator)
    states = {0: plain((await moderator.load(await moderator.get(game_id))).to_json())}

    async def note() -> None:
        row = await moderator.get(game_id)
        states[row.seq] = plain((await moderator.load(row)).to_json())

    async def step(command: Command) -> None:
        """``command`` by the seat to move, or "pass" when a block decision is pending."""
        row = await moderator.get(game_id)
        game = await moderator.load(row)
        pending = game.pending_decision()
        if pending is not None:
            command = Command("decide", {"id": pending.id, "choice": "pass"})
        seat = game.to_move()[0]
        await moderator.act_in(game_id, row.seats[seat] or "", command)
        await note()

    for _ in range(4):
        await step(Command("end"))
    await step(Command("play", {"steps": 2}))  # 5: a checkpoint that the next undo spoils
    assert await undo_by_both(moderator) == 5  # 6
    await note()
    for _ in range(6):  # 7..12: runs of one and the other seat letting them stand
        await step(Command("play", {"steps": 1}))
    assert await undo_by_both(moderator) == 12  # 13 (12 was a pass: the block is open again)
    await note()
    await step(Command("end"))  # 14: the pass again
    assert sorted(states) == list(range(15))
    assert states[6] == states[4] != states[5]  # the undo took 5 back

    fresh = Moderator(shared_engine, clock=FakeClock())
    for seq, state in states.items():
        game = await fresh.game_at(game_id, seq)
        assert game is not None, seq
        assert plain(game.to_json()) == state, seq
    assert await fresh.game_at(game_id, 15) is None
    assert await fresh.game_at(game_id + 99, 0) is None


async def test_map_picture_names_its_step_and_draws_the_view_of_that_step(
    shared_engine: AsyncEngine,
) -> None:
    """Imperator's campaign: every row whose picture is the map holds the game and the step,
    not the view; the view drawn is the public view of that step, whether the game is still
    cached at it or has moved on (then rebuilt, as after a restart)."""
    moderator = Moderator(shared_engine, clock=FakeClock(), seed_source=lambda: "camp2")
    moderator.composer = compose
    seats = {"rome": "alice", "enemies": "bob"}
    await moderator.create("guild", CH, "alice", "imperator", "campaign")
    for seat, user in seats.items():
        await moderator.join(CH, user, seat)
    row, game = await moderator.start(
        CH, "alice", opening=lambda started, game, _deadline: compose_opening(started, game, ["Go."], [])
    )
    game_id = row.id or 0
    bot = SimpleNamespace(moderator=moderator)
    shadow = ImperatorGame.new("campaign", list(seats), "camp2", {})
    views: dict[int, dict[str, Any]] = {0: plain(game.public_view())}
    drawn_live: dict[int, Any] = {}
    for seat, command in random_player.play(shadow, seed=3, max_commands=24):
        result = await moderator.act_in(game_id, seats[seat], command)
        views[result.seq] = plain((await moderator.load(result.game)).public_view())
        specs = await picture_specs(moderator, game_id, result.seq)
        if specs:
            drawn_live[result.seq] = await views_of(bot, specs)  # cached at that step

    mapped = await picture_specs(moderator, game_id, None)
    assert len(mapped) >= 10 and 0 in mapped  # the opening and the moves that changed the map
    for seq, specs in mapped.items():
        assert [(s["draw"], s["game"], s["seq"], "view" in s) for s in specs] == [
            ("view", game_id, seq, False)
        ]
    assert {seq: [s["view"] for s in filled] for seq, filled in drawn_live.items()} == {
        seq: [views[seq]] for seq in mapped if seq > 0
    }
    restarted = SimpleNamespace(moderator=Moderator(shared_engine, clock=FakeClock()))
    for seq, specs in mapped.items():  # the game has moved on: rebuilt from the database
        filled = await views_of(restarted, specs)  # type: ignore[arg-type]
        assert [s["view"] for s in filled] == [views[seq]], seq
    held = {**mapped[0][0], "view": {"stored": "before views were built when drawn"}}
    assert await views_of(restarted, [held]) == [held]  # type: ignore[arg-type]
    gone = {**mapped[0][0], "seq": 10_000}
    assert await views_of(restarted, [gone]) == []  # type: ignore[arg-type]


async def picture_specs(
    moderator: Moderator, game_id: int, seq: int | None
) -> Any:
    """The map picture specs of the public posts of ``game_id`` (of step ``seq``, or every
    step's: ``{seq: specs}``)."""
    query = select(OutboxRow).where(OutboxRow.game_id == game_id).where(OutboxRow.kind == "post")
    if seq is not None:
        query = query.where(OutboxRow.seq == seq)
    async with moderator.sessions() as session:
        rows = (await session.exec(query.order_by(col(OutboxRow.id)))).all()
    found: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        specs = [s for s in row.payload.get("images", []) if s.get("draw") == "view"]
        if specs:
            found.setdefault(row.seq, []).extend(specs)
    return found.get(seq, []) if seq is not None else found
