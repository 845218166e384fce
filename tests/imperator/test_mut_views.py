"""Tests written against the mutants of rules/imperator/views.py (issue 11, mutation testing):
every field of the public view and of a seat's view on small built positions, what a seat sees
of the other seat's chits (a count, never a name), what a spectator sees (nothing hidden), the
battle record and its words, the adjustment lines and the JSON round trip."""

from __future__ import annotations

import json
from typing import Any

from imperator_builder import Pos

from rules.core.dice import DiceRoll
from rules.imperator import stratagems, tables, views
from rules.imperator.model import ImperatorState
from rules.imperator.tables import BattleResult

ROME_HAND = ["pacification_d_un_peuple_mineur#1"]
ENEMY_HAND = ["furor_germanicus#1", "desertion#2"]
CUP = ["roma_victor#1", "assassinat#1", "faveur_divine#1"]


def unit_face(uid: str, values: tuple[int, int, int], *, reduced: bool = False, front: str | None = "danube",
              people: str = "roman", kind: str = "legion", nationality: str | None = None) -> dict[str, Any]:
    face: dict[str, Any] = {"id": uid, "kind": kind, "label": uid.title(), "strength": values[0],
                            "values": "-".join(str(v) for v in values), "reduced": reduced, "people": people}
    if front:
        face["front"] = front
    if nationality:
        face["nationality"] = nationality
    return face


def leader_face(lid: str, cc: int = 3, vs: int = 2, bt: int = 0, cp: int = 3, *, markers: list[str] | None = None,
                rebel: bool = False, pax: bool = False) -> dict[str, Any]:
    return {"id": lid, "kind": "leader", "label": lid.title(), "markers": markers or [], "people": "roman",
            "rebel": rebel, "pax": pax, "ratings": {"cc": cc, "vs": vs, "bt": bt, "cp": cp},
            "values": f"{cc}-{vs}-{bt}-{cp}"}


def _position() -> ImperatorState:
    """Every kind of counter the views show: stacks of both sides, a reduced and an eliminated
    unit, a mutiny, a dead leader, a fleet at sea with its cargo, hands, cup and map chits."""
    p = Pos(176)
    p.fleet = True
    p.rules.update(peoples=True, armenia=True, stratagems=True)
    p.leader("aug", "rome", title="augustus", cc=4, vs=3, bt=1, cp=5)
    p.leader("gen", "carnuntum")
    p.leader("sailor", None)
    p.leader("dead", None)
    p.leader("chief", "quadi", "E", people="quadi")
    p.unit("leg0", "carnuntum", pf=8, qu=3, bt=1)
    p.unit("leg1", "vindobona", reduced=True, pf=8, qu=3, bt=1)
    p.unit("leg2", None, status="eliminated")
    p.unit("leg3", None, status="removed")
    p.unit("mar", None, front=None)
    p.unit("mut", "aquincum")
    p.unit("q1", "quadi", "E", people="quadi", pf=4)
    p.unit("q0", "quadi", "E", people="quadi", pf=6, qu=3)
    st = p.state(phase="E", active="E", sub="combat")
    st.leaders["dead"].status = "dead"
    st.leaders["sailor"].fleet = "ravenna"
    st.leaders["chief"].pax = True
    st.units["mar"].fleet = "ravenna"
    st.fleets["ravenna"].at = "mare"
    st.units["mut"].owner = "M"
    st.units["mut"].mutiny = "mutinerie#1"
    st.units["mut"].mutineer_of = "R"
    st.custodes = "aug"
    st.at_war = ["quadi"]
    st.armenia = "parthian"
    st.vp = {"rome": 3, "enemies": 7}
    st.smc_left = {"R": 5, "E": 2}
    st.smc_total = 7
    st.smc_index = 1
    st.reserve_fronts = ["danube"]
    st.reserve_max = 2
    st.pax_turn = True
    st.event = 3
    st.usurpation_success = "gen"
    st.fought = ["quadi"]
    st.last_battle = {"zone": "Quadi"}
    st.last_moves = [{"from": "carnuntum", "to": "quadi", "side": "R", "path": ["carnuntum", "quadi"]}]
    st.plague = {"raetia": "centre"}
    st.result = {"winner": "enemies"}
    st.hands = {"rome": list(ROME_HAND), "enemies": list(ENEMY_HAND)}
    st.cup = list(CUP)
    st.chits_on_map = {"mutinerie#1": "aquincum", "intrigue_au_senat#2": "rome"}
    st.map_chit_side = {"mutinerie#1": "R"}
    st.history = [f"line {i}" for i in range(25)]
    st.pending = [{"id": "d-7", "role": "E", "section": "§8.5", "kind": "retreat", "prompt": "Where to?",
                   "choices": [["germ_n", "Germania North"]], "default": "germ_n"}]
    return st


def test_public_view_shows_every_field_of_the_position() -> None:
    st = _position()
    view = views.public_view(st)
    event = tables.event(3)
    assert view == {
        "game": "imperator",
        "scenario": "test",
        "scenario_id": "test",
        "year": 176,
        "end_year": 180,
        "phase": "E",
        "phase_name": "Movements and combats",
        "step": "E-combat",
        "turn_label": "SMC 2 of 2 (combat)",
        "initiative": "E",
        "active_side": "E",
        "smc_left": {"R": 5, "E": 2},
        "smc_total": 7,
        "smc_max": 5,
        "vp": {"R": 3, "E": 7},
        "vp_by_seat": {"rome": 3, "enemies": 7},
        "roles": {"rome": "R", "enemies": "E"},
        "pax_romana": True,
        "active_event": {"id": 3, "name": event.name, "text": event.description},
        "zones": {
            "rome": {"stacks": [{"side": "R", "counters": [
                leader_face("aug", 4, 3, 1, 5, markers=["augustus", "corporis_custodes"])]}], "markers": []},
            "carnuntum": {"stacks": [{"side": "R", "counters": [
                leader_face("gen"), unit_face("leg0", (8, 3, 1))]}], "markers": []},
            "vindobona": {"stacks": [{"side": "R", "counters": [
                unit_face("leg1", (4, 2, 1), reduced=True)]}], "markers": []},
            "aquincum": {"stacks": [{"side": "R", "counters": [unit_face("mut", (10, 2, 0))]}], "markers": []},
            "quadi": {"stacks": [{"side": "E", "counters": [
                {**leader_face("chief", pax=True), "people": "quadi"},
                unit_face("q0", (6, 3, 0), front=None, people="quadi", kind="people", nationality="german"),
                unit_face("q1", (4, 2, 0), front=None, people="quadi", kind="people", nationality="german")]}],
                "markers": []},
        },
        "peoples": {
            "quadi": {"name": "Quadi", "status": "war", "zones": ["quadi"]},
            "jazyges": {"name": "Jazyges", "status": "pax", "zones": ["jazyges"]},
            "parthians": {"name": "Parthians", "status": "pax", "zones": ["parthia"]},
        },
        "armenia": {"status": "parthian"},
        "fleets": [{"id": "ravenna", "name": "Ravenna", "zone": "mare", "at_sea": True, "side": "R",
                    "counters": [unit_face("mar", (10, 2, 0), front=None), leader_face("sailor")]}],
        "reserve_fronts": ["danube"],
        "reserve_max": 2,
        "civil_war": False,
        "usurpation_success": "gen",
        "eliminated": ["leg2"],
        "dead_leaders": ["dead"],
        "battle_zones": ["quadi"],
        "last_battle": {"zone": "Quadi"},
        "pending": {"id": "d-7", "seat": "enemies", "kind": "decision", "section": "§8.5"},
        "stratagem_counts": {"R": 1, "E": 2},
        "stratagem_cup": 3,
        "stratagems_on_map": [{"type": "intrigue_au_senat", "zone": "rome"}, {"type": "mutinerie", "zone": "aquincum"}],
        "map_stratagems": [
            {"id": "intrigue_au_senat", "name": "Intrigue au Sénat", "zone": "rome", "side": "E"},
            {"id": "mutinerie", "name": stratagems.label("mutinerie#1"), "zone": "aquincum", "side": "R"},
        ],
        "last_moves": [{"from": "carnuntum", "to": "quadi", "side": "R", "path": ["carnuntum", "quadi"]}],
        "plague": {"raetia": "centre"},
        "result": {"winner": "enemies"},
        "log": [f"line {i}" for i in range(5, 25)],
    }
    assert list(view["zones"]["quadi"]["stacks"][0]["counters"][0]) == list(leader_face("chief"))  # leaders first


def test_public_view_copies_what_it_shows() -> None:
    """The view is data the bot may keep: changing the state afterwards does not change it."""
    st = _position()
    view = views.public_view(st)
    st.smc_left["R"] = 0
    st.vp["rome"] = 99
    st.roles["rome"] = "X"
    st.reserve_fronts.append("rhine")
    st.fought.append("rome")
    st.last_battle["zone"] = "Roma"
    st.last_moves[0]["to"] = "rome"
    st.plague["rome"] = "adjacent"
    st.history.append("later")
    assert view["smc_left"] == {"R": 5, "E": 2} and view["vp_by_seat"]["rome"] == 3
    assert view["roles"]["rome"] == "R" and view["reserve_fronts"] == ["danube"]
    assert view["battle_zones"] == ["quadi"] and view["last_battle"] == {"zone": "Quadi"}
    assert view["last_moves"][0]["to"] == "quadi" and view["plague"] == {"raetia": "centre"}
    assert view["log"][-1] == "line 24"


def test_a_fleet_in_port_shows_in_its_home_and_a_fleet_off_the_map_not_at_all() -> None:
    st = _position()
    st.fleets["ravenna"].at = "port"
    fleet = views.public_view(st)["fleets"][0]
    assert (fleet["zone"], fleet["at_sea"]) == ("ravenna", False)
    st.fleets["ravenna"].status = "eliminated"
    assert views.public_view(st)["fleets"] == []


def test_counters_off_the_map_or_without_a_zone_are_not_drawn() -> None:
    st = _position()
    st.units["leg0"].status = "eliminated"
    st.leaders["gen"].status = "dead"
    st.units["leg1"].loc = None
    st.leaders["aug"].loc = None
    zones = views.public_view(st)["zones"]
    assert sorted(zones) == ["aquincum", "quadi"]


def test_turn_label_smc_max_and_switches_off() -> None:
    st = _position()
    st.smc_index = 5  # past the last SMC: still counted as the last
    st.smc_left = {"R": 1, "E": 0}
    st.rules.update(peoples=False, armenia=False)
    st.event = 0
    st.pending = []
    st.armenia = "roman"
    view = views.public_view(st)
    assert view["turn_label"] == "SMC 2 of 2 (combat)"
    assert view["smc_max"] == 4
    assert (view["peoples"], view["armenia"], view["active_event"], view["pending"]) == ({}, {}, None, None)
    st.rules["armenia"] = True
    assert views.public_view(st)["armenia"] == {"status": "roman"}
    st.smc_order = []
    assert views.public_view(st)["turn_label"] == ""
    st.smc_order = ["R", "E"]
    st.phase = "D"
    view = views.public_view(st)
    assert (view["turn_label"], view["phase_name"]) == ("", "Administration")
    st.phase = "Z"
    assert views.public_view(st)["phase_name"] == ""


def test_a_usurper_on_the_map_means_civil_war_and_a_dead_one_does_not() -> None:
    st = _position()
    st.leaders["gen"].title = "usurper"
    assert views.public_view(st)["civil_war"] is True
    st.leaders["gen"].status = "dead"
    assert views.public_view(st)["civil_war"] is False


def test_a_mutinous_unit_without_its_real_side_stacks_with_the_mutineers() -> None:
    st = _position()
    st.units["mut"].mutineer_of = None
    stacks = views.public_view(st)["zones"]["aquincum"]["stacks"]
    assert [s["side"] for s in stacks] == ["M"]
    st.units["mut"].mutiny = None
    st.units["mut"].mutineer_of = "R"
    assert [s["side"] for s in views.public_view(st)["zones"]["aquincum"]["stacks"]] == ["M"]


def test_two_sides_in_one_zone_make_two_stacks() -> None:
    st = _position()
    st.units["q1"].loc = "carnuntum"
    stacks = views.public_view(st)["zones"]["carnuntum"]["stacks"]
    assert [(s["side"], [c["id"] for c in s["counters"]]) for s in stacks] == [
        ("R", ["gen", "leg0"]), ("E", ["q1"])]


def test_armenia_units_are_drawn_as_armenia() -> None:
    p = Pos()
    p.unit("arm", "parthia", "E", people="armenia", pf=4)
    counter = views.public_view(p.state(phase="C"))["zones"]["parthia"]["stacks"][0]["counters"][0]
    assert (counter["kind"], counter["people"], "nationality" in counter) == ("armenia", "armenia", False)


def test_the_counter_memo_follows_a_changed_board() -> None:
    """``Board.counter_faces`` is rebuilt when the unit's data or its People change."""
    st = _position()
    views.public_view(st)
    old = st.board.units["leg0"]
    st.board.units["leg0"] = type(old)(**{**old.__dict__, "name": "Renamed"})
    assert views.public_view(st)["zones"]["carnuntum"]["stacks"][0]["counters"][1]["label"] == "Renamed"
    oldp = st.board.peoples["quadi"]
    st.board.peoples["quadi"] = type(oldp)(**{**oldp.__dict__, "nationality": "sarmatians"})
    counters = views.public_view(st)["zones"]["quadi"]["stacks"][0]["counters"]
    assert [c.get("nationality") for c in counters] == [None, "sarmatians", "sarmatians"]


# -- hidden information --------------------------------------------------------------------------


def _names_of(chits: list[str]) -> list[str]:
    return [w for c in chits for w in (c, c.split("#")[0], stratagems.label(c))]


def test_a_spectator_sees_counts_of_chits_and_never_a_name() -> None:
    st = _position()
    view = views.public_view(st)
    text = json.dumps(view, ensure_ascii=False)
    for word in _names_of(ROME_HAND + ENEMY_HAND + CUP):
        assert word not in text, word
    assert (view["stratagem_counts"], view["stratagem_cup"]) == ({"R": 1, "E": 2}, 3)
    assert "hand" not in view and "decision" not in view
    assert "Where to?" not in text and "Germania North" not in text  # the decision's prompt and choices


def test_a_seat_sees_its_own_chits_and_only_the_count_of_the_other() -> None:
    st = _position()
    public = views.public_view(st)
    for seat, own, other in (("rome", ROME_HAND, ENEMY_HAND), ("enemies", ENEMY_HAND, ROME_HAND)):
        view = views.seat_view(st, seat)
        assert [c["id"] for c in view["hand"]] == own
        assert view["hand"] == stratagems.hand_view(st, seat)
        text = json.dumps(view, ensure_ascii=False)
        for word in _names_of(other + CUP):
            assert word not in text, (seat, word)
        assert (view["seat"], view["role"]) == (seat, st.roles[seat])
        assert view["stratagem_counts"] == {"R": 1, "E": 2}
        assert {k: v for k, v in view.items() if k not in ("seat", "role", "hand", "decision")} == public


def test_only_the_deciding_seat_sees_the_decision() -> None:
    st = _position()
    assert views.seat_view(st, "enemies")["decision"] == {
        "id": "d-7", "prompt": "Where to?", "choices": [["germ_n", "Germania North"]], "default": "germ_n"}
    rome = views.seat_view(st, "rome")
    assert "decision" not in rome and "Where to?" not in json.dumps(rome)
    assert sorted(set(views.seat_view(st, "enemies")) - set(views.public_view(st))) == [
        "decision", "hand", "role", "seat"]


def test_without_stratagems_a_seat_view_has_no_hand() -> None:
    st = _position()
    st.hands = {}
    st.pending = []
    view = views.seat_view(st, "rome")
    assert sorted(set(view) - set(views.public_view(st))) == ["role", "seat"]
    assert views.seat_view(st, "nobody")["role"] is None


# -- battles in words -------------------------------------------------------------------------------


def _battle(roll: DiceRoll | None, result: BattleResult, shift: int = 1, forced_row: int | None = None
            ) -> tuple[ImperatorState, dict[str, Any]]:
    st = _position()
    st.smc_index = 0
    record = views.battle_record(
        st, zone="quadi", attacker="R", defender="E",
        forces={"R": (["leg0"], ["gen"]), "E": (["q0", "q1"], [])},
        pf={"R": 8, "E": 10}, odds="1-1", qu={"R": 3, "E": 2}, shift=shift, roll=roll,
        forced_row=forced_row, result=result)
    return st, record


def test_battle_record_holds_both_sides_the_odds_the_roll_and_the_result() -> None:
    roll = DiceRoll("§8.2 battle", "d6", 4, (("Legio", 1), ("Dux", -2)), 3)
    st, record = _battle(roll, BattleResult("1/2", "A", "attacker", "2-1", 3))
    assert record == {
        "zone": "Quadi", "zone_id": "quadi", "year": 176, "smc": 1,
        "attacker": {"side": "R", "role": "R", "name": "Rome", "leaders": ["Gen"], "units": 1, "strength": 8,
                     "quality": 3, "counters": [leader_face("gen"), unit_face("leg0", (8, 3, 1))]},
        "defender": {"side": "E", "role": "E", "name": "the Enemies of Rome", "leaders": [], "units": 2,
                     "strength": 10, "quality": 2, "counters": [
                         unit_face("q0", (6, 3, 0), front=None, people="quadi", kind="people", nationality="german"),
                         unit_face("q1", (4, 2, 0), front=None, people="quadi", kind="people", nationality="german")]},
        "odds": "1-1", "column": "2-1", "shift": 1,
        "shifts": ["§8.2 column a) quality 3 against 2: +1", "Legio +1", "Dux -2"],
        "roll": 4, "modifier": -1, "total": 3, "row": 3,
        "result": {"attacker": "1/2", "defender": "A", "winner": "A"},
        "winner": "R",
    }
    assert views.battle_report(record) == [
        "§8.2: battle in Quadi; attacking: Rome under Gen (1 unit, 8 PF); defending: the Enemies of Rome (2 units, 10 PF).",
        "Odds: 8 PF against 10 PF, column 1-1.",
        "Quality 3 against 2: the column moves 1 step right, to 2-1.",
        "Roll: 4, modified by Legio +1, Dux -2: row 3.",
        "Battle table, column 2-1, row 3: 1/2/A. Attacker 1/2, defender A.",
        "🏆 Winner: Rome.",
        "Losses: Rome: step losses on half as many units as the enemy lost; the Enemies of Rome: each of its "
        "units takes a step loss.",
    ]


def test_battle_without_roll_nor_shift_and_won_by_the_defender() -> None:
    st, record = _battle(None, BattleResult("E", "R", "defender", "1-2", 9), shift=0, forced_row=7)
    assert (record["shifts"], record["roll"], record["modifier"], record["total"], record["row"]) == ([], None, 0, 7, 9)
    assert record["result"]["winner"] == "D" and record["winner"] == "E"
    lines = views.battle_report(record)
    assert lines[2:] == [
        "Quality 3 against 2: no shift.",
        "No die is rolled: row 9.",
        "Battle table, column 1-2, row 9: E/R. Attacker E, defender R.",
        "🏆 Winner: the Enemies of Rome.",
        "Losses: Rome: all its units are eliminated; the Enemies of Rome: no loss.",
    ]


def test_battle_with_a_plain_roll_a_left_shift_and_no_winner() -> None:
    roll = DiceRoll("§8.2 battle", "d6", 5, (), 5)
    st, record = _battle(roll, BattleResult("R", "R", None, "1-3", 5), shift=-2)
    assert record["shifts"] == ["§8.2 column d) quality 3 against 2: -2"]
    assert record["result"]["winner"] == "" and record["winner"] == ""
    lines = views.battle_report(record)
    assert lines[2:6] == [
        "Quality 3 against 2: the column moves 2 steps left, to 1-3.",
        "Roll: 5, no modifier: row 5.",
        "Battle table, column 1-3, row 5: R/R. Attacker R, defender R.",
        "Nobody wins the battle: both sides stay (AMB-01).",
    ]
    card = views.battle_card(record)
    assert card["result"] == {"attacker": "R", "defender": "R", "winner": "nobody wins"}


def test_without_a_column_shift_every_die_modifier_is_told() -> None:
    """§8.2: with equal qualities the column does not move, so the record's shifts are the die
    modifiers alone, and the report tells each of them (the first is no column line)."""
    roll = DiceRoll("§8.2 battle", "d6", 4, (("Legio", 1), ("Dux", -2)), 3)
    st, record = _battle(roll, BattleResult("1/2", "A", "attacker", "1-1", 3), shift=0)
    assert record["shifts"] == ["Legio +1", "Dux -2"]
    assert views.battle_report(record)[2:4] == [
        "Quality 3 against 2: no shift.",
        "Roll: 4, modified by Legio +1, Dux -2: row 3.",
    ]


def test_loss_words_of_the_quarters_and_unknown_codes() -> None:
    st, record = _battle(None, BattleResult("1/4", "3/4", "attacker", "1-1", 0), shift=0)
    assert views.battle_report(record)[-1] == (
        "Losses: Rome: step losses on a quarter as many units as the enemy lost; the Enemies of Rome: step "
        "losses on three quarters as many units as the enemy lost.")
    record["result"]["attacker"] = "X"
    assert views.battle_report(record)[-1].startswith("Losses: Rome: X;")
    assert [views.side_words(r) for r in ("R", "E", "M", "Q")] == ["Rome", "the Enemies of Rome", "the mutineers", "Q"]


def test_battle_card_tells_losses_retreats_deaths_and_who_still_chooses() -> None:
    roll = DiceRoll("§8.2 battle", "d6", 4, (), 4)
    st, record = _battle(roll, BattleResult("A", "E", "attacker", "1-1", 4))
    card = views.battle_card(record)
    assert "zone_id" not in card and "winner" not in card
    assert card["attacker"]["name"] == "Gen" and card["defender"]["name"] == "the Enemies of Rome"
    assert card["attacker"]["loss_code"] == "A: each of its units takes a step loss"
    assert card["defender"]["loss_code"] == "E: all its units are eliminated"
    assert card["result"] == {"attacker": "A", "defender": "E", "winner": "Rome wins"}
    assert "losses" not in card["attacker"] and "waiting" not in card
    assert record["attacker"]["name"] == "Rome"  # the card changed a copy
    # the state after the battle: leg0 reduced and retreated, Gen dead, q0 eliminated, q1 fled
    st.units["leg0"].reduced = True
    st.units["leg0"].loc = "carnuntum"
    st.leaders["gen"].status = "dead"
    st.units["q0"].status = "eliminated"
    st.units["q1"].loc = "germ_n"
    card = views.battle_card(record, st)
    assert {k: card["attacker"][k] for k in ("losses", "retreats", "deaths")} == {
        "losses": ["Leg0 (reduced)"], "retreats": ["Leg0 → Carnuntum"], "deaths": ["Gen"]}
    assert {k: card["defender"][k] for k in ("losses", "retreats", "deaths")} == {
        "losses": ["Q0 (eliminated)"], "retreats": ["Q1 → Germania North"], "deaths": []}
    assert card["waiting"] == "enemies still chooses (retreat)"
    record["winner"] = "E"
    assert views.battle_card(record)["result"]["winner"] == "the Enemies of Rome wins"


def test_battle_aftermath_of_a_leader_who_retreats_and_counters_that_stay() -> None:
    st = _position()
    counters = [leader_face("gen"), {"id": "leg0", "kind": "legion", "reduced": True}, {"id": "ghost"},
                {"id": "leg1", "kind": "legion", "reduced": True}, leader_face("sailor")]
    st.leaders["gen"].loc = "noricum"
    st.units["leg0"].reduced = True
    st.units["leg1"].loc = "quadi"
    assert views.battle_aftermath(st, counters, "quadi") == {
        "losses": [], "retreats": ["Gen → Noricum", "Leg0 → Carnuntum"], "deaths": []}
    assert views.battle_aftermath(st, counters, "noricum")["retreats"] == ["Leg0 → Carnuntum", "Leg1 → Quadi"]
    st.leaders["gen"].loc = None
    st.units["leg0"].loc = None
    assert views.battle_aftermath(st, counters, "quadi")["retreats"] == []


# -- adjustments in words ---------------------------------------------------------------------------


def test_adjustment_lines_tell_every_counter_that_changed() -> None:
    st = _position()
    st.units["leg2"].status, st.units["leg2"].loc, st.units["leg2"].reduced = "map", "noricum", True
    st.units["leg3"].status, st.units["leg3"].loc = "map", "raetia"
    before = {
        "leg2": ("eliminated", False, None),
        "leg3": ("removed", False, None),
        "leg0": ("map", True, "vindobona"),  # moved back and restored
        "leg1": ("map", False, "vindobona"),  # worn down where it stood
        "q1": ("map", False, "quadi"),  # unchanged
        "mut": ("pending", False, None),  # neither on the map nor eliminated before: not told
        "mar": ("map", False, "ravenna"),  # now aboard a fleet: not told
    }
    leaders_before = {"gen": ("map", "vindobona"), "aug": ("dead", None), "chief": ("map", "quadi"),
                      "sailor": ("map", "ravenna"), "dead": ("map", None)}
    assert views.adjustment_lines(st, before, leaders_before) == [
        "§9.2: 1 counter goes back: Leg0 (Vindobona → Carnuntum).",
        "§9.2: 1 leader goes back: Gen (Vindobona → Carnuntum).",
        "§9.2: 2 counters rebuilt: Leg2 (Noricum, reduced), Leg3 (Raetia, full).",
        "§9.2: 1 leader comes back on the map: Aug (Roma).",
        "§9.2: 1 counter restored to full strength: Leg0 (Carnuntum).",
        "§9.2: 1 counter turns to its reduced side: Leg1 (Vindobona).",
    ]


def test_adjustment_lines_in_the_plural_with_another_section_and_nothing_changed() -> None:
    st = _position()
    for uid in ("leg0", "q0"):
        st.units[uid].reduced = True
    before = {"leg0": ("map", False, "vindobona"), "q0": ("map", False, "germ_n"),
              "q1": ("map", True, "germ_n")}
    assert views.adjustment_lines(st, before, {"gen": ("map", "rome"), "chief": ("map", "germ_n")}, "§6.1") == [
        "§6.1: 3 counters go back: Leg0 (Vindobona → Carnuntum), Q0 (Germania North → Quadi), "
        "Q1 (Germania North → Quadi).",
        "§6.1: 2 leaders go back: Chief (Germania North → Quadi), Gen (Roma → Carnuntum).",
        "§6.1: 1 counter restored to full strength: Q1 (Quadi).",
        "§6.1: 2 counters turn to their reduced side: Leg0 (Carnuntum), Q0 (Quadi).",
    ]
    st.leaders["aug"].status = "dead"
    assert views.adjustment_lines(st, {"q1": ("map", False, "quadi")}, {"aug": ("dead", None)}) == []
    assert views.adjustment_lines(st, {"q1": ("map", False, None)}) == []


def test_adjustment_lines_plural_of_rebuilt_and_returning_leaders() -> None:
    st = _position()
    for uid, zone in (("leg2", "noricum"), ("leg3", "raetia")):
        st.units[uid].status, st.units[uid].loc = "map", zone
    st.units["leg0"].reduced = False
    before = {"leg2": ("eliminated", False, None), "leg3": ("eliminated", False, None),
              "leg0": ("map", True, "carnuntum"), "leg1": ("map", True, "vindobona")}
    lines = views.adjustment_lines(st, before, {"aug": ("dead", None), "gen": ("off", None)})
    assert lines == [
        "§9.2: 2 counters rebuilt: Leg2 (Noricum, full), Leg3 (Raetia, full).",
        "§9.2: 2 leaders come back on the map: Aug (Roma), Gen (Carnuntum).",
        "§9.2: 1 counter restored to full strength: Leg0 (Carnuntum).",
    ]


# -- the event, the title, the map chits, JSON ------------------------------------------------------


def test_event_view_and_scenario_title() -> None:
    assert views.event_view(0) is None
    ev = tables.event(5)
    assert views.event_view(5) == {"id": 5, "name": ev.name, "text": ev.description}
    assert views._title("campaign") == "Imperator: la campagne (161-217)"
    assert views._title("no_such_scenario") == "no_such_scenario"


def test_map_chits_take_the_placing_side_else_the_chit_side() -> None:
    st = _position()
    st.chits_on_map = {"coup_d_etat_parthe#1": "parthia", "foyer_de_peste#1": "raetia", "mutinerie#1": "aquincum"}
    st.map_chit_side = {"mutinerie#1": "E"}
    assert [(m["id"], m["zone"], m["side"]) for m in views.map_stratagems(st)] == [
        ("coup_d_etat_parthe", "parthia", "R"), ("foyer_de_peste", "raetia", None), ("mutinerie", "aquincum", "E")]


def test_state_json_round_trip_of_a_built_board() -> None:
    st = _position()
    st.dice.roll("d6", "test")
    data = views.state_to_json(st)
    assert data["board"] == st.board.to_json()
    assert data["units"]["mut"] == {**data["units"]["mut"], "owner": "M", "mutineer_of": "R"}
    assert data["dice"] == st.dice.to_json()
    back = views.state_from_json(json.loads(json.dumps(data)))
    assert json.dumps(views.state_to_json(back), sort_keys=True) == json.dumps(data, sort_keys=True)
    assert back.units["mut"].mutiny == "mutinerie#1" and back.fleets["ravenna"].at == "mare"
    assert data["board"]["source"] == "inline"


def test_state_json_of_a_data_board_keeps_only_its_source() -> None:
    from rules.imperator.game import ImperatorGame

    st = ImperatorGame.new("parthian_war", ["rome", "enemies"], "json", {}).state
    data = views.state_to_json(st)
    assert data["board"] == {"source": st.board.source} and st.board.source.startswith("data:")
    back = views.state_from_json(data)
    assert back.board.source == st.board.source and sorted(back.board.zones) == sorted(st.board.zones)
    assert back.units == st.units and back.leaders == st.leaders and back.year == st.year
    assert data["board"] == {"source": st.board.source}  # the input is not changed


# -- written against the survivors of the first run -------------------------------------------------


def test_the_counter_memo_is_read_while_the_data_stays_the_same() -> None:
    """A face stored for the same unit and People data is reused as stored (issue 14: the
    faces are built once per board); a copy of it is returned each time."""
    st = _position()
    views.public_view(st)
    d, people, face = st.board.counter_faces[("q1", False)]
    st.board.counter_faces[("q1", False)] = (d, people, {**face, "label": "from the memo"})
    counters = views.public_view(st)["zones"]["quadi"]["stacks"][0]["counters"]
    assert [c["label"] for c in counters] == ["Chief", "Q0", "from the memo"]
    other = type(people)(**people.__dict__)  # equal but not the same People: rebuilt
    st.board.counter_faces[("q1", False)] = (d, other, {**face, "label": "stale"})
    assert views.public_view(st)["zones"]["quadi"]["stacks"][0]["counters"][2]["label"] == "Q1"


def test_a_fleet_off_the_map_does_not_hide_the_next_one() -> None:
    from rules.imperator.model import FleetDef, FleetState

    st = _position()
    st.board.fleets["misenum"] = FleetDef("misenum", "Misenum", "rome", ("mare",))
    st.fleets = {"misenum": FleetState(status="lost"), **st.fleets}
    assert [f["id"] for f in views.public_view(st)["fleets"]] == ["ravenna"]


def test_switches_missing_from_the_rules_count_as_on_and_a_people_without_zones() -> None:
    from rules.imperator.model import PeopleDef

    st = _position()
    del st.rules["peoples"], st.rules["armenia"]
    st.board.peoples["nomads"] = PeopleDef("nomads", "Nomads", "sarmatians", False, "west", "danube")
    view = views.public_view(st)
    assert view["peoples"]["nomads"] == {"name": "Nomads", "status": "pax", "zones": []}
    assert view["peoples"]["quadi"]["status"] == "war" and view["armenia"] == {"status": "parthian"}


def test_the_first_smc_and_no_smc_left() -> None:
    st = _position()
    st.smc_index = 0
    st.smc_left = {}
    view = views.public_view(st)
    assert (view["turn_label"], view["smc_max"]) == ("SMC 1 of 2 (combat)", 4)


def test_two_leaders_are_named_with_a_comma_and_unknown_codes_kept() -> None:
    st = _position()
    st.leaders["aug"].loc = "carnuntum"
    record = views.battle_record(
        st, zone="quadi", attacker="R", defender="E", forces={"R": (["leg0"], ["gen", "aug"]), "E": (["q1"], [])},
        pf={"R": 8, "E": 4}, odds="2-1", qu={"R": 3, "E": 2}, shift=0, roll=None, forced_row=None,
        result=BattleResult("R", "X", "attacker", "2-1", 0))
    lines = views.battle_report(record)
    assert lines[0] == "§8.2: battle in Quadi; attacking: Rome under Gen, Aug (1 unit, 8 PF); defending: the Enemies of Rome (1 unit, 4 PF)."
    assert lines[-1] == "Losses: Rome: no loss; the Enemies of Rome: X."
    card = views.battle_card(record)
    assert (card["attacker"]["name"], card["defender"]["loss_code"]) == ("Gen, Aug", "X: X")
    assert record["result"] == {"attacker": "R", "defender": "X", "winner": "A"}  # the card wrote on a copy


def test_the_battle_card_tells_no_retreat_for_counters_still_in_the_battle_zone() -> None:
    roll = DiceRoll("§8.2 battle", "d6", 4, (), 4)
    st, record = _battle(roll, BattleResult("A", "A", "attacker", "1-1", 4))
    st.units["q1"].reduced = True
    card = views.battle_card(record, st)
    assert {k: card["defender"][k] for k in ("losses", "retreats", "deaths")} == {
        "losses": ["Q1 (reduced)"], "retreats": [], "deaths": []}
    assert card["attacker"]["retreats"] == ["Gen → Carnuntum", "Leg0 → Carnuntum"]  # not in the Quadi


def test_battle_aftermath_skips_a_leader_counter_no_longer_in_the_game() -> None:
    st = _position()
    st.leaders["gen"].loc = "noricum"
    counters = [{"id": "ghost", "kind": "leader"}, {"id": "gen", "kind": "unit"}, leader_face("gen")]
    assert views.battle_aftermath(st, counters, "carnuntum") == {
        "losses": [], "retreats": ["Gen → Noricum"], "deaths": []}


def test_adjustment_lines_go_on_past_counters_off_the_map() -> None:
    st = _position()
    st.units["leg2"].status, st.units["leg2"].loc = "map", "noricum"
    st.units["leg0"].reduced = st.units["q0"].reduced = False
    before = {"dead_one": ("map", False, "noricum"), "leg0": ("map", True, "carnuntum"),
              "leg1": ("pending", False, None),  # neither on the map nor eliminated: not told
              "leg2": ("eliminated", False, None), "q0": ("map", True, "quadi")}
    st.units["dead_one"] = type(st.units["leg0"])(loc=None, status="eliminated", owner="R")
    leaders_before = {"chief": ("map", "quadi"), "dead": ("map", "rome"), "gen": ("map", "rome")}
    assert views.adjustment_lines(st, before, leaders_before) == [
        "§9.2: 1 leader goes back: Gen (Roma → Carnuntum).",
        "§9.2: 1 counter rebuilt: Leg2 (Noricum, full).",
        "§9.2: 2 counters restored to full strength: Leg0 (Carnuntum), Q0 (Quadi).",
    ]


def test_state_from_json_shares_nothing_with_its_input() -> None:
    data = views.state_to_json(_position())
    back = views.state_from_json(data)
    back.history.append("later")
    back.hands["rome"].append("roma_victor#9")
    assert data["history"][-1] == "line 24" and data["hands"]["rome"] == ROME_HAND
