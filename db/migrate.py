"""Run the Alembic migrations that ship inside the package (at start and in tests)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def _upgrade(connection: Connection) -> None:
    command.upgrade(alembic_config(connection), "head")


async def upgrade(engine: AsyncEngine) -> None:
    """Bring the database to the newest schema (creates every table on an empty database)."""
    async with engine.begin() as conn:
        await conn.run_sync(_upgrade)
