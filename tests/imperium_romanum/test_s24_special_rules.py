"""Scenario 24's special rules besides the civil war: militia (§29), limitanei (§30) and
overruns (§32), on scenario 24's map and set-up (rulings IR-ENG-49 to IR-ENG-51)."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.core.i18n import Text
from rules.imperium_romanum import board as B
from rules.imperium_romanum import combat as C
from rules.imperium_romanum import limitanei as LIM
from rules.imperium_romanum import militia as MIL
from rules.imperium_romanum import movement as M
from rules.imperium_romanum import overrun as OV
from rules.imperium_romanum.game import legal_commands
from rules.imperium_romanum.world import world
from tests.imperium_romanum.builder import Position

HISPANIA = ("tarraconensis", "baetica", "lusitania", "gallaecia")
TARRACONENSIS_OPEN = "A1727"
"""A clear hex of Tarraconensis with no city and no port."""


def _s24(segment: str = "movement", active: str = "diocletian", month: int = 6) -> Position:
    return Position(scenario="s24", year=285, month=month, segment=segment, active=active)


# -- 29 militia ---------------------------------------------------------------------------------
def test_29_1_tc_63_each_province_of_hispania_starts_with_12_militia() -> None:
    st = _s24().st
    assert {p: st.militia.get(p) for p in HISPANIA} == dict.fromkeys(HISPANIA, 12)
    assert st.militia.get("italia", 0) == 0  # Italia's area has no militia in P4 (design)
    assert (MIL.share(st, "carinus", "baetica"), MIL.share(st, "diocletian", "baetica")) == (12, 0)


def test_29_3_militia_joins_its_owner_in_combat_and_takes_the_losses_first() -> None:
    pos = _s24(segment="combat")
    pos.unit("diocletian", "legion_16_10", TARRACONENSIS_OPEN)
    infantry = pos.units("carinus", "light_infantry_4_12", TARRACONENSIS_OPEN, 2)
    pos.dice(1)  # E/3/4A at 2/3: the defender loses 3/4 of the attacker's 16 SP, 12
    lines: list[Text] = []
    C.resolve(pos.st, "diocletian", TARRACONENSIS_OPEN, lines)
    assert "16 against 20" in str(lines[0])  # 2 x 4 SP and 12 militia SP (29.3)
    assert pos.st.militia["tarraconensis"] == 0
    assert all(u in pos.st.units for u in infantry)  # the militia took all 12
    assert any("loses 12 militia SP in Tarraconensis (29.3)" in str(line) for line in lines)


def test_29_3_militia_counts_towards_the_loss_and_the_units_pay_the_rest() -> None:
    pos = _s24(segment="combat")
    pos.unit("diocletian", "legion_16_10", TARRACONENSIS_OPEN)
    infantry = pos.units("carinus", "light_infantry_4_12", TARRACONENSIS_OPEN, 2)
    pos.dice(2)  # E/A: the defender loses as much as the attacker's 16 SP: 12 militia and one 4-12
    C.resolve(pos.st, "diocletian", TARRACONENSIS_OPEN, [])
    assert pos.st.militia["tarraconensis"] == 0
    assert sum(u in pos.st.units for u in infantry) == 1


def test_29_2_a_non_roman_conqueror_wipes_out_the_militia_and_a_roman_one_keeps_it() -> None:
    pos = _s24()
    B.set_province(pos.st, "baetica", "diocletian", [])
    assert pos.st.militia["baetica"] == 12 and MIL.share(pos.st, "diocletian", "baetica") == 12
    B.set_province(pos.st, "lusitania", "franci", [])
    assert pos.st.militia["lusitania"] == 0


def test_29_4_militia_is_rebuilt_at_the_chart_cost_in_taxation() -> None:
    pos = _s24(segment="taxation", active="carinus")
    pos.st.militia["baetica"] = 9
    treasury = pos.st.powers["carinus"]["treasury"]
    assert Command("militia", {"province": "baetica", "sp": 1}) in legal_commands(pos.st, "carinus")
    out = pos.game.apply("carinus", Command("militia", {"province": "baetica", "sp": 3}))
    assert pos.game.state.militia["baetica"] == 12
    # a simultaneous segment: the rebuild and its cost are told to Carinus alone (IR-ENG-60, IR-DIS-5)
    assert not [line for line in out.public if "militia" in line]
    assert [line for line in out.private["carinus"] if "rebuilds 3 militia SP in" in line and "(29.4)" in line]
    assert pos.game.state.powers["carinus"]["treasury"] == treasury - 3  # 1 talent a point (design)


@pytest.mark.parametrize(
    ("seat", "args", "section"),
    [
        ("carinus", {"province": "baetica", "sp": 1}, "§29.4"),  # already at its maximum
        ("diocletian", {"province": "baetica", "sp": 1}, "§29.2"),  # not his province
        ("carinus", {"province": "italia", "sp": 1}, "§29.4"),  # Italia has no militia in P4
    ],
)
def test_29_4_refusals(seat: str, args: dict[str, object], section: str) -> None:
    pos = _s24(segment="taxation", active=seat)
    with pytest.raises(RuleError) as err:
        MIL.rebuild(pos.st, seat, args, [])
    assert err.value.section == section


def test_29_4_militia_is_not_rebuilt_outside_taxation() -> None:
    pos = _s24(segment="movement", active="carinus")
    with pytest.raises(RuleError) as err:
        pos.game.apply("carinus", Command("militia", {"province": "baetica", "sp": 1}))
    assert err.value.section == "§29.4"


# -- 30 limitanei -------------------------------------------------------------------------------
def test_30_limitanei_hold_the_frontier_hexes_while_rome_holds_the_province() -> None:
    pos = _s24()
    assert LIM.guarded(pos.st, "B4012")  # Pannonia Inferior beside Iazygia
    assert not LIM.guarded(pos.st, "A1727")  # Tarraconensis has none
    assert LIM.extra_cost(pos.st, ["iazyges"], "B4012") == 2
    assert LIM.extra_cost(pos.st, ["carinus"], "B4012") == 0  # Roman units pay nothing
    pos.st.province_owner["pannonia_inferior"] = "iazyges"
    assert not LIM.guarded(pos.st, "B4012")  # gone while the province is not Roman


def test_30_a_non_roman_unit_pays_2_mp_more_to_enter() -> None:
    pos = _s24(active="carinus")
    pos.st.powers["iazyges"].update(status="active neutral", seat="carinus")
    riders = pos.unit("iazyges", "light_cavalry_6_16", "B4011")
    legion = pos.unit("carinus", "legion_16_10", "B4011")
    base = dict((h, c) for h, c, _x in world("s24").step_costs("B4011", False, False))["B4012"]
    assert M.reach(pos.st, "carinus", [riders], [], "B4011", 20)["B4012"][0] == base + 2
    assert M.reach(pos.st, "carinus", [legion], [], "B4011", 20)["B4012"][0] == base


# -- 32 overruns --------------------------------------------------------------------------------
def test_32_tc_67_five_times_the_strength_overruns() -> None:
    pos = _s24()
    cavalry = pos.units("carinus", "heavy_cavalry_30_16", "B4915", 2)  # 60 SP
    pos.units("diocletian", "light_infantry_4_12", "B5015", 3)  # 12 SP
    assert OV.can_overrun(pos.st, "carinus", cavalry, "B5015")
    pos.unit("diocletian", "heavy_cavalry_30_16", "B5015", vet=False)  # +15 SP: 27 x 5 > 60
    assert not OV.can_overrun(pos.st, "carinus", cavalry, "B5015")


def test_32_only_the_heavy_cavalry_counts() -> None:
    pos = _s24()
    group = [*pos.units("carinus", "legion_16_10", "B4915", 3), pos.unit("carinus", "heavy_cavalry_30_16", "B4915")]
    pos.units("diocletian", "light_infantry_4_12", "B5015", 2)  # 8 SP: 30 < 40
    assert OV.heavy_cavalry_strength(pos.st, group) == 30
    assert not OV.can_overrun(pos.st, "carinus", group, "B5015")


def test_32_the_overrun_removes_the_enemy_and_the_move_goes_on() -> None:
    pos = _s24(active="carinus")
    cavalry = pos.units("carinus", "heavy_cavalry_30_16", "B4915", 2, supplied=True)
    victims = pos.units("diocletian", "light_infantry_4_12", "B5015", 3)
    morale = pos.st.powers["carinus"]["morale"]
    pos.game.apply("carinus", Command("move", {"units": cavalry, "to": "B5115", "path": ["B5015", "B5115"]}))
    st = pos.game.state
    assert all(v in st.eliminated for v in victims)
    assert {st.units[u]["hex"] for u in cavalry} == {"B5115"}
    assert st.powers["carinus"]["morale"] == morale + 3 * 2  # 19.1: +2 a half-LE unit destroyed
    assert st.stats["overruns"] == 1


def test_32_a_stack_too_strong_stops_the_move() -> None:
    pos = _s24(active="carinus")
    cavalry = pos.units("carinus", "heavy_cavalry_30_16", "B4915", 1, supplied=True)
    pos.units("diocletian", "light_infantry_4_12", "B5015", 2)  # 8 SP: 30 < 40
    with pytest.raises(RuleError) as err:
        pos.game.apply("carinus", Command("move", {"units": cavalry, "to": "B5115", "path": ["B5015", "B5115"]}))
    assert err.value.section == "§12.3"


def test_32_interceptors_overrun_the_mover_instead_of_fighting() -> None:
    pos = _s24(active="diocletian")
    pos.st.standing["carinus"]["intercept"] = "always"
    pos.leader("aristobulus", "B4915", "carinus")
    pos.units("carinus", "heavy_cavalry_30_16", "B4915", 2, supplied=True)  # 60 SP
    mover = pos.unit("diocletian", "light_infantry_4_12", "B5115", supplied=True)
    pos.dice(6, 6, 6, 6)
    pos.game.apply("diocletian", Command("move", {"units": [mover], "to": "B5015"}))
    st = pos.game.state
    assert mover in st.eliminated
    assert st.stats["interceptions"] == 1 and st.stats["overruns"] == 1
    assert not st.pending and "battles" not in st.stats


def test_32_cities_ports_and_forts_are_never_overrun() -> None:
    pos = _s24()
    cavalry = pos.units("carinus", "heavy_cavalry_30_16", "B4915", 2)
    pos.unit("diocletian", "light_infantry_4_12", "B5615")  # Nicomedia, a city and a port
    assert not OV.can_overrun(pos.st, "carinus", cavalry, "B5615")
    pos.unit("diocletian", "light_infantry_4_12", "B5015")
    pos.st.forts["B5015"] = {"diocletian": 1}
    assert not OV.can_overrun(pos.st, "carinus", cavalry, "B5015")


def test_32_militia_counts_against_the_overrun() -> None:
    pos = _s24(active="diocletian")
    cavalry = pos.units("diocletian", "heavy_cavalry_30_16", "A1726", 2)  # 60 SP
    pos.unit("carinus", "light_infantry_4_12", TARRACONENSIS_OPEN)  # 4 + 12 militia = 16: 60 < 80
    assert OV.enemy_strength(pos.st, "diocletian", TARRACONENSIS_OPEN) == 16
    assert not OV.can_overrun(pos.st, "diocletian", cavalry, TARRACONENSIS_OPEN)


def test_32_not_in_a_scenario_without_it() -> None:
    pos = Position()
    cavalry = pos.units("rome", "heavy_cavalry_30_16", "B4915", 2)
    pos.unit("dacia", "light_infantry_4_12", "B5015")
    assert not OV.can_overrun(pos.st, "rome", cavalry, "B5015")
