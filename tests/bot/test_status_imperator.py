"""Imperator's ``/game status`` also offers ``/vexillation``, ``/sail`` and ``/stratagem`` when
the engine accepts them (issue 12): each suggested line, read back as the bot reads a typed
command, is accepted by the engine; and none is offered when the rules forbid it."""

from __future__ import annotations

import random
import shlex

import pytest

from cogs.imperator_operations import resolve_args
from cogs.play import split_list
from rules.core import Command
from rules.imperator import random_player
from rules.imperator.game import ImperatorGame

LIST_OPTIONS = {"units", "leaders", "peoples", "fronts", "path"}
SLASH_TO_ENGINE = {("stratagem", "chit"): "id"}


def read_back(game: ImperatorGame, line: str) -> Command:
    """A suggested line (``/verb option:value ... — note``) as the cogs turn it into a command."""
    words = shlex.split(line.split(" — ")[0])
    verb = words[0].removeprefix("/")
    args: dict[str, object] = {}
    for word in words[1:]:
        key, value = word.split(":", 1)
        key = SLASH_TO_ENGINE.get((verb, key), key)
        args[key] = split_list(value) if key in LIST_OPTIONS else value
    return Command(verb, resolve_args(game, args))


def campaign_until(condition, steps: int = 60) -> ImperatorGame:  # type: ignore[no-untyped-def]
    """The 161 campaign played by the seeded random player until ``condition(state)``."""
    game = ImperatorGame.new("campaign", ["rome", "enemies"], "replay-3-1", {})
    rng = random.Random(3)
    for _ in range(steps):
        if condition(game.state):
            return game
        if random_player.step(game, rng) is None:
            random_player.out_of_turn(game, rng)
    pytest.fail("the position never came")


def offered(game: ImperatorGame, seat: str, verb: str) -> list[str]:
    return [line for line in game.suggestions(seat) if line.startswith(f"/{verb} ")]


def test_rome_is_offered_a_vexillation_in_phase_c_and_it_is_accepted() -> None:
    game = campaign_until(lambda st: st.phase == "C" and st.active == "R")
    lines = offered(game, "rome", "vexillation")
    assert lines, game.suggestions("rome")
    assert lines[0].startswith("/vexillation action:create units:")
    assert "(§3.4)" in lines[0]
    assert len(lines) == len({line.split("three ")[1] for line in lines})  # one per Front
    command = read_back(game, lines[0])
    outcome = game.apply("rome", command)
    assert [str(line) for line in outcome.public] == ["§3.4: Vexillatio (Orient Front) formed in Bostra."]
    assert not offered(game, "enemies", "vexillation")  # not the Enemies' verb (§3.4)


def test_rome_is_offered_a_fleet_in_its_movement_and_it_is_accepted() -> None:
    game = campaign_until(lambda st: st.phase == "E" and st.sub == "move" and st.active == "R")
    lines = offered(game, "rome", "sail")
    assert lines and lines[0].startswith("/sail fleet:"), game.suggestions("rome")
    fleets = [line.split()[1] for line in lines]
    assert len(fleets) == len(set(fleets))  # the first accepted destination of each fleet
    fleet = fleets[0].removeprefix("fleet:")
    before = game.state.fleets[fleet].at
    game.apply("rome", read_back(game, lines[0]))
    assert game.state.fleets[fleet].at != before
    assert not offered(game, "enemies", "sail")


def test_a_playable_chit_is_offered_with_a_target_the_engine_accepts() -> None:
    game = campaign_until(lambda st: st.phase == "C" and st.active == "E")
    assert not offered(game, "enemies", "stratagem")  # the chit in hand is not for phase C
    game.state.hands["enemies"].append("usurpation#7")  # a usurpation drawn earlier (§6.2)
    lines = offered(game, "enemies", "stratagem")
    assert lines == ['/stratagem chit:usurpation leader:"Avidius Cassius" — play a stratagem (§6)']
    assert game.suggestions("enemies")[-1].startswith("/end ")  # the chit before ending the step
    outcome = game.apply("enemies", read_back(game, lines[0]))
    assert any("Usurpation" in str(line) for line in outcome.public), outcome.public
    assert "usurpation#7" not in game.state.hands["enemies"]
