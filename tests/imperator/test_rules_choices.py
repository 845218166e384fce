"""Every "au choix du joueur" of the book is that player's decision, never the first item in data
or alphabetical order; with one option, no decision (docs/rulings.md, "Every choice is the
player's").

Covered: equal CP among usurpers (§4.5), units when every camp is held and the nearest camp on a
tie (§9.2.2), legions to reduce (§9.2.3), a vexillation's nearest camp (§9.2.2), leaders going
with one of their units (§9.2.2), a pacified People's units and leaders among its home zones
(§6.1, §9.2.4), eliminated People units back home (§9.2.4), reinforcements (§9.1), the Augustus
named by Usurpation d'un Augustus on equal CP (§6.2).
"""

from __future__ import annotations

from typing import Any

from imperator_builder import Pos

from rules.core.command import Command, Outcome
from rules.imperator import adjust, engine, politics, stratagems
from rules.imperator.model import ImperatorState, ZoneDef


def decisions(st: ImperatorState) -> list[dict[str, Any]]:
    return list(st.pending)


def answer(st: ImperatorState, choice: str | None = None) -> None:
    d = st.pending[0]
    engine.decide(st, Outcome(), d["role"], d["id"], d["default"] if choice is None else choice)


def adjusted(p: Pos, **kw: Any) -> ImperatorState:
    st = p.state(phase="F", **kw)
    adjust.adjustments(st, Outcome())
    return st


# -- §4.5: equal CP among usurpers -----------------------------------------------------------


def test_equal_cp_usurpers_the_enemies_choose_the_augustus() -> None:
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.leader("niger", "antiochia", "E", title="usurper", cp=3)
    p.leader("albinus", "aquincum", "E", title="usurper", cp=3)
    st = p.state(phase="E")
    politics.kill_leader(st, Outcome(), "emperor", "assassination")
    d = st.pending[0]
    assert (d["kind"], d["role"], d["section"]) == ("crown", "E", "§4.5")
    assert [c[0] for c in d["choices"]] == ["albinus", "niger"]
    answer(st, "niger")
    assert st.usurpation_success == "niger"


def test_higher_cp_usurper_is_crowned_without_a_decision() -> None:
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.leader("niger", "antiochia", "E", title="usurper", cp=4)
    p.leader("albinus", "aquincum", "E", title="usurper", cp=3)
    st = p.state(phase="E")
    politics.kill_leader(st, Outcome(), "emperor", "assassination")
    assert st.pending == [] and st.usurpation_success == "niger"


# -- §9.2.2: every camp held, nearest camps on a tie ------------------------------------------------


def _camps_held(p: Pos, but: tuple[str, ...] = ()) -> None:
    for z in ("carnuntum", "vindobona", "aquincum", "raetia", "antiochia", "emesa", "caparcotna"):
        if z not in but:
            p.unit(f"foe_{z}", z, "E", people="quadi")
    p.kw["at_war"] = ["quadi"]


def test_every_camp_held_the_roman_player_picks_an_interior_zone() -> None:
    p = Pos()
    p.unit("leg", "germ_n", home="vindobona")
    _camps_held(p)
    st = adjusted(p)
    d = st.pending[0]
    assert (d["kind"], d["role"], d["section"]) == ("place_pieces", "R", "§9.2.2")
    assert sorted(c[0] for c in d["choices"]) == ["italia", "noricum", "ravenna", "rome"]
    answer(st, "ravenna")
    assert st.units["leg"].loc == "ravenna" and st.units["leg"].reduced


def test_two_nearest_camps_the_roman_player_picks() -> None:
    p = Pos()
    p.unit("leg", "germ_n", home="vindobona")
    p.unit("foe", "vindobona", "E", people="quadi")
    p.kw["at_war"] = ["quadi"]
    st = adjusted(p)
    d = st.pending[0]
    assert (d["role"], [c[0] for c in d["choices"]]) == ("R", ["aquincum", "carnuntum"])
    answer(st, "carnuntum")
    assert st.units["leg"].loc == "carnuntum"


def test_one_free_camp_no_decision() -> None:
    p = Pos()
    p.unit("leg", "germ_n", home="vindobona")
    p.unit("foe", "vindobona", "E", people="quadi")
    p.unit("foe2", "aquincum", "E", people="quadi")
    p.kw["at_war"] = ["quadi"]
    st = adjusted(p)
    assert st.pending == [] and st.units["leg"].loc == "carnuntum"


def test_eliminated_legion_with_its_camp_held_the_player_picks_the_camp() -> None:
    p = Pos()
    p.unit("leg", None, home="vindobona", status="eliminated")
    p.unit("foe", "vindobona", "E", people="quadi")
    p.kw["at_war"] = ["quadi"]
    st = adjusted(p)
    assert (st.pending[0]["role"], [c[0] for c in st.pending[0]["choices"]]) == ("R", ["aquincum", "carnuntum"])
    answer(st, "carnuntum")
    assert (st.units["leg"].status, st.units["leg"].loc) == ("map", "carnuntum")


def test_leaders_go_with_the_unit_the_player_picks() -> None:
    p = Pos()
    p.leader("gen", "jazyges")
    p.unit("a", "jazyges", home="carnuntum")
    p.unit("b", "jazyges", home="aquincum")
    st = adjusted(p)
    d = st.pending[0]
    assert (d["kind"], d["role"], [c[0] for c in d["choices"]]) == ("follow_unit", "R", ["a", "b"])
    answer(st, "b")
    assert st.leaders["gen"].loc == "aquincum"


def test_vexillation_outside_the_empire_nearest_camp_tie() -> None:
    p = Pos()
    p.unit("vex", "jazyges", kind="vexillation")
    p.legions(3, "vindobona", reduced=True)  # §9.2.3: three reduced legions keep it in play
    st = adjusted(p)
    # jazyges touches aquincum (a camp) and italia: one nearest camp, no decision
    assert st.pending == [] and st.units["vex"].loc == "aquincum"
    p2 = Pos()
    p2.extra_zones.append(ZoneDef("sarmatia", "Sarmatia"))
    p2.extra_edges += [("sarmatia", "carnuntum", 0), ("sarmatia", "aquincum", 0)]
    p2.leader("gen", "sarmatia")
    p2.unit("vex", "sarmatia", kind="vexillation")
    p2.legions(3, "vindobona", reduced=True)
    st2 = adjusted(p2)
    d = st2.pending[0]
    assert (d["role"], [c[0] for c in d["choices"]]) == ("R", ["aquincum", "carnuntum"])
    answer(st2, "carnuntum")
    assert st2.units["vex"].loc == st2.leaders["gen"].loc == "carnuntum"


# -- §9.2.3: which legions turn reduced ------------------------------------------------------------


def test_the_roman_player_picks_the_legions_to_reduce() -> None:
    p = Pos()
    p.unit("vex", "vindobona", kind="vexillation")
    for i in range(4):
        p.unit(f"d{i}", "vindobona")
    st = adjusted(p)
    d = st.pending[0]
    assert (d["kind"], d["section"]) == ("reduce_legion", "§9.2.3")
    answer(st, "d3")
    answer(st, "d1")
    answer(st, "d2")
    assert [st.units[f"d{i}"].reduced for i in range(4)] == [False, True, True, True]
    assert st.pending == []


# -- §9.2.4 and §6.1: home zones of a People -------------------------------------------------------


def _two_homes() -> Pos:
    p = Pos()
    p.extra_zones.append(ZoneDef("quadi_south", "Quadi South", peoples=("quadi",), limited=True))
    p.extra_edges.append(("quadi_south", "quadi", 0))
    p.leader("chief", "quadi", "E", people="quadi")
    return p


def test_pacified_major_people_the_enemies_pick_each_home_zone() -> None:
    p = _two_homes()
    p.unit("q0", None, "E", people="quadi", status="eliminated")
    p.unit("q1", None, "E", people="quadi", status="eliminated")
    st = adjusted(p, at_war=["quadi"])
    assert "quadi" not in st.at_war
    kinds = [(d["kind"], d["role"], d["section"]) for d in st.pending]
    assert kinds == [("place_pieces", "E", "§9.2.4")] * 3  # two units and the leader
    answer(st, "quadi_south")
    answer(st, "quadi")
    answer(st, "quadi_south")
    assert (st.units["q0"].loc, st.units["q1"].loc, st.leaders["chief"].loc) == ("quadi_south", "quadi", "quadi_south")
    assert st.leaders["chief"].pax


def test_pacification_stratagem_the_enemies_pick_the_home_zone() -> None:
    p = _two_homes()
    p.unit("q0", "carnuntum", "E", people="quadi")
    st = p.state(phase="E", at_war=["quadi"])
    stratagems.pacify(st, Outcome(), "quadi")
    assert [(d["kind"], d["role"], d["section"]) for d in st.pending] == [("place_pieces", "E", "§6.1")] * 2
    answer(st, "quadi_south")
    assert st.units["q0"].loc == "quadi_south"


def test_one_home_zone_no_decision() -> None:
    p = Pos()
    p.leader("chief", "carnuntum", "E", people="quadi")
    p.unit("q0", "carnuntum", "E", people="quadi")
    st = p.state(phase="E", at_war=["quadi"])
    stratagems.pacify(st, Outcome(), "quadi")
    assert st.pending == [] and st.units["q0"].loc == st.leaders["chief"].loc == "quadi"


def test_eliminated_units_of_a_people_at_war_the_enemies_pick_the_home_zone() -> None:
    p = _two_homes()
    p.unit("q0", "carnuntum", "E", people="quadi")
    p.unit("q1", None, "E", people="quadi", status="eliminated")
    st = adjusted(p, at_war=["quadi"])
    d = st.pending[0]
    assert (d["role"], d["section"], [c[0] for c in d["choices"]]) == ("E", "§9.2.4", ["quadi", "quadi_south"])
    answer(st, "quadi_south")
    assert st.units["q1"].loc == "quadi_south"


# -- phase F waits for the choices -------------------------------------------------------------------


def test_phase_f_waits_for_the_placements_then_ends_the_year() -> None:
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.unit("leg", "germ_n", home="vindobona")
    p.unit("foe", "vindobona", "E", people="quadi")
    p.kw["at_war"] = ["quadi"]
    st = p.state(phase="E")
    st.smc_index = len(st.smc_order)
    engine.phase_f(st, Outcome())
    assert (st.phase, st.step, st.year) == ("F", "F-wait", 175)
    answer(st, "carnuntum")
    assert st.year == 176 and st.units["leg"].loc == "carnuntum"


def test_reinforcement_with_its_camp_held_nearest_camp_tie() -> None:
    p = Pos(169)
    p.unit("ii_italica", None, home="vindobona", status="out")
    p.unit_defs["ii_italica"] = p.unit_defs["ii_italica"].__class__(**{**p.unit_defs["ii_italica"].__dict__, "enters": 169})
    p.unit("foe", "vindobona", "E", people="quadi")
    st = p.state(phase="D", at_war=["quadi"])
    engine._reinforcements(st, Outcome())
    d = st.pending[0]
    assert (d["section"], [c[0] for c in d["choices"]]) == ("§9.1", ["aquincum", "carnuntum"])
    answer(st, "carnuntum")
    assert st.units["ii_italica"].loc == "carnuntum"


def test_a_generic_leader_returns_on_the_unit_the_enemies_pick() -> None:  # §4.1
    p = Pos(175)
    p.leader("chief", None, "E", people="quadi")
    p.unit("q0", "quadi", "E", people="quadi")
    p.unit("q1", "carnuntum", "E", people="quadi")
    st = p.state(phase="B", at_war=["quadi"])
    st.leaders["chief"].status = "returning"
    engine._return_generic(st, Outcome(), "chief")
    d = st.pending[0]
    assert (d["role"], d["section"], [c[0] for c in d["choices"]]) == ("E", "§4.1", ["carnuntum", "quadi"])
    answer(st, "quadi")
    assert (st.leaders["chief"].status, st.leaders["chief"].loc) == ("map", "quadi")


# -- §6.2 Usurpation d'un Augustus: equal CP ---------------------------------------------------


def test_usurpation_of_an_augustus_on_equal_cp_either_may_be_named() -> None:
    """§6.2 Usurpation d'un Augustus: the chit names the Augustus with the lower CP; when both
    have the same CP the Enemies may name either, so both are offered, each still needing a
    Front (§4.5)."""
    p = Pos(175)
    p.leader("first", "vindobona", title="augustus", cp=3).leader("second", "antiochia", title="augustus", cp=3)
    st = p.state(phase="C", active="E")
    assert stratagems.usurpation_targets(st, "usurpation_d_un_augustus") == ["first", "second"]
    st.leaders["first"].loc = "italia"  # an interior province: only the one in a Front may claim
    assert stratagems.usurpation_targets(st, "usurpation_d_un_augustus") == ["second"]
    # the Enemies' command names the one they want, the second of the two offered
    p.rules["stratagems"] = True
    g = p.game(1, phase="C", active="E")
    g.state.hands = {"rome": [], "enemies": ["usurpation_d_un_augustus#90"]}
    g.apply("enemies", Command("usurp", {"leader": "second"}))
    assert (g.state.leaders["second"].title, g.state.leaders["first"].title) == ("usurper", "augustus")
