"""The exceptions of 21.1 written from the text (IR-ENG-44): the Roman legion's level-D camp
after moving, and works around a besieged place only for a Roman besieger with a +2 or +3
leader. Scenario 12, B4406 and its neighbour B4405."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import board as B
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum.game import legal_commands
from tests.imperium_romanum.builder import Position


def _marched(mp_left: int, supplied: bool = True) -> tuple[Position, str]:
    pos = Position(month=6, segment="movement")
    legion = pos.unit("rome", "legion_20_10", "B4406", activated=True, moved=True, mp=mp_left, supplied=supplied)
    return pos, legion


def test_21_1_a_roman_legion_with_half_its_ma_left_builds_a_level_d_camp_and_may_march_on() -> None:
    ma = B.utype({"type": "legion_20_10"}).ma
    pos, legion = _marched(-(-ma // 2))
    assert Command("fortify", {"units": [legion]}) in legal_commands(pos.st, "rome")
    treasury = pos.st.powers["rome"]["treasury"]
    pos.game.apply("rome", Command("fortify", {"units": [legion]}))
    assert pos.st.powers["rome"]["treasury"] == treasury - 1
    assert pos.st.units[legion]["mp"] == -(-ma // 2)  # not pinned by the work
    pos.st.units[legion]["hex"] = "B4405"  # marched on
    SEQ._enter(pos.st, "fortification", [])
    assert pos.st.forts["B4406"] == {"rome": 1}


@pytest.mark.parametrize(("mp_left", "supplied"), [(1, True), (20, False)])
def test_21_1_the_camp_needs_half_the_ma_left_and_supply(mp_left: int, supplied: bool) -> None:
    pos, legion = _marched(mp_left, supplied)
    assert Command("fortify", {"units": [legion]}) not in legal_commands(pos.st, "rome")
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("fortify", {"units": [legion]}))
    assert err.value.section == "§21.1" and "begin the segment" in str(err.value)


def test_21_1_the_camp_is_level_d_only() -> None:
    pos, legion = _marched(20)
    pos.st.forts["B4406"] = {"rome": 1}
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("fortify", {"units": [legion]}))
    assert err.value.section == "§21.1" and "level D" in str(err.value)


def _siege(leader: str | None) -> tuple[Position, list[str]]:
    pos = Position(month=6, segment="movement")
    legions = pos.units("rome", "legion_20_10", "B4514", 2)
    pos.unit("dacia", "heavy_infantry_20_8", "B4514", besieged=True)
    pos.st.sieges["B4514"] = {"power": "dacia", "city": "viminacium", "since": 1, "besieger": "rome", "seat": "dacia",
                              "rolls": 0}  # fmt: skip
    if leader:
        pos.leader(leader, "B4514")
    return pos, legions


def test_21_1_works_around_a_besieged_place_need_a_plus_2_leader() -> None:
    pos, legions = _siege(None)
    assert not [c for c in legal_commands(pos.st, "rome") if c.name == "fortify"]
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("fortify", {"units": legions}))
    assert err.value.section == "§21.1" and "+2 or +3 leader" in str(err.value)
    great = next(lid for lid in ("trajan", "hadrian", "licinius_sura") if B.leader_value(lid) >= 2)
    pos2, legions2 = _siege(great)
    pos2.game.apply("rome", Command("fortify", {"units": legions2}))
    assert pos2.st.building["B4514|rome"]["levels"] == 2


def test_21_1_one_work_at_a_time_per_power_and_hex() -> None:
    pos = Position(month=6, segment="movement")
    legions = pos.units("rome", "legion_20_10", "B4406", 3)
    pos.game.apply("rome", Command("fortify", {"units": legions[:1]}))
    assert not [c for c in legal_commands(pos.st, "rome") if c.name == "fortify"]
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("fortify", {"units": legions[1:]}))
    assert err.value.section == "§21.1" and pos.st.building["B4406|rome"]["levels"] == 1
