"""Defects the reliability probe found (issue 14), each with the test that failed first."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import FakeClock
from bot.moderator import Moderator
from rules.core.command import Outcome
from rules.core.i18n import _, text_from_json, text_to_json


async def started_race(moderator: Moderator, channel: str) -> int:
    """A started two-seat game of the tiny test game (alice, bob) in ``channel``: its id."""
    await moderator.create("guild", channel, "alice", "tiny", "race")
    await moderator.join(channel, "alice")
    await moderator.join(channel, "bob")
    row, _game = await moderator.start(channel, "alice")
    return row.id or 0


def held_saves() -> tuple[asyncio.Event, asyncio.Event, Callable[..., Awaitable[Any]]]:
    """A stand-in for ``Moderator._persist`` that sets ``saving`` and waits for ``go_on`` before
    saving: the test decides when the first delivery's save completes."""
    saving, go_on = asyncio.Event(), asyncio.Event()
    real_persist = Moderator._persist

    async def slow_persist(self: Moderator, *args: Any, **kwargs: Any) -> Any:
        saving.set()
        await go_on.wait()
        return await real_persist(self, *args, **kwargs)

    return saving, go_on, slow_persist

def test_a_sentence_with_a_field_named_n_survives_the_event_log() -> None:
    """Found by the fuzz probe: ``/game mine`` in Rome, IInc. failed with ``KeyError: 'n'``
    because ``_("{empire} Prestige -{n}.", n=2)`` lost its ``n`` when stored with the event."""
    line = _("{empire} Prestige -{n}.", empire="East", n=2)
    stored = Outcome(public=[line]).to_json()
    again = Outcome.from_json(stored).public[0]
    assert again == "East Prestige -2."
    assert text_from_json(text_to_json(line)).params == {"empire": "East"}
    assert text_from_json(text_to_json(line)).n == 2


async def test_every_component_pressed_on_a_game_of_another_kind_is_refused(
    sqlite_engine: AsyncEngine, tmp_path: Path
) -> None:
    """Found by the fuzz probe: ``imp:md:<id of a Barracks game>:...`` reached Imperator code
    with a Barracks game (``AttributeError: 'BarracksState' object has no attribute
    'role_of'``). Every persistent component, forged with the id of a game of each kind, is
    refused privately (or answered), never an internal error. Found again in CI: a forged menu
    value on the Rome, IInc. verb menu, with the clicker's real seat, built an invalid
    custom id; every seat is now tried with values no menu offered."""
    from cogs.common import DYNAMIC_ITEMS
    from reliability.fuzz import GROUP
    from reliability.harness import Harness
    from reliability.players import Setup, open_game

    moderator = Moderator(sqlite_engine, clock=FakeClock())
    games = {}
    for number, setup in enumerate(
        [Setup("imperator", "avidius_cassius"), Setup("barracks", "standard-2p"),
         Setup("rome_iinc", "286", (("mode", "solo"),), solo=True),
         Setup("imperium_romanum", "s12")]
    ):
        games[setup.kind] = (f"kind-{number}", await open_game(moderator, f"kind-{number}", setup))
    async with Harness(moderator, tmp_path / "images") as harness:
        pressed = 0
        for cls in DYNAMIC_ITEMS:
            pattern = cls.__discord_ui_compiled_template__.pattern  # type: ignore[attr-defined]
            for kind, (channel, game_id) in games.items():
                row = await moderator.get(game_id)
                for seat, user in sorted(row.seats.items()):
                    fills = {"game": str(game_id), "seq": str(row.seq), "page": "0", "mask": "1",
                             "seat": seat}
                    custom_id = GROUP.sub(lambda m, f=fills: f.get(m.group(1), "x"), pattern).replace("\\", "")
                    if not cls.__discord_ui_compiled_template__.fullmatch(custom_id):  # type: ignore[attr-defined]
                        continue  # a seat this kind of id cannot carry: nothing listens
                    harness.at(channel, user)
                    # A forged value the menu never offered (the CI fuzz run sent this one).
                    for value in ("x", "decision_seconds=1000000000000"):
                        start = len(harness.table.outputs)
                        answered = await harness.press(custom_id, [value])
                        pressed += 1
                        assert harness.problems_since(start) == [], (custom_id, kind, value)
                        assert answered is not None and answered.response.is_done(), (custom_id, kind, value)
    assert pressed >= 4 * len(DYNAMIC_ITEMS)


async def test_a_repeated_delivery_after_the_first_landed_gets_its_answer_not_a_refusal(
    sqlite_engine: AsyncEngine, tmp_path: Path
) -> None:
    """Found by the duplicates probe on PostgreSQL: the second delivery of a decision answer
    (or a menu choice) that arrived just after the first had landed was told "This choice is
    out of date" by the component's own seq check, instead of getting the first answer."""
    from reliability.harness import Harness

    moderator = Moderator(sqlite_engine, clock=FakeClock())
    game_id = await started_race(moderator, "rep")
    async with Harness(moderator, tmp_path / "images") as harness:
        harness.at("rep", "alice")
        await harness.slash(harness.command("play"), {"steps": "2"})  # bob may block (§3)
        row = await moderator.get(game_id)
        assert row.seq == 1
        custom_id = f"praetor:decide:{game_id}:{row.seq}"
        harness.at("rep", "bob")
        first = await asyncio.create_task(harness.press(custom_id, ["pass"]))  # a task each,
        assert first is not None  # as discord.py runs every delivery
        start = len(harness.table.outputs)
        again = harness.table.interaction()
        again.id = first.id  # Discord delivers the same interaction again
        await asyncio.create_task(harness.press(custom_id, ["pass"], again))
        assert (await moderator.get(game_id)).seq == 2
        said = harness.table.outputs[start:]
        assert said and not any(o.refusal for o in said), [o.text for o in said]
        assert harness.problems_since(start) == []


async def test_a_duplicate_arriving_while_the_first_is_being_saved_gets_the_first_answer(
    sqlite_engine: AsyncEngine, tmp_path: Path, monkeypatch: Any
) -> None:
    """Found by the duplicates probe on PostgreSQL: while the first delivery was being saved,
    the second read the game already changed in memory, was refused as out of date, and the
    first answer was not there yet to give it."""
    from reliability.harness import Harness

    moderator = Moderator(sqlite_engine, clock=FakeClock())
    game_id = await started_race(moderator, "mid")
    saving, go_on, slow_persist = held_saves()

    async with Harness(moderator, tmp_path / "images") as harness:
        harness.at("mid", "alice")
        await harness.slash(harness.command("play"), {"steps": "1"})  # bob may block (§3)
        custom_id = f"praetor:decide:{game_id}:1"
        harness.at("mid", "bob")
        monkeypatch.setattr(Moderator, "_persist", slow_persist)
        one = harness.table.interaction()
        two = harness.table.interaction()
        two.id = one.id
        first = asyncio.create_task(harness.press(custom_id, ["pass"], one))
        await saving.wait()  # the first delivery is being saved
        second = asyncio.create_task(harness.press(custom_id, ["pass"], two))
        await asyncio.sleep(0.05)
        go_on.set()
        await asyncio.gather(first, second)
        assert (await moderator.get(game_id)).seq == 2
        refused = [o.text for o in harness.table.outputs if o.refusal]
        assert refused == []


async def test_every_component_of_every_game_refuses_forged_values_with_real_parts(
    sqlite_engine: AsyncEngine, tmp_path: Path
) -> None:
    """Found in CI (issue 14): a forged value on the Rome, IInc. verb menu, sent with the real
    game, seq and seat, built an invalid custom id. Every persistent component of every game is
    pressed, at several moments of each game, by each seat with the real game, its real seq and
    real words of the game in the other parts of the id, with values no menu offered."""
    import random

    from reliability.fuzz import forge_every_component
    from reliability.harness import Findings, Harness
    from reliability.players import SETUPS, deterministic_seeds, open_game, play_one

    moderator = Moderator(sqlite_engine, clock=FakeClock())
    deterministic_seeds(moderator, 21)
    rng = random.Random(21)
    found = Findings("forged real")
    async with Harness(moderator, tmp_path / "images") as harness:
        for number, setup in enumerate(SETUPS):
            game_id = 0
            for moment in range(3):
                if not game_id or (await moderator.get(game_id)).status != "active":
                    channel = f"forge-{number}-{moment}"  # a fresh game when the last one ended
                    game_id = await open_game(moderator, channel, setup)
                await forge_every_component(harness, moderator, channel, game_id, rng, found)
                for _move in range(rng.randint(2, 6)):
                    await play_one(moderator, game_id, rng)
    assert found.failures == [], found.summary()
    assert found.counts["forged real presses"] >= 3 * len(SETUPS) * 10
    assert found.counts["refused"] > found.counts["forged real presses"] // 2


async def test_a_twin_decision_answer_is_not_refused_when_the_next_decision_has_the_same_id(
    sqlite_engine: AsyncEngine, tmp_path: Path, monkeypatch: Any
) -> None:
    """Found by the duplicates probe on PostgreSQL (Imperator's campaign): while the first
    delivery of a decision answer was being saved, its twin in the same process read the game
    already moved in memory, saw the next decision (the other seat's; the select passes on the
    id of the decision pending now, here even the same id) and was told "This decision is not
    yours to make" instead of getting the first answer. ``Moderator.decide`` now waits for a
    twin in flight and looks for the first answer before refusing."""
    from tinygame import TinyGame

    import bot.client
    from reliability.harness import Harness

    real_decide = TinyGame._decide

    def same_id_for_the_other_seat(self: Any, state: Any, seat: str, command: Any, outcome: Any) -> None:
        pending = dict(state.pending)
        real_decide(self, state, seat, command, outcome)
        if state.pending is None and not state.winner:
            state.pending = {**pending, "seat": pending["mover"], "mover": seat}

    monkeypatch.setattr(TinyGame, "_decide", same_id_for_the_other_seat)
    moderator = Moderator(sqlite_engine, clock=FakeClock())
    game_id = await started_race(moderator, "same")
    saving, go_on, slow_persist = held_saves()

    async with Harness(moderator, tmp_path / "images") as harness:
        harness.at("same", "alice")
        await harness.slash(harness.command("play"), {"steps": "1"})  # bob may block (§3)
        custom_id = f"praetor:decide:{game_id}:1"
        harness.at("same", "bob")
        monkeypatch.setattr(Moderator, "_persist", slow_persist)
        one, two = harness.table.interaction(), harness.table.interaction()
        two.id = one.id  # Discord delivers the same interaction again
        real_again = bot.client.answered_again
        looked: list[Any] = []

        async def looked_too_early(interaction: Any) -> bool:
            """The twin's first look for an earlier answer ran before the first delivery
            began to save (the race the probe met): it found nothing."""
            if interaction is two and not looked:
                looked.append(interaction)
                return False
            return await real_again(interaction)

        monkeypatch.setattr(bot.client, "answered_again", looked_too_early)
        start = len(harness.table.outputs)
        first = asyncio.create_task(harness.press(custom_id, ["pass"], one))
        await saving.wait()  # the first delivery is being saved
        second = asyncio.create_task(harness.press(custom_id, ["pass"], two))
        await asyncio.sleep(0.05)
        go_on.set()
        await asyncio.gather(first, second)
        row = await moderator.get(game_id)
        assert row.seq == 2
        assert (await moderator.load(row)).pending_decision().seat == "red"  # same id, alice
        said = harness.table.outputs[start:]
        assert [o.text for o in said if o.refusal] == []
        assert len([o for o in said if o.audience == "bob" and "lets the run stand" in o.text]) >= 1
