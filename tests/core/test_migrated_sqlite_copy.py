"""tests/fresh_databases.py: a fresh SQLite database copied from one migrated file is the database
``db.migrate.upgrade`` builds in an empty file, and one test's writes never reach another's copy."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

from db.engine import make_engine
from db.migrate import upgrade

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fresh_databases import copy_migrated_sqlite, make_engine_on_migrated_copy  # noqa: E402


def contents(path: Path) -> tuple[list[tuple[str, str, str]], list[tuple[str]], dict[str, int]]:
    """The schema (every table, index and trigger with its SQL), the Alembic version and the
    number of rows of every table."""
    with sqlite3.connect(path) as db:
        schema = db.execute(
            "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name"
        ).fetchall()
        version = db.execute("SELECT version_num FROM alembic_version").fetchall()
        tables = [name for kind, name, _sql in schema if kind == "table"]
        rows = {t: db.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in tables}
    return schema, version, rows


async def test_a_copy_is_the_database_the_migrations_build(tmp_path: Path) -> None:
    built = make_engine(f"sqlite:///{tmp_path / 'built.db'}")
    await upgrade(built)
    await built.dispose()
    copy_migrated_sqlite(tmp_path / "copy.db")
    schema, version, rows = contents(tmp_path / "copy.db")
    assert (schema, version, rows) == contents(tmp_path / "built.db")
    assert len(version) == 1 and {"games", "events", "snapshots"} <= set(rows)
    assert rows == {**dict.fromkeys(rows, 0), "alembic_version": 1}  # empty but for the version


async def test_writes_to_one_copy_reach_no_other(tmp_path: Path) -> None:
    first, second = tmp_path / "a" / "praetor.db", tmp_path / "b" / "praetor.db"
    copy_migrated_sqlite(first)
    with sqlite3.connect(first) as db:
        db.execute("INSERT INTO alembic_version (version_num) VALUES ('written by one test')")
    copy_migrated_sqlite(second)
    assert contents(first)[2]["alembic_version"] == 2
    assert contents(second)[2]["alembic_version"] == 1
    copy_migrated_sqlite(first)  # a database already there is left as it is
    assert contents(first)[2]["alembic_version"] == 2


def test_make_engine_copies_only_a_new_sqlite_file(tmp_path: Path) -> None:
    urls: list[str] = []
    make = make_engine_on_migrated_copy(lambda url: urls.append(url) or url)
    make(f"sqlite:///{tmp_path / 'new.db'}")
    make("sqlite:///:memory:")
    make("postgresql+asyncpg://u@127.0.0.1/x")
    assert urls == [f"sqlite:///{tmp_path / 'new.db'}", "sqlite:///:memory:",
                    "postgresql+asyncpg://u@127.0.0.1/x"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.db"]  # nothing else written
    assert len(contents(tmp_path / "new.db")[1]) == 1  # migrated: its Alembic version is there
