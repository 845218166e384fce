"""The async database engine: SQLite (WAL, busy timeout) by default, PostgreSQL via DATABASE_URL."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlmodel.ext.asyncio.session import AsyncSession

DEFAULT_SQLITE_FILE = "praetor.db"


def normalise_url(url: str) -> str:
    """Accept the usual spellings of a PostgreSQL or SQLite URL and pick the async driver."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+asyncpg://" + url[len("postgresql://") :]
    if url.startswith("sqlite://") and not url.startswith("sqlite+aiosqlite://"):
        url = "sqlite+aiosqlite://" + url[len("sqlite://") :]
    if not (url.startswith("postgresql+asyncpg://") or url.startswith("sqlite+aiosqlite://")):
        raise ValueError(
            f"DATABASE_URL must be a postgresql:// or sqlite:// URL, not {url.split(':', 1)[0]!r}"
        )
    return url


def database_url(env: dict[str, str] | None = None) -> str:
    """``DATABASE_URL`` when set, else a SQLite file (``PRAETOR_DB_PATH`` or ./praetor.db)."""
    env = dict(os.environ) if env is None else env
    if env.get("DATABASE_URL"):
        return normalise_url(env["DATABASE_URL"])
    path = Path(env.get("PRAETOR_DB_PATH") or DEFAULT_SQLITE_FILE)
    return f"sqlite+aiosqlite:///{path}"


def sqlite_pragmas(dbapi_connection: Any, connection_record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def make_engine(url: str) -> AsyncEngine:
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_async_engine(url, connect_args={"timeout": 5})
        event.listen(engine.sync_engine, "connect", sqlite_pragmas)
        return engine
    return create_async_engine(url, pool_pre_ping=True)


def session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)
