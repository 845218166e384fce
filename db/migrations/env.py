"""Alembic environment: runs on the connection handed over by db.migrate (batch mode on SQLite)."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import db.models  # noqa: F401  (registers the tables)

target_metadata = SQLModel.metadata


def run_migrations_online() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("db.migrate passes the connection; run migrations through it")
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


run_migrations_online()
