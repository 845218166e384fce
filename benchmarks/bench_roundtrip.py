"""One command round trip on SQLite, on a real Imperator campaign (issue 14, "Faster, smaller").

A round trip is what the bot does for an accepted command: load the game (the cache), check
the seat, validate and apply the command, persist it (event, game row, snapshot every few
events, decisions, reminders, the posts it owes, composed by the real ``cogs.outbox.compose``)
and build the outcome's lines, with Imperator's hooks of the composer loaded as in the bot
(battle card, names of the ``names`` option, the theatre view). No Discord, no map rendering (it runs after the answer, off the
loop, timed by ``bench_render``).

Every game is the 161-217 campaign from the same secret seed, driven by the same script of
random legal commands (``rules.imperator.random_player``), so 1,000 games are 1,000 distinct
rows and cached states that each receive their own commands.

1. Round trip: ``COMMANDS`` commands one after the other, spread over 20 games.
   Targets: median <= 2 ms, p99 <= 10 ms.
2. Throughput: 1,000 active games, 50 commands in flight at a time (as many players acting at
   once), each game's commands in order. Target: >= 500 commands per second; the round trips
   under that load are printed too.

The process is prepared as ``praetor bot`` prepares itself (``bot/memory.py``: allocator tuned,
the objects loaded at start frozen out of the cycle collector) before any game exists.

Every figure is printed against its target with the machine's load average before and after
the part, and with the processor time per command (all threads of this process): on a shared
machine the wall-clock figures include the wait for a core, the processor time does not.

Run: ``scripts/bench bench_roundtrip`` or ``python -m benchmarks.bench_roundtrip [--games N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import cogs.imperator_operations  # noqa: E402, F401  (Imperator's composer hooks, as the bot loads them)
from bot.clock import FakeClock  # noqa: E402
from bot.memory import freeze_startup_objects, tune_allocator  # noqa: E402
from bot.moderator import Moderator  # noqa: E402
from bot.present import act_lines  # noqa: E402
from cogs.outbox import compose  # noqa: E402
from db.engine import make_engine  # noqa: E402
from db.migrate import upgrade  # noqa: E402
from rules.core import Command  # noqa: E402
from rules.imperator import random_player  # noqa: E402
from rules.imperator.game import ImperatorGame  # noqa: E402

COMMANDS = 1000
"""Commands timed one after the other (part 1)."""
SEED = "camp2"
PLAYER_SEED = 3
USERS = {"rome": "alice", "enemies": "bob"}
MEDIAN_MS, P99_MS, PER_SECOND = 2.0, 10.0, 500.0
cpu_ms: dict[str, float] = {}
"""Processor time per command of the last run of each part (all threads of this process):
what a command costs whatever else the machine is doing."""


def script(commands: int) -> list[tuple[str, Command]]:
    """The campaign's first ``commands`` random legal commands (the same for every game)."""
    shadow = ImperatorGame.new("campaign", list(USERS), SEED, {})
    return random_player.play(shadow, seed=PLAYER_SEED, max_commands=commands)


async def start_game(moderator: Moderator, n: int) -> int:
    channel = f"bench-{n}"
    await moderator.create("bench", channel, "alice", "imperator", "campaign")
    await moderator.join(channel, "alice", "rome")
    await moderator.join(channel, "bob", "enemies")
    row, _ = await moderator.start(channel, "alice")
    return row.id or 0


async def start_games(moderator: Moderator, count: int, at_once: int = 8) -> list[int]:
    """``count`` games opened and started, ``at_once`` at a time (not timed)."""
    ids: list[int] = []
    for first in range(0, count, at_once):
        batch = range(first, min(count, first + at_once))
        ids += await asyncio.gather(*(start_game(moderator, n) for n in batch))
    return ids


async def round_trip(moderator: Moderator, game_id: int, seat: str, command: Command) -> float:
    """Milliseconds for one command, from its arrival to its outcome's lines."""
    started = time.perf_counter()
    result = await moderator.act_in(game_id, USERS[seat], command)
    act_lines(result)
    return (time.perf_counter() - started) * 1000


def new_moderator(engine: object) -> Moderator:
    moderator = Moderator(engine, clock=FakeClock(), seed_source=lambda: SEED)  # type: ignore[arg-type]
    moderator.composer = compose  # what the bot sets: the posts each command owes
    return moderator


async def measure(commands: int | None = None) -> list[float]:
    """Part 1: ``commands`` round trips, one at a time, over 20 games (a tenth of the games
    take turns, so every game goes on long enough to pass several snapshots)."""
    commands = commands or COMMANDS
    games = min(20, max(1, commands // 20))
    per_game = -(-commands // games)
    moves = script(per_game)
    timings: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite:///{Path(tmp) / 'bench.db'}")
        await upgrade(engine)
        moderator = new_moderator(engine)
        ids = await start_games(moderator, games)
        cpu = time.process_time()
        for seat, command in moves:
            for game_id in ids:
                if len(timings) == commands:
                    break
                timings.append(await round_trip(moderator, game_id, seat, command))
        cpu_ms["round trip"] = (time.process_time() - cpu) * 1000 / max(1, len(timings))
        moderator.transactions.dispose()
        await engine.dispose()
    return timings


async def throughput(games: int, per_game: int, in_flight: int = 50) -> tuple[float, list[float]]:
    """Part 2: ``games`` active games, ``per_game`` commands each, ``in_flight`` at a time in
    random game order; (commands per second, round trips in ms)."""
    moves = script(per_game)
    timings: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite:///{Path(tmp) / 'bench.db'}")
        await upgrade(engine)
        moderator = new_moderator(engine)
        ids = await start_games(moderator, games)
        ready: asyncio.Queue[tuple[int, int]] = asyncio.Queue()
        order = random.Random(1)
        shuffled = ids[:]
        order.shuffle(shuffled)
        for game_id in shuffled:
            ready.put_nowait((game_id, 0))
        total = len(moves) * games

        async def player() -> None:
            while len(timings) < total:
                game_id, done = await ready.get()
                seat, command = moves[done]
                timings.append(await round_trip(moderator, game_id, seat, command))
                if done + 1 < len(moves):
                    ready.put_nowait((game_id, done + 1))

        started, cpu = time.perf_counter(), time.process_time()
        workers = [asyncio.create_task(player()) for _ in range(in_flight)]
        while len(timings) < total:
            await asyncio.sleep(0.01)
        elapsed = time.perf_counter() - started
        cpu_ms["throughput"] = (time.process_time() - cpu) * 1000 / total
        for worker in workers:
            worker.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
        moderator.transactions.dispose()
        await engine.dispose()
    return total / elapsed, timings


def percentiles(timings: list[float]) -> tuple[float, float]:
    ordered = sorted(timings)
    return statistics.median(ordered), ordered[max(0, int(len(ordered) * 0.99) - 1)]


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def load_average() -> float:
    return os.getloadavg()[0]


def report_round_trip(commands: int, timings: list[float], loads: tuple[float, float]) -> list[str]:
    median, p99 = percentiles(timings)
    cpu = cpu_ms["round trip"]
    return [
        f"1. Imperator command round trip on SQLite, {commands} commands one at a time "
        f"(load average {loads[0]:.1f} before, {loads[1]:.1f} after)",
        f"   median {median:.2f} ms (target <= {MEDIAN_MS:g} ms: {verdict(median <= MEDIAN_MS)})",
        f"   p99    {p99:.2f} ms (target <= {P99_MS:g} ms: {verdict(p99 <= P99_MS)})",
        f"   processor time {cpu:.2f} ms per command "
        f"(<= {MEDIAN_MS:g} ms: {verdict(cpu <= MEDIAN_MS)}; what a command costs on a free core)",
    ]


def report_throughput(
    games: int, per_game: int, in_flight: int, rate: float, timings: list[float],
    loads: tuple[float, float],
) -> list[str]:
    median, p99 = percentiles(timings)
    cpu = cpu_ms["throughput"]
    ceiling = 1000 / cpu if cpu else 0.0
    return [
        f"2. throughput: {games} active Imperator games x {per_game} commands, {in_flight} in "
        f"flight (load average {loads[0]:.1f} before, {loads[1]:.1f} after)",
        f"   {rate:.0f} commands/s (target >= {PER_SECOND:g}: {verdict(rate >= PER_SECOND)})",
        f"   processor time {cpu:.2f} ms per command, so at most {ceiling:.0f} commands/s on one "
        f"free core (>= {PER_SECOND:g}: {verdict(ceiling >= PER_SECOND)})",
        f"   round trip under that load: median {median:.2f} ms, p99 {p99:.2f} ms",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=COMMANDS)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--per-game", type=int, default=5)
    parser.add_argument("--in-flight", type=int, default=50)
    args = parser.parse_args()

    tune_allocator()  # what `praetor` does first
    freeze_startup_objects()  # and once it is loaded (bot/cli.py run_bot)
    print(f"machine: {os.cpu_count()} cores; Python {sys.version.split()[0]}")
    before = load_average()
    timings = asyncio.run(measure(args.commands))
    for shown in report_round_trip(args.commands, timings, (before, load_average())):
        print(shown, flush=True)
    before = load_average()
    rate, loaded = asyncio.run(throughput(args.games, args.per_game, args.in_flight))
    loads = (before, load_average())
    for shown in report_throughput(args.games, args.per_game, args.in_flight, rate, loaded, loads):
        print(shown)
    if max(loads) > (os.cpu_count() or 1):
        print(
            "note: the load average exceeded the number of cores, so the wall-clock figures "
            "include waiting for a core; the processor times do not"
        )


if __name__ == "__main__":
    main()
