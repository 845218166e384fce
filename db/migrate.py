"""Run the Alembic migrations that ship inside the package (at start and in tests)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, text
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


MIGRATION_LOCK = 7_140_001
"""The PostgreSQL advisory lock key that makes processes starting together migrate in turn."""


async def upgrade(engine: AsyncEngine) -> None:
    """Bring the database to the newest schema (creates every table on an empty database).

    Several processes may start at once on one PostgreSQL (issue 14): each waits for a
    transaction-scoped advisory lock, so one migrates and the others then find the schema
    up to date."""
    async with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            await conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        await conn.run_sync(_upgrade)
