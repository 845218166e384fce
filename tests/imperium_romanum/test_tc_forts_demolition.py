"""Demolishing forts (21.3, TC-59, IR-ENG-63): heavy infantry spends as many MP as the fort's
level, D 1 to A 4, and several units may share the cost."""

from __future__ import annotations

import pytest

from rules.core.command import Command, Outcome
from rules.core.errors import RuleError
from rules.imperium_romanum.game import legal_commands
from tests.imperium_romanum.builder import Position

HEX = "B4406"


def _crew(mp: list[int], kind: str = "legion_20_10") -> tuple[Position, list[str]]:
    pos = Position(month=6, segment="movement")
    units = [pos.unit("rome", kind, HEX, activated=True, mp=m) for m in mp]
    return pos, units


def test_tc_59_a_level_b_fort_takes_three_mp_pooled_by_several_units() -> None:
    pos, legions = _crew([1, 1, 2])
    pos.st.forts[HEX] = {"rome": 3}
    assert Command("demolish", {"units": legions}) in legal_commands(pos.st, "rome")
    pos.game.apply("rome", Command("demolish", {"units": legions}))
    assert HEX not in pos.st.forts
    assert [pos.st.units[u]["mp"] for u in legions] == [0, 0, 1]
    assert pos.st.stats["forts_demolished"] == 1


def test_tc_59_two_mp_do_not_demolish_a_level_b_fort() -> None:
    pos, legions = _crew([1, 1])
    pos.st.forts[HEX] = {"rome": 3}
    assert not any(c.name == "demolish" for c in legal_commands(pos.st, "rome"))
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("demolish", {"units": legions}))
    assert err.value.section == "§21.3"
    assert pos.st.forts[HEX] == {"rome": 3}


def test_tc_59_a_level_d_fort_takes_one_mp() -> None:
    pos, legions = _crew([1])
    pos.st.forts[HEX] = {"rome": 1}
    pos.game.apply("rome", Command("demolish", {"units": legions}))
    assert HEX not in pos.st.forts and pos.st.units[legions[0]]["mp"] == 0


def test_21_3_only_heavy_infantry_demolishes() -> None:
    pos, light = _crew([4, 4], kind="light_infantry_4_12")
    pos.st.forts[HEX] = {"rome": 1}
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("demolish", {"units": light}))
    assert err.value.section == "§21.3" and "heavy infantry" in str(err.value)


def test_ir_eng_63_a_player_demolishes_only_his_own_side_s_forts() -> None:
    pos, legions = _crew([4])
    pos.st.forts[HEX] = {"dacia": 2, "rome": 2}
    assert [c.args for c in legal_commands(pos.st, "rome") if c.name == "demolish"] == [{"units": legions}]
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("demolish", {"units": legions, "power": "dacia"}))
    assert err.value.section == "§21.3" and "taken" in str(err.value)
    pos.game.apply("rome", Command("demolish", {"units": legions}))
    assert pos.st.forts[HEX] == {"dacia": 2} and pos.st.units[legions[0]]["mp"] == 2


def test_21_3_demolition_is_a_land_movement_command() -> None:
    pos, legions = _crew([4])
    pos.st.forts[HEX] = {"rome": 1}
    pos.st.segment = "combat"
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("demolish", {"units": legions}))
    assert err.value.section == "§21.3"


# -- maximum-level forts act like cities (21.4) ------------------------------------------------
def _battle_line(outcome: Outcome) -> str:
    return next(str(m) for m in outcome.public if "Battle at" in str(m))


@pytest.mark.parametrize(("level", "attacker", "defence"), [
    (4, "dacia", (20 + 20) * 3 + 8),  # level A, the period's maximum: tripled against barbarians (21.4 c)
    (4, "rome", (20 + 20) * 2 + 8),   # doubled against Romans (21.4 b)
    (3, "dacia", 20 + 20 + 6),        # level B adds its strength only (TC-58)
])  # fmt: skip
def test_21_4_a_maximum_level_fort_multiplies_its_defenders(level: int, attacker: str, defence: int) -> None:
    pos = Position(month=6, segment="combat", active=attacker)
    defender = "rome" if attacker == "dacia" else "dacia"
    kind = "legion_20_10" if defender == "rome" else "heavy_infantry_20_8"
    pos.units(defender, kind, HEX, 2)
    pos.units(attacker, "heavy_infantry_20_8" if attacker == "dacia" else "legion_20_10", HEX, 6)
    pos.st.forts[HEX] = {defender: level}
    pos.st.standing[defender]["combat"] = "always_fight"
    pos.dice(3)
    outcome = pos.game.apply(attacker, Command("attack", {"hex": HEX}))
    assert f"against {defence}," in _battle_line(outcome)


def test_21_4_cavalry_behind_a_maximum_level_fort_is_not_multiplied() -> None:
    pos = Position(month=6, segment="combat", active="dacia")
    pos.units("rome", "heavy_cavalry_30_16", HEX, 1)
    pos.units("dacia", "heavy_infantry_20_8", HEX, 6)
    pos.st.forts[HEX] = {"rome": 4}
    pos.st.standing["rome"]["combat"] = "always_fight"
    pos.dice(3)
    outcome = pos.game.apply("dacia", Command("attack", {"hex": HEX}))
    assert "against 38," in _battle_line(outcome)  # 30 + the fort's 8


SINGIDUNUM = "B4314"


def test_21_4_a_city_with_a_maximum_level_fort_has_no_capacity_limit() -> None:
    """Six legions (6 LE) would not fit Singidunum (4 LE, 16.3) and could only split (14.3.1);
    with their side's level A fort in the hex they all accept siege."""
    pos = Position(month=6, segment="combat", active="dacia")
    legions = pos.units("rome", "legion_20_10", SINGIDUNUM, 6)
    pos.units("dacia", "heavy_infantry_20_8", SINGIDUNUM, 6)
    pos.st.standing["rome"]["combat"] = "ask"
    pos.st.forts[SINGIDUNUM] = {"rome": 4}
    pos.game.apply("dacia", Command("attack", {"hex": SINGIDUNUM}))
    decision = pos.game.pending_decision()
    assert decision is not None and decision.kind == "battle"
    values = [c.value for c in decision.choices]
    assert "siege" in values and "split" not in values
    pos.game.apply("rome", Command("decide", {"id": decision.id, "choice": "siege"}))
    assert all(pos.st.units[u]["besieged"] for u in legions)
    from rules.imperium_romanum.invariants import violations

    assert violations(pos.st) == []
