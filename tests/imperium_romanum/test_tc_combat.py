"""Worked examples TC-34 to TC-47, TC-55 and TC-71 of the digest (land combat)."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum import combat as C
from rules.imperium_romanum.charts import cer_modifier
from rules.imperium_romanum.world import data, world
from tests.imperium_romanum.builder import Position


def test_tc_34_no_retreat_across_the_side_a_strong_enemy_came_over() -> None:
    pos = Position(month=6, segment="combat")
    defenders = pos.units("dacia", "heavy_infantry_20_8", "B4406", 2) + [pos.unit("dacia", "light_infantry_4_12", "B4406")]
    pos.units("rome", "legion_20_10", "B4406", 4, **{"from": "B4405"})  # 80 SP from the north
    pos.unit("rome", "legion_20_10", "B4406", vet=False, **{"from": "B4407"})  # 10 SP from the south
    dests = C.retreat_hexes(pos.st, "dacia", "B4406", defenders)
    assert "B4407" in dests  # 10 < 44 / 4
    assert "B4405" not in dests


def test_tc_34_no_retreat_into_enemies_of_a_quarter_of_the_strength() -> None:
    pos = Position(month=6, segment="combat")
    defenders = pos.units("dacia", "heavy_infantry_20_8", "B4406", 2)
    pos.unit("rome", "legion_20_10", "B4407")  # 20 >= 40 / 4
    pos.unit("rome", "light_infantry_4_12", "B4305")  # 4 < 10
    dests = C.retreat_hexes(pos.st, "dacia", "B4406", defenders)
    assert "B4407" not in dests and "B4305" in dests


def test_tc_35_no_retreat_before_combat_against_double_cavalry() -> None:
    pos = Position(month=6, segment="combat")
    defenders = pos.units("dacia", "light_cavalry_6_16", "B4406", 3)
    heavy = pos.unit("rome", "heavy_cavalry_30_16", "B4406")
    pos.unit("rome", "light_cavalry_6_16", "B4406")
    assert C.retreat_allowed(pos.st, "rome", "B4406", defenders) is False
    pos.st.units[heavy]["crossing"] = "river"
    assert C.retreat_allowed(pos.st, "rome", "B4406", defenders) is True


def _city(defence: int) -> str:
    w = world("s12")
    return next(c for c in sorted(w.city_value) if w.city_value[c].defence == defence)


def test_tc_36_besieged_defenders_are_doubled_or_tripled() -> None:
    pos = Position(month=6, segment="combat")
    city = _city(4)
    legions = pos.units("dacia", "legion_20_10", data().cities[city].hex, 2)
    assert C.defence_strength(pos.st, legions, True, "rome", city) == 84
    assert C.defence_strength(pos.st, legions, True, "dacia", city) == 124  # barbarian assault
    cav = pos.unit("dacia", "heavy_cavalry_30_16", data().cities[city].hex)
    assert C.defence_strength(pos.st, [*legions, cav], True, "rome", city) == 114


def test_tc_37_cavalry_assaulting_a_city_is_halved_rounding_up() -> None:
    pos = Position(month=6, segment="combat")
    cav = pos.unit("rome", "horse_archers_6_16", "B4406", vet=False)  # 3 SP
    assert C.attack_strength(pos.st, cav, True) == 2
    full = pos.unit("rome", "light_cavalry_6_16", "B4406")
    assert C.attack_strength(pos.st, full, True) == 3
    assert C.attack_strength(pos.st, full, False) == 6


@pytest.mark.parametrize(("crossing", "flooded", "strength"), [("river", False, 10), ("river", True, 6),
                                                               ("strait", False, 10), ("", False, 20)])
def test_tc_38_crossing_penalties(crossing: str, flooded: bool, strength: int) -> None:
    pos = Position(month=6, segment="combat")
    pos.st.flooded = flooded
    legion = pos.unit("rome", "legion_20_10", "B4406", crossing=crossing)
    assert C.attack_strength(pos.st, legion, False) == strength


def test_tc_39_cer_of_a_stack_is_its_majority() -> None:
    pos = Position(month=6, segment="combat")
    pos.st.powers["rome"]["cer"] = "A"
    pos.st.powers["dacia"]["cer"] = "C"
    a = pos.units("rome", "legion_16_10", "B4406", 2)
    c = [pos.unit("dacia", "heavy_cavalry_30_16", "B4406")]
    assert C.stack_cer(pos.st, [*a, *c]) == "A"  # 32 of 62
    a2 = [pos.unit("rome", "legion_20_10", "B4407", vet=False)]
    c2 = [pos.unit("dacia", "heavy_infantry_20_8", "B4407", vet=False)]
    assert C.stack_cer(pos.st, [*a2, *c2], city_strength=2) == "B"  # 10 A, 2 B, 10 C: no majority


def test_tc_40_cer_against_a_stack_of_auxiliaries() -> None:
    pos = Position(month=6, segment="combat")
    aux = pos.units("dacia", "light_infantry_4_12", "B4406", 3)
    assert C.stack_cer(pos.st, aux) == "D"
    charts = data().charts
    assert [cer_modifier(charts, g, "D") for g in ("A", "B", "C")] == [3, 2, 1]


def test_tc_40_a_light_unit_attached_to_a_heavy_one_shares_its_cer() -> None:
    pos = Position(month=6, segment="combat")
    pos.st.powers["rome"]["cer"] = "A"
    stack = [pos.unit("rome", "legion_16_10", "B4406"), pos.unit("rome", "light_infantry_4_12", "B4406")]
    stack += pos.units("rome", "light_infantry_4_12", "B4406", 4)
    assert C.stack_cer(pos.st, stack) == "A"  # 20 A against 16 D


def test_tc_41_losses_ignore_multipliers() -> None:
    pos = Position(month=6, segment="combat")
    small = pos.units("dacia", "light_infantry_4_12", "B4406", 2)
    big = pos.unit("dacia", "heavy_infantry_20_8", "B4406")
    assert C.choose_losses(pos.st, [small[0], big], 8) == [small[0], big]
    assert C.choose_losses(pos.st, [*small, big], 8) == small


def test_tc_42_e_a_result() -> None:
    pos = Position(month=6, segment="combat")
    raider = pos.unit("rome", "light_infantry_4_12", "B4406")
    riders = pos.units("dacia", "light_cavalry_6_16", "B4406", 2)
    pos.st.standing["dacia"].update({"combat": "always_fight"})
    assert data().charts.land_crt[5][0].attacker == "E" and data().charts.land_crt[5][0].defender == "A"
    pos.dice(5)
    rome, dacia = pos.st.powers["rome"]["morale"], pos.st.powers["dacia"]["morale"]
    pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    assert raider in pos.st.eliminated
    assert sum(1 for u in riders if u in pos.st.eliminated) == 1
    assert pos.st.powers["rome"]["morale"] == rome - 2 - 2 + 2
    assert pos.st.powers["dacia"]["morale"] == dacia - 2 + 2 + 2
    assert pos.st.stats["battles"] == 1


def test_tc_43_half_a_loss_rounds_up() -> None:
    assert C.relative_loss("1/2A", 15) == 8
    assert C.relative_loss("1/4D", 15) == 4
    assert C.relative_loss("3/4A", 15) == 12
    assert C.relative_loss("A", 15) == 15
    assert C.relative_loss("N", 15) == 0


def test_tc_45_seasoning_up_to_the_enemy_strength() -> None:
    pos = Position(month=6, segment="combat")
    raw = pos.units("rome", "legion_20_10", "B4406", 4, vet=False)
    C._season(pos.st, raw, 22, [])
    assert sum(1 for u in raw if pos.st.units[u]["vet"]) == 2
    aux = pos.unit("dacia", "light_infantry_4_12", "B4406", vet=False)
    C._season(pos.st, [aux], 40, [])
    assert pos.st.units[aux]["vet"] is True


def test_tc_47_morale_modifier() -> None:
    assert C.morale_modifier(120, 70) == 1
    assert C.morale_modifier(119, 70) == 0
    assert C.morale_modifier(120, 170) == -1


def test_tc_55_mixed_forces_use_the_morale_of_the_larger_contingent() -> None:
    pos = Position(month=6, segment="combat")
    pos.st.powers["dacia"]["morale"] = 84
    pos.st.powers["roxolani"]["morale"] = 60
    stack = pos.units("dacia", "heavy_infantry_20_8", "B4406", 5) + [pos.unit("dacia", "light_cavalry_6_16", "B4406", vet=False)]
    stack += pos.units("roxolani", "heavy_cavalry_30_16", "B4406", 3) + pos.units("roxolani", "light_cavalry_6_16", "B4406", 2)
    assert C.side_morale(pos.st, stack, "B4406", "dacia") == ("dacia", 84)


def test_tc_71_a_loser_that_cannot_retreat_loses_half() -> None:
    pos = Position(month=6, segment="combat")
    losers = [pos.unit("rome", "legion_20_10", "B4406"), pos.unit("rome", "light_cavalry_6_16", "B4406"),
              pos.unit("rome", "light_infantry_4_12", "B4406")]  # fmt: skip
    for edge in world("s12").edges["B4406"]:
        pos.unit("dacia", "heavy_infantry_20_8", edge.to)
    assert C.retreat_hexes(pos.st, "rome", "B4406", losers) == []
    C._retreat_after(pos.st, "rome", "B4406", losers, "", [])
    lost = sum(data().units[pos.st.eliminated[u]["type"]].strength for u in losers if u in pos.st.eliminated)
    assert lost >= 15
    assert all(pos.st.units[u]["hex"] == "B4406" for u in losers if u in pos.st.units)


def test_attack_refusals_name_the_rule() -> None:
    pos = Position(month=6, segment="combat")
    pos.unit("rome", "legion_20_10", "B4406")
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    assert err.value.section == "§14.1"
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("attack", {"hex": "B4407"}))
    assert err.value.section == "§14.1"
    pos.st.segment = "movement"
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    assert err.value.section == "§14.1"


def test_defender_may_retreat_before_combat_for_five_morale() -> None:
    pos = Position(month=6, segment="combat")
    pos.units("rome", "legion_20_10", "B4406", 2)
    dacians = pos.units("dacia", "heavy_infantry_20_8", "B4406", 1)
    morale = pos.st.powers["dacia"]["morale"]
    pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    decision = pos.game.pending_decision()
    assert decision is not None and decision.kind == "battle" and decision.default == "fight"
    choice = next(c.value for c in decision.choices if c.value.startswith("retreat:"))
    pos.game.apply("dacia", Command("decide", {"id": decision.id, "choice": choice}))
    assert pos.st.units[dacians[0]]["hex"] == choice.split(":")[1]
    assert pos.st.powers["dacia"]["morale"] == morale - 5
    assert "battles" not in pos.st.stats


def test_the_loser_chooses_its_retreat_hex_then_loses_its_city() -> None:
    pos = Position(month=6, segment="combat")
    city_hex = data().cities["singidunum"].hex
    pos.unit("dacia", "heavy_infantry_20_8", city_hex)
    legion = pos.unit("rome", "legion_20_10", city_hex)
    pos.st.standing["rome"].update({"combat": "always_fight"})
    pos.st.powers["rome"]["cer"] = "C"
    assert data().charts.land_crt[5][2].winner == "attacker" and data().charts.land_crt[5][2].defender == "N"
    pos.dice(5)  # 20 against 21 (the legion and Singidunum's 1): column 2/3, N/N, the attacker wins
    pos.st.active = pos.st.seats.index("dacia")
    pos.game.apply("dacia", Command("attack", {"hex": city_hex}))
    decision = pos.game.pending_decision()
    assert decision is not None and decision.kind == "retreat" and decision.seat == "rome"
    assert decision.section == "§14.5.1" and decision.default == decision.choices[0].value
    choice = decision.choices[-1].value
    pos.game.apply("rome", Command("decide", {"id": decision.id, "choice": choice}))
    assert pos.st.units[legion]["hex"] == choice
    assert pos.st.city_owner["singidunum"] == "dacia"


@pytest.mark.parametrize(("leader", "die", "elite"), [("", 2, True), ("", 3, False), ("trajan", 3, True), ("trajan", 4, False)])
def test_tc_46_elite_conversion_after_a_victory(leader: str, die: int, elite: bool) -> None:
    pos = Position(month=6, segment="combat")
    legions = pos.units("rome", "legion_20_10", "B4406", 3)
    pos.unit("rome", "light_infantry_4_12", "B4406")
    pos.unit("dacia", "light_infantry_4_12", "B4406")
    if leader:
        pos.leader(leader, "B4406")
    pos.st.standing["dacia"].update({"combat": "always_fight"})
    pos.dice(6, die)
    pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    decision = pos.game.pending_decision()
    assert decision is not None and decision.kind == "elite" and decision.default == "no"
    assert decision.section == "§15.2"
    treasury = pos.st.powers["rome"]["treasury"]
    pos.game.apply("rome", Command("decide", {"id": decision.id, "choice": legions[0]}))
    assert pos.st.powers["rome"]["treasury"] == treasury - 2
    assert (pos.st.units[legions[0]]["type"] == "legion_24_10") is elite


def test_tc_54_donatives_raise_morale_for_one_battle_up_to_a_fifth() -> None:
    pos = Position(month=6, segment="combat")
    pos.units("rome", "legion_20_10", "B4406", 2)
    pos.units("dacia", "heavy_infantry_20_8", "B4406", 2)
    pos.st.powers["rome"].update(morale=100, treasury=40)
    pos.st.powers["dacia"].update(morale=60, treasury=15)
    pos.st.standing = {"dacia": {"combat": "always_fight"}, "rome": {"elite": "never"}}
    assert C.donative_cap(pos.st, "rome") == 20  # TC-54: 100 morale, +20 at most
    pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    ask = pos.game.pending_decision()
    assert ask is not None and ask.kind == "donative" and ask.seat == "rome" and ask.section == "§19.3.1"
    assert [c.value for c in ask.choices][-1] == "20"
    pos.game.apply("rome", Command("decide", {"id": ask.id, "choice": "10"}))
    answer = pos.game.pending_decision()
    assert answer is not None and answer.seat == "dacia" and [c.value for c in answer.choices][-1] == "12"
    pos.dice(3)
    out = pos.game.apply("dacia", Command("decide", {"id": answer.id, "choice": "0"}))
    assert pos.st.powers["rome"]["treasury"] == 30
    assert ("§19.3 morale", 1) in out.rolls[-1].modifiers  # 100 + 10 is 50 above 60
    assert pos.st.stats["battles"] == 1


def test_no_donative_window_when_it_cannot_change_the_modifier() -> None:
    pos = Position(month=6, segment="combat")
    pos.units("rome", "legion_20_10", "B4406", 2)
    pos.units("dacia", "heavy_infantry_20_8", "B4406", 2)
    pos.st.powers["rome"].update(morale=100, treasury=40)
    pos.st.powers["dacia"].update(morale=100, treasury=15)
    pos.st.standing = {"dacia": {"combat": "always_fight", "retreat": "first"}, "rome": {"elite": "never"}}
    pos.dice(3)
    pos.game.apply("rome", Command("attack", {"hex": "B4406"}))
    assert pos.game.pending_decision() is None
    assert pos.st.stats["battles"] == 1
