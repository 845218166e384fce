"""One autocomplete for every game's typed commands (issue 18): ``cogs.common.legal_choices``
reads the engine's legal commands, narrowed by the options already typed, or ``Game.actions``
for a game that lists no legal commands."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import channel_game, ok

import cogs.common
import cogs.imperium_romanum
import cogs.play
import cogs.rome_iinc
from bot.local import LocalTable
from cogs.common import legal_choices


async def game_now(table: LocalTable) -> Any:
    return (await channel_game(table))[1]


async def barracks_started(table: LocalTable) -> None:
    table.user = "alice"
    await ok(table, "/game new game:barracks scenario:standard-2p")
    await ok(table, "/game join seat:p1")
    table.user = "bob"
    await ok(table, "/game join seat:p2")
    table.user = "alice"
    await ok(table, "/game start")


async def test_play_space_offers_only_the_spaces_of_the_card_already_chosen(table: LocalTable) -> None:
    """The Barracks Emperors through the shared /play: with ``card`` filled in, ``space``
    offers the spaces where that card may go, and no other."""
    await barracks_started(table)
    game = await game_now(table)
    seat = game.to_move()[0]
    table.user = "alice" if seat == "p1" else "bob"
    plays = [c for c in game.legal_commands(seat) if c.name == "play"]
    card = str(plays[0].args["card"])
    mine = sorted({str(c.args["space"]) for c in plays if c.args["card"] == card})
    every = sorted({str(c.args["space"]) for c in plays})
    command, _ = table.find_command(["play"])
    spaces = await command._params["space"].autocomplete(  # type: ignore[attr-defined]
        table.interaction(namespace={"card": card}), "")
    assert sorted(c.value for c in spaces) == mine
    unnarrowed = await command._params["space"].autocomplete(table.interaction(), "")  # type: ignore[attr-defined]
    assert sorted(c.value for c in unnarrowed) == every


async def test_a_filled_value_that_agrees_with_nothing_leaves_every_legal_value(table: LocalTable) -> None:
    """A card id no legal play holds does not empty the menu: every legal space is offered
    (the engine's refusal names the problem when the command is sent)."""
    await barracks_started(table)
    game = await game_now(table)
    seat = game.to_move()[0]
    every = sorted({str(c.args["space"]) for c in game.legal_commands(seat) if c.name == "play"})
    found = legal_choices(game, [seat], "play", "space", {"card": "no-such-card"}, "")
    assert sorted(c.value for c in found) == every


async def test_labels_come_from_the_games_actions_and_match_what_is_typed(table: LocalTable) -> None:
    """Without a game's own labeller the words are ``Game.actions``'s; typing filters by the
    value or its words."""
    await barracks_started(table)
    game = await game_now(table)
    seat = game.to_move()[0]
    words = {c.value: str(c.label) for a in game.actions(seat) if a.name == "play"
             for arg in a.args if arg.name == "card" for c in arg.choices or ()}
    found = legal_choices(game, [seat], "play", "card", {}, "")
    assert {c.value: c.name for c in found} == {v: w[:100] for v, w in words.items()}
    first_word = next(iter(words.values())).split()[0].lower()
    typed = legal_choices(game, [seat], "play", "card", {}, first_word)
    assert typed and all(first_word in c.name.lower() or first_word in c.value.lower() for c in typed)


async def test_imperator_reads_its_actions(table: LocalTable) -> None:
    """Imperator lists no legal commands: the choices are its ``Game.actions`` values."""
    table.user = "alice"
    await ok(table, "/game new game:imperator scenario:campaign")
    await ok(table, "/game join seat:rome")
    table.user = "bob"
    await ok(table, "/game join seat:enemies")
    table.user = "alice"
    await ok(table, "/game start")
    game = await game_now(table)
    assert not hasattr(game, "legal_commands")
    for seat in game.to_move():
        for action in game.actions(seat):
            for arg in action.args:
                if arg.choices:
                    found = legal_choices(game, [seat], action.name, arg.name, {}, "")
                    assert [c.value for c in found] == list(dict.fromkeys(c.value[:100] for c in arg.choices))
                    return
    pytest.skip("no action with choices at the start of the campaign")


def test_every_games_typed_commands_use_the_one_function() -> None:
    """No second autocomplete: the shared verbs, /rome and /imperium all call legal_choices."""
    for module in (cogs.play, cogs.rome_iinc, cogs.imperium_romanum):
        assert module.legal_choices is legal_choices, module.__name__
    assert not hasattr(cogs.common, "action_choices")
    assert not hasattr(cogs.imperium_romanum, "same_value")
