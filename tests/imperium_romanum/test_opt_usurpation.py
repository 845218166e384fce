"""Optional rule 44: Roman usurpation (44.1 the trigger and the defections, 44.2 the new faction)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.command import Command
from rules.core.i18n import Text
from rules.imperium_romanum import usurpation as U
from rules.imperium_romanum.game import movable_groups
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position

NOVAE, OESCUS = "B4913", "B4814"  # Moesia Inferior
NAISSUS, SINGIDUNUM, TRAJAN_AT = "B4616", "B4314", "B4415"  # Moesia Superior, its neighbour


def _position(on: bool = True) -> Position:
    pos = Position("s12", month=6, segment="combat", active="rome")
    pos.st.options["roman_usurpation"] = "yes" if on else "no"
    return pos


def _battle(leader: str, odds: tuple[int, int], attacker_won: bool = True) -> dict[str, Any]:
    return {"winner_leader": leader, "odds": list(odds), "attacker_won": attacker_won}


def test_44_1_a_general_winning_at_adverse_odds_is_proclaimed_on_a_five() -> None:
    pos = _position()
    pos.leader("hadrian", NOVAE)
    pos.unit("rome", "legion_20_10", NOVAE)
    pos.dice(5)
    lines: list[Text] = []
    U.after_battle(pos.st, _battle("hadrian", (20, 40)), lines)
    assert "usurper_hadrian" in pos.st.powers
    assert [r.purpose for r in pos.st.dice.rolls][0].startswith("§44.1")


@pytest.mark.parametrize(("leader", "odds", "attacker_won", "die", "rolled"), [
    ("hadrian", (20, 40), True, 4, True),  # the troops stay loyal on 1-4
    ("hadrian", (40, 20), True, 5, False),  # favourable odds: no roll
    ("hadrian", (20, 20), True, 5, False),  # 1:1 is not adverse
    ("hadrian", (40, 20), False, 5, True),  # a defender winning against twice his strength
    ("trajan", (20, 40), True, 5, False),  # the Emperor himself
])  # fmt: skip
def test_44_1_who_rolls_for_a_proclamation(leader: str, odds: tuple[int, int], attacker_won: bool, die: int,
                                           rolled: bool) -> None:  # fmt: skip
    pos = _position()
    pos.leader(leader, NOVAE)
    pos.unit("rome", "legion_20_10", NOVAE)
    pos.dice(die)
    U.after_battle(pos.st, _battle(leader, odds, attacker_won), [])
    assert any(r.purpose.startswith("§44.1") for r in pos.st.dice.rolls) is rolled
    assert any(p.startswith("usurper") for p in pos.st.powers) is (rolled and die >= 5)


def test_44_the_rule_is_off_unless_chosen() -> None:
    pos = _position(on=False)
    pos.leader("hadrian", NOVAE)
    pos.dice(6)
    U.after_battle(pos.st, _battle("hadrian", (20, 40)), [])
    assert pos.st.dice.rolls == []


def test_44_1_44_2_the_new_faction_and_its_defections() -> None:
    pos = _position()
    st = pos.st
    hadrian_army = [pos.unit("rome", "legion_20_10", NOVAE), pos.unit("rome", "legion_20_10", NOVAE)]
    pos.leader("hadrian", NOVAE)
    pos.leader("lusius_quietus", OESCUS)
    in_province = pos.unit("rome", "legion_20_10", OESCUS)
    leaderless = pos.unit("rome", "legion_20_10", NAISSUS)  # next province, no leader: rolls
    led = pos.unit("rome", "legion_20_10", SINGIDUNUM)  # next province, with a leader: stays
    pos.leader("licinius_sura", SINGIDUNUM)
    loyal = pos.unit("rome", "legion_20_10", TRAJAN_AT)
    pos.leader("trajan", TRAJAN_AT)
    rome_morale = st.powers["rome"]["morale"]
    pos.dice(2)  # the leaderless stack at Naissus defects on 1-2
    lines: list[Text] = []
    new = U.proclaim(st, "hadrian", lines)
    rec = st.powers[new]
    assert (rec["kind"], rec["major"], rec["chief"]) == ("roman", True, "hadrian")
    assert rec["seat"] == "dacia"  # IR-ENG-101: not the seat he rose against
    assert rec["morale"] == 100 + 4 * 4 + 4  # four legions (19.1) and Moesia Inferior (tax 4)
    assert [st.units[u]["power"] for u in [*hadrian_army, in_province, leaderless]] == [new] * 4
    assert st.units[led]["power"] == "rome" and st.units[loyal]["power"] == "rome"
    assert st.leaders["hadrian"]["power"] == new and st.leaders["lusius_quietus"]["power"] == new
    assert st.leaders["trajan"]["power"] == "rome" and st.leaders["licinius_sura"]["power"] == "rome"
    for city in ("novae", "oescus", "durostorum", "tomi", "naissus"):
        assert st.city_owner[city] == new, city
    assert st.city_owner["singidunum"] == "rome"
    assert st.province_owner["moesia_inferior"] == new
    assert rec["treasury"] == 4  # Moesia Inferior's tax, collected at once (44.1); Naissus alone pays nothing (6.0)
    assert st.powers["rome"]["morale"] < rome_morale - 4 * 4
    assert all(st.units[u]["held_until"] == st.turn for u in hadrian_army)  # 44.2: no move this month
    assert not any(u in hadrian_army for group in movable_groups(st, "dacia").values() for u in group)


def test_44_1_units_stacked_with_another_emperor_in_the_province_stay() -> None:
    pos = _position()
    pos.leader("hadrian", NOVAE)
    pos.unit("rome", "legion_20_10", NOVAE)
    pos.leader("trajan", OESCUS)
    guarded = pos.unit("rome", "legion_20_10", OESCUS)
    new = U.proclaim(pos.st, "hadrian", [])
    assert pos.st.units[guarded]["power"] == "rome"
    assert pos.st.leaders["trajan"]["power"] == "rome"
    assert pos.st.city_owner["oescus"] == "rome"
    assert pos.st.city_owner["novae"] == new


def test_ir_eng_141_allied_forces_in_the_province_go_over_with_their_morale() -> None:
    """44.1, 44.2: Dacia is allied to Rome this month; its unit in Hadrian's province goes over to
    him, carrying its morale value (19.1) from Dacia to the new faction."""
    pos = _position()
    pos.leader("hadrian", NOVAE)
    pos.unit("rome", "legion_20_10", NOVAE)
    pos.st.alliances.append(["dacia", "rome"])
    ally = pos.unit("dacia", "heavy_infantry_20_8", OESCUS)
    away = pos.unit("dacia", "heavy_infantry_20_8", SINGIDUNUM)  # another province: stays
    dacia = pos.st.powers["dacia"]["morale"]
    lines: list[Text] = []
    new = U.proclaim(pos.st, "hadrian", lines)
    assert (pos.st.units[ally]["power"], pos.st.units[away]["power"]) == (new, "dacia")
    assert pos.st.powers["dacia"]["morale"] == dacia - 4
    assert f"Dacia (Decebalus) morale -4 (units defect to a usurper): {dacia - 4}." in [str(x) for x in lines]


def test_ir_eng_141_a_client_of_the_old_faction_goes_over_but_not_a_king_and_his_stack() -> None:
    pos = _position()
    pos.leader("hadrian", NOVAE)
    pos.unit("rome", "legion_20_10", NOVAE)
    pos.st.powers["roxolani"].update(status="active client", seat="rome")
    client = pos.unit("roxolani", "light_cavalry_6_16", NOVAE)
    pos.st.alliances.append(["dacia", "rome"])
    pos.leader("decebalus", OESCUS, "dacia")
    royal = pos.unit("dacia", "heavy_infantry_20_8", OESCUS)
    new = U.proclaim(pos.st, "hadrian", [])
    assert pos.st.units[client]["power"] == new
    assert (pos.st.units[royal]["power"], pos.st.leaders["decebalus"]["power"]) == ("dacia", "dacia")


def test_ir_eng_141_an_enemy_or_a_neutral_moved_by_the_seat_does_not_go_over() -> None:
    pos = _position()
    pos.leader("hadrian", NOVAE)
    pos.unit("rome", "legion_20_10", NOVAE)
    enemy = pos.unit("dacia", "heavy_infantry_20_8", OESCUS)
    pos.st.powers["iazyges"].update(status="active neutral", seat="rome")
    neutral = pos.unit("iazyges", "light_cavalry_6_16", OESCUS)
    U.proclaim(pos.st, "hadrian", [])
    assert (pos.st.units[enemy]["power"], pos.st.units[neutral]["power"]) == ("dacia", "iazyges")


def test_44_1_a_battle_won_at_adverse_odds_proclaims_the_general() -> None:
    pos = _position()
    pos.leader("hadrian", "B4406")
    pos.unit("rome", "legion_20_10", "B4406")
    pos.units("dacia", "heavy_infantry_20_8", "B4406", 2)  # 20 against 40: 1/2
    pos.st.standing["dacia"].update({"combat": "always_fight", "retreat": "first"})
    pos.dice(4, 5)  # the battle (modified 6 on 1/2: N/N, won by the attacker), then the proclamation
    outcome = pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    battle = next(r for r in outcome.rolls if r.purpose.startswith("§14.4.2"))
    assert battle.result == 6
    assert any(r.purpose.startswith("§44.1") and r.result == 5 for r in outcome.rolls)
    assert pos.st.leaders["hadrian"]["power"] == "usurper_hadrian"
    assert any("proclaim him Emperor" in line for line in outcome.public)
    assert data().leaders["hadrian"].name in pos.st.powers["usurper_hadrian"]["name"]
