"""Tests that kill the mutants of rules/imperator/adjust.py (phase F, §9.2, §10) that the other
tests let live (issue 11, session 10): exact values and lines, positions built directly."""

from __future__ import annotations

from dataclasses import replace

import pytest
from imperator_builder import Pos

from rules.core.command import Outcome
from rules.core.errors import NotYetSupported
from rules.imperator import adjust
from rules.imperator.model import MUTINEERS, ImperatorState, PeopleDef, ZoneDef


def test_distances_count_land_steps_from_the_start() -> None:
    """§9.2.2 "nearest": steps over land edges only (the sea zone is never reached by land)."""
    st = Pos().state(phase="F")
    dist = adjust.distances(st, "rome")
    assert dist["rome"] == 0
    assert (dist["italia"], dist["raetia"], dist["ravenna"]) == (1, 1, 1)
    assert (dist["noricum"], dist["vindobona"], dist["jazyges"]) == (2, 2, 2)
    assert (dist["carnuntum"], dist["aquincum"], dist["quadi"]) == (3, 3, 4)
    assert "mare" not in dist and "antiochia" not in dist


def _armenia_pos(*units: tuple[str, str, str]) -> Pos:
    """The builder's map with an Armenia zone next to Parthia, the Armenia rules on; ``units`` =
    (id, zone, owner)."""
    p = Pos()
    p.rules = {**p.rules, "armenia": True}
    p.extra_zones.append(ZoneDef("armenia_z", "Armenia", peoples=("armenia",)))
    p.extra_edges.append(("armenia_z", "parthia", 0))
    for uid, zone, owner in units:
        p.unit(uid, zone, owner, front="orient")
    return p


def test_positional_vp_counts_each_item_once_with_its_line() -> None:
    """§10: every item of phase F's positional VP, with its value and its words. The units that do
    not count come first, so a loop that stops at them would miss the rest."""
    p = Pos()
    p.leader("usurp", "antiochia", "E", title="usurper")
    p.unit("arm", "vindobona", "R", people="armenia")  # the Armenia unit never counts (§10)
    p.unit("gone", None, "E", people="quadi", status="eliminated")
    p.unit("locked_q", None, "E", people="quadi", status="locked")
    p.unit("quadi_in", "italia", "E", people="quadi")
    p.unit("quadi_front", "vindobona", "E", people="quadi")
    p.unit("cohort", "rome", "R", front="interior", kind="garrison")  # not a Praetorian cohort
    p.unit("rebel_leg", "rome", "E", front="orient")  # a rebel's legion is not the Roman player's
    p.unit("vex_s", "rome", "R", front="southern", kind="vexillation")
    p.unit("gar_o", "italia", "R", front="orient", kind="garrison")
    p.unit("defected", "rome", "R", front="british")
    p.unit("leg_d", "rome", "R", front="danube")
    p.unit("leg_r", "italia", "R", front="rhine")
    st = p.state(phase="F", armenia="roman", defected_fronts=["british"])
    st.rules = {**st.rules, "armenia": True}
    st.units["locked_q"].loc = "italia"  # off the map: its zone is ignored
    out = Outcome()
    adjust.positional_vp(st, out)
    assert out.public == [
        "§10 (phase F): -5 VP to rome (+1 Armenia is Roman, -6 2 Fronts with units out but not a Reserve Front).",
        "§10 (phase F): +8 VP to enemies (+3 a usurpation in progress, +1 no Praetorian cohort in Rome, "
        "+3 Quadi In in an interior province, +1 Quadi Front in a Front).",
    ]
    assert (st.vp, out.citations) == ({"rome": -5, "enemies": 8}, ["§10"])


def test_positional_vp_one_front_out_and_armenia_parthian() -> None:
    """§10: one Front out (the singular line); a Parthian Armenia is the Enemies' point; a
    Reserve Front covers its own units only (AMB-38)."""
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    p.unit("praet", "rome", "R", front="interior", kind="garrison", praetorian=True)
    p.unit("leg_d", "rome", "R", front="danube")
    p.unit("leg_o", "rome", "R", front="orient")
    st = p.state(phase="F", armenia="parthian", reserve_fronts=["orient"])
    st.rules = {**st.rules, "armenia": True}
    out = Outcome()
    adjust.positional_vp(st, out)
    assert out.public == [
        "§10 (phase F): -1 VP to rome (+1 an Augustus in Rome, +1 no civil war, -3 1 Front with units out but not a Reserve Front).",
        "§10 (phase F): +1 VP to enemies (+1 Armenia is Parthian).",
    ]


def test_armenia_counts_by_default_and_not_when_the_option_is_off() -> None:
    """§4.2: Armenia's point is part of the game unless the scenario leaves Armenia out."""
    p = Pos()
    p.unit("praet", "rome", "R", front="interior", kind="garrison", praetorian=True)
    st = p.state(phase="F", armenia="roman")
    st.rules = {k: v for k, v in st.rules.items() if k != "armenia"}
    out = Outcome()
    adjust.positional_vp(st, out)
    assert out.public == ["§10 (phase F): +2 VP to rome (+1 Armenia is Roman, +1 no civil war)."]
    st = p.state(phase="F", armenia="roman")
    st.rules = {**st.rules, "armenia": False}
    out = Outcome()
    adjust.positional_vp(st, out)
    assert out.public == ["§10 (phase F): +1 VP to rome (+1 no civil war)."]


def test_armenia_changes_hands_when_its_holder_is_driven_out() -> None:
    """§4.2: the side without Armenia that alone holds the Armenia zone flips it in phase F."""
    st = _armenia_pos(("parth", "armenia_z", "E")).state(phase="F", armenia="roman")
    out = Outcome()
    adjust.armenia_conquest(st, out)
    assert (st.armenia, out.public, out.citations) == ("parthian", ["Armenia is now Parthian."], ["§4.2"])
    st = _armenia_pos(("leg", "armenia_z", "R")).state(phase="F", armenia="parthian")
    out = Outcome()
    adjust.armenia_conquest(st, out)
    assert (st.armenia, out.public, out.citations) == ("roman", ["Armenia is now Roman."], ["§4.2"])


@pytest.mark.parametrize(
    ("units", "armenia"),
    [
        ((), "roman"),  # nobody there
        ((("parth", "armenia_z", "E"), ("leg", "armenia_z", "R")), "roman"),  # the holder still there
        ((("mut", "armenia_z", MUTINEERS),), "roman"),  # mutineers are not the other side
        ((("leg", "armenia_z", "R"),), "roman"),  # the holder alone
    ],
)
def test_armenia_stays_when_its_holder_is_not_driven_out(units: tuple[tuple[str, str, str], ...], armenia: str) -> None:
    st = _armenia_pos(*units).state(phase="F", armenia=armenia)
    out = Outcome()
    adjust.armenia_conquest(st, out)
    assert (st.armenia, out.public, out.citations) == (armenia, [], [])


def test_armenia_conquest_is_off_without_armenia_and_on_by_default() -> None:
    st = _armenia_pos(("parth", "armenia_z", "E")).state(phase="F", armenia="roman")
    st.rules = {**st.rules, "armenia": False}
    adjust.armenia_conquest(st, Outcome())
    assert st.armenia == "roman"
    st.rules = {k: v for k, v in st.rules.items() if k != "armenia"}
    adjust.armenia_conquest(st, Outcome())
    assert st.armenia == "parthian"


def test_threatened_means_a_hostile_roman_or_a_people_at_war_here_or_next_door() -> None:
    """§9.2.2: a rebel Roman unit next door threatens; a People's unit threatens only at war."""
    p = Pos()
    p.unit("rebel", "italia", "E", front="danube")
    p.unit("quadi_u", "carnuntum", "E", people="quadi")
    st = p.state(phase="F")
    assert (adjust.threatened(st, "rome"), adjust.threatened(st, "noricum"), adjust.threatened(st, "raetia")) == (True, True, False)
    st.at_war = []
    st.units["rebel"].loc = "cyrene"
    assert adjust.threatened(st, "noricum") is False
    st.at_war = ["quadi"]
    assert adjust.threatened(st, "noricum") is True


def test_interior_zones_nearest_first_then_by_id_unreachable_last() -> None:
    """§9.2.2: interior zones free of the enemy, with a city when asked, nearest to ``near``
    first; a zone with no land path comes last; an unknown ``near`` keeps the id order."""
    p = Pos()
    p.extra_zones.append(ZoneDef("capri", "Capri", front="interior", city=True))
    p.unit("quadi_u", "noricum", "E", people="quadi")
    st = p.state(phase="F")
    assert adjust.interior_zones(st, False) == ["capri", "italia", "ravenna", "rome"]
    assert adjust.interior_zones(st, True) == ["capri", "italia", "rome"]
    assert adjust.interior_zones(st, False, "ravenna") == ["ravenna", "rome", "italia", "capri"]
    assert adjust.interior_zones(st, True, "vindobona") == ["italia", "rome", "capri"]
    assert adjust.interior_zones(st, False, "nowhere") == ["capri", "italia", "ravenna", "rome"]


def test_home_options_by_kind_of_unit() -> None:
    """§9.2.2: a unit with no home goes to any interior zone, reduced; a garrison (or a unit of
    the interior) whose city is held goes to an interior zone with a city, nearest first; a
    legion whose camp is held goes to the nearest free camps, or to any interior zone nearest
    first when every camp is held; all reduced."""
    p = Pos()
    p.unit("nohome", None, "R", front="danube", status="eliminated")
    p.unit("gar", None, "R", front="danube", kind="garrison", home="ravenna", status="eliminated")
    p.unit("int_leg", None, "R", front="interior", home="ravenna", status="eliminated")
    p.unit("leg", None, "R", front="danube", home="vindobona", status="eliminated")
    p.unit("leg_free", None, "R", front="danube", home="carnuntum", status="eliminated")
    p.unit("rebel", "ravenna", "E", front="interior")
    p.unit("rebel2", "vindobona", "E", front="interior")
    st = p.state(phase="F")
    assert adjust.home_options(st, "nohome") == (["italia", "noricum", "rome"], True)
    assert adjust.home_options(st, "leg_free") == (["carnuntum"], False)
    assert adjust.home_options(st, "gar") == (["rome", "italia"], True)
    assert adjust.home_options(st, "int_leg") == (["rome", "italia"], True)
    assert adjust.home_options(st, "leg") == (["aquincum", "carnuntum"], True)
    for camp in ("aquincum", "carnuntum", "raetia", "antiochia", "emesa", "caparcotna"):
        p.unit(f"r_{camp}", camp, "E", front="interior")
    st = p.state(phase="F")
    assert adjust.home_options(st, "leg") == (["italia", "noricum", "rome"], True)


def _decisions(st: ImperatorState) -> list[tuple[str, str, str, list[list[str]], str, str, dict[str, object]]]:
    return [(d["role"], d["kind"], d["prompt"], d["choices"], d["default"], d["section"], d["data"])
            for d in st.pending]


def test_reduce_legions_asks_for_each_legion_when_the_choice_matters() -> None:
    """§9.2.3: the Roman player picks which legions turn; one question names how many are left."""
    p = Pos()
    legions = p.legions(3, "vindobona")
    st = p.state(phase="F")
    adjust.reduce_legions(st, "danube", 2)
    assert _decisions(st) == [(
        "R", "reduce_legion", "§9.2.3: 2 legions of the Danube Front must turn to their reduced side; choose one.",
        [[u, u.title()] for u in legions], "leg0", "§9.2.3", {"front": "danube", "need": 2})]
    st = p.state(phase="F")
    adjust.reduce_legions(st, "danube", 1)
    assert [d[2] for d in _decisions(st)] == ["§9.2.3: 1 legion of the Danube Front must turn to its reduced side; choose it."]
    assert [u for u in legions if st.units[u].reduced] == []


def test_a_vexillation_back_in_the_pool_and_one_left_alone() -> None:
    """§9.2.2 exception: a vexillation eliminated (or removed) this year goes back to the pool on
    its full side, the Roman player's again; one already in the pool stays there."""
    p = Pos()
    p.unit("v_removed", None, "E", kind="vexillation", status="removed", reduced=True)
    p.unit("v_pool", None, "R", kind="vexillation", status="pool")
    st = p.state(phase="F")
    for uid in ("v_removed", "v_pool"):
        adjust._adjust_vex(st, Outcome(), uid)
    us = st.units["v_removed"]
    assert (us.status, us.reduced, us.owner, us.loc) == ("pool", False, "R", None)
    assert (st.units["v_pool"].status, st.units["v_pool"].loc) == ("pool", None)


def test_a_vexillation_in_the_open_is_reduced_and_a_reduced_one_dissolves() -> None:
    """§9.2.2: in a zone of the Empire with no camp or city a full vexillation turns to its
    reduced side; a reduced one is dissolved (back to the pool, full side), with a line."""
    p = Pos()
    p.unit("v_full", "noricum", kind="vexillation")
    p.unit("v_red", "noricum", kind="vexillation", reduced=True)
    p.unit("v_camp", "vindobona", kind="vexillation", reduced=True)
    st = p.state(phase="F")
    out = Outcome()
    for uid in ("v_full", "v_red", "v_camp"):
        adjust._adjust_vex(st, out, uid)
    assert [(u.status, u.loc, u.reduced) for u in (st.units[x] for x in ("v_full", "v_red", "v_camp"))] == [
        ("map", "noricum", True), ("pool", None, False), ("map", "vindobona", True)]
    assert out.public == ["§9.2.2: V Red, already reduced in a zone with no camp or city, is dissolved."]


def test_a_vexillation_outside_goes_to_a_nearest_camp_with_its_own_leaders() -> None:
    """§9.2.2: outside the Empire a vexillation goes to the nearest camp, its owner picking among
    equally near ones; the leaders of its side go with it, the other side's stay."""
    p = Pos()
    p.extra_edges.append(("jazyges", "vindobona", 0))
    p.unit("vex", "jazyges", kind="vexillation")
    p.leader("dux", "jazyges")
    p.leader("hostis", "jazyges", "E")
    st = p.state(phase="F")
    adjust._adjust_vex(st, Outcome(), "vex")
    assert (st.units["vex"].loc, st.leaders["dux"].loc, st.leaders["hostis"].loc) == ("aquincum", "aquincum", "jazyges")
    assert _decisions(st) == [(
        "R", "place_pieces", "§9.2.2: choose where Vex, Dux go.", [["aquincum", "Aquincum"], ["vindobona", "Vindobona"]],
        "aquincum", "§9.2.2", {"pieces": ["vex", "dux"], "shelter": False})]


def test_a_pacified_major_people_goes_home_and_its_dead_leaders_stay_dead() -> None:
    """§6.1, §9.2.4: with two home zones the Enemies of Rome pick the zone of each unit and of each
    leader on the map; a leader who is dead is not placed (only one killed this year, status
    "returning", comes back)."""
    p = Pos()
    p.extra_zones.append(ZoneDef("quadi_b", "Quadi B", peoples=("quadi",)))
    p.extra_edges.append(("quadi_b", "germ_n", 0))
    p.unit("q1", "noricum", "E", people="quadi", reduced=True)
    p.leader("rex", "noricum", "E", people="quadi")
    p.leader("mortuus", None, "E", people="quadi")
    st = p.state(phase="F", at_war=["quadi"])
    st.leaders["mortuus"].status = "dead"
    adjust.redeploy_home(st, Outcome(), "quadi", "§6.1")
    assert (st.units["q1"].loc, st.units["q1"].reduced, st.leaders["rex"].loc, st.leaders["rex"].pax) == ("quadi", False, "quadi", True)
    assert (st.leaders["mortuus"].status, st.leaders["mortuus"].loc, st.leaders["mortuus"].pax) == ("dead", None, True)
    assert [(d[0], d[1], d[2], d[6]) for d in _decisions(st)] == [
        ("E", "place_pieces", "§6.1: choose where Q1 goes.", {"pieces": ["q1"], "shelter": False}),
        ("E", "place_pieces", "§6.1: choose where Rex goes.", {"pieces": ["rex"], "shelter": False}),
    ]


def _phase_f(p: Pos, **kw: object) -> tuple[ImperatorState, Outcome]:
    st = p.state(phase="F", **kw)
    out = Outcome()
    adjust.adjustments(st, out)
    return st, out


def test_osrhoene_and_adiabene_leave_in_phase_f_of_195_only() -> None:
    """§4.2, D-07: from phase F of 195 their units leave the game, their leaders die, they are no
    longer at war; before 195 nothing happens."""
    p = Pos(year=195)
    p.unit("osr", "parthia", "E", people="osrhoene")
    p.unit("adi", None, "E", people="adiabene", status="eliminated")
    p.leader("osr_rex", "parthia", "E", people="osrhoene")
    st, out = _phase_f(p, at_war=["osrhoene"])
    assert out.public == ["§4.2: Osrhoene and Adiabene leave the game; their zones join the Orient Front."]
    assert out.citations == ["§9.2", "§4.2"]
    assert [(st.units[u].status, st.units[u].loc) for u in ("osr", "adi")] == [("gone", None), ("gone", None)]
    assert (st.leaders["osr_rex"].status, st.leaders["osr_rex"].loc, st.at_war) == ("dead", None, [])
    p.year = 194
    st, out = _phase_f(p, at_war=["osrhoene"])
    assert (out.public, st.units["osr"].status, st.at_war) == ([], "map", ["osrhoene"])


def test_a_fleet_at_sea_in_phase_f_is_lost_with_its_leaders() -> None:
    """§9.2.1 (IMP-058): the fleet is lost until year + 6, the leaders aboard die, the legion
    aboard is eliminated and comes back at once under §9.2.2 (its home, full side)."""
    p = Pos()
    p.fleet = True
    p.unit("mar", "ravenna", "R", front="interior")
    p.leader("adm", "ravenna")
    st = p.state(phase="F")
    st.fleets["ravenna"].at = "mare"
    st.units["mar"].fleet = st.leaders["adm"].fleet = "ravenna"
    out = Outcome()
    adjust.adjustments(st, out)
    assert out.public == ["§9.2.1: the Ravenna is lost at sea; back in 181.", "§9.2.1: Mar, aboard, is lost with the fleet.",
                          "§9.2.1: Adm is dead (lost at sea with the fleet)."]
    assert (st.fleets["ravenna"].status, st.fleets["ravenna"].back_year) == ("lost", 181)
    us = st.units["mar"]
    assert (us.status, us.loc, us.fleet, us.reduced, st.leaders["adm"].status) == ("map", "ravenna", None, False, "dead")


def test_roman_units_outside_go_home_reduced_their_leaders_follow_a_lone_leader_dies() -> None:
    """§9.2.2: a Roman unit outside the Empire goes home on its reduced side; a leader with such
    units follows one of them (the player picks when they split); a leader alone outside dies;
    the Enemies' leaders outside are not the Roman player's concern."""
    p = Pos()
    p.unit("leg", "quadi", "R", home="vindobona")
    p.unit("leg2", "quadi", "R", home="carnuntum")
    p.leader("dux", "quadi")
    p.leader("solus", "germ_far")
    p.leader("hostis", "germ_n", "E")
    st, out = _phase_f(p)
    assert out.public == [
        "§9.2.2: Solus is dead (stranded alone outside the Empire).",
        "§9.2: 2 counters go back: Leg (Quadi → Vindobona), Leg2 (Quadi → Carnuntum).",
        "§9.2: 1 leader goes back: Dux (Quadi → Vindobona).",
        "§9.2: 2 counters turn to their reduced side: Leg (Vindobona), Leg2 (Carnuntum).",
    ]
    assert (st.leaders["dux"].loc, st.leaders["solus"].status, st.leaders["hostis"].loc) == ("vindobona", "dead", "germ_n")
    assert _decisions(st) == [("R", "follow_unit", "§9.2.2: which unit does Dux go with?", [["leg", "Leg"], ["leg2", "Leg2"]],
                               "leg", "§9.2.2", {"pieces": ["dux"]})]


def test_a_usurper_s_eliminated_units_come_back_where_he_stands() -> None:
    """§9.2.2: a rebel unit eliminated this year comes back with its usurper (full side in a city
    or camp, reduced elsewhere); once he is dead it is the Roman player's again, at home."""
    p = Pos()
    p.leader("usurp", "italia", "E", title="usurper")
    p.leader("usurp2", "noricum", "E", title="usurper")
    p.leader("late", None, "E")
    p.unit("rl", None, "E", status="eliminated", usurper="usurp")
    p.unit("rl2", None, "E", status="eliminated", usurper="usurp2")
    p.unit("rl3", None, "E", status="eliminated", usurper="late", home="vindobona")
    st = p.state(phase="F")
    st.leaders["late"].status = "dead"
    out = Outcome()
    adjust.adjustments(st, out)
    assert out.public == ["§9.2: 3 counters rebuilt: Rl (Italia, full), Rl2 (Noricum, reduced), Rl3 (Vindobona, full)."]
    assert [(s.status, s.loc, s.reduced, s.owner, s.usurper) for s in (st.units[u] for u in ("rl", "rl2", "rl3"))] == [
        ("map", "italia", False, "E", "usurp"), ("map", "noricum", True, "E", "usurp2"), ("map", "vindobona", False, "R", None)]


def test_peoples_with_no_unit_left_are_pacified_by_force() -> None:
    """§9.2.4: a People at war with no unit left is pacified: 2 VP for a Major People, 1 for a
    minor one, out of the war until year + 6; a minor People's units are locked until then, a
    Major People's come back home (§4.1)."""
    p = Pos()
    p.unit("q1", None, "E", people="quadi", status="eliminated")
    p.unit("j1", None, "E", people="jazyges", status="eliminated")
    st = p.state(phase="F", at_war=["quadi", "jazyges"])
    st.board.peoples["jazyges"] = replace(st.board.peoples["jazyges"], major=False)
    out = Outcome()
    adjust.adjustments(st, out)
    assert out.public == ["§9.2.4: the Quadi are pacified by force; 2 VP to rome.",
                          "§9.2.4: the Jazyges are pacified by force; 1 VP to rome.",
                          "§9.2: 1 counter rebuilt: Q1 (Quadi, full)."]
    assert (st.at_war, st.locked, st.vp) == ([], {"quadi": 181, "jazyges": 181}, {"rome": 3, "enemies": 0})
    assert [(s.status, s.loc, s.back_year) for s in (st.units[u] for u in ("q1", "j1"))] == [
        ("map", "quadi", 0), ("locked", None, 181)]


def test_the_armenia_unit_comes_back_to_armenia_on_the_holder_s_side() -> None:
    """§4.2 with §9.2: an eliminated Armenia unit comes back in the Armenia zone, full, owned by
    the side that controls Armenia."""
    p = _armenia_pos()
    p.unit("arm", None, "R", people="armenia", status="eliminated", reduced=True)
    st, out = _phase_f(p, armenia="parthian")
    assert out.public == ["§9.2: 1 counter rebuilt: Arm (Armenia, full)."]
    assert (st.units["arm"].status, st.units["arm"].loc, st.units["arm"].reduced, st.units["arm"].owner) == (
        "map", "armenia_z", False, "E")


def test_a_usurper_and_a_rebel_unit_in_rome_win_in_phase_f() -> None:
    """§4.5 success A/: checked in phase F after the VP: a rebel Roman leader and a rebel Roman
    unit in Rome; the Roman player's own leader and unit there are not rebels."""
    p = Pos()
    p.leader("aug", "antiochia", title="augustus")
    p.leader("usurp", "rome", "E", title="usurper")
    p.unit("rl", "rome", "E", front="danube")
    p.unit("praet", "rome", "E", front="interior", kind="garrison", praetorian=True)
    out = Outcome()
    adjust.positional_vp(p.state(phase="F"), out)
    assert out.public == ["§10 (phase F): +3 VP to enemies (+3 a usurpation in progress).",
                          "§4.5 (success A/): the usurpation of Usurp succeeds; the players change roles in phase A."]
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    p.leader("usurp", "antiochia", "E", title="usurper")
    p.unit("praet", "rome", "R", front="interior", kind="garrison", praetorian=True)
    out = Outcome()
    adjust.positional_vp(p.state(phase="F"), out)
    assert out.public == ["§10 (phase F): +1 VP to rome (+1 an Augustus in Rome).",
                          "§10 (phase F): +3 VP to enemies (+3 a usurpation in progress)."]


def test_only_osrhoene_and_adiabene_leave_and_only_once() -> None:
    """§4.2, D-07: other counters stay; in a later phase F (or with nothing of theirs left) there
    is nothing to say."""
    p = Pos(year=195)
    p.unit("osr", "parthia", "E", people="osrhoene", reduced=True)
    p.unit("parth", "parthia", "E", people="parthians")
    p.unit("leg", "antiochia", "R", front="orient")
    p.leader("osr_rex", "parthia", "E", people="osrhoene")
    p.leader("surena", "parthia", "E", people="parthians")
    st = p.state(phase="F", at_war=["parthians"])
    out = Outcome()
    adjust.remove_osrhoene_adiabene(st, out)
    assert (st.units["osr"].status, st.units["osr"].reduced, st.leaders["osr_rex"].status) == ("gone", False, "dead")
    assert [st.units[u].status for u in ("parth", "leg")] == ["map", "map"]
    assert (st.leaders["surena"].status, st.at_war, len(out.public)) == ("map", ["parthians"], 1)
    st.year = 196
    out = Outcome()
    adjust.remove_osrhoene_adiabene(st, out)
    assert (out.public, out.citations) == ([], [])
    st = Pos(year=195).state(phase="F")
    out = Outcome()
    adjust.remove_osrhoene_adiabene(st, out)
    assert (out.public, out.citations) == ([], [])


def test_a_fleet_in_port_or_already_lost_is_not_lost_again() -> None:
    """§9.2.1: only a fleet on the map and at sea is lost."""
    p = Pos()
    p.fleet = True
    st = p.state(phase="F")
    out = Outcome()
    adjust.adjustments(st, out)
    assert (st.fleets["ravenna"].status, out.public) == ("map", [])
    st.fleets["ravenna"].status, st.fleets["ravenna"].at, st.fleets["ravenna"].back_year = "lost", "mare", 178
    adjust.adjustments(st, out)
    assert (st.fleets["ravenna"].status, st.fleets["ravenna"].back_year, out.public) == ("lost", 178, [])


def test_move_pieces_leaves_a_leader_off_the_map_where_he_is() -> None:
    """The answer of a ``place_pieces`` decision moves units and the leaders still on the map."""
    p = Pos()
    p.unit("leg", "vindobona")
    p.leader("dux", "vindobona")
    p.leader("mortuus", None)
    st = p.state(phase="F")
    st.leaders["mortuus"].status = "dead"
    adjust.move_pieces(st, ["leg", "dux", "mortuus"], "italia")
    assert (st.units["leg"].loc, st.leaders["dux"].loc, st.leaders["mortuus"].loc) == ("italia", "italia", None)


def test_a_legion_lost_at_sea_with_every_zone_held_stays_off_the_map() -> None:
    """§9.2.1 with §9.2.2 (AMB-76): the legion of a lost fleet is eliminated; when the enemy holds
    its home and every interior zone with a city it is not rebuilt (a line says so)."""
    p = Pos()
    p.fleet = True
    p.unit("mar", "ravenna", "R", front="interior")
    for zone in ("italia", "noricum", "rome", "ravenna"):
        p.unit(f"h_{zone}", zone, "E", people="quadi")
    st = p.state(phase="F", at_war=["quadi"])
    st.fleets["ravenna"].at = "mare"
    st.units["mar"].fleet = "ravenna"
    out = Outcome()
    adjust.adjustments(st, out)
    assert out.public == ["§9.2.1: the Ravenna is lost at sea; back in 181.", "§9.2.1: Mar, aboard, is lost with the fleet.",
                          "§9.2.2: Mar is not rebuilt: the enemy holds every zone open to it."]
    assert (st.units["mar"].status, st.units["mar"].loc, st.units["mar"].fleet) == ("eliminated", None, None)


def test_phase_f_adjusts_the_roman_player_s_units_only_and_skips_mutineers() -> None:
    """§9.2.2: mutineers are left alone (AMB-43) and the units after them are still adjusted; a
    usurper's unit and the usurper outside the Empire stay there (his units only turn); a
    garrison away from its city in a quiet interior zone goes home."""
    p = Pos()
    p.unit("a_mut", "quadi", "R")
    p.unit("b_leg", "quadi", "R", home="vindobona")
    p.unit("c_rebel", "quadi", "E", home="carnuntum")
    p.leader("usurp", "quadi", "E", title="usurper")
    p.unit("d_gar", "italia", "R", kind="garrison", home="rome")
    st = p.state(phase="F")
    st.units["a_mut"].mutiny = "mutinerie"
    out = Outcome()
    adjust.adjustments(st, out)
    assert out.public == [
        "§9.2: 2 counters go back: B Leg (Quadi → Vindobona), D Gar (Italia → Roma).",
        "§9.2: 2 counters turn to their reduced side: B Leg (Vindobona), C Rebel (Quadi).",
    ]
    assert [(u, s.loc, s.reduced, s.owner) for u, s in st.units.items()] == [
        ("a_mut", "quadi", False, "R"), ("b_leg", "vindobona", True, "R"), ("c_rebel", "quadi", True, "E"),
        ("d_gar", "rome", False, "R")]
    assert (st.leaders["usurp"].loc, st.pending) == ("quadi", [])


def test_a_legion_whose_camp_is_held_is_offered_the_nearest_free_camps() -> None:
    """§9.2.2: a legion in its own Front, not threatened, whose home camp is held by the enemy
    goes to one of the nearest free camps, the Roman player picking (here: stay or move)."""
    p = Pos()
    p.unit("leg", "carnuntum", "R", home="vindobona")
    p.unit("quadi_u", "vindobona", "E", people="quadi")  # at peace: holds the camp, threatens nobody
    st = p.state(phase="F")
    adjust.adjustments(st, Outcome())
    assert (st.units["leg"].loc, st.units["leg"].reduced) == ("aquincum", False)
    assert _decisions(st) == [("R", "place_pieces", "§9.2.2: choose where Leg goes.",
                               [["aquincum", "Aquincum"], ["carnuntum", "Carnuntum"]], "aquincum", "§9.2.2",
                               {"pieces": ["leg"], "shelter": True})]


def test_a_legion_with_nowhere_to_go_stays_and_is_sheltered() -> None:
    """§9.2.2: with no home and every interior zone held, a legion stays where it is; in a camp a
    reduced legion turns back to its full side."""
    p = Pos()
    p.unit("leg", "vindobona", "R", reduced=True)
    for zone in ("italia", "noricum", "rome", "ravenna"):
        p.unit(f"q_{zone}", zone, "E", people="quadi")
    st = p.state(phase="F")
    st.board.units["leg"] = replace(st.udef("leg"), home=None)
    out = Outcome()
    adjust.adjustments(st, out)
    assert (st.units["leg"].loc, st.units["leg"].reduced, st.pending) == ("vindobona", False, [])
    assert out.public == ["§9.2: 1 counter restored to full strength: Leg (Vindobona)."]


def test_rome_held_by_one_rebel_piece_is_not_a_usurpation_success() -> None:
    """§4.5 A/ needs both a rebel leader and a rebel unit in Rome: the Roman player's own leader
    or unit there does not complete it."""
    for rebel_leader, rebel_unit in (("rome", "vindobona"), ("antiochia", "rome")):
        p = Pos()
        p.leader("aug", "rome", title="augustus")
        p.unit("praet", "rome", "R", front="interior", kind="garrison", praetorian=True)
        p.leader("usurp", rebel_leader, "E", title="usurper")
        p.unit("rl", rebel_unit, "E", front="danube")
        st = p.state(phase="F")
        out = Outcome()
        adjust.positional_vp(st, out)
        assert (st.leaders["usurp"].title, out.public[-1]) == ("usurper", "§10 (phase F): +3 VP to enemies (+3 a usurpation in progress).")


def test_a_parthian_armenia_held_by_both_sides_stays_parthian() -> None:
    st = _armenia_pos(("parth", "armenia_z", "E"), ("leg", "armenia_z", "R")).state(phase="F", armenia="parthian")
    adjust.armenia_conquest(st, Outcome())
    assert st.armenia == "parthian"


def test_the_195_departure_is_said_when_only_a_unit_leaves() -> None:
    p = Pos(year=195)
    p.unit("osr", "parthia", "E", people="osrhoene")
    st = p.state(phase="F")
    out = Outcome()
    adjust.remove_osrhoene_adiabene(st, out)
    assert out.public == ["§4.2: Osrhoene and Adiabene leave the game; their zones join the Orient Front."]


def test_leaders_follow_a_unit_whose_own_zone_is_still_to_be_picked() -> None:
    """§9.2.2: when the unit's zone is still the player's pick, its leaders are asked which unit
    they follow (answered after the unit's placement); a unit with one way home needs no question;
    a zone outside with no leader does not stop the next one."""
    p = Pos()
    p.unit("leg", "jazyges", "R", home="vindobona")
    p.unit("quadi_u", "vindobona", "E", people="quadi")  # at peace: holds the camp
    p.leader("dux", "jazyges")
    p.leader("legatus", "jazyges")
    p.unit("a_alone", "germ_far", "R", home="raetia")
    st = p.state(phase="F")
    adjust.adjustments(st, Outcome())
    assert [(d[1], d[2], d[3], d[6]) for d in _decisions(st)] == [
        ("place_pieces", "§9.2.2: choose where Leg goes.", [["aquincum", "Aquincum"], ["carnuntum", "Carnuntum"]],
         {"pieces": ["leg"], "shelter": False}),
        ("follow_unit", "§9.2.2: which unit do Dux, Legatus go with?", [["leg", "Leg"]], {"pieces": ["dux", "legatus"]}),
    ]
    assert (st.leaders["dux"].loc, st.units["a_alone"].loc) == ("aquincum", "raetia")
    p = Pos()
    p.unit("leg", "jazyges", "R", home="vindobona")
    p.leader("dux", "jazyges")
    st = p.state(phase="F")
    adjust.adjustments(st, Outcome())
    assert (st.units["leg"].loc, st.leaders["dux"].loc, st.pending) == ("vindobona", "vindobona", [])


def test_removed_roman_units_are_rebuilt_and_the_player_picks_among_near_camps() -> None:
    """§9.2.2: a unit removed this year is rebuilt like an eliminated one; with its camp held the
    Roman player picks among the nearest free camps."""
    p = Pos()
    p.unit("leg", None, "R", home="vindobona", status="removed")
    p.unit("quadi_u", "vindobona", "E", people="quadi")
    st = p.state(phase="F")
    adjust.adjustments(st, Outcome())
    assert (st.units["leg"].status, st.units["leg"].loc, st.units["leg"].reduced) == ("map", "aquincum", True)
    assert _decisions(st) == [("R", "place_pieces", "§9.2.2: choose where Leg goes.",
                               [["aquincum", "Aquincum"], ["carnuntum", "Carnuntum"]], "aquincum", "§9.2.2",
                               {"pieces": ["leg"], "shelter": False})]


def test_every_front_s_vexillations_are_counted() -> None:
    """§9.2.3 for each of the five Fronts: a vexillation with no legion of its Front is withdrawn."""
    p = Pos()
    for front in ("southern", "orient", "danube", "rhine", "british"):
        p.unit(f"v_{front}", "vindobona", front=front, kind="vexillation")
    st = p.state(phase="F")
    out = Outcome()
    adjust.adjustments(st, out)
    assert out.public[:5] == [f"§9.2.3: V {f.title()} is withdrawn (too few legions)."
                              for f in ("british", "rhine", "danube", "orient", "southern")]


def test_peoples_unknown_to_the_map_are_skipped_and_removed_units_still_count() -> None:
    """§9.2.4: a People at war that the board does not know is passed over, not the ones after it;
    a unit removed this year still counts as alive (AMB-34): no pacification, it comes back home."""
    p = Pos()
    p.unit("q1", None, "E", people="quadi", status="removed")
    st = p.state(phase="F", at_war=["atlantes", "quadi", "jazyges"])
    out = Outcome()
    adjust.adjustments(st, out)
    assert (st.at_war, st.locked, st.units["q1"].status, st.units["q1"].loc) == (["atlantes", "quadi"], {"jazyges": 181}, "map", "quadi")
    assert out.public[0] == "§9.2.4: the Jazyges are pacified by force; 2 VP to rome."


def test_vexillations_withdrawn_by_the_player_or_all_at_once() -> None:
    """§9.2.3: with vexillations that differ and fewer to withdraw than there are, the Roman player
    picks (one question, the weakest by default); when all must go, or they are alike, no
    question; the legions left to reduce are counted for the vexillations that stay."""
    p = Pos()
    p.unit("v1", "vindobona", kind="vexillation")
    p.unit("v2", "vindobona", kind="vexillation", reduced=True)
    p.unit("v3", "aquincum", kind="vexillation")
    st = p.state(phase="F")
    out = Outcome()
    adjust.vexillation_check(st, out, "danube")
    assert (out.public, [st.units[v].status for v in ("v1", "v2", "v3")], st.pending) == (
        ["§9.2.3: V1 is withdrawn (too few legions).", "§9.2.3: V2 is withdrawn (too few legions).",
         "§9.2.3: V3 is withdrawn (too few legions)."], ["pool", "pool", "pool"], [])
    legions = p.legions(3, "vindobona")
    st = p.state(phase="F")
    adjust.vexillation_check(st, Outcome(), "danube")
    assert _decisions(st) == [(
        "R", "withdraw_vex", "§9.2.3: too few legions in the Danube Front: 2 vexillations must be withdrawn; choose one.",
        [["v1", "V1"], ["v2", "V2"], ["v3", "V3"]], "v2", "§9.2.3", {"front": "danube"})]
    p.legions(6, "vindobona")
    st = p.state(phase="F")
    adjust.vexillation_check(st, Outcome(), "danube")
    assert [d[2] for d in _decisions(st)] == [
        "§9.2.3: too few legions in the Danube Front: 1 vexillation must be withdrawn; choose it."]
    q = Pos()
    q.unit("v1", "vindobona", kind="vexillation")
    q.unit("v2", "vindobona", kind="vexillation")
    q.legions(5, "vindobona")
    st = q.state(phase="F")
    adjust.vexillation_check(st, Outcome(), "danube")
    assert (st.units["v2"].status, [d[6] for d in _decisions(st)]) == ("pool", [{"front": "danube", "need": 3}])
    assert legions == ["leg0", "leg1", "leg2"]


def test_phase_f_restores_only_peoples_at_war_and_major_peoples_at_peace() -> None:
    """§9.2.4 with §4.1 (AMB-77): a minor People at peace is left as it is."""
    p = Pos()
    p.unit("j1", "jazyges", "E", people="jazyges", reduced=True)
    st = p.state(phase="F")
    st.board.peoples["jazyges"] = replace(st.board.peoples["jazyges"], major=False)
    adjust.adjustments(st, Outcome())
    assert st.units["j1"].reduced is True


def test_the_armenia_unit_is_rebuilt_by_its_own_rule_only() -> None:
    """§4.2: the Armenia unit (eliminated or removed) comes back on the side of Armenia's holder,
    even when Armenia is listed among the Major Peoples; no other counter is sent to Armenia."""
    p = _armenia_pos()
    p.unit("arm", None, "R", people="armenia", status="removed")
    p.unit("leg", None, "R", front="interior", home="ravenna", status="eliminated")
    for zone in ("italia", "noricum", "rome", "ravenna"):
        p.unit(f"q_{zone}", zone, "E", people="quadi")
    st = p.state(phase="F", armenia="parthian", at_war=["quadi"])
    st.board.peoples["armenia"] = PeopleDef("armenia", "Armenia", "persian", True, "east", "orient")
    adjust.adjustments(st, Outcome())
    assert (st.units["arm"].status, st.units["arm"].loc, st.units["arm"].owner) == ("map", "armenia_z", "E")
    assert (st.units["leg"].status, st.units["leg"].loc) == ("eliminated", None)


def test_phase_f_ends_by_returning_rebel_units_without_a_rebel_leader() -> None:
    """§4.3 after §9.2: a rebel unit with no usurper goes back to the emperor, with a line."""
    p = Pos()
    p.unit("rebel", "vindobona", "E")
    st = p.state(phase="F")
    out = Outcome()
    adjust.adjustments(st, out)
    assert (out.public[0], st.units["rebel"].owner) == ("§4.3: Rebel, left without a rebel leader, returns to the emperor.", "R")


def test_people_home_is_the_people_s_zones_in_order_or_a_refusal_citing_4_1() -> None:
    """§4.1 (AMB-95): a People's home zones sorted by id; a board giving a People none is refused
    citing §4.1, naming the People (by its id when the board does not know it)."""
    p = Pos()
    p.extra_zones.append(ZoneDef("quadi_b", "Quadi B", peoples=("quadi",)))
    p.extra_edges.append(("quadi_b", "germ_n", 0))
    st = p.state(phase="F")
    assert adjust.people_home(st, "quadi") == ["quadi", "quadi_b"]
    object.__setattr__(st.board, "zones", {z: zd for z, zd in st.board.zones.items() if z not in ("quadi", "quadi_b")})
    refusals = []
    for pid in ("quadi", "nobody"):
        with pytest.raises(NotYetSupported) as err:
            adjust.people_home(st, pid)
        refusals.append((err.value.section, str(err.value.message)))
    assert refusals == [
        ("§4.1", "not yet supported (§4.1): the Quadi have no home zone on this map; every People needs at least one"),
        ("§4.1", "not yet supported (§4.1): the nobody have no home zone on this map; every People needs at least one")]


def test_a_minor_people_pacified_by_force_leaves_its_leader_where_he_stands() -> None:
    """§9.2.4: only a Major People's pieces go home; a minor People pacified by force has its
    units locked and its leader, on his Pax Romana side, stays in his zone (nobody is asked)."""
    p = Pos()
    p.unit("j1", None, "E", people="jazyges", status="eliminated")
    p.leader("jrex", "noricum", "E", people="jazyges")
    st = p.state(phase="F", at_war=["jazyges"])
    st.board.peoples["jazyges"] = replace(st.board.peoples["jazyges"], major=False)
    adjust.adjustments(st, Outcome())
    assert (st.leaders["jrex"].status, st.leaders["jrex"].loc, st.leaders["jrex"].pax, st.units["j1"].status) == (
        "map", "noricum", True, "locked")
    assert _decisions(st) == []
