"""Optional rule 40 (missile and cavalry advantage) and the options of rules 40-44 at /game new."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import combat_advantage as CA
from rules.imperium_romanum.game import ImperiumRomanumGame
from tests.imperium_romanum.builder import Position

OPTIONS = ("combat_advantage", "city_centric", "divine_intervention", "treasure_cities", "roman_usurpation")


def test_each_optional_rule_is_a_yes_no_option_of_game_new() -> None:
    specs = {spec.name: spec for spec in ImperiumRomanumGame.option_specs()}
    for name in OPTIONS:
        assert specs[name].default == "no" and specs[name].choices == ("no", "yes")
    assert "(40.0)" in specs["combat_advantage"].description and "(44.0)" in specs["roman_usurpation"].description


@pytest.mark.parametrize(("name", "section"), [("combat_advantage", "§40"), ("treasure_cities", "§43"), ("roman_usurpation", "§44")])
def test_a_value_other_than_yes_or_no_is_refused_naming_the_rule(name: str, section: str) -> None:
    with pytest.raises(RuleError) as err:
        ImperiumRomanumGame.new("s12", [], "opt", {name: "maybe"})
    assert err.value.section == section
    assert name in str(err.value)


def test_the_options_reach_the_state() -> None:
    game = ImperiumRomanumGame.new("s12", [], "opt", {"combat_advantage": "yes"})
    assert game.state.options["combat_advantage"] == "yes"


def _battle(pos: Position) -> list[tuple[str, int]]:
    pos.st.standing["dacia"].update({"combat": "always_fight"})
    pos.dice(3)
    outcome = pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    roll = next(r for r in outcome.rolls if r.purpose.startswith("§14.4.2"))
    return [(str(label), value) for label, value in roll.modifiers]


def _advantage(mods: list[tuple[str, int]]) -> list[tuple[str, int]]:
    return [(label, value) for label, value in mods if label.startswith("§40")]


def _position(on: bool = True) -> Position:
    pos = Position(month=6, segment="combat")
    pos.st.options["combat_advantage"] = "yes" if on else "no"
    return pos


def test_40_1_twice_the_missile_strength_adds_one_to_the_attacker() -> None:
    pos = _position()
    pos.units("rome", "missile_infantry_4_12", "B4406", 2)  # 8 against 4
    pos.unit("rome", "legion_20_10", "B4406")
    pos.unit("dacia", "missile_infantry_4_12", "B4406")
    pos.unit("dacia", "heavy_infantry_20_8", "B4406")
    assert _advantage(_battle(pos)) == [("§40.1 missile advantage", 1)]


def test_40_1_the_rule_is_off_unless_the_option_is_chosen() -> None:
    pos = _position(on=False)
    pos.units("rome", "missile_infantry_4_12", "B4406", 2)
    pos.unit("dacia", "heavy_infantry_20_8", "B4406")
    assert _advantage(_battle(pos)) == []


def test_40_2_the_defender_with_twice_the_cavalry_takes_one_off() -> None:
    pos = _position()
    pos.unit("rome", "legion_20_10", "B4406")
    pos.unit("rome", "light_cavalry_6_16", "B4406")
    pos.unit("dacia", "heavy_cavalry_30_16", "B4406")
    assert _advantage(_battle(pos)) == [("§40.2 cavalry advantage", -1)]


def test_40_3_both_advantages_add_up_to_two() -> None:
    pos = _position()
    pos.units("rome", "missile_infantry_4_12", "B4406", 2)
    pos.unit("rome", "heavy_cavalry_30_16", "B4406")
    pos.unit("dacia", "heavy_infantry_20_8", "B4406")
    assert _advantage(_battle(pos)) == [("§40.1 missile advantage", 1), ("§40.2 cavalry advantage", 1)]


def test_40_3_the_two_advantages_cancel_out() -> None:
    pos = _position()
    pos.units("rome", "missile_infantry_4_12", "B4406", 2)
    pos.unit("rome", "legion_20_10", "B4406")
    pos.unit("dacia", "heavy_cavalry_30_16", "B4406")
    mods = _advantage(_battle(pos))
    assert mods == [("§40.1 missile advantage", 1), ("§40.2 cavalry advantage", -1)]
    assert sum(value for _label, value in mods) == 0


def test_40_3_horse_archers_count_once_as_missile_troops_ir_eng_90() -> None:
    pos = _position()
    archers = pos.units("rome", "horse_archers_6_16", "B4406", 2)  # 12 missile, 0 cavalry
    pos.unit("dacia", "light_cavalry_6_16", "B4406")  # 6 cavalry
    assert CA.half_points(pos.st, archers, True, True) == 24
    assert CA.half_points(pos.st, archers, False, True) == 0
    assert _advantage(_battle(pos)) == [("§40.1 missile advantage", 1), ("§40.2 cavalry advantage", -1)]


def test_40_1_missile_troops_across_a_river_count_half() -> None:
    pos = _position()
    pos.units("rome", "missile_infantry_4_12", "B4406", 2, crossing="river")  # 8 halved to 4 against 4
    pos.unit("rome", "legion_20_10", "B4406")
    pos.unit("dacia", "missile_infantry_4_12", "B4406")
    pos.unit("dacia", "heavy_infantry_20_8", "B4406")
    assert _advantage(_battle(pos)) == []


def test_40_1_missile_troops_from_the_sea_count_half_but_cavalry_does_not() -> None:
    pos = _position()
    slingers = pos.units("rome", "missile_infantry_4_12", "B4406", 2, amphibious=pos.st.turn)
    riders = pos.units("rome", "light_cavalry_6_16", "B4406", 2, amphibious=pos.st.turn)
    assert CA.half_points(pos.st, slingers, True, True) == 8  # 8 SP count 4
    assert CA.half_points(pos.st, riders, False, True) == 24  # 40.2 names rivers and narrow seas only


def test_40_2_cavalry_across_a_strait_counts_half() -> None:
    pos = _position()
    riders = pos.units("rome", "light_cavalry_6_16", "B4406", 2, crossing="strait")  # 12 halved to 6
    pos.unit("dacia", "light_cavalry_6_16", "B4406")
    pos.unit("dacia", "heavy_infantry_20_8", "B4406")
    assert CA.half_points(pos.st, riders, False, True) == 12
    assert _advantage(_battle(pos)) == []


def test_40_3_no_advantage_in_an_assault_on_a_city() -> None:
    pos = _position()
    attackers = pos.units("rome", "missile_infantry_4_12", "B4406", 3)
    defenders = [pos.unit("dacia", "heavy_infantry_20_8", "B4406")]
    assert CA.modifiers(pos.st, attackers, defenders, assault=True) == []
    assert [value for _label, value in CA.modifiers(pos.st, attackers, defenders, assault=False)] == [1]


def test_ir_eng_92_a_side_without_missile_troops_has_no_advantage() -> None:
    assert CA.advantage(0, 0) == 0
    assert CA.advantage(4, 0) == 1
    assert CA.advantage(0, 3) == -1
    assert CA.advantage(7, 4) == 0
