"""Fixtures of the scale tests: a migrated database on SQLite and on PostgreSQL.

PostgreSQL runs when ``PRAETOR_TEST_DATABASE_URL`` is set (``scripts/test`` starts a server
under CI); otherwise those tests skip, and under ``CI=true`` they fail.
"""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from db.engine import make_engine
from db.migrate import upgrade
from rules.core.registry import register

TESTS = Path(__file__).resolve().parents[1]
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

from fresh_databases import copy_migrated_sqlite  # noqa: E402
from tinygame import TinyGame  # noqa: E402

register(TinyGame)


def postgres_url() -> str:
    """The suite's PostgreSQL URL; skips (fails under CI) when there is none."""
    url = os.environ.get("PRAETOR_TEST_DATABASE_URL") or os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        return url
    if os.environ.get("CI"):
        pytest.fail("CI is set but no PostgreSQL URL (PRAETOR_TEST_DATABASE_URL) was given")
    pytest.skip("no PostgreSQL server: set PRAETOR_TEST_DATABASE_URL (scripts/test does under CI)")


@pytest.fixture(params=["sqlite", "postgres"])
async def shared_engine(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    """One database that the test's several Moderators (its "processes") share."""
    if request.param == "sqlite":
        copy_migrated_sqlite(tmp_path / "praetor.db")  # tests/fresh_databases.py: test speed
        engine = make_engine(f"sqlite:///{tmp_path / 'praetor.db'}")
    else:
        engine = make_engine(postgres_url())
        async with engine.begin() as conn:
            await conn.execute(text("DROP SCHEMA public CASCADE"))
            await conn.execute(text("CREATE SCHEMA public"))
    await upgrade(engine)
    yield engine
    await engine.dispose()
