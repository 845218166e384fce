"""Optional rule 43: treasure cities (43.1, 43.2)."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import treasure as TR
from tests.imperium_romanum.builder import Position

THESSALONICA = "B4918"


def _position(on: bool = True, segment: str = "movement") -> Position:
    pos = Position("s12", month=6, segment=segment, active="rome")
    pos.st.options["treasure_cities"] = "yes" if on else "no"
    pos.st.city_owner["thessalonica"] = "rome"
    return pos


def test_43_1_the_treasure_cities_of_a_scenario_follow_the_ranges() -> None:
    assert TR.treasure_cities("s12") == ["alexandria", "antiochus", "carthago", "ctesiphon", "ephesus", "heirosolyma",
                                         "hispalis", "phraaspa", "roma", "thessalonica"]  # fmt: skip
    assert "ctesiphon" not in TR.treasure_cities("s01")  # 12-41
    assert "heirosolyma" not in TR.treasure_cities("s24")  # 1-12
    assert "lugdunum" in TR.treasure_cities("s24") and "mediolanum" in TR.treasure_cities("s24")  # 16-24, 22-34


@pytest.mark.parametrize("segment", ["movement", "combat"])
def test_43_2_the_treasure_is_three_times_the_tax_value_once(segment: str) -> None:
    pos = _position(segment=segment)
    pos.unit("rome", "legion_20_10", THESSALONICA)
    treasury = pos.st.powers["rome"]["treasury"]
    assert Command("take_treasure", {"city": "thessalonica"}) in pos.game.legal_commands("rome")
    pos.game.apply("rome", Command("take_treasure", {"city": "thessalonica"}))
    assert pos.st.powers["rome"]["treasury"] == treasury + 3 * 4  # Thessalonica is 4/.. in column 11-16
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("take_treasure", {"city": "thessalonica"}))
    assert err.value.section == "§43.2"
    assert Command("take_treasure", {"city": "thessalonica"}) not in pos.game.legal_commands("rome")


def test_43_2_the_treasure_is_not_taken_without_units_in_the_city() -> None:
    pos = _position()
    pos.unit("rome", "legion_20_10", "B4917")
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("take_treasure", {"city": "thessalonica"}))
    assert err.value.section == "§43.2"


def test_ir_eng_93_a_besieger_outside_the_walls_takes_no_treasure() -> None:
    pos = _position()
    pos.st.city_owner["thessalonica"] = "dacia"
    pos.unit("rome", "legion_20_10", THESSALONICA)
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("take_treasure", {"city": "thessalonica"}))
    assert err.value.section == "§43.2"


def test_43_1_a_city_not_on_the_list_has_no_treasure() -> None:
    pos = _position()
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("take_treasure", {"city": "mediolanum"}))  # 22-34 and 38-40 only
    assert err.value.section == "§43.1"


def test_43_the_command_is_refused_when_the_game_does_not_play_the_rule() -> None:
    pos = _position(on=False)
    pos.unit("rome", "legion_20_10", THESSALONICA)
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("take_treasure", {"city": "thessalonica"}))
    assert err.value.section == "§43"
    assert not any(c.name == "take_treasure" for c in pos.game.legal_commands("rome"))


def test_43_2_the_treasure_is_taken_in_the_player_turn_only() -> None:
    pos = _position(segment="movement")
    pos.unit("rome", "legion_20_10", THESSALONICA)
    with pytest.raises(RuleError) as err:
        pos.game.apply("dacia", Command("take_treasure", {"city": "thessalonica"}))
    assert err.value.section == "§4.0"  # not Dacia's turn
