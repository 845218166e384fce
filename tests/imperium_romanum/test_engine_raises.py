"""Raises held until the Taxation & Mobilization Phase closes (4.0, 3.2, IR-ENG-60).

The phase is played by every power at once, so a unit raised in it is the raising seat's
secret: the public view and the other seats' views leave it out until the phase closes, and then
every raise appears at once. Issue 18's map draws from these views."""

from __future__ import annotations

from typing import Any

from rules.core.command import Command
from rules.imperium_romanum import invariants
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position, rome_in_italy_at_taxation

NEAPOLIS = data().cities["neapolis"].hex
ROMA = data().cities["roma"].hex


def _italy() -> Position:
    return rome_in_italy_at_taxation(treasury=100)


def _pieces_at(view: dict[str, Any], hex_id: str) -> int:
    return sum(int(s["size"]) for s in view["stacks"] if s["hex"] == hex_id)


def test_ir_eng_60_a_raise_is_seen_only_by_its_seat_until_the_phase_closes() -> None:
    pos = _italy()
    before = pos.game.public_view()
    pos.game.apply("rome", Command("build", {"type": "legion_20_10", "city": "neapolis"}))
    pos.game.apply("rome", Command("build", {"type": "legion_16_10", "city": "roma"}))
    assert pos.st.segment == "taxation"
    assert pos.game.public_view()["stacks"] == before["stacks"]
    assert _pieces_at(pos.game.seat_view("gauls"), NEAPOLIS) == 0
    assert _pieces_at(pos.game.seat_view("gauls"), ROMA) == _pieces_at(before, ROMA)
    rome = pos.game.seat_view("rome")
    assert [u["type"] for s in rome["stacks"] if s["hex"] == NEAPOLIS for u in s["units"]] == ["legion_20_10"]
    assert invariants.violations(pos.st) == []
    pos.game.apply("rome", Command("end"))
    assert pos.game.public_view()["stacks"] == before["stacks"]  # the Gauls are still giving orders
    pos.game.apply("gauls", Command("end"))
    assert pos.st.segment != "taxation"
    after = pos.game.public_view()
    assert _pieces_at(after, NEAPOLIS) == 1
    assert _pieces_at(after, ROMA) == _pieces_at(before, ROMA) + 1
    assert _pieces_at(pos.game.seat_view("gauls"), NEAPOLIS) == 1
    assert pos.st.held_raises == []
    assert invariants.violations(pos.st) == []


def test_ir_eng_60_a_held_raise_outside_the_phase_is_an_invariant_violation() -> None:
    pos = _italy()
    pos.game.apply("rome", Command("build", {"type": "legion_20_10", "city": "neapolis"}))
    pos.st.segment = "diplomacy"
    assert any("still held" in v for v in invariants.violations(pos.st))


def test_ir_eng_60_a_fleet_begun_in_the_phase_is_told_only_to_its_seat_then_counted() -> None:
    """7.8 with IR-ENG-60: beginning a fleet is a raise like any other; its line (port, cost)
    goes to Rome alone, and the phase's summary counts it among Rome's raises."""
    pos = _italy()
    port = next(c for c in ("neapolis", "ostia", "roma") if c in data().cities
                and any(t == {"type": "fleet_18_30", "city": c}
                        for t in [dict(x.args) for x in pos.game.legal_commands("rome") if x.name == "build"]))  # fmt: skip
    outcome = pos.game.apply("rome", Command("build", {"type": "fleet_18_30", "city": port}))
    name = data().cities[port].name
    assert not [line for line in outcome.public if "fleet" in line]
    assert [line for line in outcome.private["rome"] if f"begins a fleet at {name}" in line and "(7.8)" in line]
    assert "gauls" not in outcome.private
    pos.game.apply("rome", Command("end"))
    closing = pos.game.apply("gauls", Command("end"))
    assert any(f"raised 1 unit this phase: {name} (7.4)" in line for line in closing.public)
