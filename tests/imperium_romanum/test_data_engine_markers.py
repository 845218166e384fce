"""Issue 16 data the engine now reads: the siege attrition modifiers (17.3.1), the sun (9.1)
and ax (16.2) of the Province Display, and the imperial capital's morale (19.2)."""

from __future__ import annotations

from rules.core.i18n import Text
from rules.imperium_romanum import board as B
from rules.imperium_romanum import combat as C
from rules.imperium_romanum import siege as SG
from rules.imperium_romanum import supply as SU
from rules.imperium_romanum.engine_data import fort_max_level
from rules.imperium_romanum.world import data, world
from tests.imperium_romanum.builder import Position


def _besieged(city: str, owner: str, besieger: str, scenario: str = "s12", active: str = "rome") -> Position:
    pos = Position(scenario=scenario, month=6, segment="siege", active=active)
    hex_id = data().cities[city].hex
    pos.st.city_owner[city] = owner
    pos.unit(owner, "light_infantry_4_12", hex_id, besieged=True)
    pos.unit(besieger, "legion_20_10" if besieger == "rome" else "heavy_infantry_20_8", hex_id)
    seat_of = B.seat_of(pos.st, owner)
    pos.st.sieges[hex_id] = {"power": owner, "city": city, "since": pos.st.turn - 1, "besieger": B.seat_of(pos.st, besieger),
                             "seat": seat_of, "rolls": 0}  # fmt: skip
    return pos


def test_17_3_1_a_plundered_province_adds_1_to_the_attrition_value() -> None:
    pos = _besieged("singidunum", "dacia", "rome")
    hex_id = data().cities["singidunum"].hex
    assert SG.attrition_modifiers(pos.st, hex_id) == []
    pos.st.plunder["moesia_superior"] = 2
    assert SG.attrition_modifiers(pos.st, hex_id) == [("§17.3.1 plundered province", 1)]
    pos.dice(2)  # first month's value 1, +1 plundered: a 2 now costs the besieged their unit
    SG.siege_resolution(pos.st, "rome", [])
    assert pos.st.stats["siege_losses"] == 1
    assert not B.units_at(pos.st, hex_id, True)


def test_17_3_1_the_besiegers_maximum_level_fort_adds_1() -> None:
    pos = _besieged("singidunum", "dacia", "rome")
    hex_id = data().cities["singidunum"].hex
    pos.st.forts[hex_id] = {"rome": fort_max_level("P3") - 1}
    assert SG.attrition_modifiers(pos.st, hex_id) == []
    pos.st.forts[hex_id] = {"rome": fort_max_level("P3")}
    assert SG.attrition_modifiers(pos.st, hex_id) == [("§17.3.1 besiegers' maximum-level fort", 1)]


def test_17_3_1_an_imperial_capital_takes_1_off_and_a_roll_at_the_value_fails() -> None:
    pos = _besieged("roma", "rome", "pirates", scenario="s02", active="pirates")
    hex_id = data().cities["roma"].hex
    pos.st.units[B.units_at(pos.st, hex_id, False)[0]]["type"] = "light_infantry_4_12"
    assert SG.attrition_modifiers(pos.st, hex_id) == [("§17.3.1 imperial capital", -1)]


def test_17_3_an_unblockaded_port_feeds_its_besieged_and_a_blockaded_one_does_not() -> None:
    pos = _besieged("thessalonica", "rome", "dacia", active="dacia")
    hex_id = data().cities["thessalonica"].hex
    assert world("s12").is_port(hex_id)
    SG.siege_resolution(pos.st, "dacia", [])
    assert pos.st.dice.rolls == []  # supplied from the sea: no attrition roll (17.3, 17.2.1)
    pos.unit("dacia", "fleet_18_30", hex_id)  # more besieging fleets than fleets inside: blockaded (17.2)
    pos.dice(6)
    SG.siege_resolution(pos.st, "dacia", [])
    assert [r.purpose for r in pos.st.dice.rolls] == [f"§17.3.1 siege attrition at {hex_id}"]


def test_9_1_a_sun_province_costs_summer_movement_and_forages_as_summer_in_winter() -> None:
    w = world("s12")
    egypt = next(h for h in sorted(w.edges) if w.province(h) == "aegyptus")
    italy = next(h for h in sorted(w.edges) if w.province(h) == "italia")
    assert w.always_summer(egypt) and not w.always_summer(italy)
    for origin, expect_same in ((egypt, True), (italy, False)):
        into = [h for h, _c, _x in w.step_costs(origin, False, False) if w.province(h) == w.province(origin)]
        summer = {h: c for h, c, _x in w.step_costs(origin, False, False) if h in into}
        winter = {h: c for h, c, _x in w.step_costs(origin, True, False) if h in into}
        assert (summer == winter) is expect_same, (origin, summer, winter)
    pos = Position(month=1, segment="supply")
    assert pos.st.season == "winter"
    winter_value = SU.forage_value(pos.st, "rome", egypt, False)
    pos.st.season = "summer"
    assert SU.forage_value(pos.st, "rome", egypt, False) == winter_value


def test_16_2_besieged_defenders_count_triple_in_a_deforested_province() -> None:
    pos = Position()
    athens, thessalonica = data().cities["athenae"], data().cities["thessalonica"]
    assert world("s12").deforested(athens.hex) and not world("s12").deforested(thessalonica.hex)
    inside = pos.unit("dacia", "heavy_infantry_20_8", athens.hex, besieged=True)
    assert C.siege_multiplier(pos.st, "rome", "athenae") == 3
    assert C.siege_multiplier(pos.st, "rome", "thessalonica") == 2
    assert C.defence_strength(pos.st, [inside], True, "rome", "athenae") == 60 + B.city_defence(pos.st, "athenae")


def test_19_2_the_imperial_capital_moves_its_morale_value_from_loser_to_captor() -> None:
    pos = Position(scenario="s02", active="rome")
    assert B.capital_morale_value(pos.st, "roma") == 20 and B.capital_morale_value(pos.st, "ostia") == 0
    pos.st.city_owner["roma"] = "rome"
    lines: list[Text] = []
    rome, pirates = pos.st.powers["rome"]["morale"], pos.st.powers["pirates"]["morale"]
    B.capital_changes_hands(pos.st, "roma", "rome", "pirates", lines, False)
    assert (pos.st.powers["rome"]["morale"], pos.st.powers["pirates"]["morale"]) == (rome - 20, pirates + 20)
    assert all("(19.2)" in str(line) for line in lines) and len(lines) == 2
    lines = []
    pos.st.city_owner["roma"] = "pirates"
    B.take_city(pos.st, "roma", "rome", lines)
    assert any("+20 (imperial capital Roma (19.2))" in str(line) for line in lines)
    assert pos.st.powers["pirates"]["morale"] <= pirates


def test_22_2_3_a_grain_rebellion_does_not_charge_the_capital_twice() -> None:
    pos = Position(scenario="s02", active="rome")
    pos.st.city_owner["roma"] = "rome"
    before = pos.st.powers["rome"]["morale"]
    lines: list[Text] = []
    B.take_city(pos.st, "roma", "pirates", lines, capital_paid=True)
    assert not any("(19.2)" in str(line) and "Rome" in str(line) and "-20" in str(line) for line in lines)
    assert pos.st.powers["rome"]["morale"] >= before - B.province_tax(pos.st, "italia")
