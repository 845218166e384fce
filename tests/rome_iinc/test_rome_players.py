"""The automatic players finish whole games, and the benchmark script still runs."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from rules.rome_iinc.game import RomeGame
from rules.rome_iinc.players import play_out

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("scenario", ["286", "497"])
def test_heuristic_player_finishes_a_game(scenario: str) -> None:
    game = RomeGame.new(scenario, ["east", "west"], f"smoke-{scenario}", {"mode": "solo"})
    play_out(game, random.Random(1), "heuristic")
    result = game.result()
    assert result is not None and game.state.phase == "over"
    assert result.level == game.state.result["kind"]
    assert dict(result.scores) == game.state.prestige


def test_benchmark_script_runs() -> None:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from benchmarks.bench_rome_iinc import bench

    cpu, turns, bands, kinds = bench("random", "286", 1)
    assert turns >= 1 and sum(bands.values()) == 2 and sum(kinds.values()) == 1
