"""``rules.core.registry``: the installed games are read once per process (issue 14: the
Moderator asks for a game's class at each load), registrations still count at once."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rules.core import registry
from rules.imperator.game import ImperatorGame


def test_entry_points_are_read_once_and_registrations_still_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reads = []
    real = registry.entry_points

    def counting(**kwargs: str) -> object:
        reads.append(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(registry, "entry_points", counting)
    monkeypatch.setattr(registry, "_ENTRY_POINTS", None)
    monkeypatch.setattr(registry, "_LOADED", {})
    monkeypatch.setattr(registry, "_REGISTERED", {})
    assert registry.get_game("imperator") is ImperatorGame  # an installed entry point
    assert registry.get_game("imperator") is ImperatorGame
    assert reads == [{"group": "praetor.games"}]  # read once, not at each question

    class Other(ImperatorGame):
        KIND = "other-kind"

    registry.register(Other)  # registered after the first read: known at once
    assert registry.get_game("other-kind") is Other
    assert "imperator" in registry.games() and reads == [{"group": "praetor.games"}]
    with pytest.raises(KeyError, match="unknown game 'missing'"):
        registry.get_game("missing")


def test_a_game_asked_for_imports_only_its_own_rules() -> None:
    """Issue 14, memory at rest: a process running Imperator does not import the other
    games' rules (a fresh interpreter: this one has imported them all)."""
    child = (
        "import sys\n"
        "from rules.core.registry import get_game\n"
        "assert get_game('imperator').KIND == 'imperator'\n"
        "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('rules.')}))\n"
    )
    root = Path(__file__).resolve().parents[2]
    shown = subprocess.run(
        [sys.executable, "-c", child], cwd=root, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert shown == "['core', 'imperator']"
