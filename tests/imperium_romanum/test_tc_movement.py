"""Worked examples TC-16, TC-22 to TC-25 of the digest (seasons, land movement, interception,
forced march), on the hex map with scripted dice."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import movement as M
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum.charts import entry_cost
from rules.imperium_romanum.world import data, world
from tests.imperium_romanum.builder import Position


@pytest.mark.parametrize(("month", "die", "season"), [(4, 4, "summer"), (4, 5, "winter"), (11, 4, "winter"), (11, 5, "summer")])
def test_tc_16_season_rolls_in_april_and_november(month: int, die: int, season: str) -> None:
    pos = Position(month=month, segment="diplomacy", season="winter" if month == 4 else "summer")
    pos.st.had_summer = month == 11
    pos.dice(die)
    SEQ.close_diplomacy(pos.st, [])
    assert pos.st.season == season
    assert pos.st.dice.rolls[-1].purpose.startswith("§9.1")


def test_tc_16_first_summer_month_floods_the_rivers() -> None:
    pos = Position(month=4, segment="diplomacy", season="winter")
    pos.st.had_summer = False
    pos.dice(1)
    SEQ.close_diplomacy(pos.st, [])
    assert (pos.st.season, pos.st.flooded) == ("summer", True)
    # May is summer anyway, but the rivers flooded in April: no second flood
    SEQ.start_month(pos.st, [])
    pos.st.month = 5
    SEQ.close_diplomacy(pos.st, [])
    assert pos.st.flooded is False


def test_tc_22_forest_with_roads_in_winter_costs_4() -> None:
    w = world("s12")
    assert data().hexes["B4515"].terrain == "forest" and w.has_road("B4515")
    costs = {h: c for h, c, _x in w.step_costs("B4514", True, False)}
    assert costs["B4515"] == 4
    assert entry_cost(data().charts, "forest", True, True) == 4


def test_tc_23_strait_costs_six_more_and_twelve_in_winter() -> None:
    w = world("s12")
    terrain = w.terrain("B4224")
    summer = {h: c for h, c, _x in w.step_costs("B4125", False, False)}["B4224"]
    winter = {h: c for h, c, _x in w.step_costs("B4125", True, False)}["B4224"]
    assert summer - entry_cost(data().charts, terrain, w.has_road("B4224"), False) == 6
    assert winter - entry_cost(data().charts, terrain, w.has_road("B4224"), True) == 12


def test_tc_23_entering_an_enemy_hex_across_a_strait_forces_an_attack() -> None:
    pos = Position(month=6, segment="combat")
    legion = pos.unit("rome", "legion_20_10", "B4224", supplied=True, must_attack=True, crossing="strait")
    pos.unit("dacia", "heavy_infantry_20_8", "B4224")
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("end"))
    assert err.value.section == "§14.1"
    assert legion in pos.st.units


def _interception_position(die: int) -> Position:
    pos = Position(month=6, segment="movement")
    pos.units("dacia", "heavy_infantry_20_8", "B4404", 2, supplied=True)
    pos.leader("decebalus", "B4404")
    pos.units("rome", "legion_20_10", "B4409", 2, supplied=True)
    pos.dice(die)
    return pos


def test_tc_24_a_plus_2_leader_three_mp_away_intercepts_on_5() -> None:
    pos = _interception_position(5)
    assert M._intercept_mp(pos.st, "dacia", "B4404", "B4407") == 3
    romans = sorted(u for u in pos.st.units if u.startswith("rome"))
    pos.game.apply("rome", Command("move", {"units": romans, "to": "B4407", "path": ["B4408", "B4407"]}))
    decision = pos.game.pending_decision()
    assert decision is not None and decision.kind == "intercept" and decision.seat == "dacia"
    assert decision.section == "§12.4"
    pos.game.apply("dacia", Command("decide", {"id": decision.id, "choice": "decebalus"}))
    assert pos.st.stats.get("interceptions") == 1
    assert pos.st.leaders["decebalus"]["hex"] == "B4407"
    battle = pos.game.pending_decision()
    assert battle is not None and battle.kind == "battle" and battle.seat == "rome"
    assert all(pos.st.units[u]["mp"] == 0 for u in romans)


def test_tc_24_a_roll_of_3_plus_2_fails_and_the_move_goes_on() -> None:
    pos = _interception_position(3)
    romans = sorted(u for u in pos.st.units if u.startswith("rome"))
    pos.game.apply("rome", Command("move", {"units": romans, "to": "B4406", "path": ["B4408", "B4407", "B4406"]}))
    decision = pos.game.pending_decision()
    assert decision is not None
    pos.game.apply("dacia", Command("decide", {"id": decision.id, "choice": "decebalus"}))
    assert "interceptions" not in pos.st.stats
    # Decebalus tried once this month (12.4): no second window, the move reaches its end
    assert pos.game.pending_decision() is None
    assert {pos.st.units[u]["hex"] for u in romans} == {"B4406"}


def test_tc_24_cavalry_and_baggage_train_modifiers() -> None:
    pos = Position(month=6, segment="movement")
    cav = pos.units("dacia", "heavy_cavalry_30_16", "B4404", 2)
    pos.leader("decebalus", "B4404")
    pos.unit("rome", "legion_20_10", "B4407")
    assert M.intercept_bonus(pos.st, "decebalus", cav, "B4407") == 3
    bt = pos.unit("dacia", "baggage_train", "B4404", sp=6)
    assert M.intercept_bonus(pos.st, "decebalus", [*cav, bt], "B4407") == 0
    inf = pos.unit("dacia", "heavy_infantry_20_8", "B4404")
    assert M.intercept_bonus(pos.st, "decebalus", [*cav, inf, bt], "B4407") == 2 - 3


@pytest.mark.parametrize(("leader", "die", "lost"), [("licinius_sura", 3, 1), ("licinius_sura", 2, 0),
                                                      ("trajan", 5, 1), ("trajan", 4, 0)])
def test_tc_25_forced_march(leader: str, die: int, lost: int) -> None:
    pos = Position(month=6, segment="movement")
    legions = pos.units("rome", "legion_20_10", "B4405", 2, supplied=True)
    pos.leader(leader, "B4405")
    pos.dice(die)
    pos.game.apply("rome", Command("move", {"units": [*legions, leader], "to": "B4406", "force_march": leader}))
    bonus = 1 + data().leaders[leader].value
    survivors = [u for u in legions if u in pos.st.units]
    assert len(survivors) == 2 - lost
    for uid in survivors:
        assert pos.st.units[uid]["mp"] == 10 + bonus - 1  # MA 10 + 1 + value, one clear hex spent
    assert pos.game.state.units.get(legions[0], {}).get("hex", "B4406") == "B4406"


def test_tc_25_forced_march_needs_a_leader_of_the_group() -> None:
    pos = Position(month=6, segment="movement")
    legion = pos.unit("rome", "legion_20_10", "B4405", supplied=True)
    pos.leader("trajan", "B4404")
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("move", {"units": [legion], "to": "B4406", "force_march": "trajan"}))
    assert err.value.section == "§12.5"


def test_moving_into_an_enemy_hex_ends_movement() -> None:
    pos = Position(month=6, segment="movement")
    legion = pos.unit("rome", "legion_20_10", "B4409", supplied=True)
    pos.unit("dacia", "heavy_infantry_20_8", "B4408")
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("move", {"units": [legion], "to": "B4407", "path": ["B4408", "B4407"]}))
    assert err.value.section == "§12.3"
    pos.game.apply("rome", Command("move", {"units": [legion], "to": "B4408"}))
    assert pos.st.units[legion]["hex"] == "B4408" and pos.st.units[legion]["mp"] == 0


def test_an_unsupplied_unit_cannot_activate() -> None:
    pos = Position(month=1, year=102, segment="movement", season="winter")
    rough = next(h for h in sorted(data().hexes) if data().hexes[h].kind == "land"
                 and data().hexes[h].terrain == "mountain" and h not in world("s12").city_at)
    legion = pos.unit("rome", "legion_20_10", rough)
    pos.dice(1, 1)  # forage requirement 1 on a mountain in winter (value 0): two thirds of 1 LE is 0
    target = world("s12").edges[rough][0].to
    pos.game.apply("rome", Command("move", {"units": [legion], "to": target}))
    assert pos.st.units[legion]["hex"] == rough
    assert pos.st.units[legion]["activated"] is True and pos.st.units[legion]["mp"] == 0


@pytest.mark.parametrize(("leader", "die", "reached"), [("lusius_quietus", 4, True), ("lusius_quietus", 3, False)])
def test_tc_15_a_plus_2_leader_may_hurry_a_baggage_train(leader: str, die: int, reached: bool) -> None:
    pos = Position(month=6, segment="movement")
    bt = pos.unit("rome", "baggage_train", "B4404", sp=6)
    pos.leader(leader, "B4404")
    pos.dice(die)
    pos.game.apply("rome", Command("move", {"units": [bt, leader], "to": "B4408",
                                            "path": ["B4405", "B4406", "B4407", "B4408"]}))  # 1 + 1 + 1 + 2 MP
    assert pos.st.units[bt]["hex"] == ("B4408" if reached else "B4407")


def test_tc_15_a_plus_1_leader_cannot_hurry_a_baggage_train() -> None:
    pos = Position(month=6, segment="movement")
    bt = pos.unit("rome", "baggage_train", "B4404", sp=6)
    pos.leader("licinius_sura", "B4404")
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("move", {"units": [bt, "licinius_sura"], "to": "B4408",
                                                "path": ["B4405", "B4406", "B4407", "B4408"]}))
    assert err.value.section == "§12.1"
