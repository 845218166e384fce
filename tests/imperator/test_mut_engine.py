"""Tests written against the surviving mutants of rules/imperator/engine.py (issue 11, mutation
testing): the turn sequence (§2), Reserve Fronts (§3.2), vexillations (§3.4), nominations and the
Corporis Custodes (§3.6), reinforcements (§9.1), decisions and the end of the game (§10). Each
outcome is compared whole; each refusal asserts its section."""

from __future__ import annotations

import pytest
from imperator_builder import Pos

from rules.core.command import Outcome
from rules.core.errors import RuleError
from rules.imperator import adjust, engine
from rules.imperator.model import ImperatorState

# -- §3.2: Reserve Fronts ---------------------------------------------------------------------


def test_reserve_fronts_are_sorted_without_repeats_and_announced() -> None:
    st = Pos().state(phase="C")
    st.reserve_max = 2
    out = Outcome()
    engine.reserve(st, out, ["rhine", "danube", "rhine"])
    assert st.reserve_fronts == ["danube", "rhine"]
    assert out.public == ["§3.2: Reserve Fronts: Danube Front, Rhine Front."]


def test_no_reserve_front_is_announced_as_none() -> None:
    st = Pos().state(phase="C")
    out = Outcome()
    engine.reserve(st, out, [])
    assert (st.reserve_fronts, out.public) == ([], ["§3.2: Reserve Fronts: none."])


@pytest.mark.parametrize(
    ("phase", "active", "fronts", "message"),
    [
        ("D", "R", [], "Reserve Fronts are chosen by Rome in phase C"),
        ("C", "E", [], "Reserve Fronts are chosen by Rome in phase C"),
        ("C", "R", ["danube", "rhine"], "at most 1 Reserve Front(s) this turn"),
        ("C", "R", ["nile"], "unknown Front 'nile'"),
    ],
)
def test_reserve_refusals(phase: str, active: str, fronts: list[str], message: str) -> None:
    st = Pos().state(phase=phase, active=active)
    st.reserve_max = 1
    with pytest.raises(RuleError) as err:
        engine.reserve(st, Outcome(), fronts)
    assert (err.value.section, str(err.value.message)) == ("§3.2", message)
    assert st.reserve_fronts == []


# -- §3.4: vexillations -----------------------------------------------------------------------


def _vex_pos() -> Pos:
    """Three full Danube legions in Vindobona, two Danube vexillation counters in the pool."""
    p = Pos()
    p.legions(3, "vindobona")
    p.unit("vex_b", None, front="danube", kind="vexillation", status="pool")
    p.unit("vex_a", None, front="danube", kind="vexillation", status="pool")
    p.unit("vex_r", None, front="rhine", kind="vexillation", status="pool")
    return p


def test_a_vexillation_takes_the_first_pool_counter_of_its_front_and_reduces_the_three() -> None:
    st = _vex_pos().state(phase="C")
    out = Outcome()
    engine.vexillation(st, out, {"units": ["leg0", "leg1", "leg2"]})  # "create" is the default
    v = st.units["vex_a"]
    assert (v.status, v.loc, v.reduced, v.owner) == ("map", "vindobona", False, "R")
    assert st.units["vex_b"].status == "pool" and st.units["vex_r"].status == "pool"
    assert [st.units[f"leg{i}"].reduced for i in range(3)] == [True, True, True]
    assert out.public == ["§3.4: Vex A formed in Vindobona."]
    assert out.map_changed is True


def test_a_vexillation_may_be_placed_with_any_of_its_legions() -> None:
    p = _vex_pos()
    p.unit("leg2", "aquincum")
    st = p.state(phase="C")
    out = Outcome()
    engine.create_vexillation(st, out, ["leg0", "leg1", "leg2"], "aquincum")
    assert st.units["vex_a"].loc == "aquincum"


def _vex_refusal(p: Pos, args: dict[str, object], phase: str = "C", active: str = "R") -> str:
    st = p.state(phase=phase, active=active)
    before = {u: (s.status, s.loc, s.reduced) for u, s in st.units.items()}
    with pytest.raises(RuleError) as err:
        engine.vexillation(st, Outcome(), args)
    assert err.value.section == "§3.4"
    assert {u: (s.status, s.loc, s.reduced) for u, s in st.units.items()} == before
    return str(err.value.message)


THREE = ["leg0", "leg1", "leg2"]


def test_vexillation_refusals_name_the_problem() -> None:
    p = _vex_pos()
    assert _vex_refusal(p, {"units": THREE}, phase="D") == "vexillations are created or dissolved by Rome in phase C"
    assert _vex_refusal(p, {"units": THREE}, active="E") == "vexillations are created or dissolved by Rome in phase C"
    assert _vex_refusal(p, {"action": "merge", "units": THREE}) == "action is create or dissolve"
    assert _vex_refusal(p, {"units": ["leg0", "leg1"]}) == "a vexillation needs exactly three legions"
    assert _vex_refusal(p, {"units": ["leg0", "leg1", "leg1"]}) == "a vexillation needs exactly three legions"
    assert _vex_refusal(p, {"units": ["leg0", "leg1", "leg2", "leg3"]}) == "a vexillation needs exactly three legions"
    assert _vex_refusal(p, {"units": ["leg0", "leg1", "ghost"]}) == "the three legions must share a Front stripe"
    assert _vex_refusal(p, {"units": THREE, "zone": "carnuntum"}) == "the vexillation is placed with one of the three legions"


def test_vexillation_refusals_of_a_legion() -> None:
    p = _vex_pos()
    p.unit("leg2", "vindobona", front="rhine")
    assert _vex_refusal(p, {"units": THREE}) == "the three legions must share a Front stripe"
    p = _vex_pos()
    p.unit("leg2", "vindobona", kind="auxilia")
    assert _vex_refusal(p, {"units": THREE}) == "Leg2 is not a legion of the Roman player on the map"
    p = _vex_pos()
    p.unit("leg2", "vindobona", owner="E")
    assert _vex_refusal(p, {"units": THREE}) == "Leg2 is not a legion of the Roman player on the map"
    p = _vex_pos()
    p.unit("leg2", None, status="pool")
    assert _vex_refusal(p, {"units": THREE}) == "Leg2 is not a legion of the Roman player on the map"
    p = _vex_pos()
    p.unit("leg1", "vindobona", reduced=True)
    assert _vex_refusal(p, {"units": THREE}) == "Leg1 is already reduced"
    p = _vex_pos()
    p.unit("leg0", "raetia")
    assert _vex_refusal(p, {"units": THREE}) == "Leg0 must stand in its own Front"


def test_no_vexillation_without_a_pool_counter_of_the_front() -> None:
    p = Pos()
    p.legions(3, "vindobona")
    p.unit("vex_r", None, front="rhine", kind="vexillation", status="pool")
    p.unit("vex_d", "aquincum", front="danube", kind="vexillation")
    assert _vex_refusal(p, {"units": THREE}) == "no vexillation counter of the Danube Front is available"


def test_six_vexillations_on_the_map_stop_a_seventh_but_five_do_not() -> None:
    p = _vex_pos()
    for i in range(6):
        p.unit(f"v{i}", "raetia", front="rhine", kind="vexillation")
    assert _vex_refusal(p, {"units": THREE}) == "at most 6 vexillations on the map (no usurpation in progress)"
    p.unit("v5", None, front="rhine", kind="vexillation", status="pool")
    st = p.state(phase="C")
    assert engine.vex_on_map(st) == 5
    engine.create_vexillation(st, Outcome(), THREE, None)
    assert engine.vex_on_map(st) == 6


def _dissolve_pos(reduced_vex: bool = False) -> Pos:
    p = Pos()
    p.unit("vex_d", "vindobona", front="danube", kind="vexillation", reduced=reduced_vex)
    p.unit("l_here", "vindobona", reduced=True)
    p.unit("l_a", "aquincum", reduced=True)
    p.unit("l_b", "carnuntum", reduced=True)
    p.unit("l_full", "carnuntum")
    return p


def test_dissolving_a_full_vexillation_restores_the_one_here_and_the_first_others() -> None:
    st = _dissolve_pos().state(phase="C")
    out = Outcome()
    engine.vexillation(st, out, {"action": "dissolve", "vexillation": "vex_d"})
    v = st.units["vex_d"]
    assert (v.status, v.loc, v.reduced) == ("pool", None, False)
    assert {u: st.units[u].reduced for u in ("l_here", "l_a", "l_b", "l_full")} == {
        "l_here": False, "l_a": False, "l_b": False, "l_full": False}
    assert out.public == ["§3.4: Vex D dissolved; L Here, L A, L B restored."]
    assert out.map_changed is True


def test_dissolving_a_reduced_vexillation_restores_two() -> None:
    st = _dissolve_pos(reduced_vex=True).state(phase="C")
    out = Outcome()
    engine.dissolve_vexillation(st, out, "vex_d", ["l_here", "l_a"])  # named: with no names Rome is asked (AMB-99)
    assert {u: st.units[u].reduced for u in ("l_here", "l_a", "l_b")} == {"l_here": False, "l_a": False, "l_b": True}
    assert st.units["vex_d"].reduced is False
    assert out.public == ["§3.4: Vex D dissolved; L Here, L A restored."]


def test_dissolve_refusals_name_the_problem() -> None:
    p = _dissolve_pos()
    dis = {"action": "dissolve"}
    assert _vex_refusal(p, {**dis, "vexillation": "l_a"}) == "L A is not a vexillation"  # a known id by its name (AMB-111)
    assert _vex_refusal(p, {**dis, "vexillation": "ghost"}) == "'ghost' is not a vexillation"
    assert _vex_refusal(p, {**dis, "vexillation": "vex_d", "units": ["l_here", "l_a"]}) == (
        "choose 3 reduced legions of the Danube Front standing in it")
    assert _vex_refusal(p, {**dis, "vexillation": "vex_d", "units": ["l_here", "l_a", "l_full"]}) == (
        "choose 3 reduced legions of the Danube Front standing in it")
    assert _vex_refusal(p, {**dis, "vexillation": "vex_d", "units": ["l_here", "l_a", "l_a"]}) == (
        "choose 3 reduced legions of the Danube Front standing in it")
    p.unit("l_c", "aquincum", reduced=True)
    assert _vex_refusal(p, {**dis, "vexillation": "vex_d", "units": ["l_c", "l_a", "l_b"]}) == (
        "the legion in the vexillation's zone must be one of them")
    p = _dissolve_pos()
    p.unit("l_here", "aquincum", reduced=True)
    assert _vex_refusal(p, {**dis, "vexillation": "vex_d"}) == "a reduced legion of its Front must share the vexillation's zone"
    p = _dissolve_pos()
    p.unit("l_here", "vindobona", reduced=True, front="rhine")
    assert _vex_refusal(p, {**dis, "vexillation": "vex_d"}) == "a reduced legion of its Front must share the vexillation's zone"
    p = _dissolve_pos()
    p.unit("l_here", "vindobona", reduced=True, owner="E")
    assert _vex_refusal(p, {**dis, "vexillation": "vex_d"}) == "a reduced legion of its Front must share the vexillation's zone"
    p = _dissolve_pos()
    p.unit("l_here", "vindobona", reduced=True, kind="auxilia")
    assert _vex_refusal(p, {**dis, "vexillation": "vex_d"}) == "a reduced legion of its Front must share the vexillation's zone"


def test_a_vexillation_away_from_its_front_or_not_roman_is_not_dissolved() -> None:
    dis = {"action": "dissolve", "vexillation": "vex_d"}
    for kw in ({"at": "italia"}, {"at": "vindobona", "owner": "E"}, {"at": None, "status": "pool"}):
        p = _dissolve_pos()
        p.unit("vex_d", kw.get("at"), front="danube", kind="vexillation", owner=str(kw.get("owner", "R")),
               status=str(kw.get("status", "map")))
        assert _vex_refusal(p, dis) == "the vexillation must stand in its own Front"


# -- §10: the end of the game -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rome", "enemies", "winners", "level", "summary"),
    [
        (7, 7, [], "", "Draw, 7 VP each."),
        (1, 0, ["rome"], "definitive", "rome wins (1 VP to 0), a definitive victory."),
        (0, -2, ["rome"], "plain", "rome wins (0 VP to -2), a plain victory."),
        (11, 2, ["rome"], "definitive", "rome wins (11 VP to 2), a definitive victory."),
        (10, 2, ["rome"], "decisive", "rome wins (10 VP to 2), a decisive victory."),
        (5, 2, ["rome"], "decisive", "rome wins (5 VP to 2), a decisive victory."),
        (4, 2, ["rome"], "plain", "rome wins (4 VP to 2), a plain victory."),
        (3, 4, ["enemies"], "plain", "enemies wins (4 VP to 3), a plain victory."),
        (-1, 4, ["enemies"], "definitive", "enemies wins (4 VP to -1), a definitive victory."),
        (-3, -1, ["enemies"], "plain", "enemies wins (-1 VP to -3), a plain victory."),
        (-30, -1, ["enemies"], "plain", "enemies wins (-1 VP to -30), a plain victory."),
    ],
)
def test_the_victory_level_follows_the_ratio_of_the_totals(
    rome: int, enemies: int, winners: list[str], level: str, summary: str
) -> None:
    """§10, AMB-47: definitive when the loser has nothing and the winner something, or the winner
    more than five times the loser's VP; decisive over twice; plain otherwise, and always plain
    when both totals are at zero or below (ratios of negative totals mean nothing; before this
    test, -1 against -3 was a "definitive" victory); equal totals draw."""
    st = Pos().state(phase="F")
    st.vp = {"rome": rome, "enemies": enemies}
    out = Outcome()
    engine.final_result(st, out)
    assert (st.game_over, st.phase, out.game_over) == (True, "over", True)
    assert st.result == {"winners": winners, "summary": summary, "level": level}
    assert out.public == [f"§10: the game ends. {summary}"]
    assert out.citations == ["§10"]


# -- §3.6: nominations and the Corporis Custodes ---------------------------------------------------


def _court(*extra: tuple[str, str | None], aug: str = "aug") -> Pos:
    """An Augustus in Rome and Roman generals without a title (``extra``: id, title)."""
    p = Pos()
    p.leader(aug, "rome", title="augustus")
    for lid, title in extra:
        p.leader(lid, "italia", title=title)
    return p


def test_an_untitled_roman_general_may_be_named_augustus_or_caesar() -> None:
    p = _court(("x", None))
    p.leader("barbarian", "quadi", "E", people="quadi")
    p.leader("renegade", "italia", "E")
    p.leader("away", None)
    p.leaders["away"].status = "dead"
    st = p.state(phase="D")
    assert engine.designations(st) == [("x", "augustus"), ("x", "caesar")]
    out = Outcome()
    engine.designate(st, out, "x", "caesar")
    assert st.leaders["x"].title == "caesar"
    assert out.public == ["§3.6: X is named Caesar."]


def test_no_nomination_without_an_augustus_or_under_commode_or_caracalla() -> None:
    p = Pos()
    p.leader("x", "italia")
    assert engine.designations(p.state(phase="D")) == []
    for ruler in ("commode", "caracalla"):
        assert engine.designations(_court(("x", None), aug=ruler).state(phase="D")) == []


def test_a_scenario_may_restrict_an_augustus_to_his_heirs_or_open_a_title_to_all() -> None:
    """The default rules: Marc-Aurèle names only Commode; Septime Sévère names Caracalla or Geta
    Augustus and anyone Caesar."""
    st = _court(("commode", None), ("x", None), aug="marc_aurele").state(phase="D")
    assert engine.designations(st) == [("commode", "augustus"), ("commode", "caesar")]
    st = _court(("geta", None), ("x", None), aug="septime_severe").state(phase="D")
    assert engine.designations(st) == [("geta", "augustus"), ("geta", "caesar"), ("x", "caesar")]


def test_a_third_augustus_or_caesar_is_not_offered() -> None:
    st = _court(("aug2", "augustus"), ("c1", "caesar"), ("x", None)).state(phase="D")
    assert engine.designations(st) == [("x", "caesar")]
    st = _court(("c1", "caesar"), ("c2", "caesar"), ("x", None)).state(phase="D")
    assert engine.designations(st) == [("x", "augustus")]


def test_designation_refusals_name_the_rule() -> None:
    st = _court(("x", None)).state(phase="D")
    st.step = "D-wait"
    with pytest.raises(RuleError) as err:
        engine.designate(st, Outcome(), "x", "caesar")
    assert (err.value.section, str(err.value.message)) == ("§3.6", "Augusti and Caesars are named in phase D")
    st = _court(("x", None)).state(phase="C")
    st.step = "D-designate"
    with pytest.raises(RuleError) as err:
        engine.designate(st, Outcome(), "x", "caesar")
    assert (err.value.section, str(err.value.message)) == ("§3.6", "Augusti and Caesars are named in phase D")
    p = _court(("x", None))
    p.leader("rebel", "antiochia", "E", title="usurper")
    with pytest.raises(RuleError) as err:
        engine.designate(p.state(phase="D"), Outcome(), "x", "caesar")
    assert (err.value.section, str(err.value.message)) == ("§3.6", "no nominations during a civil war")
    assert engine.designations(p.state(phase="D")) == []
    st = _court(("x", None)).state(phase="D")
    with pytest.raises(RuleError) as err:
        engine.designate(st, Outcome(), "aug", "caesar")
    assert (err.value.section, str(err.value.message)) == ("§3.6", "Aug may not be named caesar now")
    assert st.leaders["aug"].title == "augustus"


def test_ending_the_nominations_goes_on_to_phase_e() -> None:
    st = _court(("x", None)).state(phase="D")
    st.smc_order, st.smc_index = ["R", "E"], 0
    out = Outcome()
    engine.end_designate(st, out)
    assert (st.phase, st.step, st.active, st.sub) == ("E", "E-move", "R", "move")
    assert out.public == ["§2.E: SMC 1 of 2: rome moves."]


def test_the_custodes_order_is_rome_s_and_names_a_titled_roman() -> None:
    p = _court(("c1", "caesar"), ("x", None))
    p.leader("rebel", "antiochia", "E", title="usurper")
    st = p.state(phase="E", custodes="aug")
    for role, leader, message in (
        ("E", "aug", "the Corporis Custodes belong to Rome"),
        ("R", "x", "'X' is not an Augustus or Caesar of Rome in play"),
        ("R", "rebel", "'Rebel' is not an Augustus or Caesar of Rome in play"),
        ("R", "ghost", "'ghost' is not an Augustus or Caesar of Rome in play"),
    ):
        with pytest.raises(RuleError) as err:
            engine.order_custodes(st, Outcome(), role, leader)
        assert (err.value.section, str(err.value.message)) == ("§3.6", message)
    assert st.custodes_order is None
    out = Outcome()
    engine.order_custodes(st, out, "R", "c1")
    assert (st.custodes_order, out.public) == ("c1", ["§3.6: the Corporis Custodes will go to C1 in phase F."])
    out = Outcome()
    engine.order_custodes(st, out, "R", "aug")
    assert (st.custodes_order, out.public) == ("aug", ["§3.6: the Corporis Custodes will stay with Aug in phase F."])


def test_phase_f_moves_the_custodes_where_rome_ordered() -> None:
    st = _court(("c1", "caesar")).state(phase="F", custodes="aug")
    st.custodes_order = "c1"
    out = Outcome()
    engine.reassign_custodes(st, out)
    assert (st.custodes, st.custodes_order, st.pending) == ("c1", None, [])
    assert out.public == ["§3.6: the Corporis Custodes go to C1."]
    assert out.map_changed is True


def test_an_order_to_the_holder_or_to_a_dead_leader_changes_nothing() -> None:
    for order in ("aug", "gone"):
        p = _court(("c1", "caesar"), ("gone", "caesar"))
        p.leaders["gone"].status = "dead"
        st = p.state(phase="F", custodes="aug")
        st.custodes_order = order
        out = Outcome()
        engine.reassign_custodes(st, out)
        assert (st.custodes, st.custodes_order, st.pending, out.public, out.map_changed) == ("aug", None, [], [], False)


def test_a_lone_heir_takes_the_custodes_of_a_dead_holder_without_a_question() -> None:
    p = _court()
    p.leader("gone", None, title="augustus")
    p.leaders["gone"].status = "dead"
    st = p.state(phase="F", custodes="gone")
    out = Outcome()
    engine.reassign_custodes(st, out)
    assert (st.custodes, st.pending, out.public) == ("aug", [], ["§3.6: the Corporis Custodes go to Aug."])


def test_with_no_heir_the_custodes_go_to_nobody() -> None:
    p = Pos()
    p.leader("gone", None, title="augustus")
    p.leaders["gone"].status = "dead"
    st = p.state(phase="F", custodes="gone")
    out = Outcome()
    engine.reassign_custodes(st, out)
    assert (st.custodes, st.pending, out.public) == (None, [], [])


def test_several_heirs_make_the_custodes_rome_s_choice() -> None:
    p = _court(("c1", "caesar"))
    p.leader("renegade", "italia", "E", title="caesar")
    st = p.state(phase="F", custodes="gone")
    out = Outcome()
    engine.reassign_custodes(st, out)
    assert st.custodes == "aug"
    assert out.public == ["§3.6: the Corporis Custodes go to Aug."]
    [d] = st.pending
    assert (d["kind"], d["role"], d["section"], d["choices"], d["default"]) == (
        "custodes_to", "R", "§3.6", [["aug", "Aug"], ["c1", "C1"]], "aug")
    assert d["prompt"] == "§3.6: choose the Augustus or Caesar who gets the Corporis Custodes."
    out = Outcome()
    engine.decide(st, out, "R", d["id"], "c1")
    assert (st.custodes, out.public[0]) == ("c1", "§3.6: the Corporis Custodes go to C1.")


# -- decisions ------------------------------------------------------------------------------------


def _waiting(kind: str = "custodes_to") -> tuple[Pos, dict[str, object]]:
    p = _court(("c1", "caesar"))
    dec = {"id": "d-1", "role": "R", "kind": kind, "prompt": "?", "choices": [["aug", "Aug"], ["c1", "C1"]],
           "default": "aug", "section": "§3.6", "data": {}}
    return p, dec


@pytest.mark.parametrize(
    ("role", "did", "choice", "section", "message"),
    [
        ("R", "d-9", "aug", "", "decision 'd-9' is not the one waiting (d-1)"),
        ("E", "d-1", "aug", "", "that decision is not yours"),
        ("E", "", "aug", "", "that decision is not yours"),
        ("R", "d-1", "x", "§3.6", "'x' is not one of the choices"),
    ],
)
def test_decision_refusals(role: str, did: str, choice: str, section: str, message: str) -> None:
    p, dec = _waiting()
    st = p.state(phase="F")
    st.pending = [dec]
    with pytest.raises(RuleError) as err:
        engine.decide(st, Outcome(), role, did, choice)
    assert (err.value.section, str(err.value.message)) == (section, message)
    assert st.pending == [dec]


def test_no_decision_waiting_is_refused() -> None:
    st = Pos().state(phase="F")
    with pytest.raises(RuleError) as err:
        engine.decide(st, Outcome(), "R", "", "aug")
    assert (err.value.section, str(err.value.message)) == ("", "no decision is waiting")


def test_an_answer_without_an_id_answers_the_first_decision_and_redraws_the_map() -> None:
    p, dec = _waiting()
    st = p.state(phase="E")
    second = {**dec, "id": "d-2"}
    st.pending = [dec, second]
    out = Outcome()
    engine.decide(st, out, "R", "", "c1")
    assert (st.custodes, st.pending, out.map_changed) == ("c1", [second], True)


# -- §2: the turn sequence ------------------------------------------------------------------------


def _emperor() -> Pos:
    p = Pos()
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    return p


def test_a_turn_starts_clean_and_rome_takes_the_initiative_below_the_emperor_s_cp() -> None:
    """§2.A-C: the year's markers are cleared; Rome has the initiative on a d6 under the best
    Augustus's CP, then rolls (d10 + VS) / 4 Reserve Fronts."""
    p = _emperor()
    p.leader("sick", "italia")
    st = p.state(phase="A")
    st.leaders["sick"].ill = True
    st.reserve_fronts, st.reserve_max, st.event, st.pax_turn, st.rolled_c = ["danube"], 3, 5, True, {"x": 1}
    st.agitation = "aug"
    st.dice.script.extend([3, 7])
    out = Outcome()
    engine.start_turn(st, out)
    assert out.public == ["Year 175: phase A.", "§2.B: rome has the initiative.",
                          "§3.2: (7 + VS 3) / 4 = at most 2 Reserve Fronts this turn."]
    assert out.citations == ["§2.B", "§3.2"]
    assert [(r.purpose, r.die, r.result) for r in st.dice.rolls] == [
        ("§2.B initiative (Rome needs less than 4)", "d6", 3), ("§3.2 Reserve Fronts", "d10", 7)]
    assert (st.phase, st.step, st.active, st.initiative, st.reserve_max) == ("C", "C0", "R", "R", 2)
    assert (st.reserve_fronts, st.event, st.pax_turn, st.rolled_c, st.agitation, st.leaders["sick"].ill) == (
        [], 0, False, {}, None, False)


def test_a_roll_at_the_emperor_s_cp_gives_the_initiative_to_the_enemies_who_act_first_in_c() -> None:
    st = _emperor().state(phase="A")
    st.dice.script.extend([4, 2])
    out = Outcome()
    engine.start_turn(st, out)
    assert out.public == ["Year 175: phase A.", "§2.B: enemies has the initiative.",
                          "§3.2: (2 + VS 3) / 4 = at most 1 Reserve Front this turn."]
    # nothing for the Enemies to do in C without Peoples or stratagems: Rome's step comes next
    assert (st.phase, st.step, st.active, st.initiative, st.reserve_max) == ("C", "C1", "R", "E", 1)


def test_a_scenario_may_fix_the_initiative_of_a_year_without_a_roll() -> None:
    p = _emperor()
    p.rules["initiative"] = {"175": "E", "176": "R"}
    st = p.state(phase="A")
    st.dice.script.extend([2])
    out = Outcome()
    engine.start_turn(st, out)
    assert out.public == ["Year 175: phase A.", "§2.B: the scenario gives the initiative to enemies in 175.",
                          "§3.2: (2 + VS 3) / 4 = at most 1 Reserve Front this turn."]
    assert [r.purpose for r in st.dice.rolls] == ["§3.2 Reserve Fronts"]
    assert (st.initiative, st.step) == ("E", "C1")


def test_without_an_augustus_rome_never_has_the_initiative() -> None:
    st = Pos().state(phase="A")
    st.dice.script.extend([1, 8])
    out = Outcome()
    engine.start_turn(st, out)
    assert st.dice.rolls[0].purpose == "§2.B initiative (Rome needs less than 0)"
    assert st.initiative == "E"
    assert out.public[-1] == "§3.2: (8 + VS 0) / 4 = at most 2 Reserve Fronts this turn."


def test_a_year_without_war_or_usurper_is_a_pax_romana_and_goes_straight_to_phase_f() -> None:
    st = _emperor().state(phase="C")
    st.step, st.initiative = "C1", "E"
    st.dice.script.extend([5, 9])
    out = Outcome()
    engine.end_c(st, out)
    assert out.public == [
        "§2.C: no People at war and no usurpation: Pax Romana this year.",
        "§2.F: campaign result for 175.",
        "§10 (phase F): +5 VP to rome (+1 an Augustus in Rome, +1 no civil war, +3 Pax Romana).",
        "§10 (phase F): +0 VP to enemies (-1 Pax Romana, +1 no Praetorian cohort in Rome).",
        "§3.6: the Corporis Custodes go to Aug.",
        "Year 176: phase A.",
        "§2.B: enemies has the initiative.",
        "§3.2: (9 + VS 3) / 4 = at most 3 Reserve Fronts this turn.",
    ]
    assert (st.year, st.phase, st.step, st.pax_turn, st.custodes) == (176, "C", "C1", False, "aug")


def test_a_year_at_war_goes_to_phase_d_with_the_smc_of_both_sides() -> None:
    """§2.D: SMC = the best Augustus's VS + the best VS among the Enemies' leaders on the map
    and at war; a People's leader at peace does not count."""
    p = _emperor()
    p.leader("king", "parthia", "E", people="parthians", vs=2)
    p.leader("chief", "quadi", "E", people="quadi", vs=5)
    p.leader("exile", None, "E", people="jazyges", vs=6)
    st = p.state(phase="C")
    st.step, st.initiative, st.at_war = "C1", "R", ["parthians"]
    st.leaders["chief"].pax = True
    out = Outcome()
    engine.end_c(st, out)
    assert out.public == ["§2.D: 3 + 2 = 5 SMC this year.", "§2.E: SMC 1 of 5: rome moves."]
    assert out.citations == ["§2.D"]
    assert (st.phase, st.step, st.sub, st.active, st.smc_total) == ("E", "E-move", "move", "R", 5)
    assert (st.smc_order, st.smc_left, st.smc_index) == (["R", "E", "R", "E", "R"], {"R": 3, "E": 2}, 0)


@pytest.mark.parametrize(
    ("total", "order", "left"),
    [(0, [], {"E": 0, "R": 0}), (1, ["E"], {"E": 1, "R": 0}), (2, ["E", "R"], {"E": 1, "R": 1}),
     (5, ["E", "R", "E", "R", "E"], {"E": 3, "R": 2})],
)
def test_smc_alternate_from_the_side_with_the_initiative_which_gets_the_odd_one(
    total: int, order: list[str], left: dict[str, int]
) -> None:
    st = Pos().state(phase="D")
    st.initiative, st.smc_total, st.smc_index = "E", total, 3
    engine._split_smc(st)
    assert (st.smc_order, st.smc_left, st.smc_index) == (order, left, 0)


def test_a_new_smc_clears_the_last_one_s_moves() -> None:
    p = Pos()
    p.fleet = True
    st = p.state(phase="E")
    st.smc_index = 1
    st.moved, st.entered_from, st.fought, st.last_moves = {"u": 1}, {"u": "x"}, ["z"], [{"u": 1}]  # type: ignore[list-item]
    st.fleets["ravenna"].moved = True
    out = Outcome()
    engine._start_smc(st, out)
    assert (st.active, st.sub, st.step) == ("E", "move", "E-move")
    assert (st.moved, st.entered_from, st.fought, st.last_moves, st.fleets["ravenna"].moved) == ({}, {}, [], [], False)
    assert out.public == ["§2.E: SMC 2 of 2: enemies moves."]


def test_an_smc_without_a_contested_zone_ends_at_once_and_the_next_begins() -> None:
    p = _emperor()
    p.unit("leg", "vindobona")
    st = p.state(phase="E")
    out = Outcome()
    engine.end_move(st, out)
    assert (st.smc_index, st.smc_left, st.active, st.sub) == (1, {"R": 0, "E": 1}, "E", "move")
    assert out.public == ["§2.E: SMC 2 of 2: enemies moves."]


def test_an_smc_with_a_contested_zone_waits_for_its_battles() -> None:
    p = _emperor()
    p.unit("leg", "vindobona")
    p.unit("foe", "vindobona", "E", people="quadi")
    st = p.state(phase="E")
    out = Outcome()
    engine.end_move(st, out)
    assert (st.smc_index, st.sub, st.step, st.active) == (0, "combat", "E-combat", "R")
    assert out.public == ["§2.E.2: rome fights."]
    engine.advance(st, out)  # nothing moves on while a battle is due
    assert (st.smc_index, st.sub) == (0, "combat")


# -- phase C: returns, reinforcements, the war cup ----------------------------------------------


def _phase_c_pos() -> Pos:
    import dataclasses

    p = Pos(year=176)
    p.fleet = True
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    p.unit("q1", None, "E", people="quadi", status="locked")
    p.unit("q2", "germ_n", "E", people="quadi")
    p.unit("q3", "germ_far", "E", people="quadi")
    p.unit("j1", None, "E", people="jazyges", status="locked")
    p.leader("gen", None, "E", people="quadi")
    p.leader("gone", None, "E", people="jazyges")
    p.unit("vx", None, front="danube", kind="vexillation", status="out")
    p.unit_defs["vx"] = dataclasses.replace(p.unit_defs["vx"], enters=176)
    p.unit("vlate", None, front="danube", kind="vexillation", status="out")
    p.unit_defs["vlate"] = dataclasses.replace(p.unit_defs["vlate"], enters=177)
    p.unit("legnew", None, status="out")
    p.unit_defs["legnew"] = dataclasses.replace(p.unit_defs["legnew"], enters=176)
    p.kw = {"at_war": ["quadi"], "initiative": "R", "step": "B"}
    return p


def _phase_c(back_year: int, eliminated: bool = False) -> tuple[Outcome, ImperatorState]:
    p = _phase_c_pos()
    if eliminated:
        p.unit("q_dead", None, "E", people="quadi", status="eliminated")
    st = p.state(phase="B")
    st.units["q1"].back_year = back_year
    st.units["j1"].back_year = 170  # the Jazyges are not at war: their units stay out
    st.leaders["gen"].status = "returning"
    st.leaders["gone"].status = "returning"  # no Jazyges unit on the map: he waits
    fleet = st.fleets["ravenna"]
    fleet.status, fleet.back_year, fleet.at = "lost", back_year, None
    st.dice.script.extend([4])
    out = Outcome()
    engine.phase_c(st, out)
    return out, st


def test_phase_c_brings_back_units_leaders_fleets_and_vexillations_whose_time_has_come() -> None:
    """§2.C, §4.1, §9.1, §9.2.1: a People at war gets back its locked units whose year has come;
    a generic leader returns on one of its units (the Enemies pick which); a lost fleet is back
    in port; a vexillation raised this year joins the pool (a legion waits for phase D)."""
    out, st = _phase_c(176)
    assert out.public == ["§4.4: Q1 enters play in Quadi.", "§4.1: Gen returns in Germania Far.",
                          "§9.2.1: the Ravenna is back in its port.",
                          "§9.1: Vx may be formed from this phase C on.",
                          "§3.2: (4 + VS 3) / 4 = at most 1 Reserve Front this turn."]
    assert {u: (s.status, s.loc) for u, s in st.units.items()} == {
        "q1": ("map", "quadi"), "q2": ("map", "germ_n"), "q3": ("map", "germ_far"), "j1": ("locked", None),
        "vx": ("pool", None), "vlate": ("out", None), "legnew": ("out", None)}
    gen = st.leaders["gen"]
    assert (gen.status, gen.loc, gen.pax) == ("map", "germ_far", False)
    assert (st.leaders["gone"].status, st.leaders["gone"].loc) == ("returning", None)
    [d] = st.pending
    assert (d["kind"], d["role"], d["choices"], d["default"], d["prompt"]) == (
        "place_pieces", "E", [["germ_far", "Germania Far"], ["germ_n", "Germania North"], ["quadi", "Quadi"]],
        "germ_far", "§4.1: choose where Gen goes.")
    assert (st.fleets["ravenna"].status, st.fleets["ravenna"].at) == ("map", "port")
    assert (st.phase, st.step, st.active) == ("C", "C0", "R")


def test_phase_c_keeps_units_and_fleets_whose_year_has_not_come() -> None:
    """Nothing is due: the People's eliminated unit is not brought back either (a People comes
    back only with its locked units, §9.2.4)."""
    out, st = _phase_c(177, eliminated=True)
    assert (st.units["q_dead"].status, st.units["q_dead"].loc) == ("eliminated", None)
    assert (st.units["q1"].status, st.units["q1"].loc) == ("locked", None)
    assert st.fleets["ravenna"].status == "lost"
    assert "§9.2.1: the Ravenna is back in its port." not in out.public


def test_a_generic_leader_of_a_people_at_peace_returns_at_peace() -> None:
    p = Pos()
    p.unit("q2", "germ_n", "E", people="quadi")
    p.leader("gen", None, "E", people="quadi")
    st = p.state(phase="C")
    st.leaders["gen"].status = "returning"
    out = Outcome()
    engine._return_generic(st, out, "gen")
    gen = st.leaders["gen"]
    assert (gen.status, gen.loc, gen.pax, st.pending, out.public) == ("map", "germ_n", True, [], ["§4.1: Gen returns in Germania North."])


def test_the_war_cup_holds_the_major_peoples_not_locked_out_and_three_dummies() -> None:
    from rules.imperator.model import PeopleDef

    st = Pos().state(phase="C")
    st.board.peoples["armenia"] = PeopleDef("armenia", "Armenia", "armenian", True, "east", "orient")
    st.board.peoples["minor"] = PeopleDef("minor", "Minor", "german", False, "west", "danube")
    assert engine.war_cup(st) == ["jazyges", "parthians", "quadi", "dummy-1", "dummy-2", "dummy-3"]
    st.locked = {"quadi": 176, "jazyges": 175}
    assert engine.war_cup(st) == ["jazyges", "parthians", "dummy-1", "dummy-2", "dummy-3"]
    st.rules["scenario_rules"] = [{"kind": "no_war_before", "peoples": ["parthians"], "year": 176}]
    assert engine.war_cup(st) == ["jazyges", "dummy-1", "dummy-2", "dummy-3"]


def test_the_drawn_marker_sends_its_people_to_war_unless_a_dummy_or_already_at_war() -> None:
    p = Pos()
    p.leader("chief", "jazyges", "R", people="jazyges")
    p.unit("j1", None, "R", people="jazyges", status="out")
    st = p.state(phase="C")
    st.leaders["chief"].pax = True
    st.at_war = ["parthians"]
    results = []
    for forced in (1, 2, 4, 0):
        out = Outcome()
        results.append((engine.declaration_draw(st, out, forced=forced), out.public, out.citations, out.commit_point))
    assert results == [
        ("parthians", ["§2.C: the Parthians marker is drawn; they are already at war."], ["§2.C"], True),
        ("quadi", ["§4.4: the Quadi go to war against Rome."], ["§2.C"], True),
        ("dummy-2", ["§2.C: a dummy is drawn from the cup; no People goes to war."], ["§2.C"], True),
        ("jazyges", ["§4.4: the Jazyges go to war against Rome.", "§4.4: J1 enters play in Jazyges."], ["§2.C"], True),
    ]
    assert st.at_war == ["parthians", "quadi", "jazyges"]
    chief = st.leaders["chief"]
    assert (chief.pax, chief.owner) == (False, "E")
    assert (st.units["j1"].status, st.units["j1"].loc, st.units["j1"].owner) == ("map", "jazyges", "E")


def test_a_declared_war_redraws_the_map() -> None:
    st = Pos().state(phase="C")
    out = Outcome()
    engine.declare_war(st, out, "quadi")
    assert (out.map_changed, st.at_war) == (True, ["quadi"])


# -- phase D: SMC, reinforcements, nominations ----------------------------------------------------


def _reinforcement_pos() -> Pos:
    import dataclasses

    p = Pos(year=176)
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    p.leader("x", "italia")
    p.leader("king", "parthia", "E", people="parthians", vs=2)
    for uid, home, enters, kind in (
        ("l_home", "vindobona", 176, "legion"), ("l_blocked", "aquincum", 175, "legion"),
        ("l_late", "carnuntum", 177, "legion"), ("v_new", None, 176, "vexillation"), ("l_nohome", None, 176, "legion"),
        ("l_torn", "noricum", 176, "legion"),
    ):
        p.unit(uid, None, status="out", home=home, kind=kind)
        p.unit_defs[uid] = dataclasses.replace(p.unit_defs[uid], enters=enters, home=home)
    p.unit("foe", "aquincum", "E", people="jazyges")
    p.unit("foe2", "noricum", "E", people="jazyges")
    p.unit("j_out", None, "E", people="jazyges", status="out")
    p.unit_defs["j_out"] = dataclasses.replace(p.unit_defs["j_out"], enters=170)
    return p


def test_phase_d_brings_roman_reinforcements_to_their_camp_or_the_nearest_free_one() -> None:
    """§9.1: a legion arrives full in its home camp; when the Enemies hold it, in the nearest free
    camp (Rome picks between equally near ones); without a home, the nearest free camp to Rome.
    A vexillation only joins the pool. With nominations possible, Rome names first (§3.6)."""
    st = _reinforcement_pos().state(phase="C")
    st.step, st.initiative, st.at_war = "C1", "E", ["parthians"]
    st.units["l_home"].reduced = True
    out = Outcome()
    engine.end_c(st, out)
    assert out.public == ["§2.D: 3 + 2 = 5 SMC this year.", "§9.1: L Home arrives in Vindobona.",
                          "§9.1: L Blocked arrives in Vindobona.", "§9.1: L Nohome arrives in Raetia.",
                          "§9.1: L Torn arrives in Carnuntum."]
    assert out.map_changed is True
    assert {u: (s.status, s.loc, s.owner, s.reduced) for u, s in st.units.items() if u.startswith(("l_", "v_"))} == {
        "l_home": ("map", "vindobona", "R", False), "l_blocked": ("map", "vindobona", "R", False),
        "l_late": ("out", None, "R", False), "v_new": ("pool", None, "R", False),
        "l_nohome": ("map", "raetia", "R", False), "l_torn": ("map", "carnuntum", "R", False)}
    assert st.units["j_out"].status == "out"
    [d] = st.pending
    assert (d["kind"], d["role"], d["choices"], d["default"], d["section"]) == (
        "place_pieces", "R", [["carnuntum", "Carnuntum"], ["raetia", "Raetia"]], "carnuntum", "§9.1")
    assert (st.phase, st.step, st.active) == ("D", "D-designate", "R")


def test_a_decision_left_after_the_nominations_holds_phase_d_then_phase_e_follows_it() -> None:
    st = _reinforcement_pos().state(phase="C")
    st.step, st.initiative, st.at_war = "C1", "E", ["parthians"]
    engine.end_c(st, Outcome())
    out = Outcome()
    engine.end_designate(st, out)
    assert (st.phase, st.step, out.public) == ("D", "D-wait", [])
    out = Outcome()
    engine.decide(st, out, "R", "", "raetia")
    assert st.units["l_torn"].loc == "raetia"
    assert out.public == ["§9.1: L Torn placed in Raetia.", "§2.E: SMC 1 of 5: enemies moves."]
    assert (st.phase, st.step, st.active) == ("E", "E-move", "E")


def test_event_10_gives_the_enemies_one_more_smc_at_the_end() -> None:
    p = _emperor()
    p.leader("king", "parthia", "E", people="parthians", vs=2)
    st = p.state(phase="D")
    st.initiative, st.at_war, st.event = "R", ["parthians"], 10
    out = Outcome()
    engine.phase_d(st, out)
    assert (st.smc_order, st.smc_left) == (["R", "E", "R", "E", "R", "E"], {"R": 3, "E": 3})
    assert (st.phase, st.step, st.active) == ("E", "E-move", "R")  # no one to name: straight on
    assert out.public == ["§2.D: 3 + 2 = 5 SMC this year.", "§2.E: SMC 1 of 6: rome moves."]


# -- phases E and F, the end of the year, advance ---------------------------------------------------


def _last_smc(end_year: int = 176) -> ImperatorState:
    st = _emperor().state(phase="E", end_year=end_year, custodes="aug")
    st.smc_index, st.active, st.sub, st.step = 1, "E", "combat", "E-combat"
    return st


def test_the_last_smc_leads_to_phase_f_and_the_next_year() -> None:
    st = _last_smc()
    st.dice.script.extend([5, 9])
    out = Outcome()
    engine.maybe_finish_smc(st, out)
    assert out.public == [
        "§2.F: campaign result for 175.",
        "§10 (phase F): +2 VP to rome (+1 an Augustus in Rome, +1 no civil war).",
        "§10 (phase F): +1 VP to enemies (+1 no Praetorian cohort in Rome).",
        "Year 176: phase A.", "§2.B: enemies has the initiative.",
        "§3.2: (9 + VS 3) / 4 = at most 3 Reserve Fronts this turn.",
    ]
    assert (st.year, st.phase, st.step, st.sub, st.smc_left, st.vp) == (176, "C", "C1", "", {"R": 1, "E": 0},
                                                                         {"rome": 2, "enemies": 1})


@pytest.mark.parametrize("guard", ["game_over", "pending", "phase", "sub"])
def test_an_smc_does_not_end_while_the_game_is_over_a_decision_waits_or_out_of_combat(guard: str) -> None:
    st = _last_smc()
    if guard == "game_over":
        st.game_over = True
    elif guard == "pending":
        st.pending = [{"id": "d-1"}]
    elif guard == "phase":
        st.phase = "D"
    else:
        st.sub = "move"
    out = Outcome()
    engine.maybe_finish_smc(st, out)
    assert (st.smc_index, st.smc_left, st.year, out.public) == (1, {"R": 1, "E": 1}, 175, [])
    engine.advance(st, out)
    assert (st.smc_index, st.year, out.public) == (1, 175, [])


def test_a_choice_in_phase_f_holds_the_year_and_the_answer_ends_the_game_after_the_last_year() -> None:
    p = _emperor()
    p.leader("c1", "italia", title="caesar")
    st = p.state(phase="E", end_year=175)
    out = Outcome()
    engine.phase_f(st, out)
    assert out.public == [
        "§2.F: campaign result for 175.",
        "§10 (phase F): +2 VP to rome (+1 an Augustus in Rome, +1 no civil war).",
        "§10 (phase F): +1 VP to enemies (+1 no Praetorian cohort in Rome).",
        "§3.6: the Corporis Custodes go to Aug.",
    ]
    assert (st.phase, st.step, st.sub, st.year) == ("F", "F-wait", "", 175)
    out = Outcome()
    engine.decide(st, out, "R", "", "c1")
    assert out.public == ["§3.6: the Corporis Custodes go to C1.", "§10: the game ends. rome wins (2 VP to 1), a plain victory."]
    assert (st.game_over, st.phase, st.step, st.year, out.game_over) == (True, "over", "F", 176, True)


def test_advance_after_an_initiative_window_goes_on_to_phase_c() -> None:
    st = _emperor().state(phase="B")
    st.step, st.initiative = "B-wait", "R"
    st.dice.script.extend([3])
    out = Outcome()
    engine.advance(st, out)
    assert out.public == ["§2.B: rome has the initiative.", "§3.2: (3 + VS 3) / 4 = at most 1 Reserve Front this turn."]
    assert (st.phase, st.step) == ("C", "C0")


def test_advance_elsewhere_does_nothing() -> None:
    for phase, step in (("B", "B"), ("D", "D-designate"), ("F", "F"), ("C", "C0")):
        st = _emperor().state(phase=phase)
        st.step = step
        out = Outcome()
        engine.advance(st, out)
        assert (st.phase, st.step, out.public) == (phase, step, [])


# -- decisions answered: each kind does what it says ----------------------------------------------


def _answer(st: ImperatorState, kind: str, choices: list[str], choice: str, data: dict[str, object] | None = None,
            role: str = "R", section: str = "§9.2") -> Outcome:
    st.pending = [{"id": "d-1", "role": role, "kind": kind, "prompt": "?", "choices": [[c, c] for c in choices],
                   "default": choices[0], "section": section, "data": data or {}}]
    out = Outcome()
    engine.decide(st, out, role, "d-1", choice)
    assert all(d["id"] != "d-1" for d in st.pending)
    assert out.map_changed is True
    return out


def _waiting_state() -> ImperatorState:
    """Phase D, Rome naming: advance() after an answer leaves it where it is."""
    p = _emperor()
    p.leader("gen", "vindobona")
    p.unit("leg", "aquincum")
    p.unit("leg2", "carnuntum")
    st = p.state(phase="D")
    st.step = "D-designate"
    return st


def test_an_escape_answer_moves_the_leader_still_on_the_map() -> None:
    st = _waiting_state()
    out = _answer(st, "escape", ["aquincum", "carnuntum"], "carnuntum", {"leader": "gen"}, section="§7")
    assert (st.leaders["gen"].loc, out.public) == ("carnuntum", ["§7: Gen escapes to Carnuntum."])
    st = _waiting_state()
    st.leaders["gen"].status = "dead"
    out = _answer(st, "escape", ["aquincum", "carnuntum"], "carnuntum", {"leader": "gen"}, section="§7")
    assert (st.leaders["gen"].loc, out.public) == ("vindobona", [])


def test_place_and_follow_answers_move_the_pieces() -> None:
    st = _waiting_state()
    out = _answer(st, "place", ["aquincum", "carnuntum"], "aquincum", {"leader": "gen"})
    assert (st.leaders["gen"].loc, out.public) == ("aquincum", ["§2.C: Gen is placed in Aquincum."])  # AMB-94
    st = _waiting_state()
    out = _answer(st, "follow_unit", ["leg", "leg2"], "leg2", {"pieces": ["gen"]}, section="§9.2.2")
    assert (st.leaders["gen"].loc, out.public) == ("carnuntum", ["§9.2.2: 1 leader goes back: Gen (Vindobona → Carnuntum)."])
    st = _waiting_state()
    out = _answer(st, "place_pieces", ["aquincum", "carnuntum"], "carnuntum", {"pieces": ["gen", "leg"]}, section="§9.2.4")
    assert (st.leaders["gen"].loc, st.units["leg"].loc) == ("carnuntum", "carnuntum")
    assert out.public == ["§9.2.4: Gen, Leg placed in Carnuntum."]


def test_declining_a_usurpation_or_a_spread_changes_nothing() -> None:
    for kind, data in (("usurper", {}), ("spread", {"usurper": "gen"})):
        st = _waiting_state()
        out = _answer(st, kind, ["none", "gen"], "none", dict(data), section="§4.5")
        assert (out.public, st.leaders["gen"].title, st.usurpers()) == ([], None, [])


def test_a_legion_reduction_answer_reduces_it_and_asks_for_the_rest() -> None:
    p = _emperor()
    for uid in ("la", "lb", "lc"):
        p.unit(uid, "vindobona")
    st = p.state(phase="D")
    st.step = "D-designate"
    _answer(st, "reduce_legion", ["la", "lb", "lc"], "lb", {"front": "danube", "need": 2}, section="§9.2.3")
    assert [st.units[u].reduced for u in ("la", "lb", "lc")] == [False, True, False]
    [d] = st.pending
    assert (d["kind"], d["choices"], d["data"]) == ("reduce_legion", [["la", "La"], ["lc", "Lc"]], {"front": "danube", "need": 1})


def test_a_vexillation_withdrawal_answer_withdraws_that_one_and_checks_the_front_again() -> None:
    p = _emperor()
    p.unit("va", "vindobona", kind="vexillation")
    p.unit("vb", "aquincum", kind="vexillation", reduced=True)
    for uid in ("la", "lb", "lc"):
        p.unit(uid, "vindobona")
    st = p.state(phase="D")
    st.step = "D-designate"
    out = _answer(st, "withdraw_vex", ["va", "vb"], "va", {"front": "danube"}, section="§9.2.3")
    assert (st.units["va"].status, st.units["va"].loc, st.units["vb"].status) == ("pool", None, "map")
    assert out.public == ["§9.2.3: Va is withdrawn (too few legions).",  # AMB-94: the legions it reduces too
                          "§9.2.3: 3 counters turn to their reduced side: La (Vindobona), Lb (Vindobona), Lc (Vindobona)."]


def test_phase_f_clears_phase_e_markers_scores_flips_armenia_and_returns_chits() -> None:
    """§2.F in order: the plague leaves with phase E (§6.3), Armenia changes hands (§4.2), the
    campaign VP (§10), the markers' VP or removal, then the next year draws stratagems (§2.A)."""
    from rules.imperator.model import ZoneDef

    p = _emperor()
    p.rules["stratagems"] = True
    p.rules["armenia"] = True
    p.extra_zones.append(ZoneDef("armenia", "Armenia", peoples=("armenia",)))
    p.unit("parth", "armenia", "E", people="parthians")
    st = p.state(phase="E", custodes="aug")
    st.chits_on_map["foyer_de_peste#1"] = "vindobona"
    st.chits_on_map["intrigue_au_senat#1"] = "rome"
    st.plague, st.plague_hit = {"vindobona": 1}, ["leg@vindobona"]
    out = Outcome()
    engine.phase_f(st, out)
    assert out.public == [
        "§6: the Foyer de peste marker leaves the map and goes back to the cup.",
        "§2.F: campaign result for 175.",
        "Armenia is now Parthian.",
        "§10 (phase F): +2 VP to rome (+1 an Augustus in Rome, +1 no civil war).",
        "§10 (phase F): +2 VP to enemies (+1 Armenia is Parthian, +1 no Praetorian cohort in Rome).",
        "§6: the Intrigue au Sénat marker leaves the map and goes back to the cup.",
        "Year 176: phase A.",
        "§2.A: rome draws a stratagem (1 held).",
        "§2.A: enemies draws a stratagem (1 held).",
        "§2.B: enemies has the initiative.",  # the seeded dice (the draws come first)
    ]
    assert out.citations == ["§4.2", "§10", "§9.2", "§2.A", "§2.B"]
    assert (st.armenia, st.chits_on_map, st.plague, st.plague_hit, st.step) == ("parthian", {}, {}, [], "B-wait")
    # the initiative window: the side without the initiative may answer; no Reserve Front yet
    assert (st.phase, st.initiative, st.active, st.reserve_max) == ("B", "E", "R", 0)
    [d] = st.pending
    assert (d["kind"], d["role"]) == ("initiative", "R")


def test_a_scenario_victory_at_the_end_of_the_year_stops_it_there() -> None:
    """A ``hold_zones`` rule met in phase F ends the game before the next year begins."""
    p = _emperor()
    p.unit("foe", "vindobona", "E", people="quadi")
    p.rules["scenario_rules"] = [{"kind": "hold_zones", "side": "enemy", "zones": ["vindobona"], "min_units": 1,
                                  "with_leader": False}]
    st = p.state(phase="F")
    out = Outcome()
    engine.finish_f(st, out)
    assert (st.game_over, st.year, st.step) == (True, 175, "F")
    assert out.public == ["Scenario: enemies holds Vindobona at the end of 175 and wins at once."]


def test_the_death_of_the_only_augustus_in_a_pax_year_sends_the_year_to_phase_d_without_new_rolls() -> None:
    """§2.C with the Leader table: the deaths are rolled once in a Pax Romana year; when the only
    Augustus dies the year goes back to phase D, and phase D does not roll the deaths again."""
    p = Pos(year=179)
    p.leader("marc_aurele", "rome", title="augustus", vs=3)
    p.leader("commode", "italia", title="caesar", vs=1)
    p.leader("martius_verus", "emesa")
    p.rules["death_table"] = True
    st = p.state(phase="C")
    st.step, st.initiative = "C1", "E"
    st.dice.script.extend([0, 9])
    out = Outcome()
    engine.end_c(st, out)
    assert out.public == [
        "§2.C: no People at war and no usurpation: Pax Romana this year.",
        "Leader table: Marc Aurele is dead (natural death (leader table)).",
        "§3.6: Commode promoted Augustus.",
        "§2.C: the death of the only Augustus ends the Pax Romana; back to phase D.",
        "§2.D: 1 + 0 = 1 SMC this year.",
        "§2.E: SMC 1 of 1: enemies moves.",
    ]
    assert [(r.purpose, r.result) for r in st.dice.rolls] == [
        ("Leader table: Marc Aurele in 179", 0), ("Leader table: Martius Verus in 179", 9)]
    assert (st.pax_turn, st.phase, st.rules["deaths_done"]) == (False, "E", False)


def test_a_pax_year_where_the_emperor_survives_stays_a_pax_year() -> None:
    p = Pos(year=179)
    p.leader("marc_aurele", "rome", title="augustus", vs=3)
    p.leader("martius_verus", "emesa")
    p.rules["death_table"] = True
    st = p.state(phase="C", end_year=179)
    st.step, st.initiative = "C1", "E"
    st.dice.script.extend([9, 0])
    out = Outcome()
    engine.end_c(st, out)
    assert out.public[:3] == ["§2.C: no People at war and no usurpation: Pax Romana this year.",
                              "Leader table: Martius Verus is dead (natural death (leader table)).",
                              "§2.F: campaign result for 179."]
    assert (st.pax_turn, st.game_over) == (True, True)


def test_the_war_draw_takes_any_marker_of_the_cup() -> None:
    st = Pos().state(phase="C")
    st.dice.script.extend([0, 5])
    assert engine.declaration_draw(st, Outcome()) == "jazyges"
    assert engine.declaration_draw(st, Outcome()) == "dummy-3"


def test_the_custodes_cannot_be_ordered_during_phase_f() -> None:
    """§3.6: the order is for the next phase F; the engine never waits for a command in phase F,
    and a call made then is refused."""
    st = _court(("c1", "caesar")).state(phase="F", custodes="aug")
    with pytest.raises(RuleError) as err:
        engine.order_custodes(st, Outcome(), "R", "c1")
    assert (err.value.section, str(err.value.message)) == ("§3.6", "phase F is under way")
    assert st.custodes_order is None


def test_a_vexillation_goes_by_default_with_the_first_legion_named() -> None:
    p = _vex_pos()
    p.unit("leg1", "aquincum")
    p.unit("leg2", "carnuntum")
    st = p.state(phase="C")
    engine.create_vexillation(st, Outcome(), ["leg2", "leg1", "leg0"], None)
    assert st.units["vex_a"].loc == "carnuntum"


def test_nominations_without_a_scenario_rule_or_with_one_title_only() -> None:
    st = _court(("x", None)).state(phase="D")
    st.rules.pop("nominations")
    assert engine.designations(st) == [("x", "augustus"), ("x", "caesar")]
    st.rules["nominations"] = {"aug": {"augustus": ["x"]}}  # no word on Caesars: none may be named
    assert engine.designations(st) == [("x", "augustus")]
    st.rules["nominations"] = {"aug": {"caesar": ["*"]}}
    assert engine.designations(st) == [("x", "caesar")]


def test_phase_d_rolls_the_leader_table_after_the_nominations() -> None:
    """Marc-Aurèle may name only Commode (absent): no nomination step; the Leader table is
    rolled once, then phase E begins."""
    p = Pos(year=179)
    p.leader("marc_aurele", "rome", title="augustus", vs=3)
    p.leader("martius_verus", "emesa")
    p.leader("king", "parthia", "E", people="parthians", vs=2)
    p.rules["death_table"] = True
    st = p.state(phase="D")
    st.at_war, st.initiative = ["parthians"], "R"
    st.dice.script.extend([9, 0])
    out = Outcome()
    engine.phase_d(st, out)
    assert out.public == ["§2.D: 3 + 2 = 5 SMC this year.",
                          "Leader table: Martius Verus is dead (natural death (leader table)).",
                          "§2.E: SMC 1 of 5: rome moves."]
    assert [(r.purpose, r.result) for r in st.dice.rolls] == [
        ("Leader table: Marc Aurele in 179", 9), ("Leader table: Martius Verus in 179", 0)]
    assert (st.leaders["martius_verus"].status, st.rules["deaths_done"], st.step) == ("dead", False, "E-move")


def test_a_draw_names_the_shared_total_in_the_singular_and_the_plural() -> None:
    """§10: equal totals; the summary keeps both forms of its message for the translation."""
    for vp, line in ((1, "Draw, 1 VP each."), (4, "Draw, 4 VP each.")):
        st = Pos().state(phase="F")
        st.vp = {"rome": vp, "enemies": vp}
        engine.final_result(st, Outcome())
        summary = st.result["summary"]
        assert (str(summary), summary.msgid, summary.plural, summary.n) == (
            line, "Draw, {n} VP each.", "Draw, {n} VP each.", vp)


def test_a_turn_without_a_scenario_initiative_table_rolls_for_it() -> None:
    st = _emperor().state(phase="A")
    st.rules.pop("initiative")
    st.dice.script.extend([3, 7])
    engine.start_turn(st, Outcome())
    assert (st.initiative, st.dice.rolls[0].purpose) == ("R", "§2.B initiative (Rome needs less than 4)")


def test_without_an_augustus_rome_brings_no_vs_to_the_smc() -> None:
    p = Pos()
    p.leader("king", "parthia", "E", people="parthians", vs=2)
    st = p.state(phase="D")
    st.at_war, st.initiative = ["parthians"], "E"
    out = Outcome()
    engine.phase_d(st, out)
    assert (st.smc_total, out.public[0]) == (2, "§2.D: 0 + 2 = 2 SMC this year.")


def test_a_reinforcement_whose_home_is_not_a_camp_arrives_there() -> None:
    """§9.1: a unit arrives in its home zone when free, camp or not (a Praetorian cohort in Rome)."""
    import dataclasses

    p = _emperor()
    p.unit("praet", None, status="out", home="rome", kind="praetorian", praetorian=True)
    p.unit_defs["praet"] = dataclasses.replace(p.unit_defs["praet"], enters=175, home="rome")
    st = p.state(phase="D")
    out = Outcome()
    engine._reinforcements(st, out)
    assert (st.units["praet"].status, st.units["praet"].loc, st.pending) == ("map", "rome", [])
    assert out.public == ["§9.1: Praet arrives in Roma."]


def test_a_reinforcement_finding_every_camp_held_goes_to_an_interior_zone_rome_picks() -> None:
    """§9.1 with §9.2.2 (ruling AMB-9.1-CAMPS): when the Enemies hold the legion's camp and every
    other camp of the Empire, it arrives, full, in an interior zone free of the enemy, the
    nearest to its camp by default and Rome's pick among them; it never stands on the map with
    no zone (it once did, announced as "arrives in .")."""
    import dataclasses

    probe = _reinforcement_pos().state(phase="C")
    camps = sorted(z for z in probe.board.zones if probe.has_camp(z) and probe.in_empire(z))
    p = Pos(year=176)
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    p.unit("l_new", None, status="out", home="vindobona", kind="legion")
    p.unit_defs["l_new"] = dataclasses.replace(p.unit_defs["l_new"], enters=176, home="vindobona")
    for i, camp in enumerate(camps):
        p.unit(f"foe{i}", camp, "E", people="jazyges")
    st = p.state(phase="C")
    st.step, st.initiative, st.at_war = "C1", "E", ["jazyges"]
    out = Outcome()
    engine.end_c(st, out)
    us = st.units["l_new"]
    assert (us.status, us.reduced, us.owner) == ("map", False, "R")
    assert us.loc is not None and not st.has_camp(us.loc) and us.loc in adjust.interior_zones(st, False)
    assert f"§9.1: L New arrives in {st.board.zones[us.loc].name}." in out.public
    [d] = [d for d in st.pending if d["kind"] == "place_pieces"]
    assert (d["role"], d["default"], d["section"]) == ("R", us.loc, "§9.1")
    assert [c[0] for c in d["choices"]] == adjust.interior_zones(st, False, "vindobona")


# -- session 8: survivors of the run against E7 ---------------------------------------------------


def test_the_initiative_window_opens_for_the_side_without_the_initiative() -> None:
    """§2.B with stratagems: Rome wins the initiative, so the Enemies may answer first."""
    p = _emperor()
    p.rules["stratagems"] = True
    st = p.state(phase="A")
    st.dice.script.extend([1])
    out = Outcome()
    engine.start_turn(st, out)
    assert (st.initiative, st.step, st.active, st.phase) == ("R", "B-wait", "E", "B")
    assert out.public[-1] == "§2.B: rome has the initiative."


def test_phase_a_runs_the_scheduled_usurpation_with_the_turn_s_outcome() -> None:
    """§2.A: a scenario's scheduled usurpation is proclaimed in phase A, its lines in the turn's."""
    p = _emperor()
    p.leader("albinus", "antiochia")
    p.unit("l1", "antiochia", front="orient")
    p.rules["scenario_rules"] = [{"kind": "usurpation_at", "year": 175, "leader": "albinus", "fronts": ["orient"]}]
    st = p.state(phase="A")
    st.dice.script.extend([3, 7])
    out = Outcome()
    engine.start_turn(st, out)
    assert out.public[:3] == ["Year 175: phase A.", "§4.5: the usurpation of Albinus is proclaimed; civil war.",
                              "Scenario: Albinus is proclaimed in 175; the Orient Front goes over to him."]
    assert (st.leaders["albinus"].title, st.units["l1"].owner) == ("usurper", "E")


def test_phase_c_runs_scheduled_wars_and_the_leader_table_s_arrivals() -> None:
    """§2.C: a scenario's scheduled war is declared (its People's line), and with the Leader
    table a leader whose entry year has come enters with a Roman unit."""
    p = Pos(year=169)
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    p.leader("basseus_rufus", None)
    p.unit("leg", "vindobona")
    p.rules["death_table"] = True
    p.rules["scenario_rules"] = [{"kind": "war_at", "year": 169, "peoples": ["quadi"]}]
    p.kw = {"initiative": "R", "step": "B"}
    st = p.state(phase="B")
    st.leaders["basseus_rufus"].status = "out"
    st.dice.script.extend([4])
    out = Outcome()
    engine.phase_c(st, out)
    assert out.public == ["Scenario: the Quadi go to war in 169.", "§4.4: the Quadi go to war against Rome.",
                          "Leader table: Basseus Rufus enters play in Vindobona.",
                          "§3.2: (4 + VS 3) / 4 = at most 1 Reserve Front this turn."]
    assert st.at_war == ["quadi"]
    br = st.leaders["basseus_rufus"]
    assert (br.status, br.loc, br.owner) == ("map", "vindobona", "R")


def test_the_enemies_step_of_phase_c_draws_from_the_cup_then_opens_the_stratagem_step() -> None:
    """§2.C: after Rome's step, the Enemies draw a war marker (every People locked: a dummy),
    then may play rising and usurpation chits before ending the step (AMB-11)."""
    p = _emperor()
    p.rules["peoples"] = True
    p.rules["stratagems"] = True
    st = p.state(phase="C", initiative="R", step="C0")
    st.locked = {pid: 180 for pid in st.board.peoples}
    out = Outcome()
    engine.end_c(st, out)
    assert out.public == ["§2.C: a dummy is drawn from the cup; no People goes to war.",
                          "§2.C: enemies may now play rising or usurpation stratagems, then end the step."]
    assert out.citations == ["§2.C"]
    assert (st.step, st.active, st.phase) == ("C1", "E", "C")


def test_the_enemies_step_last_with_nothing_to_do_ends_phase_c(monkeypatch: pytest.MonkeyPatch) -> None:
    """§2.C: the Enemies' step, second and with neither Peoples nor stratagems, leads straight
    to the end of phase C."""
    st = _emperor().state(phase="C", initiative="R", step="C0")
    after: list[str] = []
    monkeypatch.setattr(engine, "_after_c", lambda s, o: after.append(s.step))
    out = Outcome()
    engine.end_c(st, out)
    assert (after, out.public, st.active) == (["C1"], [], "E")


def test_a_chit_named_in_a_decision_other_than_a_battle_window_is_simply_not_a_choice() -> None:
    """Only a battle window (``bstrat``) explains why a named chit may not be played; any other
    decision refuses it as one more unknown choice, under its own section."""
    st = _waiting_state()
    st.pending = [{"id": "d-1", "role": "R", "kind": "custodes_to", "prompt": "?", "choices": [["gen", "Gen"]],
                   "default": "gen", "section": "§3.6", "data": {}}]
    with pytest.raises(RuleError) as err:
        engine.decide(st, Outcome(), "R", "d-1", "furor_germanicus")
    assert (err.value.section, str(err.value.message)) == ("§3.6", "'furor_germanicus' is not one of the choices")
    assert len(st.pending) == 1


def test_a_retreat_answer_moves_only_the_beaten_side() -> None:
    """§8.3: the beaten force (the deciding side) retreats; the winner stays in the zone."""
    p = _emperor()
    p.unit("leg", "vindobona")
    p.unit("foe", "vindobona", "E", people="quadi")
    p.leader("chief", "vindobona", "E", people="quadi")
    st = p.state(phase="E", sub="combat")
    out = _answer(st, "retreat", ["quadi"], "quadi", {"zone": "vindobona"}, role="E", section="§8.3")
    assert (st.units["leg"].loc, st.units["foe"].loc, st.leaders["chief"].loc) == ("vindobona", "quadi", "quadi")
    assert out.public[0] == "§8.3: the beaten force retreats to Quadi."


def test_a_usurper_named_in_answer_rises_without_a_stratagem_bonus() -> None:
    """§4.5: a usurper named in a decision (a succession, 4/) has no stratagem bonus."""
    st = _waiting_state()
    _answer(st, "usurper", ["none", "gen"], "gen", {}, section="§4.5")
    assert (st.leaders["gen"].title, st.usurper_bonus) == ("usurper", {"gen": 0})


def test_declining_a_spread_uses_no_front() -> None:
    """§4.5 C/: declining the spread spends nothing: no Front is marked as used (each Front may
    be chosen once)."""
    p = _emperor()
    p.leader("gen", "vindobona", "E", title="usurper")
    st = p.state(phase="D")
    st.step = "D-designate"
    out = _answer(st, "spread", ["none", "rhine"], "none", {"usurper": "gen"}, role="E", section="§4.5")
    assert (st.c_fronts_used, out.public) == ([], [])


def test_a_spread_answer_rolls_for_the_chosen_front() -> None:
    p = _emperor()
    p.leader("gen", "vindobona", "E", title="usurper", cp=5)
    st = p.state(phase="D")
    st.step = "D-designate"
    st.dice.script.extend([9])
    out = _answer(st, "spread", ["none", "rhine"], "rhine", {"usurper": "gen"}, role="E", section="§4.5")
    assert st.c_fronts_used == ["rhine"]
    assert out.public == ["§4.5 (C/): the Rhine Front does not listen."]
    assert [(r.purpose, r.result) for r in st.dice.rolls] == [("§4.5 C/ spread to the Rhine Front (needs less than 5)", 9)]


def test_event_4_s_illness_chosen_among_two_augusti() -> None:
    """Event 4 with two Augusti: Rome picks who falls ill; the line is Event 4's."""
    p = _emperor()
    p.leader("aug2", "antiochia", title="augustus")
    st = p.state(phase="D")
    st.step = "D-designate"
    out = _answer(st, "ill", ["aug", "aug2"], "aug2", {}, section="Events table")
    assert (st.leaders["aug"].ill, st.leaders["aug2"].ill) == (False, True)
    assert out.public == ["Event 4: Aug2 is ill this year."]


def test_a_sheltered_placement_restores_in_a_city_and_reduces_in_the_open() -> None:
    """§9.2.2: pieces placed with ``shelter`` are restored in a city or camp zone and reduced
    elsewhere; without it they keep their face."""
    for shelter, faces in ((True, (False, True)), (False, (True, False))):
        p = _emperor()
        p.unit("worn", "italia", reduced=True)
        p.unit("fresh", "italia")
        st = p.state(phase="D")
        st.step = "D-designate"
        _answer(st, "place_pieces", ["vindobona"], "vindobona", {"pieces": ["worn"], "shelter": shelter}, section="§9.2.2")
        _answer(st, "place_pieces", ["germ_n"], "germ_n", {"pieces": ["fresh"], "shelter": shelter}, section="§9.2.2")
        assert (st.units["worn"].loc, st.units["fresh"].loc) == ("vindobona", "germ_n")
        assert (st.units["worn"].reduced, st.units["fresh"].reduced) == faces


def test_a_vexillation_withdrawn_by_choice_may_take_a_second_one_with_it() -> None:
    """§9.2.3: three legions keep one vexillation; after the chosen one, the two left are alike
    and the later one goes without a question."""
    p = _emperor()
    p.unit("va", "vindobona", kind="vexillation")
    p.unit("vb", "aquincum", kind="vexillation", reduced=True)
    p.unit("vc", "vindobona", kind="vexillation")
    for uid in ("la", "lb", "lc"):
        p.unit(uid, "vindobona", reduced=True)
    st = p.state(phase="D")
    st.step = "D-designate"
    out = _answer(st, "withdraw_vex", ["va", "vb", "vc"], "vb", {"front": "danube"}, section="§9.2.3")
    assert out.public == ["§9.2.3: Vb is withdrawn (too few legions).", "§9.2.3: Vc is withdrawn (too few legions)."]
    assert [st.units[v].status for v in ("va", "vb", "vc")] == ["map", "pool", "pool"]


def test_a_crown_answer_names_why_the_usurpation_succeeds() -> None:
    p = _emperor()
    p.leader("gen", "vindobona", "E", title="usurper")
    p.leader("gen2", "antiochia", "E", title="usurper")
    st = p.state(phase="D")
    st.step = "D-designate"
    out = _answer(st, "crown", ["gen", "gen2"], "gen2", {"why": "§4.5"}, role="E", section="§4.5")
    assert out.public[0] == "§4.5: the usurpation of Gen2 succeeds; the players change roles in phase A."


def test_a_decision_of_an_unknown_kind_is_refused_without_a_section() -> None:
    st = _waiting_state()
    st.pending = [{"id": "d-1", "role": "R", "kind": "bogus", "prompt": "?", "choices": [["x", "X"]],
                   "default": "x", "section": "§9", "data": {}}]
    with pytest.raises(RuleError) as err:
        engine.decide(st, Outcome(), "R", "d-1", "x")
    assert (err.value.section, str(err.value.message)) == ("", "unknown decision bogus")


def test_nothing_moves_on_while_a_decision_waits() -> None:
    """A waiting decision holds the turn: phase D's end (D-wait) does not lead into phase E."""
    st = _waiting_state()
    st.step = "D-wait"
    st.pending = [{"id": "d-1", "role": "R", "kind": "place", "prompt": "?", "choices": [["rome", "Rome"]],
                   "default": "rome", "section": "§2.C", "data": {"leader": "gen"}}]
    out = Outcome()
    engine.advance(st, out)
    assert (st.phase, st.step, out.public, len(st.pending)) == ("D", "D-wait", [], 1)


# -- session 12: §9.1 reinforcements with no home camp ----------------------------------------
def _homeless_reinforcements(*uids: str, interior_held: bool) -> ImperatorState:
    """Every camp of the small map held by Jazyges units (and with ``interior_held`` every interior
    zone too); the Roman legions ``uids`` enter this year and have no home camp."""
    import dataclasses

    p = Pos(year=176)
    p.leader("aug", "cyrene", title="augustus", cp=4, vs=3)
    probe = p.state(phase="D")
    held = [z for z in sorted(probe.board.zones) if probe.in_empire(z) and (
        probe.has_camp(z) or (interior_held and probe.front_of(z) == "interior"))]
    for i, zone in enumerate(held):
        p.unit(f"foe{i}", zone, "E", people="jazyges")
    for uid in uids:
        p.unit(uid, None, status="out")
        p.unit_defs[uid] = dataclasses.replace(p.unit_defs[uid], enters=176, home=None)
    st = p.state(phase="D")
    st.at_war = ["jazyges"]
    return st


def test_a_reinforcement_with_no_home_and_every_camp_held_is_offered_interior_zones_nearest_rome() -> None:
    """§9.1 with §9.2.2: a legion with no home camp takes the free camp nearest Roma; with every
    camp held it arrives in an interior zone free of the enemy, with or without a city, the
    nearest to Roma first (Roma by default), Rome picking among them."""
    st = _homeless_reinforcements("l_new", interior_held=False)
    out = Outcome()
    engine._reinforcements(st, out)
    assert (st.units["l_new"].status, st.units["l_new"].loc) == ("map", "rome")
    assert out.public == ["§9.1: L New arrives in Roma."]
    [d] = st.pending
    assert (d["kind"], d["role"], d["default"]) == ("place_pieces", "R", "rome")
    assert [c[0] for c in d["choices"]] == ["rome", "italia", "ravenna", "noricum"]


def test_every_reinforcement_that_cannot_arrive_says_so_not_only_the_first() -> None:
    """AMB-76: with every camp and interior zone held, each of the two legions due this year
    waits for a later phase D, each with its own line."""
    st = _homeless_reinforcements("l_a", "l_b", interior_held=True)
    out = Outcome()
    engine._reinforcements(st, out)
    assert out.public == [
        "§9.1: L A cannot arrive: the enemy holds every zone open to it; it waits for the next phase D.",
        "§9.1: L B cannot arrive: the enemy holds every zone open to it; it waits for the next phase D.",
    ]
    assert [st.units[u].status for u in ("l_a", "l_b")] == ["out", "out"]
