"""Roman mobilization (7.0): worked examples TC-06 to TC-11 on scenario 1 (period 1), where the
Italia and Hispania lines of the Mobilization Chart are printed."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import mobilization as MOB
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum.world import data, world
from tests.imperium_romanum.builder import Position


def _italy(month: int = 3, tm_seen: int = 2, treasury: int = 100) -> Position:
    pos = Position("s01", month=month, year=-52, segment="taxation", active="rome")
    pos.st.province_owner["italia"] = "rome"
    for city in world("s01").city_value:
        if data().cities[city].province == "italia":
            pos.st.city_owner[city] = "rome"
    pos.st.tm_seen = tm_seen
    pos.st.powers["rome"]["treasury"] = treasury
    return pos


def _build(pos: Position, unit_type: str, city: str) -> None:
    pos.game.apply("rome", Command("build", {"type": unit_type, "city": city}))


def test_tc_06_the_italia_limit_of_three_20_10_a_year() -> None:
    pos = _italy()
    for city in ("roma", "roma", "neapolis"):
        _build(pos, "legion_20_10", city)
    with pytest.raises(RuleError) as err:
        _build(pos, "legion_20_10", "neapolis")
    assert err.value.section == "§7.5"
    pos.st.month = 1
    SEQ.start_month(pos.st, [])
    pos.st.month = 3
    pos.st.phase_builds = {}
    _build(pos, "legion_20_10", "neapolis")
    assert pos.st.mobilized["area:italia"]["20-10"] == 1


@pytest.mark.parametrize(("month", "tm_seen", "cost"), [(3, 2, 4), (6, 2, 8), (9, 2, 8), (12, 2, 8), (6, 1, 4)])
def test_tc_07_costs_double_after_march_except_in_the_first_phase(month: int, tm_seen: int, cost: int) -> None:
    pos = _italy(month=month, tm_seen=tm_seen)
    _build(pos, "legion_20_10", "roma")
    assert pos.st.powers["rome"]["treasury"] == 100 - cost


def test_tc_07_no_deficit() -> None:
    pos = _italy(treasury=3)
    with pytest.raises(RuleError) as err:
        _build(pos, "legion_20_10", "roma")
    assert err.value.section == "§7.4"
    _build(pos, "legion_16_10", "roma")
    assert pos.st.powers["rome"]["treasury"] == 0


def test_tc_08_new_units_are_unseasoned_and_cities_have_limits() -> None:
    pos = _italy()
    _build(pos, "legion_20_10", "neapolis")
    new = [u for u in pos.st.units.values() if u.get("raised")]
    assert len(new) == 1 and new[0]["vet"] is False and new[0]["hex"] == data().cities["neapolis"].hex
    _build(pos, "light_infantry_4_12", "neapolis")
    with pytest.raises(RuleError) as err:
        _build(pos, "light_infantry_4_12", "neapolis")
    assert err.value.section == "§7.4"  # a third unit in an ordinary city
    for unit_type in ("legion_20_10", "legion_20_10", "legion_16_10", "legion_16_10"):
        _build(pos, unit_type, "roma")
    with pytest.raises(RuleError) as err:
        _build(pos, "legion_16_10", "roma")
    assert err.value.section == "§7.4"  # a fifth in the provincial capital


def test_tc_10_a_16_10_may_use_the_20_10_limit() -> None:
    pos = _italy()
    for city in ("roma", "roma", "neapolis", "neapolis"):
        _build(pos, "legion_16_10", city)
    _build(pos, "legion_16_10", "ravenna")  # the 16-10 line is used up: a 20-10 tick, at the 16-10 cost
    assert pos.st.mobilized["area:italia"] == {"16-10": 4, "20-10": 1}
    assert pos.st.powers["rome"]["treasury"] == 100 - 5 * 3


def test_tc_11_the_form_copies_every_area_with_a_province() -> None:
    """TC-11 (7.3): holding Italia, Baleares and Tarraconensis, the form copies the Italia,
    Baleares and Hispania lines (the whole Hispania line for one of its four provinces)."""
    pos = _italy()
    for province, owner in list(pos.st.province_owner.items()):
        if owner == "rome":
            pos.st.province_owner[province] = ""
    for province in ("italia", "baleares", "tarraconensis"):
        pos.st.province_owner[province] = "rome"
    assert MOB.form_lines(pos.st, "rome") == ["baleares", "hispania", "italia"]
    assert MOB.area_of(pos.st, "baetica")[0] == "hispania"


def test_provinces_outside_the_areas_raise_a_4_12_per_city_and_one_more() -> None:
    pos = Position(month=3, segment="taxation")
    pos.st.tm_seen = 2
    province = "chersonesus"  # in no area of the P3 chart (charts_mobilization.toml)
    assert MOB.area_of(pos.st, province)[0] == ""
    cities = sorted(c for c in world("s12").city_value if data().cities[c].province == province)
    pos.st.province_owner[province] = "rome"
    for city in cities:
        pos.st.city_owner[city] = "rome"
    for city in cities:
        pos.game.apply("rome", Command("build", {"type": "light_infantry_4_12", "city": city}))
    pos.game.apply("rome", Command("build", {"type": "light_cavalry_6_16", "city": cities[0]}))
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("build", {"type": "light_infantry_4_12", "city": cities[1]}))
    assert err.value.section == "§7.2"
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("build", {"type": "legion_20_10", "city": cities[1]}))
    assert err.value.section == "§7.2"


def test_tc_13_a_fleet_begun_in_march_appears_in_june_and_ticks_heavy_infantry() -> None:
    """TC-13 (7.8): paid in March, placed in its port at the start of June; it ticks 18-30 and a
    heavy-infantry column of the area; a third fleet in one city-port and phase is refused."""
    pos = _italy()
    _build(pos, "fleet_18_30", "roma")
    assert pos.st.mobilized["area:italia"] == {"18-30": 1, "16-10": 1}
    assert pos.st.powers["rome"]["treasury"] == 100 - 4  # charts_naval.toml building.cost (design)
    assert not [u for u in pos.st.units.values() if u["type"] == "fleet_18_30"]
    _build(pos, "fleet_18_30", "roma")
    with pytest.raises(RuleError) as err:
        _build(pos, "fleet_18_30", "roma")
    assert err.value.section == "§7.8"
    for month in (4, 5, 6):
        pos.st.turn += 1
        pos.st.month = month
        SEQ.start_month(pos.st, [])
        fleets = [u for u in pos.st.units.values() if u["type"] == "fleet_18_30"]
        assert len(fleets) == (2 if month == 6 else 0)
    assert {u["hex"] for u in fleets} == {data().cities["roma"].hex} and not pos.st.shipyards


def test_tc_13_no_fleet_without_heavy_infantry_left() -> None:
    pos = _italy()
    pos.st.mobilized["area:italia"] = {"20-10": 3, "16-10": 4}
    with pytest.raises(RuleError) as err:
        _build(pos, "fleet_18_30", "roma")
    assert err.value.section == "§7.8"
    assert "heavy infantry" in err.value.message


@pytest.mark.parametrize(("dice", "fate"), [((1,), "destroyed"), ((2, 3), 0), ((2, 5), 1), ((2, 6), 2)])
def test_tc_14_a_fleet_under_construction_in_a_captured_port(dice: tuple[int, ...], fate: object) -> None:
    pos = _italy()
    _build(pos, "fleet_18_30", "roma")
    ready = pos.st.shipyards[0]["ready"]
    captor = sorted(p for p in pos.st.powers if p != "rome")[0]
    pos.st.city_owner["roma"] = captor
    pos.dice(*dice)
    SEQ.start_month(pos.st, [])
    if fate == "destroyed":
        assert pos.st.shipyards == []
    else:
        assert [(y["power"], y["ready"]) for y in pos.st.shipyards] == [(captor, ready + int(str(fate)))]


def test_tc_05_every_counter_of_the_colour_in_play_blocks_the_raise() -> None:
    """TC-05 (5.7): the Maximum Unit Build Chart (charts_build.toml) gives red 16 light 4-12s;
    with all 16 in play, a 17th is refused until one is lost."""
    pos = _italy()
    cap, in_play = MOB.counter_mix(pos.st, "rome", "light_infantry_4_12")
    assert (cap, in_play) == (16, 0)
    units = pos.units("rome", "light_infantry_4_12", "B4406", 16)
    with pytest.raises(RuleError) as err:
        _build(pos, "light_infantry_4_12", "roma")
    assert err.value.section == "§5.7"
    del pos.st.units[units[0]]
    _build(pos, "light_infantry_4_12", "roma")
    assert MOB.counter_mix(pos.st, "rome", "light_infantry_4_12")[1] == 16



def test_tc_12_p2_cost_sets_by_scenario() -> None:
    """7.3: scenarios 6 and 7 pay the first cost set of the P2 chart, scenarios 8 to 10 the second."""
    from rules.imperium_romanum.engine_data import period_chart

    chart = period_chart("P2")
    first, second = chart.costs(6), chart.costs(8)
    assert chart.costs(7) == first and chart.costs(9) == second and chart.costs(10) == second
    assert first != second


def test_tc_65_increased_mobilization_raises_one_more_of_each_type_in_one_area_paid_normally() -> None:
    """TC-65 (39.2 X, optional rule 39): Italia's area may raise a fourth 20-10 this year (its
    limit is three, TC-06), at the normal price; a fifth is refused by 7.5; another area gains
    nothing."""
    from rules.imperium_romanum import random_events as RE

    pos = _italy()
    pos.st.options["random_events"] = "yes"
    RE.increased_mobilization(pos.st, "rome", [])
    if pos.st.pending:  # the owner picks the area (a window, 39.2 X)
        assert pos.st.pending["kind"] == "extra_area" and "italia" in [c[0] for c in pos.st.pending["choices"]]
        RE.answer_extra_area(pos.st, "italia", [])
    assert RE.limit_change(pos.st, "rome", "italia") == 1 and RE.limit_change(pos.st, "rome", "hispania") == 0
    for city in ("roma", "roma", "neapolis", "neapolis"):
        _build(pos, "legion_20_10", city)
    assert pos.st.mobilized["area:italia"]["20-10"] == 4
    assert pos.st.powers["rome"]["treasury"] == 100 - 4 * 4  # paid normally (TC-07: 4 talents in March)
    with pytest.raises(RuleError) as err:
        _build(pos, "legion_20_10", "ancona")
    assert err.value.section == "§7.5"
