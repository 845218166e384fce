"""Resident memory of one Praetor process, against the targets of issue 14.

Measures, in this process (as ``praetor bot`` runs: allocator tuned, SQLite database):
1. at rest: the bot built with every cog, its command tree translated, no game;
2. after a first Imperator game is started through the cogs (its map drawn), then finished;
3. with 1,000 distinct Imperator games active, each receiving commands (random legal ones,
   round after round, so every game is loaded and changed, not left sitting in the database).

Targets on a 2-core machine: at rest <= 120 MB; 1,000 active games <= 300 MB.
Run: ``scripts/bench bench_memory`` or ``python -m benchmarks.bench_memory [--games N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import sys
import tempfile
import time
from pathlib import Path

from bot.memory import rss_mb, tune_allocator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

REST_TARGET_MB = 120.0
ACTIVE_TARGET_MB = 300.0


def line(label: str, value: float, target: float | None = None) -> str:
    verdict = ""
    if target is not None:
        verdict = f" (target <= {target:.0f} MB: {'met' if value <= target else 'MISSED'})"
    return f"{label}: {value:.1f} MB{verdict}"


async def measure(games: int, rounds: int) -> list[str]:
    from reliability.players import Setup, open_game, play_one

    from bot.clock import FakeClock
    from bot.local import LocalTable
    from bot.moderator import Moderator
    from db.engine import make_engine
    from db.migrate import upgrade

    report: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite:///{Path(tmp) / 'bench.db'}")
        await upgrade(engine)
        moderator = Moderator(engine, clock=FakeClock())
        table = LocalTable(moderator, Path(tmp) / "images", cold=False)
        await table.setup()
        await table.bot.translated_command_tree_payload()  # as the bot does at start
        gc.collect()
        rest = rss_mb()
        report.append(line("at rest (bot and cogs loaded, no game)", rest, REST_TARGET_MB))

        for user, command in [
            ("alice", "/game new game:imperator scenario:avidius_cassius"),
            ("alice", "/game join seat:rome"),
            ("bob", "/game join seat:enemies"),
            ("alice", "/game start"),
        ]:
            table.user = user
            await table.run_slash(command)
        await moderator.concede(table.channel_id, "alice")
        table.outputs.clear()
        gc.collect()
        report.append(
            line("at rest after a first Imperator game (map drawn, game over)", rss_mb(),
                 REST_TARGET_MB)
        )

        rng = random.Random(14)
        setup = Setup("imperator", "avidius_cassius")
        started = time.perf_counter()
        ids = [await open_game(moderator, f"bench-{n}", setup) for n in range(games)]
        commands = 0
        for _ in range(rounds):
            for game_id in ids:
                commands += await play_one(moderator, game_id, rng)
        gc.collect()
        active = 0
        for game_id in ids:
            active += (await moderator.get(game_id)).status == "active"
        seconds = time.perf_counter() - started
        report.append(
            line(
                f"{games} Imperator games opened, {active} still active after {commands} "
                f"commands ({seconds:.0f} s)",
                rss_mb(),
                ACTIVE_TARGET_MB if games >= 1000 else None,
            )
        )
        await table.close()
        await engine.dispose()
    return report


def main() -> None:
    tune_allocator()  # as `praetor` does first (bot/memory.py)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="active games (default 1000)")
    parser.add_argument("--rounds", type=int, default=3, help="commands per game (default 3)")
    args = parser.parse_args()
    print(f"resident memory of one process (RSS), Python {sys.version.split()[0]}")
    for shown in asyncio.run(measure(args.games, args.rounds)):
        print(shown)


if __name__ == "__main__":
    main()
