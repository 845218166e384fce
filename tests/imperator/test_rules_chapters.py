"""The descriptive paragraphs of chapters 0-3 and the stratagems and events no other module
plays, each checked against the data or the engine (docs/rules-trace.md)."""

from __future__ import annotations

from collections import deque
from functools import lru_cache

import pytest
from imperator_builder import Pos

from rules.core.command import Command, Outcome
from rules.imperator import engine, movement
from rules.imperator.game import ImperatorGame
from rules.imperator.model import FRONTS, INTERIOR, ImperatorState


@lru_cache(maxsize=1)
def _campaign() -> ImperatorGame:
    return ImperatorGame.new("campaign", ["rome", "enemies"], "chapters", {})


def _state() -> ImperatorState:
    return _campaign().state


def test_s0_2_the_map_is_made_of_land_and_sea_zones_all_linked() -> None:
    """§0.2."""
    st = _state()
    assert {z.kind for z in st.board.zones.values()} == {"land", "sea"}
    for a, nbs in st.board.adj.items():
        for b in nbs:
            assert a in st.board.adj[b], (a, b)  # adjacency goes both ways
    land = sorted(z for z, d in st.board.zones.items() if d.kind == "land")
    seen, todo = {land[0]}, deque([land[0]])
    while todo:
        for n in st.board.neighbours(todo.popleft()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert set(land) <= seen  # §0.2: every zone can be reached (by land or across a sea zone)


def test_s0_3_a_turn_is_one_year() -> None:
    """§0.3."""
    p = Pos(175)
    p.leader("aug", "rome", title="augustus")
    st = p.state(phase="E")
    st.smc_index = len(st.smc_order)
    engine.phase_f(st, Outcome())
    assert st.year == 176


def test_s1_nationalities_and_their_peoples() -> None:
    """§1."""
    peoples = _state().board.peoples
    by_nat: dict[str, set[str]] = {}
    for pid, d in peoples.items():
        by_nat.setdefault(d.nationality, set()).add(pid)
    assert {k: len(v) for k, v in by_nat.items()} == {
        "persian": 3, "german": 8, "sarmatian": 2, "celt": 4, "thraco_phrygian": 2, "hamito_semite": 3,
    }
    assert {"adiabene", "osrhoene", "parthians"} == by_nat["persian"]
    assert {"bastarni", "cantabri", "cotini", "maetae"} == by_nat["celt"]  # §1 example


def test_s1_1_leaders_carry_cc_vs_bt_and_romans_a_cp() -> None:
    """§1.1."""
    st = _state()
    for lid, d in st.board.leaders.items():
        assert d.cc >= 1 and d.vs >= 0 and d.bt >= 0, lid
        if d.people == "roman" and not d.generic:
            assert d.cp >= 1, lid
    assert movement.base_pm(st, with_units=False) == 4  # §1.1: a leader moves 4 PM


def test_s1_2_units_have_a_normal_and_a_reduced_side() -> None:
    """§1.2."""
    st = _state()
    for uid, d in st.board.units.items():
        assert d.pf_r <= d.pf and d.qu_r <= d.qu and d.bt_r <= d.bt, uid
        st.units[uid].reduced = True
        assert st.unit_values(uid) == (d.pf_r, d.qu_r, d.bt_r)
        st.units[uid].reduced = False
    assert movement.base_pm(st, with_units=True) == 3  # §1.2: combat units move 3 PM


def test_s2_a_each_player_draws_one_stratagem_in_secret() -> None:
    """§2.A."""
    g = ImperatorGame.new("campaign", ["rome", "enemies"], "draw", {})
    st = g.state
    assert sorted(len(h) for h in st.hands.values()) == [1, 1]
    assert "hands" not in g.public_view() or all(isinstance(v, int) for v in g.public_view()["hands"].values())


def test_s2_f_phase_f_scores_adjusts_returns_chits_and_advances_the_year() -> None:
    """§2.F."""
    p = Pos(175)
    p.leader("aug", "italia", title="augustus")
    p.unit("leg", "quadi", home="vindobona")
    p.kw["at_war"] = ["quadi"]
    st = p.state(phase="E")
    st.rules["stratagems"] = True
    st.hands = {"rome": ["furor_germanicus#1"], "enemies": []}  # not usable by Rome: back to the cup
    st.smc_index = len(st.smc_order)
    out = Outcome()
    engine.phase_f(st, out)
    assert st.units["leg"].loc == "vindobona" and st.units["leg"].reduced  # §9.2.2
    assert "§2.F: rome returns 1 stratagem to the cup." in out.public
    assert st.year == 176 and {"§10", "§9.2"} <= set(out.citations)  # VP counted, adjustments made


def test_s3_1_the_empire_is_five_fronts_and_the_interior_provinces() -> None:
    """§3.1."""
    st = _state()
    fronts = {st.front_of(z) for z, d in st.board.zones.items() if d.kind == "land" and st.in_empire(z)}
    assert fronts == set(FRONTS) | {INTERIOR}
    assert len(FRONTS) == 5


# -- stratagems and events no other module plays ------------------------------------------------


def _c_step() -> ImperatorGame:
    from test_cases_politics import _to_eor_c_step

    g = ImperatorGame.new("campaign", ["rome", "enemies"], "c-window", {})
    _to_eor_c_step(g)
    return g


@pytest.mark.parametrize(("chit", "most"), [("soulevement_de_deux_peuples_mineurs", 2), ("soulevement_de_trois_peuples_mineurs", 3)])
def test_s6_2_rising_of_several_minor_peoples(chit: str, most: int) -> None:
    """§6.2."""
    from rules.core.errors import RuleError
    from rules.imperator import stratagems

    g = _c_step()
    st = g.state
    eor = st.seat_of("E")
    st.hands[eor] = [f"{chit}#90"]
    pool = stratagems.rising_targets(st, False)
    assert len(pool) > most
    with pytest.raises(RuleError) as e:
        g.apply(eor, Command("stratagem", {"id": chit, "peoples": pool[: most + 1]}))
    assert e.value.section.startswith("§6")
    g.apply(eor, Command("stratagem", {"id": chit, "peoples": pool[:most]}))
    assert set(pool[:most]) <= set(g.state.at_war)


def test_s6_1_pacification_of_a_major_people_by_command() -> None:
    """§6.1."""
    p = Pos(175)
    p.leader("chief", "carnuntum", "E", people="quadi")
    p.unit("q0", "carnuntum", "E", people="quadi")
    g = p.game(phase="E", at_war=["quadi"])
    g.state.rules["stratagems"] = True
    g.state.hands = {"rome": ["pacification_d_un_peuple_majeur#90"], "enemies": []}
    g.apply("rome", Command("stratagem", {"id": "pacification_d_un_peuple_majeur", "peoples": ["quadi"]}))
    st = g.state
    assert st.at_war == [] and st.units["q0"].loc == "quadi" and st.leaders["chief"].pax
    assert st.locked == {} and st.vp == {"rome": 0, "enemies": 0}  # no lock-out, no VP (§9.2.4 exception)


def test_s6_3_alliance_armenienne_flips_armenia() -> None:
    """§6.3."""
    p = Pos(175)
    p.unit("arm", "parthia", "R", people="armenia")
    g = p.game(phase="E")
    g.state.rules["stratagems"] = True
    g.state.hands = {"rome": [], "enemies": ["alliance_armenienne#90"]}
    g.apply("enemies", Command("stratagem", {"id": "alliance_armenienne"}))
    assert g.state.armenia == "parthian" and g.state.units["arm"].owner == "E"


def test_event_7_harsh_winter_takes_one_smc() -> None:
    p = Pos(175)
    p.leader("aug", "rome", title="augustus", vs=3)
    p.leader("chief", "quadi", "E", people="quadi", vs=2)
    p.kw["at_war"] = ["quadi"]
    st = p.state(phase="C")
    st.rules["events"] = True
    st.dice.script.extend([6, 1])  # type: ignore[attr-defined]  # 6 + 1 = Event 7
    engine.phase_d(st, Outcome())
    assert st.event == 7 and st.smc_total == 4 and st.smc_left == {"R": 2, "E": 2}
