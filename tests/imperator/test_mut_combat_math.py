"""Tests that kill the last mutants of rules/imperator/combat_math.py (issue 11, mutation
testing, session 12): the guards that refuse impossible inputs say exactly why, and an event
whose battle bonus names no condition counts in every battle (Events table)."""

from __future__ import annotations

import dataclasses

import pytest

from rules.imperator import tables
from rules.imperator.combat_math import (
    battle_losses,
    evasion_succeeds,
    event_die_modifier,
    quality_column_shift,
    resolve_battle,
    winner_steps,
)


def _message(excinfo: pytest.ExceptionInfo[ValueError]) -> str:
    return str(excinfo.value)


def test_a_negative_average_quality_is_refused_with_its_reason() -> None:
    with pytest.raises(ValueError) as e:
        quality_column_shift(-1, 2)
    assert _message(e) == "average qualities are never negative"


def test_a_d6_outside_one_to_six_is_refused_with_the_roll() -> None:
    with pytest.raises(ValueError) as e:
        evasion_succeeds(3, 7)
    assert _message(e) == "a d6 roll is 1..6, got 7"


def test_a_battle_needs_a_roll_or_a_forced_row() -> None:
    with pytest.raises(ValueError) as e:
        resolve_battle(attacker_pf=4, defender_pf=2, attacker_quality=1, defender_quality=1, roll=None)
    assert _message(e) == "give a roll or a forced_row"


def test_winner_steps_refuses_an_unknown_fraction_and_negative_counts() -> None:
    with pytest.raises(ValueError) as e:
        winner_steps("2/3", 2, 2)
    assert _message(e) == "not a fractional result: '2/3'"
    with pytest.raises(ValueError) as e:
        winner_steps("1/2", -1, 2)
    assert _message(e) == "unit counts are never negative"


def test_battle_losses_refuse_fractions_on_both_sides_and_an_unknown_flat_result() -> None:
    with pytest.raises(ValueError) as e:
        battle_losses(("1/2", "1/4"), 2, 2)
    assert _message(e) == "a cell never gives fractions to both sides"
    with pytest.raises(ValueError) as e:
        battle_losses(("Q", "R"), 2, 2)
    assert _message(e) == "not a flat result: 'Q'"


def test_an_unknown_battle_condition_is_refused_naming_the_event() -> None:
    e12 = tables.event(12)
    odd = dataclasses.replace(e12, effects={**e12.effects, "battle_bonus_condition": "rain"})
    with pytest.raises(ValueError) as e:
        event_die_modifier(odd, attacker_side="rome")
    assert _message(e) == "unknown battle condition 'rain' on event 12"


def test_a_battle_bonus_with_no_condition_counts_in_every_battle() -> None:
    """Events table: a bonus with no condition written applies to any battle, as event 12's
    does: +1 to the die when Rome attacks, -1 when it defends."""
    e12 = tables.event(12)
    plain = dataclasses.replace(e12, effects={k: v for k, v in e12.effects.items() if k != "battle_bonus_condition"})
    assert plain.battle_bonus_condition is None
    assert (event_die_modifier(plain, attacker_side="rome"), event_die_modifier(plain, attacker_side="eor")) == (1, -1)
