"""Tests written against the mutants of rules/imperator/scenario_rules.py (issue 11, mutation
testing): each kind of scenario special rule read from data, on a hand-built position, with
its whole line and its effect (docs/imperator-data.md lists the rules of each scenario)."""

from __future__ import annotations

from typing import Any

from imperator_builder import Pos

from rules.core.command import Outcome
from rules.imperator import scenario_rules
from rules.imperator.model import ImperatorState


def _with(p: Pos, *rules: dict[str, Any], **kw: Any) -> ImperatorState:
    p.rules["scenario_rules"] = [dict(r) for r in rules]
    return p.state(**kw)


def test_rules_of_keeps_one_kind_in_data_order() -> None:
    a = {"kind": "war_at", "year": 176, "peoples": ["quadi"]}
    b = {"kind": "absent", "leaders": []}
    c = {"kind": "war_at", "year": 175, "peoples": ["jazyges"]}
    st = _with(Pos(), a, b, c)
    assert scenario_rules.rules_of(st, "war_at") == [a, c]
    assert scenario_rules.rules_of(st, "sudden_death") == []
    st.rules.pop("scenario_rules")
    assert scenario_rules.rules_of(st, "war_at") == []


def test_names_are_those_of_the_leader_the_people_the_zone_or_the_id() -> None:
    p = Pos()
    p.leader("marcus", "rome")
    st = p.state()
    assert [scenario_rules._name(st, x) for x in ("marcus", "quadi", "vindobona", "nowhere")] == [
        "Marcus", "Quadi", "Vindobona", "nowhere"]


def test_setup_kills_absent_leaders_and_gives_held_legions_to_their_usurper() -> None:
    p = Pos()
    p.leader("gone", "rome", title="caesar")
    p.leader("rebel", "antiochia", "E", title="usurper")
    p.unit("held", "emesa", "E")
    p.unit("loyal", "emesa", "R")
    p.unit("off", None, "E", status="pool")
    st = _with(p, {"kind": "absent", "leaders": ["gone"]},
               {"kind": "held_for_usurper", "usurper": "rebel", "units": ["held", "loyal", "off"]})
    scenario_rules.setup(st)
    g = st.leaders["gone"]
    assert (g.status, g.loc, g.title) == ("dead", None, None)
    assert st.rules["held"] == {"held": "emesa"}
    assert [st.units[u].usurper for u in ("held", "loyal", "off")] == ["rebel", None, None]


def _held_pos() -> ImperatorState:
    p = Pos()
    p.leader("rebel", "antiochia", "E", title="usurper")
    p.unit("held", "emesa", "E", usurper="rebel")
    st = p.state()
    st.rules["held"] = {"held": "emesa"}
    return st


def test_a_held_legion_stays_its_usurper_s_only_in_its_zone_while_he_stands() -> None:
    st = _held_pos()
    assert scenario_rules.held(st, "held") is True
    st.units["held"].loc = "antiochia"
    assert scenario_rules.held(st, "held") is False
    st = _held_pos()
    st.units["held"].usurper = None
    assert scenario_rules.held(st, "held") is False
    st = _held_pos()
    st.leaders["rebel"].title = None
    assert scenario_rules.held(st, "held") is False
    st = _held_pos()
    st.leaders["rebel"].status = "dead"
    assert scenario_rules.held(st, "held") is False
    st = _held_pos()
    st.rules["held"] = {}
    assert scenario_rules.held(st, "held") is False


def test_vp_for_a_death_before_a_year() -> None:
    for year, vp in ((191, 3), (192, 0)):
        p = Pos(year=year)
        p.leader("commode", None)
        st = _with(p, {"kind": "vp_on_death", "leader": "commode", "before": 192, "side": "enemy", "vp": 3},
                   {"kind": "vp_on_death", "leader": "other", "before": 300, "side": "roman", "vp": 5})
        out = Outcome()
        assert scenario_rules.on_leader_death(st, out, "commode") is False
        assert st.vp == {"rome": 0, "enemies": vp}
        assert out.public == (["Scenario: Commode died before 192: 3 VP to enemies."] if vp else [])


def test_a_sudden_death_needs_every_named_leader_dead() -> None:
    p = Pos()
    p.leader("a", None)
    p.leader("b", "rome")
    st = _with(p, {"kind": "sudden_death", "leaders": ["a", "b"], "winner": "roman"})
    st.leaders["a"].status = "dead"
    out = Outcome()
    assert scenario_rules.on_leader_death(st, out, "a") is False
    assert (st.game_over, out.public) == (False, [])
    st.leaders["b"].status = "dead"
    assert scenario_rules.on_leader_death(st, out, "c") is False  # not one of them
    assert scenario_rules.on_leader_death(st, out, "b") is True
    assert (st.game_over, st.result) == (True, {"winners": ["rome"], "summary": "Scenario: A, B dead, the game ends; rome wins.",
                                                 "level": "sudden death"})
    assert out.public == ["Scenario: A, B dead, the game ends; rome wins."]


def test_no_war_before_a_year() -> None:
    rule = {"kind": "no_war_before", "peoples": ["parthians", "quadi"], "year": 177}
    assert scenario_rules.war_barred(_with(Pos(176), rule), "quadi") == "Scenario: the Quadi may not go to war before 177"
    assert scenario_rules.war_barred(_with(Pos(177), rule), "quadi") is None
    assert scenario_rules.war_barred(_with(Pos(176), rule), "jazyges") is None


def test_scheduled_wars_start_in_phase_c_of_their_year() -> None:
    declared: list[str] = []

    def declare(st: ImperatorState, out: Outcome, pid: str) -> None:
        declared.append(pid)

    rules = ({"kind": "war_at", "year": 176, "peoples": ["quadi", "parthians"]},
             {"kind": "war_at", "year": 177, "peoples": ["jazyges"]})
    st = _with(Pos(176), *rules, at_war=["parthians"])
    out = Outcome()
    scenario_rules.phase_c(st, out, declare)
    assert declared == ["quadi"]
    assert out.public == ["Scenario: the Quadi go to war in 176."]


def _hold(units: int = 3, leader: bool = True, **rule: Any) -> tuple[ImperatorState, Outcome, bool]:
    p = Pos()
    for i in range(units):
        p.unit(f"foe{i}", "vindobona", "E", people="quadi")
    if leader:
        p.leader("chief", "vindobona", "E", people="quadi")
    r = {"kind": "hold_zones", "side": "enemy", "zones": ["vindobona", "aquincum"], "min_units": 2, "with_leader": True}
    r.update(rule)
    p.unit("foe_a", "aquincum", "E", people="quadi")
    p.unit("foe_b", "aquincum", "E", people="quadi")
    p.leader("chief2", "aquincum", "E", people="quadi")
    st = _with(p, r, phase="F")
    out = Outcome()
    return st, out, scenario_rules.end_of_turn(st, out)


def test_holding_every_named_zone_with_enough_units_and_a_leader_wins_at_once() -> None:
    st, out, won = _hold()
    assert (won, st.game_over) == (True, True)
    assert out.public == ["Scenario: enemies holds Vindobona, Aquincum at the end of 175 and wins at once."]
    assert st.result == {"winners": ["enemies"], "summary": out.public[0], "level": "sudden death"}


def test_holding_needs_the_units_the_leader_and_no_enemy_in_each_zone() -> None:
    assert _hold(units=1)[2] is False
    assert _hold(units=2)[2] is True
    assert _hold(leader=False)[2] is False
    assert _hold(leader=False, with_leader=False)[2] is True
    p_st, _out, _won = _hold()
    assert scenario_rules._holds(p_st, "E", "vindobona", 4, False) is False
    p_st.units["foe0"].mutiny = "mutinerie#1"
    assert scenario_rules._holds(p_st, "E", "vindobona", 3, False) is False
    assert scenario_rules._holds(p_st, "E", "vindobona", 2, False) is True
    p_st.leaders["chief"].pax = True
    assert scenario_rules._holds(p_st, "E", "vindobona", 2, True) is False
    p_st.leaders["chief"].pax = False
    p_st.units["foe1"].owner = "R"
    assert scenario_rules._holds(p_st, "E", "vindobona", 1, False) is False


def _rising(year: int = 176) -> Pos:
    p = Pos(year=year)
    p.leader("aug", "rome", title="augustus")
    p.leader("albinus", "antiochia")
    p.unit("l1", "antiochia", front="orient")
    p.unit("l2", "emesa", front="orient")
    p.unit("v1", "emesa", front="orient", kind="vexillation")
    p.unit("l3", "vindobona")
    p.unit("q", "caparcotna", "E", people="quadi")
    p.unit("gone", None, front="orient", status="pool")
    p.rules["scenario_rules"] = [{"kind": "war_at", "year": 300, "peoples": []},
                                 {"kind": "usurpation_at", "year": 176, "leader": "albinus", "fronts": ["orient"]}]
    return p


def test_a_scheduled_usurpation_takes_the_roman_units_of_its_fronts() -> None:
    st = _rising().state(phase="A")
    out = Outcome()
    scenario_rules.phase_a(st, out)
    assert out.public == ["§4.5: the usurpation of Albinus is proclaimed; civil war.",
                          "Scenario: Albinus is proclaimed in 176; the Orient Front goes over to him."]
    assert out.map_changed is True
    assert st.rules["scenario_done"] == [1]
    assert st.rules["held"] == {"l2": "emesa", "v1": "emesa"}
    assert st.defected_fronts == ["orient"]
    assert {u: (s.owner, s.usurper) for u, s in st.units.items()} == {
        "l1": ("E", "albinus"), "l2": ("E", "albinus"), "v1": ("E", "albinus"), "l3": ("R", None),
        "q": ("E", None), "gone": ("R", None)}
    assert (st.leaders["albinus"].title, st.leaders["albinus"].owner) == ("usurper", "E")
    out = Outcome()
    scenario_rules.phase_a(st, out)  # done once
    assert out.public == []


def test_a_scheduled_usurpation_waits_for_its_year_and_for_room_beside_two_usurpers() -> None:
    st = _rising(year=175).state(phase="A")
    scenario_rules.phase_a(st, Outcome())
    assert (st.leaders["albinus"].title, st.rules["scenario_done"]) == (None, [])
    p = _rising()
    p.leader("u1", "cyrene", "E", title="usurper")
    p.leader("u2", "raetia", "E", title="usurper")
    st = p.state(phase="A")
    out = Outcome()
    scenario_rules.phase_a(st, out)
    assert out.public == ["Scenario: Albinus cannot rise while two usurpers stand (§3.6); he waits."]
    assert (st.leaders["albinus"].title, st.rules["scenario_done"], st.units["l2"].owner) == (None, [], "R")


def test_a_scheduled_usurper_already_risen_dead_or_rebel_is_struck_off() -> None:
    for change in ("dead", "usurper", "rebel"):
        p = _rising()
        st = p.state(phase="A")
        ls = st.leaders["albinus"]
        if change == "dead":
            ls.status = "dead"
        elif change == "usurper":
            ls.title, ls.owner = "usurper", "E"
        else:
            ls.rebel = True
        out = Outcome()
        scenario_rules.phase_a(st, out)
        assert (out.public, st.rules["scenario_done"], st.units["l2"].owner) == ([], [1], "R")


def test_a_scheduled_usurpation_takes_units_by_where_they_stand_and_frees_their_own_fronts() -> None:
    """AMB-63: a legion of another Front standing in the named Front goes over (§4.5 A/ and B/
    take units by their zone), and its own Front leaves the §3.3 constraints, as in
    ``politics._join``; a legion of the named Front standing elsewhere stays loyal."""
    p = _rising()
    p.unit("d1", "emesa", front="danube")
    p.unit("o_away", "vindobona", front="orient")
    st = p.state(phase="A")
    out = Outcome()
    scenario_rules.phase_a(st, out)
    assert out.public[-1] == "Scenario: Albinus is proclaimed in 176; the Orient Front goes over to him."
    assert (st.units["d1"].owner, st.units["d1"].usurper) == ("E", "albinus")
    assert (st.units["o_away"].owner, st.units["o_away"].usurper) == ("R", None)
    assert st.rules["held"] == {"d1": "emesa", "l2": "emesa", "v1": "emesa"}
    assert st.defected_fronts == ["orient", "danube"]  # l1 goes over first, with Albinus (A/)


def test_an_enemy_leader_alone_in_the_zone_does_not_lead_the_holder_s_units() -> None:
    """A ``hold_zones`` rule with ``with_leader`` needs a leader of the holding side: Rome's
    leader standing alone among the Enemies' units does not count for them."""
    p = Pos()
    p.unit("foe0", "vindobona", "E", people="quadi")
    p.unit("foe1", "vindobona", "E", people="quadi")
    p.leader("legate", "vindobona")
    st = p.state(phase="F")
    assert scenario_rules._holds(st, "E", "vindobona", 2, True) is False
    assert scenario_rules._holds(st, "E", "vindobona", 2, False) is True


def test_one_vp_for_a_death_is_said_in_the_singular_form_too() -> None:
    p = Pos(year=191)
    p.leader("commode", None)
    st = _with(p, {"kind": "vp_on_death", "leader": "commode", "before": 192, "side": "roman", "vp": 1})
    out = Outcome()
    assert scenario_rules.on_leader_death(st, out, "commode") is False
    assert (st.vp, out.public) == ({"rome": 1, "enemies": 0}, ["Scenario: Commode died before 192: 1 VP to rome."])


def test_a_scheduled_war_of_another_year_does_not_hide_the_later_rules() -> None:
    declared: list[str] = []
    rules = ({"kind": "war_at", "year": 177, "peoples": ["jazyges"]},
             {"kind": "war_at", "year": 176, "peoples": ["quadi"]})
    st = _with(Pos(176), *rules)
    scenario_rules.phase_c(st, Outcome(), lambda s, o, pid: declared.append(pid))
    assert declared == ["quadi"]


def test_a_struck_off_scheduled_usurpation_does_not_hide_the_next_one() -> None:
    p = _rising()
    p.leader("niger", "vindobona")
    p.rules["scenario_rules"] = [{"kind": "usurpation_at", "year": 176, "leader": "niger", "fronts": ["danube"]},
                                 {"kind": "usurpation_at", "year": 176, "leader": "albinus", "fronts": ["orient"]}]
    st = p.state(phase="A")
    st.leaders["niger"].status = "dead"
    scenario_rules.phase_a(st, Outcome())
    assert st.rules["scenario_done"] == [0, 1]
    assert (st.leaders["niger"].title, st.leaders["albinus"].title) == (None, "usurper")


# -- session 9: the last survivors of phase_a ------------------------------------------------------


def test_a_scheduled_usurper_gets_no_stratagem_bonus_and_no_c_offer() -> None:
    """§4.5 with the scenario's schedule: the usurpation is not a chit's, so the usurper's rally
    and loyalty rolls get no bonus (0, not None), and the scenario names the Fronts that go over:
    no B/ roll for the rest of his Front and no C/ offer to spread."""
    st = _rising().state(phase="A")
    out = Outcome()
    scenario_rules.phase_a(st, out)
    assert st.usurper_bonus == {"albinus": 0}
    assert (st.pending, st.dice.rolls) == ([], [])
    assert len(out.public) == 2


def test_a_scheduled_usurpation_leaves_units_at_sea_mutinous_or_not_roman_and_counts_no_vexillation_front() -> None:
    """Only Roman units on land, loyal and not mutinous, go over with the named Fronts; a
    vexillation goes over without taking its Front out of the §3.3 constraints (as ``_join``)."""
    p = _rising()
    p.fleet = True
    p.unit("aboard", "emesa", front="orient")
    p.unit("mutinous", "emesa", front="orient")
    p.unit("ally", "emesa", people="parthians")
    p.unit("vx", "emesa", front="danube", kind="vexillation")
    st = p.state(phase="A")
    st.units["aboard"].fleet = "ravenna"
    st.units["mutinous"].mutiny = "mutinerie#1"
    scenario_rules.phase_a(st, Outcome())
    assert {u: st.units[u].owner for u in ("aboard", "mutinous", "ally", "vx")} == {
        "aboard": "R", "mutinous": "R", "ally": "R", "vx": "E"}
    assert st.defected_fronts == ["orient"]


def test_a_scheduled_usurpation_of_two_fronts_names_both_in_the_plural_line() -> None:
    p = _rising()
    p.rules["scenario_rules"][1]["fronts"] = ["orient", "danube"]
    st = p.state(phase="A")
    out = Outcome()
    scenario_rules.phase_a(st, out)
    assert out.public[-1] == "Scenario: Albinus is proclaimed in 176; the Orient Front, Danube Front go over to him."
    assert (st.units["l3"].owner, st.units["l3"].usurper) == ("E", "albinus")


def test_a_waiting_scheduled_usurper_does_not_hide_the_next_rule() -> None:
    """§3.6: Albinus waits beside two usurpers; the next scheduled rule (a dead leader's) is
    still read and struck off."""
    p = _rising()
    p.leader("u1", "cyrene", "E", title="usurper")
    p.leader("u2", "raetia", "E", title="usurper")
    p.leader("niger", "vindobona")
    p.rules["scenario_rules"].append({"kind": "usurpation_at", "year": 176, "leader": "niger", "fronts": ["danube"]})
    st = p.state(phase="A")
    st.leaders["niger"].status = "dead"
    scenario_rules.phase_a(st, Outcome())
    assert st.rules["scenario_done"] == [2]


def test_phase_a_without_scenario_rules_does_nothing() -> None:
    """A state whose rules carry no scenario rules at all (the key absent) schedules nothing."""
    st = _rising().state(phase="A")
    st.rules.pop("scenario_rules")
    out = Outcome()
    scenario_rules.phase_a(st, out)
    assert (out.public, st.rules["scenario_done"], st.leaders["albinus"].title) == ([], [], None)
