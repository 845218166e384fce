"""Benchmark: random Imperator games per second and the median command time.

Run: .venv/bin/python benchmarks/bench_imperator.py [games]
Uses scenario 1 when its data is available, else the small built position of the tests.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "imperator"))

from rules.imperator import random_player  # noqa: E402
from rules.imperator.game import ImperatorGame  # noqa: E402


def make_game(i: int) -> tuple[ImperatorGame, str]:
    try:
        return ImperatorGame.new("s1", ["rome", "enemies"], f"bench{i}", {}), "s1"
    except Exception:  # noqa: BLE001 - no scenario data yet: fall back
        from test_engine_properties import civil_war_game

        return civil_war_game(f"bench{i}"), "built position"


def main(n: int = 20) -> None:
    import random

    times: list[float] = []
    finished = 0
    t0 = time.perf_counter()
    label = ""
    for i in range(n):
        game, label = make_game(i)
        rng = random.Random(i)
        for _ in range(3000):
            if not game.to_move():
                break
            s = time.perf_counter()
            random_player.step(game, rng)
            times.append(time.perf_counter() - s)
        finished += game.result() is not None
    total = time.perf_counter() - t0
    print(f"imperator ({label}): {n} games in {total:.2f} s = {n / total:.2f} games/s; finished {finished}/{n}")
    print(f"commands: {len(times)}, median command time {statistics.median(times) * 1000:.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
