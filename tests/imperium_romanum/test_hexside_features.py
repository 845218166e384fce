"""The hexside features of the map in land movement, retreat and interception (issue 16):
mountain hexsides without a pass (12.4, ruling IR-MAP-4), all-sea and lake hexsides (12.2,
14.2.1) and the straits laid over a hexside (12.1, 12.2: the Kerch strait, the Hellespont)."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import combat as C
from rules.imperium_romanum import movement as M
from rules.imperium_romanum.charts import entry_cost
from rules.imperium_romanum.world import data, world
from tests.imperium_romanum.builder import Position

CREST = ("A2917", "A3017")
"""Two Alpine mountain hexes of Alpes with a mountain hexside between them (no pass)."""
PASS = ("A2916", "A2917")
"""The Alpis Poenina (Great St Bernard) hexside: both hexes mountain, crossed by the pass."""


def test_the_features_are_the_ones_the_map_declares() -> None:
    features = data().features
    assert frozenset(CREST) in features.mountain
    assert frozenset(PASS) not in features.mountain
    assert any(frozenset((p.a, p.b)) == frozenset(PASS) for p in features.passes)
    assert (data().hexes[CREST[0]].terrain, data().hexes[CREST[1]].terrain) == ("mountain", "mountain")
    assert frozenset(("A1611", "A1612")) in features.all_sea
    assert frozenset(("B5807", "B5906")) in features.all_sea  # the Kerch strait's water


def test_a_mountain_hexside_is_no_step_and_a_pass_is_an_ordinary_mountain_entry() -> None:
    w = world("s12")
    steps = {h: (cost, crossing) for h, cost, crossing in w.step_costs(CREST[0], False, False)}
    assert CREST[1] not in steps
    assert w.barrier(*CREST) == "mountain"
    # 12.1: a pass is an ordinary hexside: the entry cost of a mountain hex with roads, summer
    assert steps[PASS[0]] == (entry_cost(data().charts, "mountain", True, False), "")
    assert steps[PASS[0]][0] == 3
    assert w.barrier(*PASS) == ""


def test_a_move_across_a_mountain_hexside_is_refused_with_12_4() -> None:
    pos = Position(month=6, segment="movement")
    legion = pos.unit("rome", "legion_20_10", CREST[0], supplied=True)
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("move", {"units": [legion], "to": CREST[1], "path": [CREST[1]]}))
    assert err.value.section == "§12.4"
    assert "IR-MAP-4" in str(err.value)
    assert pos.st.units[legion]["hex"] == CREST[0]
    # the pass is open: the same legion walks into A2916 for 3 MP
    pos.game.apply("rome", Command("move", {"units": [legion], "to": PASS[0], "path": [PASS[0]]}))
    assert pos.st.units[legion]["hex"] == PASS[0]
    assert pos.st.units[legion]["mp"] == 10 - 3


def test_a_move_across_an_all_sea_hexside_is_refused_with_12_2() -> None:
    pos = Position(month=6, segment="movement")
    legion = pos.unit("rome", "legion_20_10", "A1611", supplied=True)
    assert world("s12").barrier("A1611", "A1612") == "all_sea"
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("move", {"units": [legion], "to": "A1612", "path": ["A1612"]}))
    assert err.value.section == "§12.2"
    assert pos.st.units[legion]["hex"] == "A1611"


def test_a_lake_hexside_is_no_step() -> None:
    w = world("s12")
    for a, b in sorted(tuple(sorted(side)) for side in data().features.lake):
        assert b not in {h for h, _c, _x in w.step_costs(a, False, False)}
        assert w.barrier(a, b) == "lake"


@pytest.mark.parametrize(("winter", "extra"), [(False, 6), (True, 12)])
def test_the_kerch_strait_is_crossed_only_as_a_strait(winter: bool, extra: int) -> None:
    """12.2: the Bosporus Cimmerius joins B5807 and B5906 across an all-sea hexside; the only step
    between them is the strait, at +6 MP, doubled in winter."""
    w = world("s12")
    steps = [(h, cost, crossing) for h, cost, crossing in w.step_costs("B5807", winter, False) if h == "B5906"]
    assert len(steps) == 1
    _h, cost, crossing = steps[0]
    assert crossing == "strait"
    assert cost - entry_cost(data().charts, w.terrain("B5906"), w.has_road("B5906"), winter) == extra
    assert w.barrier("B5807", "B5906") == ""


def test_the_hellespont_strait_replaces_its_hexside() -> None:
    """12.1: a hexside with a strait on it counts as the strait: one step, at the strait's cost."""
    w = world("s12")
    steps = [(h, crossing) for h, _cost, crossing in w.step_costs("B5217", False, False) if h == "B5317"]
    assert steps == [("B5317", "strait")]


def test_no_retreat_across_a_mountain_hexside() -> None:
    """14.2.1: no retreat across a river, strait, lake, all-sea or mountain hexside."""
    pos = Position(month=6, segment="combat")
    legion = pos.unit("rome", "legion_20_10", CREST[0])
    options = C.retreat_hexes(pos.st, "rome", CREST[0], [legion])
    assert CREST[1] not in options
    assert "A3018" not in options  # across the river
    assert options == ["A2817", "A2818", "A2916"]


def test_an_interception_path_goes_round_a_mountain_hexside() -> None:
    """12.4: the path of an interception may not cross impassable terrain: from A3017 the leader
    cannot step straight over the crest into A2917, so his distance is the way round by A3018."""
    pos = Position(month=6, segment="movement")
    across = world("s12").step_costs("A3017", False, False)
    assert CREST[0] not in {h for h, _c, _x in across}
    mp = M._intercept_mp(pos.st, "rome", CREST[1], CREST[0])
    by_a3018 = dict((h, c) for h, c, _x in across)["A3018"] + dict(
        (h, c) for h, c, _x in world("s12").step_costs("A3018", False, False))[CREST[0]]
    assert mp == by_a3018
    assert mp > entry_cost(data().charts, "mountain", True, False)


def _messina(fleet_power: str = "") -> tuple[Position, str]:
    """Scenario 2: a Roman legion at Rhegium (B4224), Messana (B4125) across the Fretum Siculum,
    and a fleet of ``fleet_power`` in the strait's water."""
    pos = Position("s02", month=6, year=-67, segment="movement", active="rome")
    legion = pos.unit("rome", "legion_20_10", "B4224", supplied=True)
    water = [h for h in world("s02").strait_waters("B4224", "B4125") if h not in ("B4224", "B4125")]
    assert water  # the ends are two hexes apart on our map: the sea between them
    if fleet_power:
        pos.unit(fleet_power, "fleet_18_30", water[0])
    return pos, legion


def test_a_strait_is_crossed_when_no_enemy_fleet_guards_it() -> None:
    pos, legion = _messina("rome")  # a friendly fleet does not bar the way
    pos.game.apply("rome", Command("move", {"units": [legion], "to": "B4125", "path": ["B4125"]}))
    assert pos.st.units[legion]["hex"] == "B4125" and pos.st.units[legion]["crossing"] == "strait"


def test_an_enemy_fleet_in_the_strait_bars_the_crossing() -> None:
    """12.2: no crossing while an enemy fleet is in a hex the strait separates."""
    pos, legion = _messina("pirates")
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("move", {"units": [legion], "to": "B4125", "path": ["B4125"]}))
    assert err.value.section == "§12.2"
    assert pos.st.units[legion]["hex"] == "B4224"
    assert "B4125" not in M.reach(pos.st, "rome", [legion], [], "B4224", 20)


def test_the_waters_of_a_strait_on_a_hexside_are_its_two_hexes() -> None:
    """12.2: the Kerch strait lies on the hexside B5807-B5906: only those two hexes count."""
    assert world("s12").strait_waters("B5807", "B5906") == ("B5807", "B5906")
