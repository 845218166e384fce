"""§3.3 Fronts and Reserve Fronts, sentence by sentence: the VP penalty of the printed 172/173
example (AMB-38 as corrected) and units returning to a Front that stopped being a Reserve Front
(docs/rulings.md, "Reserve Fronts: the 172/173 example")."""

from __future__ import annotations

import pytest
from imperator_builder import Pos

from rules.core.command import Command, Outcome
from rules.core.errors import RuleError
from rules.imperator import adjust


def _vp(reserve: list[str], out_of_front: list[tuple[str, str]]) -> int:
    p = Pos(173)
    p.leader("aug", "rome", title="augustus")
    p.unit("rh_home", "raetia", front="rhine")
    p.unit("da_home", "vindobona", front="danube")
    for uid, front in out_of_front:
        p.unit(uid, "italia", front=front)
    st = p.state(phase="F", reserve_max=len(reserve), reserve_fronts=reserve)
    adjust.positional_vp(st, Outcome())
    return st.vp["rome"] - 2  # +1 Augustus in Rome, +1 no civil war


def test_printed_example_172_173_danube_kept_rhine_still_out() -> None:
    assert _vp(["danube"], [("rh_out", "rhine")]) == -3


def test_reserve_front_units_out_cost_nothing() -> None:
    assert _vp(["danube"], [("da_out", "danube")]) == 0


def test_each_front_out_without_reserve_costs_three() -> None:
    assert _vp([], [("rh_out", "rhine"), ("da_out", "danube")]) == -6
    assert _vp(["danube"], [("rh_out", "rhine"), ("da_out", "danube")]) == -3


def _stranded() -> Pos:
    p = Pos(173)
    p.unit("rh", "vindobona", front="rhine", home="raetia")  # left out when the Rhine was a Reserve Front
    return p


def test_a_unit_outside_its_front_may_head_back() -> None:
    g = _stranded().game(reserve_fronts=["danube"])
    g.apply("rome", Command("move", {"unit": "rh", "to": "italia"}))
    assert g.state.units["rh"].loc == "italia"


def test_a_unit_outside_its_front_may_not_wander_further() -> None:
    g = _stranded().game(reserve_fronts=["danube"])
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"unit": "rh", "to": "aquincum"}))
    assert e.value.section == "§3.3"


def test_a_unit_inside_its_front_still_may_not_leave_it() -> None:
    p = Pos(173)
    p.unit("rh", "raetia", front="rhine")
    g = p.game(reserve_fronts=["danube"])
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"unit": "rh", "to": "noricum"}))
    assert e.value.section == "§3.3"
