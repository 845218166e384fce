"""Fresh SQLite databases for the tests, copied from one migrated file (test speed, session 9).

About 330 tests (tests/bot, tests/reliability, tests/scale, every transcript replay) start on a
fresh SQLite database that ``db.migrate.upgrade`` builds from an empty file: seven Alembic
migrations, ~0.05 s of CPU each time. ``copy_migrated_sqlite(path)`` builds that database once
per session and copies the file to ``path``; the caller still runs ``upgrade`` on its copy
(which then finds the schema at head: the same check a restarted bot makes). The copy holds
what the migrations wrote into an empty file (tests/core/test_migrated_sqlite_copy.py).
"""

from __future__ import annotations

import asyncio
import atexit
import shutil
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

_MIGRATED_SQLITE: list[Path] = []


def _migrated_sqlite_template() -> Path:
    if not _MIGRATED_SQLITE:
        from db.engine import make_engine
        from db.migrate import upgrade

        folder = tempfile.mkdtemp(prefix="praetor-migrated-")
        atexit.register(shutil.rmtree, folder, True)
        template = Path(folder) / "migrated.db"

        async def build() -> None:
            engine = make_engine(f"sqlite:///{template}")
            await upgrade(engine)
            await engine.dispose()  # the last connection closes: the WAL goes into the file
            wal = template.with_name(template.name + "-wal")
            if wal.exists() and wal.stat().st_size:
                raise RuntimeError(f"{wal}: the migrated database is not all in its file")

        with ThreadPoolExecutor(1) as worker:  # its own event loop, whether or not one runs here
            worker.submit(asyncio.run, build()).result()
        _MIGRATED_SQLITE.append(template)
    return _MIGRATED_SQLITE[0]


def copy_migrated_sqlite(path: Path) -> None:
    """Write a freshly migrated, empty SQLite database at ``path`` unless a file is there (a
    database already in use is left as it is, as ``upgrade`` would leave it)."""
    if path.exists():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(_migrated_sqlite_template(), path)


def make_engine_on_migrated_copy(real_make_engine: Callable[[str], Any]) -> Callable[[str], Any]:
    """``make_engine`` for code that builds its own database from a URL (``bot/transcript.py``):
    a SQLite file that does not exist yet starts as a copy of the migrated database."""

    def make_engine(url: str) -> Any:
        for prefix in ("sqlite:///", "sqlite+aiosqlite:///"):
            if url.startswith(prefix) and ":memory:" not in url:
                path = Path(url[len(prefix):])
                if path.name:
                    copy_migrated_sqlite(path)
        return real_make_engine(url)

    return make_engine
