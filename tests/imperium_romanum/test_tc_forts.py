"""Field fortifications (21) and provinces without cities (5.6.1): TC-58, TC-59 and the
conquest roll."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import combat as C
from rules.imperium_romanum import forts as F
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum import victory as V
from tests.imperium_romanum.builder import Position


def test_tc_58_a_level_b_fort_adds_six_when_defending_only() -> None:
    pos = Position(segment="combat")
    aux = pos.units("dacia", "light_infantry_4_12", "B4406", 2)
    pos.st.forts["B4406"] = {"rome": 3}
    assert F.strength_of(pos.st, "B4406", "rome") == 6
    assert sum(C.attack_strength(pos.st, u, False) for u in aux) == 8
    assert C.defence_strength(pos.st, aux, False, "dacia", "", F.strength_of(pos.st, "B4406", "rome")) == 14


def test_tc_59_an_empty_fort_costs_its_level_or_goes() -> None:
    pos = Position(month=6, segment="taxation")
    pos.st.forts["B4406"] = {"rome": 2}
    pos.st.forts["B4407"] = {"dacia": 2}
    pos.st.powers["dacia"]["treasury"] = 1
    rome = pos.st.powers["rome"]["treasury"]
    F.upkeep(pos.st, [])
    assert pos.st.powers["rome"]["treasury"] == rome - 2 and pos.st.forts["B4406"] == {"rome": 2}
    assert "B4407" not in pos.st.forts


def test_fortify_builds_one_level_per_legion_and_completes_next_month() -> None:
    pos = Position(month=6, segment="movement")
    legions = pos.units("rome", "legion_20_10", "B4406", 4)
    treasury = pos.st.powers["rome"]["treasury"]
    pos.game.apply("rome", Command("fortify", {"units": legions}))
    assert pos.st.powers["rome"]["treasury"] == treasury - 4
    assert all(pos.st.units[u]["mp"] == 0 for u in legions)
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("move", {"units": legions[:1], "to": "B4405"}))
    assert err.value.section == "§12.3"
    SEQ._enter(pos.st, "fortification", [])
    assert pos.st.forts["B4406"] == {"rome": 4}


def test_builders_who_attack_lose_the_work() -> None:
    pos = Position(month=6, segment="movement")
    legions = pos.units("rome", "legion_20_10", "B4406", 2)
    pos.game.apply("rome", Command("fortify", {"units": legions}))
    pos.unit("dacia", "light_infantry_4_12", "B4406")
    pos.st.segment = "combat"
    pos.st.standing["dacia"].update({"combat": "always_fight"})
    pos.dice(3)
    pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    assert pos.st.building == {}


@pytest.mark.parametrize(("units", "section"), [
    (["rome", "heavy_cavalry_30_16"], "§21.1"),
    (["rome", "light_infantry_4_12"], "§21.1"),
])
def test_fortify_refusals(units: list[str], section: str) -> None:
    pos = Position(month=6, segment="movement")
    uid = pos.unit(units[0], units[1], "B4406")
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("fortify", {"units": [uid]}))
    assert err.value.section == section


def test_fortify_beyond_level_a_is_refused() -> None:
    pos = Position(month=6, segment="movement")
    legions = pos.units("rome", "legion_20_10", "B4406", 2)
    pos.st.forts["B4406"] = {"rome": 3}
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("fortify", {"units": legions}))
    assert err.value.section == "§21.2"


def test_a_fort_alone_defends_with_its_strength_and_is_razed_when_taken() -> None:
    pos = Position(month=6, segment="combat")
    pos.units("rome", "legion_20_10", "B4406", 3)
    pos.st.forts["B4406"] = {"dacia": 2}
    pos.dice(6)
    pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    assert pos.st.stats["battles"] == 1
    assert "B4406" not in pos.st.forts


@pytest.mark.parametrize(("forts", "die", "conquered"), [
    ({"B4406": 4}, 6, True), ({"B4406": 4}, 5, False), ({"B4406": 4, "B4407": 4}, 5, True),
    ({"B4406": 4, "B4407": 4}, 1, False), ({"B4406": 3, "B4407": 3}, 6, True),
])
def test_tc_04_conquest_of_a_province_without_cities(forts: dict[str, int], die: int, conquered: bool) -> None:
    pos = Position(month=6, segment="supply")
    for hex_id, level in forts.items():
        pos.st.forts[hex_id] = {"rome": level}
    pos.dice(die)
    F.conquest_checks(pos.st, "rome", [])
    assert (pos.st.province_owner["dacia"] == "rome") is conquered


def test_5_6_1_a_single_b_fort_cannot_conquer_and_hostile_units_forbid_the_roll() -> None:
    pos = Position(month=6, segment="supply")
    pos.st.forts["B4406"] = {"rome": 3}
    pos.dice(6)
    F.conquest_checks(pos.st, "rome", [])
    assert pos.st.province_owner["dacia"] == "dacia"
    pos.st.forts["B4406"] = {"rome": 4}
    pos.unit("dacia", "light_infantry_4_12", "B4104")
    F.conquest_checks(pos.st, "rome", [])
    assert pos.st.stats.get("conquest_rolls", 0) == 1  # only the first, fort B, roll was made


def test_5_6_1_conquering_dacia_wins_scenario_12_at_its_end() -> None:
    """The conquest roll takes Dacia; the game goes on to September 106 (25.1, IR-ENG-9), when
    Rome alone has met a condition."""
    pos = Position(month=6, segment="combat")
    pos.st.forts["B4406"] = {"rome": 4}
    pos.dice(6)
    pos.game.apply("rome", Command("end"))
    assert pos.st.province_owner["dacia"] == "rome" and pos.game.result() is None
    V.final_victory(pos.st, [])
    assert pos.game.result() is not None and pos.game.result().winners == ("rome",)  # type: ignore[union-attr]


def _plunder_position() -> Position:
    from rules.imperium_romanum.world import data, world

    pos = Position(month=6, segment="combat")
    for city in sorted(c for c in world("s12").city_value if data().cities[c].province == "moesia_superior"):
        pos.unit("rome", "legion_20_10", data().cities[city].hex, supplied=True)
    return pos


def test_tc_60_plunder_for_talents_then_no_tax_and_half_tax_for_the_owner() -> None:
    from rules.imperium_romanum import board as B
    from rules.imperium_romanum import plunder as PL

    pos = _plunder_position()
    tax = B.province_tax(pos.st, "moesia_superior")
    assert ("moesia_superior", "rome") in PL.options(pos.st, "rome")
    pos.game.apply("rome", Command("end"))  # combat ends; siege resolution offers the plunder
    decision = pos.game.pending_decision()
    assert decision is not None and decision.kind == "plunder" and decision.default == "none"
    treasury = pos.st.powers["rome"]["treasury"]
    pos.game.apply("rome", Command("decide", {"id": decision.id, "choice": "talents:moesia_superior:rome"}))
    assert pos.st.powers["rome"]["treasury"] == treasury + 3 * tax
    assert pos.st.plunder["moesia_superior"] == 2
    assert PL.tax_after_plunder(pos.st, "moesia_superior", "rome", tax) == 0
    del pos.st.plunder["moesia_superior"]
    assert PL.tax_after_plunder(pos.st, "moesia_superior", "rome", 5) == 3  # TC-60: own plunder, half rounded up
    assert PL.tax_after_plunder(pos.st, "moesia_superior", "dacia", 5) == 5  # a conqueror collects it all
    assert PL.no_recruiting(pos.st, "moesia_superior", "rome") is True


def test_tc_60_plunder_into_a_baggage_train_is_capped_at_6() -> None:
    pos = _plunder_position()
    from rules.imperium_romanum.world import data

    bt = pos.unit("rome", "baggage_train", data().cities["singidunum"].hex, sp=4)
    from rules.imperium_romanum import plunder as PL

    pos.st.pending = {"kind": "plunder"}
    PL.answer(pos.st, "sp:moesia_superior:rome", [])
    assert pos.st.units[bt]["sp"] == 6


def test_plunder_needs_heavy_units_in_half_the_cities_and_no_enemy() -> None:
    from rules.imperium_romanum import plunder as PL

    pos = _plunder_position()
    pos.unit("dacia", "light_infantry_4_12", "B4515")
    assert ("moesia_superior", "rome") not in PL.options(pos.st, "rome")
