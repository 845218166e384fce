"""Naval operations (10.2-10.7) beyond the worked examples: costs and seas, winter attrition,
the at-sea rule, the interception window, ports, amphibious invasions, refusals, and the
legal naval commands."""

from __future__ import annotations

import copy

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import combat as C
from rules.imperium_romanum import naval as NAV
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum.game import legal_commands
from rules.imperium_romanum.naval_charts import attrition_value
from rules.imperium_romanum.world import data, world
from tests.imperium_romanum.builder import Position

BRUNDISIUM = "B4421"
DYRRHACHIUM = "B4519"
TOMI = "B5111"


def naval_position(month: int = 6, season: str | None = None) -> Position:
    pos = Position(month=month, segment="naval", season=season)
    pos.st.naval_order = ["rome"]
    for city in ("brundisium", "tarentum", "rhegium", "messana", "syracusae"):  # Italia is nobody's in scenario 12
        pos.st.city_owner[city] = "rome"
    return pos


def test_sea_costs_follow_kind_season_and_sea() -> None:
    """10.3: coastal 2 / deep 3 in summer, doubled in winter (charts_naval.toml, design); the
    Black Sea is outside the Mediterranean (costs x2); the Red Sea is always summer (9.0)."""
    w = world("s12")
    assert dict(w.sea_steps(BRUNDISIUM, False))["B4420"] == 2
    assert dict(w.sea_steps(BRUNDISIUM, True))["B4420"] == 4
    assert dict(w.sea_steps("B4420", False))["B4319"] == 3  # deep
    assert dict(w.sea_steps(TOMI, False))["B5211"] == 4  # Black Sea: 2 x 2
    assert dict(w.sea_steps("B5211", True))["B5210"] == 8
    assert dict(w.sea_steps("C1227", True)) == dict(w.sea_steps("C1227", False))  # Red Sea


def test_fleets_never_cross_land() -> None:
    pos = naval_position()
    fleet = pos.unit("rome", "fleet_18_30", BRUNDISIUM)
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("sail", {"fleets": [fleet], "to": "B4406"}))
    assert err.value.section == "§10.3"
    assert pos.st.units[fleet]["hex"] == BRUNDISIUM


@pytest.mark.parametrize(("die", "sunk"), [(1, True), (2, False)])
def test_winter_attrition_after_moving(die: int, sunk: bool) -> None:
    """10.3.1: 8 MP of movement in winter gives value 1; a d6 at or under it sinks the stack with
    its troops; embarking does not count."""
    pos = naval_position(month=1)
    fleet = pos.unit("rome", "fleet_18_30", BRUNDISIUM)
    legion = pos.unit("rome", "legion_16_10", BRUNDISIUM)
    game = pos.game
    game.apply("rome", Command("embark", {"fleets": [fleet], "units": [legion]}))
    game.apply("rome", Command("sail", {"fleets": [fleet], "to": "B4320"}))
    game.apply("rome", Command("sail", {"fleets": [fleet], "to": "B4220"}))
    assert pos.st.units[fleet]["mmp"] == 8 and pos.st.units[fleet]["nmp"] == 10
    assert attrition_value(8) == 1
    pos.dice(die)
    out = game.apply("rome", Command("end"))
    assert [r.purpose for r in out.rolls][:1] == ["§10.3.1 naval attrition"]
    assert (fleet not in pos.st.units, legion not in pos.st.units) == (sunk, sunk)


def test_no_attrition_in_summer() -> None:
    pos = naval_position()
    fleet = pos.unit("rome", "fleet_18_30", BRUNDISIUM)
    pos.game.apply("rome", Command("sail", {"fleets": [fleet], "to": "B4220"}))
    out = pos.game.apply("rome", Command("end"))
    assert fleet in pos.st.units
    assert "§10.3.1 naval attrition" not in [r.purpose for r in out.rolls]


def test_a_second_month_at_sea_sinks_the_fleet() -> None:
    """10.3: a fleet that ended the last phase at sea must end this one in a friendly port."""
    pos = naval_position()
    at_sea = pos.unit("rome", "fleet_18_30", "B4220")
    home = pos.unit("rome", "fleet_18_30", BRUNDISIUM)
    NAV.end_phase(pos.st, [])
    assert pos.st.units[at_sea]["at_sea"] == pos.st.turn and pos.st.units[home]["at_sea"] == 0
    pos.st.turn += 1
    NAV.end_phase(pos.st, [])
    assert at_sea not in pos.st.units and at_sea in pos.st.eliminated
    assert home in pos.st.units


def test_the_interception_window_then_combat() -> None:
    """10.6: a Roman fleet enters a coastal hex 2 MP from a Dacian port with a fleet: Dacia is
    asked (default: no); it intercepts on 1 + 1 >= 2 and attacks at once (10.7 a)."""
    pos = naval_position()
    pos.st.city_owner["dyrrhachium"] = "dacia"
    roman = pos.unit("rome", "fleet_18_30", BRUNDISIUM)
    dacian = pos.unit("dacia", "fleet_18_30", DYRRHACHIUM)
    game = pos.game
    game.apply("rome", Command("sail", {"fleets": [roman], "to": "B4621", "path": ["B4520", "B4621"]}))
    decision = game.pending_decision()
    assert decision is not None
    assert (decision.seat, decision.kind, decision.default, decision.section) == ("dacia", "naval_intercept", "no", "§10.6")
    assert pos.st.units[roman]["hex"] == "B4520"
    pos.dice(1, 3)  # interception 1 + 1 (unmoved) = 2 >= 2; combat 18 v 18, column 1-1, die 3: "1/1"
    out = game.apply("dacia", Command("decide", {"id": decision.id, "choice": DYRRHACHIUM}))
    assert [r.purpose for r in out.rolls] == ["§10.6 naval interception", "§10.7.3 naval combat"]
    # one fleet each, "1" is a quarter of one: nobody sinks, a draw; the mover stops there
    assert roman in pos.st.units and dacian in pos.st.units
    assert pos.st.units[dacian]["hex"] == "B4520" and pos.st.units[roman]["hex"] == "B4520"
    assert not pos.st.moving and dacian in pos.st.intercepted


def test_standing_order_never_skips_the_interception_window() -> None:
    pos = naval_position()
    pos.st.city_owner["dyrrhachium"] = "dacia"
    roman = pos.unit("rome", "fleet_18_30", BRUNDISIUM)
    pos.unit("dacia", "fleet_18_30", DYRRHACHIUM)
    pos.st.standing["dacia"]["intercept"] = "never"
    pos.game.apply("rome", Command("sail", {"fleets": [roman], "to": "B4621", "path": ["B4520", "B4621"]}))
    assert pos.game.pending_decision() is None
    assert pos.st.units[roman]["hex"] == "B4621"


def test_fleets_attacked_in_their_port_may_withdraw_inside() -> None:
    """10.7.1: the defender's window, default "inside": the fleets cannot be attacked then."""
    pos = naval_position()
    pos.st.city_owner["dyrrhachium"] = "dacia"
    romans = pos.units("rome", "fleet_18_30", DYRRHACHIUM, 1)
    dacian = pos.unit("dacia", "fleet_18_30", DYRRHACHIUM)
    game = pos.game
    game.apply("rome", Command("naval_attack", {"fleets": romans}))
    decision = game.pending_decision()
    assert decision is not None and (decision.kind, decision.default, decision.section) == ("naval_port", "inside", "§10.7.1")
    game.apply("dacia", Command("decide", {"id": decision.id, "choice": "inside"}))
    assert pos.st.units[dacian]["in_port"] is True
    with pytest.raises(RuleError) as err:
        game.apply("rome", Command("naval_attack", {"fleets": romans}))
    assert err.value.section == "§10.7"


def test_capacity_is_one_le_per_fleet() -> None:
    pos = naval_position()
    fleet = pos.unit("rome", "fleet_18_30", BRUNDISIUM)
    legions = pos.units("rome", "legion_16_10", BRUNDISIUM, 2)
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("embark", {"fleets": [fleet], "units": legions}))
    assert err.value.section == "§10.4.1"
    assert all(not pos.st.units[u].get("aboard") for u in legions)


def test_a_fleet_that_debarked_may_not_sail_and_troops_aboard_do_not_march() -> None:
    pos = naval_position()
    fleets = pos.units("rome", "fleet_18_30", BRUNDISIUM, 2)
    legions = pos.units("rome", "legion_16_10", BRUNDISIUM, 2)
    game = pos.game
    game.apply("rome", Command("embark", {"fleets": fleets, "units": legions}))
    game.apply("rome", Command("debark", {"fleets": fleets, "to": BRUNDISIUM, "units": [legions[0]]}))
    with pytest.raises(RuleError) as err:
        game.apply("rome", Command("sail", {"fleets": fleets, "to": "B4320"}))
    assert err.value.section == "§10.4.3"
    pos.st.segment = "movement"
    with pytest.raises(RuleError) as err:
        game.apply("rome", Command("move", {"units": [legions[1]], "to": "B4420"}))
    assert err.value.section == "§10.4"


def test_amphibious_invasion_needs_summer_and_a_plus_2_leader_and_attacks_at_half() -> None:
    """10.5: into a hex with Dacians, only infantry and leaders land; they cannot march, must
    attack, and attack at half strength (10.5.2)."""
    pos = naval_position()
    land = "B5110"
    fleets = pos.units("rome", "fleet_18_30", "B5211", 2)
    pos.unit("dacia", "legion_16_10", land)
    legion = pos.unit("rome", "legion_20_10", "B5211", aboard=fleets[0])
    cavalry = pos.unit("rome", "light_cavalry_6_16", "B5211", aboard=fleets[1])
    pos.leader("lusius_quietus", "B5211")
    pos.st.leaders["lusius_quietus"]["aboard"] = fleets[0]
    game = pos.game
    winter = copy.deepcopy(pos.st)
    winter.season = "winter"
    with pytest.raises(RuleError) as err:
        NAV.check_debark(winter, "rome", {"fleets": fleets, "to": land})
    assert err.value.section == "§10.5"
    game.apply("rome", Command("debark", {"fleets": fleets, "to": land}))
    assert pos.st.units[legion]["hex"] == land and pos.st.units[legion]["amphibious"] == pos.st.turn
    assert pos.st.units[cavalry]["aboard"] == fleets[1]  # 10.5.1: cavalry stays aboard
    assert C.attack_strength(pos.st, legion, False) == 10
    pos.st.segment = "combat"
    with pytest.raises(RuleError) as err:
        game.apply("rome", Command("end"))
    assert err.value.section == "§14.1"


def test_an_invasion_without_a_plus_2_leader_is_refused() -> None:
    pos = naval_position()
    fleet = pos.unit("rome", "fleet_18_30", "B5211")
    pos.unit("dacia", "legion_16_10", "B5110")
    pos.unit("rome", "legion_20_10", "B5211", aboard=fleet)
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("debark", {"fleets": [fleet], "to": "B5110"}))
    assert err.value.section == "§10.5"


def test_naval_commands_out_of_the_naval_phase_are_refused() -> None:
    pos = Position(segment="movement")
    fleet = pos.unit("rome", "fleet_18_30", TOMI)
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("sail", {"fleets": [fleet], "to": "B5211"}))
    assert err.value.section == "§10.2"


def test_every_legal_naval_command_is_accepted() -> None:
    pos = naval_position()
    pos.st.city_owner["dyrrhachium"] = "dacia"
    fleets = pos.units("rome", "fleet_18_30", BRUNDISIUM, 2)
    pos.units("rome", "legion_16_10", BRUNDISIUM, 1)
    pos.unit("dacia", "fleet_18_30", DYRRHACHIUM)
    pos.st.units[fleets[0]]["nmp"] = 20  # a short reach keeps the list small
    pos.st.units[fleets[1]]["nmp"] = 20
    commands = legal_commands(pos.st, "rome")
    names = {c.name for c in commands}
    assert {"embark", "sail", "end"} <= names
    for command in commands:
        game = copy.deepcopy(pos.game)
        game.apply("rome", command)


def test_the_naval_phase_ends_after_each_seat_and_checks_the_at_sea_rule() -> None:
    pos = Position(segment="fortification")
    fleet = pos.unit("rome", "fleet_18_30", "B5211")
    lines: list = []
    SEQ._step(pos.st, lines)
    assert pos.st.segment == "naval" and pos.st.naval_order == ["rome"]
    pos.game.apply("rome", Command("end"))
    assert pos.st.segment == "movement"
    assert pos.st.units[fleet]["at_sea"] == pos.st.turn


def test_troops_aboard_are_hidden_from_the_public() -> None:
    pos = naval_position()
    fleet = pos.unit("rome", "fleet_18_30", "B4220")
    legion = pos.unit("rome", "legion_16_10", "B4220", aboard=fleet)
    public = [s for s in pos.game.public_view()["stacks"] if s["hex"] == "B4220"]
    assert public == [{"hex": "B4220", "side": "rome", "besieged": False, "top": "fleet_18_30", "size": 2,
                       "power": "rome", "colour": "red"}]
    mine = [s for s in pos.game.seat_view("rome")["stacks"] if s["hex"] == "B4220"][0]
    assert [(u["id"], u["aboard"]) for u in mine["units"]] == [(fleet, ""), (legion, fleet)]
    assert data().hexes["B4220"].kind == "coastal"


def test_ir_eng_32_a_river_fleet_in_its_inland_city_is_in_harbour() -> None:
    """Scenario 12's Classis Moesica at Durostorum (not a port by IR-ENG-4) is not at sea: it
    survives any number of months there (10.3)."""
    pos = naval_position()
    durostorum = "B5013"
    fleet = pos.unit("rome", "fleet_18_30", durostorum)
    assert not NAV.friendly_port(pos.st, "rome", durostorum) and NAV.in_harbour(pos.st, "rome", durostorum)
    for _month in range(3):
        NAV.end_phase(pos.st, [])
        pos.st.turn += 1
    assert fleet in pos.st.units and pos.st.units[fleet]["at_sea"] == 0


def test_a_legion_needs_one_fleet_with_a_whole_le_free() -> None:
    """10.4.1: two fleets each half full cannot share a legion between them."""
    pos = naval_position()
    fleets = pos.units("rome", "fleet_18_30", BRUNDISIUM, 2)
    for fid in fleets:
        pos.unit("rome", "light_infantry_4_12", BRUNDISIUM, aboard=fid)
    legion = pos.unit("rome", "legion_16_10", BRUNDISIUM)
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("embark", {"fleets": fleets, "units": [legion]}))
    assert err.value.section == "§10.4.1"
    assert not pos.st.units[legion].get("aboard")
