"""Memory: RSS after 100 / 1,000 / 10,000 games created, played and finished in one process.

Games of every kind in turn are opened, given a few random commands (their posts delivered by
the real sender), then conceded; the resident size is read after each milestone. Holds when
the size levels off: finished games leave nothing behind (the cache, the locks, the outbox).
"""

from __future__ import annotations

import gc
import random
from pathlib import Path

from bot.memory import rss_mb
from bot.moderator import Moderator

from .harness import Findings, Harness
from .players import SETUPS, USERS, deterministic_seeds, open_game, play_one


async def memory(
    moderator: Moderator, images: Path, milestones: tuple[int, ...], commands: int = 3,
    seed: int = 14, backend: str = "sqlite", growth_limit_mb: float = 60.0, echo: bool = False,
) -> tuple[Findings, list[tuple[int, float]]]:
    """RSS (MB) at each milestone of games played; a failure when, past the first milestone,
    the size grows by more than ``growth_limit_mb``."""
    from cogs.outbox import drain

    findings = Findings("memory", backend)
    rng = random.Random(seed)
    deterministic_seeds(moderator, seed)  # the same run for its seed in any process
    figures: list[tuple[int, float]] = []
    async with Harness(moderator, images) as harness:
        if harness.recorder is not None:
            harness.recorder.keep = False  # the probe's own memory is not the bot's
        gc.collect()
        figures.append((0, rss_mb()))
        played = 0
        for milestone in milestones:
            while played < milestone:
                setup = SETUPS[played % len(SETUPS)]
                channel = f"mem-{played}"
                game_id = await open_game(moderator, channel, setup)
                for _ in range(commands):
                    if not await play_one(moderator, game_id, rng):
                        break
                row = await moderator.get(game_id)
                if row.status == "active":
                    holder = next(u for u in row.seats.values() if u in USERS)
                    await moderator.concede(channel, holder)
                await drain(harness.table.bot, limit=200)
                harness.table.outputs.clear()  # the local table's records, not the bot's
                harness.table.pinned.clear()
                played += 1
            gc.collect()
            figures.append((played, rss_mb()))
            if echo:
                print(f"  memory: {played:,} games, RSS {figures[-1][1]:.1f} MB", flush=True)
            findings.counts["games played and finished"] = played
        findings.counts["games left in the cache"] = len(moderator._cache)
        findings.counts["locks kept"] = len(moderator._locks)
    if len(moderator._cache):
        findings.fail(f"{len(moderator._cache)} finished games still in the Moderator's cache")
    if len(figures) > 2 and figures[-1][1] - figures[1][1] > growth_limit_mb:
        findings.fail(
            f"RSS grew {figures[-1][1] - figures[1][1]:.0f} MB from {figures[1][0]} to "
            f"{figures[-1][0]} games (limit {growth_limit_mb:.0f} MB)"
        )
    return findings, figures
