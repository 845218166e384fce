"""Read-only questions the menus ask (rules/imperator/queries.py) give the engine's answers."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperator import queries
from rules.imperator.game import ImperatorGame


def test_march_error_outside_movement_is_the_engines_phase_refusal() -> None:
    game = ImperatorGame.new("avidius_cassius", ["rome", "enemies"], "march", {})
    st = game.state
    assert st.phase != "E"
    refusal = queries.march_error(st, "R", "marc_aurele")
    assert refusal is not None and refusal.section == "§2.E"
    assert queries.movement_phase_error(st) is not None
    st.active = st.roles["rome"]
    with pytest.raises(RuleError) as raised:
        game.apply("rome", Command("move", {"leader": "marc_aurele", "to": "roma"}))
    assert str(raised.value) == str(queries.movement_phase_error(st))
