"""The Barracks game state: a saved game comes back field for field, and a copy (the engine's
trial copies, undo) shares nothing with the original (rules/barracks/state.py)."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import fields

from rules.barracks.game import BarracksGame
from rules.barracks.random_player import choose
from rules.barracks.state import BarracksState


def _midgame(scenario: str = "solo", steps: int = 12) -> BarracksState:
    g = BarracksGame.new(scenario, [], "state-test", {"rounds": "1"})
    rng = random.Random(3)
    for _i in range(steps):
        pick = choose(g, rng)
        assert pick is not None
        g.apply(*pick)
    return g.state


def test_json_round_trip_keeps_every_field() -> None:
    st = _midgame()
    data = st.to_json()
    assert set(data) == {f.name for f in fields(BarracksState)}
    assert data["dice"] == st.dice.to_json() and data["dice"]["counter"] > 0
    again = BarracksState.from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data
    for f in fields(BarracksState):
        if f.name != "dice":
            assert getattr(again, f.name) == getattr(st, f.name), f.name
    assert (again.dice.seed, again.dice.counter) == (st.dice.seed, st.dice.counter)


def test_json_is_a_copy_not_a_view() -> None:
    st = _midgame()
    data = st.to_json()
    data["hands"]["p1"].append("tampered")
    data["forum"].clear()
    assert "tampered" not in st.hands["p1"] and st.forum
    source = st.to_json()
    again = BarracksState.from_json(source)
    again.hands["p1"].append("tampered")
    again.forum.clear()
    assert "tampered" not in source["hands"]["p1"] and source["forum"]


def test_from_json_ignores_unknown_keys() -> None:
    st = _midgame()
    data = st.to_json()
    data["retired_field"] = 1
    assert BarracksState.from_json(data).to_json() == st.to_json()


def test_deepcopy_shares_no_list_dict_or_dice() -> None:
    st = _midgame("standard-4p", 20)
    st.dice.d6("a roll not yet taken by the game")
    before = st.to_json()
    twin = copy.deepcopy(st)
    assert [r.purpose for r in twin.dice.rolls] == ["a roll not yet taken by the game"]
    assert twin.to_json() == before
    for f in fields(BarracksState):
        value = getattr(twin, f.name)
        if isinstance(value, list):
            value.append("x")
        elif isinstance(value, dict):
            value["x"] = ["x"]
            for inner in value.values():
                if isinstance(inner, list):
                    inner.append("y")
    twin.dice.d6("only the copy rolls")
    assert st.to_json() == before
    assert twin.dice.counter == st.dice.counter + 1 and twin.dice.seed == st.dice.seed
    assert len(twin.dice.rolls) == len(st.dice.rolls) + 1
