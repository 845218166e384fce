"""Tests written against the mutants of rules/imperator/queries.py (issue 11, mutation testing):
the leaders and units that may move, the zones a group reaches with its PM, the commands
suggested per phase (§3.2 reserve, §3.4 vexillations, §3.5 fleets, §3.6 nominations, §7 moves,
§8 battles), the targets each chit names (§6) and the commands as a player types them."""

from __future__ import annotations

from imperator_builder import Pos

from rules.imperator import queries
from rules.imperator.model import ImperatorState, ZoneDef
from rules.imperator.queries import Suggestion


def _march() -> Pos:
    """A Danube army (General, three legions) facing the Quadi at war, a lone leader in Italia."""
    p = Pos()
    p.leader("gen", "carnuntum", cc=2)
    p.leader("solo", "italia")
    p.legions(3, "carnuntum")
    p.unit("q1", "quadi", "E", people="quadi")
    return p


def _moving(p: Pos | None = None, **kw: object) -> ImperatorState:
    return (p or _march()).state(phase="E", sub="move", at_war=["quadi"], reserve_fronts=["danube"], **kw)


def _plan(suggestions: list[Suggestion]) -> list[tuple[str, dict[str, object], str, str]]:
    return [(s.verb, s.args, str(s.note), s.group) for s in suggestions]


# -- who may move -----------------------------------------------------------------------------------


def test_movement_happens_only_in_phase_e1() -> None:
    for phase, sub in (("C", "move"), ("E", "combat")):
        st = _march().state(phase=phase, sub=sub)
        st.sub = sub
        error = queries.movement_phase_error(st)
        assert error is not None
        assert (error.section, str(error.message)) == ("§2.E", "movement happens in phase E.1 of your SMC")
        refusal = queries.march_error(st, "R", "gen")
        assert refusal is not None
        assert (refusal.section, str(refusal.message)) == ("§2.E", "movement happens in phase E.1 of your SMC")
    assert queries.movement_phase_error(_moving()) is None


def test_march_error_names_a_leader_who_may_not_move() -> None:
    st = _moving()
    assert queries.march_error(st, "R", "gen") is None
    error = queries.march_error(st, "E", "gen")
    assert error is not None
    assert (error.section, str(error.message)) == ("§3.5", "gen is not a leader of yours who may move now")


def test_movable_leaders_leave_out_the_dead_the_sailing_the_pacified_and_those_done() -> None:
    p = _march()
    for lid in ("dead", "aboard", "nowhere", "peace", "done", "going_on"):
        p.leader(lid, "vindobona")
    p.leader("foe", "quadi", "E", people="quadi")
    st = _moving(p)
    st.leaders["dead"].status = "dead"
    st.leaders["aboard"].fleet = "ravenna"
    st.leaders["nowhere"].loc = None
    st.leaders["peace"].pax = True
    st.moved = {"done": {"pm": 0}, "going_on": {"cont": 2}}
    assert queries.movable_leaders(st, "R") == ["gen", "going_on", "solo"]
    assert queries.movable_leaders(st, "E") == ["foe"]


def test_movable_units_leave_out_the_moved_the_sailing_and_armenia() -> None:
    p = _march()
    p.unit("aboard", "carnuntum")
    p.unit("gone", None, status="eliminated")
    p.unit("arm", "parthia", "E", people="armenia")
    p.unit("p1", "parthia", "E", people="parthians")
    st = _moving(p)
    st.units["aboard"].fleet = "ravenna"
    st.units["leg2"].loc = None
    st.moved = {"leg1": {}}
    assert queries.movable_units(st, "R") == ["leg0"]
    assert queries.movable_units(st, "E") == ["p1", "q1"]
    assert queries.movable_units(st, "E", "quadi") == ["q1"]
    assert queries.followers(st, "R", "gen") == ["leg0"]
    assert queries.followers(st, "R", "nobody") == []
    st.leaders["gen"].loc = None
    assert queries.followers(st, "R", "gen") == []


# -- where a group may go ---------------------------------------------------------------------------


def test_a_leader_with_units_spends_3_pm_and_stops_where_enemies_stand() -> None:
    """Crossing the Danube into the Quadi costs 2 PM; Roman units may not enter the Jazyges at
    peace; the Quadi zone, held by the enemy, ends the march (no Germania beyond)."""
    st = _moving()
    assert queries.reachable(st, "R", "gen", ["leg0", "leg1"]) == {
        "quadi": 2, "vindobona": 1, "noricum": 1, "italia": 2, "raetia": 2, "aquincum": 2, "rome": 3}


def test_a_leader_alone_spends_4_pm_and_walks_through_enemies() -> None:
    st = _moving()
    assert queries.reachable(st, "R", "gen", []) == {
        "quadi": 2, "vindobona": 1, "noricum": 1, "italia": 2, "raetia": 2, "aquincum": 2, "jazyges": 3,
        "rome": 3, "germ_n": 3, "germ_far": 4, "ravenna": 4}
    assert queries.reachable(st, "R", "solo", []) == {
        "vindobona": 1, "noricum": 1, "rome": 1, "jazyges": 1, "aquincum": 2, "carnuntum": 2, "raetia": 2,
        "ravenna": 2, "quadi": 4}


def test_pm_left_from_a_march_in_progress_and_event_2() -> None:
    st = _moving()
    st.moved = {"gen": {"cont": 1}}
    assert queries.reachable(st, "R", "gen", ["leg0"]) == {"vindobona": 1, "noricum": 1}
    st.moved = {"gen": {"pm": 3}}  # a finished march without "cont": the base PM again
    assert queries.reachable(st, "R", "gen", ["leg0"])["rome"] == 3
    st.moved = {}
    st.event = 2  # one PM less
    assert queries.reachable(st, "R", "gen", ["leg0"]) == {
        "quadi": 2, "vindobona": 1, "noricum": 1, "italia": 2, "raetia": 2, "aquincum": 2}


def test_a_unit_alone_moves_one_zone_and_a_group_without_a_start_nowhere() -> None:
    st = _moving()
    assert queries.reachable(st, "R", None, ["leg0"]) == {"quadi": 2, "vindobona": 1, "noricum": 1}
    assert queries.reachable(st, "R", None, []) == {}
    assert queries.reachable(st, "R", None, ["ghost"]) == {}
    assert queries.reachable(st, "R", "ghost", ["leg0"]) == {}  # an unknown leader, not his units' start
    st.units["leg0"].loc = None
    assert queries.reachable(st, "R", None, ["leg0"]) == {}
    st.leaders["gen"].loc = None
    assert queries.reachable(st, "R", "gen", ["leg1"]) == {}


def test_a_cheaper_path_found_later_replaces_a_dearer_one() -> None:
    """Aquincum is 2 PM through Vindobona; the Jazyges 1 PM from Italia but 2 across the river
    from Aquincum (a leader alone, from Vindobona: Italia 1, Jazyges 2)."""
    p = Pos()
    p.leader("dux", "vindobona")
    st = _moving(p)
    assert queries.reachable(st, "R", "dux", []) == {
        "carnuntum": 1, "aquincum": 1, "italia": 1, "noricum": 2, "rome": 2, "jazyges": 2, "quadi": 3,
        "raetia": 3, "ravenna": 3, "germ_n": 4}


# -- what each seat is offered ----------------------------------------------------------------------


def test_nothing_is_suggested_when_over_to_a_stranger_or_while_a_decision_waits() -> None:
    st = _moving()
    assert _plan(queries.candidate_commands(st, "rome"))[-1][0] == "end"
    assert queries.candidate_commands(st, "nobody") == []
    st.pending = [{"id": "d-1", "role": "R"}]
    assert queries.candidate_commands(st, "rome") == []
    st.pending = []
    st.game_over = True
    assert queries.candidate_commands(st, "rome") == []


def test_rome_in_geostrategy_reserve_end_and_vexillations() -> None:
    p = _march()
    p.legions(2, "vindobona", prefix="dan")
    p.unit("worn", "aquincum", reduced=True)
    p.unit("vex", "aquincum", kind="vexillation")
    p.unit("vgone", None, kind="vexillation", status="eliminated")
    p.legions(3, "antiochia", front="orient", prefix="ori")
    p.unit("rebel_leg", "antiochia", "E", front="orient")
    st = p.state(phase="C", active="R", reserve_max=2)
    plan = _plan(queries.candidate_commands(st, "rome"))
    assert plan[:3] == [
        ("reserve", {"fronts": ["orient", "danube"]}, "choose Reserve Fronts (§3.2)", ""),
        ("end", {}, "end your geostrategy step", ""),
        ("vexillation", {"action": "dissolve", "vexillation": "vex"}, "dissolve a vexillation (§3.4)", "dissolve"),
    ]
    orient = ("vexillation", {"action": "create", "units": ["ori0", "ori1", "ori2"]},
              "form a vexillation from three legions of the Orient Front (§3.4)", "create:orient")
    danube = [trio for _, trio, _, group in plan[4:] if group == "create:danube"]
    assert plan[3] == orient and len(plan) == 4 + 6
    assert [t["units"] for t in danube] == [  # five full legions: the first six trios of ten
        ["dan0", "dan1", "leg0"], ["dan0", "dan1", "leg1"], ["dan0", "dan1", "leg2"], ["dan0", "leg0", "leg1"],
        ["dan0", "leg0", "leg2"], ["dan0", "leg1", "leg2"]]
    st.reserve_fronts = ["danube"]
    st.reserve_max = 0
    plan = _plan(queries.candidate_commands(st, "rome"))
    assert [v for v, *_ in plan[:2]] == ["end", "reserve"] and plan[1][1] == {"fronts": ["orient"]}


def test_the_enemies_in_geostrategy_only_end_and_only_in_their_step() -> None:
    st = _march().state(phase="C", active="E")
    assert _plan(queries.candidate_commands(st, "enemies")) == [("end", {}, "end your geostrategy step", "")]
    assert queries.candidate_commands(st, "rome") == []
    st.active = "R"
    assert queries.candidate_commands(st, "enemies") == []


def test_nominations_suggest_the_first_two_designations_then_end() -> None:
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    for lid in ("c1", "c2"):
        p.leader(lid, "italia")
    st = p.state(phase="D")
    assert _plan(queries.candidate_commands(st, "rome")) == [
        ("designate", {"leader": "c1", "title": "augustus"}, "name an Augustus (§3.6)", ""),
        ("designate", {"leader": "c1", "title": "caesar"}, "name a Caesar (§3.6)", ""),
        ("end", {}, "end your nominations", ""),
    ]
    assert queries.candidate_commands(st, "enemies") == []  # §2.D: nominations are the Roman player's
    st.step = "D-events"
    assert queries.candidate_commands(st, "rome") == []


def test_movement_suggests_the_march_to_the_enemy_with_the_leaders_command_rating() -> None:
    """General (CC 2) takes two of his three legions to the Quadi (a battle first); Solo, alone
    in Italia, goes to the nearest zone with enemies, the Quadi too."""
    p = _march()
    p.leader("late", "rome")
    p.leader("last", "raetia")
    st = _moving(p)
    assert _plan(queries.candidate_commands(st, "rome")) == [
        ("move", {"leader": "gen", "to": "quadi", "units": ["leg0", "leg1"]}, "move a leader and his units (§7)", ""),
        ("march", {"leader": "gen"}, "the same with menus", ""),
        ("move", {"leader": "last", "to": "quadi"}, "move a leader and his units (§7)", ""),
        ("march", {"leader": "last"}, "the same with menus", ""),
        ("move", {"leader": "late", "to": "italia"}, "move a leader and his units (§7)", ""),
        ("march", {"leader": "late"}, "the same with menus", ""),
        ("end", {}, "end your movement; battles follow (§2.E.2)", ""),
    ]


def test_without_enemies_the_nearest_zone_then_the_first_name() -> None:
    p = Pos()
    p.leader("dux", "vindobona")
    st = _moving(p)
    assert _plan(queries._move_suggestions(st, "R"))[0][1] == {"leader": "dux", "to": "aquincum"}


def test_a_leader_with_nowhere_to_go_is_skipped() -> None:
    p = Pos()
    p.extra_zones.append(ZoneDef("island", "Island"))  # no neighbour at all
    p.leader("a_stuck", "island")
    p.leader("dux", "vindobona")
    st = _moving(p)
    assert [s.args["leader"] for s in queries._move_suggestions(st, "R")] == ["dux", "dux"]


def test_without_leaders_two_units_move_alone_to_the_nearest_zone() -> None:
    p = Pos()
    p.legions(3, "carnuntum")
    p.unit("q1", "quadi", "E", people="quadi")
    p.unit("stuck", "cyrene", front="southern")
    st = _moving(p)
    assert _plan(queries.candidate_commands(st, "rome")) == [
        ("move", {"unit": "leg0", "to": "noricum"}, "move a unit alone", ""),
        ("move", {"unit": "leg1", "to": "noricum"}, "move a unit alone", ""),
        ("end", {}, "end your movement; battles follow (§2.E.2)", ""),
    ]
    st.units["leg0"].loc = "cyrene"
    st.units["leg0"].owner = "R"
    assert [s.args["unit"] for s in queries._move_suggestions(st, "R")] == ["leg1"]


def test_movement_is_offered_only_to_the_active_side() -> None:
    st = _moving()
    assert queries.candidate_commands(st, "enemies") == []
    st.sub = "combat"
    assert queries.candidate_commands(st, "rome") == [Suggestion("end", {}, "end your SMC")]


def test_battles_suggest_every_contested_zone_then_end() -> None:
    p = _march()
    p.unit("q2", "vindobona", "E", people="quadi")
    p.unit("q3", "aquincum", "E", people="quadi")
    p.unit("leg9", "aquincum")
    st = p.state(phase="E", sub="combat", at_war=["quadi"])
    st.fought = ["aquincum"]
    st.units["leg1"].loc = "vindobona"
    assert _plan(queries.candidate_commands(st, "rome")) == [
        ("attack", {"zone": "vindobona"}, "fight the battle there (§8)", ""),
        ("end", {}, "end your SMC", ""),
    ]
    assert queries.candidate_commands(st, "enemies") == []


def test_fleets_sail_from_port_to_their_seas_and_from_sea_home_or_on() -> None:
    p = _march()
    p.fleet = True
    st = _moving(p)
    assert _plan(queries.candidate_commands(st, "rome"))[-2:] == [
        ("sail", {"fleet": "ravenna", "to": "mare"}, "move a fleet (§3.5)", "sail:ravenna"),
        ("end", {}, "end your movement; battles follow (§2.E.2)", ""),
    ]
    st.fleets["ravenna"].at = "mare"
    assert [s.args["to"] for s in queries._sail_suggestions(st, "R")] == ["port", "oceanus"]
    assert queries._sail_suggestions(st, "E") == []
    st.fleets["ravenna"].status = "eliminated"
    assert queries._sail_suggestions(st, "R") == []


# -- chits ------------------------------------------------------------------------------------------


def _peoples() -> ImperatorState:
    p = Pos()
    p.people("marsi", "marsi_home").people("chatti", "chatti_home").people("suebi", "suebi_home")
    p.leader("aug", "rome", title="augustus")
    p.leader("gen", "carnuntum")
    p.legions(2, "carnuntum")
    p.unit("q1", "quadi", "E", people="quadi")
    return p.state(phase="E", at_war=["marsi", "chatti", "suebi", "quadi"])


def test_pacification_targets_as_many_peoples_as_the_chit_allows() -> None:
    st = _peoples()
    targets = {t: queries.stratagem_targets(st, f"{t}#1", "R") for t in (
        "pacification_d_un_peuple_mineur", "pacification_de_deux_peuples_mineurs",
        "pacification_de_trois_peuples_mineurs", "pacification_d_un_peuple_majeur",
        "pacification_d_une_nationalite", "pax_romana")}
    assert targets == {
        "pacification_d_un_peuple_mineur": [{"peoples": ["chatti"]}],
        "pacification_de_deux_peuples_mineurs": [{"peoples": ["chatti", "marsi"]}],
        "pacification_de_trois_peuples_mineurs": [{"peoples": ["chatti", "marsi", "suebi"]}],
        "pacification_d_un_peuple_majeur": [{"peoples": ["quadi"]}],
        "pacification_d_une_nationalite": [{"nationality": "german"}],
        "pax_romana": [],  # every People at war: no target to name
    }
    st.at_war = []
    assert queries.stratagem_targets(st, "pacification_d_un_peuple_mineur#1", "R") == []
    assert queries.stratagem_targets(st, "pacification_d_une_nationalite#1", "R") == []


def test_two_nationalities_at_war_are_two_targets() -> None:
    st = _peoples()
    st.at_war.append("parthians")
    assert queries.stratagem_targets(st, "pacification_d_une_nationalite#1", "R") == [
        {"nationality": "german"}, {"nationality": "persian"}]


def test_risings_target_peoples_at_peace() -> None:
    st = _peoples()
    st.at_war = []
    assert [queries.stratagem_targets(st, f"{t}#1", "E") for t in (
        "soulevement_d_un_peuple_mineur", "soulevement_de_deux_peuples_mineurs",
        "soulevement_de_trois_peuples_mineurs", "soulevement_d_un_peuple_majeur",
        "soulevement_de_trois_peuples_majeurs")] == [
        [{"peoples": ["chatti"]}], [{"peoples": ["chatti", "marsi"]}], [{"peoples": ["chatti", "marsi", "suebi"]}],
        [{"peoples": ["jazyges"]}], [{"peoples": ["jazyges", "parthians", "quadi"]}]]
    st.at_war = ["marsi", "chatti", "suebi", "quadi", "jazyges", "parthians"]
    assert queries.stratagem_targets(st, "soulevement_d_un_peuple_mineur#1", "E") == []


def test_usurpation_mutiny_desertion_and_parthian_shot_targets() -> None:
    st = _peoples()
    st.units["leg1"].loc = "vindobona"  # no leader with it: Mutinerie may be placed there (§6.3)
    assert queries.stratagem_targets(st, "usurpation#1", "E") == [{"leader": "gen"}]
    assert queries.stratagem_targets(st, "mutinerie#1", "E") == [{"zone": "vindobona"}]
    assert queries.stratagem_targets(st, "desertion#1", "E") == [{"zone": "carnuntum"}, {"zone": "vindobona"}]
    assert queries.stratagem_targets(st, "fleche_du_parthe#1", "E") == [{"unit": "leg0"}, {"unit": "leg1"}]
    assert queries.stratagem_targets(st, "assassinat#1", "E") == []


def test_stratagem_candidates_try_the_own_targets_then_none_then_the_map() -> None:
    st = _peoples()
    st.leaders["gen"].loc = None
    found = queries.stratagem_candidates(st, ["pacification_d_un_peuple_mineur#1"], "R")
    assert [s.args for s in found] == [
        {"id": "pacification_d_un_peuple_mineur#1", "peoples": ["chatti"]},
        {"id": "pacification_d_un_peuple_mineur#1"},
        {"id": "pacification_d_un_peuple_mineur#1", "leader": "aug"},
        {"id": "pacification_d_un_peuple_mineur#1", "zone": "carnuntum"},
        {"id": "pacification_d_un_peuple_mineur#1", "zone": "quadi"},
    ] + [{"id": "pacification_d_un_peuple_mineur#1", "peoples": [x]} for x in sorted(st.board.peoples)]
    assert {(s.verb, str(s.note), s.group) for s in found} == {
        ("stratagem", "play a stratagem (§6)", "chit:pacification_d_un_peuple_mineur#1")}
    without_role = queries.stratagem_candidates(st, ["pacification_d_un_peuple_mineur#1"])
    assert without_role[0].args == {"id": "pacification_d_un_peuple_mineur#1"}
    st.units["leg0"].status = "eliminated"
    st.units["leg1"].loc = None
    zones = [s.args["zone"] for s in queries.stratagem_candidates(st, ["assassinat#1"], "R") if "zone" in s.args]
    assert zones == ["quadi"]


def test_typed_lines_use_names_and_the_chit_option() -> None:
    st = _moving()
    move = Suggestion("move", {"leader": "gen", "to": "quadi", "units": ["leg0", "leg1"]}, "")
    assert queries.typed(st, move) == '/move leader:Gen to:Quadi units:"leg0, leg1"'
    chit = Suggestion("stratagem", {"id": "mutinerie#1", "zone": "quadi"}, "")
    assert queries.typed(st, chit) == "/stratagem chit:mutinerie#1 zone:Quadi"


# -- written against the survivors of the first run -------------------------------------------------


def test_an_enemy_zone_ends_that_road_only() -> None:
    """Enemies in Noricum stop the march there; Vindobona, popped after it, still leads on."""
    p = _march()
    p.unit("foe", "noricum", "E", people="quadi")
    st = _moving(p)
    assert queries.reachable(st, "R", "gen", ["leg0"]) == {
        "noricum": 1, "vindobona": 1, "quadi": 2, "aquincum": 2, "italia": 2, "rome": 3}


def test_own_units_on_the_road_do_not_stop_a_march() -> None:
    p = _march()
    p.unit("friend", "vindobona")
    st = _moving(p)
    assert queries.reachable(st, "R", "gen", ["leg0"])["aquincum"] == 2
    p = Pos()
    p.leader("dux", "noricum")
    p.unit("leg", "noricum")
    p.legions(2, "carnuntum", prefix="camp")
    p.unit("q1", "quadi", "E", people="quadi")
    st = _moving(p)
    assert [s.args for s in queries._move_suggestions(st, "R")][0] == {"leader": "dux", "to": "quadi", "units": ["leg"]}


def test_a_refused_neighbour_does_not_close_the_others() -> None:
    """The Quadi at peace: Roman units may not enter their zone (§3.5), the others stay open."""
    st = _march().state(phase="E", sub="move", at_war=[], reserve_fronts=["danube"])
    assert queries.reachable(st, "R", "gen", ["leg0"]) == {
        "vindobona": 1, "noricum": 1, "italia": 2, "raetia": 2, "aquincum": 2, "rome": 3}


def test_a_people_leader_alone_stays_out_of_the_empire() -> None:
    p = _march()
    p.leader("chief", "quadi", "E", people="quadi")
    st = _moving(p)
    assert queries.reachable(st, "E", "chief", []) == {"germ_n": 1, "germ_far": 2}


def test_a_unit_alone_goes_to_the_cheapest_zone_before_the_first_name() -> None:
    p = Pos()
    p.unit("leg", "aquincum")
    st = _moving(p, )
    st.at_war = ["jazyges"]
    assert queries.reachable(st, "R", None, ["leg"]) == {"vindobona": 1, "jazyges": 2}
    assert [s.args for s in queries._move_suggestions(st, "R")] == [{"unit": "leg", "to": "vindobona"}]


def test_a_lost_fleet_does_not_hide_the_next() -> None:
    from rules.imperator.model import FleetDef, FleetState

    p = _march()
    p.fleet = True
    st = _moving(p)
    st.board.fleets["misenum"] = FleetDef("misenum", "Misenum", "rome", ("mare",))
    st.fleets["misenum"] = FleetState(status="lost")
    assert [s.args for s in queries._sail_suggestions(st, "R")] == [{"fleet": "ravenna", "to": "mare"}]


def test_chit_candidates_use_the_players_role_for_their_targets() -> None:
    st = _peoples()
    st.units["leg1"].loc = "vindobona"
    found = queries.stratagem_candidates(st, ["mutinerie#1"], "E")
    assert found[0].args == {"id": "mutinerie#1", "zone": "vindobona"}
    # Rome's Désertion needs a Roman or Parthian unit of the Enemies: none here, no own target
    found = queries.stratagem_candidates(st, ["desertion#1"], "R")
    assert found[0].args == {"id": "desertion#1"}


def test_caesar_usurpation_and_rome_s_mutiny_and_desertion_targets() -> None:
    st = _peoples()
    st.leaders["c1"] = type(st.leaders["gen"])(loc="antiochia", owner="R", title="caesar")
    st.board.leaders["c1"] = type(st.board.leaders["gen"])("c1", "C1", "roman", 3, 2, 0, 3)
    st.units["p1"] = type(st.units["leg0"])(loc="parthia", owner="E")
    st.board.units["p1"] = type(st.board.units["leg0"])(
        "p1", "P1", "parthians", "people", None, "parthia", 4, 2, 0, 2, 1, 0)
    assert queries.stratagem_targets(st, "usurpation_d_un_caesar#1", "E") == [{"leader": "c1"}]
    assert queries.stratagem_targets(st, "usurpation#1", "E") == [{"leader": "gen"}]
    assert queries.stratagem_targets(st, "mutinerie#1", "R") == [{"zone": "parthia"}]
    assert queries.stratagem_targets(st, "desertion#1", "R") == [{"zone": "parthia"}]
