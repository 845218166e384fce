"""Tests of the engine's rulings IR-ENG-* (docs/rulings.md) not already covered by a worked
example."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.i18n import _
from rules.imperium_romanum import board as B
from rules.imperium_romanum import combat as C
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum import siege as SG
from rules.imperium_romanum import supply as S
from rules.imperium_romanum import victory as V
from rules.imperium_romanum.game import ImperiumRomanumGame
from rules.imperium_romanum.world import data, world
from tests.imperium_romanum.builder import Position


def test_ir_eng_1_roads_and_cultivation_follow_the_province_display() -> None:
    """11.1, 11.2: the Province Display's columns: Moesia has roads and farms in 11-16, Dacia has
    them only from 17-19 (after Trajan's conquest); Africa gets its roads in P2, after P1."""
    w = world("s12")
    assert w.roads["moesia_superior"] and w.cultivated["moesia_superior"]
    assert not w.roads["dacia"] and not w.cultivated["dacia"]
    assert "17-19" in data().display["dacia"].roads and "11-16" not in data().display["dacia"].roads
    assert not world("s02").roads["africa"] and world("s24").roads["africa"]


def test_ir_eng_3_month_track() -> None:
    assert [SEQ.month_season(m) for m in range(1, 13)] == (
        ["winter"] * 4 + ["summer"] * 6 + ["summer", "winter"])  # April starts as March, November as October


def test_ir_eng_4_a_port_is_a_city_next_to_the_sea() -> None:
    pos = Position()
    assert B.is_port(pos.st, data().cities["tomi"].hex)
    assert not B.is_port(pos.st, data().cities["singidunum"].hex)
    assert not B.is_port(pos.st, "B4406")


def test_ir_eng_5_province_tax_is_the_sum_of_its_cities() -> None:
    pos = Position()
    assert B.province_tax(pos.st, "macedonia") == sum(
        v.tax for c, v in world("s12").city_value.items() if data().cities[c].province == "macedonia")
    assert B.province_tax(pos.st, "dacia") == 0


def test_ir_eng_6_set_up_units_are_veteran_and_trains_full() -> None:
    game = ImperiumRomanumGame.new("s12", [], "x", {})
    assert all(u["vet"] for u in game.state.units.values())
    assert {u["sp"] for u in game.state.units.values() if u["type"] == "baggage_train"} == {6}


def test_ir_eng_7_naval_segments_run_from_the_highest_roll() -> None:
    pos = Position(segment="fortification")
    pos.unit("rome", "fleet_18_30", data().cities["tomi"].hex)
    pos.unit("dacia", "fleet_18_30", data().cities["tomi"].hex)
    pos.dice(2, 6)
    SEQ.roll_naval_order(pos.st, [])
    assert pos.st.naval_order == ["dacia", "rome"]


def test_ir_eng_8_a_dissolved_major_becomes_an_inactive_neutral_and_the_other_player_wins() -> None:
    pos = Position()
    pos.st.powers["roxolani"]["morale"] = -5
    pos.st.powers["dacia"]["morale"] = 0
    V.check_dissolution(pos.st, [])
    assert pos.st.powers["roxolani"]["dissolved"] is False  # minors do not dissolve by morale
    assert pos.st.powers["dacia"]["status"] == "inactive neutral" and pos.st.powers["dacia"]["seat"] == ""
    assert pos.st.result["winners"] == ["rome"]


def test_ir_eng_9_scenario_12_goes_on_to_its_end_month_after_the_rex_falls() -> None:
    """25.1: the game ends after the historical end month unless the scenario says otherwise;
    Decebalus dead in 102 wins Rome the game only when September 106 is over."""
    pos = Position()
    pos.leader("decebalus", "B4512")
    B.lose_leader(pos.st, "decebalus", "dead", [])
    V.check_early(pos.st, [])
    assert pos.st.result == {}
    V.final_victory(pos.st, [])
    # Dacia still holds Dacia: both conditions are met and both win (25.2 allows several winners)
    assert pos.st.result["winners"] == ["rome", "dacia"] and pos.st.result["kind"] == "end"


def test_ir_eng_9_a_scenario_of_25_1_ends_as_soon_as_a_condition_is_met(monkeypatch: pytest.MonkeyPatch) -> None:
    assert V.EARLY_END_SCENARIOS == (10, 14, 18, 19)
    monkeypatch.setattr(V, "EARLY_END_SCENARIOS", (12,))
    pos = Position()
    pos.leader("decebalus", "B4512")
    B.lose_leader(pos.st, "decebalus", "dead", [])
    V.check_early(pos.st, [])
    assert pos.st.result["winners"] == ["rome"] and pos.st.result["kind"] == "early"


def test_ir_eng_10_a_friendly_city_adds_its_tax_value_to_the_forage() -> None:
    pos = Position(month=6)
    hex_id = data().cities["thessalonica"].hex
    terrain = data().charts.forage[world("s12").terrain(hex_id)][0]
    assert S.forage_value(pos.st, "rome", hex_id, False) == terrain + 4
    assert S.forage_value(pos.st, "dacia", hex_id, False) == terrain


def test_ir_eng_11_a_partial_supply_keeps_the_strongest() -> None:
    pos = Position()
    strong = pos.unit("rome", "legion_20_10", "B4406")
    weak = pos.unit("rome", "legion_16_10", "B4406")
    assert S._keep(pos.st, [weak, strong], 2) == ([strong], [weak])


def test_ir_eng_12_a_forced_march_loses_the_weakest_legion_sized_unit() -> None:
    pos = Position()
    big = pos.unit("rome", "legion_20_10", "B4406")
    small = pos.unit("rome", "legion_16_10", "B4406")
    aux = pos.unit("rome", "light_infantry_4_12", "B4406")
    from rules.imperium_romanum.movement import forced_march_loss
    forced_march_loss(pos.st, [big, small, aux], [])
    assert small in pos.st.eliminated and big in pos.st.units and aux in pos.st.units


def test_ir_eng_14_odds_beyond_the_table_use_its_end_columns() -> None:
    assert C.column_for(1, 10) == "1/3"
    assert C.column_for(100, 10) == "6/1"
    assert C.column_for(14, 10) == "1/1"
    assert C.column_for(15, 10) == "3/2"


def test_ir_eng_16_the_cavalry_test_needs_attacking_cavalry() -> None:
    pos = Position(segment="combat")
    pos.unit("rome", "legion_20_10", "B4406")
    defenders = [pos.unit("dacia", "heavy_infantry_20_8", "B4406")]
    assert C.retreat_allowed(pos.st, "rome", "B4406", defenders) is True


def test_ir_eng_17_the_default_retreat_goes_to_a_friendly_province() -> None:
    pos = Position(segment="combat")
    mine = {p for p, owner in pos.st.province_owner.items() if owner == "rome"}
    hex_id = next(h for h, c in sorted(data().hexes.items()) if c.province and c.province not in mine and any(
        data().hexes[e.to].province in mine and not e.crossing for e in world("s12").edges.get(h, ())))
    legion = pos.unit("rome", "legion_20_10", hex_id)
    dests = C.retreat_hexes(pos.st, "rome", hex_id, [legion])
    assert data().hexes[dests[0]].province in mine
    assert any(data().hexes[d].province not in mine for d in dests[1:])


def test_ir_eng_20_a_leader_left_alone_after_a_battle_is_captured() -> None:
    pos = Position(segment="combat")
    pos.units("rome", "legion_20_10", "B4406", 6)
    pos.unit("dacia", "light_infantry_4_12", "B4406")
    pos.leader("diegis", "B4406")
    pos.st.standing["dacia"].update({"combat": "always_fight"})
    pos.dice(6)
    pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    assert pos.st.leaders["diegis"]["status"] == "captured"
    assert pos.st.leaders["diegis"]["captor"] == "rome"


def test_ir_eng_21_a_leader_alone_defends_with_1_and_is_captured_on_a_loss() -> None:
    pos = Position(segment="combat")
    pos.units("rome", "legion_20_10", "B4406", 2)
    pos.leader("vezinas", "B4406")
    pos.st.standing["rome"].update({"elite": "never"})
    pos.dice(6)  # 40 against 1: the last column, a high roll: the defender is eliminated
    pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    assert pos.game.pending_decision() is None
    assert pos.st.leaders["vezinas"]["status"] == "captured"
    assert pos.st.stats["battles"] == 1


def test_ir_eng_21_a_baggage_train_caught_alone_is_captured_by_a_civilized_power() -> None:
    pos = Position(segment="combat")
    pos.unit("rome", "legion_20_10", "B4406")
    bt = pos.unit("dacia", "baggage_train", "B4406", sp=3)
    pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    assert pos.st.units[bt]["power"] == "rome"


def test_ir_eng_22_siege_attrition_is_rolled_in_the_besieger_turn_only() -> None:
    pos = Position(month=6, segment="siege")
    hex_id = data().cities["singidunum"].hex
    pos.st.city_owner["singidunum"] = "dacia"
    pos.unit("rome", "legion_20_10", hex_id)
    pos.st.sieges[hex_id] = {"power": "dacia", "city": "singidunum", "since": pos.st.turn - 1, "besieger": "rome",
                             "seat": "dacia", "rolls": 0}  # fmt: skip
    SG.siege_resolution(pos.st, "dacia", [])
    assert pos.st.dice.rolls == []
    pos.dice(6)
    SG.siege_resolution(pos.st, "rome", [])
    assert len(pos.st.dice.rolls) == 1


def test_ir_eng_2_a_province_without_a_capital_this_period_uses_its_first_city() -> None:
    """5.6: the Province Display's capital (Viminacium for Moesia Superior, design); Thracia's,
    Adrianopolis, does not exist in column 11-16, so its first city serves (IR-ENG-2)."""
    w = world("s12")
    assert (data().display["moesia_superior"].capital, w.capital_of["moesia_superior"]) == ("vindobunum", "vindobunum")
    cities = sorted(c for c in w.city_value if data().cities[c].province == "thracia")
    assert data().display["thracia"].capital == "adrianopolis" and "adrianopolis" not in w.city_value
    assert w.capital_of["thracia"] == cities[0] == "philippopolis"


def test_ir_eng_15_a_third_side_in_the_hex_stays_out_of_the_battle() -> None:
    """IR-ENG-15: Rome attacks a hex holding Dacians and Iazyges (a neutral nobody controls):
    the side with the most strength defends, the other stays out."""
    pos = Position(segment="combat")
    dacians = pos.units("dacia", "legion_20_10", "B4406", 2)
    iazyges = pos.units("iazyges", "light_cavalry_6_16", "B4406", 1)
    pos.unit("rome", "legion_20_10", "B4406")
    side, defenders = C.defender_seat(pos.st, "rome", "B4406")
    assert (side, defenders) == ("dacia", dacians)
    more = pos.units("iazyges", "heavy_cavalry_30_16", "B4406", 2)
    side, defenders = C.defender_seat(pos.st, "rome", "B4406")
    assert (side, defenders) == ("iazyges", iazyges + more)


def _e_a_battle(standing: str = "ask") -> tuple[Position, str, str, str]:
    """TC-42's E/A with a Dacian defender of two kinds: a 6-16 and a 20-8 must cover 4 SP."""
    pos = Position(month=6, segment="combat")
    raider = pos.unit("rome", "light_infantry_4_12", "B4406")
    rider = pos.unit("dacia", "light_cavalry_6_16", "B4406")
    foot = pos.unit("dacia", "heavy_infantry_20_8", "B4406")
    pos.st.standing["dacia"].update({"combat": "always_fight", "losses": standing})
    pos.dice(5)
    pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    return pos, raider, rider, foot


def test_ir_eng_18_the_owner_chooses_each_unit_lost_in_a_window() -> None:
    pos, raider, rider, foot = _e_a_battle()
    assert raider in pos.st.eliminated
    decision = pos.game.pending_decision()
    assert decision is not None
    assert (decision.seat, decision.kind, decision.section, decision.default) == ("dacia", "losses", "§14.5", rider)
    assert [c.value for c in decision.choices] == [rider, foot]
    pos.game.apply("dacia", Command("decide", {"id": decision.id, "choice": foot}))
    assert foot in pos.st.eliminated and rider in pos.st.units  # 20 SP cover the 4 SP owed
    assert pos.game.pending_decision() is None and pos.st.stats["battles"] == 1


def test_ir_eng_18_standing_order_weakest_loses_without_asking() -> None:
    pos, raider, rider, foot = _e_a_battle("weakest")
    assert pos.game.pending_decision() is None
    assert rider in pos.st.eliminated and foot in pos.st.units


def test_ir_eng_18_a_loss_choice_names_a_legion_by_its_counter() -> None:
    """14.5 with 5.7: the losses window offers a named legion by its name and type, any other
    unit by its type alone (the name the views and /record give, IR-DIS-20)."""
    pos = Position(month=6, segment="combat")
    named = pos.unit("rome", "legion_20_10", "B4406", counter_id="red.legion_20_10.01")
    plain = pos.unit("rome", "legion_20_10", "B4406")
    assert [str(C.unit_words(pos.st, u)) for u in (named, plain)] == ["I Adiutrix (Legion 20-10)", "Legion 20-10"]
    assert str(_("Lose {unit} ({sp} SP)", unit=C.unit_words(pos.st, named), sp=20)) == "Lose I Adiutrix (Legion 20-10) (20 SP)"
