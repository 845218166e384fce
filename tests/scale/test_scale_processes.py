"""Several processes on one PostgreSQL, one killed midway (issue 14, "Beyond one process").

Three processes (``scale_worker.py play``), each owning two of six Discord shards, seat and
start 180 games and deliver 10 interactions to each (1,800 commands, twelve games in flight in
each process). When one of them has delivered about half of its share it is killed with
SIGKILL, and a replacement for the same shards delivers every interaction of those games again.
Then three scheduler processes (``scale_worker.py due``) run on a clock a day ahead, then three
days ahead: they apply the timeouts of the 90 games left waiting on a decision, fire the
reminders and send the outbox. (Until session 10 it ran 1,000 games, 10,000 commands: 78 s of
the suite, nearly all of it the same per-game work a thousand times; the property is the same
at 180 and ``PRAETOR_SCALE_GAMES=1000`` runs the full size.) The replacement and the three
schedulers are started with the players and wait (``scale_worker.py wait``) until the kill,
resp. the end of the play, before they touch the database: their imports, seconds on a loaded
machine, no longer stand between one phase and the next.

Checked afterwards, from the database and the senders' logs: nothing lost (every game has its
10 interactions, each landed as one event, seqs 1..10 without gaps), nothing doubled (one
event per interaction key, one timeout per waiting game), every reminder fired once (no due
reminder left unsent, one post per reminder sent), every outbox row sent by exactly one
process, and each game's stored state equals the replay of its log.

The same run with real Imperator games (``test_three_processes_real_imperator_games``): the
campaign with the bot's real composer, at a bounded size (``PRAETOR_SCALE_IMPERATOR_GAMES``,
default 36 games of 8 interactions) so that the suite stays short; the full-size run of real
games is ``benchmarks/bench_roundtrip.py``'s business. Checked: nothing lost or doubled, seqs
without gaps, each decision left waiting timed out by one process, no due reminder left, every
row the background sender may send sent once, and every game's stored state equal to its
replay in another process (each worker runs with its own random hash seed). The same for
the three other games in turn (``test_three_processes_real_games_of_the_other_kinds``: The
Barracks Emperors, Rome, IInc., Imperium Romanum; 18 games of 6 interactions by default).

Needs PostgreSQL (``PRAETOR_TEST_DATABASE_URL``; ``scripts/test`` starts one under CI): skipped
without it, failed under ``CI=true``. Each test creates and drops its own database, so it never
touches the suite's. Takes about 20 s on a quiet 2-core machine (session 10).
"""

from __future__ import annotations

import asyncio
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
from typing import Any

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

from db.engine import make_engine, normalise_url
from db.migrate import upgrade
from db.models import DecisionRow, EventRow, GameRow, InteractionRow, OutboxRow, ReminderRow, table

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))

from scale_worker import interactions_of  # noqa: E402
from tinygame import TinyGame  # noqa: E402

from rules.core.registry import register  # noqa: E402

register(TinyGame)
WORKER = HERE / "scale_worker.py"
GAMES = int(os.environ.get("PRAETOR_SCALE_GAMES") or 180)
"""180 games (1,800 commands; an even number, a multiple of the six shards). The time is per
game (~11 outbox rows, each claimed and sent in its own transaction, and 14 transactions of
play), so the
suite runs 180; ``PRAETOR_SCALE_GAMES=1000`` is the full-size run of sessions 5 to 9."""
COMMANDS = 10
SHARDS = ("0-1", "2-3", "4-5")
SHARD_COUNT = "6"
VICTIM = 1  # the process killed midway (shards 2-3)
DAY = 86_400
TIME_LIMIT = float(os.environ.get("PRAETOR_SCALE_TIME_LIMIT") or 240)
"""Seconds one phase may take before the test gives up (a loaded machine may raise it)."""
IMPERATOR_GAMES = int(os.environ.get("PRAETOR_SCALE_IMPERATOR_GAMES") or 36)
IMPERATOR_COMMANDS = 8
"""The real-game run: 36 Imperator campaigns of 8 interactions (288 commands) by default."""
OTHER_GAMES = int(os.environ.get("PRAETOR_SCALE_OTHER_GAMES") or 18)
OTHER_COMMANDS = 6
"""The run of the other games: 18 (6 of each kind) of 6 interactions by default."""


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
        await drop_database(admin, name)
        await admin.dispose()


async def drop_database(admin: AsyncEngine, name: str, tries: int = 20) -> None:
    """Drop the test's database. A plain DROP lets PostgreSQL stop an autovacuum worker busy there
    (as superuser: ``WITH (FORCE)`` may not terminate it and fails with "must be a member of the
    role", seen under load in session 11); FORCE then ends connections a killed worker left. A
    few tries, half a second apart, before the error is raised."""
    for attempt in range(tries):
        for statement in (f'DROP DATABASE IF EXISTS "{name}"', f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'):
            try:
                async with admin.connect() as conn:
                    await conn.execute(text(statement))
                return
            except DBAPIError:
                if attempt == tries - 1 and statement.endswith("(FORCE)"):
                    raise
        await asyncio.sleep(0.5)


def start(*args: str, log: Path) -> subprocess.Popen[str]:
    """A worker process; one started with ``wait`` first waits for ``go`` (see ``scale_worker``:
    started early, its imports overlap the run before it, not its own turn; test speed)."""
    env = {**os.environ, "PYTHONHASHSEED": "random"}
    return subprocess.Popen(
        [sys.executable, str(WORKER), *args],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=log.open("w"),
        text=True,
    )


def go(process: subprocess.Popen[str]) -> None:
    """Let a waiting worker on: it touches the database only from now on."""
    assert process.stdin is not None
    process.stdin.write("go\n")
    process.stdin.flush()


def wait_for_line(process: subprocess.Popen[str], expected: str, log: Path) -> None:
    """Read the worker's output until the line ``expected`` (fails if the worker ends first)."""
    assert process.stdout is not None
    for line in process.stdout:
        if line.strip() == expected:
            return
    process.wait()
    pytest.fail(f"a worker ended before {expected!r}:\n{log.read_text()[-3000:]}")


def finish(process: subprocess.Popen[str], log: Path, deadline: float) -> str:
    try:
        out, _ = process.communicate(timeout=max(1.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail(f"a worker did not finish in time; its log:\n{log.read_text()[-3000:]}")
    assert process.returncode == 0, f"a worker failed:\n{log.read_text()[-3000:]}"
    return out


async def play_phase(
    url: str, tmp_path: Path, games: int, commands: int, kind: str = "tiny"
) -> tuple[list[Any], float]:
    """Phase 1: three players, one killed midway and replaced. Returns the interaction keys
    that landed and the seconds the play took."""
    started = time.monotonic()
    # -- 1. three processes play; one is killed midway and replaced ----------------------
    deadline = time.monotonic() + TIME_LIMIT
    logs = [tmp_path / f"play-{n}.log" for n in range(len(SHARDS))]
    players = [
        start("play", url, shards, SHARD_COUNT, str(games), str(commands), kind, log=log)
        for shards, log in zip(SHARDS, logs, strict=True)
    ]
    replacement_log = tmp_path / "play-replacement.log"
    replacement = start(  # waits for the kill below before it touches the database
        "wait", "play", url, SHARDS[VICTIM], SHARD_COUNT, str(games), str(commands), kind,
        log=replacement_log,
    )
    victim = players[VICTIM]
    share = sum(interactions_of(g, commands, kind) for g in range(games)) // len(SHARDS)
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
    go(replacement)
    for n, process in enumerate(players):
        if n != VICTIM:
            assert "finished" in finish(process, logs[n], deadline)
    assert "finished" in finish(replacement, replacement_log, deadline)
    played = time.monotonic() - started
    engine = make_engine(url)
    async with engine.connect() as conn:  # the keys, before the schedulers a day later drop them
        keys = table(InteractionRow).c
        landed = list((await conn.execute(select(keys.key, keys.game_id))).all())
    await engine.dispose()
    return landed, played


Schedulers = list[tuple[subprocess.Popen[str], Path, Path]]
"""The three scheduler processes of phase 2: (process, its log, the rows it sent)."""


def start_schedulers(url: str, tmp_path: Path, kind: str = "tiny") -> Schedulers:
    """The three schedulers of phase 2, started before phase 1 and waiting for ``go``."""
    schedulers = []
    for n in range(len(SHARDS)):
        sent, log = tmp_path / f"sent-{n}.txt", tmp_path / f"due-{n}.log"
        process = start("wait", "due", url, f"{DAY},{3 * DAY}", str(sent), kind, log=log)
        schedulers.append((process, log, sent))
    return schedulers


def due_phase(schedulers: Schedulers) -> list[Path]:
    """Phase 2: the three schedulers a day ahead, then (once all three are done with that
    clock) three days ahead; the senders' logs."""
    for process, _, _ in schedulers:
        go(process)
    for process, log, _ in schedulers:
        wait_for_line(process, "phase 0 finished", log)
    deadline = time.monotonic() + TIME_LIMIT
    for process, _, _ in schedulers:
        go(process)
    for process, log, _ in schedulers:
        assert "finished" in finish(process, log, deadline)
    return [sent for _, _, sent in schedulers]


async def test_three_processes_one_killed_lose_nothing_double_nothing(
    scale_database: str, tmp_path: Path
) -> None:
    url = scale_database
    started = time.monotonic()
    schedulers = start_schedulers(url, tmp_path)
    landed, played = await play_phase(url, tmp_path, GAMES, COMMANDS)
    sent_logs = due_phase(schedulers)

    # -- 3. what the database and the senders say ------------------------------------------
    engine = make_engine(url)
    try:
        await check(engine, landed, sent_logs)
    finally:
        await engine.dispose()
    total = time.monotonic() - started
    print(f"\nplayed in {played:.1f} s, whole test {total:.1f} s")


async def check(engine: AsyncEngine, landed: list[Any], sent_logs: list[Path]) -> None:
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
            await conn.execute(select(outbox.id, outbox.game_id, outbox.seq, outbox.sent_at))
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
    assert len({game_id for game_id, _ in fired}) == GAMES  # each game reminded its player
    # (a sent row keeps no payload: one post per event, plus one per reminder fired)
    posts = Counter((game_id, seq) for _, game_id, seq, _ in owed)
    per_event = Counter((game_id, seq) for game_id, seqs in by_game.items() for seq in seqs)
    assert posts == per_event + Counter((game_id, seq) for game_id, seq in fired)
    # the outbox: every row sent, each by exactly one process
    sent = [int(line) for log in sent_logs if log.exists() for line in log.read_text().split()]
    assert len(sent) == len(set(sent)), "an outbox row was sent twice"
    assert set(sent) == {row_id for row_id, *_ in owed}
    assert all(sent_at is not None for _, _, _, sent_at in owed)
    # the stored state is the replay of the log, in this process (another hash seed)
    moderator = Moderator(engine)
    for game_id, _, _ in rows[:: max(1, GAMES // 100)]:
        row = await moderator.get(game_id)
        stored = json.dumps((await moderator.load(row)).to_json(), sort_keys=True)
        replayed = json.dumps((await moderator.rebuild(game_id)).to_json(), sort_keys=True)
        assert stored == replayed, f"game {game_id}: snapshot and replay differ"
    moderator.transactions.dispose()


async def test_three_processes_real_imperator_games(scale_database: str, tmp_path: Path) -> None:
    """The same run with the real Imperator campaign and the bot's composer, bounded."""
    url, games, commands = scale_database, IMPERATOR_GAMES, IMPERATOR_COMMANDS
    started = time.monotonic()
    schedulers = start_schedulers(url, tmp_path, "imperator")
    landed, played = await play_phase(url, tmp_path, games, commands, "imperator")
    engine = make_engine(url)
    try:
        decisions = table(DecisionRow).c
        async with engine.connect() as conn:  # the decisions left waiting: a timeout each
            waiting = set(
                (
                    await conn.execute(
                        select(decisions.game_id, decisions.decision_id).where(
                            decisions.resolved_at.is_(None)
                        )
                    )
                ).all()
            )
        sent_logs = due_phase(schedulers)
        await check_real_games(engine, landed, sent_logs, waiting, games, commands)
    finally:
        await engine.dispose()
    total = time.monotonic() - started
    print(f"\n{games} Imperator games, {len(waiting)} waiting on a decision: played in "
          f"{played:.1f} s, whole test {total:.1f} s")


async def test_three_processes_real_games_of_the_other_kinds(
    scale_database: str, tmp_path: Path
) -> None:
    """The same run with the three other games in turn (The Barracks Emperors, Rome, IInc. and
    Imperium Romanum: ``scale_worker.py``'s ``others``), their real composer and hooks, bounded
    (``PRAETOR_SCALE_OTHER_GAMES``, default 18 games of 6 interactions)."""
    from scale_worker import OTHERS

    url, games, commands = scale_database, OTHER_GAMES, OTHER_COMMANDS
    started = time.monotonic()
    schedulers = start_schedulers(url, tmp_path, "others")
    landed, played = await play_phase(url, tmp_path, games, commands, "others")
    engine = make_engine(url)
    try:
        decisions = table(DecisionRow).c
        async with engine.connect() as conn:
            waiting = set(
                (
                    await conn.execute(
                        select(decisions.game_id, decisions.decision_id).where(
                            decisions.resolved_at.is_(None)
                        )
                    )
                ).all()
            )
            kinds = Counter((await conn.execute(select(table(GameRow).c.kind))).scalars().all())
        assert kinds == Counter({kind: games // len(OTHERS) for kind in OTHERS}), kinds
        sent_logs = due_phase(schedulers)
        await check_real_games(engine, landed, sent_logs, waiting, games, commands, "others")
    finally:
        await engine.dispose()
    total = time.monotonic() - started
    print(f"\n{games} games of {', '.join(OTHERS)}, {len(waiting)} waiting on a decision: "
          f"played in {played:.1f} s, whole test {total:.1f} s")


async def check_real_games(
    engine: AsyncEngine,
    landed: list[Any],
    sent_logs: list[Path],
    waiting: set[tuple[int, str]],
    games: int,
    commands: int,
    kind: str = "imperator",
) -> None:
    """What must hold after a run of real games (see the module's docstring)."""
    from bot.moderator import Moderator

    checked = datetime.now(UTC)  # the last scheduler ran a moment ago, three days ahead
    events, rows_c = table(EventRow).c, table(GameRow).c
    decisions, reminders, outbox = table(DecisionRow).c, table(ReminderRow).c, table(OutboxRow).c
    async with engine.connect() as conn:
        rows = (await conn.execute(select(rows_c.id, rows_c.channel_id, rows_c.seq))).all()
        logged = (
            await conn.execute(
                select(events.game_id, events.seq, events.user_id, events.command).order_by(
                    events.game_id, events.seq
                )
            )
        ).all()
        open_decisions = (
            await conn.execute(
                select(decisions.deadline).where(decisions.resolved_at.is_(None))
            )
        ).scalars().all()
        fired = (
            await conn.execute(select(reminders.game_id).where(reminders.sent_at.is_not(None)))
        ).scalars().all()
        unsent = (
            await conn.execute(select(reminders.due_at).where(reminders.sent_at.is_(None)))
        ).scalars().all()
        owed = (
            await conn.execute(
                select(outbox.id, outbox.game_id, outbox.seq, outbox.kind, outbox.next_try_at)
            )
        ).all()

    assert len(rows) == games  # no game created twice by the replacement
    by_game: dict[int, list[int]] = {}
    players: Counter[int] = Counter()
    timeouts: Counter[tuple[int, str]] = Counter()
    for game_id, seq, user_id, command in logged:
        by_game.setdefault(game_id, []).append(seq)
        if user_id == "system":
            timeouts[(game_id, str(command["args"]["id"]))] += 1
        else:
            players[game_id] += 1
    # nothing lost, nothing doubled: every interaction landed once, in its game, seqs 1..n
    channel = {game_id: name for game_id, name, _ in rows}
    expected = {
        game_id: interactions_of(int(name.split("-")[1]), commands, kind)
        for game_id, name in channel.items()
    }
    assert all(players[game_id] == expected[game_id] for game_id in channel), players
    assert len(landed) == sum(expected.values()) and len({key for key, _ in landed}) == len(landed)
    for key, game_id in landed:
        assert key.rsplit("-", 1)[0] == channel[game_id], key
    for game_id, _, seq in rows:
        assert by_game[game_id] == list(range(1, seq + 1))
    # each decision left waiting timed out once, by one process (among them the opening
    # decision of every game that received no interaction); none due is left
    idle = {game_id for game_id, count in expected.items() if count == 0}
    if kind == "imperator":  # every third game got no interaction
        assert len(idle) == games // 3 and idle <= {game_id for game_id, _ in waiting}
    assert waiting <= set(timeouts), "a decision left waiting was never timed out"
    assert set(timeouts.values()) <= {1}, "a decision was timed out twice"
    last_run = datetime.now(UTC) + timedelta(seconds=3 * DAY - 3600)
    assert [due for due in open_decisions if due <= last_run] == []
    # every game reminded its player, no due reminder left unsent
    assert set(fired) == set(channel)
    assert [due for due in unsent if due <= last_run] == []
    # every event owed posts; every row the background sender takes (all but the private
    # lines, which wait for their owner's next interaction) was sent once, by one process,
    # but a status owed by the last run's timeouts (it waits a few seconds, and that run ended)
    assert {(game_id, seq) for game_id, seqs in by_game.items() for seq in seqs} <= {
        (game_id, seq) for _, game_id, seq, _, _ in owed
    }
    sent = [int(line) for log in sent_logs if log.exists() for line in log.read_text().split()]
    assert len(sent) == len(set(sent)), "an outbox row was sent twice"
    public = {row_id: (kind, due) for row_id, _, _, kind, due in owed if kind != "private"}
    assert set(sent) <= set(public)
    last_clock = checked + timedelta(seconds=3 * DAY - 60)
    left = [public[row_id] for row_id in set(public) - set(sent)]
    assert all(kind == "status" and due > last_clock for kind, due in left), left
    # the stored state is the replay of the log, in this process (another hash seed)
    moderator = Moderator(engine)
    for game_id, _, _ in rows:
        row = await moderator.get(game_id)
        stored = json.dumps((await moderator.load(row)).to_json(), sort_keys=True)
        replayed = json.dumps((await moderator.rebuild(game_id)).to_json(), sort_keys=True)
        assert stored == replayed, f"game {game_id}: snapshot and replay differ"
    moderator.transactions.dispose()
