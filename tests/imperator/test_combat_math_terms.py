"""The terms of ``rules/imperator/combat_math.py`` (the arithmetic ``combat.battle`` runs), each
pinned with its name and value: the die modifiers a-e of the Battle table (§8.5 and the table's
modifiers), the events' battle bonus (Events table), the loss kinds of §8.3. The battles
themselves are fought through the engine in ``test_rules_combat.py``; these pin what a battle
only sometimes shows (found by mutation testing, docs/development.md)."""

from __future__ import annotations

import dataclasses

from rules.imperator import tables
from rules.imperator.combat_math import (
    SideLoss,
    battle_losses,
    battle_modifiers,
    event_die_modifier,
    force_cp,
    resolve_battle,
)


def test_table_modifier_c_eor_attacking_outside_the_empire_is_plus_one() -> None:
    assert battle_modifiers(attacker_bt=0, defender_bt=0, eor_attacks_outside_empire=True) == [
        ("§8.2 die c) EoR attacks outside the Empire", 1)]
    assert battle_modifiers(attacker_bt=0, defender_bt=0, eor_defends_outside_empire=True) == [
        ("§8.2 die b) EoR defends outside the Empire", -1)]


def test_table_modifiers_d_e_the_better_cp_in_a_civil_war_only() -> None:
    """Battle table d/e: +1 for the attacker's strictly better CP, -1 for the defender's, none
    on equal CP, and none outside a civil war."""
    assert battle_modifiers(attacker_bt=0, defender_bt=0, civil_war=True, attacker_cp=4, defender_cp=3) == [
        ("§8.2 die d) attacker's better CP", 1)]
    assert battle_modifiers(attacker_bt=0, defender_bt=0, civil_war=True, attacker_cp=2, defender_cp=3) == [
        ("§8.2 die e) defender's better CP", -1)]
    assert battle_modifiers(attacker_bt=0, defender_bt=0, civil_war=True, attacker_cp=3, defender_cp=3) == []
    assert battle_modifiers(attacker_bt=0, defender_bt=0, attacker_cp=4, defender_cp=1) == []  # not civil
    assert battle_modifiers(attacker_bt=0, defender_bt=0, civil_war=True, defender_cp=0) == []  # no leaders
    assert battle_modifiers(attacker_bt=0, defender_bt=0, civil_war=True, attacker_cp=0) == []


def test_events_battle_bonus_needs_its_side_and_its_condition() -> None:
    """Events table: event 5's +2 needs a Germanic unit, event 11's +1 all the Praetorian
    cohorts; an event with a bonus but no side gives nothing."""
    e5, e11, e12 = tables.event(5), tables.event(11), tables.event(12)
    assert event_die_modifier(e5, attacker_side="eor") == 0
    assert event_die_modifier(e5, attacker_side="eor", german_unit_in_battle=True) == 2
    assert event_die_modifier(e11, attacker_side="rome") == 0
    assert event_die_modifier(e11, attacker_side="rome", all_praetoriae_in_battle=True) == 1
    assert event_die_modifier(e12, attacker_side="rome") == 1 and event_die_modifier(e12, attacker_side="eor") == -1
    sideless = dataclasses.replace(e12, effects={k: v for k, v in e12.effects.items() if k != "battle_bonus_side"})
    assert (sideless.battle_bonus_side, sideless.battle_bonus) == (None, 1)
    assert event_die_modifier(sideless, attacker_side="rome") == 0


def test_a_roll_without_modifier_reads_its_own_row() -> None:
    plain = resolve_battle(attacker_pf=20, defender_pf=10, attacker_quality=2, defender_quality=2, roll=5)
    same = resolve_battle(attacker_pf=20, defender_pf=10, attacker_quality=2, defender_quality=2, roll=5,
                          die_modifier=0)
    up = resolve_battle(attacker_pf=20, defender_pf=10, attacker_quality=2, defender_quality=2, roll=6)
    assert plain == same and plain.row == 5 and up.row == 6


def test_losses_carry_their_result_codes() -> None:
    """§8.3: R nothing, A a step for every unit, E every unit eliminated, a fraction chosen."""
    assert battle_losses(("R", "E"), 3, 2) == (SideLoss("R", "none", 0), SideLoss("E", "all_eliminated", 2))
    assert battle_losses(("A", "R"), 3, 2) == (SideLoss("A", "all_step", 3), SideLoss("R", "none", 0))
    att, dfd = battle_losses(("1/2", "A"), 4, 4)
    assert (att.result, att.kind, att.steps) == ("1/2", "choose", 2) and dfd == SideLoss("A", "all_step", 4)
    att, dfd = battle_losses(("E", "1/2"), 4, 4)
    assert att == SideLoss("E", "all_eliminated", 4) and (dfd.result, dfd.kind, dfd.steps) == ("1/2", "choose", 2)


def test_a_force_without_leaders_has_cp_zero() -> None:
    """Battle table d/e compare the best CP of each force; a force with no leader counts 0, so a
    CP 1 leader still beats it."""
    assert force_cp([]) == 0 and force_cp([1]) == 1 and force_cp([2, 4, 3]) == 4
    assert battle_modifiers(attacker_bt=0, defender_bt=0, civil_war=True, attacker_cp=force_cp([1]),
                            defender_cp=force_cp([])) == [("§8.2 die d) attacker's better CP", 1)]


def test_the_rr_switch_reaches_the_table() -> None:
    """§8.3 R/R: the defender holds by default; the stalemate switch leaves no winner."""
    kw = {"attacker_pf": 10, "defender_pf": 10, "attacker_quality": 2, "defender_quality": 2, "roll": 3}
    held = resolve_battle(**kw)
    stalemate = resolve_battle(**kw, rr_result="stalemate")
    assert (held.attacker, held.defender, held.winner) == ("R", "R", "defender")
    assert (stalemate.attacker, stalemate.defender, stalemate.winner) == ("R", "R", None)
