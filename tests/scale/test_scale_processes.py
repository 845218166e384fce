"""Several processes on one PostgreSQL, one killed midway (issue 14, "Beyond one process").

Three processes (``scale_worker.py play``), each owning two of six Discord shards, seat and
start 1,000 games and deliver 10 interactions to each (10,000 commands). When one of them has
delivered about half of its share it is killed with SIGKILL, and a replacement for the same
shards delivers every interaction of those games again. Then three scheduler processes
(``scale_worker.py due``) run on a clock a day ahead, then three days ahead: they apply the
timeouts of the 500 games left waiting on a decision, fire the reminders and send the outbox.

Checked afterwards, from the database and the senders' logs: nothing lost (every game has its
10 interactions, each landed as one event, seqs 1..10 without gaps), nothing doubled (one
event per interaction key, one timeout per waiting game), every reminder fired once (no due
reminder left unsent, one post per reminder sent), every outbox row sent by exactly one
process, and each game's stored state equals the replay of its log.

Needs PostgreSQL (``PRAETOR_TEST_DATABASE_URL``; ``scripts/test`` starts one under CI): skipped
without it, failed under ``CI=true``. It creates and drops its own database, so it never
touches the suite's. Takes about a minute on a 2-core machine.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from db.engine import make_engine, normalise_url
from db.migrate import upgrade
from db.models import DecisionRow, EventRow, GameRow, InteractionRow, OutboxRow, ReminderRow, table

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))

from tinygame import TinyGame  # noqa: E402

from rules.core.registry import register  # noqa: E402

register(TinyGame)
WORKER = HERE / "scale_worker.py"
GAMES, COMMANDS = 1000, 10
SHARDS = ("0-1", "2-3", "4-5")
SHARD_COUNT = "6"
VICTIM = 1  # the process killed midway (shards 2-3)
DAY = 86_400
TIME_LIMIT = 240  # seconds for one phase before the test gives up (CI budget: well under 90 s)


def postgres_url() -> str:
    url = os.environ.get("PRAETOR_TEST_DATABASE_URL") or os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        return url
    if os.environ.get("CI"):
        pytest.fail("CI is set but no PostgreSQL URL (PRAETOR_TEST_DATABASE_URL) was given")
    pytest.skip("no PostgreSQL server: set PRAETOR_TEST_DATABASE_URL (scripts/test does under CI)")


@pytest.fixture
async def scale_database() -> AsyncIterator[str]:
    """A database of its own on the suite's PostgreSQL server, migrated, dropped afterwards."""
    base = make_url(normalise_url(postgres_url()))
    name = f"praetor_scale_{uuid.uuid4().hex[:8]}"
    admin = make_engine(base.render_as_string(hide_password=False)).execution_options(
        isolation_level="AUTOCOMMIT"
    )
    async with admin.connect() as conn:
        await conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = base.set(database=name).render_as_string(hide_password=False)
    engine = make_engine(url)
    await upgrade(engine)
    await engine.dispose()
    try:
        yield url
    finally:
        async with admin.connect() as conn:
            await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        await admin.dispose()


def start(*args: str, log: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONHASHSEED": "random"}
    return subprocess.Popen(
        [sys.executable, str(WORKER), *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=log.open("w"),
        text=True,
    )


def finish(process: subprocess.Popen[str], log: Path, deadline: float) -> str:
    try:
        out, _ = process.communicate(timeout=max(1.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail(f"a worker did not finish in time; its log:\n{log.read_text()[-3000:]}")
    assert process.returncode == 0, f"a worker failed:\n{log.read_text()[-3000:]}"
    return out


async def test_three_processes_one_killed_lose_nothing_double_nothing(
    scale_database: str, tmp_path: Path
) -> None:
    url = scale_database
    started = time.monotonic()
    # -- 1. three processes play; one is killed midway and replaced ----------------------
    deadline = time.monotonic() + TIME_LIMIT
    logs = [tmp_path / f"play-{n}.log" for n in range(len(SHARDS))]
    players = [
        start("play", url, shards, SHARD_COUNT, str(GAMES), str(COMMANDS), log=log)
        for shards, log in zip(SHARDS, logs, strict=True)
    ]
    victim = players[VICTIM]
    share = GAMES * COMMANDS // len(SHARDS)
    assert victim.stdout is not None
    delivered = 0
    for line in victim.stdout:
        if line.startswith("done "):
            delivered = int(line.split()[1])
            if delivered >= share // 2:
                break
    assert delivered >= share // 2, f"the victim stopped early:\n{logs[VICTIM].read_text()}"
    victim.send_signal(signal.SIGKILL)
    victim.wait()
    replacement_log = tmp_path / "play-replacement.log"
    replacement = start(
        "play", url, SHARDS[VICTIM], SHARD_COUNT, str(GAMES), str(COMMANDS), log=replacement_log
    )
    for n, process in enumerate(players):
        if n != VICTIM:
            assert "finished" in finish(process, logs[n], deadline)
    assert "finished" in finish(replacement, replacement_log, deadline)
    played = time.monotonic() - started

    # -- 2. three schedulers, a day later, then three days later --------------------------
    sent_logs = []
    for phase, offset in enumerate((DAY, 3 * DAY)):
        deadline = time.monotonic() + TIME_LIMIT
        runs = []
        for n in range(len(SHARDS)):
            sent = tmp_path / f"sent-{phase}-{n}.txt"
            log = tmp_path / f"due-{phase}-{n}.log"
            sent_logs.append(sent)
            runs.append((start("due", url, str(offset), str(sent), log=log), log))
        for process, log in runs:
            assert "finished" in finish(process, log, deadline)

    # -- 3. what the database and the senders say ------------------------------------------
    engine = make_engine(url)
    try:
        await check(engine, sent_logs)
    finally:
        await engine.dispose()
    total = time.monotonic() - started
    print(f"\nplayed in {played:.1f} s, whole test {total:.1f} s")


async def check(engine: AsyncEngine, sent_logs: list[Path]) -> None:
    from bot.moderator import Moderator

    events, games = table(EventRow).c, table(GameRow).c
    async with engine.connect() as conn:
        rows = (await conn.execute(select(games.id, games.channel_id, games.seq))).all()
        assert len(rows) == GAMES  # no game created twice by the replacement
        by_game: dict[int, list[int]] = {}
        for game_id, seq in (
            await conn.execute(select(events.game_id, events.seq).order_by(events.game_id, events.seq))
        ).all():
            by_game.setdefault(game_id, []).append(seq)
        players = Counter(
            dict(
                (
                    await conn.execute(
                        select(events.game_id, func.count())
                        .where(events.user_id != "system")
                        .group_by(events.game_id)
                    )
                ).all()
            )
        )
        timeouts = Counter(
            dict(
                (
                    await conn.execute(
                        select(events.game_id, func.count())
                        .where(events.user_id == "system")
                        .group_by(events.game_id)
                    )
                ).all()
            )
        )
        keys = table(InteractionRow).c
        landed = (await conn.execute(select(keys.key, keys.game_id))).all()
        open_decisions = (
            await conn.execute(
                select(func.count())
                .select_from(table(DecisionRow))
                .where(table(DecisionRow).c.resolved_at.is_(None))
            )
        ).scalar_one()
        reminders = table(ReminderRow).c
        fired = (
            await conn.execute(
                select(reminders.game_id, reminders.seq).where(reminders.sent_at.is_not(None))
            )
        ).all()
        unsent = (
            await conn.execute(select(reminders.due_at).where(reminders.sent_at.is_(None)))
        ).scalars().all()
        outbox = table(OutboxRow).c
        owed = (
            await conn.execute(select(outbox.id, outbox.game_id, outbox.seq, outbox.sent_at, outbox.payload))
        ).all()

    # nothing lost, nothing doubled: 10 interactions per game, each one event, seqs 1..n
    assert sum(players.values()) == GAMES * COMMANDS
    assert all(players[game_id] == COMMANDS for game_id, _, _ in rows)
    assert len(landed) == GAMES * COMMANDS and len({key for key, _ in landed}) == len(landed)
    channel = {game_id: name for game_id, name, _ in rows}
    for key, game_id in landed:  # "scale-<game>-<n>:1" landed in the game of that channel
        assert key.rsplit("-", 1)[0] == channel[game_id], key
    for game_id, _, seq in rows:
        assert by_game[game_id] == list(range(1, seq + 1))
    # the timeouts: each odd game waited on a decision, its default applied exactly once
    waiting = {game_id for game_id, name, _ in rows if int(name.split("-")[1]) % 2}
    assert len(waiting) == GAMES // 2
    assert {g for g, n in timeouts.items() if n} == waiting and set(timeouts.values()) == {1}
    assert open_decisions == 0
    # every reminder fired once: none due is left, and each one sent is one post
    last_run = datetime.now(UTC) + timedelta(seconds=3 * DAY - 3600)
    assert [due for due in unsent if due <= last_run] == []
    assert len(fired) >= GAMES
    reminder_posts = Counter(
        (game_id, seq) for _, game_id, seq, _, payload in owed if "⏰" in payload["content"]
    )
    assert reminder_posts == Counter((game_id, seq) for game_id, seq in fired)
    # the outbox: every row sent, each by exactly one process
    sent = [int(line) for log in sent_logs if log.exists() for line in log.read_text().split()]
    assert len(sent) == len(set(sent)), "an outbox row was sent twice"
    assert set(sent) == {row_id for row_id, *_ in owed}
    assert all(sent_at is not None for _, _, _, sent_at, _ in owed)
    # the stored state is the replay of the log, in this process (another hash seed)
    moderator = Moderator(engine)
    for game_id, _, _ in rows[:: max(1, GAMES // 100)]:
        row = await moderator.get(game_id)
        stored = json.dumps((await moderator.load(row)).to_json(), sort_keys=True)
        replayed = json.dumps((await moderator.rebuild(game_id)).to_json(), sort_keys=True)
        assert stored == replayed, f"game {game_id}: snapshot and replay differ"
    moderator.transactions.dispose()
