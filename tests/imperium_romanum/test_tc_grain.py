"""Imperial capitals and grain (§22.2, ``grain.py``): TC-61 and cases written from the text.
Scenario 2: Rome's capital is Roma (A3620); at the start Rome holds 5 wheat (Africa 3,
Sicilia 2, ...)."""

from __future__ import annotations

from rules.core.command import Command
from rules.imperium_romanum import board as B
from rules.imperium_romanum import grain as G
from rules.imperium_romanum.invariants import violations
from rules.imperium_romanum.world import data, world
from tests.imperium_romanum.builder import Position

ROMA = "A3620"


def _rome(turn: int = 2) -> Position:
    pos = Position("s02", month=4, year=-67, segment="diplomacy", active="pirates")
    pos.st.turn = turn
    return pos


def _only_aegyptus(pos: Position) -> None:
    """TC-61: of the grain provinces Rome keeps only Aegyptus (4 wheat)."""
    for city in world("s02").city_value:
        province = data().cities[city].province
        if province in ("africa", "baetica", "sardinia", "sicilia", "chersonesus"):
            pos.st.city_owner[city] = "pirates"
        if province == "aegyptus":
            pos.st.city_owner[city] = "rome"


def test_22_2_wheat_counts_where_half_the_cities_are_held() -> None:
    pos = _rome()
    assert G.capital_of(pos.st, "rome") == "roma"
    assert G.wheat_held(pos.st, "rome") == 5  # Africa 3 + Sicilia 2; Aegyptus is nobody's in 67 BC
    _only_aegyptus(pos)
    assert G.wheat_held(pos.st, "rome") == 4


def test_tc_61_fewer_than_5_wheat_rolls_on_the_table_and_a_roll_outside_the_span_keeps_order() -> None:
    pos = _rome()
    _only_aegyptus(pos)
    pos.dice(3)  # the span for 4 wheat is 1-2
    lines: list = []
    G.rebellion_checks(pos.st, lines)
    assert pos.st.stats["grain_checks"] == 1 and pos.st.city_owner["roma"] == "rome"
    assert "rebellion on 1-2" in str(lines[-1]) and "(22.2.2)" in str(lines[-1])


def test_tc_61_never_on_the_first_turn_nor_with_5_wheat_and_a_free_capital() -> None:
    first = _rome(turn=1)
    _only_aegyptus(first)
    G.rebellion_checks(first.st, [])
    assert first.st.stats.get("grain_checks", 0) == 0
    fed = _rome()
    assert G.wheat_held(fed.st, "rome") >= 5
    G.rebellion_checks(fed.st, [])
    assert fed.st.stats.get("grain_checks", 0) == 0


def test_22_2_3_a_rebellion_costs_morale_and_the_rebels_hold_the_capital_at_defence_2() -> None:
    pos = _rome()
    _only_aegyptus(pos)
    legion = pos.unit("rome", "legion_20_10", ROMA)
    morale = pos.st.powers["rome"]["morale"]
    pos.dice(2)
    G.rebellion_checks(pos.st, [])
    assert pos.st.powers["rome"]["morale"] == morale - (G.capital_morale(pos.st, "rome") + 10) == morale - 30
    assert pos.st.city_owner["roma"] == G.REBELS
    rebels = [u for u, r in pos.st.units.items() if r["power"] == G.REBELS]
    assert [(pos.st.units[u]["type"], pos.st.units[u]["hex"], pos.st.units[u]["vet"]) for u in rebels] == [
        ("light_infantry_4_12", ROMA, False)] * 2
    assert pos.st.powers[G.REBELS]["cer"] == "B" and pos.st.powers[G.REBELS]["seat"] == ""
    assert B.city_defence(pos.st, "roma") == 2
    assert pos.st.units[legion]["besieged"] is False and pos.st.units[legion]["hex"] == ROMA
    assert violations(pos.st) == []
    pos.st.city_owner["roma"] = "rome"  # retaken by its owner: the defence is whole again
    assert B.city_defence(pos.st, "roma") == world("s02").city_value["roma"].defence


def test_22_2_2_a_besieged_capital_rolls_whatever_the_wheat_and_surrenders_to_the_besieger() -> None:
    pos = _rome()
    inside = pos.unit("rome", "legion_20_10", ROMA, besieged=True)
    pos.unit("pirates", "light_infantry_4_12", ROMA)
    pos.st.sieges[ROMA] = {"power": "rome", "city": "roma", "since": 1, "besieger": "pirates", "seat": "rome", "rolls": 0}
    assert G.wheat_held(pos.st, "rome") >= 5
    pos.dice(1)  # 5 wheat or more: rebellion on 1
    G.rebellion_checks(pos.st, [])
    assert pos.st.stats["grain_rebellions"] == 1
    assert inside in pos.st.eliminated and ROMA not in pos.st.sieges
    assert pos.st.city_owner["roma"] == "pirates"
    assert sum(1 for r in pos.st.units.values() if r["power"] == "pirates" and r["hex"] == ROMA) == 3
    assert G.REBELS not in pos.st.powers


def test_19_2_taking_the_imperial_capital_moves_its_morale_value_ir_eng_66() -> None:
    """Scenario 2: Roma is Rome's capital, worth 20 morale (design); the pirates storm it."""
    roma = data().cities["roma"].hex
    pos = Position("s02", month=6, year=-67, segment="combat", active="pirates")
    pos.units("pirates", "light_infantry_4_12", roma, 10)
    pos.st.standing["rome"]["combat"] = "always_fight"
    rome, pirates = pos.st.powers["rome"]["morale"], pos.st.powers["pirates"]["morale"]
    pos.dice(4)
    outcome = pos.game.apply("pirates", Command("attack", {"hex": roma}))
    text = [str(m) for m in outcome.public]
    assert pos.st.city_owner["roma"] == "pirates"
    assert "Rome (Pompey, lex Gabinia) morale -20 (imperial capital Roma (19.2)): 80." in text
    assert "The pirates morale +20 (imperial capital Roma (19.2)): 80." in text
    assert pos.st.powers["pirates"]["morale"] == pirates + 20
    assert pos.st.powers["rome"]["morale"] < rome - 20  # the capital, then Italia's tax value (19.1)


def _risen(pos: Position) -> None:
    """Roma rises against Rome (4 wheat, a roll of 2 in the span 1-2), Rome's legion outside it."""
    _only_aegyptus(pos)
    pos.unit("rome", "legion_20_10", ROMA)
    pos.dice(2)
    G.rebellion_checks(pos.st, [])
    assert pos.st.city_owner["roma"] == G.REBELS


def test_22_2_3_the_rebels_stay_uncontrolled_while_only_their_victim_is_in_the_hex() -> None:
    pos = _rome()
    _risen(pos)
    pos.game.apply("pirates", Command("end"))  # a command of another seat: nobody else is in Roma
    assert pos.st.city_owner["roma"] == G.REBELS
    assert all(r["power"] == G.REBELS for r in pos.st.units.values() if r["type"] == "light_infantry_4_12")


def test_22_2_3_ir_eng_124_a_player_entering_hands_the_rebels_and_capital_to_the_farthest_player() -> None:
    """Scenario 2 has two players: the pirates, the only one the city did not rise against, are
    the farthest player (5.3) and take Roma, its rebels (CER B counters) and its 20 morale (19.2)."""
    pos = _rome()
    _risen(pos)
    pirates = pos.st.powers["pirates"]["morale"]
    pos.unit("pirates", "light_infantry_4_12", ROMA)
    outcome = pos.game.apply("pirates", Command("end"))
    assert pos.st.city_owner["roma"] == "pirates"
    rebels = [r for r in pos.st.units.values() if r.get("counter") == G.REBELS]
    assert [(r["power"], r["hex"]) for r in rebels] == [("pirates", ROMA)] * 2
    assert B.unit_cer(pos.st, rebels[0]) == "B"
    assert pos.st.powers["pirates"]["morale"] == pirates + G.capital_morale(pos.st, "rome") == pirates + 20
    assert B.city_defence(pos.st, "roma") == 2  # until Rome retakes it (22.2.3)
    assert any("(22.2.3, 5.3)" in str(line) for line in outcome.public)
    assert violations(pos.st) == []


def test_ir_eng_124_the_player_who_enters_is_not_the_farthest_when_a_third_stands_farther() -> None:
    """A third player (added to scenario 2 for the test) with one unit in Aegyptus is farther from
    Roma than the pirates who enter it: the rebels and Roma go to him."""
    pos = _rome()
    _risen(pos)
    pos.st.seats.append("third")
    pos.st.powers["third"] = dict(pos.st.powers["pirates"], name="Third", seat="third", kind="roman")
    far = sorted(h for h, cell in data().hexes.items() if cell.province == "aegyptus" and cell.kind == "land")[0]
    pos.unit("third", "legion_20_10", far)
    pos.unit("pirates", "light_infantry_4_12", ROMA)
    pos.game.apply("pirates", Command("end"))
    assert pos.st.city_owner["roma"] == "third"
    assert sorted(r["power"] for r in pos.st.units.values() if r.get("counter") == G.REBELS) == ["third", "third"]
