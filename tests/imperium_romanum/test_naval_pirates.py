"""Scenario 2 and the pirates of 27.1 (IR-SCN-2, IR-ENG-36): set-up aboard, coastal harbours,
the 24 MP tether, the naval bonus and attrition modifier, invasions without a leader, the tax
they cost, their troops that move only by sea, and civilized recruitment still refused (26)."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import board as B
from rules.imperium_romanum import mobilization as MOB
from rules.imperium_romanum import naval as NAV
from rules.imperium_romanum import pirates as P
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum.game import ImperiumRomanumGame
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position

BASE = "B4823"
"""A pirate base of 27.1 on a coastal sea hex off Achaea (H)."""


def pirate_position(month: int = 6) -> Position:
    pos = Position("s02", month=month, year=-67, segment="naval", active="pirates")
    pos.st.naval_order = ["pirates"]
    return pos


def test_scenario_2_sets_up_the_pirate_infantry_in_its_island_boxes() -> None:
    """3.1.1 (ruling IR-MAP-6): a base in an island box has its 4-12 and D fort in the box and
    its fleet on the box's hex; the bases on land hexes keep theirs ashore (10.4.4 note)."""
    game = ImperiumRomanumGame.new("s02", [], "s", {})
    st = game.state
    infantry = {u: r["hex"] for u, r in st.units.items() if r["power"] == "pirates" and not B.is_fleet(r)}
    boxed = sorted(h for h in infantry.values() if len(h) == 6)
    assert len(boxed) == 10 and "B4823H" in boxed and "B5117M" in boxed
    assert all(data().hexes[h].kind == "land" and not st.units[u].get("aboard") for u, h in infantry.items())
    fleets = {r["hex"] for r in st.units.values() if r["power"] == "pirates" and B.is_fleet(r)}
    assert {h[:5] for h in boxed} <= fleets and "B4823H" in st.forts
    assert game.to_move() == ["pirates", "rome"]


def test_a_coastal_hex_is_a_pirate_harbour_and_the_at_sea_rule_spares_them() -> None:
    pos = pirate_position()
    fleet = pos.unit("pirates", "fleet_18_30", BASE)
    roman = pos.unit("rome", "fleet_18_30", "B4822" if data().hexes["B4822"].kind == "coastal" else BASE)
    assert NAV.friendly_port(pos.st, "pirates", BASE) and not NAV.friendly_port(pos.st, "rome", BASE)
    for _month in range(2):
        NAV.end_phase(pos.st, [])
        pos.st.turn += 1
    assert fleet in pos.st.units
    assert roman not in pos.st.units  # two months at sea (10.3)


def test_pirates_never_sail_beyond_24_mp_of_their_bases() -> None:
    zone = P.zone("s02")
    assert BASE in zone and "A0837" not in zone  # the Atlantic off Mauretania
    pos = pirate_position()
    start, outside = next((h, sorted(x for x in NAV.naval_reach(pos.st, "rome", h, 30) if x not in zone))
                          for h in sorted(zone) if data().hexes[h].kind == "coastal"
                          and any(x not in zone for x in NAV.naval_reach(pos.st, "rome", h, 30)))  # fmt: skip
    fleet = pos.unit("pirates", "fleet_18_30", start)
    assert all(h in zone for h in NAV.naval_reach(pos.st, "pirates", start, 30))
    with pytest.raises(RuleError) as err:
        pos.game.apply("pirates", Command("sail", {"fleets": [fleet], "to": outside[0]}))
    assert err.value.section == "§10.3"
    assert pos.st.units[fleet]["hex"] == start


def test_the_pirate_naval_bonus_and_attrition_modifier() -> None:
    pos = pirate_position()
    assert NAV._intercept_modifier(pos.st, 2, True, "pirates") == NAV._intercept_modifier(pos.st, 2, True, "rome") + 1
    pos.st.season = "winter"
    fleet = pos.unit("pirates", "fleet_18_30", BASE, mmp=6)
    pos.dice(1)  # 1 + 1 = 2 against value 1: the pirates come through (27.1.2)
    NAV.attrition(pos.st, [fleet], [])
    assert fleet in pos.st.units


def test_pirates_invade_without_a_leader_and_their_troops_move_only_by_sea() -> None:
    pos = pirate_position()
    fleet = pos.unit("pirates", "fleet_18_30", BASE)
    raider = pos.unit("pirates", "light_infantry_4_12", BASE, aboard=fleet)
    land = next(h for h in P._around(BASE) if data().hexes[h].kind == "land")
    pos.unit("rome", "light_infantry_4_12", land)
    pos.game.apply("pirates", Command("debark", {"fleets": [fleet], "to": land}))
    assert pos.st.units[raider]["hex"] == land and pos.st.units[raider]["amphibious"] == pos.st.turn
    pos.st.segment = "movement"
    pos.st.units[raider]["no_land_move"] = 0
    with pytest.raises(RuleError) as err:
        pos.game.apply("pirates", Command("move", {"units": [raider], "to": BASE}))
    assert err.value.section == "§27.1.1"


def test_pirates_on_a_province_coast_cut_its_tax() -> None:
    """27.1.3: Achaea is worth one talent less for each of its coastal hexes a pirate holds."""
    pos = Position("s02", month=6, year=-67, segment="diplomacy", active="rome")
    pos.st.units.clear()
    full = SEQ.B.province_tax(pos.st, "achaea")
    coast = sorted(h for h in data().hexes if data().hexes[h].kind == "coastal"
                   and {data().hexes[n].province for n in P._around(h) if data().hexes[n].kind == "land"} == {"achaea"})[:2]  # fmt: skip
    for hex_id in coast:
        pos.unit("pirates", "fleet_18_30", hex_id)
    assert P.ports_held(pos.st, "achaea") == 2
    before = pos.st.powers["rome"]["treasury"]
    SEQ.collect_taxes(pos.st, [])
    others = sum(SEQ.B.province_tax(pos.st, p) for p, o in pos.st.province_owner.items() if o == "rome" and p != "achaea")
    assert pos.st.powers["rome"]["treasury"] - before == others + full - 2


def test_26_the_pirates_accrue_half_a_point_a_phase_and_build_what_they_began_with() -> None:
    """26.1-26.2 with the pirates' rate of 1/2 (27.1): a 4-12 costs its talents and half a point;
    a legion is not a type they began with; area limits do not apply."""
    pos = Position("s02", month=3, year=-67, segment="random_events", active="pirates")
    pos.st.powers["pirates"]["points_halves"] = 0
    lines: list = []
    SEQ._step(pos.st, lines)  # into Taxation & Mobilization: taxes, then the points
    assert pos.st.segment == "taxation" and pos.st.powers["pirates"]["points_halves"] == 1
    city = next(c for c, owner in sorted(pos.st.city_owner.items()) if owner == "pirates"
                and pos.st.province_owner.get(data().cities[c].province) == "pirates")  # fmt: skip
    with pytest.raises(RuleError) as err:
        MOB.check_build(pos.st, "pirates", "legion_16_10", city)
    assert err.value.section == "§26.2"
    treasury = pos.st.powers["pirates"]["treasury"]
    pos.game.apply("pirates", Command("build", {"type": "light_infantry_4_12", "city": city}))
    assert pos.st.powers["pirates"]["points_halves"] == 0
    assert pos.st.powers["pirates"]["treasury"] == treasury - 1
    assert pos.st.mobilized == {}
    with pytest.raises(RuleError) as err:  # no point left for a second one
        pos.game.apply("pirates", Command("build", {"type": "light_infantry_4_12", "city": city}))
    assert err.value.section == "§26.2"
