"""Optional rule 39, random events (issue 17): the roll of 39.1 and each event of 39.2 from
the text, on the position builder with scripted dice. Each test asserts the values and the
section its lines cite; events with a lifetime are checked to lapse."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.core.i18n import Text, text_from_json
from rules.imperium_romanum import random_events as RE
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum.game import ImperiumRomanumGame
from rules.imperium_romanum.world import data, hex_distance
from tests.imperium_romanum.builder import Position

ROME_HEX = "B4415"  # Moesia Superior


def _pos(month: int = 6, segment: str = "random_events") -> Position:
    pos = Position("s12", month=month, segment=segment, active="rome")
    pos.st.options["random_events"] = "yes"
    return pos


def _text(lines: list[Text]) -> str:
    return "\n".join(str(x) for x in lines)


def test_options_are_offered_and_a_bad_value_names_the_rule() -> None:
    names = [spec.name for spec in ImperiumRomanumGame.option_specs()]
    assert names[:2] == ["random_events", "plague"]  # then the options of rules 40-44 (test_opt_combat_advantage.py)
    with pytest.raises(RuleError) as err:
        ImperiumRomanumGame.new("s12", [], "x", {"random_events": "maybe"})
    assert err.value.section == "§39"
    with pytest.raises(RuleError) as err:
        ImperiumRomanumGame.new("s12", [], "x", {"plague": "often"})
    assert err.value.section == "§45"


def test_39_1_row_is_d6_plus_period_and_column_d6_plus_major_powers() -> None:
    pos = _pos()
    pos.dice(1, 1)  # row 1 + period 3 = 4, column 1 + 2 majors = 3: grid row 4 "-D-K...", column 3 is "D"
    pos.dice(2)  # D's value roll: 0
    lines: list[Text] = []
    assert RE.roll_for(pos.st, "rome", lines) == "D"
    assert "(39.1)" in _text(lines) and "(39.2 D)" in _text(lines)
    pos.dice(1, 2)  # row 4, column 4: "-"
    assert RE.roll_for(pos.st, "rome", []) == "-"


def test_39_1_every_major_power_rolls_in_the_quarter_months_only() -> None:
    game = ImperiumRomanumGame.new("s12", [], "ev-seq", {"random_events": "yes"})
    purposes = [r.purpose for r in game.opening.rolls if "39.1" in r.purpose]
    assert len(purposes) == 4  # March: a row and a column for Rome and for Dacia
    pos = _pos(month=4, segment="begin")
    RE.start_phase(pos.st)
    assert pos.st.event_queue == []


def test_a_military_intelligence_is_a_window_and_shown_only_to_its_seat() -> None:
    pos = _pos()
    pos.units("dacia", "heavy_infantry_20_8", "B4812", 3)
    pos.unit("dacia", "light_cavalry_6_16", "B4711")
    RE.military_intelligence(pos.st, "rome", [])
    p = pos.st.pending
    assert (p["kind"], p["seat"], p["default"], p["section"]) == ("intel", "rome", "B4812", "§39.2")
    outcome = pos.game.apply("rome", Command("decide", {"id": p["id"], "choice": "B4812"}))
    view = pos.game.seat_view("rome")
    stack = next(s for s in view["stacks"] if s["hex"] == "B4812")
    assert len(stack.get("units", [])) == 3
    assert RE.examined_hexes(pos.st, "rome") == ["B4812"] and RE.examined_hexes(pos.st, "dacia") == []
    assert "39.2 A" not in " ".join(outcome.public) and "39.2 A" in " ".join(outcome.private["rome"])
    pos.st.turn += 1
    RE.lapse(pos.st, [])
    assert RE.examined_hexes(pos.st, "rome") == []


def test_b_emperor_dies_on_a_6_only() -> None:
    pos = _pos()
    pos.leader("trajan", ROME_HEX)
    pos.leader("hadrian", ROME_HEX)
    pos.dice(5)
    lines: list[Text] = []
    RE.emperor_death(pos.st, "rome", lines)
    assert pos.st.leaders["trajan"]["status"] == "map" and "(39.2 B" in _text(lines)
    pos.dice(6)
    RE.emperor_death(pos.st, "rome", lines)
    assert pos.st.leaders["trajan"]["status"] == "dead"


def test_c_another_leader_dies_on_a_6_never_the_emperor() -> None:
    pos = _pos()
    pos.leader("trajan", ROME_HEX)
    pos.leader("hadrian", ROME_HEX)
    pos.dice(5)
    lines: list[Text] = []
    RE.leader_death(pos.st, "rome", lines)
    assert pos.st.leaders["hadrian"]["status"] == "map" and "(39.2 C" in _text(lines)
    pos.dice(6, 0)  # a 6, then the draw among the others (only Hadrian)
    RE.leader_death(pos.st, "rome", [])
    assert (pos.st.leaders["trajan"]["status"], pos.st.leaders["hadrian"]["status"]) == ("map", "dead")


@pytest.mark.parametrize(("roll", "value"), [(3, 0), (4, 1), (6, 2)])
def test_d_new_leader_value_by_roll(roll: int, value: int) -> None:
    pos = _pos()
    pos.leader("trajan", ROME_HEX)
    pos.dice(roll)
    lines: list[Text] = []
    RE.receive_leader(pos.st, "rome", lines)
    new = [lid for lid in pos.st.leaders if lid.startswith("unnamed_")]
    assert len(new) == 1 and data().leaders[new[0]].value == value
    assert pos.st.leaders[new[0]]["hex"] == ROME_HEX and "(39.2 D)" in _text(lines)


def test_d_no_leader_when_the_pool_of_that_value_is_used_up() -> None:
    pos = _pos()
    pos.leader("trajan", ROME_HEX)
    pos.dice(6, 6, 6)
    for _i in range(3):
        RE.receive_leader(pos.st, "rome", [])
    assert sorted(lid for lid in pos.st.leaders if lid.startswith("unnamed_2")) == ["unnamed_2_a", "unnamed_2_b"]


def test_f_famine_halves_forage_doubles_costs_stops_grain_and_lapses_in_september() -> None:
    from rules.imperium_romanum import grain, supply

    pos = _pos(month=6)
    before = supply.forage_value(pos.st, "rome", ROME_HEX, False)
    RE._mark(pos.st, "F", "rome", RE.next_september(pos.st), province="moesia_superior")
    assert supply.forage_value(pos.st, "rome", ROME_HEX, False) == before // 2
    assert RE.grain_factor(pos.st, "moesia_superior") == 0.0
    assert grain.wheat_held is not None
    assert RE.next_september(pos.st) == pos.st.turn + 3
    pos.st.turn += 3
    lines: list[Text] = []
    RE.lapse(pos.st, lines)
    assert RE.markers(pos.st, "F") == [] and "(39.2)" in _text(lines)


def test_f_famine_roll_picks_a_province() -> None:
    pos = _pos(month=9)
    pos.dice(6, 0)  # the famine, then the draw: the first land province by id
    lines: list[Text] = []
    RE.famine(pos.st, "rome", lines)
    marker = RE.markers(pos.st, "F")[0]
    assert marker["until"] == pos.st.turn + 12  # IR-ENG-80: from September to the next September
    assert "(39.2 F)" in _text(lines)


def test_g_and_h_harvests_by_d6_and_their_grain_factor() -> None:
    pos = _pos()
    pos.dice(2, 5)
    lines: list[Text] = []
    RE.bad_harvest(pos.st, "rome", lines)
    RE.bumper_harvest(pos.st, "rome", lines)
    assert RE.grain_factor(pos.st, "aegyptus") == 0.5
    assert RE.grain_factor(pos.st, "sicilia") == 1.5
    assert "(39.2 G)" in _text(lines) and "(39.2 H)" in _text(lines)
    pos.st.turn = RE.next_september(pos.st)
    RE.lapse(pos.st, lines)
    assert RE.grain_factor(pos.st, "aegyptus") == 1.0 and RE.grain_factor(pos.st, "sicilia") == 1.0


@pytest.mark.parametrize(("code", "month", "target", "modifier"), [("I", 6, 11, -1), ("I", 12, 4, 3), ("J", 9, 11, 3), ("J", 3, 4, -1)])
def test_i_and_j_modify_the_coming_season_roll(code: str, month: int, target: int, modifier: int) -> None:
    pos = _pos(month=month)
    lines: list[Text] = []
    RE.EVENTS[code](pos.st, "rome", lines)
    assert f"(39.2 {code})" in _text(lines)
    pos.st.month = target
    assert [m for _w, m in RE.season_modifiers(pos.st)] == [modifier]


def test_i_modifier_reaches_the_november_season_roll() -> None:
    pos = _pos(month=9)
    RE.dry_year(pos.st, "rome", [])
    pos.st.month, pos.st.turn = 11, pos.st.turn + 2
    pos.dice(5)  # 5 - 1 = 4: November is winter (9.1)
    SEQ.close_diplomacy(pos.st, [])
    assert pos.st.season == "winter"


def test_k_storms_summer_is_winter_at_sea_winter_doubles_and_lapses() -> None:
    from rules.imperium_romanum import naval

    pos = _pos(month=6)
    pos.st.season = "summer"
    lines: list[Text] = []
    RE.storms(pos.st, "rome", lines)
    assert "(39.2 K)" in _text(lines)
    assert RE.naval_winter(pos.st) and RE.naval_cost_factor(pos.st) == 1 and RE.attrition_bonus(pos.st) == 0
    pos.st.season = "winter"
    assert (RE.naval_cost_factor(pos.st), RE.attrition_bonus(pos.st)) == (2, 1)
    assert naval.winter_at is not None
    pos.st.turn += 1
    RE.lapse(pos.st, [])
    assert not RE.storm(pos.st)


def test_l_disaster_destroys_the_chosen_city_never_a_capital() -> None:
    pos = _pos()
    pos.dice(6)
    RE.natural_disaster(pos.st, "rome", [])
    p = pos.st.pending
    assert p["kind"] == "disaster" and p["section"] == "§39.2"
    assert "roma" not in [c for c, _label in p["choices"]]
    city = p["choices"][0][0]
    pos.game.apply("rome", Command("decide", {"id": p["id"], "choice": city}))
    assert city in pos.st.destroyed and city not in pos.st.city_owner
    from rules.imperium_romanum import board as B

    assert B.city_at(pos.st, data().cities[city].hex) == ""


def test_l_a_destroyed_city_no_longer_pays_its_provinces_tax() -> None:
    from rules.imperium_romanum import board as B
    from rules.imperium_romanum.world import world

    pos = _pos()
    pos.dice(6)
    RE.natural_disaster(pos.st, "rome", [])
    city = next(c for c, _label in pos.st.pending["choices"] if world("s12").city_value[c].tax > 0)
    province = data().cities[city].province
    before = B.province_tax(pos.st, province)
    pos.game.apply("rome", Command("decide", {"id": pos.st.pending["id"], "choice": city}))
    assert B.province_tax(pos.st, province) == max(0, before - world("s12").city_value[city].tax) < before


def test_m_each_baggage_train_loses_one_sp() -> None:
    pos = _pos()
    bt = pos.unit("rome", "baggage_train", ROME_HEX, sp=4)
    theirs = pos.unit("dacia", "baggage_train", "B4812", sp=4)
    lines: list[Text] = []
    RE.quartermaster(pos.st, "rome", lines)
    assert (pos.st.units[bt]["sp"], pos.st.units[theirs]["sp"]) == (3, 4) and "(39.2 M)" in _text(lines)


def test_n_every_major_power_loses_a_third_rounded_down() -> None:
    pos = _pos()
    pos.st.powers["rome"]["treasury"], pos.st.powers["dacia"]["treasury"] = 61, 15
    lines: list[Text] = []
    RE.debasement(pos.st, "rome", lines)
    assert (pos.st.powers["rome"]["treasury"], pos.st.powers["dacia"]["treasury"]) == (41, 10)
    assert "(39.2 N)" in _text(lines)


def test_o_ignored_with_a_barbarian_major_power() -> None:
    pos = _pos()
    lines: list[Text] = []
    RE.incursion(pos.st, "rome", lines)
    assert pos.st.powers["iazyges"]["status"] == "inactive neutral" and "(39.2 O)" in _text(lines)


def test_o_wakes_an_inactive_barbarian_minor_without_a_barbarian_major() -> None:
    pos = _pos()
    pos.st.powers["dacia"]["kind"] = "civilized"
    RE.incursion(pos.st, "rome", [])
    assert pos.st.powers["iazyges"]["status"] == "active neutral"


@pytest.mark.parametrize(("where", "province", "unit"), [(2, "germania_magna", "heavy_infantry_20_8"),
                                                     (6, "arabia_deserta", "light_cavalry_6_16")])
def test_o_without_any_sleeping_barbarian_a_d6_places_new_barbarians(where: int, province: str, unit: str) -> None:
    pos = _pos()
    pos.st.powers["dacia"]["kind"] = "civilized"
    pos.st.powers["iazyges"]["status"] = "active neutral"
    pos.dice(where, 4)
    lines: list[Text] = []
    RE.incursion(pos.st, "rome", lines)
    rec = pos.st.powers[f"barbarians_{province}"]
    assert (rec["status"], rec["cer"], rec["kind"], rec["replacement"]) == ("active neutral", "C", "barbarian", 0)
    units = [u for u in pos.st.units.values() if u["power"] == f"barbarians_{province}"]
    assert len(units) == 4 and {u["type"] for u in units} == {unit}
    assert {data().hexes[u["hex"]].province for u in units} == {province} and "(39.2 O)" in _text(lines)


def test_p_no_parthians_no_event() -> None:
    pos = _pos()
    lines: list[Text] = []
    RE.persian_activation(pos.st, "rome", lines)
    assert "(39.2 P)" in _text(lines) and "parthia" not in pos.st.powers


def test_q_first_province_rolling_6_revolts_and_pays_no_tax() -> None:
    pos = _pos()
    owned = sorted(p for p, o in pos.st.province_owner.items() if o == "rome")
    pos.dice(1, 6, 3)  # the first province quiet, the second revolts, with 3 rebels
    lines: list[Text] = []
    RE.revolt(pos.st, "rome", lines)
    province = owned[1]
    rebels = [u for u in pos.st.units.values() if u["power"] == f"rebels_{province}"]
    assert len(rebels) == 3 and {u["type"] for u in rebels} == {"light_infantry_4_12"}
    assert RE.in_revolt(pos.st, province) and "(39.2 Q)" in _text(lines)
    assert pos.st.powers[f"rebels_{province}"]["status"] == "active neutral"


def test_r_muttering_two_talents_per_ten_sp_and_morale_for_the_rest() -> None:
    pos = _pos()
    pos.units("rome", "legion_20_10", ROME_HEX, 3)  # 60 SP: 12 talents due
    pos.st.powers["rome"]["treasury"] = 5
    morale = pos.st.powers["rome"]["morale"]
    lines: list[Text] = []
    RE.muttering(pos.st, "rome", lines)
    assert "12 talents are due, 5 paid (39.2 R)" in _text(lines)
    assert pos.st.powers["rome"]["treasury"] == 0
    assert pos.st.powers["rome"]["morale"] == morale - 7


def test_s_disloyal_units_without_a_leader_cannot_move() -> None:
    pos = Position("s12", month=6, segment="movement", active="rome")
    alone = pos.unit("rome", "legion_20_10", ROME_HEX)
    pos.leader("trajan", "B4418")
    pos.unit("rome", "legion_20_10", "B4418")
    RE.disloyal_legions(pos.st, "rome", [])
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("move", {"units": [alone], "to": "B4416"}))
    assert err.value.section == "§39.2"
    assert all(alone not in c.args["units"] for c in pos.game.legal_commands("rome") if c.name == "move")
    assert any(c.name == "move" for c in pos.game.legal_commands("rome"))
    pos.st.turn += 1
    RE.lapse(pos.st, [])
    assert not RE.disloyal(pos.st, pos.st.units[alone])


def test_s_far_units_of_a_roman_faction_defect_to_the_closest_other() -> None:
    """Scenario 24: a Diocletianic legion over 12 hexes from every Diocletianic leader goes
    over to Carinus; one next to its leader stays (IR-ENG-87)."""
    pos = Position("s24", month=6, year=285, segment="random_events", active="diocletian")
    pos.leader("diocletian", "B4816", "diocletian")
    pos.leader("carinus", "B4314", "carinus")
    near = pos.unit("diocletian", "legion_20_10", "B4816")
    far = pos.unit("diocletian", "legion_20_10", "C6616")
    assert hex_distance("C6616", "B4816") > 12
    lines: list[Text] = []
    RE.disloyal_legions(pos.st, "diocletian", lines)
    assert (pos.st.units[near]["power"], pos.st.units[far]["power"]) == ("diocletian", "carinus")
    assert "(39.2 S)" in _text(lines)


def test_s_a_power_that_is_no_roman_faction_keeps_its_far_units() -> None:
    pos = _pos()
    pos.leader("decebalus", "B4812")
    far = pos.unit("dacia", "heavy_infantry_20_8", "C6616")
    RE.disloyal_legions(pos.st, "dacia", [])
    assert pos.st.units[far]["power"] == "dacia"


def _crisis() -> Position:
    """Scenario 2: Rome's imperial capital is Roma, its Emperor-figure Pompey (22.1)."""
    pos = Position("s02", month=6, year=-67, segment="random_events", active="rome")
    pos.st.options["random_events"] = "yes"
    pos.st.city_owner["roma"] = "rome"
    return pos


def test_t_crisis_costs_10_morale_when_the_emperor_stays_away() -> None:
    pos = _crisis()
    pos.leader("pompey", ROME_HEX, "rome")
    RE.political_crisis(pos.st, "rome", [])
    morale = pos.st.powers["rome"]["morale"]
    for _i in range(2):
        RE.crisis_check(pos.st, [])
        pos.st.turn += 1
    assert pos.st.powers["rome"]["morale"] == morale
    lines: list[Text] = []
    RE.crisis_check(pos.st, lines)
    assert pos.st.powers["rome"]["morale"] == morale - 10 and RE.markers(pos.st, "T") == []
    assert "political crisis" in _text(lines)


def test_t_the_month_end_applies_the_crisis_at_the_end_of_the_third_month() -> None:
    """Through the sequence: the event's month and the next one pass; the third month's end
    costs 10 morale (IR-ENG-80)."""
    pos = _crisis()
    pos.leader("pompey", ROME_HEX, "rome")
    RE.political_crisis(pos.st, "rome", [])
    morale = pos.st.powers["rome"]["morale"]
    for _i in range(2):
        SEQ._enter(pos.st, "month_end", [])
    assert pos.st.powers["rome"]["morale"] == morale and pos.st.result == {}
    SEQ._enter(pos.st, "month_end", [])
    assert pos.st.powers["rome"]["morale"] == morale - 10


def test_t_crisis_ends_when_the_emperor_reaches_the_capital() -> None:
    pos = _crisis()
    pos.leader("pompey", data().cities["roma"].hex, "rome")
    RE.political_crisis(pos.st, "rome", [])
    morale = pos.st.powers["rome"]["morale"]
    lines: list[Text] = []
    RE.crisis_check(pos.st, lines)
    assert RE.markers(pos.st, "T") == [] and pos.st.powers["rome"]["morale"] == morale
    assert "(39.2 T)" in _text(lines)


def test_t_no_crisis_without_a_capital_held() -> None:
    pos = _pos()
    lines: list[Text] = []
    RE.political_crisis(pos.st, "rome", lines)
    assert RE.markers(pos.st, "T") == [] and "(39.2 T)" in _text(lines)


@pytest.mark.parametrize(("code", "percent"), [("U", 150), ("V", 50)])
def test_u_and_v_change_this_months_tax_then_lapse(code: str, percent: int) -> None:
    pos = _pos()
    lines: list[Text] = []
    RE.EVENTS[code](pos.st, "rome", lines)
    assert f"(39.2 {code})" in _text(lines)
    assert RE.tax_percent(pos.st, "rome") == percent and RE.tax_percent(pos.st, "dacia") == 100
    pos.st.turn += 1
    RE.lapse(pos.st, [])
    assert RE.tax_percent(pos.st, "rome") == 100


def test_w_no_plunder_marker_goes_this_month() -> None:
    from rules.imperium_romanum import plunder

    pos = _pos()
    pos.st.plunder["dalmatia"] = 2
    lines: list[Text] = []
    RE.devastation(pos.st, "rome", lines)
    assert "(39.2 W)" in _text(lines)
    plunder.remove_markers(pos.st, [])
    assert pos.st.plunder["dalmatia"] == 2
    pos.st.turn += 1
    RE.lapse(pos.st, [])
    plunder.remove_markers(pos.st, [])
    assert pos.st.plunder["dalmatia"] == 1


def test_x_doubles_accrual_and_opens_the_area_window() -> None:
    pos = _pos()
    RE.increased_mobilization(pos.st, "rome", [])
    assert RE.accrual_factor(pos.st, "rome") == 2
    p = pos.st.pending
    assert p["kind"] == "extra_area" and p["default"] == "graecia" and p["section"] == "§39.2"
    labels = {value: str(text_from_json(label)) for value, label in p["choices"]}
    assert labels["graecia"] == RE._area_name(pos.st, "graecia") != "graecia"  # the chart's name, not the id
    out = pos.game.apply("rome", Command("decide", {"id": p["id"], "choice": "illyricum"}))
    name = RE._area_name(pos.st, "illyricum")
    assert f"The {name} area raises one more of each type this year (39.2 X)." in out.public
    assert RE.limit_change(pos.st, "rome", "illyricum") == 1 and RE.limit_change(pos.st, "rome", "graecia") == 0
    pos.st.turn += 12 - pos.st.month + 1
    RE.lapse(pos.st, [])
    assert RE.limit_change(pos.st, "rome", "illyricum") == 0


def test_y_no_accrual_and_one_less_everywhere_this_year() -> None:
    pos = _pos()
    lines: list[Text] = []
    RE.decreased_mobilization(pos.st, "rome", lines)
    assert "(39.2 Y)" in _text(lines)
    assert RE.accrual_factor(pos.st, "rome") == 0 and RE.limit_change(pos.st, "rome", "graecia") == -1
    pos.st.turn += 1
    RE.lapse(pos.st, [])
    assert RE.accrual_factor(pos.st, "rome") == 1 and RE.limit_change(pos.st, "rome", "graecia") == -1


def test_z_active_cadre_lifts_training_this_month() -> None:
    from rules.imperium_romanum import mobilization as MOB

    pos = _pos()
    assert MOB.needs_training(pos.st, "rome", "legion_20_10")
    lines: list[Text] = []
    RE.active_cadre(pos.st, "rome", lines)
    assert "(39.2 Z)" in _text(lines)
    assert not MOB.needs_training(pos.st, "rome", "legion_20_10")
    pos.st.turn += 1
    RE.lapse(pos.st, [])
    assert MOB.needs_training(pos.st, "rome", "legion_20_10")


def test_u_prosperity_reaches_the_collected_tax() -> None:
    from rules.imperium_romanum import board as B

    pos = _pos(month=6, segment="taxation")
    base = sum(B.province_tax(pos.st, p) for p, o in sorted(pos.st.province_owner.items()) if o == "rome")
    assert base > 0
    RE.prosperity(pos.st, "rome", [])
    treasury = pos.st.powers["rome"]["treasury"]
    SEQ.collect_taxes(pos.st, [])
    assert pos.st.powers["rome"]["treasury"] == treasury + base * 150 // 100


def test_f_famine_doubles_the_cost_of_a_raise_in_its_province() -> None:
    from rules.imperium_romanum import mobilization as MOB
    from tests.imperium_romanum.builder import rome_in_italy_at_taxation

    pos = rome_in_italy_at_taxation(500)
    cost = MOB.check_build(pos.st, "rome", "legion_20_10", "roma")[2]
    RE._mark(pos.st, "F", "rome", RE.next_september(pos.st), province="italia")
    assert MOB.check_build(pos.st, "rome", "legion_20_10", "roma")[2] == 2 * cost


ALEXANDRIA = "B6426"  # Diocletian's city in scenario 24, 18 hexes from his leader at B4816
DURA = "C1315"  # Dura Europos, nobody's city in scenario 24


def _s24_siege(hex_id: str, holder: str, besieger: str) -> Position:
    """Scenario 24 with Diocletian's leader far away at B4816 and a siege laid at ``hex_id``."""
    pos = Position("s24", month=6, year=285, segment="random_events", active="diocletian")
    pos.leader("diocletian", "B4816", "diocletian")
    pos.leader("carinus", "B4314", "carinus")
    city = {c.hex: cid for cid, c in data().cities.items()}[hex_id]
    seat = pos.st.powers[holder]["seat"] if holder else ""
    pos.st.sieges[hex_id] = {"power": holder, "city": city, "since": pos.st.turn - 1, "rolls": 0, "besieger": besieger,
                             "seat": seat}  # fmt: skip
    return pos


def test_ir_eng_140_besieged_legions_go_over_to_the_besiegers_and_come_out() -> None:
    """39.2 S in a siege: Diocletian's garrison of Alexandria goes over to Carinus's besiegers,
    the closest Roman faction; it leaves the walls and the siege of the city goes on (17.1)."""
    pos = _s24_siege(ALEXANDRIA, "diocletian", "carinus")
    inside = pos.unit("diocletian", "legion_20_10", ALEXANDRIA, besieged=True)
    pos.unit("carinus", "legion_20_10", ALEXANDRIA)
    lines: list[Text] = []
    RE.disloyal_legions(pos.st, "diocletian", lines)
    assert (pos.st.units[inside]["power"], pos.st.units[inside]["besieged"]) == ("carinus", False)
    assert pos.st.sieges[ALEXANDRIA]["besieger"] == "carinus"
    assert f"A unit of Diocletian (the East) at {ALEXANDRIA} defects to Carinus (the West) (39.2 S)." in _text(lines)


def test_ir_eng_140_besiegers_go_over_to_the_besieged_and_the_siege_breaks() -> None:
    """Diocletian's besiegers of a Carinian Alexandria go over to Carinus, the place's holder:
    no besieger is left, so the siege is broken (17.1)."""
    pos = _s24_siege(ALEXANDRIA, "carinus", "diocletian")
    pos.st.city_owner["alexandria"] = "carinus"
    outside = pos.unit("diocletian", "legion_20_10", ALEXANDRIA)
    lines: list[Text] = []
    RE.disloyal_legions(pos.st, "diocletian", lines)
    assert pos.st.units[outside]["power"] == "carinus"
    assert ALEXANDRIA not in pos.st.sieges
    assert "The siege of Alexandria is broken (17.1)." in _text(lines)


def test_ir_eng_140_a_garrison_besieged_by_barbarians_cannot_leave_to_defect() -> None:
    pos = _s24_siege(ALEXANDRIA, "diocletian", "franci")
    inside = pos.unit("diocletian", "legion_20_10", ALEXANDRIA, besieged=True)
    pos.unit("franci", "heavy_infantry_20_8", ALEXANDRIA)
    lines: list[Text] = []
    RE.disloyal_legions(pos.st, "diocletian", lines)
    assert (pos.st.units[inside]["power"], pos.st.units[inside]["besieged"]) == ("diocletian", True)
    assert "cannot leave the walls to defect: it stays (39.2 S)" in _text(lines)
    assert pos.st.sieges[ALEXANDRIA]["besieger"] == "franci"


def test_ir_eng_140_besiegers_of_a_neutral_city_carry_the_siege_on_for_their_new_faction() -> None:
    pos = _s24_siege(DURA, "", "diocletian")
    outside = pos.units("diocletian", "legion_20_10", DURA, 2)
    lines: list[Text] = []
    RE.disloyal_legions(pos.st, "diocletian", lines)
    assert [pos.st.units[u]["power"] for u in outside] == ["carinus", "carinus"]
    assert pos.st.sieges[DURA]["besieger"] == "carinus"
    assert "Carinus (the West) carries on the siege of Dura Europos (39.2 S)." in _text(lines)
