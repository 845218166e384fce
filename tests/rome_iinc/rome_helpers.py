"""Shared fixtures for the Rome, IInc. tests: a fresh 286 state and scripted dice."""

from __future__ import annotations

from rules.core.dice import Dice
from rules.rome_iinc.setup import new_state
from rules.rome_iinc.state import RomeState


class ScriptedDice(Dice):
    """Dice whose draws come from a script (each value is the drawn number itself)."""

    def __init__(self, script: list[int]) -> None:
        super().__init__("scripted")
        self.script = list(script)

    def _draw(self, low: int, high: int) -> int:
        value = self.script.pop(0)
        assert low <= value <= high, (value, low, high)
        return value


def fresh(script: list[int] | None = None) -> RomeState:
    st = new_state("286", "solo", Dice("test"), {})
    if script is not None:
        st.dice = ScriptedDice(script)
    return st


def clear_units(st: RomeState, *provinces: str) -> None:
    for u in st.units.values():
        if u["loc"] in provinces:
            u["loc"] = "barracks"
            u["vet"] = False


def put(st: RomeState, pid: str, kind: str, vet: bool = False) -> str:
    pool = "pseudo" if kind in ("pseudo", "fort") else kind
    for uid in sorted(st.units):
        u = st.units[uid]
        if u["loc"] == "barracks" and (u["type"] in ("pseudo", "fort") if pool == "pseudo" else u["type"] == kind):
            st.units[uid] = {"type": kind, "vet": vet, "loc": pid}
            return uid
    raise AssertionError(f"no {kind} left in the Barracks")
