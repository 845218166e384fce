"""Supply checked as a group sets out in Land Movement (13.0, 13.2, IR-ENG-76): the supply
declaration and the shortfall are the owner's windows there too, with the same defaults and
standing orders as in the Supply Segment; units left unsupplied stay put instead of dying."""

from __future__ import annotations

from rules.core.command import Command
from rules.imperium_romanum.world import world
from tests.imperium_romanum.builder import Position

HEX = "B4406"


def _next_hex() -> str:
    """A land neighbour of HEX that costs a legion little to enter."""
    return sorted((cost, there) for there, cost, _x in world("s12").step_costs(HEX, False, False))[0][1]


def _declaring(order: str = "ask") -> tuple[Position, list[str], str]:
    pos = Position(month=6, segment="movement")
    legions = pos.units("rome", "legion_20_10", HEX, 2)
    train = pos.unit("rome", "baggage_train", HEX, sp=6)
    pos.st.standing["rome"]["supply"] = order
    return pos, legions, train


def test_ir_eng_76_a_moving_group_declares_its_supply_in_a_window_then_sets_out() -> None:
    pos, legions, train = _declaring()
    target = _next_hex()
    pos.game.apply("rome", Command("move", {"units": legions, "to": target}))
    decision = pos.game.pending_decision()
    assert decision is not None
    assert (decision.seat, decision.kind, decision.section, decision.default) == ("rome", "supply", "§13.2", "bt")
    assert all(pos.st.units[u]["hex"] == HEX and not pos.st.units[u]["activated"] for u in legions)  # nothing moved yet
    pos.dice(6, 6)  # the forage roll: 12, nothing required (13.3)
    pos.game.apply("rome", Command("decide", {"id": decision.id, "choice": "forage"}))
    assert pos.game.pending_decision() is None
    assert pos.st.units[train]["sp"] == 6  # the train was not drawn on
    assert all(pos.st.units[u]["foraged"] and pos.st.units[u]["supplied"] for u in legions)
    assert all(pos.st.units[u]["hex"] == target for u in legions)


def test_ir_eng_76_the_standing_order_supply_bt_moves_at_once_on_the_train() -> None:
    pos, legions, train = _declaring("bt")
    pos.dice(1, 1)
    pos.game.apply("rome", Command("move", {"units": legions, "to": _next_hex()}))
    assert pos.game.pending_decision() is None
    assert pos.st.units[train]["sp"] < 6 and all(pos.st.units[u]["hex"] == _next_hex() for u in legions)


def test_ir_eng_76_a_shortfall_on_the_move_is_chosen_and_the_rest_stay_put() -> None:
    """Four legions and two 4-12s, a train of 1 SP, the lowest roll (2 SP needed): the train
    covers 4 of 8 half-LE. The owner supplies one 4-12, then stops: the others stay in the hex,
    alive, unable to move this turn; the 4-12 sets out."""
    pos = Position(month=6, segment="movement")
    legions = pos.units("rome", "legion_20_10", HEX, 4)
    light = pos.units("rome", "light_infantry_4_12", HEX, 2)
    pos.unit("rome", "baggage_train", HEX, sp=1)
    pos.st.standing["rome"].update(supply="bt", shortfall="ask")
    pos.dice(1, 1)
    target = _next_hex()
    pos.game.apply("rome", Command("move", {"units": legions + light, "to": target}))
    decision = pos.game.pending_decision()
    assert decision is not None
    assert (decision.kind, decision.section, decision.default) == ("shortfall", "§13.2", legions[0])
    pos.game.apply("rome", Command("decide", {"id": decision.id, "choice": light[0]}))
    decision = pos.game.pending_decision()
    assert decision is not None and decision.kind == "shortfall"
    pos.game.apply("rome", Command("decide", {"id": decision.id, "choice": "none"}))
    assert pos.game.pending_decision() is None
    assert pos.st.units[light[0]]["hex"] == target
    stayed = legions + light[1:]
    assert all(u in pos.st.units and pos.st.units[u]["hex"] == HEX for u in stayed)  # none eliminated
    assert all(pos.st.units[u]["activated"] and pos.st.units[u]["mp"] == 0 for u in stayed)
    assert "supply_losses" not in pos.st.stats
