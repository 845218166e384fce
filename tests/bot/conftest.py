"""Fixtures for the bot and database tests: a migrated database on SQLite and PostgreSQL.

PostgreSQL runs when ``PRAETOR_TEST_DATABASE_URL`` (or a PostgreSQL ``DATABASE_URL``) is set;
``scripts/test`` starts a server and sets it under CI. Otherwise those tests skip, saying why.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import FakeClock
from bot.local import LocalTable
from bot.moderator import Moderator
from db.engine import make_engine
from db.migrate import upgrade
from db.models import SnapshotRow
from rules.core.registry import register

TESTS = Path(__file__).resolve().parents[1]
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

from fresh_databases import copy_migrated_sqlite, make_engine_on_migrated_copy  # noqa: E402
from tinygame import TinyGame  # noqa: E402

register(TinyGame)


def postgres_url() -> str | None:
    url = os.environ.get("PRAETOR_TEST_DATABASE_URL") or os.environ.get("DATABASE_URL", "")
    return url if url.startswith("postgres") else None


async def fresh_engine(backend: str, tmp_path: Path) -> AsyncEngine:
    if backend == "sqlite":
        copy_migrated_sqlite(tmp_path / "praetor.db")  # tests/fresh_databases.py: test speed
        engine = make_engine(f"sqlite:///{tmp_path / 'praetor.db'}")
    else:
        url = postgres_url()
        if url is None:
            if os.environ.get("CI"):
                pytest.fail("CI is set but no PostgreSQL URL (PRAETOR_TEST_DATABASE_URL) was given")
            pytest.skip(
                "no PostgreSQL server: set PRAETOR_TEST_DATABASE_URL (scripts/test does under CI)"
            )
        engine = make_engine(url)
        async with engine.begin() as conn:
            await conn.execute(text("DROP SCHEMA public CASCADE"))
            await conn.execute(text("CREATE SCHEMA public"))
    await upgrade(engine)
    return engine


@pytest.fixture(params=["sqlite", "postgres"])
async def engine(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    eng = await fresh_engine(request.param, tmp_path)
    yield eng
    await eng.dispose()


@pytest.fixture
async def sqlite_engine(tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    eng = await fresh_engine("sqlite", tmp_path)
    yield eng
    await eng.dispose()


@pytest.fixture(autouse=True)
def _fixed_seeds(fixed_seeds: str) -> str:
    """Every game started at the local table in tests/bot plays fixed dice (tests/conftest.py):
    an exact value that depends on the dice no longer passes or fails by luck."""
    return fixed_seeds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def moderator(engine: AsyncEngine, clock: FakeClock) -> Moderator:
    return Moderator(engine, clock=clock)


async def ok(table: LocalTable, line: str) -> None:
    """Type ``line`` at the local table; it must be accepted."""
    await table.run_slash(line)
    assert not table.outputs[-1].refusal, (line, table.outputs[-1].text)


async def channel_game(table: LocalTable) -> tuple[int, Any]:
    """The seq and the game of the table's channel."""
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    return row.seq or 0, await table.moderator.load(row)


@pytest.fixture
async def table(sqlite_engine: AsyncEngine, tmp_path: Path) -> LocalTable:
    """The local table at a fresh SQLite database, where a test opens its game (a test file
    that needs another table defines its own ``table``)."""
    opened = LocalTable(Moderator(sqlite_engine), tmp_path / "images")
    await opened.setup()
    return opened


async def reposition(table: LocalTable, change: Callable[[Any], None]) -> None:
    """Change the state of the table's game with ``change`` and store it as the game's snapshot
    at its current move: a test's way to a position the opening does not give (a captured
    leader, a militia below its maximum). The next command reads the stored state."""
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None and row.id is not None
    game = await table.moderator.load(row)
    change(game.state)
    async with table.moderator.sessions() as session:
        snapshot = await session.get(SnapshotRow, row.id)
        assert snapshot is not None
        snapshot.seq = row.seq or 0
        snapshot.state = json.loads(json.dumps(game.to_json()))
        session.add(snapshot)
        await session.commit()
    table.moderator._cache.pop(row.id, None)  # the next load reads the snapshot just written


@pytest.fixture(autouse=True)
def _migrated_transcript_databases(monkeypatch: pytest.MonkeyPatch) -> None:
    """A transcript replay (bot/transcript.py) starts on a copy of the migrated SQLite database
    (tests/fresh_databases.py) and runs ``upgrade`` on it as before: the same database, faster."""
    import bot.transcript

    monkeypatch.setattr(
        bot.transcript, "make_engine", make_engine_on_migrated_copy(bot.transcript.make_engine)
    )


@pytest.fixture(autouse=True)
def _shared_map_assets(shared_map_assets: None) -> None:
    """The map's terrain decoded once per session and more static layers kept
    (tests/conftest.py, ``shared_map_assets``): the same pictures, drawn faster."""


def next_d6(dice: Any, *naturals: int) -> None:
    """Move a game's dice (``rules.core.dice.Dice``: a counter over its seed) to the first
    counter from which the next d6 rolls come up ``naturals``, in order: a local-table test's way
    to a roll the position needs (a proclamation, a plague) without scripting the engine."""
    from rules.core.dice import Dice

    start = dice.counter
    while True:
        probe = Dice(dice.seed, start)
        if all(probe.d6("probe").natural == n for n in naturals):
            dice.counter = start
            return
        start += 1


def take_position(st: Any, built: Any) -> None:
    """Give the table's game ``st`` the position of a builder's state ``built``
    (``tests/imperium_romanum/builder.py``): every field but the dice, seats and options, so the
    next command meets that position with the table's own seeded dice (use inside ``reposition``)."""
    import dataclasses

    for name in (f.name for f in dataclasses.fields(built)):
        if name not in ("dice", "seats", "options", "scenario"):
            setattr(st, name, getattr(built, name))


# --- Imperium Romanum openings, played once a session (tests/bot/imperium_helpers.py) ---------
@pytest.fixture(scope="session")
def ir_openings_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("ir_openings")


@pytest.fixture
async def ir_table(ir_openings_dir: Path, tmp_path: Path) -> AsyncIterator[Callable[..., Any]]:
    """``table = await ir_table(scenario=, seats=, options=, then=, locale=, clock=)``: a local table
    of its own on a copy of an Imperium Romanum opening played once a session (the same
    position and dice as a fresh table playing it; ``imperium_helpers.opened``)."""
    from imperium_helpers import _OPENINGS, opened

    made: list[LocalTable] = []

    async def make(scenario: str = "s12", seats: dict[str, str] | None = None, options: str = "",
                   then: Any = None, locale: str = "en-US", clock: Any = None) -> LocalTable:
        opening = await opened(ir_openings_dir / f"opening-{len(_OPENINGS)}", scenario, seats, options, then,
                               timed=clock is not None)
        table = await opening.table(tmp_path / f"table-{len(made)}", locale, clock)
        made.append(table)
        return table

    yield make
    for table in made:
        await table.moderator.engine.dispose()
