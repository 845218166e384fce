"""One command round trip on SQLite: validate, apply, persist, build the outcome.

Plays the tiny test game through the Moderator (no Discord) and prints the median and p99
time of one command. Targets on a 2-core machine: median <= 5 ms, p99 <= 25 ms.
Run: ``scripts/bench bench_roundtrip`` or ``python -m benchmarks.bench_roundtrip``.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from tinygame import TinyGame  # noqa: E402

from bot.clock import FakeClock  # noqa: E402
from bot.moderator import Moderator  # noqa: E402
from bot.present import act_lines  # noqa: E402
from db.engine import make_engine  # noqa: E402
from db.migrate import upgrade  # noqa: E402
from rules.core import Command  # noqa: E402
from rules.core.registry import register  # noqa: E402

COMMANDS = 600


async def measure() -> list[float]:
    register(TinyGame)
    timings: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite:///{Path(tmp) / 'bench.db'}")
        await upgrade(engine)
        moderator = Moderator(engine, clock=FakeClock())
        channel = 0
        while len(timings) < COMMANDS:
            channel += 1
            key = f"bench-{channel}"
            await moderator.create("g", key, "alice", "tiny", "race")
            await moderator.join(key, "alice")
            await moderator.join(key, "bob")
            row, _ = await moderator.start(key, "alice")
            game_id = row.id or 0
            while len(timings) < COMMANDS:
                row = await moderator.get(game_id)
                if row.status != "active":
                    break
                game = await moderator.load(row)
                pending = game.pending_decision()
                started = time.perf_counter()
                if pending is not None:
                    result = await moderator.decide(
                        game_id, row.seats[pending.seat], pending.id, "pass", row.seq
                    )
                else:
                    seat = game.to_move()[0]
                    result = await moderator.act(key, row.seats[seat], Command("play", {"steps": 1}))
                act_lines(result)
                timings.append((time.perf_counter() - started) * 1000)
        await engine.dispose()
    return timings


def main() -> None:
    timings = sorted(asyncio.run(measure()))
    median = statistics.median(timings)
    p99 = timings[int(len(timings) * 0.99) - 1]
    print(f"command round trip on SQLite ({len(timings)} commands, tiny game)")
    print(f"median {median:.2f} ms (target <= 5 ms)")
    print(f"p99 {p99:.2f} ms (target <= 25 ms)")


if __name__ == "__main__":
    main()
