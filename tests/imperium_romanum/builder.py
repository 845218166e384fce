"""A position builder on the Imperium Romanum hex map, with scripted dice (issue 17).

    pos = Position("s12", month=6, segment="movement", active="rome")
    legion = pos.unit("rome", "legion_20_10", "B4415")
    pos.leader("trajan", "B4415")
    pos.dice(5, 3)            # the next d6 rolls, in order
    pos.game.apply("rome", Command("move", {...}))

The builder starts from the scenario's set-up with every piece removed, so a test places only
what it needs. Scripted values are used first; when they run out the seeded generator goes on.
"""

from __future__ import annotations

import copy
from typing import Any

from rules.core.dice import Dice
from rules.imperium_romanum.game import ImperiumRomanumGame
from rules.imperium_romanum.state import IRState


class ScriptedDice(Dice):
    """Dice that return scripted naturals first (each must fit the die), then seeded ones."""

    script: list[int]

    def __init__(self, seed: str, counter: int = 0, rolls: Any = None, script: list[int] | None = None) -> None:
        super().__init__(seed, counter, list(rolls or []))
        self.script = list(script or [])

    def _draw(self, low: int, high: int) -> int:
        if self.script:
            value = self.script.pop(0)
            assert low <= value <= high, f"scripted {value} is not a roll of {low}-{high}"
            return value
        return super()._draw(low, high)

    def __copy__(self) -> ScriptedDice:
        return ScriptedDice(self.seed, self.counter, list(self.rolls), list(self.script))


class Position:
    """An empty board of a scenario, at a given month, segment and active seat."""

    def __init__(self, scenario: str = "s12", month: int = 6, year: int = 102, segment: str = "movement",
                 active: str = "rome", season: str | None = None) -> None:  # fmt: skip
        self.game = ImperiumRomanumGame.new(scenario, [], "builder", {})
        st = self.game.state
        st.units.clear()
        st.leaders.clear()
        st.pending = {}
        st.moving = {}
        st.month, st.year = month, year
        st.season = season or ("summer" if 5 <= month <= 10 else "winter")
        st.flooded = False
        st.segment = segment
        st.active = st.seats.index(active)
        st.ended = []
        st.dice = ScriptedDice(st.dice.seed, st.dice.counter)
        # donative (19.3.1), loss-selection (14.5), seasoning (15.1) and supply (13.2) windows are opened only by the tests that want them
        st.standing = {seat: {"donative": "never", "losses": "weakest", "seasoning": "largest", "supply": "bt", "shortfall": "strongest",
                                "naval_order": "first"}
                       for seat in st.seats}  # fmt: skip
        self._n = 0

    @property
    def st(self) -> IRState:
        return self.game.state

    def unit(self, power: str, kind: str, hex_id: str, vet: bool = True, sp: int = 0, **extra: Any) -> str:
        self._n += 1
        self.st.seq += 1
        uid = f"{power}.{kind}.t{self._n}"
        rec = {"type": kind, "power": power, "hex": hex_id, "order": self.st.seq, "vet": vet, "sp": sp,
               "besieged": False, "mp": 0, "activated": False, "moved": False, "supplied": False, "spent": False,
               "crossing": "", "from": "", "must_attack": False, "foraged": False}  # fmt: skip
        rec.update(extra)
        self.st.units[uid] = rec
        return uid

    def units(self, power: str, kind: str, hex_id: str, count: int, **extra: Any) -> list[str]:
        return [self.unit(power, kind, hex_id, **extra) for _i in range(count)]

    def leader(self, lid: str, hex_id: str, power: str | None = None) -> str:
        owner = power or next(p for p, rec in self.st.powers.items() if rec.get("chief") == lid or lid in _known(p))
        self.st.leaders[lid] = {"power": owner, "hex": hex_id, "status": "map", "captor": "", "mp": 0,
                                "activated": False}  # fmt: skip
        return lid

    def dice(self, *values: int) -> None:
        dice = self.st.dice
        assert isinstance(dice, ScriptedDice)
        dice.script.extend(values)

    def snapshot(self) -> IRState:
        return copy.deepcopy(self.st)


_LEADERS = {
    "rome": ("trajan", "hadrian", "licinius_sura", "laberius_maximus", "lusius_quietus"),
    "dacia": ("decebalus", "diegis", "vezinas"),
    "roxolani": ("susagus",),
}


def roll_of(pos: Position, purpose: str) -> tuple[list[tuple[str, int]], int]:
    """The modifiers (label, value) and result of the first roll whose purpose starts with
    ``purpose``."""
    roll = next(r for r in pos.st.dice.rolls if r.purpose.startswith(purpose))
    return [(str(label), value) for label, value in roll.modifiers], roll.result


def appeal_dice(pos: Position) -> list[int]:
    """The natural d6 of every deity appeal thrown so far (42)."""
    return [r.natural for r in pos.st.dice.rolls if r.purpose.startswith("§42 deity appeal")]


def _known(power: str) -> tuple[str, ...]:
    return _LEADERS.get(power, ())


def rome_in_italy_at_taxation(treasury: int) -> Position:
    """Scenario 1 in March 52 BC, Taxation & Mobilization: Rome holds Italia and all its cities,
    has seen the phase's second month (``tm_seen``) and holds ``treasury`` talents."""
    from rules.imperium_romanum.world import data, world

    pos = Position("s01", month=3, year=-52, segment="taxation", active="rome")
    pos.st.province_owner["italia"] = "rome"
    for city in world("s01").city_value:
        if data().cities[city].province == "italia":
            pos.st.city_owner[city] = "rome"
    pos.st.tm_seen = 2
    pos.st.powers["rome"]["treasury"] = treasury
    return pos
