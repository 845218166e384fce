"""Optional rule 42: divine intervention, armed by ``appeal`` and spent on the next eligible roll."""

from __future__ import annotations

import dataclasses

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.core.i18n import Text
from rules.imperium_romanum import deity as DEI
from rules.imperium_romanum import sequence as SEQ
from tests.imperium_romanum.builder import Position


def _position(on: bool = True, scenario: str = "s12", segment: str = "combat", active: str = "rome") -> Position:
    pos = Position(scenario, month=6, segment=segment, active=active)
    pos.st.options["divine_intervention"] = "yes" if on else "no"
    return pos


def _attack(pos: Position, *dice: int) -> tuple[list[tuple[str, int]], list[str], list[int]]:
    pos.unit("rome", "legion_20_10", "B4406")
    pos.unit("dacia", "heavy_infantry_20_8", "B4406")
    pos.st.standing["dacia"].update({"combat": "always_fight"})
    pos.dice(*dice)
    outcome = pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    battle = next(r for r in outcome.rolls if r.purpose.startswith("§14.4.2"))
    appeals = [r.result for r in outcome.rolls if r.purpose.startswith("§42")]
    return [(str(label), value) for label, value in battle.modifiers], outcome.public, appeals


def test_42_the_appeal_is_refused_when_the_game_does_not_play_the_rule() -> None:
    pos = _position(on=False)
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("appeal"))
    assert err.value.section == "§42"
    assert not any(c.name == "appeal" for c in pos.game.legal_commands("rome"))


def test_42_one_appeal_at_a_time() -> None:
    pos = _position()
    assert Command("appeal") in pos.game.legal_commands("rome")
    pos.game.apply("rome", Command("appeal"))
    assert pos.st.powers["rome"][DEI.ARMED] is True
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("appeal"))
    assert err.value.section == "§42"
    assert Command("appeal") not in pos.game.legal_commands("rome")


def test_42_a_six_on_the_polytheist_table_adds_two_to_the_attack_and_two_morale() -> None:
    pos = _position()
    pos.game.apply("rome", Command("appeal"))
    assert DEI.faith(pos.st, "rome") == DEI.POLYTHEIST  # scenario 12 <= 27
    mods, public, appeals = _attack(pos, 6, 3)
    assert appeals == [6]
    assert ("§42 divine intervention", 2) in mods
    assert any("+2 (divine intervention)" in line for line in public)
    assert pos.st.powers["rome"][DEI.ARMED] is False


def test_42_a_one_takes_two_off_the_attack_and_two_morale() -> None:
    pos = _position()
    pos.game.apply("rome", Command("appeal"))
    morale = pos.st.powers["rome"]["morale"]
    mods, public, appeals = _attack(pos, 1, 3)
    assert appeals == [1]
    assert ("§42 divine intervention", -2) in mods
    assert any(line.endswith(f"morale -2 (divine intervention): {morale - 2}.") for line in public)


def test_42_without_an_appeal_no_deity_roll_is_made() -> None:
    pos = _position()
    mods, _public, appeals = _attack(pos, 3)
    assert appeals == []
    assert not any(label.startswith("§42") for label, _v in mods)


def test_ir_eng_98_the_modifier_helps_the_player_on_a_roll_where_low_is_good() -> None:
    pos = _position()
    pos.st.powers["rome"][DEI.ARMED] = True
    pos.dice(6)
    lines: list[Text] = []
    assert [(str(label), value) for label, value in DEI.spend(pos.st, "rome", "elite", -1, lines)] == [
        ("§42 divine intervention", -2)]


def test_38_3_caesar_adds_one_to_the_appeal_roll() -> None:
    pos = Position("s01", month=6, segment="combat", active="rome")
    pos.st.options["divine_intervention"] = "yes"
    pos.leader("caesar", "A3620", "rome")
    pos.st.powers["rome"][DEI.ARMED] = True
    pos.dice(6)
    lines: list[Text] = []
    mods = DEI.spend(pos.st, "rome", "land_combat", 1, lines)
    roll = [r for r in pos.st.dice.rolls if r.purpose.startswith("§42")][0]
    assert roll.natural == 6 and roll.result == 7
    assert [value for _label, value in mods] == [2]  # row 7 of the polytheist table


def test_42_1_the_season_roll_does_not_spend_the_appeal() -> None:
    pos = _position(segment="diplomacy")
    pos.st.month = 4
    pos.st.powers["rome"][DEI.ARMED] = True
    lines: list[Text] = []
    SEQ.close_diplomacy(pos.st, lines)
    assert any(r.purpose.startswith("§9.1") for r in pos.st.dice.rolls)
    assert not any(r.purpose.startswith("§42") for r in pos.st.dice.rolls)
    assert pos.st.powers["rome"][DEI.ARMED] is True


def test_42_2_faith_by_scenario_and_the_named_exceptions(monkeypatch: pytest.MonkeyPatch) -> None:
    pos = _position()
    st = pos.st
    assert DEI.faith(st, "dacia") == DEI.POLYTHEIST
    st.powers["dacia"]["chief"] = "constantine_i"
    assert DEI.faith(st, "dacia") == DEI.MONOTHEIST  # named monotheist before 28
    st.powers["dacia"]["chief"] = "decebalus"
    later = dataclasses.replace(DEI.table(), last_polytheist_scenario=11)  # scenario 12 read as one of 28 and after
    monkeypatch.setattr(DEI, "table", lambda: later)
    assert DEI.faith(st, "rome") == DEI.MONOTHEIST  # Romans
    assert DEI.faith(st, "dacia") == DEI.POLYTHEIST  # others
    st.powers["rome"]["chief"] = "julian_the_apostate"
    assert DEI.faith(st, "rome") == DEI.POLYTHEIST
    st.powers["visigoths"] = dict(st.powers["dacia"], chief="")
    assert DEI.faith(st, "visigoths") == DEI.MONOTHEIST  # IR-ENG-99: a variety of Goth


def test_ir_eng_97_the_besieger_appeals_on_his_siege_attrition_roll() -> None:
    from rules.imperium_romanum import siege as SIEGE
    from rules.imperium_romanum.world import data

    pos = _position(segment="siege")
    hex_id = data().cities["thessalonica"].hex
    pos.st.city_owner["thessalonica"] = "dacia"
    pos.unit("dacia", "heavy_infantry_20_8", hex_id, besieged=True)
    pos.unit("rome", "legion_20_10", hex_id)
    pos.st.sieges[hex_id] = {"power": "dacia", "city": "thessalonica", "since": pos.st.turn - 1,
                             "rolls": 0, "besieger": "rome", "seat": "dacia"}  # fmt: skip
    pos.st.powers["rome"][DEI.ARMED] = True
    pos.dice(6, 6)  # the appeal (+2 on the polytheist table), then the attrition roll
    SIEGE.siege_resolution(pos.st, "rome", [])
    attrition = next(r for r in pos.st.dice.rolls if r.purpose.startswith("§17.3.1"))
    assert [(str(label), value) for label, value in attrition.modifiers] == [("§42 divine intervention", -2)]
    assert attrition.result == 4
    assert pos.st.powers["rome"][DEI.ARMED] is False


def _spent_on(pos: Position, purpose: str) -> list[tuple[str, int]]:
    """The modifiers of the first roll whose purpose starts with ``purpose``; the appeal is gone."""
    roll = next(r for r in pos.st.dice.rolls if r.purpose.startswith(purpose))
    assert pos.st.powers["rome"][DEI.ARMED] is False
    return [(str(label), value) for label, value in roll.modifiers]


def test_ir_eng_97_the_naval_order_roll_spends_the_appeal() -> None:
    pos = _position(segment="diplomacy")
    pos.unit("rome", "fleet_18_30", "B4421")
    pos.unit("dacia", "fleet_18_30", "B4519")
    pos.st.powers["rome"][DEI.ARMED] = True
    pos.dice(6, 1, 6)  # the appeal (+2), then Rome's order roll, then Dacia's
    SEQ.roll_naval_order(pos.st, [])
    assert _spent_on(pos, "§10.1 naval order rome") == [("§42 divine intervention", 2)]
    order = [r for r in pos.st.dice.rolls if r.purpose.startswith("§10.1")]
    assert [(r.purpose, r.result) for r in order] == [("§10.1 naval order rome", 3), ("§10.1 naval order dacia", 6)]
    assert pos.st.naval_order[0] == "dacia"


def test_ir_eng_97_the_naval_interception_roll_spends_the_appeal() -> None:
    from rules.imperium_romanum import naval as NAV

    pos = _position(segment="naval", active="dacia")
    pos.st.naval_order = ["dacia"]
    pos.st.city_owner["dyrrhachium"] = "rome"
    pos.unit("rome", "fleet_18_30", "B4519")
    fleet = pos.unit("dacia", "fleet_18_30", "B4520")
    pos.st.moving = {"naval": True, "seat": "dacia", "fleets": [fleet], "path": [], "asked": []}
    pos.st.units[fleet]["hex"] = "B4519"
    pos.st.powers["rome"][DEI.ARMED] = True
    pos.dice(1, 1)  # the appeal (-2), then a natural 1: in the same hex only a natural 1 fails (10.6)
    NAV.resolve_interception(pos.st, "rome", "B4519", [])
    assert ("§42 divine intervention", -2) in _spent_on(pos, "§10.6 naval interception")


def test_ir_eng_97_the_forage_roll_spends_the_appeal() -> None:
    from rules.imperium_romanum import supply as SUP

    pos = _position(segment="movement")
    legion = pos.unit("rome", "legion_20_10", "B4406")
    pos.st.units[legion]["supplied"] = False
    pos.st.powers["rome"][DEI.ARMED] = True
    pos.dice(3, 6, 3)  # the first die, the appeal (+2), then the second die
    SUP.supply_roll(pos.st, 2, [], "§13.3 forage", "rome", [])
    assert _spent_on(pos, "§13.3 forage (2d6, second die)") == [("§42 divine intervention", 2)]
    first = next(r for r in pos.st.dice.rolls if r.purpose.startswith("§13.3 forage (2d6, first"))
    assert not first.modifiers
    second = next(r for r in pos.st.dice.rolls if r.purpose.startswith("§13.3 forage (2d6, second"))
    assert second.result == 5


def test_ir_eng_97_the_baggage_train_roll_spends_the_appeal() -> None:
    from rules.imperium_romanum import movement as MOV

    pos = _position(segment="movement")
    train = pos.unit("rome", "baggage_train", "B4421")
    pos.leader("trajan", "B4421", "rome")
    pos.st.powers["rome"][DEI.ARMED] = True
    pos.dice(1, 3)  # the appeal (-2), then the baggage train's roll: 3 - 2 = 1, no hurry
    MOV.activate(pos.st, "rome", [train], ["trajan"], "", [])
    assert _spent_on(pos, "§7.7 baggage train march") == [("§42 divine intervention", -2)]
