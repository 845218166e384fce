"""Roman civil wars (§28) in scenario 24: the imperial capitals' morale at the end of a player
turn (28.1), the Emperor's successors (18.3) and the faction's dissolution with the last of them
(28.1, 20.0, 25.0); rule 28 changes nothing with a single Roman faction (IR-ENG-48)."""

from __future__ import annotations

from rules.core.command import Command
from rules.core.i18n import Text
from rules.imperium_romanum import board as B
from rules.imperium_romanum import civil_war as CW
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum import victory as V
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position

SERDICA, SINGIDUNUM = "B4816", "B4314"


def _s24(segment: str = "movement", active: str = "diocletian", month: int = 6) -> Position:
    return Position(scenario="s24", year=285, month=month, segment=segment, active=active)


def test_28_is_a_civil_war_only_with_two_roman_factions() -> None:
    assert CW.is_civil_war("s24")
    assert not CW.is_civil_war("s02") and "28" in data().scenarios["s02"].special_rules
    assert CW.imperial_capitals("s24") == ("nicomedia", "roma")


def test_28_1_each_imperial_capital_held_earns_2_morale_at_the_end_of_the_player_turn() -> None:
    pos = _s24(segment="supply", active="diocletian")
    pos.st.city_owner["roma"] = "diocletian"  # Diocletian now holds both capitals
    before = {p: pos.st.powers[p]["morale"] for p in ("diocletian", "carinus")}
    lines: list[Text] = []
    CW.end_of_player_turn(pos.st, "diocletian", lines)
    assert pos.st.powers["diocletian"]["morale"] == before["diocletian"] + 4
    assert pos.st.powers["carinus"]["morale"] == before["carinus"]
    assert sum("imperial capital" in str(line) and "(28.1)" in str(line) for line in lines) == 2


def test_28_1_the_sequence_awards_it_when_the_supply_segment_ends() -> None:
    pos = _s24(segment="supply", active="carinus")
    pos.st.ended = []
    before = pos.st.powers["carinus"]["morale"]
    lines: list[Text] = []
    SEQ._step(pos.st, lines)  # the end of Carinus's player turn, Roma his
    assert pos.st.powers["carinus"]["morale"] == before + 2
    assert any("holds the imperial capital Roma (28.1)" in str(line) for line in lines)


def test_28_1_not_in_a_scenario_with_one_roman_faction() -> None:
    pos = Position(scenario="s02", segment="supply", active="rome")
    pos.st.city_owner["roma"] = "rome"
    before = pos.st.powers["rome"]["morale"]
    CW.end_of_player_turn(pos.st, "rome", [])
    assert pos.st.powers["rome"]["morale"] == before


def test_18_3_the_successor_takes_over_when_the_emperor_falls() -> None:
    pos = _s24()
    pos.leader("diocletian", SERDICA, "diocletian")
    pos.leader("maximian", SERDICA, "diocletian")
    lines: list[Text] = []
    B.lose_leader(pos.st, "diocletian", "dead", lines, by="carinus", in_combat=True)
    assert pos.st.powers["diocletian"]["chief"] == "maximian"
    assert not pos.st.powers["diocletian"]["dissolved"] and not pos.st.result
    assert any("(18.3)" in str(line) for line in lines)


def test_28_1_with_no_successor_left_the_faction_dissolves_and_the_killer_takes_the_treasury() -> None:
    pos = _s24(active="diocletian")
    pos.leader("carinus", SINGIDUNUM, "carinus")
    pos.st.powers["carinus"]["treasury"] = 40
    pos.st.powers["diocletian"]["treasury"] = 10
    lines: list[Text] = []
    B.lose_leader(pos.st, "carinus", "dead", lines, by="diocletian", in_combat=True)
    V.settle_fallen(pos.st, lines)  # after the battle's leader losses (IR-ENG-142)
    # 18.3.1: a quarter (10) taken and a quarter lost in combat; the kept half (20) goes too
    assert pos.st.powers["diocletian"]["treasury"] == 10 + 10 + 20
    assert pos.st.powers["carinus"]["treasury"] == 0
    assert pos.st.powers["carinus"]["dissolved"] is True
    assert pos.st.result["winners"] == ["diocletian"] and pos.st.result["kind"] == "dissolution"
    assert any("every successor are gone (28.1)" in str(line) for line in lines)


def test_28_1_a_successor_killed_later_ends_the_faction_too() -> None:
    pos = _s24()
    pos.leader("diocletian", SERDICA, "diocletian")
    pos.leader("maximian", "B5615", "diocletian")
    B.lose_leader(pos.st, "diocletian", "captured", [], by="carinus", in_combat=True)
    B.lose_leader(pos.st, "maximian", "dead", [], by="", in_combat=False)
    assert pos.st.powers["diocletian"]["dissolved"] is True
    assert pos.st.result["winners"] == ["carinus"]
    assert pos.st.powers["diocletian"]["treasury"] == 0  # 18.3.1: dissolved, the rest is lost


def test_18_3_a_rex_without_successor_outside_a_civil_war_does_not_dissolve_his_power() -> None:
    pos = Position()
    pos.leader("decebalus", "B4613", "dacia")
    B.lose_leader(pos.st, "decebalus", "dead", [], by="rome", in_combat=True)
    assert pos.st.powers["dacia"]["dissolved"] is False


def test_s24_starts_and_a_game_command_runs() -> None:
    from rules.imperium_romanum.game import ImperiumRomanumGame

    game = ImperiumRomanumGame.new("s24", [], "civil-war", {})
    st = game.state
    assert st.seats == ["diocletian", "carinus"]
    assert st.powers["franci"]["status"] == "inactive neutral"
    seat = game.to_move()[0]
    game.apply(seat, Command("standing", {"order": "intercept", "value": "never"}))
    assert game.state.standing[seat]["intercept"] == "never"
