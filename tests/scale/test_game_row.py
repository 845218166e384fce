"""``db.models.game_row`` (issue 14): the game row of the hot path, made as the ORM makes the
objects it loads, equals the one SQLModel's constructor makes, and works as the first thing a
process does (a worker's first read comes before any ORM use)."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from db.models import GameRow, game_row

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
VALUES: dict[str, Any] = {
    "id": 7, "guild_id": "g", "channel_id": "c", "kind": "tiny", "scenario": "race",
    "options": {"language": "fr"}, "seats": {"a": "alice", "b": None}, "status": "active",
    "rules_version": "1", "data_hash": "d", "secret_seed": "s", "seed_hash": "h", "seq": 3,
    "created_by": "alice", "meta": {"undo": ["alice"]}, "result": None,
    "status_message_id": None, "waiting": ["alice"], "created_at": NOW, "updated_at": NOW,
    "finished_at": None,
}


def test_game_row_equals_the_constructors_row_and_takes_changes() -> None:
    made, built = game_row(VALUES), GameRow(**VALUES)
    assert made == built and repr(made) == repr(built)
    assert made.model_dump() == built.model_dump() == VALUES
    assert made.model_fields_set == built.model_fields_set
    made.seq, made.seats = 4, {**made.seats, "b": "bob"}
    assert (made.seq, made.seats["b"], made.model_dump()["seq"]) == (4, "bob", 4)


CHILD = """
from datetime import UTC, datetime
from db.models import game_row
now = datetime(2026, 11, 26, tzinfo=UTC)
row = game_row({"id": 1, "channel_id": "c", "status": "lobby", "seq": 0, "seats": {},
                "created_at": now})
print(row.status, row.seq)
"""


def test_game_row_first_in_a_fresh_process() -> None:
    """Before any ORM object exists the mappers are not configured: ``game_row`` configures
    them, as the constructor does (else reading ``row.status`` raised AttributeError)."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["lobby", "0"]
