"""Benchmark: Discord requests per accepted command (issue 10 item 7: a request budget).

Replays every transcript of ``tests/transcripts/`` on the local table (the real cogs) and counts
the requests the bot would make to Discord: each interaction response (answer, defer, edit),
each follow-up, each channel post, each status edit (a new status message counts two: post and
pin). The requests made while a step is handled, plus the outbox sender's run that follows it,
are charged to that step's accepted commands (a step that adds no event, such as a refusal or a
lobby command, is not counted). The clock is moved on by the status delay after every step, as
if each player took that long to act, so every command's status edit is sent and counted: the
worst case for coalescing.

Target: mean <= 2.5 and max <= 4 requests per accepted command.
Run: ``python -m benchmarks.bench_requests`` (``scripts/bench bench_requests``).
"""

from __future__ import annotations

import asyncio
import io
import re
import statistics
import sys
import tempfile
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))

from bot import local  # noqa: E402
from bot.outbox import STATUS_DELAY_SECONDS  # noqa: E402
from bot.transcript import TranscriptFailure, TranscriptRunner, parse_transcript  # noqa: E402
from cogs.outbox import drain  # noqa: E402

TRANSCRIPTS = ROOT / "tests" / "transcripts"
MEAN_TARGET = 2.5
MAX_TARGET = 4


class Counter:
    """Counts the requests the local table's stand-ins for Discord receive."""

    def __init__(self) -> None:
        self.requests = 0
        self.undo: list[Callable[[], None]] = []

    def wrap(self, owner: Any, name: str, cost: Callable[..., int] | None = None) -> None:
        original = getattr(owner, name)

        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.requests += cost(*args, **kwargs) if cost is not None else 1
            return await original(*args, **kwargs)

        setattr(owner, name, counted)
        self.undo.append(lambda: setattr(owner, name, original))

    def __enter__(self) -> Counter:
        self.wrap(local.LocalResponse, "send_message")
        self.wrap(local.LocalResponse, "defer")
        self.wrap(local.LocalResponse, "edit_message")
        self.wrap(local.LocalFollowup, "send")
        self.wrap(local.LocalPublisher, "send")
        self.wrap(
            local.LocalPublisher,
            "pin_status",
            lambda self, channel, message_id, content: 1 if message_id else 2,
        )
        return self

    def __exit__(self, *exc: Any) -> None:
        for undo in reversed(self.undo):
            undo()


async def replay(path: Path, tmp: Path, counter: Counter) -> list[float]:
    """Requests per accepted command, one figure per step that added events."""
    text = path.read_text(encoding="utf-8")
    runner = TranscriptRunner(tmp / f"{path.stem}.db", 1, tmp / "images", io.StringIO())
    runner.forced_seeds = re.findall(r"^\s*# seed: (\S+)", text, flags=re.MULTILINE)
    figures: list[float] = []
    await runner.open()
    try:
        for step in parse_transcript(text):
            before_events = await runner.event_count()
            before = counter.requests
            try:
                await runner.run_step(step)
            except TranscriptFailure as failure:  # count what was played; say where it stopped
                print(f"{path.name}: stopped at {failure}", file=sys.stderr)
                break
            assert runner.table is not None
            runner.clock.advance(timedelta(seconds=STATUS_DELAY_SECONDS))
            await drain(runner.table.bot)
            added = await runner.event_count() - before_events
            if added > 0:
                figures.extend([(counter.requests - before) / added] * added)
    finally:
        await runner.close()
    return figures


async def measure() -> dict[str, list[float]]:
    from rules.core.registry import register_module

    register_module("tinygame")  # the test game of tiny_pipeline.txt
    results: dict[str, list[float]] = {}
    with Counter() as counter, tempfile.TemporaryDirectory() as tmp:
        for path in sorted(TRANSCRIPTS.glob("*.txt")):
            results[path.stem] = await replay(path, Path(tmp), counter)
    return results


def main() -> None:
    results = asyncio.run(measure())
    every = [value for values in results.values() for value in values]
    print(
        f"Discord requests per accepted command (target: mean <= {MEAN_TARGET}, "
        f"max <= {MAX_TARGET})"
    )
    for name, values in results.items():
        if values:
            print(
                f"{name:28} {len(values):4} commands  mean {statistics.mean(values):.2f}  "
                f"max {max(values):.0f}"
            )
    mean, most = statistics.mean(every), max(every)
    ok = mean <= MEAN_TARGET and most <= MAX_TARGET
    print(
        f"{'all transcripts':28} {len(every):4} commands  mean {mean:.2f}  max {most:.0f}  "
        + ("ok" if ok else "OVER TARGET")
    )


if __name__ == "__main__":
    main()
