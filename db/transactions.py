"""Run a blocking function in one database transaction, the fastest way for each backend.

A command's round trip is a handful of small statements (issue 14). Through aiosqlite every
statement costs several hops to its thread (cursor, execute, fetch, close), which was most of a
command's time; so on a SQLite file the function runs in a worker thread on a plain ``sqlite3``
connection of a second, blocking engine on the same file: one hop per transaction. SQLite has
one writer at a time, so this process's writes through here take turns on an ``asyncio.Lock``
instead of sleeping in SQLite's busy handler. On PostgreSQL the same function runs on the async
engine (``AsyncConnection.run_sync``): asyncpg has no thread to hop to; reads run in
autocommit mode there, one round trip each instead of four (BEGIN, SELECT, ROLLBACK around it).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.ext.asyncio import AsyncEngine

from db.engine import sqlite_pragmas

T = TypeVar("T")


def blocking_sqlite_engine(engine: AsyncEngine) -> Engine | None:
    """A blocking engine on the same SQLite file as ``engine`` (None: not a SQLite file)."""
    url = engine.url
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    sync = create_engine(url.set(drivername="sqlite"), connect_args={"timeout": 5})
    event.listen(sync, "connect", sqlite_pragmas)
    return sync


class Transactions:
    """``await write(fn)`` / ``await read(fn)``: ``fn(connection)`` in one transaction."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.blocking = blocking_sqlite_engine(engine)
        self.reads = engine
        if engine.dialect.name == "postgresql":
            self.reads = engine.execution_options(isolation_level="AUTOCOMMIT")
        self._writes: asyncio.Lock | None = None

    async def write(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` in a transaction that commits when it returns (rolls back if it raises)."""
        if self.blocking is None:
            async with self.engine.begin() as conn:
                return await conn.run_sync(work)
        if self._writes is None:
            self._writes = asyncio.Lock()
        async with self._writes:
            return await asyncio.to_thread(self._in_thread, work, True)

    async def read(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` on a connection that only reads."""
        if self.blocking is None:
            async with self.reads.connect() as conn:
                return await conn.run_sync(work)
        return await asyncio.to_thread(self._in_thread, work, False)

    def _in_thread(self, work: Callable[[Connection], T], commit: bool) -> T:
        assert self.blocking is not None
        if commit:
            with self.blocking.begin() as conn:
                return work(conn)
        with self.blocking.connect() as conn:
            return work(conn)

    def dispose(self) -> None:
        if self.blocking is not None:
            self.blocking.dispose()
