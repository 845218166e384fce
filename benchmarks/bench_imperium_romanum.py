"""Benchmark and calibration: whole Imperium Romanum games played by the automatic players.

    .venv/bin/python benchmarks/bench_imperium_romanum.py [--games 20] [--scenario s12]
    .venv/bin/python benchmarks/bench_imperium_romanum.py --games 5 --scenario s24
    .venv/bin/python benchmarks/bench_imperium_romanum.py --options ""   # no optional rule

Plays N seeded games with the heuristic player and N with the random legal player. Prints the
wall time of each whole game (target: a scenario 12 game by the heuristic player in 10 s or
less), the median time of one command (target: 2 ms or less on a 2-core machine), and the
statistics of what happened over the games: battles, sieges, interceptions, supply losses,
naval combats (issue 17), and how often the players allied (5.8), plundered (24.1), appealed
to the gods (42) and took a treasure (43). By default the games play optional rules 42 and 43
(``--options``), so that appeals and treasures can happen.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.imperium_romanum.game import ImperiumRomanumGame  # noqa: E402
from rules.imperium_romanum.players import heuristic_choice, notable, random_choice  # noqa: E402

STATS = ("battles", "retreats_before_combat", "sieges", "siege_rolls", "siege_losses", "cities_taken",
         "interceptions_tried", "interceptions", "supply_losses", "activations", "forts_begun", "conquest_rolls",
         "naval_combats", "naval_interceptions", "naval_attrition_losses", "amphibious_invasions", "fleets_begun",
         "chiefs_lost", "no_attack_penalties", "plunders", "rebuilds", "units_raised",
         "grain_checks", "grain_rebellions", "supply_shortfalls", "fleets_in_land_combat", "forts_demolished",
         "clients_conquered",
         # scenario 24's special rules: overruns (32), militia (29), the civil war (28)
         "overruns", "militia_sp_lost", "capital_morale_gains", "successions",
         # session 7: defections (20.3), barbarians asleep again (23.6), partings at sea (5.8),
         # the pirates' grain interference (27.1.4), forts taken after a siege (21.4)
         "defections", "reversions", "partings", "grain_interference", "forts_taken")  # fmt: skip


CHOICES = ("alliances", "plunders", "appeals", "treasures")
"""What the players chose to do, counted by ``players.notable``: alliances accepted, plunders,
appeals armed, treasures taken."""


def play(scenario: str, player: str, seed: int, timings: list[float], options: dict[str, str],
         choices: Counter[str]) -> tuple[ImperiumRomanumGame, int]:  # fmt: skip
    game = ImperiumRomanumGame.new(scenario, [], f"bench-{player}-{seed}", options)
    rng = random.Random(seed)
    choose = heuristic_choice if player == "heuristic" else random_choice
    n = 0
    while game.result() is None and n < 50_000:
        pick = choose(game, rng)
        if pick is None:
            break
        seat, cmd = pick
        kind = notable(game.state, cmd)
        if kind:
            choices[kind] += 1
        t0 = time.perf_counter()
        game.apply(seat, cmd)
        timings.append(time.perf_counter() - t0)
        n += 1
    return game, n


def _why(game: ImperiumRomanumGame) -> str:
    """Why a game ended: the end month, or which powers dissolved (20.0) and whether their
    Emperor or Rex was lost first (18.3, 19.1: 10 + 10 x value morale)."""
    st = game.state
    r = game.result()
    if r is None:
        return "unfinished"
    if r.level != "dissolution":
        return r.level
    # a non-Roman major that dissolved may be awake again as a minor power (20.2, ex_major.py)
    gone = [p for p, rec in st.powers.items() if (rec["major"] and rec["dissolved"]) or rec.get("ex_major")]
    chiefs = [p for p in gone if st.leaders.get(st.powers[p].get("chief", ""), {}).get("status") in ("dead", "captured")]
    return f"{','.join(gone)} dissolved" + (" after losing its chief" if chiefs else "")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--scenario", default="s12")
    parser.add_argument("--players", default="heuristic,random", help="which players, comma-separated")
    parser.add_argument("--options", default="divine_intervention=yes,treasure_cities=yes",
                        help="optional rules, name=value comma-separated (empty: none)")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.options.split(",") if item)
    ImperiumRomanumGame.new(args.scenario, [], "warm-up", {})  # load the map once
    ok = True
    for player in [p for p in args.players.split(",") if p in ("heuristic", "random")]:
        timings: list[float] = []
        totals: Counter[str] = Counter()
        results: Counter[str] = Counter()
        endings: Counter[str] = Counter()
        choices: Counter[str] = Counter()
        walls, months, commands = [], [], []
        for seed in range(args.games):
            t0 = time.perf_counter()
            game, n = play(args.scenario, player, seed, timings, options, choices)
            walls.append(time.perf_counter() - t0)
            months.append(game.state.turn)
            commands.append(n)
            totals.update(game.state.stats)
            r = game.result()
            endings[_why(game)] += 1
            results[(",".join(r.winners) or "nobody") + f" ({r.level})" if r else "unfinished"] += 1
        median_ms = statistics.median(timings) * 1000 if timings else 0.0
        print(f"{player}: {args.games} games of {args.scenario}; worst game {max(walls):.2f} s, "
              f"mean {statistics.mean(walls):.2f} s; months {min(months)}-{max(months)}; "
              f"commands {min(commands)}-{max(commands)}; median command {median_ms:.3f} ms")  # fmt: skip
        print("  results:", dict(sorted(results.items())))
        print("  events:", ", ".join(f"{k} {totals.get(k, 0)}" for k in STATS))
        print("  choices:", ", ".join(f"{k} {choices.get(k, 0)}" for k in CHOICES), f"(options: {options or 'none'})")
        print("  why the games ended:", dict(sorted(endings.items())))
        if player == "heuristic":
            ok = ok and max(walls) <= 10.0 and median_ms <= 2.0
    print("targets (heuristic game <= 10 s, median command <= 2 ms):", "met" if ok else "MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
