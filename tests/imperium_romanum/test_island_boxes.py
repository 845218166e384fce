"""Island boxes as places of the engine (3.1.1, 12.2; ruling IR-MAP-6): a box is a land place of
its own terrain and province, joined on land only to its own land hex by the narrow-sea crossing
(+4 MP, guarded by an enemy fleet in the hex), touching by sea its hex and the hexes around it;
pieces stand, embark, land, forage and show in it, and the validator refuses a piece elsewhere."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import supply as SUP
from rules.imperium_romanum.invariants import violations
from rules.imperium_romanum.naval_charts import naval_charts
from rules.imperium_romanum.views import public_view
from rules.imperium_romanum.world import data, is_box, map_data, shore, world
from tests.imperium_romanum.builder import Position

CURICTA = "A3715A"
"""An islet box on a land hex of Cisalpina (A3715)."""
ZACYNTHUS = "B4823H"
"""The box 27.1 prints, on the coastal sea hex B4823 off Achaea."""


def test_a_box_is_a_land_place_of_its_own_terrain_and_province() -> None:
    """3.1, 3.1.1: a unit is on the terrain of its island; the box counts as a complete hex."""
    box = data().hexes[ZACYNTHUS]
    assert (box.kind, box.terrain, box.province) == ("land", "rough", "achaea")
    assert data().hexes["B4823"].kind == "coastal"
    assert is_box(ZACYNTHUS) and not is_box("B4823") and not is_box("B4823Z")
    assert ZACYNTHUS not in map_data().hexes  # the map image draws the grid only
    assert ZACYNTHUS in world("s02").land


def test_the_narrow_sea_crossing_costs_4_mp_and_joins_only_the_own_hex() -> None:
    """12.2: +4 MP between two land areas of one hex; a box on a sea hex has no land link."""
    w = world("s02")
    into = {to: (cost, crossing) for to, cost, crossing in w.step_costs("A3715", False, False)}
    back = {to: (cost, crossing) for to, cost, crossing in w.step_costs(CURICTA, False, False)}
    charts = data().charts  # the terrain cost of entering the box, without the crossing
    from rules.imperium_romanum.charts import entry_cost

    base = entry_cost(charts, "rough", w.has_road(CURICTA), False)
    assert into[CURICTA] == (base + 4, "strait")
    assert list(back) == ["A3715"] and back["A3715"][1] == "strait"
    assert w.step_costs(ZACYNTHUS, False, False) == ()
    winter = {to: cost for to, cost, _x in w.step_costs("A3715", True, False)}
    assert winter[CURICTA] == entry_cost(charts, "rough", w.has_road(CURICTA), True) + 8  # x2 in winter


def _curicta_position() -> tuple[Position, str]:
    pos = Position("s02", month=6, year=-67, segment="movement", active="rome")
    legion = pos.unit("rome", "legion_20_10", "A3715")
    return pos, legion


def test_a_legion_crosses_into_the_box_and_an_enemy_fleet_in_the_hex_forbids_it() -> None:
    pos, legion = _curicta_position()
    pos.unit("pirates", "fleet_18_30", "A3715")
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("move", {"units": [legion], "to": CURICTA, "path": [CURICTA]}))
    assert err.value.section == "§12.2"
    assert pos.st.units[legion]["hex"] == "A3715"
    pos2, legion2 = _curicta_position()
    pos2.game.apply("rome", Command("move", {"units": [legion2], "to": CURICTA}))
    assert pos2.st.units[legion2]["hex"] == CURICTA
    assert pos2.st.units[legion2]["crossing"] == "strait"  # attacking out of it is halved (14.4.1)


def test_a_box_on_a_sea_hex_is_not_reached_by_land() -> None:
    pos = Position("s02", month=6, year=-67, segment="movement", active="rome")
    shore_hex = next(h for h in shore("B4823") if not is_box(h))
    legion = pos.unit("rome", "legion_20_10", shore_hex)
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("move", {"units": [legion], "to": ZACYNTHUS, "path": [ZACYNTHUS]}))
    assert err.value.section == "§12.1"


def test_fleets_on_the_box_hex_land_and_embark_its_troops() -> None:
    """10.4.2, 10.4.3 on an islet: the fleet lies on the box's hex (or one around it)."""
    assert ZACYNTHUS in shore("B4823")
    assert ZACYNTHUS in shore(next(n for n in ("B4822", "B4824", "B4723", "B4923") if data().hexes[n].kind != "land"))
    pos = Position("s02", month=6, year=-67, segment="naval", active="rome")
    pos.st.naval_order = ["rome"]
    fleet = pos.unit("rome", "fleet_18_30", "B4823")
    legion = pos.unit("rome", "legion_20_10", "B4823", aboard=fleet)
    pos.game.apply("rome", Command("debark", {"fleets": [fleet], "to": ZACYNTHUS}))
    assert pos.st.units[legion]["hex"] == ZACYNTHUS and not pos.st.units[legion].get("aboard")
    assert pos.st.units[fleet]["nmp"] == naval_charts().transport["debark_coast"]
    pos2 = Position("s02", month=6, year=-67, segment="naval", active="rome")
    pos2.st.naval_order = ["rome"]
    fleet2 = pos2.unit("rome", "fleet_18_30", "B4823")
    legion2 = pos2.unit("rome", "legion_20_10", ZACYNTHUS)
    pos2.game.apply("rome", Command("embark", {"fleets": [fleet2], "units": [legion2]}))
    assert pos2.st.units[legion2]["aboard"] == fleet2 and pos2.st.units[legion2]["hex"] == "B4823"
    assert pos2.st.units[fleet2]["nmp"] == naval_charts().transport["embark_coast"]


def test_a_box_forages_on_its_own_terrain() -> None:
    """13.3, 3.1: forage is the islet's terrain (rough) in its province, not its sea hex's."""
    pos = Position("s02", month=6, year=-67, segment="movement", active="rome")
    w = world("s02")
    column = 0 if w.cultivated["achaea"] else 1
    assert SUP.forage_value(pos.st, "rome", ZACYNTHUS, False) == data().charts.forage["rough"][column]


def test_views_and_invariants_know_the_box() -> None:
    """3.2: a stack in a box is its own stack; the state stays sound; a piece on an unknown box is not."""
    pos, legion = _curicta_position()
    pos.st.units[legion]["hex"] = CURICTA
    assert [s["hex"] for s in public_view(pos.st)["stacks"]] == [CURICTA]
    assert violations(pos.st) == []
    pos.st.units[legion]["hex"] = "A3715Z"
    assert violations(pos.st, views=False) == [f"{legion} stands on 'A3715Z', not a hex of the map"]


def test_the_map_image_draws_a_box_stack_in_its_inset() -> None:
    """The renderer places a box's stack in the box's inset, tied to its hex."""
    from render import imperium_romanum as R

    g = R._grid(R.data(), R.HEX_R)
    assert R.on_grid(ZACYNTHUS) == "B4823"
    assert R.place(g, ZACYNTHUS) != g.centre("B4823")


def test_a_box_province_neighbours_only_across_its_own_land_link() -> None:
    """Ruling IR-MAP-6 (12.2): for 37.6 and 45.3 a box's province touches its hex's province by
    the narrow-sea crossing, both ways, and never the provinces around its hex."""
    import dataclasses
    from types import MappingProxyType

    from rules.imperium_romanum.neutrals import neighbours_on, province_neighbours

    # Cyprus (B6419A) lies on a sea hex: no land link, so no land neighbour (Cilicia is by sea)
    assert data().hexes["B6419A"].province == "cyprus" and data().hexes["B6419"].kind == "coastal"
    assert "cilicia" not in province_neighbours().get("cyprus", ())
    assert "cyprus" not in province_neighbours().get("cilicia", ())
    # a box on a land hex of another province is joined to that province alone, in both directions
    d = data()
    box = dataclasses.replace(d.hexes["A3715A"], province="corsica")
    moved = dataclasses.replace(d, hexes=MappingProxyType({**d.hexes, "A3715A": box}))
    near = neighbours_on(moved)
    assert d.hexes["A3715"].province == "cisalpina"
    assert "cisalpina" in near["corsica"] and "corsica" in near["cisalpina"]
    assert "alpes" not in near["corsica"] and "alpes" in near["cisalpina"]


CORCYRA = "B4621A"
"""Corcyra's box, on the coastal sea hex B4621 off Epirus (the chart's hex for Corcyra)."""


def test_the_island_cities_stand_in_their_boxes() -> None:
    """3.1.1 (ruling IR-MAP-8): Corcyra and Rhodus, which the chart puts on islands held in boxes,
    stand in the boxes: siege, control, taxes and ports read the box, not the mainland hex."""
    from rules.imperium_romanum import board as B

    assert (data().cities["corcyra"].hex, data().cities["rhodus"].hex) == (CORCYRA, "B5821A")
    w = world("s02")
    assert (w.city_at.get(CORCYRA), w.city_at.get("B5821A")) == ("corcyra", "rhodus")
    assert w.city_at.get("B4620") is None and w.city_at.get("B5720") is None  # no longer on the mainland
    assert w.is_port(CORCYRA) and not w.is_port("B4620")
    pos = Position("s02", month=6, year=-67, segment="naval", active="rome")
    assert B.city_at(pos.st, CORCYRA) == "corcyra" and B.port_owner(pos.st, CORCYRA) == "rome"


def test_a_fleet_lands_its_legion_in_corcyra_and_enters_its_port() -> None:
    """10.4.2 and 10.3 at an island city: the fleet on the box's hex lands its troops in the
    city; a fleet enters the city's port from its hex (IR-MAP-8)."""
    pos = Position("s02", month=6, year=-67, segment="naval", active="rome")
    pos.st.naval_order = ["rome"]
    fleet = pos.unit("rome", "fleet_18_30", "B4621")
    legion = pos.unit("rome", "legion_20_10", "B4621", aboard=fleet)
    pos.game.apply("rome", Command("debark", {"fleets": [fleet], "to": CORCYRA}))
    assert pos.st.units[legion]["hex"] == CORCYRA and not pos.st.units[legion].get("aboard")
    pos2 = Position("s02", month=6, year=-67, segment="naval", active="rome")
    pos2.st.naval_order = ["rome"]
    fleet2 = pos2.unit("rome", "fleet_18_30", "B4520")
    pos2.game.apply("rome", Command("sail", {"fleets": [fleet2], "to": CORCYRA, "path": ["B4621", CORCYRA]}))
    assert pos2.st.units[fleet2]["hex"] == CORCYRA
    with pytest.raises(RuleError) as err:  # the mainland hex holds no port any more
        pos2.game.apply("rome", Command("sail", {"fleets": [pos2.unit("rome", "fleet_18_30", "B4520")],
                                                 "to": "B4620", "path": ["B4620"]}))  # fmt: skip
    assert err.value.section == "§10.3"


def test_a_siege_of_corcyra_is_laid_in_its_box() -> None:
    """14.1, 17.0: the pirates holding Corcyra may shut themselves in against Roman legions in the
    box; the siege is the box's and the city's."""
    pos = Position("s02", month=6, year=-67, segment="combat", active="rome")
    pos.st.city_owner["corcyra"] = "pirates"
    pirates = pos.units("pirates", "light_infantry_4_12", CORCYRA, 1)
    pos.units("rome", "legion_20_10", CORCYRA, 2)
    pos.st.standing["pirates"]["combat"] = "ask"
    pos.dice(4)
    pos.game.apply("rome", Command("attack", {"hex": CORCYRA}))
    decision = pos.game.pending_decision()
    assert decision is not None and (decision.seat, decision.kind, decision.section) == ("pirates", "battle", "§14.1")
    pos.game.apply("pirates", Command("decide", {"id": decision.id, "choice": "siege"}))
    siege = pos.st.sieges[CORCYRA]
    assert (siege["city"], siege["besieger"], siege["power"]) == ("corcyra", "rome", "pirates")
    assert pos.st.units[pirates[0]]["besieged"] is True
