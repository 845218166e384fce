"""``ImperatorGame.copy_state`` (the fast copy ``apply`` works on) is independent of the
original: whatever a command changes on the copy never reaches the state it came from."""

from __future__ import annotations

import json
import random

from rules.imperator import random_player
from rules.imperator.game import ImperatorGame


def snapshot(game: ImperatorGame) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


def test_copy_is_independent_of_the_original() -> None:
    game = ImperatorGame.new("campaign", ["rome", "enemies"], "copy", {})
    before = snapshot(game)
    clone = game.copy_state(game.state)
    unit = next(iter(clone.units))
    clone.units[unit].reduced = not clone.units[unit].reduced
    next(iter(clone.leaders.values())).loc = None
    clone.history.append("changed")
    clone.vp["rome"] += 5
    clone.hands.setdefault("rome", []).append("x#1")
    clone.dice.d6("copy test")
    assert snapshot(game) == before
    assert clone.board is game.state.board  # the static board is shared, never mutated


def test_many_commands_leave_no_trace_on_earlier_states() -> None:
    game = ImperatorGame.new("avidius_cassius", ["rome", "enemies"], "trace", {})
    rng = random.Random(7)
    for _ in range(150):
        if not game.to_move():
            break
        earlier = game.state
        frozen = json.dumps(ImperatorGame._state_to_json(earlier), sort_keys=True)
        random_player.step(game, rng)
        assert json.dumps(ImperatorGame._state_to_json(earlier), sort_keys=True) == frozen

