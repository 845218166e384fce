"""Conformance tests for chapter 4 (non-Roman Peoples, Armenia, generic leaders, usurper units)
on the real campaign map: catalogue cases of section C not covered elsewhere."""

from __future__ import annotations

import pytest

from rules.core.command import Outcome
from rules.core.errors import RuleError
from rules.imperator import engine, movement, politics
from rules.imperator.game import ImperatorGame
from rules.imperator.model import ImperatorState


def _campaign() -> ImperatorState:
    return ImperatorGame.new("campaign", ["rome", "enemies"], "peoples", {}).state


def _put(st: ImperatorState, uid: str, zone: str, owner: str = "E") -> None:
    us = st.units[uid]
    us.status, us.loc, us.owner, us.fleet = "map", zone, owner, None


def _clear(st: ImperatorState, zone: str) -> None:
    for s in st.units.values():
        if s.loc == zone:
            s.status, s.loc = "out", None
    for x, s in st.leaders.items():
        if s.loc == zone:
            s.loc = "roma" if st.ldef(x).people == "roman" else s.loc


def test_IMP_071_generic_leader_comes_back() -> None:
    st = _campaign()
    st.at_war.append("quades")
    lid = "quades_leader"
    st.leaders[lid].status, st.leaders[lid].loc, st.leaders[lid].pax = "map", "quades", False
    _put(st, "quades_1", "quades")
    politics.kill_leader(st, Outcome(), lid, "battle", killer="R")
    assert st.leaders[lid].status == "returning"
    engine._return_generic(st, Outcome(), lid)
    assert st.leaders[lid].status == "map" and st.leaders[lid].loc == st.units["quades_1"].loc
    assert st.leaders[lid].pax is False
    # AMB-42: back on his Pax Romana side when his People is at peace by then
    politics.kill_leader(st, Outcome(), lid, "battle", killer="R")
    st.at_war.remove("quades")
    engine._return_generic(st, Outcome(), lid)
    assert st.leaders[lid].pax is True


def test_IMP_072_named_leader_does_not_come_back() -> None:
    st = _campaign()
    lid = "vologese_iii"
    st.leaders[lid].status, st.leaders[lid].owner = "map", "E"
    st.leaders[lid].loc = st.leaders[lid].loc or "ctesiphon"
    vp = st.vp[st.seat_of("R")]
    politics.kill_leader(st, Outcome(), lid, "assassination", killer="R", section="§6.3")
    assert st.leaders[lid].status == "dead"
    assert st.vp[st.seat_of("R")] == vp + 1


def test_IMP_074_armenia_unit_never_moves() -> None:
    st = _campaign()
    for status in ("parthian", "roman"):
        st.armenia = status
        owner = "R" if status == "roman" else "E"
        st.units["armenia"].owner = owner
        err = movement.step_error(st, None, ["armenia"], "armenia", st.board.land_neighbours("armenia")[0])
        assert err is not None and err.startswith("§4.2")


def test_IMP_077_western_peoples_stack_together() -> None:
    st = _campaign()
    _clear(st, "sudeti")
    for u in ("marcomanni_1", "quades_1", "jazyges_1", "cotini_1"):
        _put(st, u, "sudeti")
    assert movement.stacking_error(st, "sudeti") is None


def test_IMP_078_illegal_stacks() -> None:
    st = _campaign()
    _clear(st, "sudeti")
    leg = next(u for u in st.units if st.udef(u).kind == "legion")
    _put(st, leg, "sudeti")
    _put(st, "parthians_1", "sudeti")
    assert movement.stacking_error(st, "sudeti") is not None  # usurper Romans with Parthians
    _clear(st, "sudeti")
    _put(st, "roxolani_1", "sudeti")
    _put(st, "adiabene_1", "sudeti")
    assert movement.stacking_error(st, "sudeti") is not None  # Western with Eastern


def test_IMP_079_dacians_count_as_western() -> None:
    st = _campaign()
    _clear(st, "sudeti")
    _put(st, "daces_1", "sudeti")
    _put(st, "quades_1", "sudeti")
    assert movement.stacking_error(st, "sudeti") is None
    _clear(st, "sudeti")
    _put(st, "daces_1", "sudeti")
    _put(st, "parthians_1", "sudeti")
    assert movement.stacking_error(st, "sudeti") is not None


def test_IMP_080_armenia_stacks_with_its_controller() -> None:
    st = _campaign()
    st.armenia = "parthian"
    _put(st, "armenia", "armenia", "E")
    _put(st, "parthians_1", "armenia")
    assert movement.stacking_error(st, "armenia") is None


def test_IMP_082_usurper_units_never_leave_the_empire() -> None:
    st = _campaign()
    leg = next(u for u in st.units if st.udef(u).kind == "legion")
    _put(st, leg, "vindobona", "E")
    err = movement.step_error(st, None, [leg], "vindobona", "marcomanni")
    assert err is not None and "usurper" in err
    assert movement.step_error(st, None, [leg], "vindobona", "carnuntum") is None


def test_IMP_083_people_leader_moves_only_his_people() -> None:
    st = _campaign()
    st.phase, st.sub, st.active = "E", "move", "E"
    lid = "parthian_leader"
    st.leaders[lid].status, st.leaders[lid].loc, st.leaders[lid].pax, st.leaders[lid].owner = "map", "media", False, "E"
    _put(st, "parthians_1", "media")
    _put(st, "adiabene_1", "media")
    st.at_war.extend(["adiabene"])
    with pytest.raises(RuleError) as e:
        movement.move(st, Outcome(), "E", {"leader": lid, "units": ["adiabene_1"], "to": "ctesiphon"})
    assert e.value.section == "§4.3" and "own People" in e.value.message


def test_IMP_084_other_peoples_zones() -> None:
    st = _campaign()
    st.at_war = ["quades"]
    _put(st, "quades_1", "quades")
    err = movement.step_error(st, None, ["quades_1"], "quades", "marcomanni")
    assert err is not None and "at peace" in err
    st.at_war.append("marcomanni")
    assert movement.step_error(st, None, ["quades_1"], "quades", "marcomanni") is None


def test_IMP_085_zones_without_a_people_name() -> None:
    st = _campaign()
    st.at_war = ["marcomanni"]
    _put(st, "marcomanni_1", "marcomanni")
    assert movement.step_error(st, None, ["marcomanni_1"], "marcomanni", "sudeti") is None


def test_IMP_089_people_leader_never_alone_inside_the_empire() -> None:
    st = _campaign()
    st.at_war = ["jazyges"]
    lid = "jazyges_leader"
    err = movement.step_error(st, lid, [], "jazyges", "aquincum")
    assert err is not None and "without a unit" in err
    outside = [n for n in st.board.land_neighbours("jazyges") if not st.in_empire(n) and not st.board.zones[n].peoples]
    if outside:
        assert movement.step_error(st, lid, [], "jazyges", outside[0]) is None


def test_IMP_088_interior_provinces_need_a_leader() -> None:
    st = _campaign()
    st.at_war = ["marcomanni"]
    frm, to = next(
        (z, n) for z in sorted(st.board.zones) if st.front_of(z) == "danube"
        for n in st.board.land_neighbours(z) if st.front_of(n) == "interior"
    )
    _put(st, "marcomanni_1", frm)
    err = movement.step_error(st, None, ["marcomanni_1"], frm, to)
    assert err is not None and "leader of its People" in err
    assert movement.step_error(st, "marcomanni_leader", ["marcomanni_1"], frm, to) is None
