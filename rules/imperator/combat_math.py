"""Pure arithmetic of Imperator battles (chapter 8 and the Battle table's modifiers).

No game state lives here: callers pass plain numbers (PF totals, ratings, unit counts) and get
plain numbers or small frozen dataclasses back. The table lookups themselves are in
:mod:`rules.imperator.tables`. Rulings applied (AMB-xx, D-xx) are written up in docs/rulings.md.

Conventions:

* A positive die modifier helps the attacker; a positive column shift moves right (towards the
  attacker's better odds).
* One *step* of loss turns a normal unit reduced and a reduced unit eliminated (the engine's
  ``combat.step_loss`` applies it to the state).

This module is the only implementation of this arithmetic: :func:`rules.imperator.combat.battle`
calls it for every battle the engine fights.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rules.core.i18n import _
from rules.imperator.tables import (
    BattleResult,
    Event,
    average_rating,
    battle_result,
    odds_column,
)

__all__ = [
    "BATTLE_VP_MIN_PF",
    "FRACTIONS",
    "SideLoss",
    "battle_modifiers",
    "battle_gives_vp",
    "battle_losses",
    "evasion_succeeds",
    "event_die_modifier",
    "force_bt",
    "force_cp",
    "quality_column_shift",
    "resolve_battle",
    "side_bonus_to_die",
    "stratagem_row",
    "winner_steps",
]

LossKind = Literal["none", "all_step", "all_eliminated", "choose"]

#: Winner's fractional results (E-2: each fraction means itself).
FRACTIONS: dict[str, Fraction] = {"1/4": Fraction(1, 4), "1/2": Fraction(1, 2), "3/4": Fraction(3, 4)}

#: A battle scores 1 VP for the winner when both sides total at least this many PF (10; AMB-23).
BATTLE_VP_MIN_PF = 35


# ---------------------------------------------------------------------------------------------
# Force ratings (8.5)
# ---------------------------------------------------------------------------------------------


def force_bt(leader_bts: Iterable[int], unit_bts: Iterable[int]) -> int:
    """Tactical bonus of a force (8.5, AMB-07).

    The best BT among the leaders present; with no leader, the rounded-down average BT of the
    combat units. The caller leaves out a leader whose BT does not count (event 4's sick
    Augustus).
    """
    leaders = [int(b) for b in leader_bts]
    if leaders:
        return max(leaders)
    return average_rating(unit_bts)


def force_cp(leader_cps: Iterable[int]) -> int:
    """Political capacity of a force in a civil-war battle: best CP present, 0 with no leader."""
    return max((int(c) for c in leader_cps), default=0)


def quality_column_shift(attacker_quality: int, defender_quality: int) -> int:
    """Column modifier from average quality (Battle table column modifiers a-d; AMB-05).

    * +1 when the attacker's average is strictly higher, +2 instead when it is at least double;
    * -1 / -2 the same way for the defender;
    * the 1 and 2 shifts never add up. A 0 average against 1 or more counts as "double"
      (any positive value is at least twice 0); 0 against 0 gives no shift.
    """
    a, d = int(attacker_quality), int(defender_quality)
    if a < 0 or d < 0:
        raise ValueError("average qualities are never negative")
    if a > d:
        return 2 if a >= 2 * d else 1
    if d > a:
        return -2 if d >= 2 * a else -1
    return 0


def column_modifier_letter(shift: int) -> str:
    """The letter of the Battle table's column modifier (§8.2) that gives ``shift``
    (:func:`quality_column_shift`): a) one column right, b) one left, c) two right, d) two
    left; no letter for no shift."""
    return {1: "a", -1: "b", 2: "c", -2: "d"}.get(int(shift), "")


# ---------------------------------------------------------------------------------------------
# Die modifiers (Battle table die modifiers a-e; events note)
# ---------------------------------------------------------------------------------------------


def battle_modifiers(
    *,
    attacker_bt: int,
    defender_bt: int,
    eor_defends_outside_empire: bool = False,
    eor_attacks_outside_empire: bool = False,
    civil_war: bool = False,
    attacker_cp: int = 0,
    defender_cp: int = 0,
) -> list[tuple[str, int]]:
    """The Battle table's die modifiers a-e, each named; all of them add up.

    a) attacker BT, minus defender BT;
    b) -1 when a non-Roman Enemies-of-Rome force defends in a zone outside the Empire;
    c) +1 when such a force attacks outside the Empire;
    d/e) only in a battle between two all-Roman forces (``civil_war``): +1 when the attacker's
         CP is strictly higher, -1 when strictly lower (use :func:`force_cp`; 0 with no leader).

    Zero terms are left out, so the list is what the dice record shows. Each label names its
    section and letter (``§8.2 die a)``), which the battle report and card show. Events add
    their own term (:func:`event_die_modifier`).
    """
    mods: list[tuple[str, int]] = []
    if attacker_bt:
        mods.append((_("§8.2 die a) attacker BT"), int(attacker_bt)))
    if defender_bt:
        mods.append((_("§8.2 die a) defender BT"), -int(defender_bt)))
    if eor_defends_outside_empire:
        mods.append((_("§8.2 die b) EoR defends outside the Empire"), -1))
    if eor_attacks_outside_empire:
        mods.append((_("§8.2 die c) EoR attacks outside the Empire"), 1))
    if civil_war:
        if attacker_cp > defender_cp:
            mods.append((_("§8.2 die d) attacker's better CP"), 1))
        elif attacker_cp < defender_cp:
            mods.append((_("§8.2 die e) defender's better CP"), -1))
    return mods


def side_bonus_to_die(bonus: int, beneficiary_attacks: bool) -> int:
    """Turn a bonus (or, if negative, a penalty) for one side into a die modifier.

    The Battle table is read from the attacker's side, so a bonus to the attacker adds to the
    roll and a bonus to the defender subtracts from it (Events table note; IMP-188).
    """
    return int(bonus) if beneficiary_attacks else -int(bonus)


def event_die_modifier(
    event: Event,
    *,
    attacker_side: Literal["rome", "eor"],
    german_unit_in_battle: bool = False,
    all_praetoriae_in_battle: bool = False,
) -> int:
    """Die modifier an event in force adds to a battle (events 3, 5, 11, 12, 15).

    ``attacker_side`` is ``"rome"`` when the Roman player's force attacks. The Romans of the
    events are the Roman player's forces; a usurper's forces fight for the EoR (AMB-09).
    Returns 0 for events with no battle effect or whose condition is not met.
    """
    side = event.battle_bonus_side
    if side is None or event.battle_bonus == 0:
        return 0
    condition = event.battle_bonus_condition or "any_battle"
    if condition == "german_unit_in_battle" and not german_unit_in_battle:
        return 0
    if condition == "all_praetoriae_in_battle" and not all_praetoriae_in_battle:
        return 0
    if condition not in ("any_battle", "german_unit_in_battle", "all_praetoriae_in_battle"):
        raise ValueError(f"unknown battle condition {condition!r} on event {event.number}")
    return side_bonus_to_die(event.battle_bonus, beneficiary_attacks=(side == attacker_side))


def stratagem_row(user_attacks: bool) -> int:
    """Row forced by *Roma Victor* / *Furor Germanicus*: "9 and more" for an attacking user,
    "-2 and less" for a defending one (6.1, 6.2). The column still takes its shifts (D-30)."""
    return 9 if user_attacks else -2


def evasion_succeeds(best_vs: int | None, d6: int) -> bool:
    """8.1: a defending force with a leader evades on a d6 strictly below its best VS.

    ``best_vs`` is ``None`` when the force has no leader: it cannot try.
    """
    if not 1 <= d6 <= 6:
        raise ValueError(f"a d6 roll is 1..6, got {d6!r}")
    return best_vs is not None and d6 < best_vs


def battle_gives_vp(attacker_pf: int, defender_pf: int) -> bool:
    """10 / AMB-23: the battle's winner scores 1 VP if both sides together had 35 PF or more
    at the start of the battle (PF of units that actually fight, as they stood)."""
    return int(attacker_pf) + int(defender_pf) >= BATTLE_VP_MIN_PF


# ---------------------------------------------------------------------------------------------
# Whole lookup
# ---------------------------------------------------------------------------------------------


def resolve_battle(
    *,
    attacker_pf: int,
    defender_pf: int,
    attacker_quality: int,
    defender_quality: int,
    roll: int | None,
    die_modifier: int = 0,
    forced_row: int | None = None,
    rr_result: Literal["defender", "stalemate"] | None = None,
) -> BattleResult:
    """Odds column, quality shift, modified roll, then the table (8.2, 8.5, table modifiers).

    ``forced_row`` (see :func:`stratagem_row`) replaces the roll *and* its modifiers when a
    Roma Victor / Furor Germanicus stands uncancelled; otherwise the row is ``roll +
    die_modifier``. *Faveur divine* just chooses ``roll``; modifiers still apply (AMB-45).
    """
    column = odds_column(attacker_pf, defender_pf)
    shift = quality_column_shift(attacker_quality, defender_quality)
    if forced_row is not None:
        row = forced_row
    elif roll is None:
        raise ValueError("give a roll or a forced_row")
    else:
        row = int(roll) + int(die_modifier)
    return battle_result(column, row, shift, rr_result=rr_result)


# ---------------------------------------------------------------------------------------------
# Losses (8.3, D-20, AMB-03)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SideLoss:
    """What one side suffers.

    ``kind``: ``"none"`` (R), ``"all_step"`` (A: every unit takes one step),
    ``"all_eliminated"`` (E) or ``"choose"`` (a fraction: the owner picks ``steps`` distinct
    units, each taking one step). ``steps`` is also filled for A and E with the number of
    units hit, which is what the other side's fraction is taken of.
    """

    result: str
    kind: LossKind
    steps: int


def winner_steps(fraction: str, enemy_units_hit: int, own_units: int) -> int:
    """Units the winner must hit for a fractional result (8.3; AMB-03; FR note, D-20).

    The fraction applies to how many enemy units this battle reduced or eliminated, and is
    rounded down (in the owner's favour). If that exceeds the winner's own units, every one of
    them takes a single step and no more.
    """
    if fraction not in FRACTIONS:
        raise ValueError(f"not a fractional result: {fraction!r}")
    if enemy_units_hit < 0 or own_units < 0:
        raise ValueError("unit counts are never negative")
    wanted = math.floor(FRACTIONS[fraction] * int(enemy_units_hit))
    return min(wanted, int(own_units))


def _flat_loss(result: str, units: int) -> SideLoss:
    if result == "R":
        return SideLoss(result, "none", 0)
    if result == "A":
        return SideLoss(result, "all_step", units)
    if result == "E":
        return SideLoss(result, "all_eliminated", units)
    raise ValueError(f"not a flat result: {result!r}")


def battle_losses(
    result: BattleResult | tuple[str, str], attacker_units: int, defender_units: int
) -> tuple[SideLoss, SideLoss]:
    """Losses for both sides, ``(attacker, defender)``.

    ``attacker_units`` / ``defender_units`` count the combat units of each force still in the
    battle (reduced ones included). A and E hit every unit of that side; a fraction is taken of
    the units the other side lost that way.
    """
    att, dfd = (result.attacker, result.defender) if isinstance(result, BattleResult) else result
    if att in FRACTIONS and dfd in FRACTIONS:
        raise ValueError("a cell never gives fractions to both sides")
    if att in FRACTIONS:
        d_loss = _flat_loss(dfd, defender_units)
        return SideLoss(att, "choose", winner_steps(att, d_loss.steps, attacker_units)), d_loss
    if dfd in FRACTIONS:
        a_loss = _flat_loss(att, attacker_units)
        return a_loss, SideLoss(dfd, "choose", winner_steps(dfd, a_loss.steps, defender_units))
    return _flat_loss(att, attacker_units), _flat_loss(dfd, defender_units)
