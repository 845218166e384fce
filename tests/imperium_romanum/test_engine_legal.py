"""The shared test of the legal-command generators (rules/imperium_romanum/legal.py)."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleError
from rules.core.i18n import _
from rules.imperium_romanum import mobilization as MOB
from rules.imperium_romanum.legal import passes
from tests.imperium_romanum.builder import rome_in_italy_at_taxation


def _refuse(section: str) -> None:
    raise RuleError(section, _("refused"))


def test_passes_is_false_on_a_rule_error_and_true_otherwise() -> None:
    assert passes(_refuse, "§7.4") is False
    assert passes(lambda: None) is True


def test_passes_lets_a_bug_through() -> None:
    with pytest.raises(ZeroDivisionError):
        passes(lambda: 1 // 0)


def test_the_raises_offered_are_exactly_those_check_build_accepts() -> None:
    pos = rome_in_italy_at_taxation(treasury=3)  # TC-07: a 16-10 (3) but not a 20-10 (4)
    offered = MOB.build_commands(pos.st, "rome")
    assert offered, "Rome raises something in March"
    for args in offered:
        MOB.check_build(pos.st, "rome", args["type"], args["city"])
    with pytest.raises(RuleError) as err:
        MOB.check_build(pos.st, "rome", "legion_20_10", "roma")
    assert err.value.section == "§7.4"
    assert err.value.section == "§7.4" and "treasury" in str(err.value)
    assert {"type": "legion_20_10", "city": "roma"} not in offered
    assert {"type": "legion_16_10", "city": "roma"} in offered
