"""Benchmark: random legal games of The Barracks Emperors played to the end.

    .venv/bin/python benchmarks/bench_barracks.py [--games N]

Prints games per second and CPU time per game for four-player and solo games (target: a whole
3-round game in under 1 s of CPU).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.barracks.game import BarracksGame  # noqa: E402
from rules.barracks.random_player import play_out  # noqa: E402


def bench(scenario: str, games: int) -> tuple[float, float, int]:
    cpu0, wall0, commands = time.process_time(), time.perf_counter(), 0
    for i in range(games):
        g = BarracksGame.new(scenario, [], f"bench-{scenario}-{i}", {})
        commands += play_out(g, random.Random(i))
        assert g.result() is not None, "game did not finish"
    return time.process_time() - cpu0, time.perf_counter() - wall0, commands


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()
    worst = 0.0
    for scenario in ("standard-4p", "solo"):
        cpu, wall, commands = bench(scenario, args.games)
        per_game = cpu / args.games
        worst = max(worst, per_game)
        print(f"{scenario:12s} {args.games} games, {commands} commands: {args.games / wall:8.1f} games/s, "
              f"{per_game * 1000:7.2f} ms CPU per game")
    print("target (< 1 s CPU per game):", "met" if worst < 1.0 else "MISSED")
    return 0 if worst < 1.0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
