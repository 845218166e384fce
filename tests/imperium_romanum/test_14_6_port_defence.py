"""Fleets in a land defence (14.6, 10.7.1; IR-ENG-148 to IR-ENG-150, IR-ENG-160): the
defender's fleets in an attacked port stay and defend it (a quarter of their strength, landing
their troops if he wishes) or put out to sea; a beaten defence's fleets put out where their
owner chooses; the attacker's fleets next to the hex join his attack."""

from __future__ import annotations

import random

import pytest

from rules.core.command import Command, Outcome
from rules.core.errors import RuleError
from rules.imperium_romanum import combat as C
from rules.imperium_romanum.game import legal_commands
from rules.imperium_romanum.invariants import violations
from rules.imperium_romanum.players import heuristic_choice
from tests.imperium_romanum.builder import Position

PORT = "B4421"  # Brundisium, with the sea hexes B4320, B4420, B4422, B4520, B4521 around it
RIVER_CITY = "B5013"  # Durostorum, a river city with no sea next to it (IR-ENG-32)


def _defended_port(fleets: int = 2, rider: bool = True, attackers: int = 3) -> tuple[Position, str, list[str]]:
    """Dacia attacks Rome's Brundisium in Dacia's Land Combat segment."""
    pos = Position(month=6, segment="combat", active="dacia")
    pos.st.city_owner["brundisium"] = "rome"
    legion = pos.unit("rome", "legion_20_10", PORT)
    ships = pos.units("rome", "fleet_18_30", PORT, fleets)
    if rider:
        pos.unit("rome", "light_infantry_4_12", PORT, aboard=ships[0])
    pos.units("dacia", "heavy_infantry_20_8", PORT, attackers)
    pos.st.standing["rome"]["combat"] = "always_fight"
    return pos, legion, ships


def _battle_line(outcome: Outcome) -> str:
    return next(str(m) for m in outcome.public if "Battle at" in str(m))


def _public(outcome: Outcome) -> list[str]:
    return [str(m) for m in outcome.public]


def test_14_6_the_defenders_fleets_in_an_attacked_port_get_their_own_window() -> None:
    pos, _legion, _ships = _defended_port()
    pos.game.apply("dacia", Command("attack", {"hex": PORT}))
    pending = pos.st.pending
    assert (pending["kind"], pending["seat"], pending["section"], pending["default"]) == ("port_fleets", "rome", "§14.6", "inside")
    seas = ["B4320", "B4420", "B4422", "B4520", "B4521"]
    assert [c[0] for c in pending["choices"]] == (["inside", "land"] + [f"outside:{h}" for h in seas]
                                                  + [f"evacuate:{h}" for h in seas])  # fmt: skip
    offered = [c.args["choice"] for c in legal_commands(pos.st, "rome") if c.name == "decide"]
    assert "outside:B4420" in offered and legal_commands(pos.st, "dacia") == []


@pytest.mark.parametrize(("choice", "defence"), [
    ("inside", 20 + 9 + 1),       # IR-ENG-148: two 18-30s defend with 36 / 4 = 9; Brundisium adds 1
    ("land", 20 + 9 + 4 + 1),     # 14.6: the 4-12 aboard lands and fights beside the legion
    ("outside:B4420", 20 + 1),    # 14.6: the fleets put out and take no part
])  # fmt: skip
def test_14_6_what_the_port_fleets_add_to_the_defence(choice: str, defence: int) -> None:
    pos, _legion, _ships = _defended_port()
    pos.game.apply("dacia", Command("attack", {"hex": PORT}))
    pos.dice(3)
    outcome = pos.game.apply("rome", Command("decide", {"choice": choice}))
    assert f"60 against {defence}," in _battle_line(outcome)
    assert violations(pos.st) == []


def test_14_6_fleets_that_put_out_carry_their_troops_and_say_so_in_public() -> None:
    pos, _legion, ships = _defended_port()
    pos.game.apply("dacia", Command("attack", {"hex": PORT}))
    pos.dice(3)
    outcome = pos.game.apply("rome", Command("decide", {"choice": "outside:B4420"}))
    assert "Rome (Trajan): 2 fleets put out of the attacked port to B4420 (14.6)." in _public(outcome)
    rider = next(u for u, r in pos.st.units.items() if r.get("aboard") == ships[0])
    assert (pos.st.units[ships[0]]["hex"], pos.st.units[rider]["hex"]) == ("B4420", "B4420")


def test_14_6_fleets_putting_out_attack_the_enemy_fleets_outside_at_once() -> None:
    pos, _legion, _ships = _defended_port(rider=False)
    pos.unit("dacia", "fleet_18_30", "B4420")
    pos.game.apply("dacia", Command("attack", {"hex": PORT}))
    pos.dice(6, 3)  # the naval combat roll, then the land combat's
    outcome = pos.game.apply("rome", Command("decide", {"choice": "outside:B4420"}))
    assert any(line.startswith("Naval combat at B4420: 36 against 18,") for line in _public(outcome))


def test_ir_eng_148_fleets_inside_an_assaulted_city_are_multiplied_like_the_besieged() -> None:
    pos, _legion, _ships = _defended_port(rider=False)
    pos.st.standing["rome"]["combat"] = "ask"
    pos.st.standing["dacia"]["assault"] = "always"
    pos.game.apply("dacia", Command("attack", {"hex": PORT}))
    pos.game.apply("rome", Command("decide", {"choice": "inside"}))
    assert pos.st.pending["kind"] == "battle"
    pos.dice(3)
    outcome = pos.game.apply("rome", Command("decide", {"choice": "siege"}))
    # barbarians assault: the legion and the fleets' 9 tripled (14.3), the city's 1 added after
    assert "60 against 88," in _battle_line(outcome)


def test_ir_eng_150_a_fleet_weighs_a_quarter_of_its_strength_in_the_cer_majority() -> None:
    pos, legion, ships = _defended_port(fleets=2, rider=False)
    pos.st.powers["rome"]["cer"] = "A"
    light = pos.unit("rome", "light_cavalry_6_16", PORT)
    # 20 (A) + 9 (fleets, A) against 6 (D): A; at full strength the fleets would not change it either,
    # so weigh them against a D majority: 6 + 6 + 6 D against 9 A from the fleets alone
    assert C.stack_cer(pos.st, [legion, *ships, light]) == "A"
    extra = [pos.unit("rome", "light_cavalry_6_16", PORT) for _ in range(2)]
    assert C.stack_cer(pos.st, [*ships, light, *extra]) == "D"  # 18 D against 9 A; 36 A would have won


def test_ir_eng_149_a_beaten_defences_fleets_put_out_where_their_owner_chooses() -> None:
    pos, _legion, ships = _defended_port(rider=False)
    pos.unit("dacia", "fleet_18_30", "B4320")
    pos.game.apply("dacia", Command("attack", {"hex": PORT}))
    pos.dice(3)
    outcome = pos.game.apply("rome", Command("decide", {"choice": "inside"}))
    assert "60 against 30, column 2/1, roll 2: N/N" in _battle_line(outcome)  # N/N, the attacker's
    pending = pos.st.pending
    assert (pending["kind"], pending["seat"], pending["section"]) == ("fleet_retreat", "rome", "§14.6")
    values = [c[0] for c in pending["choices"]]
    assert values == ["B4420", "B4422", "B4520", "B4521", "B4320"]  # the hex with a Dacian fleet comes last
    assert pending["default"] == "B4420"
    pos.game.apply("rome", Command("decide", {"choice": "B4521"}))
    assert {pos.st.units[f]["hex"] for f in ships if f in pos.st.units} == {"B4521"}
    assert violations(pos.st) == []


def test_ir_eng_149_fleets_of_a_beaten_defence_with_no_open_sea_are_lost() -> None:
    pos = Position(month=6, segment="combat", active="dacia")
    pos.st.city_owner["durostorum"] = "rome"
    pos.unit("rome", "legion_20_10", RIVER_CITY)
    ship = pos.unit("rome", "fleet_18_30", RIVER_CITY)
    pos.units("dacia", "heavy_infantry_20_8", RIVER_CITY, 3)
    pos.st.standing["rome"]["combat"] = "always_fight"
    pos.dice(3)
    outcome = pos.game.apply("dacia", Command("attack", {"hex": RIVER_CITY}))  # one choice only (inside): no window
    assert "60 against 25, column 2/1, roll 2: N/N" in _battle_line(outcome)  # 20 + 4 for the fleet + 1
    assert "The beaten defenders' fleets at B5013 have no open sea and are lost (14.6)." in _public(outcome)
    assert ship in pos.st.eliminated


def test_14_6_the_standing_order_naval_port_answers_the_window() -> None:
    pos, _legion, ships = _defended_port()
    pos.st.standing["rome"]["naval_port"] = "outside"
    pos.dice(3)
    outcome = pos.game.apply("dacia", Command("attack", {"hex": PORT}))
    assert pos.st.units[ships[0]]["hex"] == "B4320"  # the first sea hex on offer
    assert "60 against 21," in _battle_line(outcome)


def test_14_6_a_choice_not_on_offer_is_refused_with_the_section() -> None:
    pos, _legion, _ships = _defended_port()
    pos.game.apply("dacia", Command("attack", {"hex": PORT}))
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("decide", {"choice": "outside:B4406"}))
    assert err.value.section == "§14.6"
    with pytest.raises(RuleError) as err:
        pos.game.apply("dacia", Command("decide", {"choice": "inside"}))  # the defender's window, not the attacker's
    assert err.value.section == "§14.6"


def _attack_from_the_sea() -> tuple[Position, str, str]:
    """Rome attacks a Dacian-held Brundisium; a Roman fleet waits in the sea hex next to it."""
    pos = Position(month=6, segment="combat", active="rome")
    pos.st.city_owner["brundisium"] = "dacia"
    legion = pos.unit("rome", "legion_20_10", PORT)
    pos.units("dacia", "light_cavalry_6_16", PORT, 2)
    ship = pos.unit("rome", "fleet_18_30", "B4420")
    pos.st.standing["dacia"]["combat"] = "always_fight"
    return pos, legion, ship


def test_ir_eng_160_a_fleet_in_the_sea_hex_next_door_joins_the_attack() -> None:
    pos, _legion, ship = _attack_from_the_sea()
    assert {"hex": PORT, "fleets": [ship]} in [c.args for c in legal_commands(pos.st, "rome") if c.name == "attack"]
    pos.dice(1)
    outcome = pos.game.apply("rome", Command("attack", {"hex": PORT, "fleets": [ship]}))
    assert "24 against 13, column 3/2, roll 3: N/N" in _battle_line(outcome)  # 20 + 4; two 6-16s and the city's 1
    assert pos.st.units[ship]["hex"] == "B4420"


def test_ir_eng_160_a_fleet_from_the_sea_hex_is_lost_at_a_quarter_of_its_strength() -> None:
    pos, legion, ship = _attack_from_the_sea()
    pos.dice(5)
    outcome = pos.game.apply("rome", Command("attack", {"hex": PORT, "fleets": [ship]}))
    assert "roll 7: 1/4D/E" in _battle_line(outcome)  # a quarter of 13, rounded up: 4
    assert ship in pos.st.eliminated and pos.st.units[legion]["hex"] == PORT


@pytest.mark.parametrize(("where", "power"), [
    ("B4319", "rome"),    # two hexes off: not next to the attacked hex
    ("B4420", "dacia"),   # an enemy fleet
])  # fmt: skip
def test_14_6_refusals_of_fleets_joining_an_attack(where: str, power: str) -> None:
    pos, _legion, _ship = _attack_from_the_sea()
    other = pos.unit(power, "fleet_18_30", where)
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("attack", {"hex": PORT, "fleets": [other]}))
    assert err.value.section == "§14.6"


def test_14_6_fleets_join_no_attack_outside_the_land_combat_segment() -> None:
    pos, _legion, ship = _attack_from_the_sea()
    pos.st.segment = "movement"
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("attack", {"hex": PORT, "fleets": [ship]}))
    assert err.value.section == "§14.1"


def test_14_6_fleets_leaving_the_port_may_be_intercepted() -> None:
    pos, _legion, ships = _defended_port(rider=False)
    pos.st.city_owner["lissus"] = "dacia"
    pos.unit("dacia", "fleet_18_30", "B4418")
    pos.game.apply("dacia", Command("attack", {"hex": PORT}))
    pos.game.apply("rome", Command("decide", {"choice": "outside:B4420"}))
    pending = pos.st.pending
    assert (pending["kind"], pending["seat"], pending["section"], pending["default"]) == ("withdraw_intercept", "dacia", "§10.6", "no")
    assert [c[0] for c in pending["choices"]] == ["no", "B4418"]
    pos.dice(6, 4, 3)  # the interception roll (6 - 3 + 1 = 4 against 4 MP), the naval combat roll, the land battle's
    outcome = pos.game.apply("dacia", Command("decide", {"choice": "B4418"}))
    public = _public(outcome)
    assert "The fleets at B4418 intercept at B4420: 4 against 4 (10.6)." in public
    assert any(line.startswith("Naval combat at B4420: 18 against 36,") for line in public)
    assert "60 against 21," in _battle_line(outcome)  # the attack goes on without the fleets
    assert violations(pos.st) == []


def test_14_6_the_ports_troops_embark_on_the_leaving_fleets_one_at_a_time_when_not_all_fit() -> None:
    pos, legion, ships = _defended_port(rider=False, fleets=1)
    horse = pos.unit("rome", "light_cavalry_6_16", PORT)
    pos.game.apply("dacia", Command("attack", {"hex": PORT}))
    assert "evacuate:B4420" in [c[0] for c in pos.st.pending["choices"]]
    pos.game.apply("rome", Command("decide", {"choice": "evacuate:B4420"}))
    pending = pos.st.pending
    assert (pending["kind"], pending["seat"], pending["section"]) == ("evacuate_pick", "rome", "§14.6")
    assert [c[0] for c in pending["choices"]] == [legion, horse, "none"] and pending["default"] == legion
    pos.dice(3)
    outcome = pos.game.apply("rome", Command("decide", {"choice": horse}))  # the legion no longer fits: done
    assert "rome: 1 unit is aboard the fleets leaving B4421 (14.6)." in _public(outcome)
    assert (pos.st.units[horse]["hex"], pos.st.units[horse]["aboard"]) == ("B4420", ships[0])
    assert "60 against 21," in _battle_line(outcome)  # the legion and the city's 1 defend alone
    assert violations(pos.st) == []


def test_14_6_when_every_unit_fits_they_all_leave_with_their_leader() -> None:
    pos, legion, ships = _defended_port(rider=False, fleets=2)
    pos.leader("trajan", PORT)
    pos.game.apply("dacia", Command("attack", {"hex": PORT}))
    pos.dice(3)
    outcome = pos.game.apply("rome", Command("decide", {"choice": "evacuate:B4422"}))
    assert "rome: 1 unit is aboard the fleets leaving B4421 (14.6)." in _public(outcome)
    assert pos.st.units[legion]["hex"] == "B4422" and pos.st.leaders["trajan"]["aboard"] in ships
    assert "60 against 1," in _battle_line(outcome)  # the city alone
    assert violations(pos.st) == []


def test_14_6_the_heuristic_player_puts_out_of_a_hopeless_port_to_an_empty_sea() -> None:
    pos, _legion, _ships = _defended_port(rider=False, attackers=6)
    pos.unit("dacia", "fleet_18_30", "B4320")
    pos.game.apply("dacia", Command("attack", {"hex": PORT}))
    seat, command = heuristic_choice(pos.game, random.Random(0)) or ("", Command("end"))
    assert (seat, command.name, command.args["choice"]) == ("rome", "decide", "outside:B4420")
