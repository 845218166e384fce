"""A seeded random game of scenario 12 with optional rules 40-44 on: it finishes, keeps the
invariants, replays from its log and uses the optional commands (issue 17)."""

from __future__ import annotations

import json
import random

from rules.core.command import Command
from rules.imperium_romanum.game import ImperiumRomanumGame
from rules.imperium_romanum.invariants import violations
from rules.imperium_romanum.players import random_choice

OPTIONS = {name: "yes" for name in ("combat_advantage", "city_centric", "divine_intervention", "treasure_cities",
                                    "roman_usurpation")}  # fmt: skip
SEED = 3
"""A seed whose game is short (about 120 commands) on the shipped data."""


def test_the_random_player_finishes_scenario_12_with_optional_rules_40_to_44() -> None:
    game = ImperiumRomanumGame.new("s12", [], f"opt-{SEED}", OPTIONS)
    rng = random.Random(SEED)
    log: list[tuple[str, Command]] = []
    while game.result() is None and len(log) < 5000:
        pick = random_choice(game, rng)
        assert pick is not None, "the game waits on nobody before it ends"
        game.apply(*pick)
        log.append(pick)
    assert game.result() is not None
    assert violations(game.state) == []
    assert any(cmd.name == "appeal" for _seat, cmd in log)
    assert game.state.stats.get("deity_appeals", 0) >= 1  # an armed appeal was spent on a roll (42.0)
    assert game.state.plunder == {}  # 41.3: only single cities are plundered in this game
    replay = ImperiumRomanumGame.new("s12", [], f"opt-{SEED}", OPTIONS)
    for seat, cmd in log:
        replay.apply(seat, cmd)
    assert json.dumps(replay.state.to_json(), sort_keys=True) == json.dumps(game.state.to_json(), sort_keys=True)
