"""Tests written against the mutants of rules/imperator/game.py (issue 11, mutation testing): the
command dispatch and its refusals (each with its section and message), the menus each seat is
offered per phase, the status and private lines, decisions and results as the bot sees them."""

from __future__ import annotations

import pytest
from imperator_builder import Pos

from rules.core.command import ActionSpec, Choice, Command, PendingDecision
from rules.core.errors import RuleError
from rules.imperator.game import ImperatorGame, _keeps_parthian_shot, step_name


def _court() -> Pos:
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    p.leader("c1", "italia", title="caesar")
    return p


def _battle() -> Pos:
    p = _court()
    p.unit("leg", "vindobona")
    p.unit("foe", "vindobona", "E", people="quadi")
    return p


def _refusal(g: ImperatorGame, seat: str, verb: str, **args: object) -> tuple[str, str]:
    before = g.state
    with pytest.raises(RuleError) as err:
        g.apply(seat, Command(verb, dict(args)))
    assert g.state is before
    return err.value.section, str(err.value.message)


def _spec(spec: ActionSpec) -> tuple[str, str, list[tuple[str, list[str] | None, bool]]]:
    return spec.name, str(spec.description), [
        (a.name, [c.value for c in a.choices] if a.choices is not None else None, a.required) for a in spec.args]


# -- the dispatch and its refusals ------------------------------------------------------------------


def test_commands_are_refused_when_over_unknown_out_of_turn_or_out_of_phase() -> None:
    g = _court().game(phase="C")
    assert _refusal(g, "nobody", "end") == ("", "unknown seat 'nobody'")
    assert _refusal(g, "enemies", "end") == ("§2", "it is the turn of rome")
    assert _refusal(g, "rome", "dance") == ("", "unknown command 'dance'")
    assert _refusal(g, "rome", "attack", zone="vindobona") == (
        "§2.E", "battles are fought in phase E.2 (end your movement first)")
    g = _battle().game(phase="E", sub="move")
    assert _refusal(g, "rome", "attack", zone="vindobona") == (
        "§2.E", "battles are fought in phase E.2 (end your movement first)")
    g = _court().game(phase="F")
    assert _refusal(g, "rome", "end") == ("§2", "nothing to end now")
    g.state.game_over = True
    assert _refusal(g, "rome", "end") == ("", "the game is over")


def test_a_movement_command_out_of_phase_e_1_is_refused_with_the_phase_s_reason() -> None:
    g = _battle().game(phase="E", sub="combat")
    section, message = _refusal(g, "rome", "move", unit="leg", to="carnuntum")
    assert section == "§2.E"
    g = _court().game(phase="C")
    assert _refusal(g, "rome", "sail", fleet="ravenna", to="mare")[0] == "§2.E"
    assert _refusal(g, "rome", "rally", zone="vindobona")[0] == "§2.E"


def test_the_combat_step_does_not_end_while_battles_remain() -> None:
    g = _battle().game(phase="E", sub="combat")
    assert _refusal(g, "rome", "end") == ("§8", "battles remain to be fought in: Vindobona")


def test_a_waiting_decision_blocks_other_commands_and_names_who_decides() -> None:
    g = _court().game(phase="E", sub="move")
    g.state.pending = [{"id": "d-1", "role": "E", "kind": "custodes_to", "prompt": "Pick one.",
                        "choices": [["aug", "Aug"]], "default": "aug", "section": "§9.9", "data": {}}]
    assert _refusal(g, "rome", "end") == ("§9.9", "waiting for enemies to decide: Pick one.")
    assert _refusal(g, "rome", "custodes", leader="c1") == ("§9.9", "waiting for enemies to decide: Pick one.")
    assert g.to_move() == ["enemies"]
    assert g.pending_decision() == PendingDecision(
        id="d-1", seat="enemies", kind="custodes_to", prompt="Pick one.", choices=(Choice("aug", "Aug"),),
        default="aug", section="§9.9")
    [spec] = g.actions("enemies")
    assert _spec(spec) == ("decide", "Pick one.", [("id", ["d-1"], True), ("choice", ["aug"], True)])
    assert spec.args[0].choices == (Choice("d-1", "custodes_to"),)
    assert g.actions("rome") == []
    assert g.suggestions("enemies") == ["/respond — Pick one."]


@pytest.mark.parametrize(("verb", "args", "choice"), [("decide", {"id": "d-1", "choice": "c1"}, "c1"),
                                                      ("retreat", {"to": "c1"}, "c1")])
def test_decide_and_retreat_answer_the_waiting_decision(verb: str, args: dict[str, str], choice: str) -> None:
    g = _court().game(phase="E", sub="move")
    g.state.pending = [{"id": "d-1", "role": "R", "kind": "custodes_to", "prompt": "?",
                        "choices": [["aug", "Aug"], ["c1", "C1"]], "default": "aug", "section": "§3.6", "data": {}}]
    out = g.apply("rome", Command(verb, args))
    assert (g.state.custodes, g.state.pending) == (choice, [])
    assert out.public == ["§3.6: the Corporis Custodes go to C1."]


def test_evade_and_fight_answer_an_evasion_decision_by_name() -> None:
    for verb in ("evade", "fight"):
        g = _court().game(phase="E", sub="move")
        g.state.pending = [{"id": "d-7", "role": "R", "kind": "custodes_to", "prompt": "?",
                            "choices": [["evade", "x"], ["fight", "y"]], "default": "fight", "section": "§8.1",
                            "data": {}}]
        g.apply("rome", Command(verb, {}))  # the verb is the choice of the waiting decision
        assert (g.state.custodes, g.state.pending) == (verb, [])


def test_the_custodes_order_is_taken_out_of_turn_and_ends_are_dispatched_by_phase() -> None:
    g = _court().game(phase="E", sub="move", active="E")
    out = g.apply("rome", Command("custodes", {"leader": "c1"}))
    assert (g.state.custodes_order, out.public) == ("c1", ["§3.6: the Corporis Custodes will go to C1 in phase F."])
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    p.leader("x", "italia")
    g = p.game(phase="D")
    out = g.apply("rome", Command("designate", {"leader": "x"}))  # the title defaults to Caesar
    assert (g.state.leaders["x"].title, out.public) == ("caesar", ["§3.6: X is named Caesar."])
    g = _court().game(phase="C")
    out = g.apply("rome", Command("reserve", {}))
    assert out.public == ["§3.2: Reserve Fronts: none."]


def test_persian_battle_window_closes_on_any_other_command() -> None:
    assert [_keeps_parthian_shot(v, a) for v, a in (
        ("decide", {}), ("evade", {}), ("fight", {}), ("retreat", {}), ("end", {}), ("move", {}),
        ("stratagem", {"id": "fleche_du_parthe"}), ("play", {"stratagem": "fleche_du_parthe"}),
        ("stratagem", {"id": "intrigue_au_senat"}), ("stratagem", {"id": "nonsense"}), ("stratagem", {}),
    )] == [True, True, True, True, False, False, True, True, False, False, False]
    g = _court().game(phase="C")
    g.state.persian_battle = True
    g.apply("rome", Command("reserve", {}))
    assert g.state.persian_battle is False


# -- menus, status, private lines -----------------------------------------------------------------------


def test_rome_s_phase_c_menu() -> None:
    g = _court().game(phase="C")
    g.state.reserve_max = 1
    assert [_spec(s) for s in g.actions("rome")] == [
        ("reserve", "choose up to 1 Reserve Front (§3.2)", [("fronts", ["british", "rhine", "danube", "orient", "southern"], True)]),
        ("vexillation", "create or dissolve a vexillation (§3.4)",
         [("action", ["create", "dissolve"], True), ("units", None, True), ("vexillation", None, False)]),
        ("end", "end your geostrategy step", []),
        ("custodes", "choose who holds the Corporis Custodes from the next phase F (§3.6)", [("leader", ["aug", "c1"], True)]),
    ]
    assert g.actions("enemies") == []
    assert g.actions("nobody") == []


def test_the_enemies_phase_c_menu() -> None:
    g = _court().game(phase="C", active="E")
    assert [_spec(s) for s in g.actions("enemies")] == [
        ("end", "end your geostrategy step (rising and usurpation stratagems are played before)", [])]


def test_the_nomination_menu() -> None:
    p = _court()
    p.leader("x", "italia")
    g = p.game(phase="D")
    assert [_spec(s) for s in g.actions("rome")] == [
        ("designate", "name an Augustus or a Caesar (§3.6)", [("leader", ["x"], True), ("title", ["augustus", "caesar"], True)]),
        ("end", "end your nominations", []),
        ("custodes", "choose who holds the Corporis Custodes from the next phase F (§3.6)", [("leader", ["aug", "c1"], True)]),
    ]


def test_the_movement_menu_lists_one_s_own_pieces_that_have_not_moved() -> None:
    p = _battle()
    p.unit("moved", "carnuntum")
    p.leader("gen", "carnuntum")
    p.leader("done", "carnuntum")
    p.leader("peace", "quadi", "R")
    p.fleet = True
    g = p.game(phase="E", sub="move")
    g.state.leaders["peace"].pax = True
    g.state.moved = {"moved": {}, "done": {}}
    specs = [_spec(s) for s in g.actions("rome")]
    assert [s[0] for s in specs] == ["move", "sail", "end", "custodes"]
    move = specs[0]
    assert move[1] == "move a leader with units, or a unit alone (§3.5, §7)"
    assert move[2][0] == ("leader", ["aug", "c1", "gen"], False)
    assert move[2][1] == ("units", ["leg"], False)
    assert move[2][2][0] == "to" and move[2][2][2] is True and "vindobona" in (move[2][2][1] or [])
    assert specs[1] == ("sail", "move a fleet (§3.5)", [("fleet", ["ravenna"], True), ("to", None, True)])
    assert specs[2] == ("end", "end your movement and go to combat", [])


def test_a_continuation_is_offered_only_to_its_owner_s_leader_on_the_map() -> None:
    """§7: a leader who keeps movement points ("cont", after a rally) may go on, but only his own
    side is offered him, and only while he is on the map (the menu once offered any leader with
    a continuation, a dead one or the other side's included)."""
    p = _battle()
    p.leader("gen", "carnuntum")
    p.leader("foe_gen", "vindobona", "E")
    p.leader("dead", "carnuntum")
    g = p.game(phase="E", sub="move")
    g.state.leaders["dead"].status = "dead"
    g.state.moved = {"gen": {"pm": 0, "cont": 2}, "foe_gen": {"pm": 0, "cont": 2}, "dead": {"pm": 0, "cont": 2}}
    [move] = [_spec(s) for s in g.actions("rome") if s.name == "move"]
    assert move[2][0] == ("leader", ["aug", "c1", "gen"], False)


def test_the_usurper_side_may_rally_and_rome_s_menu_has_no_fleet_without_one() -> None:
    p = _court()
    p.leader("rebel", "antiochia", "E", title="usurper")
    g = p.game(phase="E", sub="move", active="E")
    assert [s.name for s in g.actions("enemies")] == ["move", "rally", "end"]
    assert _spec(g.actions("enemies")[1]) == ("rally", "win over leaderless loyal units (§4.5 D/)", [("zone", None, True)])
    g = p.game(phase="E", sub="move")
    assert [s.name for s in g.actions("rome")] == ["move", "end", "custodes"]


def test_the_combat_menu_lists_the_contested_zones() -> None:
    g = _battle().game(phase="E", sub="combat")
    assert [_spec(s) for s in g.actions("rome")][:2] == [
        ("attack", "fight a battle (§8)", [("zone", ["vindobona"], True)]), ("end", "end your SMC", [])]
    assert g.suggestions("rome") == ["/attack zone:Vindobona — fight the battle there (§8)"]


def test_out_of_turn_rome_may_still_move_the_custodes_in_phase_e_only() -> None:
    g = _court().game(phase="E", sub="move", active="E")
    assert [s.name for s in g.actions("rome")] == ["custodes"]
    g = _court().game(phase="C", active="E")
    assert g.actions("rome") == []


def test_the_custodes_are_offered_only_when_another_holder_could_take_them() -> None:
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    g = p.game(phase="C", custodes="aug")
    assert [s.name for s in g.actions("rome")] == ["reserve", "vexillation", "end"]
    g = p.game(phase="C", custodes=None)
    assert [s.name for s in g.actions("rome")] == ["reserve", "vexillation", "end", "custodes"]
    g = Pos().game(phase="C")
    assert [s.name for s in g.actions("rome")] == ["reserve", "vexillation", "end"]
    g = _court().game(phase="F")
    assert g.actions("rome") == []


def test_status_lines_name_the_year_phase_step_score_and_movers() -> None:
    g = _battle().game(phase="E", sub="combat")
    g.state.vp = {"rome": 3, "enemies": -1}
    assert g.status_lines() == ["175, phase E (Movements and combats) combats",
                                "VP: Rome 3, enemies -1; Rome is played by rome", "To move: rome"]
    g.state.game_over = True
    assert g.status_lines()[2] == "To move: nobody"
    assert g.to_move() == []
    assert g.actions("rome") == []


def test_step_names() -> None:
    assert [step_name(s) for s in ("C0", "C1", "B-wait", "D-designate", "D-wait", "E-move", "E-combat", "F", "F-wait", "X")] == [
        "side 1 of 2", "side 2 of 2", "initiative window", "designations", "decisions awaited", "movements",
        "combats", "", "players' choices", "X"]


def test_private_lines_give_the_role_the_hand_and_the_decision_waiting() -> None:
    g = _court().game(phase="C")
    assert g.private_lines("rome") == ["You play Rome.", "Stratagems in hand: none"]
    assert g.private_lines("enemies") == ["You play the Enemies of Rome.", "Stratagems in hand: none"]


def test_the_result_is_given_once_the_game_is_over() -> None:
    g = _court().game(phase="F")
    assert g.result() is None
    g.state.game_over = True
    assert g.result() is None
    g.state.result = {"winners": ["rome"], "summary": "rome wins", "level": "plain"}
    g.state.vp = {"rome": 4, "enemies": 2}
    r = g.result()
    assert r is not None
    assert (r.winners, r.summary, r.level, r.scores) == (("rome",), "rome wins", "plain", (("rome", 4), ("enemies", 2)))


# -- session 8: survivors of the first run on game.py ------------------------------------------------


_STRATAGEM_ARGS = [("leader", None, False), ("peoples", None, False), ("zone", None, False), ("unit", None, False),
                   ("nationality", None, False)]


def test_the_stratagem_menu_lists_one_s_own_chits_of_this_phase_played_at_any_time_once_each() -> None:
    """§6: in phase E Rome is offered the chits of phase E it may play at any time (each type
    once); not a battle chit (offered in the battle window), not the Enemies' chits, not another
    phase's; nothing without the stratagem rules."""
    p = _court()
    p.leader("king", "quadi", "E", people="quadi")  # AMB-93: a target for each chit offered
    p.rules["stratagems"] = True
    g = p.game(phase="E", at_war=["quadi"])
    g.state.hands = {"rome": ["pax_romana#1", "pax_romana#2", "roma_victor#1", "usurpation#1", "fuite_opportune#1",
                              "faveur_divine#1", "initiative#1", "assassinat#1"], "enemies": ["usurpation#2"]}
    assert [_spec(a) for a in g._stratagem_actions("rome")] == [
        ("stratagem", "play a stratagem (§6)", [("id", ["pax_romana", "assassinat"], True), *_STRATAGEM_ARGS])]
    [spec] = g._stratagem_actions("rome")
    assert [c.label for c in spec.args[0].choices or ()] == ["Pax Romana", "Assassinat"]
    assert g._stratagem_actions("enemies") == []
    g.state.rules["stratagems"] = False
    assert g._stratagem_actions("rome") == []


def test_the_phase_c_chits_are_offered_to_the_enemies_in_their_own_step_only() -> None:
    """§2.C: rising and usurpation chits are played by the Enemies during their C step."""
    p = _court()
    p.leader("gen", "antiochia").people("cotini", "cotini_home")  # AMB-93: a target for each chit
    p.rules["stratagems"] = True
    g = p.game(phase="C", active="E")
    g.state.step = "C1"
    g.state.hands = {"rome": [], "enemies": ["usurpation#2", "soulevement_d_un_peuple_mineur#1", "pax_romana#1"]}
    assert [_spec(a) for a in g._stratagem_actions("enemies")] == [
        ("stratagem", "play a stratagem (§6)", [("id", ["usurpation", "soulevement_d_un_peuple_mineur"], True),
                                                *_STRATAGEM_ARGS])]
    g.state.active = "R"
    assert g._stratagem_actions("enemies") == []


def test_private_lines_name_each_chit_its_phase_and_whether_it_is_playable() -> None:
    p = _court()
    p.leader("gen", "antiochia")  # AMB-93: a general the usurpation chit may name
    p.rules["stratagems"] = True
    g = p.game(phase="C", active="E")
    g.state.hands = {"rome": [], "enemies": ["usurpation#2", "pax_romana#1"]}
    assert g.private_lines("enemies") == [
        "You play the Enemies of Rome.", "Stratagems in hand: Usurpation (phase C, playable now); Pax Romana (phase E)"]


def test_private_lines_tell_the_seat_a_decision_waits_on_it() -> None:
    g = _court().game(phase="D")
    g.state.pending = [{"id": "d-1", "role": "R", "kind": "place", "prompt": "Where?", "choices": [["rome", "Rome"]],
                        "default": "rome", "section": "§2.C", "data": {"leader": "aug"}}]
    assert g.private_lines("rome") == ["You play Rome.", "Stratagems in hand: none",
                                       "Waiting on you: Where? (use the Respond button)"]
    assert g.private_lines("enemies") == ["You play the Enemies of Rome.", "Stratagems in hand: none"]


def test_the_options_are_the_r_r_result_and_the_names() -> None:
    assert [(o.name, str(o.description), o.default, tuple(o.choices)) for o in ImperatorGame.option_specs()] == [
        ("rr_result", "AMB-01: on an R/R battle result, the defender holds (attacker retreats) or nobody wins",
         "defender", ("defender", "stalemate")),
        ("names", "names shown in menus: fr (as printed in the rules), en or la (historical forms)", "fr",
         ("fr", "en", "la")),
    ]


def _whole(spec: ActionSpec) -> tuple[str, str, list[tuple[str, str, list[tuple[str, str]] | None, bool]]]:
    """An action with every argument's description and every choice's label."""
    return spec.name, str(spec.description), [
        (a.name, a.description, [(c.value, str(c.label)) for c in a.choices] if a.choices is not None else None, a.required)
        for a in spec.args]


_CUSTODES = ("custodes", "choose who holds the Corporis Custodes from the next phase F (§3.6)",
             [("leader", "Augustus or Caesar", [("aug", "Aug"), ("c1", "C1")], True)])


def test_rome_s_phase_c_menu_in_full() -> None:
    g = _court().game(phase="C", custodes="aug")
    g.state.reserve_max = 2
    fronts = [(f, f"{f.title()} Front") for f in ("british", "rhine", "danube", "orient", "southern")]  # names (AMB-111)
    assert [_whole(s) for s in g.actions("rome")] == [
        ("reserve", "choose up to 2 Reserve Fronts (§3.2)", [("fronts", "Front ids", fronts, True)]),
        ("vexillation", "create or dissolve a vexillation (§3.4)", [
            ("action", "create|dissolve", [("create", "create"), ("dissolve", "dissolve")], True),
            ("units", "legions", None, True), ("vexillation", "vexillation id", None, False)]),
        ("end", "end your geostrategy step", []),
        _CUSTODES,
    ]


def test_the_custodes_alone_are_offered_to_rome_in_phases_a_b_and_while_d_waits() -> None:
    """§3.6: the holder may be changed at any time of phases A to E, while other menus wait."""
    for phase, step in (("A", "A"), ("B", "B-wait"), ("D", "D-wait")):
        g = _court().game(phase=phase, custodes="aug")
        g.state.step = step
        assert [_whole(s) for s in g.actions("rome")] == [_CUSTODES]


def test_the_waiting_decision_s_menu_in_full() -> None:
    g = _court().game(phase="D")
    g.state.pending = [{"id": "d-1", "role": "R", "kind": "place", "prompt": "Where?", "choices": [["rome", "Roma"], ["italia", "Italia"]],
                        "default": "rome", "section": "§2.C", "data": {"leader": "aug"}}]
    assert [_whole(s) for s in g.actions("rome")] == [
        ("decide", "Where?", [("id", "decision id", [("d-1", "place")], True),
                              ("choice", "your choice", [("rome", "Roma"), ("italia", "Italia")], True)])]


def test_the_combat_and_movement_menus_label_zones_by_name() -> None:
    g = _battle().game(phase="E", sub="combat")
    assert [_whole(s) for s in g.actions("rome")][0] == ("attack", "fight a battle (§8)", [
        ("zone", "zone", [("vindobona", "Vindobona")], True)])
    g = _battle().game(phase="E", sub="move")
    [to] = [a for a in g.actions("rome")[0].args if a.name == "to"]
    assert (to.description, ("rome", "Roma") in [(c.value, c.label) for c in to.choices or ()]) == ("destination zone", True)


def test_out_of_turn_in_phase_e_rome_is_offered_its_own_chits() -> None:
    p = _court()
    p.rules["stratagems"] = True
    g = p.game(phase="E", sub="move", active="E", at_war=["quadi"])  # AMB-93: a People to pacify
    g.state.hands = {"rome": ["pax_romana#1"], "enemies": []}
    assert [s.name for s in g.actions("rome")] == ["stratagem", "custodes"]


def test_movement_suggestions_give_one_move_per_leader_then_its_march_then_the_end() -> None:
    p = _battle()
    p.rules["stratagems"] = True
    g = p.game(phase="E", sub="move")
    g.state.hands = {"rome": ["assassinat#1"], "enemies": []}
    assert g.suggestions("rome") == [
        "/move leader:Aug to:Vindobona — move a leader and his units (§7)", "/march leader:Aug — the same with menus",
        "/move leader:C1 to:Vindobona — move a leader and his units (§7)", "/march leader:C1 — the same with menus",
        "/end — end your movement; battles follow (§2.E.2)"]


def test_a_playable_chit_is_suggested_before_the_end_of_the_step() -> None:
    """§2.C: the Enemies' usurpation chit, with a leader it may name, comes before /end."""
    p = _court()
    p.leader("gen", "antiochia")
    p.rules["stratagems"] = True
    g = p.game(phase="C", active="E")
    g.state.step = "C1"
    g.state.hands = {"rome": [], "enemies": ["usurpation#1", "soulevement_d_un_peuple_mineur#1"]}
    assert g.suggestions("enemies") == ["/stratagem chit:usurpation leader:Gen — play a stratagem (§6)",
                                        "/end — end your geostrategy step"]
    g.state.pending = [{"id": "d-1", "role": "R", "kind": "place", "prompt": "Where?", "choices": [["rome", "Roma"]],
                        "default": "rome", "section": "§2.C", "data": {"leader": "aug"}}]
    assert g.suggestions("enemies") == []
    assert g.suggestions("rome") == ["/respond — Where?"]


def test_the_nomination_and_movement_menus_in_full() -> None:
    p = _court()
    p.leader("x", "italia")
    g = p.game(phase="D")
    assert _whole(g.actions("rome")[0]) == ("designate", "name an Augustus or a Caesar (§3.6)", [
        ("leader", "leader", [("x", "X")], True),
        ("title", "title", [("augustus", "Augustus"), ("caesar", "Caesar")], True)])
    g = _battle().game(phase="E", sub="move")
    move = _whole(g.actions("rome")[0])
    assert move[:2] == ("move", "move a leader with units, or a unit alone (§3.5, §7)")
    assert move[2][:2] == [("leader", "leader", [("aug", "Aug"), ("c1", "C1")], False), ("units", "units", [("leg", "Leg")], False)]


# -- session 9: survivors of the whole run on game.py --------------------------------------------------


def test_the_stratagem_menu_in_full_and_none_for_a_seat_with_no_hand() -> None:
    """§6: every argument of the chit menu with its description (the bot shows them as the
    options' help); a seat that has never drawn has no hand entry and no menu."""
    p = _court()
    p.rules["stratagems"] = True
    g = p.game(phase="E", at_war=["quadi"])  # AMB-93: a People to pacify
    g.state.hands = {"rome": ["pax_romana#1"]}
    assert [_whole(a) for a in g._stratagem_actions("rome")] == [
        ("stratagem", "play a stratagem (§6)", [
            ("id", "stratagem", [("pax_romana", "Pax Romana")], True), ("leader", "target leader", None, False),
            ("peoples", "People ids", None, False), ("zone", "zone", None, False), ("unit", "unit", None, False),
            ("nationality", "nationality", None, False)])]
    assert g._stratagem_actions("enemies") == []


def test_the_fleet_and_rally_menus_in_full() -> None:
    p = _battle()
    p.fleet = True
    g = p.game(phase="E", sub="move")
    [sail] = [_whole(s) for s in g.actions("rome") if s.name == "sail"]
    assert sail == ("sail", "move a fleet (§3.5)", [("fleet", "fleet", [("ravenna", "Ravenna")], True),
                                                     ("to", "sea zone or port", None, True)])
    p = _court()
    p.leader("rebel", "antiochia", "E", title="usurper")
    g = p.game(phase="E", sub="move", active="E")
    [rally] = [_whole(s) for s in g.actions("enemies") if s.name == "rally"]
    assert rally == ("rally", "win over leaderless loyal units (§4.5 D/)", [("zone", "zone", None, True)])


def test_the_side_moving_in_phase_e_is_offered_its_chits_after_its_movement_menu() -> None:
    p = _court()
    p.rules["stratagems"] = True
    g = p.game(phase="E", sub="move", at_war=["quadi"])  # AMB-93: a People to pacify
    g.state.hands = {"rome": ["pax_romana#1"], "enemies": []}
    assert [s.name for s in g.actions("rome")] == ["move", "end", "stratagem", "custodes"]
    g = p.game(phase="E", sub="combat", at_war=["quadi"])
    g.state.hands = {"rome": ["pax_romana#1"], "enemies": []}
    assert [s.name for s in g.actions("rome")] == ["attack", "end", "stratagem", "custodes"]


def test_ending_the_nominations_starts_phase_e_and_nothing_ends_while_d_waits() -> None:
    """§2.D then §2.E: Rome's `end` closes the nominations and the first SMC begins; while a
    decision of phase D waits (step D-wait) there is nothing for `end` to close."""
    g = _court().game(phase="D", smc_order=["R", "E"])
    out = g.apply("rome", Command("end", {}))
    assert out.public == ["§2.E: SMC 1 of 2: rome moves."]
    assert (g.state.phase, g.state.sub, g.state.step, g.state.active) == ("E", "move", "E-move", "R")
    g = _court().game(phase="D", smc_order=["R", "E"])
    g.state.step = "D-wait"
    assert _refusal(g, "rome", "end") == ("§2", "nothing to end now")


def test_ending_a_combat_step_with_no_battle_left_ends_the_smc() -> None:
    g = _court().game(phase="E", sub="combat")
    out = g.apply("rome", Command("end", {}))
    assert out.public == ["§2.E: SMC 2 of 2: enemies moves."]
    assert (g.state.active, g.state.sub, g.state.smc_index, g.state.smc_left) == ("E", "move", 1, {"R": 0, "E": 1})


def test_the_combat_step_names_every_zone_still_to_fight() -> None:
    p = _battle()
    p.unit("leg2", "carnuntum")
    p.unit("foe2", "carnuntum", "E", people="quadi")
    g = p.game(phase="E", sub="combat")
    assert _refusal(g, "rome", "end") == ("§8", "battles remain to be fought in: Carnuntum, Vindobona")


def test_out_of_turn_a_chit_is_suggested_alone_with_the_target_its_own_rules_name() -> None:
    """§6: in the other side's SMC Rome has no step to end, only its chits of phase E; a chit
    that names a nationality (§6.1) is suggested with a nationality at war, read for Rome's role."""
    p = _court()
    p.rules["stratagems"] = True
    g = p.game(phase="E", sub="move", active="E")
    g.state.at_war = ["quadi"]
    g.state.hands = {"rome": ["pax_romana#1"], "enemies": []}
    assert g.suggestions("rome") == ["/stratagem chit:pax_romana — play a stratagem (§6)"]
    g.state.hands = {"rome": ["pacification_d_une_nationalite#1"], "enemies": []}
    assert g.suggestions("rome") == [
        "/stratagem chit:pacification_d_une_nationalite nationality:german — play a stratagem (§6)"]


def test_decide_needs_no_id_but_refuses_another_decision_s_id_and_a_missing_choice() -> None:
    """The id of ``decide`` is optional (the waiting decision is answered); a wrong id and a
    missing choice are refused, the latter with the decision's own section."""
    def waiting() -> ImperatorGame:
        g = _court().game(phase="E", sub="move")
        g.state.pending = [{"id": "d-1", "role": "R", "kind": "custodes_to", "prompt": "?",
                            "choices": [["aug", "Aug"], ["c1", "C1"]], "default": "aug", "section": "§3.6", "data": {}}]
        return g
    g = waiting()
    assert _refusal(g, "rome", "decide", id="d-9", choice="c1") == ("", "decision 'd-9' is not the one waiting (d-1)")
    assert _refusal(g, "rome", "decide", id="d-1") == ("§3.6", "'' is not one of the choices")
    assert _refusal(g, "rome", "retreat") == ("§3.6", "'' is not one of the choices")
    g.apply("rome", Command("decide", {"choice": "c1"}))
    assert (g.state.custodes, g.state.pending) == ("c1", [])


def test_play_is_the_stratagem_command_and_the_engine_goes_on_after_the_chit() -> None:
    """§6.1: a pacification played in Rome's combat step takes away its last battle, so the SMC
    ends at once and the Enemies move (``play`` is another name of ``stratagem``)."""
    p = _battle()
    p.rules["stratagems"] = True
    g = p.game(phase="E", sub="combat")
    g.state.at_war = ["quadi"]
    g.state.hands = {"rome": ["pacification_d_un_peuple_majeur#1"], "enemies": []}
    out = g.apply("rome", Command("play", {"id": "pacification_d_un_peuple_majeur", "peoples": ["quadi"]}))
    assert out.public == ["§6: rome plays Pacification d'un Peuple majeur.", "§6.1: the Quadi make peace with Rome.",
                          "§6.1: 1 counter goes back: Foe (Vindobona → Quadi).",  # AMB-94
                          "§2.E: SMC 2 of 2: enemies moves."]
    assert (g.state.active, g.state.sub) == ("E", "move")


def _didius() -> Pos:
    p = Pos()
    p.leader("didius_julianus", "antiochia", "E", title="usurper")
    p.leader("helvius_pertinax", "rome", title="augustus")
    return p


def test_the_free_assassination_of_pertinax_once_a_year_by_the_enemies() -> None:
    """§4.5 (Commode): while Didius Julianus is a usurper the Enemies may try on Pertinax once a
    year, in phase E, even out of their turn; 8 or 9 on the d10 kills (§6.3)."""
    g = _didius().game(3, phase="E", sub="move", active="E")
    out = g.apply("enemies", Command("assassinate", {}))
    assert out.public == ["§6.3: Helvius Pertinax survives the attempt."]
    assert [r.describe() for r in out.rolls] == [
        "§4.5 (free attempt): assassination of Helvius Pertinax (8 or 9 kills): d10 rolled 3"]
    assert (g.state.free_murder_year, g.state.leaders["helvius_pertinax"].status) == (175, "map")
    assert _refusal(g, "enemies", "assassinate") == ("§4.5", "the free attempt has already been made this year")
    g = _didius().game(8, phase="E", sub="move", active="R")
    out = g.apply("enemies", Command("assassinate", {}))
    assert out.public[0] == "§6.3: Helvius Pertinax is dead (assassination)."
    assert g.state.leaders["helvius_pertinax"].status == "dead"
    g = _didius().game(phase="E", sub="move", active="E")
    assert _refusal(g, "rome", "assassinate") == (
        "§4.5", "only the Enemies of Rome, while Didius Julianus is a usurper in play")


def test_a_result_without_a_level_has_an_empty_one() -> None:
    g = _court().game(phase="F")
    g.state.game_over = True
    g.state.result = {"winners": ["enemies"], "summary": "the Enemies win"}
    r = g.result()
    assert r is not None
    assert (r.winners, r.summary, r.level) == (("enemies",), "the Enemies win", "")


def test_a_started_game_keeps_its_opening_lines_and_rolls() -> None:
    """The automatic opening steps (phase A, the initiative, phase C's roll) are the game's
    opening outcome, the same lines and rolls as its history."""
    g = ImperatorGame.start(Pos().state(phase="A"))
    assert g.opening is not None
    assert g.opening.public and g.state.history == [r.describe() for r in g.opening.rolls] + g.opening.public
    assert g.opening.public[0] == "Year 175: phase A."


def test_a_custodes_order_without_a_leader_is_refused_naming_no_one() -> None:
    g = _court().game(phase="E", sub="move")
    assert _refusal(g, "rome", "custodes") == ("§3.6", "'' is not an Augustus or Caesar of Rome in play")
