"""Amphibious landings in the Land Combat segment (14.6, 10.5, 10.5.1; IR-ENG-151, IR-ENG-161):
``debark`` in Land Combat puts infantry ashore to attack at once at half strength; cavalry and
baggage trains follow only when some invaders remain after the battle."""

from __future__ import annotations

import random

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum.game import legal_commands
from rules.imperium_romanum.invariants import violations
from rules.imperium_romanum.players import heuristic_choice
from tests.imperium_romanum.builder import Position

PORT = "B4421"  # Brundisium, held by Dacia here
SEA = "B4420"


def _invasion(month: int = 6, leader: str = "trajan", defenders: int = 1) -> tuple[Position, list[str], str, str]:
    """Rome's fleets at sea next to a Dacian-held Brundisium, a legion and a light cavalry
    aboard, in Rome's Land Combat segment."""
    pos = Position(month=month, segment="combat", active="rome")
    pos.st.city_owner["brundisium"] = "dacia"
    ships = pos.units("rome", "fleet_18_30", SEA, 2)
    legion = pos.unit("rome", "legion_20_10", SEA, aboard=ships[0])
    horse = pos.unit("rome", "light_cavalry_6_16", SEA, aboard=ships[1])
    if leader:
        pos.leader(leader, SEA)
        pos.st.leaders[leader]["aboard"] = ships[0]
    pos.units("dacia", "light_infantry_4_12", PORT, defenders)
    pos.st.standing["dacia"]["combat"] = "always_fight"
    return pos, ships, legion, horse


def test_14_6_a_landing_to_attack_is_a_legal_command_of_the_land_combat_segment() -> None:
    pos, ships, _legion, _horse = _invasion()
    assert {"fleets": ships, "to": PORT} in [c.args for c in legal_commands(pos.st, "rome") if c.name == "debark"]


def test_14_6_the_infantry_lands_the_cavalry_stays_aboard_and_the_invaders_must_attack() -> None:
    pos, ships, legion, horse = _invasion()
    outcome = pos.game.apply("rome", Command("debark", {"fleets": ships, "to": PORT}))
    public = [str(m) for m in outcome.public]
    assert "rome lands an invasion force at B4421 (10.5)." in public
    assert ("rome's invaders at B4421 came from the sea in the Land Combat segment and must attack now (14.6, 10.5.1)."
            in public)  # fmt: skip
    assert (pos.st.units[legion]["hex"], pos.st.units[legion]["aboard"]) == (PORT, "")
    assert pos.st.units[horse]["aboard"] == ships[1]  # 10.5.1: cavalry stays aboard against defenders
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("end"))
    assert err.value.section == "§14.1"
    assert violations(pos.st) == []


def test_10_5_2_the_invaders_attack_at_half_strength() -> None:
    pos, ships, _legion, _horse = _invasion()
    pos.game.apply("rome", Command("debark", {"fleets": ships, "to": PORT}))
    pos.dice(6)
    outcome = pos.game.apply("rome", Command("attack", {"hex": PORT}))
    assert any(str(m).startswith("Battle at B4421: 10 against 5,") for m in outcome.public)  # 20 / 2; 4 + the city's 1


def test_10_5_1_cavalry_follows_when_the_invaders_hold_on() -> None:
    pos, ships, legion, horse = _invasion(defenders=6)
    pos.game.apply("rome", Command("debark", {"fleets": ships, "to": PORT}))
    pos.dice(2)
    outcome = pos.game.apply("rome", Command("attack", {"hex": PORT}))
    assert any(str(m).startswith("Battle at B4421: 10 against 25, column 1/3, roll 7: N/N") for m in outcome.public)
    pending = pos.st.pending
    assert (pending["kind"], pending["seat"], pending["section"], pending["default"]) == ("follow_up", "rome", "§10.5.1", "land")
    assert [c[0] for c in pending["choices"]] == ["land", "stay"]
    outcome = pos.game.apply("rome", Command("decide", {"choice": "land"}))
    assert "rome: 1 more unit lands at B4421 behind the invaders (10.5.1)." in [str(m) for m in outcome.public]
    assert (pos.st.units[horse]["hex"], pos.st.units[horse]["aboard"], pos.st.units[horse]["no_land_move"]) == (PORT, "", pos.st.turn)
    assert pos.st.units[legion]["hex"] == PORT
    assert violations(pos.st) == []


def test_10_5_1_a_failed_landing_leaves_the_cavalry_aboard_untouched() -> None:
    pos, ships, legion, horse = _invasion(defenders=6)
    pos.game.apply("rome", Command("debark", {"fleets": ships, "to": PORT}))
    pos.dice(3)
    outcome = pos.game.apply("rome", Command("attack", {"hex": PORT}))
    assert any(str(m).startswith("Battle at B4421: 10 against 25, column 1/3, roll 8: D/E") for m in outcome.public)
    assert legion in pos.st.eliminated and pos.st.units[horse]["aboard"] == ships[1]
    assert pos.st.pending == {}  # no follow-up window


def test_ir_eng_151_beaten_invaders_retreat_by_land_and_the_cavalry_stays_aboard() -> None:
    pos, ships, legion, horse = _invasion(defenders=6)
    pos.game.apply("rome", Command("debark", {"fleets": ships, "to": PORT}))
    pos.dice(1)
    outcome = pos.game.apply("rome", Command("attack", {"hex": PORT}))
    assert "The losers retreat to B4321 (14.5.1)." in [str(m) for m in outcome.public]
    assert pos.st.units[legion]["hex"] == "B4321" and pos.st.units[horse]["aboard"] == ships[1]
    assert pos.st.pending == {}


@pytest.mark.parametrize(("month", "leader", "target", "section"), [
    (1, "trajan", PORT, "§10.5"),            # a winter month
    (6, "hadrian", PORT, "§10.5"),           # a +1 leader is not enough
    (6, "", PORT, "§10.5"),                  # no leader at all
    (6, "trajan", "B4321", "§10.4.3"),       # not next to the fleets' sea hex
])  # fmt: skip
def test_10_5_refusals_of_a_landing_in_land_combat(month: int, leader: str, target: str, section: str) -> None:
    pos, ships, _legion, _horse = _invasion(month=month, leader=leader)
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("debark", {"fleets": ships, "to": target}))
    assert err.value.section == section


def test_14_6_no_landing_in_land_combat_where_there_is_no_enemy_to_attack() -> None:
    pos, ships, _legion, _horse = _invasion()
    pos.st.city_owner["brundisium"] = "rome"
    for uid in [u for u, r in pos.st.units.items() if r["power"] == "dacia"]:
        del pos.st.units[uid]
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("debark", {"fleets": ships, "to": PORT}))
    assert err.value.section == "§14.6"


def test_14_1_no_landing_in_a_hex_already_attacked_this_segment() -> None:
    pos, ships, _legion, _horse = _invasion()
    pos.st.attacked.append(PORT)
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("debark", {"fleets": ships, "to": PORT}))
    assert err.value.section == "§14.1"


def test_10_5_1_no_landing_past_an_enemy_fleet_outside_port() -> None:
    pos, ships, _legion, _horse = _invasion()
    pos.unit("dacia", "fleet_18_30", SEA)
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("debark", {"fleets": ships, "to": PORT}))
    assert err.value.section == "§10.5.1"


def test_14_6_no_landing_in_another_players_land_combat_segment() -> None:
    pos, ships, _legion, _horse = _invasion()
    with pytest.raises(RuleError) as err:
        pos.game.apply("dacia", Command("debark", {"fleets": ships, "to": PORT}))
    assert err.value.section == "§4.0"


def test_14_6_the_heuristic_player_lands_when_the_halved_invaders_outweigh_the_defence() -> None:
    pos, ships, _legion, _horse = _invasion()
    assert heuristic_choice(pos.game, random.Random(0)) == ("rome", Command("debark", {"fleets": ships, "to": PORT}))
