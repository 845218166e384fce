"""``rules.core.registry``: the installed games are read once per process (issue 14: the
Moderator asks for a game's class at each load), registrations still count at once."""

from __future__ import annotations

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
    monkeypatch.setattr(registry, "_INSTALLED", None)
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
