"""Crashes: ``kill -9`` at random moments of a process playing random games (issue 14).

A child process (``python -m reliability.crashes CHILD URL SEED``) plays random commands in
several games of every kind on the database, answers due timeouts and, as a sender would,
claims and marks the outbox's posts. The parent kills it with SIGKILL at a random moment, then
checks: every game loads, its snapshot, its game row and its event log agree (no command half
applied) and the snapshot equals the replay; then it delivers what the outbox still owes
through the real sender (cogs.outbox.drain) and checks that nothing owed is left.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

from sqlmodel import col, select

from bot.moderator import Moderator
from db.models import EventRow, GameRow, OutboxRow

from .harness import Findings, Harness
from .players import SETUPS, consistency_problems, deterministic_seeds, open_game, play_one

TESTS = Path(__file__).resolve().parents[1]
ACTIVE_GAMES = 5
"""Games in play at once: one of each kind (Imperator, Barracks, Rome, IInc., Imperium
Romanum) at least, opened first."""


async def child(url: str, seed: int) -> None:
    """Play forever (until killed): random commands, timeouts, a sender's claims."""
    from bot.clock import Clock
    from cogs.outbox import compose
    from db.engine import make_engine
    from rules.core.registry import get_game

    engine = make_engine(url)
    moderator = Moderator(engine, clock=Clock())
    moderator.composer = compose  # the posts each command owes, as the bot's scheduler sets
    rng = random.Random(seed)
    deterministic_seeds(moderator, seed)  # the same run for its seed in any process
    for setup in SETUPS:  # data loaded before the clock starts: the kills land mid-game
        seats = list(get_game(setup.kind).scenario(setup.scenario).seats)
        get_game(setup.kind).new(setup.scenario, seats, "warm", dict(setup.options))
    print("ready", flush=True)
    moving = False
    while True:
        async with moderator.sessions() as session:
            rows = (
                await session.exec(
                    select(GameRow.id, GameRow.kind).where(GameRow.status == "active")
                )
            ).all()
        active = [game_id for game_id, _kind in rows]
        if len(active) < ACTIVE_GAMES:  # a game of each kind first, then any
            missing = [s for s in SETUPS if s.kind not in {kind for _id, kind in rows}]
            setup = rng.choice(missing or list(SETUPS))
            await open_game(moderator, f"crash-{seed}-{rng.randrange(10**9)}", setup)
            continue
        await play_one(moderator, rng.choice(active) or 0, rng)
        if not moving:  # the parent's clock starts: the kill lands while games move
            print("moving", flush=True)
            moving = True
        if rng.random() < 0.1:
            await moderator.process_due()
        if rng.random() < 0.3:
            for row in await moderator.outbox.claim(limit=5):
                if rng.random() < 0.8:
                    await moderator.outbox.mark_sent(row, f"crash-{row.id}")


async def check_after_crash(moderator: Moderator, harness: Harness, findings: Findings) -> None:
    from cogs.outbox import drain

    async with moderator.sessions() as session:
        games = list((await session.exec(select(GameRow.id, GameRow.kind))).all())
    for game_id, kind in games:
        for problem in await consistency_problems(moderator, game_id or 0):
            findings.fail(f"after kill {findings.counts['kills']}: {problem}", kind=f"after a kill: {problem}")
        findings.counts[f"games checked: {kind}"] += 1
    findings.counts["games checked"] += len(games)
    async with moderator.sessions() as session:
        findings.counts["events in the log"] = len(
            (await session.exec(select(EventRow.id))).all()
        )
    clock = moderator.clock
    clock.advance(timedelta(hours=1))  # type: ignore[attr-defined]  # leases of the dead sender end
    delivered = 0
    for _ in range(200):
        sent = await drain(harness.table.bot, limit=200)
        delivered += sent
        if not sent:
            break
    findings.counts["posts delivered after the kills"] += delivered
    async with moderator.sessions() as session:
        owed = (
            await session.exec(
                select(OutboxRow.id)
                .where(col(OutboxRow.sent_at).is_(None))
                .where(col(OutboxRow.given_up).is_(False))
                .where(OutboxRow.kind != "private")
            )
        ).all()
    if owed:
        findings.fail(f"after kill {findings.counts['kills']}: {len(owed)} posts still owed")


async def crashes(
    moderator: Moderator, url: str, images: Path, kills: int, seed: int = 14,
    backend: str = "sqlite", check_every: int = 10,
) -> Findings:
    """``kills`` SIGKILLs of a child playing on ``url`` (the database of ``moderator``)."""
    findings = Findings("crashes", backend)
    rng = random.Random(seed)
    deterministic_seeds(moderator, seed)  # the same run for its seed in any process
    paths = [str(TESTS), str(TESTS.parent), *(p for p in sys.path if p)]  # this checkout first
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    async with Harness(moderator, images) as harness:
        if harness.recorder is not None:
            harness.recorder.keep = False
        for number in range(kills):
            process = subprocess.Popen(
                [sys.executable, "-m", "reliability.crashes", "child", url, str(seed * 1000 + number)],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=str(TESTS),
            )
            assert process.stdout is not None
            ready = await asyncio.to_thread(process.stdout.readline)
            if ready.strip() == b"ready":
                ready = await asyncio.to_thread(process.stdout.readline)
            if ready.strip() != b"moving":
                _out, err = process.communicate(timeout=30)
                findings.fail(f"child {number} did not start: {err.decode()[-500:]}", kind="a child did not start")
                continue
            await asyncio.sleep(rng.uniform(0.0, 1.5))
            if process.poll() is not None:
                _out, err = process.communicate(timeout=30)
                findings.fail(f"child {number} died by itself: {err.decode()[-800:]}", kind="a child died by itself")
                continue
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=30)
            if process.stdout:
                process.stdout.close()
            if process.stderr:
                process.stderr.close()
            findings.counts["kills"] += 1
            if (number + 1) % check_every == 0 or number + 1 == kills:
                await check_after_crash(moderator, harness, findings)
    return findings


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "child":
        asyncio.run(child(sys.argv[2], int(sys.argv[3])))
    else:
        print("usage: python -m reliability.crashes child DATABASE_URL SEED", file=sys.stderr)
        sys.exit(2)
