"""``ImperatorGame.copy_state`` (the fast copy ``apply`` works on) is independent of the
original: whatever a command changes on the copy never reaches the state it came from."""

from __future__ import annotations

import dataclasses
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



def test_copy_equals_a_deep_copy_at_every_step_of_a_random_game() -> None:
    """The structured copy is the same state as ``copy.deepcopy`` would give (issue 14 made it
    faster; behaviour must not move), with no list or dict shared with the original."""
    import copy

    game = ImperatorGame.new("campaign", ["rome", "enemies"], "copy-eq", {})
    rng = random.Random(11)
    for _ in range(120):
        if not game.to_move():
            break
        fast, deep = game.copy_state(game.state), copy.deepcopy(game.state)
        assert fast == deep
        for name, value in vars(game.state).items():
            if isinstance(value, (dict, list)):
                assert getattr(fast, name) is not value, name
        assert all(fast.units[k] is not v for k, v in game.state.units.items())
        assert all(fast.leaders[k] is not v for k, v in game.state.leaders.items())
        if game.state.pending:
            assert fast.pending[0] is not game.state.pending[0]
        stored = ImperatorGame._state_to_json(game.state)  # flat records, as asdict gave them
        assert stored["units"] == {k: dataclasses.asdict(v) for k, v in game.state.units.items()}
        assert stored["leaders"] == {k: dataclasses.asdict(v) for k, v in game.state.leaders.items()}
        random_player.step(game, rng)
