"""The database fixtures of tests/bot (SQLite, and PostgreSQL when a server is given)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "bot_test_fixtures", Path(__file__).resolve().parents[1] / "bot" / "conftest.py"
)
assert _spec is not None and _spec.loader is not None
_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fixtures)

engine = _fixtures.engine
sqlite_engine = _fixtures.sqlite_engine
clock = _fixtures.clock
fresh_engine = _fixtures.fresh_engine
postgres_url = _fixtures.postgres_url
_shared_map_assets = _fixtures._shared_map_assets  # autouse: the map's terrain decoded once (tests/conftest.py)
