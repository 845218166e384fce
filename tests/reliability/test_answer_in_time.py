"""Found by the duplicates probe under load (issue 14): a decision answer saved its command
before its first response and answered after 4-7 s, past Discord's 3 s. Whatever saves a
command now answers first when the save would make it late (``bot.moderator.in_time``): a
component by deferring its message, a typed command by a private "thinking…" placeholder, so
refusals stay private and the public post still goes out.

The local table enforces the 3 s; here its limit and the Moderator's budget are shortened and
the save is made slow on purpose, so the tests take a fraction of a second."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

import bot.local
import bot.moderator
from bot.clock import FakeClock
from bot.local import DiscordRuleViolation
from bot.moderator import Moderator
from reliability.harness import Harness

SLOW_SAVE = 0.6
"""Seconds the save takes in these tests: twice the shortened limit of the local table."""


@pytest.fixture
async def tiny(sqlite_engine: AsyncEngine, tmp_path: Path) -> AsyncIterator[tuple[Harness, int]]:
    """A tiny race game in channel ``slow`` where bob must decide (alice ran 2 steps, §3)."""
    moderator = Moderator(sqlite_engine, clock=FakeClock())
    await moderator.create("guild", "slow", "alice", "tiny", "race")
    await moderator.join("slow", "alice")
    await moderator.join("slow", "bob")
    row, _game = await moderator.start("slow", "alice")
    async with Harness(moderator, tmp_path / "images") as harness:
        harness.at("slow", "alice")
        await harness.slash(harness.command("play"), {"steps": "2"})
        assert (await moderator.get(row.id or 0)).seq == 1
        yield harness, row.id or 0


def slow_saves(monkeypatch: pytest.MonkeyPatch, answers: list[discord.Interaction]) -> list[bool]:
    """Make every save slow and the limits short; for each save, whether the interaction was
    already answered when the save ended."""
    monkeypatch.setattr(bot.local, "INITIAL_RESPONSE_SECONDS", SLOW_SAVE / 2)
    monkeypatch.setattr(bot.moderator, "ANSWER_WITHIN", SLOW_SAVE / 6)
    answered_before_saved: list[bool] = []
    real = Moderator._persist

    async def slow_persist(self: Moderator, *args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(SLOW_SAVE)
        answered_before_saved.append(all(i.response.is_done() for i in answers))
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(Moderator, "_persist", slow_persist)
    return answered_before_saved


async def test_a_decision_answer_is_answered_before_its_slow_save(
    tiny: tuple[Harness, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    harness, game_id = tiny
    harness.at("slow", "bob")
    interaction = harness.table.interaction(data={})
    saved = slow_saves(monkeypatch, [interaction])
    start = len(harness.table.outputs)
    await harness.press(f"praetor:decide:{game_id}:1", ["pass"], interaction)
    assert saved == [True]  # the first response came before the save ended
    assert interaction.response.type == discord.InteractionResponseType.deferred_message_update
    assert (await harness.moderator.get(game_id)).seq == 2
    said = harness.table.outputs[start:]
    assert [o.text for o in said if o.audience == "bob"][0].startswith("You chose:")
    assert any(o.audience == "public" for o in said)  # the public post, as a follow-up
    assert harness.problems_since(start) == []


async def test_without_the_early_answer_the_slow_save_breaks_discords_limit(
    tiny: tuple[Harness, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same slow save with the early answer taken out: the local table refuses the late
    first response, as Discord would ("This interaction failed")."""
    harness, game_id = tiny
    harness.at("slow", "bob")
    interaction = harness.table.interaction(data={})
    slow_saves(monkeypatch, [interaction])
    monkeypatch.setattr("cogs.common.answer_first_by", lambda hook: None)
    with pytest.raises(DiscordRuleViolation, match="initial response after"):
        await harness.press(f"praetor:decide:{game_id}:1", ["pass"], interaction)


async def test_a_refusal_after_an_early_answer_stays_private(
    tiny: tuple[Harness, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A decision menu pressed while another command of the game is being saved is answered
    at once (it waits for the game); its refusal, out of date by then, goes to its author."""
    harness, game_id = tiny
    saved = slow_saves(monkeypatch, [])
    harness.at("slow", "bob")
    first = harness.table.interaction(data={})
    second = harness.table.interaction(data={})
    start = len(harness.table.outputs)
    await asyncio.gather(
        harness.press(f"praetor:decide:{game_id}:1", ["pass"], first),
        harness.press(f"praetor:decide:{game_id}:1", ["block"], second),
    )
    assert saved == [True]  # one of the two landed
    assert (await harness.moderator.get(game_id)).seq == 2
    refused = [o for o in harness.table.outputs[start:] if o.refusal]
    assert len(refused) == 1 and refused[0].audience == "bob", [o.text for o in refused]
    assert harness.problems_since(start) == []


async def test_a_typed_command_with_a_slow_save_answers_privately_first(
    tiny: tuple[Harness, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A typed command: a private "thinking…" first (a refusal after it would stay private),
    the public post in the channel, the placeholder filled."""
    harness, game_id = tiny
    harness.at("slow", "bob")
    await harness.press(f"praetor:decide:{game_id}:1", ["pass"])  # bob lets alice run
    row = await harness.moderator.get(game_id)
    game = await harness.moderator.load(row)
    mover = row.seats[game.to_move()[0]]
    harness.at("slow", mover)
    interaction = harness.table.interaction()
    saved = slow_saves(monkeypatch, [interaction])
    start = len(harness.table.outputs)
    await harness.slash(harness.command("play"), {"steps": "1"}, interaction)
    assert saved == [True]
    assert interaction.response.type == discord.InteractionResponseType.deferred_channel_message
    assert interaction.response.first_ephemeral is True
    said = harness.table.outputs[start:]
    assert any(o.audience == "public" for o in said)
    assert [o.text for o in said if o.audience == mover], "the placeholder was never filled"
    assert (await harness.moderator.get(game_id)).seq == row.seq + 1
    assert harness.problems_since(start) == []


# -- /game new and /game start: they save too, so they answer first the same way ------------


def slow(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, answers: list[Any]) -> list[bool]:
    """Make ``owner.name`` (a save) take ``SLOW_SAVE`` and the limits short, as
    :func:`slow_saves` does; for each save, whether every interaction of ``answers`` was
    already answered when the save began its work."""
    monkeypatch.setattr(bot.local, "INITIAL_RESPONSE_SECONDS", SLOW_SAVE / 2)
    monkeypatch.setattr(bot.moderator, "ANSWER_WITHIN", SLOW_SAVE / 6)
    answered_before_saved: list[bool] = []
    real = getattr(owner, name)

    async def slow_save(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(SLOW_SAVE)
        answered_before_saved.append(all(i.response.is_done() for i in answers))
        return await real(*args, **kwargs)

    monkeypatch.setattr(owner, name, slow_save)
    return answered_before_saved


@pytest.fixture
async def lobby(sqlite_engine: AsyncEngine, tmp_path: Path) -> AsyncIterator[Harness]:
    async with Harness(Moderator(sqlite_engine, clock=FakeClock()), tmp_path / "images") as harness:
        harness.at("lobby", "alice")
        yield harness


async def test_game_new_with_a_slow_save_answers_privately_first(
    lobby: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game's row is saved after a private "thinking…": the announcement goes to the
    channel, the placeholder is filled, the game is there."""
    harness = lobby
    interaction = harness.table.interaction()
    saved = slow(monkeypatch, harness.moderator, "_insert_game", [interaction])
    await harness.slash(harness.command("game new"), {"game": "tiny", "scenario": "race"}, interaction)
    assert saved == [True]  # the first response came before the save
    assert interaction.response.type == discord.InteractionResponseType.deferred_channel_message
    assert interaction.response.first_ephemeral is True
    public = [o.text for o in harness.table.outputs if o.audience == "public"]
    assert len(public) == 1 and public[0].startswith("New game #"), public
    assert [o.text for o in harness.table.outputs if o.audience == "alice"] == ["Done."]
    row = await harness.moderator.require_game("lobby")
    assert (row.kind, row.status) == ("tiny", "lobby")
    assert harness.problems_since(0) == []


async def test_game_new_without_the_early_answer_is_late(
    lobby: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same slow save with the early answer taken out: the local table refuses the late
    first response (so the test above proves the early answer)."""
    harness = lobby
    interaction = harness.table.interaction()
    slow(monkeypatch, harness.moderator, "_insert_game", [interaction])
    monkeypatch.setattr("cogs.common.answer_first_by", lambda hook: None)
    with pytest.raises(DiscordRuleViolation, match="initial response after"):
        await harness.slash(
            harness.command("game new"), {"game": "tiny", "scenario": "race"}, interaction
        )


async def test_game_start_with_a_slow_save_answers_privately_first(
    lobby: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``/game start`` stores the game and its opening post in one slow transaction: a private
    "thinking…" first, the opening post in the channel, the placeholder filled."""
    harness = lobby
    moderator = harness.moderator
    await moderator.create("guild", "lobby", "alice", "tiny", "race")
    await moderator.join("lobby", "alice")
    await moderator.join("lobby", "bob")
    interaction = harness.table.interaction()
    saved = slow(monkeypatch, moderator.transactions, "write", [interaction])
    start = len(harness.table.outputs)
    await harness.slash(harness.command("game start"), {}, interaction)
    assert saved == [True]
    assert interaction.response.type == discord.InteractionResponseType.deferred_channel_message
    assert interaction.response.first_ephemeral is True
    said = harness.table.outputs[start:]
    assert any(o.audience == "public" for o in said)  # the opening post, in the channel
    assert [o.text for o in said if o.audience == "alice"], "the placeholder was never filled"
    row = await moderator.require_game("lobby")
    assert (row.status, row.seq) == ("active", 0)
    assert harness.problems_since(start) == []


async def test_game_start_without_the_early_answer_is_late(
    lobby: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    harness = lobby
    moderator = harness.moderator
    await moderator.create("guild", "lobby", "alice", "tiny", "race")
    await moderator.join("lobby", "alice")
    await moderator.join("lobby", "bob")
    interaction = harness.table.interaction()
    slow(monkeypatch, moderator.transactions, "write", [interaction])
    monkeypatch.setattr("cogs.common.answer_first_by", lambda hook: None)
    with pytest.raises(DiscordRuleViolation, match="initial response after"):
        await harness.slash(harness.command("game start"), {}, interaction)


class Killed(BaseException):
    """The process dies (``kill -9``): nothing after it runs, no handler catches it."""


async def test_game_new_announcement_survives_a_crash_after_the_early_answer(
    sqlite_engine: AsyncEngine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The announcement of ``/game new`` is owed in the outbox with the game: when the process
    dies after the early answer and before the post, the next process posts it, once."""
    from datetime import timedelta

    from bot.outbox import CLAIM_SECONDS
    from cogs.outbox import drain

    clock = FakeClock()
    async with Harness(Moderator(sqlite_engine, clock=clock), tmp_path / "images") as harness:
        harness.at("lobby", "alice")
        interaction = harness.table.interaction()
        slow(monkeypatch, harness.moderator, "_insert_game", [interaction])

        async def dies(*args: Any, **kwargs: Any) -> Any:
            raise Killed()

        monkeypatch.setattr(harness.table.bot.publisher, "send", dies)
        with pytest.raises(Killed):
            await harness.slash(
                harness.command("game new"), {"game": "tiny", "scenario": "race"}, interaction
            )
        assert interaction.response.is_done()  # answered first ("thinking…"), then it died
        assert [o for o in harness.table.outputs if o.audience == "public"] == []
        monkeypatch.undo()
    clock.advance(timedelta(seconds=CLAIM_SECONDS + 1))  # the dead process's claim lapses
    async with Harness(Moderator(sqlite_engine, clock=clock), tmp_path / "images2") as restarted:
        restarted.at("lobby", "alice")
        row = await restarted.moderator.require_game("lobby")
        assert await drain(restarted.table.bot) == 1
        assert await drain(restarted.table.bot) == 0  # once
        public = [o.text for o in restarted.table.outputs if o.audience == "public"]
        assert public == [f"New game #{row.id}: tiny (race). Seats: red, blue. Take one with "
                          "/game join, then /game start."]
