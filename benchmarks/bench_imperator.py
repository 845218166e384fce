"""Benchmark: random Imperator games per second and the median command time.

Run: ``python -m benchmarks.bench_imperator [--games N] [--campaigns N]`` (``scripts/bench
bench_imperator``). First N random games of scenario 1 (else the small built position of the
tests when the data is missing), then N whole 161-217 campaigns played to their end: seconds
per campaign (target < 10 s) and the median command time (target < 2 ms). The command time
includes the random player's choice of a command, so it overstates the rules' own cost.
"""

from __future__ import annotations

import argparse
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


def campaign(n: int = 2) -> None:
    import random

    times: list[float] = []
    per_game: list[float] = []
    for i in range(n):
        game = ImperatorGame.new("campaign", ["rome", "enemies"], f"camp{i}", {})
        rng = random.Random(i)
        g0 = time.perf_counter()
        for _ in range(100_000):
            if not game.to_move():
                break
            s = time.perf_counter()
            random_player.step(game, rng)
            times.append(time.perf_counter() - s)
        per_game.append(time.perf_counter() - g0)
        print(f"campaign {i}: {per_game[-1]:.2f} s, reached {game.state.year}, {game.result() and game.result().summary}")
    total = sum(per_game)
    print(f"campaign: {n} games, {n / total:.3f} games/s, {total / n:.2f} s per game (target < 10 s)")
    print(f"campaign commands: {len(times)}, median command time {statistics.median(times) * 1000:.2f} ms (target < 2 ms)")


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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="random scenario 1 games")
    parser.add_argument("--campaigns", "--campaign", type=int, default=2, help="whole campaigns")
    args = parser.parse_args()
    if args.games:
        main(args.games)
    if args.campaigns:
        campaign(args.campaigns)
