"""The shipped migrations build the schema on an empty database (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import inspect
from sqlalchemy.ext.asyncio import AsyncEngine

from db.engine import session_factory
from db.migrate import upgrade
from db.models import GameRow

TABLES = {
    "games",
    "events",
    "snapshots",
    "checkpoints",
    "decisions",
    "reminders",
    "followers",
    "rolls",
    "alembic_version",
}


async def test_upgrade_on_empty_database_creates_every_table(engine: AsyncEngine) -> None:
    async with engine.connect() as conn:
        names = await conn.run_sync(lambda sync: set(inspect(sync).get_table_names()))
    assert TABLES <= names
    await upgrade(engine)  # a second run is a no-op


async def test_timestamps_come_back_timezone_aware(engine: AsyncEngine) -> None:
    sessions = session_factory(engine)
    moment = datetime(2026, 5, 1, 10, 30, tzinfo=UTC)
    async with sessions() as session:
        row = GameRow(
            guild_id="g",
            channel_id="c",
            kind="tiny",
            scenario="race",
            created_at=moment,
            updated_at=moment,
        )
        session.add(row)
        await session.commit()
        game_id = row.id
    async with session_factory(engine)() as session:
        loaded = await session.get(GameRow, game_id)
    assert loaded is not None and loaded.created_at == moment
    assert loaded.created_at.tzinfo is not None


async def test_migrations_match_the_models(engine: AsyncEngine) -> None:
    """A model change without its migration fails here (write the next versions/000N file)."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlmodel import SQLModel

    def diff(sync_connection: object) -> list[object]:
        context = MigrationContext.configure(sync_connection)  # type: ignore[arg-type]
        return list(compare_metadata(context, SQLModel.metadata))

    async with engine.connect() as conn:
        differences = await conn.run_sync(diff)
    assert differences == []
