"""Resident memory of one Praetor process, against the targets of issue 14.

Measures, in this process (as ``praetor bot`` runs: allocator tuned, the objects loaded at start
frozen out of the cycle collector, SQLite database):
1. at rest: the bot built with every cog, its command tree translated, no game;
2. after a first Imperator game is started through the cogs (its map drawn), then finished;
3. with 1,000 distinct Imperator games active, each receiving commands (random legal ones,
   round after round, so every game is loaded and changed, not left sitting in the database).

Targets on a 2-core machine: at rest <= 120 MB; 1,000 active games <= 300 MB.

Games are opened ``--open-batch`` at a time (default 8) and their commands played ``--batch``
games at a time (default 50): each game's steps stay in order, the batch's games overlap, as
players of different games do. One by one, 10,000 games spent most of their time waiting for
the database's thread on a busy machine (issue 14: the run once stopped at 7,927 games).
Opening a game writes through ORM sessions, which wait on SQLite's lock at most 5 s: 50 at
once on a loaded machine made one of them fail ("database is locked"), hence the smaller
batch; commands take turns on the Moderator's own write lock.

Run: ``scripts/bench bench_memory`` or ``python -m benchmarks.bench_memory [--games N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from bot.memory import freeze_startup_objects, rss_mb, tune_allocator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

T = TypeVar("T")
REST_TARGET_MB = 120.0
ACTIVE_TARGET_MB = 300.0


def line(label: str, value: float, target: float | None = None) -> str:
    verdict = ""
    if target is not None:
        verdict = f" (target <= {target:.0f} MB: {'met' if value <= target else 'MISSED'})"
    return f"{label}: {value:.1f} MB{verdict}"


async def in_batches(work: Callable[[int], Awaitable[T]], count: int, batch: int) -> list[T]:
    """``work(n)`` for n in 0..count-1, ``batch`` at a time; the results in order."""
    results: list[T] = []
    for first in range(0, count, batch):
        results += await asyncio.gather(*(work(n) for n in range(first, min(count, first + batch))))
    return results


async def measure(games: int, rounds: int, batch: int = 50, open_batch: int = 8) -> list[str]:
    from reliability.players import Setup, open_game, play_one

    from bot import local
    from bot.clock import FakeClock
    from bot.local import LocalTable
    from bot.moderator import Moderator
    from db.engine import make_engine
    from db.migrate import upgrade

    report: list[str] = []
    # memory, not speed: a busy machine must not fail the run on Discord's 3 s answer limit,
    # which the local table enforces (the first map alone can take that long there)
    local.INITIAL_RESPONSE_SECONDS = 60.0
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite:///{Path(tmp) / 'bench.db'}")
        await upgrade(engine)
        moderator = Moderator(engine, clock=FakeClock())
        table = LocalTable(moderator, Path(tmp) / "images", cold=False)
        await table.setup()
        await table.bot.translated_command_tree_payload()  # as the bot does at start
        freeze_startup_objects()  # as `praetor bot` does once its cogs are loaded
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

        setup = Setup("imperator", "avidius_cassius")
        started = time.perf_counter()
        ids = await in_batches(
            lambda n: open_game(moderator, f"bench-{n}", setup), games, open_batch
        )
        opened = time.perf_counter() - started
        rngs = [random.Random(f"14:{n}") for n in range(games)]  # one player per game
        commands = 0
        for _ in range(rounds):
            played = await in_batches(lambda n: play_one(moderator, ids[n], rngs[n]), games, batch)
            commands += sum(played)
        gc.collect()
        active = 0
        for game_id in ids:
            active += (await moderator.get(game_id)).status == "active"
        seconds = time.perf_counter() - started
        report.append(
            line(
                f"{games} Imperator games opened ({opened:.0f} s), {active} still active after "
                f"{commands} commands ({seconds:.0f} s in all)",
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
    parser.add_argument("--batch", type=int, default=50, help="games playing at once (default 50)")
    parser.add_argument("--open-batch", type=int, default=8, help="games opened at once (default 8)")
    args = parser.parse_args()
    print(
        f"resident memory of one process (RSS), Python {sys.version.split()[0]}, "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    for shown in asyncio.run(measure(args.games, args.rounds, args.batch, args.open_batch)):
        print(shown, flush=True)
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
