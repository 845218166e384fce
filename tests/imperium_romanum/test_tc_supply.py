"""Worked examples TC-27 to TC-33 of the digest (supply, foraging, baggage trains)."""

from __future__ import annotations

from rules.imperium_romanum import supply as S
from rules.imperium_romanum.world import data, world
from tests.imperium_romanum.builder import Position


def _rough() -> str:
    return next(h for h in sorted(data().hexes) if data().hexes[h].kind == "land"
                and data().hexes[h].terrain == "rough" and h not in world("s12").city_at)  # fmt: skip


def test_tc_27_baggage_train_shortfall_then_the_others_forage() -> None:
    pos = Position(month=6, segment="supply")
    legions = pos.units("rome", "legion_20_10", "B4406", 8)
    bt = pos.unit("rome", "baggage_train", "B4406", sp=2)
    pos.dice(1, 1, 6, 6)  # BT group: 2 -> 3 SP for 6 LE; foragers: 12 (+1 BT in the hex) -> 0
    ok, out = S.check_group(pos.st, "rome", "B4406", [*legions, bt], [], on_bt=legions[:6])
    assert pos.st.units[bt]["sp"] == 0
    assert len(out) == 2 and set(out) <= set(legions[:6])  # 2 LE of the BT group go without
    assert set(legions[6:]) <= set(ok)  # the declared foragers are fed
    assert len([u for u in ok if u in legions]) == 6


def test_tc_28_two_thirds_of_six_le_supplied() -> None:
    pos = Position(month=6, segment="supply")
    legions = pos.units("rome", "legion_20_10", "B4406", 6)
    pos.unit("rome", "baggage_train", "B4406", sp=2)
    pos.dice(1, 1)
    ok, out = S.check_group(pos.st, "rome", "B4406", legions, [])
    assert (len(ok), len(out)) == (4, 2)


def test_tc_29_forage_in_rough_terrain_in_winter() -> None:
    hex_id = _rough()
    pos = Position(month=1, segment="supply", season="winter")
    bt_group = pos.units("rome", "legion_20_10", hex_id, 4)
    foragers = pos.units("rome", "legion_20_10", hex_id, 3)
    bt = pos.unit("rome", "baggage_train", hex_id, sp=2)
    pos.leader("lusius_quietus", hex_id)  # +2: +1 to every supply roll
    assert S.forage_value(pos.st, "rome", hex_id, False) == 0
    pos.dice(2, 3, 4, 4)  # BT: 5 + 1 = 6 -> 1 SP for 4 LE; forage: 8 + 1 + 1 = 10 -> 0
    ok, out = S.check_group(pos.st, "rome", hex_id, [*bt_group, *foragers], [], on_bt=bt_group)
    assert out == []
    assert pos.st.units[bt]["sp"] == 1
    assert all(pos.st.units[u]["foraged"] for u in foragers)


def test_tc_29_zero_forage_value_fractions() -> None:
    assert S.forage_budget(6, 0, 1) == 4  # two thirds of 3 LE: one unit goes without
    assert S.forage_budget(6, 0, 2) == 2
    assert S.forage_budget(6, 0, 3) == 0
    assert S.forage_budget(6, 0, 4) == 0
    assert S.forage_budget(6, 0, 0) == 6
    assert S.forage_budget(6, 1, 3) == 2


def test_tc_30_baggage_train_distance() -> None:
    pos = Position(month=6, segment="supply")
    pos.unit("rome", "baggage_train", "B4404", sp=6)
    assert S.nearest_bt(pos.st, "rome", "B4405", False)[1] == 1
    assert S.nearest_bt(pos.st, "rome", "B4406", False)[1] == 2
    assert S.nearest_bt(pos.st, "rome", "B4407", False) == ("", 0)
    legion = pos.unit("rome", "legion_20_10", "B4405")
    pos.dice(3, 3)
    S.check_group(pos.st, "rome", "B4405", [legion], [])
    assert ("§13.4.2 baggage train distance", -1) in pos.st.dice.rolls[-1].modifiers


def test_tc_31_large_groups_roll_once_per_ten_le() -> None:
    pos = Position(month=6, segment="supply")
    S.supply_roll(pos.st, 50, [], "test")
    assert len(pos.st.dice.rolls) == 6  # three 2d6: 10, 10 and 5 LE


def test_tc_32_free_auxiliaries() -> None:
    pos = Position(month=6, segment="supply")
    stack = (pos.units("rome", "legion_20_10", "B4406", 2) + pos.units("rome", "light_infantry_4_12", "B4406", 3)
             + [pos.unit("rome", "heavy_cavalry_30_16", "B4406")] + pos.units("rome", "light_cavalry_6_16", "B4406", 2))  # fmt: skip
    assert S.group_le_halves(pos.st, stack) == 8  # 4 LE


def test_tc_33_baggage_train_replenishes_in_a_friendly_city() -> None:
    pos = Position(month=6, segment="month_end")
    city_hex = data().cities["singidunum"].hex
    assert pos.st.city_owner["singidunum"] == "rome"
    still = pos.unit("rome", "baggage_train", city_hex, sp=4)
    moved = pos.unit("rome", "baggage_train", city_hex, sp=4, moved=True)
    full = pos.unit("rome", "baggage_train", city_hex, sp=6)
    S.replenish(pos.st, [])
    assert [pos.st.units[u]["sp"] for u in (still, moved, full)] == [5, 4, 6]


def test_port_supplies_the_units_in_its_hex() -> None:
    pos = Position(month=6, segment="supply")
    city_hex = data().cities["tomi"].hex
    legion = pos.unit("rome", "legion_20_10", city_hex)
    ok, out = S.check_group(pos.st, "rome", city_hex, [legion], [])
    assert (ok, out, pos.st.dice.rolls) == ([legion], [], [])


def test_supply_segment_eliminates_the_unsupplied_with_morale() -> None:
    pos = Position(month=1, segment="supply", season="winter")
    hex_id = _rough()
    legion = pos.unit("rome", "legion_20_10", hex_id)
    before = pos.st.powers["rome"]["morale"]
    pos.dice(1, 2)  # requirement 1 with value 0: two thirds of 1 LE rounds to none
    S.supply_segment(pos.st, "rome", [])
    assert legion in pos.st.eliminated
    assert pos.st.powers["rome"]["morale"] == before - 4


def test_tc_26_a_river_port_supplies_along_the_same_river() -> None:
    w = world("s12")
    port = data().cities["tomi"].hex
    assert "Danuvius" in w.rivers_at[port]
    from rules.imperium_romanum.world import hex_distance

    near = sorted(h for h in w.land if 0 < hex_distance(h, port) <= 2)
    same = next(h for h in near if "Danuvius" in w.rivers_at.get(h, ()))
    dry = next(h for h in near if not w.rivers_at.get(h) and h not in w.city_at)
    far = next(h for h in sorted(w.land) if hex_distance(h, port) == 3 and "Danuvius" in w.rivers_at.get(h, ()))
    pos = Position(month=6, segment="supply")
    assert S.river_port_supplies(pos.st, "rome", same) is True  # unit 1 of the Olbia example
    assert S.port_supplies(pos.st, "rome", port, False) is True  # unit 4, in the port
    assert S.river_port_supplies(pos.st, "rome", dry) is False  # unit 3, next to no river
    assert S.river_port_supplies(pos.st, "rome", far) is False
    assert S.river_port_supplies(pos.st, "dacia", same) is False
