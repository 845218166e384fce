"""Benchmark and calibration: whole Rome, IInc. games played by the automatic players.

    .venv/bin/python benchmarks/bench_rome_iinc.py [--games N] [--scenario 286|...|all]

Plays N games with the heuristic player and N with the random legal player, prints CPU time
per 10-turn game (target: under 1 s) and the spread of results over the victory bands of 12.1
(the calibration figures in docs/rome-iinc.md come from this script; ``--scenario all`` prints
them as the table kept there).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.rome_iinc.game import RomeGame  # noqa: E402
from rules.rome_iinc.players import play_out  # noqa: E402


def outcome(game: RomeGame) -> list[str]:
    """One band per Empire: major_defeat, minor_defeat, draw, minor_victory, major_victory."""
    r = game.state.result
    if r.get("kind") == "major_defeat":
        return ["major_defeat", "major_defeat"]
    if r.get("kind") == "major_victory":
        return ["major_victory", "major_victory"]
    return [str(r["levels"]["east"]), str(r["levels"]["west"])]


def bench(player: str, scenario: str, games: int) -> tuple[float, int, Counter[str], Counter[str]]:
    bands: Counter[str] = Counter()
    games_kind: Counter[str] = Counter()
    turns = 0
    cpu0 = time.process_time()
    for i in range(games):
        game = RomeGame.new(scenario, ["east", "west"], f"bench-{player}-{i}", {"mode": "solo"})
        play_out(game, random.Random(i), player)
        assert game.result() is not None, "game did not finish"
        turns += game.state.turn
        for band in outcome(game):
            bands[band] += 1
        games_kind[str(game.state.result.get("kind"))] += 1
    return time.process_time() - cpu0, turns, bands, games_kind


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--scenario", default="286", help="286, 363, 425, 497, 565 or all")
    args = parser.parse_args()
    worst = 0.0
    scenarios = ["286", "363", "425", "497", "565"] if args.scenario == "all" else [args.scenario]
    table: list[str] = []
    for scenario in scenarios:
        print(f"-- {scenario} CE --")
        worst = max(worst, run(scenario, args.games, table))
    print("\n| Scenario | Player | Major Defeat | Minor Defeat | Draw | Minor Victory | Major Victory "
          "| Major Victory games | CPU per 10 turns |\n|---|---|---|---|---|---|---|---|---|")
    print("\n".join(table))
    print("target (< 1 s CPU per 10-turn game):", "met" if worst < 1.0 else "MISSED")
    return 0 if worst < 1.0 else 1


def run(scenario: str, games: int, table: list[str]) -> float:
    """Both players on one scenario: print their spread, add a row each to ``table``; return
    the worst CPU time per 10 turns."""
    worst = 0.0
    for player in ("heuristic", "random"):
        cpu, turns, bands, kinds = bench(player, scenario, games)
        per_ten = cpu / max(1, turns) * 10
        worst = max(worst, per_ten)
        total = sum(bands.values())
        spread = ", ".join(f"{k} {100 * bands[k] / total:.0f}%" for k in
                           ("major_defeat", "minor_defeat", "draw", "minor_victory", "major_victory"))
        print(f"{player:9s} {games} games, {turns} turns: {per_ten * 1000:6.0f} ms CPU per 10 turns")
        print(f"          Empire results: {spread}")
        print(f"          game results: {dict(sorted(kinds.items()))}")
        cells = " | ".join(f"{100 * bands[k] / total:.0f}%" for k in
                           ("major_defeat", "minor_defeat", "draw", "minor_victory", "major_victory"))
        table.append(f"| {scenario} | {player} | {cells} | {kinds.get('major_victory', 0)} of {games} "
                     f"| {per_ten * 1000:.0f} ms |")
    return worst


if __name__ == "__main__":
    raise SystemExit(main())
